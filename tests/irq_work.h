/* SPDX-License-Identifier: Apache-2.0 */
/* What tests/irq.c and irq_profile.c share: the machine timer, and the
 * instrumented functions an interrupt lands in. Included once by each test,
 * so the functions are built with its profiling flags. */
#ifndef IRQ_WORK_H
#define IRQ_WORK_H

#include <stdint.h>
#include <stdio.h>

#include "lib/check.h"
#include "cpu_timing.h"
#include "perfscope_hooks.h"
#include "soc.h"

#define MCAUSE_MACHINE_TIMER 0x80000007u

/* soc.h's helpers would be instrumented where they are inlined. */
static PERF_NO_TRACE void timer_off(void)
{
	SOC_REG(SOC_MTIMECMP_HI) = 0xffffffffu;
	SOC_REG(SOC_MTIMECMP_LO) = 0xffffffffu;
}

/* The timer fires `delay` cycles from now; delay stays below 2^31. */
static PERF_NO_TRACE void timer_in(uint32_t delay)
{
	const uint32_t hi = SOC_REG(SOC_MTIME_HI);
	const uint32_t when = SOC_REG(SOC_MTIME_LO) + delay;
	SOC_REG(SOC_MTIMECMP_LO) = when;
	SOC_REG(SOC_MTIMECMP_HI) = hi + (when < delay);
}

static PERF_NO_TRACE void irq_on(void)
{
	__asm__ volatile("csrs mie, %0\n\tcsrs mstatus, %1" : : "r"(1u << 7), "r"(1u << 3));
}

static uint32_t work_delay; /* cycles from work()'s start to the interrupt */

/* Arms the timer itself, so the interrupt lands in its nops on every CPU
 * whatever the caches did before. */
__attribute__((noinline)) void work(void)
{
	timer_in(work_delay);
	__asm__ volatile(".rept 200\n\tnop\n\t.endr");
}

/* The handler's own work. */
__attribute__((noinline)) void isr_work(void)
{
	__asm__ volatile(".rept 20\n\tnop\n\t.endr");
}

/* A call short enough that a sweep of the interrupt covers its hooks. */
__attribute__((noinline)) void short_call(void)
{
	__asm__ volatile("nop");
}

/* Counted by the test's handler. */
static volatile uint32_t interrupts;

/*
 * The leak: measure() gives work()'s self time with the interrupt in it;
 * without perf_context_set_leak that is plain + the leak (exactly `want` if
 * want_known), with the leak set it is plain again (to IRQ_JITTER).
 */
static PERF_NO_TRACE void check_leak(uint32_t (*measure)(void), uint32_t plain, int want_known, uint32_t want)
{
	perf_context_set_leak(0);
	const uint32_t leaky = measure();
	check_u64("the interrupt fired once", interrupts, 1);
	const uint32_t leak = leaky - plain;
	printf("work(): %u cycles alone, %u with the interrupt and no leak set: leak %u\n",
	       (unsigned)plain, (unsigned)leaky, (unsigned)leak);
	if (want_known)
		check_u64("without the leak set, work() is the CPU's leak longer (cpu_timing.h)", leak, want);
	perf_context_set_leak(leak);
	const uint32_t exact = measure();
	check_u64("the interrupt fired again", interrupts, 1);
	check_u64("with the leak set, work()'s self time is unchanged (to IRQ_JITTER cycles)",
	          exact + IRQ_JITTER >= plain && exact <= plain + IRQ_JITTER, 1);
}

#endif
