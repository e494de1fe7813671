/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The perfscope binary run as a user runs it: on a dump file, in a
 * directory of its own (so messages name "dump.log"), with its standard
 * output, standard error and exit status taken whole.
 */
#ifndef UNIT_TOOL_H
#define UNIT_TOOL_H

#include <stddef.h>

struct run {
	int status; /* the exit status; 128 + signal if killed */
	char *out;  /* standard output */
	char *err;  /* standard error */
};

/* The binary and a fresh directory to run it in. */
void tool_setup(const char *path);
void tool_cleanup(void);

/* Writes dump (NULL: none) to dump.log and runs perfscope with args, a
 * NULL-ended list ("dump.log" names the dump). */
void tool_run(struct run *r, const char *dump, const char *const args[]);
void run_free(struct run *r);

/* Writes n bytes to the file name in the run directory (a binary input,
 * such as a trace stream, beside dump.log). */
void tool_write(const char *name, const void *data, size_t n);

/* A file the last run wrote in its directory (free it), or NULL. */
char *tool_file(const char *name);

/* The same for a binary file: its length in *n. */
char *tool_file_n(const char *name, size_t *n);

/* The path of name in the run directory (free it): for other programs
 * that read what perfscope wrote. */
char *tool_path(const char *name);

/* Whether the file name of the last run holds the bytes of part (a binary
 * output, such as a Perfetto trace). */
int tool_file_has(const char *name, const char *part);

/* Checks that a run of args on dump gives exactly out, err and status
 * (out or err NULL: not checked). */
void check_run(const char *what, const char *dump, const char *const args[], const char *out,
               const char *err, int status);

/* Whether the file name of the last run holds the bytes of part (a binary
 * output, such as a Perfetto trace). */
int tool_file_has(const char *name, const char *part);

/* Checks that a run of args on dump succeeds, silent on standard error,
 * with exactly the output kept in test/unit/expected/<name>: the longer
 * tables, whose columns read best as they print. */
void check_golden(const char *what, const char *dump, const char *const args[], const char *name);

#endif
