/* SPDX-License-Identifier: Apache-2.0 */
/* Host test of the call-trace hooks interrupted anywhere, under ASan/UBSan:
 * a SIGALRM handler stands for an interrupt handler that runs instrumented
 * code, once switching to its own trace as documented, once not (misuse). */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "irq_signal.h"
#include "perfscope_calltrace.h"

#define IRQS       2000    /* interrupts per run */
#define ROUNDS_MAX 1000000 /* the run's bound if the timer is slow */

static struct perf_calltrace *isr_trace;

static void isr_switching(void)
{
	struct perf_calltrace *was = perf_calltrace_switch(isr_trace);
	isr_work();
	perf_calltrace_switch(was);
}

/* Calls 1 to `deep` nested, until IRQS interrupts have landed. Returns the
 * rounds made. */
static uint32_t rounds(void (*isr)(void), uintptr_t deep)
{
	uint32_t n = 0;
	irq_start(isr, 20);
	while (irq_count < IRQS && n < ROUNDS_MAX) {
		for (uintptr_t fn = 1; fn <= deep; fn++) {
			tick(2);
			enter(fn);
		}
		for (uintptr_t fn = 1; fn <= deep; fn++) {
			tick(3);
			leave();
		}
		n++;
	}
	irq_stop();
	return n;
}

static struct perf_calltrace *new_trace(uint32_t lines, enum perf_calltrace_mode mode)
{
	void *b = malloc(PERF_CALLTRACE_SIZE(lines));
	perf_calltrace_init(fake_perfscope, b, PERF_CALLTRACE_SIZE(lines), mode);
	return b;
}

/* Record i of t, oldest first. */
static const struct perf_calltrace_record *rec(const struct perf_calltrace *t, uint32_t i)
{
	const uint32_t first = t->wrapped ? (uint32_t)(t->next - t->rec) : 0;
	return &t->rec[(first + i) % t->lines];
}

/* Holds for every record of t: fn, site and depth agree with calls 1..deep
 * made in turn from depth 0, and consecutive calls of one round are 2
 * cycles apart, plus 1007 for each interrupt between them. */
static int log_well_formed(const struct perf_calltrace *t, uintptr_t deep)
{
	for (uint32_t i = 0; i < perf_calltrace_count(t); i++) {
		const struct perf_calltrace_record *r = rec(t, i);
		if (r->fn != (i % deep) + 1 || r->site != r->fn + 0x100 || r->depth != i % deep)
			return 0;
		if (i % deep && (r->stamp - rec(t, i - 1)->stamp - 2) % 1007)
			return 0;
	}
	return 1;
}

static int all_closed(const struct perf_calltrace *t)
{
	return perf_calltrace_count(t) == 0 && t->depth == 0 && t->hidden == 0 && t->underflows == 0;
}

int main(void)
{
	/* Log mode, switching: every call once, in its own ring. */
	isr_trace = new_trace(IRQS + 100, PERF_CALLTRACE_LOG);
	struct perf_calltrace *t = new_trace(2 * ROUNDS_MAX, PERF_CALLTRACE_LOG);
	uint32_t n = rounds(isr_switching, 2);
	const uint32_t irqs = (uint32_t)irq_count;
	check_u64("log, switching: the interrupts landed", irqs >= IRQS, 1);
	check_u64("log, switching: every call of the thread recorded", perf_calltrace_count(t),
	          2ull * n);
	check_u64("log, switching: in order, depths and stamps exact", log_well_formed(t, 2), 1);
	check_u64("log, switching: depth back to 0", t->depth * 10 + t->underflows, 0);
	check_u64("log, switching: one call per interrupt in the handler's ring",
	          perf_calltrace_count(isr_trace), irqs);
	check_u64("log, switching: the handler's calls all at depth 0",
	          rec(isr_trace, 0)->depth + rec(isr_trace, irqs - 1)->depth + isr_trace->depth, 0);
	free(t);
	free(isr_trace);

	/* Stack mode, switching: both stacks empty after every call returned. */
	isr_trace = new_trace(4, PERF_CALLTRACE_STACK);
	t = new_trace(4, PERF_CALLTRACE_STACK);
	n = rounds(isr_switching, 3);
	check_u64("stack, switching: the thread's stack empty at the end", all_closed(t), 1);
	check_u64("stack, switching: no overflow", t->overflows, 0);
	check_u64("stack, switching: the handler's stack empty at the end", all_closed(isr_trace),
	          1);
	free(t);

	/* Misuse, stack mode, 2 lines, calls 4 deep: the handler's calls go on
	 * the interrupted stack, full or not, and come off it again. */
	t = new_trace(2, PERF_CALLTRACE_STACK);
	n = rounds(isr_work, 4);
	check_u64("stack, misuse: every call popped, none hidden, no underflow", all_closed(t), 1);
	check_u64("stack, misuse: 2 overflows a round, and at most one per interrupt",
	          t->overflows >= 2 * n && t->overflows <= 2 * n + (uint32_t)irq_count, 1);
	free(t);

	/* Misuse, log mode, 8 lines: the ring holds 8 records, no depth past the
	 * deepest nesting. */
	t = new_trace(8, PERF_CALLTRACE_LOG);
	n = rounds(isr_work, 4);
	int deepest = 0;
	for (uint32_t i = 0; i < perf_calltrace_count(t); i++)
		deepest = rec(t, i)->depth > (uint32_t)deepest ? (int)rec(t, i)->depth : deepest;
	check_u64("log, misuse: 8 records, depth back to 0",
	          perf_calltrace_count(t) * 10 + t->depth + t->underflows, 80);
	check_u64("log, misuse: no record deeper than 4", deepest <= 4, 1);
	printf("irq_calltrace: %u rounds, %d interrupts in the last run\n", (unsigned)n, (int)irq_count);
	free(t);
	free(isr_trace);
	return check_failures() != 0;
}
