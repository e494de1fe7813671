/* SPDX-License-Identifier: Apache-2.0 */
/* Interrupts and function cost (driver/hooks/funccost.c), built with
 * -finstrument-functions: a machine-timer interrupt whose handler runs
 * instrumented code in its own context.
 *
 * - An interrupt inside work() leaves work()'s self time as it is without
 *   one, once perf_context_set_leak() has the cycles the switches cannot
 *   see, measured here; on VexRiscv_Min, without caches, they are exactly
 *   IRQ_LEAK (cpu_timing.h). The handler's call is in its own statistics.
 * - The interrupt swept over every cycle of a call, hooks included: every
 *   event of both contexts is recorded once, none outside its buffer.
 * - Misuse: a handler that runs instrumented code without switching. Its
 *   events land in the interrupted context's buffer, still inside it. */
#include <stdint.h>
#include <stdio.h>

#include "lib/check.h"
#include "cpu_timing.h"
#include "irq_work.h"
#include "perfscope_funccost.h"
#include "soc.h"

#define PERF  ((void *)SOC_PERF_BASE)
#define LINES 64
#define GUARD 0x6a09e667u

/* Each buffer between two guard words. */
static struct {
	uint32_t before;
	uint32_t buf[(sizeof(struct perf_funccost) + LINES * sizeof(struct perf_funccost_record)) / 4];
	uint32_t after;
} main_ev, isr_ev;
static uint64_t stats[(sizeof(struct perf_statistics) + 8 * sizeof(struct perf_funcstat)) / 8];
static uint64_t isr_stats[sizeof stats / 8];

static int switching = 1; /* the handler switches to its own context */

/* The ISR wrapper of docs/hooks.md. */
PERF_NO_TRACE void trap_handler(unsigned mcause, unsigned mepc)
{
	(void)mepc;
	if (mcause != MCAUSE_MACHINE_TIMER) {
		printf("trap: unexpected mcause 0x%08x\n", mcause);
		soc_exit(SOC_EXIT_EXCEPTION);
	}
	struct perf_funccost *was = switching ? perf_funccost_switch((void *)isr_ev.buf) : NULL;
	isr_work();
	timer_off();
	interrupts++;
	if (switching)
		perf_funccost_switch(was);
}

/* Calls fn with the timer set to fire `delay` cycles from now (never if
 * delay is 0), and returns fn's statistics row. */
static PERF_NO_TRACE const struct perf_funcstat *timed(void (*fn)(void), uint32_t delay)
{
	perf_statistics_init(stats, sizeof stats);
	perf_funccost_switch((void *)main_ev.buf);
	perf_funccost_clear();
	if (delay)
		timer_in(delay);
	fn();
	timer_off();
	perf_statistics_calc(stats);
	const struct perf_statistics *s = (const void *)stats;
	return s->functions == 1 ? &s->fn[0] : NULL;
}

static PERF_NO_TRACE uint32_t self_of(const struct perf_funcstat *f)
{
	return f ? (uint32_t)f->self : 0;
}

/* work()'s self time with an interrupt 60 cycles in, measured the second
 * of two identical runs, so the caches hold the same lines every time. */
static PERF_NO_TRACE uint32_t interrupted(void)
{
	uint32_t self = 0;
	for (int run = 0; run < 2; run++) {
		perf_funccost_switch((void *)isr_ev.buf);
		perf_funccost_clear();
		interrupts = 0;
		work_delay = 60;
		self = self_of(timed(work, 0));
	}
	return self;
}

/* Section 1's time around work(), an interrupt `delay` cycles in (never if
 * it is 1 << 30), measured the second of two identical runs. */
static PERF_NO_TRACE uint32_t section_around_work(uint32_t delay)
{
	uint32_t t = 0;
	for (int run = 0; run < 2; run++) {
		perf_funccost_switch((void *)isr_ev.buf);
		perf_funccost_clear();
		interrupts = 0;
		work_delay = delay;
		const uint64_t before = perf_get_section_time(PERF, 1);
		PERF_BEGIN(PERF, 1);
		timed(work, 0);
		PERF_END(PERF, 1);
		t = (uint32_t)(perf_get_section_time(PERF, 1) - before);
	}
	return t;
}

