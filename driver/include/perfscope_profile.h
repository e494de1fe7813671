/* SPDX-License-Identifier: Apache-2.0 */
/*
 * perfscope profiles (driver/hooks/profile.c with driver/hooks/functable.c):
 * -finstrument-functions entry and exit hooks that keep profiles as the IAS
 * simulator's profiler does, in cycles of perfscope's global time. What the
 * hook libraries share, the interrupt leak and the function table's row
 * among it, is in perfscope_hooks.h.
 */
#ifndef PERFSCOPE_PROFILE_H
#define PERFSCOPE_PROFILE_H

#include <stdint.h>

#include "perfscope_hooks.h"

/* C++ programs call the library as C. */
#ifdef __cplusplus
extern "C" {
#endif

/*
 * Up to PERF_PROFILES profiles, typically one per thread; at most one, the
 * current one, follows the calls. A profile tracks its call stack and
 * charges every cycle, while enabled, to the function on top (self) and to
 * every function on the stack (self+children):
 *
 * - disabled: still tracks the stack, counts nothing;
 * - frozen: stops tracking the stack and charges everything to the top
 *   (for code the hooks cannot follow, such as a context switch); unfreeze
 *   it in the same stack state;
 * - mark enter/exit: a user block, charged like a function and listed as
 *   USER_DEFINED_BLOCK; enters and exits must nest with the calls;
 * - close: pops what is still on the stack, completing its counts;
 * - a warning is counted when the depth would go below 0 or above
 *   PERF_PROFILE_DEPTH.
 *
 * A profile is created frozen and disabled, as in IAS. Every function
 * takes a profile id, or PERF_PROFILE_CURRENT, and returns 0 or a negative
 * error (-PERF_EINVAL for a bad id or buffer).
 *
 * The hooks' fast path does not mask interrupts (their lookup and slow
 * paths do, briefly): an interrupt handler may switch to a profile of its
 * own and back anywhere (perf_profile_switch restarts a hook it stopped
 * half way). Read, print, reset or close the profile an
 * interrupt stopped from the thread, not from the handler.
 */
#define PERF_PROFILES 32
#define PERF_PROFILE_DEPTH 64
#define PERF_PROFILE_CURRENT (-1)
#define PERF_PROFILE_USER_BLOCK 0xfffffffeu /* fn of a mark-entered block */

/* A depth of a profile's call stack: its open call, and the calls made at
 * that depth that the hooks have not yet added to their row
 * (driver/hooks/profile.c says how the hooks use it). */
struct perf_profile_frame {
	struct perf_funcstat *row; /* the function called last at this depth */
	uint32_t entry;            /* its time stamp at entry (profile.c) */
	uint32_t adjust;           /* time taken out of the profile's while it was open */
	uint32_t children;         /* self+children of its calls so far, 1 more if flagged */
	uint8_t tag, flags;        /* the depth's owner byte; how its exit goes */
	uint16_t unused;
	uint32_t leaf_calls, leaf_sum, leaf_min, leaf_max; /* its leaf calls, not yet in row */
};

struct perf_profile {
	uint32_t enabled, frozen;
	uint32_t depth, max_depth;
	uint32_t hidden; /* calls above PERF_PROFILE_DEPTH, not tracked */
	uint32_t warn_low, warn_high;
	uint64_t counted; /* cycles counted while enabled */
	uint64_t outside; /* of those, cycles with the stack empty */
	uint32_t capacity, functions;
	uint32_t dropped;    /* calls of functions beyond capacity (at most 4095 rows) */
	uint32_t index_mask; /* the rows' hash index: buckets - 1 */
	uint32_t base;       /* what its frames' entries are stamped against */
	/* The last frame sends an entry at the depth limit to the slow path. */
	struct perf_profile_frame stack[PERF_PROFILE_DEPTH + 1];
	struct perf_funcstat fn[];
};

#define PERF_PROFILE_SIZE(functions) \
	(sizeof(struct perf_profile) + (functions) * sizeof(struct perf_funcstat))

/* Sets the perfscope whose global time the profiles count. */
void perf_profile_attach(const void *perf_base) PERF_NO_TRACE;
/* Creates a profile in buf (size bytes, 8-byte aligned); returns its id. */
int perf_profile_create(void *buf, uint32_t size) PERF_NO_TRACE;
int perf_profile_reset(int id) PERF_NO_TRACE;
int perf_profile_freeze(int id) PERF_NO_TRACE;
int perf_profile_unfreeze(int id) PERF_NO_TRACE;
int perf_profile_enable(int id) PERF_NO_TRACE;
int perf_profile_disable(int id) PERF_NO_TRACE;
/* Makes id the current profile (PERF_PROFILE_NONE: none). */
#define PERF_PROFILE_NONE (-2)
int perf_profile_switch(int id) PERF_NO_TRACE;
int perf_profile_mark_enter(void) PERF_NO_TRACE;
int perf_profile_mark_exit(void) PERF_NO_TRACE;
int perf_profile_close(int id) PERF_NO_TRACE;
const struct perf_profile *perf_profile_get(int id) PERF_NO_TRACE;

/*
 * Prints a profile in the IAS layout: status, the depth seen, the total of
 * counted cycles, then one row per function plus a Program row for the
 * whole profile, % of the total:
 *
 *   profile 0: enabled, not frozen; entries still on call stack: 0
 *   max call stack depth seen: 2, depth warnings: 0 below 0, 0 above 64
 *   Total number of cycles: 293
 *   Name                PC         #Calls Self+children    Pct ...
 *   Program             0x00000000      1           293 100.00 ...
 */
int perf_profile_print(int id) PERF_NO_TRACE;
int perf_profile_print_to(int id, perf_put_fn put, void *ctx) PERF_NO_TRACE;
/* A profile as a frame line for the host tool (perfscope_frame.h); put
 * NULL writes to stdout. Returns 0, -PERF_EINVAL, -PERF_EIO. */
int perf_profile_frame(int id, perf_put_fn put, void *ctx) PERF_NO_TRACE;

#ifdef __cplusplus
}
#endif

#endif /* PERFSCOPE_PROFILE_H */
