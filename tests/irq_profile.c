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
 *   once per interrupt in the handler's.
 * - The same over calls whose hooks take the fast path, which does not
 *   mask interrupts: the handler's switch restarts a hook it stopped before
 *   the hook's commit, and no run counts a call twice or a cycle in two
 *   self times, or makes a self time larger than its self+children (as a
 *   hook committing a time stamp taken before the handler would). */
#include <stdint.h>
#include <stdio.h>

#include "lib/check.h"
#include "cpu_timing.h"
#include "irq_work.h"
#include "perfscope_profile.h"
#include "soc.h"

#define PERF ((void *)SOC_PERF_BASE)
/* The fast sweep: cycles before and after its first landing in short_call(). */
#define FAST_AROUND 100

static uint64_t thread_buf[PERF_PROFILE_SIZE(4) / 8], isr_buf[PERF_PROFILE_SIZE(4) / 8];
static int thread, isr;
static volatile unsigned last_mepc;

PERF_NO_TRACE void trap_handler(unsigned mcause, unsigned mepc)
{
	last_mepc = mepc;
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
	for (int run = 0; run < 3; run++) {
		perf_profile_reset(thread);
		perf_profile_unfreeze(thread);
		perf_profile_enable(thread);
		interrupts = 0;
		fn();
		timer_off();
	}
	return (uint32_t)row(thread, fn).self;
}

/* Another leaf than short_call(). */
__attribute__((noinline)) void other_call(void)
{
	__asm__ volatile("nop");
}

/* Calls at depth 1 and 2 whose hooks take each fast path once the profile
 * has their rows (a run before): short_call() finds its row by the index
 * (other_call() was the depth's last), then again as the depth's last,
 * then other_call() by the index; two_calls()'s exit is that of a call
 * with calls of its own. An interrupt may stop any of them anywhere. */
__attribute__((noinline)) void two_calls(void)
{
	short_call();
	short_call();
	other_call();
}

__attribute__((noinline)) void fast_calls(void)
{
	two_calls();
}

/* The fast path's code that runs again if an interrupt stops it there: from
 * a hook's first instruction, or the start of the exit's second path, to
 * the path's commit, both included, and the entry's second path's first
 * instruction, which masks interrupts up to its commit
 * (driver/hooks/profile.c). */
extern const char perf_profile_enter_commit[], perf_profile_enter_lookup[],
        perf_profile_exit_commit[], perf_profile_exit_calls[], perf_profile_exit_calls_commit[];

struct window {
	uint32_t start, words;
};

static PERF_NO_TRACE struct window window_of(const void *start, const char *commit)
{
	const uint32_t at = (uint32_t)(uintptr_t)start;
	return (struct window){ at, ((uint32_t)(uintptr_t)commit - at) / 4 + 1 };
}

/* The instruction of w the last interrupt landed on, as a bit (the first
 * 32); 0 if it landed elsewhere. */
static PERF_NO_TRACE uint32_t landed(struct window w)
{
	const uint32_t offset = last_mepc - w.start;
	return offset < 4 * w.words ? 1u << (offset / 4 % 32) : 0;
}

/* The fast paths' windows, and where the interrupts landed in each. */
static struct window paths[4];
static uint32_t hit[4];

/* Runs fast_calls() with the interrupt `delay` cycles after the start. */
static PERF_NO_TRACE void fast_run(uint32_t delay)
{
	interrupts = 0;
	last_mepc = 0;
	timer_in(delay);
	fast_calls();
	timer_off();
	for (int i = 0; i < 4; i++)
		hit[i] |= landed(paths[i]);
}

/* Sweeps the interrupt cycle by cycle from `from` to `to` over
 * fast_calls(); returns the runs. */
static PERF_NO_TRACE uint32_t fast_sweep(uint32_t from, uint32_t to)
{
	for (uint32_t d = from; d < to; d++)
		fast_run(d);
	return to - from;
}

/* The first delay from `from`, in steps of `step`, whose interrupt lands in
 * w; *runs counts the runs. */
static PERF_NO_TRACE uint32_t fast_find(uint32_t from, uint32_t step, struct window w,
                                        uint32_t *runs)
{
	uint32_t d = from;
	do {
		fast_run(d);
		++*runs;
		d += step;
	} while (d < 8000 && !landed(w));
	return d - step;
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

	/* The interrupt on the unmasked paths of fast_calls()'s hooks, in a
	 * thread profile that has run it once. */
	perf_profile_reset(thread);
	perf_profile_unfreeze(thread);
	perf_profile_enable(thread);
	fast_calls();
	paths[0] = window_of((const void *)__cyg_profile_func_enter, perf_profile_enter_commit);
	paths[1] = window_of(perf_profile_enter_lookup, perf_profile_enter_lookup);
	paths[2] = window_of((const void *)__cyg_profile_func_exit, perf_profile_exit_commit);
	paths[3] = window_of(perf_profile_exit_calls, perf_profile_exit_calls_commit);
	const uint32_t calls_before = row(thread, fast_calls).calls;
	uint32_t runs = 0;
	/* Cycle by cycle around short_call()'s first run, which takes the
	 * fast entry's both paths and the leaf's exit; then, found by smaller
	 * steps after other_call(), the exit of two_calls(). */
	const struct window first = { (uint32_t)(uintptr_t)short_call, 16 };
	const struct window last = { (uint32_t)(uintptr_t)other_call, 16 };
	const uint32_t at = fast_find(1, 16, first, &runs);
	runs += fast_sweep(at - FAST_AROUND, at + FAST_AROUND);
	const uint32_t end = fast_find(at, 16, last, &runs);
	const uint32_t leaf_exit = fast_find(end, 8, paths[2], &runs);
	const uint32_t calls_exit = fast_find(leaf_exit + 48, 8, paths[2], &runs);
	runs += fast_sweep(calls_exit - 8, calls_exit + 40);
	/* Every run's calls, each once; every counted cycle in exactly one
	 * self time, none above its self+children. */
	const struct perf_profile *p = perf_profile_get(thread);
	const uint64_t counted = p->counted;
	uint32_t all_calls = 0, over = 0;
	uint64_t selves = p->outside;
	for (uint32_t i = 0; i < p->functions; i++) {
		all_calls += p->fn[i].calls;
		selves += p->fn[i].self;
		over += p->fn[i].self_max > p->fn[i].total_max;
	}
	static const char *const names[4] = { "entry", "entry by the index", "exit",
		                              "exit of a call with calls" };
	for (int i = 0; i < 4; i++) {
		const uint32_t words = paths[i].words < 32 ? paths[i].words : 32;
		printf("fast sweep: the interrupt landed on %u of the first %u instructions of the "
		       "%s path up to its commit\n",
		       (unsigned)__builtin_popcount(hit[i]), (unsigned)words, names[i]);
	}
#if defined(CPU_VexRiscv_Min)
	/* No cache: the same delay lands at the same instruction every time. */
	check_u64("fast sweep: the interrupt landed in every fast path before its commit",
	          hit[0] && hit[1] && hit[2] && hit[3], 1);
#else
	check_u64("fast sweep: the interrupt landed in both hooks before their commit",
	          hit[0] && hit[2], 1);
#endif
	check_u64("fast sweep: fast_calls() counted once a run",
	          row(thread, fast_calls).calls - calls_before, runs);
	check_u64("fast sweep: its five calls counted once a run", all_calls, 5 * (runs + 1));
	check_u64("fast sweep: every counted cycle in one self time", selves, counted);
	check_u64("fast sweep: no self time above its self+children", over, 0);
	return check_failures();
}
