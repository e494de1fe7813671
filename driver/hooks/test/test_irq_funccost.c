/* SPDX-License-Identifier: Apache-2.0 */
/* Host test of the function-cost hooks interrupted anywhere, under
 * ASan/UBSan: a SIGALRM handler stands for an interrupt handler that runs
 * instrumented code, once switching to its own buffer as documented, once
 * not (misuse). */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "stat_of.h"
#include "irq_signal.h"
#include "perfscope_funccost.h"

#define IRQS       2000    /* interrupts per run */
#define ROUNDS_MAX 1000000 /* the run's bound if the timer is slow */
#define EVENTS(rounds, irqs) (4u * (rounds) + 2u * (irqs))

static void *isr_buf;

static void isr_switching(void)
{
	struct perf_funccost *was = perf_funccost_switch(isr_buf);
	isr_work();
	perf_funccost_switch(was);
}

/* Function 1 (10 cycles, 5 of them its own) calling function 2 (5 cycles),
 * until IRQS interrupts have landed. Returns the rounds made. */
static uint32_t rounds(void (*isr)(void))
{
	uint32_t n = 0;
	irq_start(isr, 20);
	while (irq_count < IRQS && n < ROUNDS_MAX) {
		tick(1);
		enter(1);
		tick(3);
		enter(2);
		tick(5);
		leave();
		tick(2);
		leave();
		n++;
	}
	irq_stop();
	return n;
}

static void *new_buffer(uint32_t lines)
{
	void *b = malloc(PERF_FUNCCOST_SIZE(lines));
	perf_funccost_init(fake_perfscope, b, PERF_FUNCCOST_SIZE(lines));
	return b;
}

int main(void)
{
	/* Lines for every event and one gap per interrupt, with room for a
	 * few interrupts past IRQS before the timer stops. */
	const uint32_t isr_lines = 3 * IRQS + 300, main_lines = EVENTS(ROUNDS_MAX, 0) + IRQS + 100;
	static uint64_t stats[PERF_STATISTICS_SIZE(4) / 8];
	const struct perf_statistics *s = (const void *)stats;

	isr_buf = new_buffer(isr_lines);
	void *main_buf = new_buffer(main_lines);
	uint32_t n = rounds(isr_switching);
	const uint32_t irqs = (uint32_t)irq_count;
	check_u64("switching: the interrupts landed", irqs >= IRQS, 1);
	perf_statistics_init(stats, sizeof stats);
	perf_statistics_calc(stats);
	check_u64("switching: no event lost", s->lost, 0);
	check_u64("switching: only the thread's functions in its statistics", s->functions, 2);
	check_u64("switching: every call of function 1 counted", stat_of(s, 1)->calls, n);
	check_u64("switching: every call of function 2 counted", stat_of(s, 2)->calls, n);
	check_u64("switching: function 1 took 10 cycles in every call, the longest",
	          stat_of(s, 1)->total_max, 10);
	check_u64("switching: function 1 took 10 cycles in every call, the shortest",
	          stat_of(s, 1)->total_min, 10);
	check_u64("switching: function 1's self time, 5 a call", stat_of(s, 1)->self, 5ull * n);
	check_u64("switching: function 2 took 5 cycles in every call",
	          stat_of(s, 2)->total_max * 100 + stat_of(s, 2)->total_min, 505);
	check_u64("switching: the thread was out for exactly the handlers' 1007 cycles each",
	          s->excluded, 1007ull * irqs);
	perf_funccost_switch(isr_buf);
	perf_statistics_init(stats, sizeof stats);
	perf_statistics_calc(stats);
	check_u64("switching: the handler's buffer lost nothing", s->lost, 0);
	check_u64("switching: one call of function 3 per interrupt", stat_of(s, 3)->calls, irqs);
	check_u64("switching: function 3 took 7 cycles in every call",
	          stat_of(s, 3)->total_max * 100 + stat_of(s, 3)->total_min, 707);
	perf_funccost_switch(NULL); /* no buffer is freed while current */
	free(main_buf);

	/* Switching with the thread's buffer full: every event and every gap is
	 * kept or counted lost, exactly, and none is kept past the lines. */
	main_buf = new_buffer(64);
	n = rounds(isr_switching);
	const struct perf_funccost *c = perf_funccost_current();
	const uint32_t gaps = (uint32_t)(c->rec + c->lines - c->end);
	check_u64("switching, full: events and gaps within the 64 lines",
	          perf_funccost_count(c) + gaps <= 64, 1);
	check_u64("switching, full: every event and gap kept or counted lost",
	          perf_funccost_count(c) + gaps + perf_funccost_lost(c),
	          EVENTS(n, 0) + (uint32_t)irq_count);
	perf_funccost_switch(NULL);
	free(main_buf);

	/* Misuse: the handler records into the interrupted buffer. The
	 * interrupted hook may write over the handler's event or count a lost
	 * one over the handler's count, never more than the handler's 2. */
	main_buf = new_buffer(main_lines);
	n = rounds(isr_work);
	uint32_t made = EVENTS(n, (uint32_t)irq_count), lo = made - 2u * (uint32_t)irq_count;
	c = perf_funccost_current();
	uint32_t kept = perf_funccost_count(c) + c->lost;
	check_u64("misuse: events kept or counted lost, to 2 per interrupt",
	          kept >= lo && kept <= made, 1);
	perf_statistics_init(stats, sizeof stats);
	perf_statistics_calc(stats);
	check_u64("misuse: no more calls counted than made",
	          stat_of(s, 1)->calls + stat_of(s, 2)->calls + stat_of(s, 3)->calls <=
	                  2u * n + (uint32_t)irq_count,
	          1);
	perf_funccost_switch(NULL);
	free(main_buf);

	/* Misuse with a full buffer: interrupts land in the full check too. */
	main_buf = new_buffer(16);
	n = rounds(isr_work);
	made = EVENTS(n, (uint32_t)irq_count);
	lo = made - 2u * (uint32_t)irq_count;
	c = perf_funccost_current();
	kept = perf_funccost_count(c) + c->lost;
	check_u64("misuse, full: every line used, none past the end", perf_funccost_count(c), 16);
	check_u64("misuse, full: events kept or counted lost, to 2 per interrupt",
	          kept >= lo && kept <= made, 1);
	printf("irq_funccost: %u rounds, %d interrupts in the last run\n", (unsigned)n, (int)irq_count);
	perf_funccost_switch(NULL);
	free(main_buf);
	free(isr_buf);
	return check_failures() != 0;
}
