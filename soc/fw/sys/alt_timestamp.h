/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Nios II HAL's timestamp API on the reference SoC (soc/fw/hal.c):
 * the timestamp timer is MTIME, which counts every clock cycle at
 * SOC_CLOCK_HZ and never stops.
 *   int alt_timestamp_start(void)        counts from 0 again; returns 0
 *   alt_timestamp_type alt_timestamp(void)   cycles since that start
 *                                        (since reset before any start)
 *   alt_u32 alt_timestamp_freq(void)     SOC_CLOCK_HZ
 * alt_timestamp_type is 32 bits, as the HAL's with the interval timer's
 * default counter, and wraps after 2^32 cycles; a system.h that defines
 * ALT_TIMESTAMP_COUNTER_SIZE 64 makes it 64 bits, as the HAL does.
 */
#ifndef __ALT_TIMESTAMP_H__
#define __ALT_TIMESTAMP_H__

#include "alt_types.h"

/* The program's system.h says the width (ALT_TIMESTAMP_COUNTER_SIZE),
 * whether it comes before this header or after: read it first, as
 * altera_avalon_performance_counter.h does. */
#if defined(__has_include)
#if __has_include("system.h")
#include "system.h"
#endif
#endif

#if defined(ALT_TIMESTAMP_COUNTER_SIZE) && ALT_TIMESTAMP_COUNTER_SIZE == 64
typedef alt_u64 alt_timestamp_type;
#else
typedef alt_u32 alt_timestamp_type;
#endif

#ifdef __cplusplus
extern "C" {
#endif

int alt_timestamp_start(void);
alt_u32 alt_timestamp_freq(void);

/* The cycles since alt_timestamp_start, all 64 bits: soc/fw/hal.c is built
 * without the program's system.h, so the width is chosen here, where the
 * program's is read. */
alt_u64 soc_timestamp(void);

static __inline__ alt_timestamp_type alt_timestamp(void)
{
	return (alt_timestamp_type)soc_timestamp();
}

#ifdef __cplusplus
}
#endif

#endif
