/* SPDX-License-Identifier: Apache-2.0 */
/* The function table of the function-cost and profile hooks (functable.h). */
#include "functable.h"

#include "perfscope_profile.h"

uint32_t perf_context_leak_cycles;

void perf_context_set_leak(uint32_t cycles) { perf_context_leak_cycles = cycles; }
uint32_t perf_context_leak(void) { return perf_context_leak_cycles; }

int perf_funcstat_add(struct perf_funcstat *tab, uint32_t *used, uint32_t capacity,
                      uint32_t fn, uint32_t total, uint32_t self, int recursive)
{
	struct perf_funcstat *st = tab;
	while (st < tab + *used && st->fn != fn)
		st++;
	if (st == tab + *used) {
		if (*used == capacity)
			return -1;
		(*used)++;
		*st = (struct perf_funcstat){ .fn = fn, .total_min = UINT32_MAX, .self_min = UINT32_MAX };
	}
	st->calls++;
	st->self += self;
	st->self_min = self < st->self_min ? self : st->self_min;
	st->self_max = self > st->self_max ? self : st->self_max;
	if (!recursive) {
		st->outer++;
		st->total += total;
		st->total_min = total < st->total_min ? total : st->total_min;
		st->total_max = total > st->total_max ? total : st->total_max;
	}
	return 0;
}

void perf_funcstat_index_init(struct perf_funcstat *tab, uint32_t rows)
{
	const uint32_t buckets = perf_funcstat_index_mask(rows) + 1;
	for (uint32_t i = 0; i < buckets; i++)
		tab[i].pad = 0;
}

struct perf_funcstat *perf_funcstat_find(struct perf_funcstat *tab, uint32_t *used, uint32_t capacity,
                                         uint32_t mask, uint32_t fn)
{
	struct perf_funcstat *st = perf_funcstat_lookup(tab, mask, fn);
	if (st || *used >= capacity)
		return st;
	uint32_t *bucket = &tab[perf_funcstat_bucket(fn, mask)].pad;
	st = &tab[*used];
	/* The new row heads its bucket; it keeps the head of the bucket it is
	 * the row of, which may be its own. */
	const uint32_t next = *bucket >> 20, own_head = st->pad & 0xfff00000u;
	*st = (struct perf_funcstat){ .fn = fn, .total_min = UINT32_MAX, .self_min = UINT32_MAX,
	                              .pad = own_head | next << 8 };
	(*used)++;
	*bucket = (*bucket & 0x000fffffu) | *used << 20;
	return st;
}

uint32_t perf_funcstat_shown(const struct perf_funcstat *tab, uint32_t used)
{
	uint32_t n = 0;
	for (const struct perf_funcstat *st = tab; st < tab + used; st++)
		n += st->calls != 0;
	return n;
}

/* Columns keep the IAS layout's widths, and a number wider than its
 * column still stands apart from the one before. */
static void out_column(struct perf_out *o, uint64_t v, int width)
{
	perf_out_number(o, v, 0, 0, width, 1);
}

/* part/whole in hundredths, rounded half up. Counts too large for the
 * product to fit 64 bits are halved together first, which keeps the ratio
 * to far better than a hundredth. */
static void out_pct(struct perf_out *o, uint64_t part, uint64_t whole)
{
	while (part > UINT64_MAX / 10000u) {
		part >>= 1;
		whole >>= 1;
	}
	const uint64_t hundredths = whole ? (part * 10000u + whole / 2) / whole : 0;
	perf_out_number(o, hundredths / 100, (uint32_t)(hundredths % 100), 2, 7, 1);
}

static void out_columns(struct perf_out *o, uint64_t sum, uint64_t whole, uint32_t n,
                        uint32_t max, uint32_t min)
{
	out_column(o, sum, 14);
	out_pct(o, sum, whole);
	out_column(o, n ? sum / n : 0, 8);
	out_column(o, max, 8);
	out_column(o, n ? min : 0, 8);
}

void perf_funcstat_print_head(struct perf_out *o)
{
	perf_out_str(o, "Name                PC         #Calls Self+children    Pct     Avg     Max     Min"
	                "          Self    Pct     Avg     Max     Min\n");
}

void perf_funcstat_print_rows(struct perf_out *o, const struct perf_funcstat *tab, uint32_t used,
                              uint64_t whole)
{
	for (const struct perf_funcstat *f = tab; f < tab + used; f++) {
		if (!f->calls)
			continue;
		perf_out_str(o, f->fn == PERF_PROFILE_USER_BLOCK ? "USER_DEFINED_BLOCK  "
		                : f->fn == 0 ? "Program             " : "C-call              ");
		perf_out_hex(o, f->fn);
		out_column(o, f->calls, 7);
		out_columns(o, f->total, whole, f->outer, f->total_max, f->total_min);
		out_columns(o, f->self, whole, f->calls, f->self_max, f->self_min);
		perf_out_char(o, '\n');
	}
}

void perf_funcstat_frame_rows(struct perf_frame *f, const struct perf_funcstat *tab, uint32_t used)
{
	for (const struct perf_funcstat *st = tab; st < tab + used; st++) {
		if (!st->calls)
			continue;
		PERF_FRAME_PUT(f, PERF_FRAME_FUNCSTAT_ROW_FIELDS, st); /* the frame's names */
	}
}
