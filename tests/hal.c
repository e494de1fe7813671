/* SPDX-License-Identifier: Apache-2.0 */
/* A program written to the Nios II HAL, run on perfscope: the HAL's
 * includes and types, the integer base of system.h passed to the macros and
 * to the functions, alt_get_* and the formatted report. tests/Makefile
 * builds it with nothing but -DPERFORMANCE_COUNTER_0_BASE=0x80000000 added
 * to what every test gets; soc/fw/system.h gives the rest.
 *
 * The HAL code measures sections of nops, so every count is exact
 * (cpu_timing.h). The checks around it use the test helpers and soc.h. */
#include <stdio.h>
#include <string.h>

#include "altera_avalon_performance_counter.h"
#include "alt_types.h"
#include "system.h"

#include "lib/check.h"
#include "cpu_timing.h"
#include "soc.h"

#define NOPS(k) __asm__ volatile(".rept " #k "\n\tnop\n\t.endr" ::: "memory")
#define RUNS 2

/* ---- the HAL program ---------------------------------------------------- */

/* Sections of 10, 20 and 30 nops, each a function of its own shaped as
 * tests/timing.c's sections: each takes BIAS + K * NOP_CYCLES. */
#define SECTION(n, k)                                       \
	static __attribute__((noinline)) void section_##n(void) \
	{                                                       \
		PERF_BEGIN(PERFORMANCE_COUNTER_0_BASE, n);          \
		NOPS(k);                                            \
		PERF_END(PERFORMANCE_COUNTER_0_BASE, n);            \
	}
SECTION(1, 10)
SECTION(2, 20)
SECTION(3, 30)

static __attribute__((noinline)) void workload(void)
{
	PERF_START_MEASURING(PERFORMANCE_COUNTER_0_BASE);
	section_1();
	section_2();
	section_3();
	PERF_STOP_MEASURING(PERFORMANCE_COUNTER_0_BASE);
}

/* Section 4 right between START and STOP: the global time is the
 * section's and two mark distances (adjacent marks, as semantics.c's
 * nested sections). What the section itself takes right behind another
 * mark is not in cpu_timing.h, so only that relation is checked. */
static __attribute__((noinline)) void bracketed(void)
{
	PERF_START_MEASURING(PERFORMANCE_COUNTER_BASE);
	PERF_BEGIN(PERFORMANCE_COUNTER_BASE, 4);
	NOPS(10);
	PERF_END(PERFORMANCE_COUNTER_BASE, 4);
	PERF_STOP_MEASURING(PERFORMANCE_COUNTER_BASE);
}

/* Section times and starts, read as HAL programs read them. */
static alt_u64 total_time, section_time[4];
static alt_u32 starts[4];

static void measure(void)
{
	workload(); /* fills the instruction cache; RESET drops its counts */
	PERF_RESET(PERFORMANCE_COUNTER_0_BASE);
	for (int run = 0; run < RUNS; run++)
		workload();

	total_time = perf_get_total_time(PERFORMANCE_COUNTER_0_BASE);
	for (int s = 0; s <= 3; s++) {
		section_time[s] = perf_get_section_time(PERFORMANCE_COUNTER_0_BASE, s);
		starts[s] = perf_get_num_starts(PERFORMANCE_COUNTER_0_BASE, s);
	}
	printf("HAL: section 1 began %lu times in %lu measurements\n", starts[1], starts[0]);
}

/* ---- the checks --------------------------------------------------------- */

/* What perf_print_formatted_report prints, captured by swapping the put
 * routine of stdout's picolibc FILE for a while. */
static char printed[2048];
static unsigned printed_len;

static int capture(char c, FILE *f)
{
	(void)f;
	if (printed_len < sizeof printed - 1)
		printed[printed_len++] = c;
	return (unsigned char)c;
}

static void check_discovery(void)
{
	check_u64("alt_get_performance_counter_base() is soc.h's SOC_PERF_BASE",
	          (uintptr_t)alt_get_performance_counter_base(), SOC_PERF_BASE);
	check_u64("alt_get_cpu_freq() is system.h's ALT_CPU_FREQ, 50 MHz", alt_get_cpu_freq(), 50000000);
	check_u64("system.h's PERFORMANCE_COUNTER_0_HOW_MANY_SECTIONS is the SoC's",
	          PERFORMANCE_COUNTER_0_HOW_MANY_SECTIONS, (uint64_t)perf_probe((void *)SOC_PERF_BASE));
}

static void check_reset(void)
{
	alt_u64 nonzero = 0;

	PERF_START_MEASURING(PERFORMANCE_COUNTER_BASE);
	PERF_BEGIN(PERFORMANCE_COUNTER_BASE, 4);
	PERF_RESET(PERFORMANCE_COUNTER_0_BASE);
	for (int s = 0; s <= PERFORMANCE_COUNTER_0_HOW_MANY_SECTIONS; s++)
		nonzero += perf_get_section_time(PERFORMANCE_COUNTER_0_BASE, s) +
		           perf_get_num_starts(PERFORMANCE_COUNTER_0_BASE, s);
	check_u64("PERF_RESET(integer base): every time and start count 0", nonzero, 0);
	check_u64("PERF_RESET(integer base): the global time stays 0",
	          perf_get_total_time(PERFORMANCE_COUNTER_0_BASE), 0);
}

/* Section s (1..3) has s * 10 nops; RUNS runs of it take exactly this. */
static alt_u64 expected_time(int s)
{
	return RUNS * (BIAS + 10u * (alt_u64)s * NOP_CYCLES);
}

