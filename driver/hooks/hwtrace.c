/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Hardware trace hooks (perfscope_hwtrace.h): the one-store hooks' exit,
 * and the compiler's entry and exit hooks, each one store of the function's
 * address to a constant address; the IP does the rest (docs/trace.md).
 */
#include <stdint.h>

#include "../perf_internal.h"
#include "perfscope_hwtrace.h"

#ifndef PERF_HWTRACE_BASE
#include "system.h" /* the BSP's: PERFORMANCE_COUNTER_0_BASE */
#define PERF_HWTRACE_BASE PERFORMANCE_COUNTER_0_BASE
#endif

#ifdef __riscv /* the host tests (driver/test) build the rest */
/* sw t0, TRACE_EXIT(x0) through the window at PERF_HWTRACE_TOP: an
 * assembler literal, checked against the register map. */
#define EXIT_OFF -108
_Static_assert((int32_t)(PERF_HWTRACE_TOP + PERF_REG_TRACE_EXIT) == EXIT_OFF,
               "EXIT_OFF is not TRACE_EXIT's offset from x0");
#define STR_(x) #x
#define STR(x) STR_(x)
__asm__("	.text\n"
        "	.balign	4\n"
        "	.globl	perf_hwtrace_return\n"
        "	.type	perf_hwtrace_return, @function\n"
        "perf_hwtrace_return:\n"
        "	sw	t0, " STR(
                EXIT_OFF) "(zero)\n"
                          "	ret\n"
                          "	.size	perf_hwtrace_return, . - perf_hwtrace_return\n");
#endif

void __cyg_profile_func_enter(void *this_fn, void *call_site)
{
	(void)call_site; /* a record names the function; its caller is the call open before it */
	PERF_MMIO_WRITE32(PERF_ADDR(PERF_HWTRACE_BASE, PERF_REG_TRACE_ENTER),
	                  (uint32_t)(uintptr_t)this_fn);
}

void __cyg_profile_func_exit(void *this_fn, void *call_site)
{
	(void)call_site;
	PERF_MMIO_WRITE32(PERF_ADDR(PERF_HWTRACE_BASE, PERF_REG_TRACE_EXIT),
	                  (uint32_t)(uintptr_t)this_fn);
}

int perf_hwtrace_start(void *base, enum perf_hwtrace_mode mode)
{
	if (mode != PERF_HWTRACE_STOP_ON_FULL && mode != PERF_HWTRACE_OVERWRITE)
		return -PERF_EINVAL;
	if ((PERF_REG_READ(base, PERF_REG_CONFIG) & PERF_CONFIG_TRACE_MASK) == 0)
		return -PERF_ENODEV;
#ifdef __riscv
	/* Patched code jumps to perf_hwtrace_return with no relocation the
	 * linker sees: this reference keeps it under --gc-sections. */
	__asm__ volatile("" : : "r"(perf_hwtrace_return));
#endif
	const uint32_t ctrl =
	        PERF_TRACE_CTRL_ENABLE_MASK |
	        (mode == PERF_HWTRACE_OVERWRITE ? PERF_TRACE_CTRL_OVERWRITE_MASK : 0u);
	PERF_REG_WRITE(base, PERF_REG_TRACE_CTRL, PERF_TRACE_CTRL_CLEAR_MASK);
	PERF_REG_WRITE(base, PERF_REG_TRACE_CTRL, ctrl);
	return 0;
}

void perf_hwtrace_stop(void *base)
{
	/* TRACE_CTRL reads 0: the mode to keep reads back in TRACE_DROPS. */
	const uint32_t mode =
	        PERF_REG_READ(base, PERF_REG_TRACE_DROPS) & PERF_TRACE_DROPS_OVERWRITE_MASK;
	PERF_REG_WRITE(base, PERF_REG_TRACE_CTRL,
	               (mode >> PERF_TRACE_DROPS_OVERWRITE_SHIFT)
	                       << PERF_TRACE_CTRL_OVERWRITE_SHIFT);
}

uint32_t perf_hwtrace_drops(void *base)
{
	return (PERF_REG_READ(base, PERF_REG_TRACE_DROPS) & PERF_TRACE_DROPS_COUNT_MASK) >>
	       PERF_TRACE_DROPS_COUNT_SHIFT;
}

uint32_t perf_hwtrace_level(void *base)
{
	return (PERF_REG_READ(base, PERF_REG_TRACE_STATUS) & PERF_TRACE_STATUS_LEVEL_MASK) >>
	       PERF_TRACE_STATUS_LEVEL_SHIFT;
}

uint32_t perf_hwtrace_high_water(void *base)
{
	/* One read: LEVEL and GAP from the same cycle, whose sum is the mark. */
	const uint32_t status = PERF_REG_READ(base, PERF_REG_TRACE_STATUS);
	return ((status & PERF_TRACE_STATUS_LEVEL_MASK) >> PERF_TRACE_STATUS_LEVEL_SHIFT) +
	       ((status & PERF_TRACE_STATUS_GAP_MASK) >> PERF_TRACE_STATUS_GAP_SHIFT);
}
