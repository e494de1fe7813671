/* SPDX-License-Identifier: Apache-2.0 */
/* Where the histogram's buckets end (docs/retire.md): below 2^32, where
 * gmon.out's ranges do. The one rule of perf_hist_start (driver/retire.c),
 * the simulator's +hist= (sim/main.cpp) and the host tool's hist frames
 * (tools/src/decode.h). Header only. */
#ifndef PERF_HIST_RANGE_H
#define PERF_HIST_RANGE_H

#include <stdint.h>

/* The end, one past the last byte, of the words - 1 buckets of
 * 4 << shift bytes from base (the last word is OUTSIDE); above
 * 0xffffffff, a range gmon.out cannot hold. */
static inline __attribute__((no_instrument_function)) uint64_t
perf_hist_end(uint32_t base, uint32_t words, unsigned shift)
{
	return base + (uint64_t)(words - 1) * (4u << shift);
}

#endif
