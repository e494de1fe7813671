/* SPDX-License-Identifier: Apache-2.0 */
/* Interrupts and IAS profiles (driver/hooks/profile.c), built with
 * -finstrument-functions: a machine-timer handler that switches to its own
 * profile, as tests/irq.c does for function cost.
 *
 * - work() interrupted in its nops keeps the self time it has without the
 *   interrupt once perf_context_set_leak() has the cycles the switches
 *   cannot see (measured here; exactly IRQ_LEAK_PROFILE on VexRiscv_Min).
 * - The interrupt swept over every cycle of a short call, hooks included:
 *   the call is counted once in the thread's profile, the handler's call
 *   once per interrupt in the handler's. */
#include <stdint.h>
#include <stdio.h>

#include "lib/check.h"
#include "cpu_timing.h"
#include "irq_work.h"
#include "perfscope_profile.h"
#include "soc.h"

#define PERF ((void *)SOC_PERF_BASE)

static uint64_t thread_buf[PERF_PROFILE_SIZE(4) / 8], isr_buf[PERF_PROFILE_SIZE(4) / 8];
static int thread, isr;

PERF_NO_TRACE void trap_handler(unsigned mcause, unsigned mepc)
{
	(void)mepc;
	if (mcause != MCAUSE_MACHINE_TIMER) {
		printf("trap: unexpected mcause 0x%08x\n", mcause);
		soc_exit(SOC_EXIT_EXCEPTION);
	}
	perf_profile_switch(isr);
	isr_work();
	timer_off();
	interrupts++;
	perf_profile_switch(thread);
}

/* The row of fn in profile id (calls 0 if it has none). */
static PERF_NO_TRACE struct perf_funcstat row(int id, void (*fn)(void))
{
	const struct perf_profile *p = perf_profile_get(id);
	for (uint32_t i = 0; i < p->functions; i++)
		if (p->fn[i].fn == (uint32_t)(uintptr_t)fn)
			return p->fn[i];
	return (struct perf_funcstat){ 0 };
}

/* fn's self time in a fresh thread profile, the second of two runs. */
static PERF_NO_TRACE uint32_t self_of(void (*fn)(void))
{
	for (int run = 0; run < 2; run++) {
		perf_profile_reset(thread);
		perf_profile_unfreeze(thread);
		perf_profile_enable(thread);
		interrupts = 0;
		fn();
		timer_off();
	}
	return (uint32_t)row(thread, fn).self;
}

static PERF_NO_TRACE uint32_t work_self(void)
{
	return self_of(work);
}

PERF_NO_TRACE int main(void)
{
	perf_profile_attach(PERF);
	thread = perf_profile_create(thread_buf, sizeof thread_buf);
	isr = perf_profile_create(isr_buf, sizeof isr_buf);
	perf_profile_unfreeze(isr);
	perf_profile_enable(isr);
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	perf_profile_switch(thread);
	irq_on();

	work_delay = 1u << 30;
	const uint32_t plain = work_self();
	check_u64("work() without an interrupt: 200 nops or more", plain >= 200 * NOP_CYCLES, 1);
	work_delay = 60;
	/* The handler's first call in its profile adds the handler's row: that
	 * code runs once, and on VexRiscv_Lite it evicts from the instruction
	 * cache what the runs measured below keep there. */
	work_self();
#ifdef IRQ_LEAK_PROFILE
	check_leak(work_self, plain, 1, IRQ_LEAK_PROFILE);
#else
	check_leak(work_self, plain, 0, 0);
#endif

	/* The interrupt at every cycle of a short call, hooks included. */
	perf_profile_reset(isr);
	perf_profile_unfreeze(isr);
	perf_profile_enable(isr);
	uint32_t calls = 0, fired = 0;
	for (uint32_t d = 1; d <= 60; d++) {
		perf_profile_reset(thread);
		perf_profile_unfreeze(thread);
		perf_profile_enable(thread);
		interrupts = 0;
		timer_in(d);
		short_call();
		timer_off();
		calls += row(thread, short_call).calls;
		fired += interrupts;
	}
	check_u64("sweep: short_call counted once in each of 60 runs", calls, 60);
	check_u64("sweep: the interrupt fired in every run", fired, 60);
	check_u64("sweep: the handler's profile has isr_work() once per interrupt", row(isr, isr_work).calls, 60);
	check_u64("sweep: no depth warnings in either profile",
	          perf_profile_get(thread)->warn_low + perf_profile_get(thread)->warn_high +
	          perf_profile_get(isr)->warn_low + perf_profile_get(isr)->warn_high, 0);
	return check_failures();
}
