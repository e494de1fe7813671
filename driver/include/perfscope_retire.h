/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The retire tap (docs/retire.md): perfscope built with RETIRE = 1 reads the
 * CPU's retire stream and profiles a program that carries no
 * instrumentation at all, at no cost in cycles. Three parts, each optional
 * in the instance (CONFIG says which it has):
 *
 * - Calls: the trace unit records every call, return, other jump and trap
 *   the CPU retires, stamped with G (CONFIG.RETIRE and CONFIG.TRACE).
 * - The flat profile: a histogram charges every cycle to the bucket of the
 *   last retired PC (CONFIG.HIST = log2 of its words); perf_hist_frame
 *   writes it for `perfscope gprof`.
 * - Trigger addresses: section n (1..CONFIG.TRIGGERS) BEGINs when the
 *   instruction at its start address retires and ENDs at its end address,
 *   PERF_BEGIN and PERF_END without touching the code.
 *
 * Every function returns -PERF_ENODEV on an instance without the part it
 * drives. None waits longer than PERF_RETIRE_POLLS reads of a status
 * register; past that it returns -PERF_EBUSY.
 */
#ifndef PERFSCOPE_RETIRE_H
#define PERFSCOPE_RETIRE_H

#include <stdint.h>

#include "perfscope.h"

/* C++ programs call the library as C. */
#ifdef __cplusplus
extern "C" {
#endif

/* The most status reads a function makes while the histogram clears (one
 * word a cycle, 4096 words at most) or writes back. */
#define PERF_RETIRE_POLLS 8192u

/* Empties the trace FIFO and records the retire tap's calls, returns,
 * jumps and traps (and any hook's or section's events) until
 * perf_retire_stop: a new recording, whose trace frames
 * (perf_hwtrace_frame) number its records from 0. Start the global
 * counter too: records carry G. */
int perf_retire_start(void *base);
/* Stops recording calls and the trace unit; the records made still drain. */
int perf_retire_stop(void *base);

/* The histogram's words: N - 1 buckets, then OUTSIDE. */
int perf_hist_words(void *base);
/* Zeroes the histogram and starts charging cycles: bucket b holds the
 * cycles whose last retired PC was in pc_base + b * (4 << shift) and the
 * next 4 << shift bytes; OUTSIDE all others. With k > 0 one counted cycle
 * in 2^k is charged. -PERF_EINVAL for shift or k above 7, pc_base not
 * 4-byte aligned, or buckets that would end at or past 2^32. */
int perf_hist_start(void *base, uint32_t pc_base, unsigned shift, unsigned k);
/* Stops charging; returns once every count is final. */
int perf_hist_stop(void *base);
/* Reads words 0 .. n - 1 into words[] (n at most perf_hist_words). Returns
 * n, -PERF_EINVAL (words NULL, n too large) or -PERF_EBUSY (running). */
int perf_hist_read(void *base, uint32_t *words, uint32_t n);
/* The stopped histogram as a "hist" frame (docs/dump-format.md), through
 * put (putchar if NULL). -PERF_EBUSY while it runs. */
int perf_hist_frame(void *base, perf_put_fn put, void *ctx);

/* Arms section (1..CONFIG.TRIGGERS) to BEGIN when the instruction at start
 * retires and END when the one at end retires (docs/retire.md has the
 * timing). -PERF_EINVAL for another section or an odd address. */
int perf_trig_arm(void *base, unsigned section, uint32_t start, uint32_t end);
int perf_trig_disarm(void *base, unsigned section);
/* Trigger hits not acted on since reset (or a write of TRIG_LOST),
 * saturating at 2^16 - 1; -PERF_ENODEV without trigger addresses. */
int32_t perf_trig_lost(void *base);

#ifdef __cplusplus
}
#endif

#endif /* PERFSCOPE_RETIRE_H */
