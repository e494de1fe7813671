/* SPDX-License-Identifier: Apache-2.0 */
/* The function table of the function-cost and profile hooks: per function,
 * a row (struct perf_funcstat) of calls and cycles, the index that finds a
 * row in constant time, the table's IAS-layout print and frame rows; and
 * the interrupt leak both take. Internal. */
#ifndef FUNCTABLE_H
#define FUNCTABLE_H

#include "perfscope_hooks.h"
#include "../perf_internal.h"

/* What perf_context_set_leak() set, for the switches to read directly. */
extern uint32_t perf_context_leak_cycles;

/* Adds one call of fn: self+children `total` (counted only if the call was
 * not made from inside fn itself), `self`. Returns 0, or -1 if the table
 * has no room for a new function. */
int perf_funcstat_add(struct perf_funcstat *tab, uint32_t *used, uint32_t capacity,
                      uint32_t fn, uint32_t total, uint32_t self, int recursive) PERF_NO_TRACE;

/*
 * The index of a profile's table, which finds a function's row in constant
 * time. It lives in the rows' pad words, which the statistics do not use:
 *
 *   bits 31..20  head of hash bucket i, in row i: the number + 1 of the
 *                bucket's first row, 0 if the bucket is empty
 *   bits 19..8   the number + 1 of the next row in this row's bucket, 0 last
 *   bits  7..0   the profile's owner byte: the tag of the depth of the
 *                function's outermost open call (driver/hooks/profile.c)
 *
 * The buckets are rows 0 .. 2^k - 1, 2^k the largest power of two not
 * above the rows, so a bucket holds fewer than two functions on average.
 * A table indexed this way holds at most PERF_FUNCSTAT_INDEX_MAX rows.
 */
#define PERF_FUNCSTAT_INDEX_MAX  4095u

/* The bucket mask of a table of `rows` rows. */
static inline PERF_NO_TRACE_FN uint32_t perf_funcstat_index_mask(uint32_t rows)
{
	uint32_t buckets = 1;
	while (buckets <= rows / 2)
		buckets *= 2;
	return buckets - 1;
}

/* Empties the index of a table of `rows` rows (at most ..._INDEX_MAX). */
void perf_funcstat_index_init(struct perf_funcstat *tab, uint32_t rows) PERF_NO_TRACE;

static inline PERF_NO_TRACE_FN uint32_t perf_funcstat_bucket(uint32_t fn, uint32_t mask)
{
	return ((fn >> 2) ^ (fn >> 11)) & mask;
}

/* The row of fn, or NULL if the table has none yet. Inlined in the hooks. */
static inline PERF_NO_TRACE_FN struct perf_funcstat *perf_funcstat_lookup(struct perf_funcstat *tab,
                                                                          uint32_t mask, uint32_t fn)
{
	uint32_t i = tab[perf_funcstat_bucket(fn, mask)].pad >> 20;
	while (i) {
		struct perf_funcstat *st = &tab[i - 1];
		if (st->fn == fn)
			return st;
		i = st->pad >> 8 & 0xfffu;
	}
	return NULL;
}

/* The row of fn, added to the index and the table (*used rows of
 * capacity, at most PERF_FUNCSTAT_INDEX_MAX) if it has none; NULL if it
 * has none and the table is full. */
struct perf_funcstat *perf_funcstat_find(struct perf_funcstat *tab, uint32_t *used, uint32_t capacity,
                                         uint32_t mask, uint32_t fn) PERF_NO_TRACE;

/* The words of a 64-bit sum, low first. */
typedef uint32_t __attribute__((may_alias)) perf_u32_alias;
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the low word first");

/* The row's owner byte, the low byte of its pad. */
static inline PERF_NO_TRACE_FN uint8_t *perf_funcstat_owner(struct perf_funcstat *st)
{
	return (uint8_t *)&st->pad;
}

/* Adds one call of a row's function: self+children `total`, `self`; its
 * self+children counts only if it was not `recursive` (made while a call
 * of the same function was open below it). */
static inline PERF_NO_TRACE_FN void perf_funcstat_close(struct perf_funcstat *st, uint32_t total,
                                                        uint32_t self, int recursive)
{
	st->calls++;
	st->self += self;
	st->self_min = self < st->self_min ? self : st->self_min;
	st->self_max = self > st->self_max ? self : st->self_max;
	if (recursive)
		return;
	st->outer++;
	st->total += total;
	st->total_min = total < st->total_min ? total : st->total_min;
	st->total_max = total > st->total_max ? total : st->total_max;
}

/* Adds `calls` leaf calls, made while no call of the function was open
 * below them, that took `sum` cycles (modulo 2^32: the caller adds the
 * carries to total and self itself), `min` to `max` each: self and
 * self+children alike. Inlined in the profile hooks. */
static inline PERF_NO_TRACE_FN void perf_funcstat_add_leaves(struct perf_funcstat *st,
                                                             uint32_t calls, uint32_t sum,
                                                             uint32_t min, uint32_t max)
{
	st->calls += calls;
	st->outer += calls;
	st->total += sum;
	st->self += sum;
	st->total_min = min < st->total_min ? min : st->total_min;
	st->self_min = min < st->self_min ? min : st->self_min;
	st->total_max = max > st->total_max ? max : st->total_max;
	st->self_max = max > st->self_max ? max : st->self_max;
}

/* Rows that have a completed call, the ones the print and the frame show. */
uint32_t perf_funcstat_shown(const struct perf_funcstat *tab, uint32_t used) PERF_NO_TRACE;

/* The IAS table's head line. */
void perf_funcstat_print_head(struct perf_out *o) PERF_NO_TRACE;

/* One row per function with a completed call, % of `whole` cycles. Rows
 * are named as IAS names them: C-call for a C function, USER_DEFINED_BLOCK
 * for a marked block (fn PERF_PROFILE_USER_BLOCK), Program for the whole
 * profile (fn 0). */
void perf_funcstat_print_rows(struct perf_out *o, const struct perf_funcstat *tab, uint32_t used,
                              uint64_t whole) PERF_NO_TRACE;

/* The rows with a completed call as frame payload: per function fn, calls,
 * outer, total_min, total_max, self_min, self_max (u32), total, self (u64). */
void perf_funcstat_frame_rows(struct perf_frame *f, const struct perf_funcstat *tab,
                              uint32_t used) PERF_NO_TRACE;

#endif