PERF_NO_TRACE int main(void)
{
	main_ev.before = main_ev.after = isr_ev.before = isr_ev.after = GUARD;
	perf_funccost_init(PERF, isr_ev.buf, sizeof isr_ev.buf);
	perf_funccost_init(PERF, main_ev.buf, sizeof main_ev.buf);
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	irq_on();

	/* work() alone, then with an interrupt 60 cycles in; each measured
	 * the second time, with the code in the caches. */
	work_delay = 1u << 30; /* the same code, no interrupt */
	timed(work, 0);
	const uint32_t plain = self_of(timed(work, 0));
	check_u64("work() without an interrupt: one call, stamps 200 nops apart or more",
	          plain >= 200 * NOP_CYCLES, 1);
#ifdef IRQ_LEAK
	check_leak(interrupted, plain, 1, IRQ_LEAK);
#else
	check_leak(interrupted, plain, 0, 0);
#endif
	perf_funccost_switch((void *)isr_ev.buf);
	perf_statistics_init(isr_stats, sizeof isr_stats);
	perf_statistics_calc(isr_stats);
	const struct perf_statistics *is = (const void *)isr_stats;
	check_u64("the handler's context: isr_work() once", is->functions * 10 + is->fn[0].calls, 11);
	check_u64("isr_work()'s 20 nops are its own", is->fn[0].self >= 20 * NOP_CYCLES, 1);

	/* Time in an interrupt handler inside a section is the section's, as
	 * on the Nios II PCU (docs/datasheet.md, misuse): longer by the
	 * handler's 20 nops at least. */
	const uint32_t quiet = section_around_work(1u << 30);
	const uint32_t with_irq = section_around_work(60);
	check_u64("an interrupt inside a section: it fired once", interrupts, 1);
	printf("section 1 around work(): %lu cycles, %lu with the interrupt\n",
	       (unsigned long)quiet, (unsigned long)with_irq);
	check_u64(
	        "an interrupt inside a section: the handler's time is the section's (20 nops more at least)",
	        with_irq >= quiet + 20 * NOP_CYCLES, 1);

	/* The interrupt at every cycle of a short call, hooks included. */
	uint32_t recorded = 0, calls = 0, fired = 0;
	perf_funccost_switch((void *)isr_ev.buf);
	perf_funccost_clear();
	perf_statistics_init(isr_stats, sizeof isr_stats);
	for (uint32_t d = 1; d <= 60; d++) {
		interrupts = 0;
		const struct perf_funcstat *f = timed(short_call, d);
		calls += f ? f->calls : 0;
		recorded += perf_funccost_lost(perf_funccost_current()) == 0;
		fired += interrupts;
		perf_funccost_switch((void *)isr_ev.buf);
		recorded += perf_funccost_lost(perf_funccost_current()) == 0;
		perf_statistics_calc(isr_stats);
	}
	check_u64("sweep: 60 calls of short_call counted, whatever the hooks were doing", calls, 60);
	check_u64("sweep: nothing lost in either context", recorded, 120);
	check_u64("sweep: the handler's isr_work() counted once per interrupt", is->fn[0].calls, fired);
	check_u64("sweep: the interrupt fired inside or after every call", fired, 60);

	/* Misuse: no switch in the handler, the interrupt again at every
	 * cycle of a call. The handler's events go into the interrupted
	 * buffer: a hook it interrupted may overwrite them (lost), but the
	 * interrupted call is counted once and nothing is written outside. */
	switching = 0;
	uint32_t own = 0, most = 0;
	for (uint32_t d = 1; d <= 60; d++) {
		timed(short_call, d);
		const struct perf_statistics *s = (const void *)stats;
		uint32_t counted = 0;
		for (uint32_t i = 0; i < s->functions; i++) {
			counted += s->fn[i].calls;
			own += s->fn[i].fn == (uint32_t)(uintptr_t)short_call ? s->fn[i].calls : 0;
		}
		most = counted > most ? counted : most;
	}
	printf("no switch: short_call counted in %u of 60 runs\n", (unsigned)own);
	check_u64("no switch: no run counts more than its 2 calls", most <= 2, 1);
	check_u64("guards around both buffers intact",
	          main_ev.before == GUARD && main_ev.after == GUARD && isr_ev.before == GUARD && isr_ev.after == GUARD, 1);
	return check_failures();
}
