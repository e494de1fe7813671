/* SPDX-License-Identifier: Apache-2.0 */
/*
 * libFuzzer target (make fuzz): any bytes as a dump, through every command,
 * the way perfscope would run it on a file, with the output thrown away.
 * Bytes that start "PSTRACE" are a trace stream (stream.c) to every
 * command; chrome and trace also read them as a stream beside a --log of
 * the same bytes, whatever they start with.
 * With PERFSCOPE_FUZZ_ELF set, addresses are also looked up in that ELF,
 * which exercises the names, the call sites and the wrong-ELF checks.
 * Built with ASan and UBSan: any memory error, undefined behaviour or leak
 * is a crash, and libFuzzer keeps its input (make fuzz puts it in
 * test/regressions/, which make test replays).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "commands.h"
#include "diag.h"
#include "session.h"
#include "symbols.h"
#include "util.h"

static FILE *null_out;
static struct symtab *elf;
static struct input inputs[2], log_input; /* 64 KiB each: allocated once, not per run */

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	null_out = fopen("/dev/null", "w");
	const char *path = getenv("PERFSCOPE_FUZZ_ELF");
	if (path && !(elf = symtab_load(path)))
		exit(EXIT_USAGE);
	return 0;
}

/* The options of each run: all that a command can take. */
static struct options options(const char *command)
{
	static char *names[] = { "crc32", "sort" };
	return (struct options){ .command = command, .inputs = 1, .elfs = elf != NULL,
	                         .elf = { "fuzz.elf" }, .clock_hz = 50000000, .name = { names[0], names[1] },
	                         .names = 2, .bias = 1, .have_bias = 1, .sort = "self" };
}

static void run(void (*command)(struct session *), struct options o, const uint8_t *data, size_t size)
{
	FILE *in[3] = { fmemopen((void *)data, size, "rb"), fmemopen((void *)data, size, "rb"),
		        fmemopen((void *)data, size, "rb") };
	struct session s = { .o = &o, .st = { elf, elf }, .f = null_out };
	for (int i = 0; i < o.inputs; i++) {
		s.in[i] = &inputs[i];
		input_init(s.in[i], in[i], "fuzz");
	}
	if (o.logs) { /* the same bytes as the console log beside a stream */
		s.log[0] = &log_input;
		input_init(s.log[0], in[2], "fuzz.log");
	}
	command(&s);
	for (int i = 0; i < 3; i++)
		fclose(in[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size) /* fmemopen wants a buffer */
		return 0;
	diag_reset(1);
	run(run_report, options("report"), data, size);
	run(run_trace, options("trace"), data, size);
	run(run_functions, options("functions"), data, size);
	struct options diff = options("functions");
	diff.diff = 1;
	diff.inputs = 2;
	diff.sort = "diff";
	run(run_functions, diff, data, size);
	run(run_gprof, options("gprof"), data, size);
	run(run_chrome, options("chrome"), data, size);
	run(run_folded, options("folded"), data, size);
	run(run_flame, options("flame"), data, size);
	run(run_hot, options("hot"), data, size);
	run(run_hist, options("hist"), data, size);
	struct options stream = options("chrome");
	stream.log[0] = "fuzz.log";
	stream.logs = 1;
	run(run_chrome, stream, data, size);
	stream = options("trace");
	stream.log[0] = "fuzz.log";
	stream.logs = 1;
	stream.to = 1000;
	run(run_trace, stream, data, size);
	return 0;
}
