/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The example's traced code, built with -finstrument-functions (fw/Makefile):
 * each call's entry and exit is one store to perfscope's trace unit
 * (driver/hooks/hwtrace.c), which stamps it. work() solves the towers of
 * Hanoi for 5 discs: 1 call of work, 63 of hanoi (down to depth 7), 31 of
 * move. soc/litex/test.sh reads them back from the console's trace frames
 * with the host tool.
 */
#include "traced.h"

static unsigned moves;

__attribute__((noinline)) void move(unsigned from, unsigned to)
{
	moves += from * 4u + to;
}

__attribute__((noinline)) void hanoi(unsigned n, unsigned from, unsigned to, unsigned via)
{
	if (n == 0)
		return;
	hanoi(n - 1, from, via, to);
	move(from, to);
	hanoi(n - 1, via, to, from);
}

__attribute__((noinline)) unsigned work(void)
{
	moves = 0;
	hanoi(5, 0, 2, 1);
	return moves;
}
