/* SPDX-License-Identifier: Apache-2.0 */
/* A recording of 10 million cycles, complete: call-heavy code with the
 * one-store hooks (hwtrace mode, `perfscope patch`) runs until perfscope's
 * global time passes 10,000,000, while the harness drains the trace unit a
 * record a cycle into hwtrace_long.trace. Here: no record is dropped, and the
 * program prints how many calls of each function it made; the reference
 * model checks every record, and tools/test/check_outputs.py that the host
 * tool finds exactly those calls in the stream. */
#include <stdint.h>
#include <stdio.h>

#include "lib/check.h"
#include "perfscope_hwtrace.h"
#include "soc.h"

#define PERF ((void *)SOC_PERF_BASE)
#define CYCLES 10000000u

__attribute__((noinline)) unsigned step(unsigned x)
{
	return x * 1103515245u + 12345u;
}

__attribute__((noinline)) unsigned mix(unsigned x)
{
	return step(x) ^ (x >> 7);
}

/* n + 1 calls, down to depth n + 1 below its caller. */
__attribute__((noinline)) unsigned nest(unsigned n)
{
	return n ? nest(n - 1) + 1u : 0u;
}

PERF_NO_TRACE int main(void)
{
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	check_int("hwtrace_long: perf_hwtrace_start finds the unit",
	          perf_hwtrace_start(PERF, PERF_HWTRACE_STOP_ON_FULL), 0);
	uint32_t mixes = 0, nests = 0, x = 1;
	uint64_t now;
	while ((now = perf_get_total_time(PERF)) < CYCLES) {
		x = mix(x);
		mixes++;
		nests += nest(x & 15u) + 1u;
	}
	perf_hwtrace_stop(PERF);
	check_u64("hwtrace_long: no record dropped in 10 M cycles", perf_hwtrace_drops(PERF), 0);
	printf("hwtrace_long: %llu cycles, calls: mix %lu step %lu nest %lu\n",
	       (unsigned long long)now, (unsigned long)mixes, (unsigned long)mixes,
	       (unsigned long)nests);
	return check_failures();
}
