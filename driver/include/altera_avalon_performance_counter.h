/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Nios II HAL's altera_avalon_performance_counter.h, for perfscope: a
 * program written for the Nios II Performance Counter Unit keeps this
 * include and builds unchanged once PERFORMANCE_COUNTER_0_BASE and
 * ALT_CPU_FREQ are defined, by a system.h on the include path (the
 * program's own; with fw.mk, soc/fw/system.h, the reference SoC's, when it
 * has none) or by -D.
 *
 * It declares what the HAL's header declares, as the HAL declares it:
 *   PERF_RESET(p), PERF_START_MEASURING(p), PERF_STOP_MEASURING(p),
 *   PERF_BEGIN(p, n), PERF_END(p, n)
 *   alt_u64 perf_get_total_time(void* hw_base_address);
 *   alt_u64 perf_get_section_time(void* hw_base_address, int which_section);
 *   alt_u32 perf_get_num_starts(void* hw_base_address, int which_section);
 *   int perf_print_formatted_report(void* perf_base, alt_u32 clock_freq_hertz,
 *                                   int num_sections, ...);
 *   void* alt_get_performance_counter_base(void);
 *   alt_u32 alt_get_cpu_freq(void);
 *   ALTERA_AVALON_PERFORMANCE_COUNTER_INSTANCE, _INIT (alt_sys_init.c)
 * The first five and the four perf_* functions are perfscope.h's, where they
 * are documented, and accept an integer or a pointer base. What differs from
 * the HAL is in docs/programmers-guide.md, chapter 2: reads do not stop the
 * global counter (the report does, as the HAL's). It includes io.h
 * (IORD/IOWR), as the HAL's does.
 */
#ifndef __PERFORMANCE_COUNTER_H__
#define __PERFORMANCE_COUNTER_H__

#include "alt_types.h"
#include "io.h"
#include "perfscope.h"

/*
 * The HAL compiles alt_get_cpu_freq() and alt_get_performance_counter_base()
 * with system.h; here they are inline, so they need its macros now. HAL
 * programs often include system.h after this header, so pull it in first:
 * "system.h" is searched here, then in the -iquote directories, then the
 * -I ones. fw.mk has the program's source directories -iquote and its own
 * -I before soc/fw/, so the program's system.h is the one found, which its
 * own later #include "system.h" then finds guarded.
 */
#if defined(__has_include)
#if __has_include("system.h")
#include "system.h"
#endif
#endif

/* alt_sys_init.c's hooks: no device state; initialising resets the unit. */
#define ALTERA_AVALON_PERFORMANCE_COUNTER_INSTANCE(name, dev) extern int alt_no_storage
#define ALTERA_AVALON_PERFORMANCE_COUNTER_INIT(name, dev) PERF_RESET(name##_BASE)

/* PERFORMANCE_COUNTER_0_BASE, or NULL if there is none (as the HAL). */
static __inline__ void *alt_get_performance_counter_base(void)
{
#ifdef PERFORMANCE_COUNTER_0_BASE
	return (void *)(uintptr_t)(PERFORMANCE_COUNTER_0_BASE);
#else
	return NULL;
#endif
}

/* ALT_CPU_FREQ in Hz: the clock for perf_print_formatted_report's seconds. */
#ifdef ALT_CPU_FREQ
static __inline__ alt_u32 alt_get_cpu_freq(void)
{
	return (alt_u32)(ALT_CPU_FREQ);
}
#else
alt_u32 alt_get_cpu_freq(void)
	__attribute__((error("alt_get_cpu_freq: define ALT_CPU_FREQ (system.h before this header, or -D)")));
#endif

#endif /* __PERFORMANCE_COUNTER_H__ */
