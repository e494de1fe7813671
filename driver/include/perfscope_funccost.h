/* SPDX-License-Identifier: Apache-2.0 */
/*
 * perfscope function cost (driver/hooks/funccost.c with
 * driver/hooks/functable.c, the NITRO-SDK FUNCTIONCOST library):
 * -finstrument-functions entry and exit hooks that append time-stamped
 * events to a measurement buffer, and the statistics that summarize them
 * per function in the IAS profile layout. What the hook libraries share,
 * the interrupt leak and the function table's row among it, is in
 * perfscope_hooks.h.
 */
#ifndef PERFSCOPE_FUNCCOST_H
#define PERFSCOPE_FUNCCOST_H

#include <stdint.h>

#include "perfscope_hooks.h"

/* C++ programs call the library as C. */
#ifdef __cplusplus
extern "C" {
#endif

/* One hook event: 8 bytes. fn is the entered function, or one of: */
struct perf_funccost_record {
	uint32_t fn;
	uint32_t stamp; /* G[31:0] */
};
#define PERF_FUNCCOST_EXIT 0xffffffffu /* the innermost open call returned */
/* In frames only (perf_funccost_frame): the buffer's context was switched
 * out, and back in; the time between is not its own. */
#define PERF_FUNCCOST_SUSPEND 0xfffffffeu
#define PERF_FUNCCOST_RESUME 0xfffffffdu

/*
 * The measurement buffer's control area; records follow. Events fill the
 * lines from the start; each time the buffer's context is switched back in,
 * the switch takes a line from the end for the gap, {fn: stamp when
 * switched out, stamp: stamp when back in}. The hooks write below end only,
 * so a switch made while a hook runs never meets its write.
 */
struct perf_funccost {
	struct perf_funccost_record *next; /* where the next event goes */
	struct perf_funccost_record *end;  /* one past the last line events may use */
	const volatile uint32_t *clock;    /* perfscope's global time, low word */
	uint32_t lost; /* events dropped because the buffer was full (by the hooks) */
	uint32_t lines;
	uint32_t enabled;
	uint32_t out; /* 1: switched out at out_at */
	uint32_t out_at;
	/* Gaps dropped because the buffer was full, by the switch: a count of
	 * its own, for the switch may interrupt a hook counting in lost. */
	uint32_t lost_gaps;
	struct perf_funccost_record rec[];
};

#define PERF_FUNCCOST_SIZE(lines) \
	(sizeof(struct perf_funccost) + (lines) * sizeof(struct perf_funccost_record))

int perf_funccost_lines(uint32_t size) PERF_NO_TRACE;
uint32_t perf_funccost_size(int lines) PERF_NO_TRACE;

/*
 * Starts recording entry and exit events into buf (size bytes, 4-byte
 * aligned), time-stamped by the perfscope at perf_base. Summarize with
 * perf_statistics_calc() before the buffer fills: events that find it full
 * are counted in lost and make the statistics incomplete. The buffer that
 * was current, if any, is brought up to date first, so it must still be
 * there. Returns the number of lines or -PERF_EINVAL.
 */
int perf_funccost_init(const void *perf_base, void *buf, uint32_t size) PERF_NO_TRACE;
/* Events the measurement buffer holds now. */
uint32_t perf_funccost_count(const struct perf_funccost *c) PERF_NO_TRACE;
/* Events and gaps it dropped, full, since it was last emptied. */
uint32_t perf_funccost_lost(const struct perf_funccost *c) PERF_NO_TRACE;
/*
 * Makes c current and returns the previous buffer: the context switch an
 * RTOS or an interrupt wrapper makes, so that each context's calls go to
 * its own buffer, as in NITRO (the hooks do not mask interrupts). It stamps
 * the outgoing buffer's switch-out time and records the incoming one's
 * gap, so the statistics leave the time a context was out (plus
 * perf_context_leak()) out of every call open in it. Masks interrupts
 * while it runs. c may be NULL: record nothing.
 */
struct perf_funccost *perf_funccost_switch(struct perf_funccost *c) PERF_NO_TRACE;
int perf_funccost_enable(void) PERF_NO_TRACE;
int perf_funccost_disable(void) PERF_NO_TRACE;
int perf_funccost_restore(int enabled) PERF_NO_TRACE;
void perf_funccost_clear(void) PERF_NO_TRACE;
/* The measurement buffer's raw events as a frame line (perfscope_frame.h),
 * for timelines on the host; call it before perf_statistics_calc. put NULL
 * writes to stdout. Returns 0, -PERF_EINVAL, -PERF_EIO. */
int perf_funccost_frame(perf_put_fn put, void *ctx) PERF_NO_TRACE;
const struct perf_funccost *perf_funccost_current(void) PERF_NO_TRACE;

/* A call still open when perf_statistics_calc() returns, carried to the next. */
struct perf_funcstat_frame {
	uint32_t fn;
	uint32_t entry;    /* stamp at entry */
	uint32_t children; /* cycles spent in calls it made */
};

#define PERF_FUNCSTAT_DEPTH 64

/* The statistics buffer: open calls, then one entry per function seen. */
struct perf_statistics {
	uint32_t capacity;  /* entries fn[] holds */
	uint32_t functions; /* entries used */
	uint32_t depth;     /* calls open */
	uint32_t max_depth; /* deepest nesting seen */
	uint32_t dropped;   /* calls not counted: deeper than PERF_FUNCSTAT_DEPTH,
	                       or functions beyond capacity (an exit with no call
	                       open, of a call begun before recording, is no drop) */
	uint32_t lost;      /* events the measurement buffer lost */
	uint32_t excluded;  /* cycles the context was switched out, so far */
	uint32_t back;      /* times the stamps went back (PERF_RESET while recording):
	                       no time is counted across them (common/perf_gap.h) */
	uint32_t shift;     /* their steps, modulo 2^32: kept out of the calls' time */
	uint32_t last;      /* the clock when calc last read it, where the next calc's
	                       events start from while calls are open */
	uint32_t pad;
	struct perf_funcstat_frame stack[PERF_FUNCSTAT_DEPTH];
	struct perf_funcstat fn[];
};

#define PERF_STATISTICS_SIZE(functions) \
	(sizeof(struct perf_statistics) + (functions) * sizeof(struct perf_funcstat))

/* Prepares buf (size bytes, 8-byte aligned) as an empty statistics buffer.
 * Returns the number of functions it holds, or -PERF_EINVAL. */
int perf_statistics_init(void *buf, uint32_t size) PERF_NO_TRACE;

/*
 * Adds the current measurement buffer's events to the statistics and empties
 * it, so long runs can be measured piecewise. Recursion is handled: a
 * function's self+children counts only its outermost activation. Returns
 * the number of events consumed, or -PERF_EINVAL (bad buffer, no
 * measurement buffer).
 */
int perf_statistics_calc(void *stat_buf) PERF_NO_TRACE;

/*
 * Prints the statistics in the IAS profile layout, functions by address,
 * cycles as unit, % of the cycles all outermost calls took:
 *
 *   max call depth seen: 3, functions: 3
 *   Name       PC         #Calls Self+children    Pct     Avg     Max     Min       Self    Pct     Avg     Max     Min
 *   C-call     0x00000214      1          1204 100.00    1204    1204    1204        310  25.74     310     310     310
 *
 * After the table, only if the stamps went back (a PERF_RESET while the
 * hooks recorded, whose time calc counts as 0):
 *
 *   the time stamps went back 1 time (PERF_RESET while recording): no time was counted across it
 *
 * Returns 0, -PERF_EINVAL, or -PERF_EIO if put failed.
 */
int perf_statistics_dump(const void *stat_buf) PERF_NO_TRACE;
int perf_statistics_dump_to(const void *stat_buf, perf_put_fn put, void *ctx) PERF_NO_TRACE;
/* The statistics as a frame line for the host tool, as perf_funccost_frame. */
int perf_statistics_frame(const void *stat_buf, perf_put_fn put, void *ctx) PERF_NO_TRACE;

#ifdef __cplusplus
}
#endif

#endif /* PERFSCOPE_FUNCCOST_H */
