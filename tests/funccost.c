/* SPDX-License-Identifier: Apache-2.0 */
/* Function cost (driver/hooks/funccost.c) on a known call tree, built with
 * -finstrument-functions:
 *
 *   top -> mid -> leaf, leaf
 *       -> rec(2) -> rec(1) -> rec(0)
 *
 * The statistics must equal what the raw entry/exit stamps imply (stamps
 * the reference model checks): calls, self and self+children with min and
 * max, recursion counted once in self+children, the maximum depth, and the
 * same result when the run is summarized piecewise. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lib/check.h"
#include "perfscope_funccost.h"
#include "soc.h"

#define PERF ((void *)SOC_PERF_BASE)

static uint32_t events[(sizeof(struct perf_funccost) + 64 * sizeof(struct perf_funccost_record)) / 4];
static uint64_t stats_a[(sizeof(struct perf_statistics) + 16 * sizeof(struct perf_funcstat)) / 8];
static uint64_t stats_b[sizeof stats_a / 8];
static uint64_t stats_c[sizeof stats_a / 8];
static struct perf_funccost_record raw[64];
static uint32_t raw_count;
static volatile int sink;
static int split; /* leaf summarizes into stats_b once, with calls open */

static PERF_NO_TRACE void keep_raw(void);

__attribute__((noinline)) void leaf(void)
{
	__asm__ volatile(".rept 10\n\tnop\n\t.endr");
	if (split) {
		split = 0;
		keep_raw();
		perf_statistics_calc(stats_b);
	}
}

__attribute__((noinline)) void mid(void)
{
	leaf();
	leaf();
}

__attribute__((noinline)) void rec(int n)
{
	if (n)
		rec(n - 1);
	sink = n;
}

__attribute__((noinline)) void top(void)
{
	mid();
	rec(2);
}

/* Begins recording inside itself: its own exit is recorded, its entry not. */
__attribute__((noinline)) void opener(void)
{
	perf_funccost_init(PERF, events, sizeof events);
	leaf();
}

static PERF_NO_TRACE uint32_t fn(void *f)
{
	return (uint32_t)(uintptr_t)f;
}

static PERF_NO_TRACE const struct perf_funcstat *stat(const void *buf, void *f)
{
	const struct perf_statistics *s = buf;
	for (uint32_t i = 0; i < s->functions; i++)
		if (s->fn[i].fn == fn(f))
			return &s->fn[i];
	return NULL;
}

/* Keeps a copy of the events before perf_statistics_calc consumes them. */
static PERF_NO_TRACE void keep_raw(void)
{
	const struct perf_funccost *c = perf_funccost_current();
	memcpy(raw + raw_count, c->rec, perf_funccost_count(c) * sizeof raw[0]);
	raw_count += perf_funccost_count(c);
}

static PERF_NO_TRACE uint32_t d(int exit_event, int entry_event)
{
	return raw[exit_event].stamp - raw[entry_event].stamp;
}

static PERF_NO_TRACE void check_stat(const char *name, const struct perf_funcstat *s, uint32_t calls,
                                     uint32_t outer, uint64_t total, uint32_t tmin, uint32_t tmax,
                                     uint64_t self, uint32_t smin, uint32_t smax)
{
	char what[80];
	snprintf(what, sizeof what, "%s: found", name);
	check_u64(what, s != NULL, 1);
	if (!s)
		return;
	const uint64_t got[] = {s->calls, s->outer, s->total, s->total_min, s->total_max, s->self, s->self_min, s->self_max};
	const uint64_t want[] = {calls, outer, total, tmin, tmax, self, smin, smax};
	static const char *const field[] = {"calls", "outer calls", "self+children", "min self+children",
	                                    "max self+children", "self", "min self", "max self"};
	for (int i = 0; i < 8; i++) {
		snprintf(what, sizeof what, "%s: %s", name, field[i]);
		check_u64(what, got[i], want[i]);
	}
}

