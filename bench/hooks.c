/* SPDX-License-Identifier: Apache-2.0 */
/* Benchmark of the entry/exit hooks. Built with the two workloads
 * (work_light.c, work_heavy.c) once without instrumentation, and once per
 * hook: empty hooks, a counting hook, the two bare rings (bare_ring.c with
 * -finstrument-functions, entry_ring.c patched into the entry nops), the
 * call trace in log and stack mode, function cost, profiles, -pg hot
 * addresses and the trace unit's one-store hooks. Prints
 *   BENCH call=<cycles per call of an empty function> light=<cycles> heavy=<cycles>
 * and, in the counting builds, the instrumented calls each workload made
 * (calls_light, calls_heavy with -finstrument-functions; mcount_light,
 * mcount_heavy with -pg). light is the call-light workload (32 packets,
 * each checksummed with CRC-32, its keys insertion-sorted, its text
 * tokenized), heavy the call-heavy one (HEAVY_ROUNDS rounds of list, state
 * machine, matrix and CRC-16 kernels made of small functions). Timed by the
 * SoC's MTIME, which perfscope does not touch. */
#include <stdint.h>
#include <stdio.h>

#include "perfscope_calltrace.h"
#include "perfscope_funccost.h"
#include "perfscope_hot.h"
#include "perfscope_hwtrace.h"
#include "perfscope_profile.h"
#include "soc.h"
#include "work.h"

#define PERF  ((void *)SOC_PERF_BASE)
#define CALLS 1000
#define HEAVY_ROUNDS 8

void entry_ring_init(int log) PERF_NO_TRACE; /* entry_ring.c */
extern volatile uint32_t count_calls;        /* count_hooks.c */

static uint32_t ring[(sizeof(struct perf_calltrace) + 64 * sizeof(struct perf_calltrace_record)) / 4];
static uint32_t costbuf[(sizeof(struct perf_funccost) + 3072 * sizeof(struct perf_funccost_record)) / 4];
static uint64_t stats[(sizeof(struct perf_statistics) + 64 * sizeof(struct perf_funcstat)) / 8];
static uint64_t prof[PERF_PROFILE_SIZE(64) / 8];

__attribute__((noinline)) void empty(void)
{
	__asm__ volatile("");
}

static void calls(void)
{
	for (int i = 0; i < CALLS; i++)
		empty();
}

__attribute__((noinline)) static void light(void)
{
	light_init();
	for (unsigned i = 0; i < 32; i++)
		light_round(i);
}

static PERF_NO_TRACE uint32_t timed(void (*f)(void))
{
	const uint32_t t0 = SOC_REG(SOC_MTIME_LO);
	f();
	return SOC_REG(SOC_MTIME_LO) - t0;
}

/* Between timed runs: function cost summarizes its measurement buffer, as
 * a long measurement would, so that it never fills. */
static PERF_NO_TRACE void between(void)
{
#if defined(MODE_cost)
	perf_statistics_calc(stats);
#endif
}

/* The call-heavy workload, a round at a time; only the rounds are timed. */
static PERF_NO_TRACE uint32_t heavy(void)
{
	uint32_t t = 0;
	for (unsigned i = 0; i < HEAVY_ROUNDS; i++) {
		const uint32_t t0 = SOC_REG(SOC_MTIME_LO);
		heavy_round(i);
		t += SOC_REG(SOC_MTIME_LO) - t0;
		between();
	}
	return t;
}

/* What the counting builds count: instrumented calls, or -pg's _mcount calls. */
static PERF_NO_TRACE uint32_t counted(void)
{
#if defined(MODE_count)
	return count_calls;
#elif defined(MODE_hot)
	return perf_hot_current()->calls;
#else
	return 0;
#endif
}

PERF_NO_TRACE int main(void)
{
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
#if defined(MODE_log)
	perf_calltrace_init(PERF, ring, sizeof ring, PERF_CALLTRACE_LOG);
#elif defined(MODE_stack)
	perf_calltrace_init(PERF, ring, sizeof ring, PERF_CALLTRACE_STACK);
#elif defined(MODE_cost)
	perf_funccost_init(PERF, costbuf, sizeof costbuf);
	perf_statistics_init(stats, sizeof stats);
#elif defined(MODE_profile)
	perf_profile_attach(PERF);
	const int id = perf_profile_create(prof, sizeof prof);
	perf_profile_unfreeze(id);
	perf_profile_enable(id);
	perf_profile_switch(id);
#elif defined(MODE_hot)
	perf_hot_init(costbuf, sizeof costbuf, 1, 0);
#elif defined(MODE_entry)
	entry_ring_init(0);
#elif defined(MODE_entry_log)
	entry_ring_init(1);
#elif defined(MODE_hwtrace)
	if (perf_hwtrace_start(PERF, PERF_HWTRACE_STOP_ON_FULL) != 0) {
		printf("bench: perfscope has no trace unit\n");
		return 1;
	}
#endif
	timed(calls); /* fill the caches */
	between();
	const uint32_t t_calls = timed(calls);
	between();
	timed(light);
	between();
	const uint32_t c0 = counted();
	const uint32_t t_light = timed(light);
	const uint32_t c1 = counted();
	between();
	heavy();
	const uint32_t c2 = counted();
	const uint32_t t_heavy = heavy();
	const uint32_t c3 = counted();
	/* An empty loop of CALLS iterations costs what calls() costs without the calls. */
	printf("BENCH call=%lu.%02lu light=%lu heavy=%lu", (unsigned long)(t_calls / CALLS),
	       (unsigned long)(t_calls % CALLS / 10), (unsigned long)t_light, (unsigned long)t_heavy);
#if defined(MODE_count)
	printf(" calls_light=%lu calls_heavy=%lu", (unsigned long)(c1 - c0), (unsigned long)(c3 - c2));
#elif defined(MODE_hot)
	printf(" mcount_light=%lu mcount_heavy=%lu", (unsigned long)(c1 - c0), (unsigned long)(c3 - c2));
#endif
	printf("\n");
#if defined(MODE_profile)
	const struct perf_profile *p = perf_profile_get(id);
	printf("profile: %lu functions, %lu dropped\n", (unsigned long)p->functions, (unsigned long)p->dropped);
#endif
	(void)c0, (void)c1, (void)c2, (void)c3;
	(void)stats, (void)costbuf, (void)ring, (void)prof;
	return 0;
}
