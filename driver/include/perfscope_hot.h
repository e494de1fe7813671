/* SPDX-License-Identifier: Apache-2.0 */
/*
 * perfscope hot addresses (driver/hooks/hot.c): the -pg hook library, a
 * table of the most-called functions. What the hook libraries share is in
 * perfscope_hooks.h.
 */
#ifndef PERFSCOPE_HOT_H
#define PERFSCOPE_HOT_H

#include <stdint.h>

#include "perfscope_hooks.h"

/* C++ programs call the library as C. */
#ifdef __cplusplus
extern "C" {
#endif

/*
 * GCC's -pg calls _mcount at the start of every function. The hot-address
 * table counts those calls per address (the function's _mcount call site,
 * rounded down to a granule) in a fixed table kept sorted by hits, as in
 * the bare-metal -pg profiler this follows: the most-hit addresses stay,
 * the least-hit entry makes room for a new address. With decay, every hit
 * adds PERF_HOT_STEP and takes one from one entry in turn, so addresses hot
 * only early fade. Hooks mask interrupts: the one table serves every
 * context. No perfscope access: this mode counts, it does not time.
 */
void _mcount(void *caller_ra) PERF_NO_TRACE;

struct perf_hot_entry {
	uint32_t addr; /* address rounded down to the granule */
	uint32_t hits; /* weighted hits (PERF_HOT_STEP each with decay) */
};

struct perf_hot {
	uint32_t lines;         /* entries the table holds */
	uint32_t used;          /* entries in use, sorted by hits, most first */
	uint32_t total;         /* sum of hits */
	uint32_t calls;         /* _mcount calls counted */
	uint32_t ignored;       /* _mcount calls in ignored ranges */
	uint32_t granule;       /* power of two, bytes */
	uint32_t decay;         /* 1: decay on */
	uint32_t decay_next;    /* the entry the next hit decays */
	const uint32_t *ignore; /* pairs {start, end}: addresses not counted */
	uint32_t ignore_pairs;
	struct perf_hot_entry entry[];
};

#define PERF_HOT_SIZE(lines) (sizeof(struct perf_hot) + (lines) * sizeof(struct perf_hot_entry))
#define PERF_HOT_STEP 10  /* hit weight with decay */
#define PERF_HOT_DECAY 1u /* perf_hot_init flag */

/*
 * Starts counting into buf (size bytes, 4-byte aligned) with addresses
 * rounded down to granule bytes (a power of two, 1 to keep exact call
 * sites) and flags (PERF_HOT_DECAY). Returns the number of entries or
 * -PERF_EINVAL.
 */
int perf_hot_init(void *buf, uint32_t size, uint32_t granule, unsigned flags) PERF_NO_TRACE;

/* Addresses in [pairs[2i], pairs[2i+1]) are not counted (an idle loop, say).
 * The array must stay valid. Returns 0 or -PERF_EINVAL. */
int perf_hot_ignore(const uint32_t *pairs, uint32_t npairs) PERF_NO_TRACE;

/* Stops and restarts counting; each returns the previous state. */
int perf_hot_enable(void) PERF_NO_TRACE;
int perf_hot_disable(void) PERF_NO_TRACE;

const struct perf_hot *perf_hot_current(void) PERF_NO_TRACE;

/* The ratio column's unit: 1 / (1 << PERF_HOT_RATIO_SHIFT) of all hits. */
#define PERF_HOT_RATIO_SHIFT 10

/*
 * Prints the table, most hit first, the ratio in 1/1024ths of all hits:
 *
 *   perf_hot_dump: 412 calls, 0 ignored, 3/30 entries, granule 1, decay off
 *   No.  addr        hits   ratio
 *     0  0x000001d8   300    746
 */
int perf_hot_dump(void) PERF_NO_TRACE;
int perf_hot_dump_to(perf_put_fn put, void *ctx) PERF_NO_TRACE;
/* The table as a frame line for the host tool (perfscope_frame.h); put
 * NULL writes to stdout. Returns 0, -PERF_EINVAL, -PERF_EIO. */
int perf_hot_frame(perf_put_fn put, void *ctx) PERF_NO_TRACE;

#ifdef __cplusplus
}
#endif

#endif /* PERFSCOPE_HOT_H */
