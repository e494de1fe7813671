/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Hardware trace hooks (docs/trace.md, docs/hooks.md): with perfscope's
 * trace unit, each instrumented function's entry and exit is one store, and
 * the IP stamps the event with G, keeps the call depth and streams the
 * record out without the CPU. Two ways to get there; link
 * driver/hooks/hwtrace.c for either (soc/fw/fw.mk's FW_HOOKS_hwtrace):
 *
 * - One-store hooks (FW_INSTR_hwtrace): build the code to trace with
 *   -fpatchable-function-entry=4,2 -fno-optimize-sibling-calls and run
 *   `perfscope patch` on the linked ELF. Each entry's two nops become
 *   auipc t0, 0 and a store of t0 to TRACE_ENTER; the two nops before the
 *   entry become the function's exit, a store of t1 to TRACE_EXIT and a
 *   ret; each ret becomes a jal t1 to that exit. The stores
 *   go off x0 to perfscope's window mapped a second time at
 *   PERF_HWTRACE_TOP, so the SoC must decode that alias (the reference SoC
 *   does: soc/README.md). The code is otherwise the code built without
 *   hooks: a leaf stays a leaf.
 * - Compiler hooks (FW_INSTR_hwtrace_cyg): build with -finstrument-functions;
 *   __cyg_profile_func_enter and _exit each store the function's address
 *   to PERF_HWTRACE_BASE, perfscope's base, given when hwtrace.c is
 *   compiled, or else the Nios II HAL's PERFORMANCE_COUNTER_0_BASE from the
 *   BSP's system.h. No alias and no post-link step, at the price of two
 *   calls per instrumented call.
 *
 * Code built without those flags costs nothing. Records carry G, which
 * counts only while the global counter runs: start it
 * (PERF_START_MEASURING) before tracing.
 */
#ifndef PERFSCOPE_HWTRACE_H
#define PERFSCOPE_HWTRACE_H

#include <stdint.h>

#include "perfscope_hooks.h"

/* C++ programs call the library as C. */
#ifdef __cplusplus
extern "C" {
#endif

/* What the unit does when its FIFO is full: drop new records and count
 * them, with a LOSS record in the stream once there is room again; or
 * overwrite the oldest (a flight recorder). */
/* perfscope's window mapped again at the top of the address space, for the
 * one-store hooks: TRACE_ENTER is then sw t0, -112(x0). */
#define PERF_HWTRACE_TOP 0xFFFFFF00u

enum perf_hwtrace_mode { PERF_HWTRACE_STOP_ON_FULL = 0, PERF_HWTRACE_OVERWRITE = 1 };

/* Empties the FIFO, zeroes the depth, the drops and the high-water mark, and
 * starts recording. Returns 0, or -PERF_ENODEV if perfscope has no trace
 * unit (CONFIG's TRACE field is 0), or -PERF_EINVAL for another mode. */
int perf_hwtrace_start(void *base, enum perf_hwtrace_mode mode) PERF_NO_TRACE;

/* Stops recording; the records already made still drain. TRACE_CTRL
 * reads 0, so the mode it keeps (OVERWRITE) comes from TRACE_DROPS bit 31,
 * where the unit reads back ENABLE (bit 30) and OVERWRITE as last written:
 * one read of TRACE_DROPS, one write of TRACE_CTRL. */
void perf_hwtrace_stop(void *base) PERF_NO_TRACE;

/* Records dropped since the start (saturating at 2^16 - 1): TRACE_DROPS's
 * COUNT, bits 15:0, without the mode bits above it. */
uint32_t perf_hwtrace_drops(void *base) PERF_NO_TRACE;

/* Records in the FIFO now (TRACE_STATUS's LEVEL, bits 15:0), and the most
 * there have been since the start. TRACE_STATUS bits 31:16 hold GAP, that
 * mark less LEVEL: the high-water mark is LEVEL + GAP of one read of the
 * register (two reads could see two different levels). */
uint32_t perf_hwtrace_level(void *base) PERF_NO_TRACE;
uint32_t perf_hwtrace_high_water(void *base) PERF_NO_TRACE;

/* Draining by polling, on a SoC whose trace stream has no consumer (its
 * i_trace_ready tied low, as in a LiteX SoC): perf_hwtrace_pop takes the
 * oldest visible record out of the FIFO (TRACE_POP_LO, then the word
 * TRACE_POP_HI latched) into *rec, word 1 in bits 63:32. Returns 1, or 0
 * if the FIFO had none visible (*rec untouched). The two reads share the
 * latch of a TIME_LO read, so machine interrupts are masked between them,
 * as around the driver's 64-bit reads. */
int perf_hwtrace_pop(void *base, uint64_t *rec) PERF_NO_TRACE;

/* Pops every visible record and writes them as "trace" frames
 * (docs/dump-format.md) of up to PERF_HWTRACE_FRAME_RECORDS each, through
 * put (putchar if NULL), for the host tool, which reads a log's trace
 * frames as one recording. Each frame numbers its first record among those
 * popped since the recording began (perf_hwtrace_start or
 * perf_retire_start), so that a frame missing from the log reads as
 * records lost. Call it after the traced code, or between its parts,
 * before the FIFO fills (TRACE_DEPTH records; the unit counts what
 * it drops, with a LOSS record). Returns the records written, or
 * -PERF_ENODEV if perfscope has no trace unit, or -PERF_EIO if put failed
 * (the records of that frame are lost). */
#define PERF_HWTRACE_FRAME_RECORDS 32
int perf_hwtrace_frame(void *base, perf_put_fn put, void *ctx) PERF_NO_TRACE;

/* An interrupt handler marks its entry and its exit, one store each, so
 * that its time is charged to it and not to the function it interrupted;
 * cause is the handler's choice (mcause). */
#define PERF_HWTRACE_IRQ_ENTER(base, cause) \
	PERF_MMIO_WRITE32(PERF_ADDR((base), PERF_REG_TRACE_IRQ_ENTER), (uint32_t)(cause))
#define PERF_HWTRACE_IRQ_EXIT(base, cause) \
	PERF_MMIO_WRITE32(PERF_ADDR((base), PERF_REG_TRACE_IRQ_EXIT), (uint32_t)(cause))

/* The same marks at PERF_HWTRACE_BASE, as a function: enter 1 or 0. The
 * reference SoC's Nios II HAL alarms (soc/fw/hal.c) mark their interrupt
 * with it when this library is linked, mcause as the cause. */
void perf_hwtrace_irq_mark(int enter, uint32_t cause) PERF_NO_TRACE;

#ifdef __cplusplus
}
#endif

#endif /* PERFSCOPE_HWTRACE_H */