static void check_counts(void)
{
	char what[80];

	for (int s = 1; s <= 3; s++) {
		snprintf(what, sizeof what, "section %d, %d nops: %d x (BIAS + K x NOP_CYCLES)", s,
		         10 * s, RUNS);
		check_u64(what, section_time[s], expected_time(s));
		snprintf(what, sizeof what, "section %d: perf_get_num_starts = %d", s, RUNS);
		check_u64(what, starts[s], RUNS);
	}
	check_u64("perf_get_num_starts(base, 0): one per PERF_START_MEASURING", starts[0], RUNS);
	check_u64("perf_get_section_time(base, 0) is the total time", section_time[0], total_time);

	/* The same reads through a pointer base, and through function pointers. */
	alt_u64 (*get_total)(void *) = &perf_get_total_time;
	alt_u64 (*get_section)(void *, int) = perf_get_section_time;
	alt_u32 (*get_starts)(void *, int) = perf_get_num_starts;
	check_u64("perf_get_total_time(pointer base) = with the integer base",
	          perf_get_total_time(alt_get_performance_counter_base()), total_time);
	check_u64("&perf_get_total_time called", get_total(alt_get_performance_counter_base()), total_time);
	check_u64("perf_get_section_time through a function pointer",
	          get_section((void *)PERFORMANCE_COUNTER_0_BASE, 2), expected_time(2));
	check_u64("perf_get_num_starts through a function pointer",
	          get_starts((void *)PERFORMANCE_COUNTER_0_BASE, 3), RUNS);
}

/* The HAL call's report, integer base and ALT_CPU_FREQ, must be the report
 * of the expected counts (the global time as read: calls are in it too). */
static void check_report(void)
{
	static char want[sizeof printed];
	static const char *const names[3] = {"ten nops", "twenty nops", "thirty nops"};
	struct perf_snapshot expected = {.num_sections = PERFORMANCE_COUNTER_0_HOW_MANY_SECTIONS};

	expected.time[0] = total_time;
	expected.occurrences[0] = RUNS;
	for (int s = 1; s <= 3; s++) {
		expected.time[s] = expected_time(s);
		expected.occurrences[s] = RUNS;
	}
	perf_report_format(want, sizeof want, &expected, 50000000, 3, names);

	int (*console)(char, FILE *) = stdout->put;
	stdout->put = capture;
	const int rc = perf_print_formatted_report(PERFORMANCE_COUNTER_0_BASE, ALT_CPU_FREQ, 3,
	                                           "ten nops", "twenty nops", "thirty nops");
	stdout->put = console;

	fputs(printed, stdout);
	check_u64("perf_print_formatted_report(integer base, ALT_CPU_FREQ, 3, ...) returns 0", rc, 0);
	check_u64("it prints the expected counts, the names, seconds at 50 MHz",
	          strcmp(printed, want) == 0, 1);
	if (strcmp(printed, want) != 0)
		printf("expected report:\n%s", want);
}

static void check_global_time(void)
{
	bracketed();
	PERF_RESET(PERFORMANCE_COUNTER_BASE);
	for (int run = 0; run < RUNS; run++)
		bracketed();
	check_u64("perf_get_total_time = section 4 + two mark distances a run",
	          perf_get_total_time(PERFORMANCE_COUNTER_BASE),
	          perf_get_section_time(PERFORMANCE_COUNTER_BASE, 4) + RUNS * 2 * MARK_DISTANCE);
	check_u64("section 4: one start a run", perf_get_num_starts(PERFORMANCE_COUNTER_BASE, 4), RUNS);
}

/* The report stops the global counter before it reads, as the HAL
 * documents its report: called with the counter running, it prints the
 * total time the program reads after it, however long the printing took,
 * and the counter stays stopped. */
static void check_report_stops(void)
{
	char want[48];

	PERF_RESET(PERFORMANCE_COUNTER_0_BASE);
	PERF_START_MEASURING(PERFORMANCE_COUNTER_0_BASE);
	section_1();
	memset(printed, 0, sizeof printed);
	printed_len = 0;
	int (*console)(char, FILE *) = stdout->put;
	stdout->put = capture;
	perf_print_formatted_report(PERFORMANCE_COUNTER_0_BASE, ALT_CPU_FREQ, 1, "ten nops");
	stdout->put = console;
	const alt_u64 after = perf_get_total_time(PERFORMANCE_COUNTER_0_BASE);
	NOPS(10);
	check_u64("the report, the counter running, stops it: the total time stands after it",
	          perf_get_total_time(PERFORMANCE_COUNTER_0_BASE), after);
	snprintf(want, sizeof want, "(%lu clock-cycles)", (unsigned long)after);
	check_u64("the report's Total Time is the one read after it", strstr(printed, want) != NULL,
	          1);
}

/* Documented in docs/programmers-guide.md: with FW_PRINTF=integer, as
 * tests/Makefile builds this, picolibc's printf prints %llu modulo 2^32 and
 * still consumes the argument. */
static void check_llu(void)
{
	char buf[48];
	const alt_u64 big = 0x100000005ull;

	snprintf(buf, sizeof buf, "%llu %d", big, 7);
	check_u64("integer printf: %llu of 2^32 + 5 prints 5, the next argument right",
	          strcmp(buf, "5 7") == 0, 1);
}

int main(void)
{
	check_discovery();
	check_reset();
	measure();
	check_counts();
	check_report();
	check_global_time();
	check_report_stops();
	check_llu();
	return check_failures();
}
