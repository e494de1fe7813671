/* SPDX-License-Identifier: Apache-2.0 */
/* perfscope's semantics seen from firmware, with exact expectations:
 * discovery, reset, occurrences, nested and overlapping sections, a section
 * begun while the global counter is stopped, and reads while counting. The
 * relations are exact because every mark is one store and marks written
 * next to each other are a fixed distance apart (cpu_timing.h). */
#include <stdint.h>
#include <stdio.h>

#include "lib/check.h"
#include "cpu_timing.h"
#include "perfscope.h"
#include "soc.h"

#define PERF ((void *)SOC_PERF_BASE)
#define BODY() __asm__ volatile(".rept 20\n\tnop\n\t.endr" ::: "memory")

static uint32_t reg(uint32_t off)
{
	return SOC_REG(SOC_PERF_BASE + off);
}

static void discovery(void)
{
	check_u64("perf_probe finds 7 sections", (uint64_t)perf_probe(PERF), 7);
	check_u64("ID register", reg(PERF_REG_ID), PERF_ID_VALUE);
	/* The simulated SoC's perfscope (sim/Makefile): TRACE_DEPTH 512, and the
	 * retire tap with HIST_BUCKETS 4096 and TRIGGERS 7. */
	check_u64("CONFIG register", reg(PERF_REG_CONFIG),
	          (PERF_VERSION_MAJOR << 16) | (PERF_VERSION_MINOR << 8) | 7u |
	                  (9u << PERF_CONFIG_TRACE_SHIFT) | (12u << PERF_CONFIG_HIST_SHIFT) |
	                  PERF_CONFIG_RETIRE_MASK | (7u << PERF_CONFIG_TRIGGERS_SHIFT));
}

static void reset(void)
{
	int all_zero = 1;

	PERF_START_MEASURING(PERF);
	PERF_BEGIN(PERF, 1);
	BODY();
	PERF_END(PERF, 1);
	PERF_BEGIN(PERF, 2);
	PERF_RESET(PERF);
	for (int n = 0; n <= 7; n++)
		all_zero &= perf_get_section_time(PERF, n) == 0 && perf_get_num_starts(PERF, n) == 0;
	check_u64("PERF_RESET zeroes every time and occurrence count", all_zero, 1);
	check_u64("PERF_RESET stops every section", reg(PERF_REG_RUN), 0);
}

static void occurrences(void)
{
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	for (int i = 0; i < 10; i++) {
		PERF_BEGIN(PERF, 1);
		PERF_END(PERF, 1);
	}
	check_u64("ten begins, ten occurrences", perf_get_num_starts(PERF, 1), 10);
	PERF_BEGIN(PERF, 2);
	PERF_BEGIN(PERF, 2);
	check_u64("begin of a running section counts again", perf_get_num_starts(PERF, 2), 2);
	check_u64("RUN shows the global counter and section 2", reg(PERF_REG_RUN), 0x5);
	PERF_END(PERF, 2);
	PERF_STOP_MEASURING(PERF);
	PERF_BEGIN(PERF, 3);
	PERF_END(PERF, 3);
	check_u64("begin while the global counter is stopped counts nothing",
	          perf_get_num_starts(PERF, 3), 0);
	check_u64("START counts a global occurrence", perf_get_num_starts(PERF, 0), 1);
}

static __attribute__((noinline)) void nested(void)
{
	PERF_BEGIN(PERF, 1);
	PERF_BEGIN(PERF, 2);
	BODY();
	PERF_END(PERF, 2);
	PERF_END(PERF, 1);
}

static __attribute__((noinline)) void overlapping(void)
{
	PERF_BEGIN(PERF, 3);
	PERF_BEGIN(PERF, 4);
	BODY();
	PERF_END(PERF, 3);
	PERF_END(PERF, 4);
}

static __attribute__((noinline)) void begun_while_stopped(void)
{
	PERF_BEGIN(PERF, 5);
	BODY();
	PERF_START_MEASURING(PERF);
	BODY();
	PERF_END(PERF, 5);
	PERF_STOP_MEASURING(PERF);
}

static void sections(void)
{
	/* Run each once to fill the instruction cache, then measure. */
	nested();
	overlapping();
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	nested();
	overlapping();
	const uint64_t t1 = perf_get_section_time(PERF, 1), t2 = perf_get_section_time(PERF, 2);
	const uint64_t t3 = perf_get_section_time(PERF, 3), t4 = perf_get_section_time(PERF, 4);
	check_u64("nested: outer = inner + two mark distances", t1, t2 + 2 * MARK_DISTANCE);
	check_u64("overlapping: both sections measure the same", t3, t4);
	check_u64("nested: one occurrence each", perf_get_num_starts(PERF, 1) + perf_get_num_starts(PERF, 2), 2);

	begun_while_stopped();
	PERF_RESET(PERF);
	begun_while_stopped();
	const uint64_t t5 = perf_get_section_time(PERF, 5);
	check_u64("begun while stopped: no occurrence", perf_get_num_starts(PERF, 5), 0);
	check_u64("begun while stopped: time from START to END only",
	          perf_get_total_time(PERF), t5 + MARK_DISTANCE);
	check_u64("begun while stopped: global time = section + one mark distance",
	          perf_get_total_time(PERF) - t5, MARK_DISTANCE);
}

/* The cycles between two reads of section n, by the same code for every n. */
static __attribute__((noinline)) uint64_t read_twice(int n)
{
	const uint64_t a = perf_get_section_time(PERF, n);
	return perf_get_section_time(PERF, n) - a;
}

/* Two reads of a running section are as far apart as two reads of the
 * global time made by the same code: reading changes no count. */
static void reads_while_counting(void)
{
	uint64_t ds = 0, dg = 0;

	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	PERF_BEGIN(PERF, 6);
	for (int round = 0; round < 3; round++) { /* the last with warm caches */
		ds = read_twice(6);
		dg = read_twice(0);
	}
	check_u64("reads of a running section advance as the global time does", ds, dg);
	const uint64_t before = perf_get_section_time(PERF, 6);
	PERF_END(PERF, 6);
	check_u64("section 6 still runs to its END", perf_get_section_time(PERF, 6) > before, 1);
}

int main(void)
{
	discovery();
	reset();
	occurrences();
	sections();
	reads_while_counting();
	return check_failures();
}
