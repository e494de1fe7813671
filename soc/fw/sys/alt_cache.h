/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Nios II HAL's cache management on the reference SoC (soc/fw/hal.c),
 * for programs that flush the caches before they measure, so that every
 * run starts cold:
 *   void alt_dcache_flush_all(void)       VexRiscv_Full: every line of the
 *                                         data cache invalidated (it writes
 *                                         through, so nothing is to be
 *                                         written back); the other CPUs
 *                                         have no data cache: nothing
 *   void alt_dcache_flush(void *start, alt_u32 len)
 *   void alt_dcache_flush_no_writeback(void *start, alt_u32 len)
 *                                         the same, the whole cache (more
 *                                         than the range is safe: no line
 *                                         holds data the RAM lacks)
 *   void alt_icache_flush_all(void)       fence.i: VexRiscv_Lite's and
 *                                         _Full's instruction caches are
 *                                         refilled; Min has none
 *   void alt_icache_flush(void *start, alt_u32 len)   the same
 * The HAL's uncached memory (alt_uncached_malloc, alt_remap_uncached) is
 * not here: the SoC has no uncached view of its RAM.
 */
#ifndef __ALT_CACHE_H__
#define __ALT_CACHE_H__

#include "alt_types.h"

#ifdef __cplusplus
extern "C" {
#endif

void alt_dcache_flush_all(void);
void alt_dcache_flush(void *start, alt_u32 len);
void alt_dcache_flush_no_writeback(void *start, alt_u32 len);
void alt_icache_flush_all(void);
void alt_icache_flush(void *start, alt_u32 len);

#ifdef __cplusplus
}
#endif

#endif
