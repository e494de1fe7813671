/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A program written to the Nios II HAL, compiled (never run) by
 * `make -C driver test` for the host and by `make -C driver rv32` for rv32,
 * with -Wall -Wextra -Werror -Wsign-compare -Wconversion -Wpedantic, so a
 * header regression fails before any firmware is built. Twice each: with the
 * HAL includes, and with -DPERFSCOPE_H_ONLY, perfscope.h in their place.
 *
 * The body is HAL code as it is written: integer bases from system.h passed
 * to the macros and the functions, HAL types, printf. The _Static_asserts
 * pin the HAL's types and prototypes exactly (_Generic matches only a
 * compatible type: unsigned long for unsigned long long fails).
 */
#ifdef PERFSCOPE_H_ONLY
#include "perfscope.h"
#else
#include "altera_avalon_performance_counter.h"
#include "alt_types.h"
#endif
#include "system.h"

#include <limits.h>
#include <stdio.h>

#define IS(expr, type) _Generic((expr), type: 1, default: 0)

_Static_assert(IS((alt_8)0, signed char), "alt_8 is signed char");
_Static_assert(IS((alt_u8)0, unsigned char), "alt_u8 is unsigned char");
_Static_assert(IS((alt_16)0, short), "alt_16 is short");
_Static_assert(IS((alt_u16)0, unsigned short), "alt_u16 is unsigned short");
#if ULONG_MAX == 0xffffffffUL
/* ILP32, as Nios II and rv32: the HAL's own types. */
_Static_assert(IS((alt_32)0, long), "alt_32 is long");
_Static_assert(IS((alt_u32)0, unsigned long), "alt_u32 is unsigned long");
#else
_Static_assert(IS((alt_32)0, int), "alt_32 is int where long is 64 bits");
_Static_assert(IS((alt_u32)0, unsigned int), "alt_u32 is unsigned int where long is 64 bits");
#endif
_Static_assert(IS((alt_64)0, long long), "alt_64 is long long");
_Static_assert(IS((alt_u64)0, unsigned long long), "alt_u64 is unsigned long long");
/* perfscope's own API takes uint32_t: an alt_u32 * must pass for it. */
_Static_assert(IS((alt_u32 *)0, uint32_t *), "alt_u32 is uint32_t");

/* The HAL's prototypes; the name without a call is the function. */
_Static_assert(IS(&perf_get_total_time, alt_u64 (*)(void *)), "perf_get_total_time");
_Static_assert(IS(&perf_get_section_time, alt_u64 (*)(void *, int)), "perf_get_section_time");
_Static_assert(IS(&perf_get_num_starts, alt_u32 (*)(void *, int)), "perf_get_num_starts");
_Static_assert(IS(&perf_print_formatted_report, int (*)(void *, alt_u32, int, ...)),
               "perf_print_formatted_report");
#ifndef PERFSCOPE_H_ONLY
_Static_assert(IS(&alt_get_cpu_freq, alt_u32 (*)(void)), "alt_get_cpu_freq");
_Static_assert(IS(&alt_get_performance_counter_base, void *(*)(void)),
               "alt_get_performance_counter_base");
ALTERA_AVALON_PERFORMANCE_COUNTER_INSTANCE(PERFORMANCE_COUNTER_0, performance_counter_0);
/* io.h's reads are int, as the HAL's builtins (__builtin_ldwio). */
_Static_assert(IS(IORD(PERFORMANCE_COUNTER_0_BASE, 0), int), "IORD is int");
_Static_assert(IS(IORD_32DIRECT(PERFORMANCE_COUNTER_0_BASE, 0), int), "IORD_32DIRECT is int");
_Static_assert(IS(IORD_16DIRECT(PERFORMANCE_COUNTER_0_BASE, 0), int), "IORD_16DIRECT is int");
_Static_assert(IS(IORD_8DIRECT(PERFORMANCE_COUNTER_0_BASE, 0), int), "IORD_8DIRECT is int");
#endif

void work(void);

int hal_program(void)
{
	alt_u64 (*section_time)(void *, int) = perf_get_section_time;
	alt_u64 sum = 0;

#ifndef PERFSCOPE_H_ONLY
	ALTERA_AVALON_PERFORMANCE_COUNTER_INIT(PERFORMANCE_COUNTER_0, performance_counter_0);
	void *base = alt_get_performance_counter_base();
#else
	void *base = (void *)(uintptr_t)PERFORMANCE_COUNTER_0_BASE; /* no int-to-pointer size warning on LP64 */
#endif
	PERF_RESET(PERFORMANCE_COUNTER_0_BASE);
	PERF_START_MEASURING(PERFORMANCE_COUNTER_0_BASE);
	for (int s = 1; s <= PERFORMANCE_COUNTER_0_HOW_MANY_SECTIONS; s++) {
		PERF_BEGIN(PERFORMANCE_COUNTER_0_BASE, s);
		work();
		PERF_END(base, s);
	}
	PERF_STOP_MEASURING(PERFORMANCE_COUNTER_BASE);

	alt_u64 total = perf_get_total_time(PERFORMANCE_COUNTER_BASE);
	for (int s = 1; s <= PERFORMANCE_COUNTER_0_HOW_MANY_SECTIONS; s++)
		sum += perf_get_section_time(PERFORMANCE_COUNTER_0_BASE, s);
	alt_u32 starts = perf_get_num_starts(PERFORMANCE_COUNTER_0_BASE, 1);
	alt_u32 global_starts = perf_get_num_starts(base, 0);
	alt_u64 first = section_time(base, 1);
	alt_u32 clock = ALT_CPU_FREQ;
#ifndef PERFSCOPE_H_ONLY
	clock = alt_get_cpu_freq();
#endif
	alt_u32 ms = (alt_u32)(total * 1000u / clock);

	printf("total %llu, sections %llu, first %llu\n", total, sum, first);
#if ULONG_MAX == 0xffffffffUL
	printf("starts %lu of %lu, %lu ms\n", starts, global_starts, ms);
#endif
	if (starts != 1 || global_starts == 0 || sum > total || ms > 1000)
		return 1;
	return perf_print_formatted_report(PERFORMANCE_COUNTER_0_BASE, ALT_CPU_FREQ, 3,
	                                   "first", "second", "third");
}