int main(void)
{
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	check_u64("statistics buffer holds 16 functions", (uint64_t)perf_statistics_init(stats_a, sizeof stats_a), 16);
	perf_statistics_init(stats_b, sizeof stats_b);
	split = 0;

	/* In one piece into stats_a. */
	perf_funccost_init(PERF, events, sizeof events);
	top();
	perf_funccost_disable();
	keep_raw();
	perf_funccost_frame(NULL, NULL); /* tests/frames.py checks it is well nested */
	check_u64("events of one top() call", raw_count, 14);
	check_u64("events consumed", (uint64_t)perf_statistics_calc(stats_a), 14);
	check_u64("measurement buffer emptied", perf_funccost_count(perf_funccost_current()), 0);

	/* The order the hooks must have recorded (X = exit). */
	void *const order[] = {top, mid, leaf, 0, leaf, 0, 0, rec, rec, rec, 0, 0, 0, 0};
	int in_order = 1;
	for (int i = 0; i < 14; i++)
		in_order &= raw[i].fn == (order[i] ? fn(order[i]) : PERF_FUNCCOST_EXIT);
	check_u64("events in call order", in_order, 1);

	/* Event indices:  0 top, 1 mid, 2 leaf, 3 X, 4 leaf, 5 X, 6 X(mid),
	 * 7 rec2, 8 rec1, 9 rec0, 10 X, 11 X, 12 X(rec2), 13 X(top). */
	const uint32_t leaf1 = d(3, 2), leaf2 = d(5, 4), mid_t = d(6, 1);
	const uint32_t r0 = d(10, 9), r1 = d(11, 8), r2 = d(12, 7), top_t = d(13, 0);
	const uint32_t lmin = leaf1 < leaf2 ? leaf1 : leaf2, lmax = leaf1 < leaf2 ? leaf2 : leaf1;
	const uint32_t rs0 = r0, rs1 = r1 - r0, rs2 = r2 - r1;
	const uint32_t rsmin = rs0 < rs1 ? (rs0 < rs2 ? rs0 : rs2) : (rs1 < rs2 ? rs1 : rs2);
	const uint32_t rsmax = rs0 > rs1 ? (rs0 > rs2 ? rs0 : rs2) : (rs1 > rs2 ? rs1 : rs2);
	check_stat("leaf", stat(stats_a, leaf), 2, 2, (uint64_t)leaf1 + leaf2, lmin, lmax, (uint64_t)leaf1 + leaf2, lmin, lmax);
	check_stat("mid", stat(stats_a, mid), 1, 1, mid_t, mid_t, mid_t, mid_t - leaf1 - leaf2, mid_t - leaf1 - leaf2, mid_t - leaf1 - leaf2);
	check_stat("rec", stat(stats_a, rec), 3, 1, r2, r2, r2, (uint64_t)rs0 + rs1 + rs2, rsmin, rsmax);
	check_stat("top", stat(stats_a, top), 1, 1, top_t, top_t, top_t, top_t - mid_t - r2, top_t - mid_t - r2, top_t - mid_t - r2);
	const struct perf_statistics *sa = (const void *)stats_a;
	check_u64("max depth: top, rec, rec, rec", sa->max_depth, 4);
	check_u64("nothing open, lost or dropped", sa->depth + sa->lost + sa->dropped, 0);

	/* Piecewise: the second run is summarized into stats_b once inside the
	 * first leaf (top and mid still open) and once at the end; the same
	 * events summarized in one piece into stats_c must give the same. */
	raw_count = 0;
	perf_statistics_init(stats_c, sizeof stats_c);
	perf_funccost_init(PERF, events, sizeof events);
	split = 1;
	top();
	perf_funccost_disable();
	keep_raw();
	perf_statistics_calc(stats_b);
	struct perf_funccost *c = (struct perf_funccost *)perf_funccost_current();
	memcpy(c->rec, raw, raw_count * sizeof raw[0]);
	c->next = c->rec + raw_count;
	check_u64("piecewise: events of the second run", raw_count, 14);
	check_u64("piecewise: one piece takes them all", (uint64_t)perf_statistics_calc(stats_c), 14);
	const struct perf_statistics *sb = (const void *)stats_b, *sc = (const void *)stats_c;
	check_u64("piecewise: same functions", sb->functions, sc->functions);
	check_u64("piecewise: same statistics as in one piece",
	          memcmp(sb->fn, sc->fn, sc->functions * sizeof sc->fn[0]) == 0, 1);
	check_u64("piecewise: same max depth", sb->max_depth, 4);

	/* Recording begun inside a call: its exit has no entry, and is no
	 * drop (nothing of it was recorded); the call made inside it counts. */
	static uint64_t stats_d[sizeof stats_a / 8];
	perf_statistics_init(stats_d, sizeof stats_d);
	opener();
	perf_funccost_disable();
	check_u64("begun inside a call: 3 events (leaf, its exit, the opener's exit)",
	          (uint64_t)perf_statistics_calc(stats_d), 3);
	const struct perf_statistics *sd = (const void *)stats_d;
	check_u64("begun inside a call: only leaf has a row", sd->functions, 1);
	check_u64("begun inside a call: nothing open, lost or dropped",
	          sd->depth + sd->lost + sd->dropped, 0);

	/* Overflow: a buffer of 4 events loses the other 10 and says so. */
	static uint32_t four[(sizeof(struct perf_funccost) + 4 * sizeof(struct perf_funccost_record)) / 4];
	perf_funccost_init(PERF, four, sizeof four);
	top();
	perf_funccost_disable();
	check_u64("full buffer: 10 events lost", perf_funccost_current()->lost, 10);

	perf_statistics_dump(stats_a);
	perf_statistics_frame(stats_a, NULL, NULL); /* tests/frames.py checks it against the dump */
	return check_failures();
}
