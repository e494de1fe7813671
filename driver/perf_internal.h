/* SPDX-License-Identifier: Apache-2.0 */
/* Internals shared by the perfscope driver's C files: register access,
 * interrupt masking, the call trace's patch instruction and character
 * output (common/perf_out.h, which the host tool shares). Not part of the
 * API. */
#ifndef PERF_INTERNAL_H
#define PERF_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "common/perf_out.h"
#include "perfscope.h"

/* A register of the perfscope at base. Macros, not functions: with the
 * offset's arithmetic in view GCC folds it into the load's immediate
 * (perf_get_section_time's two loads off one address). */
#define PERF_REG_READ(base, off) PERF_MMIO_READ32(PERF_ADDR((base), (off)))
#define PERF_REG_WRITE(base, off, v) PERF_MMIO_WRITE32(PERF_ADDR((base), (off)), (v))

/* The instruction `jal t0, off`: what an entry nop of
 * -fpatchable-function-entry is patched into to call a trampoline that
 * returns through t0 (off within +-1 MiB, even). */
static inline PERF_NO_TRACE_FN uint32_t perf_rv_jal_t0(int32_t off)
{
	const uint32_t i = (uint32_t)off;
	return ((i >> 20) & 1u) << 31 | ((i >> 1) & 0x3ffu) << 21 | ((i >> 11) & 1u) << 20 |
	       ((i >> 12) & 0xffu) << 12 | 5u << 7 | 0x6fu;
}

/* Records popped from the trace FIFO since the recording began: the next
 * trace frame's first (perf_hwtrace_frame). A recording begins with the
 * FIFO's CLEAR, by perf_hwtrace_start or perf_retire_start, which set it
 * to 0. */
extern uint32_t perf_trace_popped;

#if defined(__riscv)
#define PERF_MSTATUS_MIE 8u

/* Clears mstatus.MIE and returns the old mstatus. */
static inline PERF_NO_TRACE_FN uint32_t perf_irq_save(void)
{
	uint32_t mstatus;
	__asm__ volatile("csrrci %0, mstatus, %1" : "=r"(mstatus) : "i"(PERF_MSTATUS_MIE) : "memory");
	return mstatus;
}

/* Sets MIE again only if it was set: the caller may run with it clear. */
static inline PERF_NO_TRACE_FN void perf_irq_restore(uint32_t mstatus)
{
	__asm__ volatile("csrs mstatus, %0" : : "r"(mstatus & PERF_MSTATUS_MIE) : "memory");
}
#else
/* Host build: nothing interrupts the unit tests. */
static inline uint32_t perf_irq_save(void) { return 0; }
static inline void perf_irq_restore(uint32_t mstatus) { (void)mstatus; }
#endif

#endif
