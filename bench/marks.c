/* SPDX-License-Identifier: Apache-2.0 */
/* Benchmark: what a PERF_BEGIN/PERF_END pair costs the program, against the
 * same loop without it, against two stores to a one-cycle I/O slave
 * (SCRATCH), and against timing the body in software with mcycle (Full
 * only: Min and Lite have no cycle CSR). Timed by the SoC's MTIME, which
 * perfscope does not touch. Prints one "BENCH key=value ..." line. */
#include <stdint.h>
#include <stdio.h>

#include "perfscope.h"
#include "soc.h"

#define PERF  ((void *)SOC_PERF_BASE)
#define N     1000
#define BODY() __asm__ volatile(".rept 8\n\tnop\n\t.endr" ::: "memory")

static volatile uint32_t sink;

static __attribute__((noinline)) uint32_t plain(void)
{
	const uint32_t t0 = SOC_REG(SOC_MTIME_LO);
	for (int i = 0; i < N; i++)
		BODY();
	return SOC_REG(SOC_MTIME_LO) - t0;
}

static __attribute__((noinline)) uint32_t marks(void)
{
	const uint32_t t0 = SOC_REG(SOC_MTIME_LO);
	for (int i = 0; i < N; i++) {
		PERF_BEGIN(PERF, 1);
		BODY();
		PERF_END(PERF, 1);
	}
	return SOC_REG(SOC_MTIME_LO) - t0;
}

static __attribute__((noinline)) uint32_t scratch(void)
{
	const uint32_t t0 = SOC_REG(SOC_MTIME_LO);
	for (int i = 0; i < N; i++) {
		SOC_REG(SOC_SCRATCH) = 0;
		BODY();
		SOC_REG(SOC_SCRATCH) = 0;
	}
	return SOC_REG(SOC_MTIME_LO) - t0;
}

#if defined(CPU_VexRiscv_Full)
static inline uint32_t mcycle(void)
{
	uint32_t c;
	__asm__ volatile("csrr %0, mcycle" : "=r"(c));
	return c;
}

static __attribute__((noinline)) uint32_t software(void)
{
	uint32_t acc = 0;
	const uint32_t t0 = SOC_REG(SOC_MTIME_LO);
	for (int i = 0; i < N; i++) {
		const uint32_t c0 = mcycle();
		BODY();
		acc += mcycle() - c0;
	}
	const uint32_t t = SOC_REG(SOC_MTIME_LO) - t0;
	sink = acc;
	return t;
}
#endif

/* Hundredths of a cycle per iteration, as "I.FF". */
static void per_iteration(const char *key, uint32_t t, uint32_t base)
{
	const uint32_t h = (t - base) * 100u / N;
	printf(" %s=%lu.%02lu", key, (unsigned long)(h / 100u), (unsigned long)(h % 100u));
}

static __attribute__((noinline)) void empty_section(void)
{
	PERF_BEGIN(PERF, 2);
	PERF_END(PERF, 2);
}

int main(void)
{
	uint32_t bias = 0;

	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	/* Each once to fill the instruction cache, then for real. */
	plain(); marks(); scratch();
	const uint32_t t_plain = plain(), t_marks = marks(), t_scratch = scratch();
	empty_section();
	const uint64_t e0 = perf_get_section_time(PERF, 2);
	empty_section();
	const uint64_t empty = perf_get_section_time(PERF, 2) - e0;
	perf_calibrate(PERF, 7, &bias);

	printf("BENCH");
	per_iteration("marks", t_marks, t_plain);
	per_iteration("scratch", t_scratch, t_plain);
#if defined(CPU_VexRiscv_Full)
	software();
	per_iteration("mcycle", software(), t_plain);
#else
	printf(" mcycle=n/a");
#endif
	printf(" empty=%lu bias=%lu\n", (unsigned long)empty, (unsigned long)bias);
	return 0;
}
