/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The example's traced code, built with -finstrument-functions (fw/Makefile):
 * each call's entry and exit is one store to perfscope's trace unit
 * (driver/hooks/hwtrace.c), which stamps it. work() makes 1 + 10 + 177
 * calls: itself, leaf ten times, fib(10). soc/litex/test.sh reads them back
 * from the console's trace frames with the host tool.
 */
#include "traced.h"

__attribute__((noinline)) unsigned leaf(unsigned x)
{
	return x * 3u + 1u;
}

__attribute__((noinline)) unsigned fib(unsigned n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

__attribute__((noinline)) unsigned work(void)
{
	unsigned s = 0;
	for (unsigned i = 0; i < 10; i++)
		s += leaf(i);
	return s + fib(10);
}
