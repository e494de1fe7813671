/* SPDX-License-Identifier: Apache-2.0 */
/* A program with no instrumentation at all, profiled from the CPU's retire
 * stream (docs/retire.md): built with the plain firmware flags, it makes
 * the calls the retire stream must get right and counts them itself; the
 * harness records its retire stream (retire.retire), and
 * tools/test/check_outputs.py checks that the host tool finds exactly these
 * calls, at these depths.
 *
 * - recursion: nest(12), 13 calls down to depth 13 below main, and
 *   tree(6), 127 calls in two recursions per call (each call's own work
 *   after its recursive calls keeps GCC from turning them into loops, as
 *   it turns one of fib's two: a profile from the retire stream counts the
 *   calls the code makes, not the ones the C source spells);
 * - a tail call: tail_caller ends in a jump to tail_callee (GCC's sibling
 *   call at -O2), which then stands in tail_caller's place;
 * - a call through a pointer (jalr ra);
 * - longjmp out of 5 nested calls of deep(), back into main;
 * - a timer interrupt whose handler calls isr_work(), landing inside
 *   spin(): the handler's time is its own, not spin()'s. */
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>

#include "lib/check.h"
#include "soc.h"

#define MCAUSE_MACHINE_TIMER 0x80000007u

static volatile uint32_t sink;
static jmp_buf jump_back;
static volatile unsigned interrupts;

__attribute__((noinline)) unsigned nest(unsigned n)
{
	if (!n)
		return 0;
	const unsigned r = nest(n - 1);
	sink = r;
	return r + 1u;
}

__attribute__((noinline)) unsigned tree(unsigned n)
{
	if (!n)
		return 1;
	const unsigned a = tree(n - 1);
	sink = a;
	const unsigned b = tree(n - 1);
	sink = b;
	return a + b;
}

__attribute__((noinline)) unsigned tail_callee(unsigned x)
{
	sink = x;
	return x * 3u;
}

/* Ends in `j tail_callee`: no frame of its own to tear down. */
__attribute__((noinline)) unsigned tail_caller(unsigned x)
{
	return tail_callee(x + 1u);
}

__attribute__((noinline)) unsigned by_pointer(unsigned x)
{
	return x + 7u;
}

unsigned (*volatile indirect)(unsigned) = by_pointer;

static volatile int jumping = 1; /* volatile: deep() may return, as far as GCC knows */

__attribute__((noinline)) void deep(unsigned n)
{
	sink = n;
	if (!n) {
		if (jumping)
			longjmp(jump_back, 1);
		return;
	}
	deep(n - 1);
	sink = n; /* never reached: keeps deep() from being a tail call */
}

__attribute__((noinline)) void after_jump(void)
{
	sink = 0;
}

__attribute__((noinline)) void isr_work(void)
{
	__asm__ volatile(".rept 20\n\tnop\n\t.endr");
}

__attribute__((noinline)) void spin(void)
{
	const uint32_t hi = SOC_REG(SOC_MTIME_HI);
	const uint32_t when = SOC_REG(SOC_MTIME_LO) + 50u;
	SOC_REG(SOC_MTIMECMP_LO) = when;
	SOC_REG(SOC_MTIMECMP_HI) = hi + (when < 50u);
	__asm__ volatile("csrs mie, %0\n\tcsrs mstatus, %1" : : "r"(1u << 7), "r"(1u << 3));
	while (!interrupts)
		;
}

void trap_handler(unsigned mcause, unsigned mepc)
{
	(void)mepc;
	if (mcause != MCAUSE_MACHINE_TIMER) {
		printf("trap: unexpected mcause 0x%08x\n", mcause);
		soc_exit(SOC_EXIT_EXCEPTION);
	}
	SOC_REG(SOC_MTIMECMP_HI) = 0xffffffffu;
	SOC_REG(SOC_MTIMECMP_LO) = 0xffffffffu;
	isr_work();
	interrupts++;
}

int main(void)
{
	check_int("retire: nest(12)", (int)nest(12), 12);
	check_int("retire: tree(6)", (int)tree(6), 64);
	unsigned t = 0;
	for (unsigned i = 0; i < 10; i++)
		t += tail_caller(i);
	check_int("retire: tail_caller", (int)t, 3 * 55);
	check_int("retire: a call through a pointer", (int)indirect(5), 12);
	if (!setjmp(jump_back))
		deep(5);
	after_jump();
	spin();
	check_int("retire: one interrupt", (int)interrupts, 1);
	printf("retire: calls: nest 13 tree 127 tail_caller 10 tail_callee 10 by_pointer 1 deep 6 after_jump 1 "
	       "spin 1 isr_work %u\n",
	       interrupts);
	return check_failures();
}
