/* SPDX-License-Identifier: Apache-2.0 */
/* The subcommands, one file each: each reads s->in[] and writes s->f, which
 * main.c (and the fuzzer) set up; errors go through diag.h. */
#ifndef COMMANDS_H
#define COMMANDS_H

#include "session.h"

void run_report(struct session *s);    /* report.c: sections, Nios II layout */
void run_trace(struct session *s);     /* trace.c: call traces, NITRO layout */
void run_functions(struct session *s); /* functions.c: IAS table, --diff */
void run_gprof(struct session *s);     /* gmon.c: gmon.out for GNU gprof */
void run_chrome(struct session *s);    /* chrome.c: Trace Event JSON */
void run_folded(struct session *s);    /* folded.c: folded stacks */
void run_flame(struct session *s);     /* flame.c: flame graph SVG */
void run_hot(struct session *s);       /* hot.c: -pg hot addresses */
void run_hist(struct session *s);      /* hist.c: the retire tap's histogram per function */

/* patch.c: one-store hardware trace hooks in the ELF in, written to out
 * (which may be in); returns the exit status. Needs no session. */
int run_patch(const char *in, const char *out);

#endif
