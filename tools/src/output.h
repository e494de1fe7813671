/* SPDX-License-Identifier: Apache-2.0 */
/*
 * An output that appears only when the run succeeds: a file is written to a
 * temporary next to it and renamed at the end, so a bad dump never leaves a
 * half-written report behind unless the user asked for it (--partial).
 * Standard output, devices and pipes cannot be taken back: they are written
 * as the report goes, which keeps a large timeline streaming through a pipe.
 */
#ifndef OUTPUT_H
#define OUTPUT_H

#include <stdio.h>

struct output {
	const char *name; /* for messages */
	const char *path; /* the file to rename to; NULL if written directly */
	char *real;       /* path, if it is that of an existing file, resolved */
	char *tmp;
	FILE *f;
	unsigned long long written; /* bytes given to standard output */
};

/* Opens the output (path NULL or "-": standard output); NULL after saying
 * why not. */
FILE *output_open(struct output *o, const char *path);

/* Whether the output can still be discarded. */
static inline int output_retractable(const struct output *o)
{
	return o->path != NULL;
}

/* Whether anything reached standard output (flushing it first); 1 for a
 * file, which is not written until output_close. */
static inline int output_written(struct output *o)
{
	return o->path ? 1 : (fflush(o->f), o->written > 0);
}

/* Keeps (renames into place) or discards a file, flushes a direct output.
 * Returns 0, or -1 after reporting a write error. */
int output_close(struct output *o, int keep);

#endif
