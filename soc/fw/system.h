/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The reference SoC described as the Nios II HAL's generated system.h
 * describes a system with a Performance Counter Unit, so that HAL programs
 * that include "system.h" build unchanged (fw.mk puts this directory on the
 * include path, after the program's own: a system.h of the program's,
 * beside its sources or in a directory it gives with -I, is read instead,
 * whether it comes before or after altera_avalon_performance_counter.h).
 * Only the perfscope instance and the clock: the rest of the SoC is in
 * soc.h. Every macro yields to a -D of the same name, for a board with
 * another clock or a SoC with perfscope elsewhere.
 *
 * Plain integer constants, as the HAL's: comparing them with an int draws
 * no -Wsign-compare.
 */
#ifndef __SYSTEM_H_
#define __SYSTEM_H_

/* The reference SoC's nominal clock, the one demo/demo.c reports in. */
#ifndef ALT_CPU_FREQ
#define ALT_CPU_FREQ 50000000
#endif
/* The same clock under the other names a generated system.h gives it. */
#ifndef ALT_CPU_CPU_FREQ
#define ALT_CPU_CPU_FREQ ALT_CPU_FREQ
#endif
#ifndef NIOS2_CPU_FREQ
#define NIOS2_CPU_FREQ ALT_CPU_FREQ
#endif

/* perfscope at soc.h's SOC_PERF_BASE, with soc_top's PERF_SECTIONS sections. */
#ifndef PERFORMANCE_COUNTER_0_BASE
#define PERFORMANCE_COUNTER_0_BASE 0x80000000
#endif
#ifndef PERFORMANCE_COUNTER_0_SPAN
#define PERFORMANCE_COUNTER_0_SPAN 256
#endif
#ifndef PERFORMANCE_COUNTER_0_HOW_MANY_SECTIONS
#define PERFORMANCE_COUNTER_0_HOW_MANY_SECTIONS 7
#endif
#ifndef PERFORMANCE_COUNTER_0_IRQ
#define PERFORMANCE_COUNTER_0_IRQ -1
#endif
#ifndef PERFORMANCE_COUNTER_0_NAME
#define PERFORMANCE_COUNTER_0_NAME "/dev/performance_counter_0"
#endif
#ifndef PERFORMANCE_COUNTER_0_TYPE
#define PERFORMANCE_COUNTER_0_TYPE "altera_avalon_performance_counter"
#endif
#ifndef __ALTERA_AVALON_PERFORMANCE_COUNTER
#define __ALTERA_AVALON_PERFORMANCE_COUNTER
#endif

/* The name Qsys gives an instance called performance_counter, which HAL
 * programs use as often as the _0 one. */
#ifndef PERFORMANCE_COUNTER_BASE
#define PERFORMANCE_COUNTER_BASE PERFORMANCE_COUNTER_0_BASE
#endif

#endif /* __SYSTEM_H_ */
