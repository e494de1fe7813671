/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Hardware trace hooks (docs/trace.md): with perfscope's trace unit, each
 * instrumented function's entry and exit is one store of its address, and
 * the IP stamps the event with G, keeps the call depth and streams the
 * record out without the CPU. Build the code to trace with
 * -finstrument-functions and link driver/hooks/hwtrace.c (soc/fw/fw.mk:
 * FW_INSTR_hwtrace, FW_HOOKS_hwtrace); code built without the flag costs
 * nothing.
 *
 * The hooks store to a constant address, so that an event costs one store:
 * PERF_HWTRACE_BASE, perfscope's base, given when hwtrace.c is compiled, or
 * else the Nios II HAL's PERFORMANCE_COUNTER_0_BASE from the BSP's system.h.
 *
 * Records carry G, which counts only while the global counter runs: start
 * it (PERF_START_MEASURING) before tracing.
 */
#ifndef PERFSCOPE_HWTRACE_H
#define PERFSCOPE_HWTRACE_H

#include <stdint.h>

#include "perfscope_hooks.h"

/* What the unit does when its FIFO is full: drop new records and count
 * them, with a LOSS record in the stream once there is room again; or
 * overwrite the oldest (a flight recorder). */
enum perf_hwtrace_mode { PERF_HWTRACE_STOP_ON_FULL = 0, PERF_HWTRACE_OVERWRITE = 1 };

/* Empties the FIFO, zeroes the depth, the drops and the high-water mark, and
 * starts recording. Returns 0, or -PERF_ENODEV if perfscope has no trace
 * unit (CONFIG's TRACE field is 0), or -PERF_EINVAL for another mode. */
int perf_hwtrace_start(void *base, enum perf_hwtrace_mode mode) PERF_NO_TRACE;

/* Stops recording; the records already made still drain. */
void perf_hwtrace_stop(void *base) PERF_NO_TRACE;

/* Records dropped since the start (saturating at 2^32 - 1). */
uint32_t perf_hwtrace_drops(void *base) PERF_NO_TRACE;

/* Records in the FIFO now, and the most there have been since the start. */
uint32_t perf_hwtrace_level(void *base) PERF_NO_TRACE;
uint32_t perf_hwtrace_high_water(void *base) PERF_NO_TRACE;

/* An interrupt handler marks its entry and its exit, one store each, so
 * that its time is charged to it and not to the function it interrupted;
 * cause is the handler's choice (mcause). */
#define PERF_HWTRACE_IRQ_ENTER(base, cause) \
	PERF_MMIO_WRITE32(PERF_ADDR((base), PERF_REG_TRACE_IRQ_ENTER), (uint32_t)(cause))
#define PERF_HWTRACE_IRQ_EXIT(base, cause) \
	PERF_MMIO_WRITE32(PERF_ADDR((base), PERF_REG_TRACE_IRQ_EXIT), (uint32_t)(cause))

#endif /* PERFSCOPE_HWTRACE_H */
