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
 *   bits  7..0   calls of this row's function now open (its recursion depth)
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

/* sum += v, given sum's low word lo, read before: the high word touched
 * only on a carry. */
static inline PERF_NO_TRACE_FN void perf_funcstat_add64(uint64_t *sum, uint32_t lo, uint32_t v)
{
	_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the low word first");
	perf_u32_alias *w = (perf_u32_alias *)sum;
	w[0] = lo + v;
	if (__builtin_expect(lo + v < v, 0))
		w[1]++;
}

static inline PERF_NO_TRACE_FN uint32_t perf_funcstat_low(const uint64_t *sum)
{
	return *(const perf_u32_alias *)sum;
}

/* The row's open count, the low byte of its pad. */
static inline PERF_NO_TRACE_FN uint8_t *perf_funcstat_open(struct perf_funcstat *st)
{
	return (uint8_t *)&st->pad;
}

/* Closes one call of an indexed row's function: self+children `total`,
 * `self`. Its open count tells whether a call of it is still open below,
 * which makes this one recursive: its self+children is then part of the
 * outer call's. Inlined in the hooks, where it is most of an exit's time:
 * each half reads its fields before it writes any, for a store keeps the
 * loads after it in order (the words alias) and a load used at once
 * stalls the CPU; a new minimum or maximum is rare, so its store is off
 * the straight path, where a taken branch costs cycles. */
static inline PERF_NO_TRACE_FN void perf_funcstat_close(struct perf_funcstat *st, uint32_t total, uint32_t self)
{
	uint8_t *open = perf_funcstat_open(st);
	const uint32_t calls = st->calls, self_lo = perf_funcstat_low(&st->self);
	const uint32_t self_min = st->self_min, self_max = st->self_max;
	const uint32_t still = *open - 1u; /* at least 1 was open: this call */
	st->calls = calls + 1;
	*open = (uint8_t)still;
	perf_funcstat_add64(&st->self, self_lo, self);
	if (__builtin_expect(self < self_min, 0))
		st->self_min = self;
	if (__builtin_expect(self > self_max, 0))
		st->self_max = self;
	if (still)
		return;
	const uint32_t outer = st->outer, total_lo = perf_funcstat_low(&st->total);
	const uint32_t total_min = st->total_min, total_max = st->total_max;
	st->outer = outer + 1;
	perf_funcstat_add64(&st->total, total_lo, total);
	if (__builtin_expect(total < total_min, 0))
		st->total_min = total;
	if (__builtin_expect(total > total_max, 0))
		st->total_max = total;
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
