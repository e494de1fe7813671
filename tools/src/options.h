/* SPDX-License-Identifier: Apache-2.0 */
/* The command line, parsed (main.c); what each option means is in usage.c. */
#ifndef OPTIONS_H
#define OPTIONS_H

#include <stdint.h>

#include "decode.h"

struct options {
	const char *command;
	const char *input[2];   /* dumps; NULL or "-": standard input */
	int inputs;
	const char *elf[2];     /* one per input, or one for both */
	int elfs;
	const char *log[2]; /* --log: the console log of a trace stream input, one per input */
	int logs;
	const char *output;     /* NULL or "-": standard output */
	uint32_t clock_hz;      /* 0: not given */
	char *name[PERF_MAX_SECTIONS]; /* report: --names, split */
	int names;
	uint32_t bias;          /* report: cycles to take off each occurrence */
	int have_bias;
	const char *sort;       /* functions: column to sort by */
	int diff;               /* functions: compare two dumps */
	const char *source;     /* functions: events, funcstat or profile */
	uint32_t top;           /* functions: rows to show, 0 all */
	uint32_t min_pct;       /* functions: least self Pct shown, in hundredths */
	const char *format;     /* functions: text, csv or json; chrome: json or perfetto */
	int graph;              /* functions: callers and callees */
	int chrono;             /* trace: oldest call first */
	const char *function;   /* trace: only this function's records */
	uint64_t from, to;      /* trace, chrome: the window in cycles, to = UINT64_MAX: open */
	uint32_t hook_cost;     /* events: cycles the hooks add to every call, taken off */
	const char *renames;    /* gprof: objcopy --redefine-syms lines for the names gprof skips */
	int partial;            /* write what was decoded despite errors */
	const char *title;      /* flame */
	unsigned width;         /* flame: pixels */
};

#endif
