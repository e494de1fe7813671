/* SPDX-License-Identifier: Apache-2.0 */
/* The trace unit's hooks on a real program (driver/hooks/hwtrace.c): built
 * with -finstrument-functions, every call of work, leaf and fib is two
 * stores, ENTER and EXIT, which the IP stamps and streams to the harness;
 * the reference model checks every record, and the host tool's table of
 * the stream is checked against the calls below (tools/test/check_outputs.py).
 * Here: the unit is found, nothing is dropped while the harness drains a
 * record a cycle, and the program computes what it would untraced. */
#include <stdint.h>

#include "lib/check.h"
#include "perfscope_frame.h"
#include "perfscope_hwtrace.h"
#include "soc.h"

#define PERF ((void *)SOC_PERF_BASE)

__attribute__((noinline)) unsigned leaf(unsigned x)
{
	return x * 3u + 1u;
}

/* fib(10): 177 calls, 1 of them from outside. */
__attribute__((noinline)) unsigned fib(unsigned n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

/* 1 call: 10 of leaf, then fib(10). */
__attribute__((noinline)) unsigned work(void)
{
	unsigned s = 0;
	for (unsigned i = 0; i < 10; i++)
		s += leaf(i);
	return s + fib(10);
}

PERF_NO_TRACE int main(void)
{
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	check_int("hwtrace: perf_hwtrace_start finds the unit",
	          perf_hwtrace_start(PERF, PERF_HWTRACE_STOP_ON_FULL), 0);
	PERF_BEGIN(PERF, 1);
	const unsigned r = work();
	PERF_END(PERF, 1);
	perf_hwtrace_stop(PERF);
	check_u64("hwtrace: work() = 145 + fib(10) = 200, as untraced", r, 200);
	check_u64("hwtrace: no record dropped", perf_hwtrace_drops(PERF), 0);
	/* A sections frame, and before it the run frame with the clock and the
	 * build id, which the host tool takes for the stream. */
	struct perf_snapshot s;
	check_int("hwtrace: snapshot of the 7 sections", perf_snapshot(PERF, &s), 7);
	check_int("hwtrace: the frame is written",
	          perf_snapshot_frame(&s, SOC_CLOCK_HZ, NULL, NULL), 0);
	check_int("hwtrace: perf_hwtrace_start refuses an unknown mode",
	          perf_hwtrace_start(PERF, (enum perf_hwtrace_mode)2), -PERF_EINVAL);
	return check_failures();
}
