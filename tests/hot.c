/* SPDX-License-Identifier: Apache-2.0 */
/* Hot-address table (driver/hooks/hot.c), built with -pg: exact hit counts
 * and order, the ratio, an ignored range, a full table giving way to a new
 * address, decay making an early-only address fade, and the dump. */
#include <stdint.h>
#include <stdio.h>

#include "lib/check.h"
#include "perfscope_hot.h"

static uint32_t table[(sizeof(struct perf_hot) + 8 * sizeof(struct perf_hot_entry)) / 4];
static uint32_t two[(sizeof(struct perf_hot) + 2 * sizeof(struct perf_hot_entry)) / 4];
static volatile int sink;

__attribute__((noinline)) void often(void) { sink++; }
__attribute__((noinline)) void sometimes(void) { sink++; }
__attribute__((noinline)) void rarely(void) { sink++; }
__attribute__((noinline)) void idle(void) { sink++; }
__attribute__((noinline)) void idle_end(void) { sink++; }

/* The address -pg's _mcount call has in f: its first call instruction. */
static const struct perf_hot_entry *find(const struct perf_hot *h, void (*f)(void), void (*next)(void))
{
	for (uint32_t i = 0; i < h->used; i++)
		if (h->entry[i].addr >= (uint32_t)(uintptr_t)f && h->entry[i].addr < (uint32_t)(uintptr_t)next)
			return &h->entry[i];
	return NULL;
}

static void run(int n_often, int n_sometimes, int n_rarely)
{
	for (int i = 0; i < n_often; i++)
		often();
	for (int i = 0; i < n_sometimes; i++)
		sometimes();
	for (int i = 0; i < n_rarely; i++)
		rarely();
}

int main(void)
{
	/* idle() lies between idle and idle_end: ignored. */
	static uint32_t ignore[2];
	ignore[0] = (uint32_t)(uintptr_t)idle;
	ignore[1] = (uint32_t)(uintptr_t)idle_end;

	perf_hot_disable();
	check_u64("init: 8 entries", (uint64_t)perf_hot_init(table, sizeof table, 1, 0), 8);
	check_u64("ignore list accepted", (uint64_t)perf_hot_ignore(ignore, 1), 0);
	const struct perf_hot *h = perf_hot_current();
	run(300, 100, 12);
	for (int i = 0; i < 50; i++)
		idle();
	perf_hot_disable();
	/* run() itself was entered once, after init. */
	check_u64("calls counted", h->calls, 1 + 300 + 100 + 12 + 50);
	check_u64("ignored calls", h->ignored, 50);
	check_u64("addresses in use", h->used, 4);
	check_u64("most hit first: often", h->entry[0].hits, 300);
	check_u64("then sometimes", h->entry[1].hits, 100);
	check_u64("then rarely", h->entry[2].hits, 12);
	check_u64("entry 0 is often()", find(h, often, sometimes) == &h->entry[0], 1);
	check_u64("entry 1 is sometimes()", find(h, sometimes, rarely) == &h->entry[1], 1);
	check_u64("total hits", h->total, 300 + 100 + 12 + 1);
	check_u64("idle() never counted", find(h, idle, idle_end) == NULL, 1);

	/* Two entries: rarely() takes the place of the least hit. */
	perf_hot_init(two, sizeof two, 1, 0);
	h = perf_hot_current();
	run(5, 3, 1);
	perf_hot_disable();
	check_u64("full table: two entries used", h->used, 2);
	check_u64("full table: often keeps the top", h->entry[0].hits, 5);
	check_u64("full table: the last address replaced the least hit", find(h, rarely, idle) == &h->entry[1], 1);

	/* Decay: often() only early, sometimes() only late; sometimes wins. */
	perf_hot_init(table, sizeof table, 16, PERF_HOT_DECAY);
	h = perf_hot_current();
	run(40, 0, 0);
	run(0, 60, 0);
	perf_hot_disable();
	check_u64("decay: the late address leads", find(h, sometimes, rarely) == &h->entry[0], 1);
	check_u64("decay: granule 16 rounds addresses down", h->entry[0].addr % 16, 0);
	check_u64("decay: total is the sum of the entries",
	          h->total, (uint64_t)h->entry[0].hits + h->entry[1].hits + (h->used > 2 ? h->entry[2].hits : 0));

	perf_hot_dump();
	perf_hot_frame(NULL, NULL); /* tests/frames.py checks it against the dump */
	return check_failures();
}
