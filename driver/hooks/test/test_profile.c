/* SPDX-License-Identifier: Apache-2.0 */
/* Host tests of the profile hooks at their limits, under ASan/UBSan, and
 * against a reference model: random calls, recursion, blocks, switches,
 * enables and freezes, checked row by row against a plain re-count. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../functable.h"
#include "check.h"
#include "hook_calls.h"
#include "perfscope_profile.h"

/* ---- the fake global time, 64 bits ------------------------------------- */

static uint64_t now;

static void set_time(uint64_t t)
{
	now = t;
	fake_perfscope[0] = (uint32_t)t;
	fake_perfscope[1] = (uint32_t)(t >> 32);
}

/* A new profile, counting, made current at t. */
static int counting_at(uint32_t t)
{
	static uint64_t bufs[6][PERF_PROFILE_SIZE(2) / 8];
	static int used;
	const int id = perf_profile_create(bufs[used++], sizeof bufs[0]);
	perf_profile_unfreeze(id);
	perf_profile_enable(id);
	set_time(t);
	perf_profile_switch(id);
	return id;
}

/* An interrupt that switches from profile frame_thread to frame_isr and
 * back, 10 cycles after each. */
static int frame_thread, frame_isr;

static void frame_interrupt(void)
{
	fake_perfscope[0] += 10;
	perf_profile_switch(frame_isr);
	fake_perfscope[0] += 10;
	perf_profile_switch(frame_thread);
}

/* ---- the reference model ------------------------------------------------ */

/* The profile counted the plain way: a clock C of counted cycles that runs
 * while the profile is current and enabled, a stack of {fn, C at entry,
 * self+children of its calls}, rows added at a function's first entry,
 * recursion found by searching the stack. */
struct model {
	struct perf_funcstat rows[64];
	uint32_t functions, capacity;
	struct { uint32_t fn; uint64_t entry; uint32_t children; } stack[PERF_PROFILE_DEPTH];
	uint32_t depth, hidden, max_depth, warn_low, warn_high, dropped;
	uint64_t counted, outside, last;
	int enabled, frozen, current;
};

static void model_time(struct model *m)
{
	if (m->current && m->enabled) {
		m->counted += now - m->last;
		if (!m->depth)
			m->outside += now - m->last;
	}
	m->last = now;
}

/* A row for fn at its first entry, as the profile adds it, if there is room. */
static void model_add_row(struct model *m, uint32_t fn)
{
	for (uint32_t i = 0; i < m->functions; i++)
		if (m->rows[i].fn == fn)
			return;
	if (m->functions < m->capacity)
		m->rows[m->functions++] = (struct perf_funcstat){ .fn = fn,
			                                          .total_min = UINT32_MAX,
			                                          .self_min = UINT32_MAX };
}

static void model_enter(struct model *m, uint32_t fn, int block)
{
	model_time(m);
	if (!m->current || (m->frozen && !block))
		return;
	if (m->hidden || m->depth == PERF_PROFILE_DEPTH) {
		m->hidden++;
		m->warn_high++;
		return;
	}
	model_add_row(m, fn);
	m->stack[m->depth].fn = fn;
	m->stack[m->depth].entry = m->counted;
	m->stack[m->depth].children = 0;
	if (++m->depth > m->max_depth)
		m->max_depth = m->depth;
}

/* The row is counted by function cost's plain table (perf_funcstat_add,
 * recursion found by searching the stack), the profile's by its indexed
 * one (perf_funcstat_close): each implementation checks the other. */
static void model_exit(struct model *m, int block)
{
	model_time(m);
	if (!m->current || (m->frozen && !block))
		return;
	if (m->hidden) {
		m->hidden--;
		return;
	}
	if (!m->depth) {
		m->warn_low++;
		return;
	}
	const uint32_t fn = m->stack[--m->depth].fn;
	const uint32_t total = (uint32_t)(m->counted - m->stack[m->depth].entry);
	const uint32_t self = total - m->stack[m->depth].children;
	int recursive = 0;
	for (uint32_t i = 0; i < m->depth; i++)
		recursive |= m->stack[i].fn == fn;
	if (m->depth)
		m->stack[m->depth - 1].children += total;
	if (perf_funcstat_add(m->rows, &m->functions, m->capacity, fn, total, self, recursive))
		m->dropped++;
}

/* Counts a difference, printing it if it is the first. */
static int differs(const char *what, const char *field, uint64_t got, uint64_t want, int bad)
{
	if (got != want && !bad)
		printf("  %s: %s is %llu, the model has %llu\n", what, field,
		       (unsigned long long)got, (unsigned long long)want);
	return got != want;
}

/* The columns of a row, by offset, 4 or 8 bytes each. */
#define COLUMN(f)                                                                             \
	{                                                                                     \
#f, offsetof(struct perf_funcstat, f), sizeof(((struct perf_funcstat *)0)->f) \
	}
static const struct {
	const char *name;
	size_t offset, size;
} columns[] = {
	COLUMN(fn),        COLUMN(calls), COLUMN(outer),    COLUMN(total),    COLUMN(total_min),
	COLUMN(total_max), COLUMN(self),  COLUMN(self_min), COLUMN(self_max),
};

/* Column k of row: its bytes in the low ones of a zero, as the hooks'
 * little-endian target and hosts have it (functable.h asserts the order). */
static uint64_t column(const struct perf_funcstat *row, size_t k)
{
	uint64_t v = 0;
	memcpy(&v, (const char *)row + columns[k].offset, columns[k].size);
	return v;
}

/* Field by field; returns the number of differences, printing the first. */
static int model_compare(struct model *m, int id, const char *what)
{
	model_time(m);
	const struct perf_profile *p = perf_profile_get(id);
#define FIELD(f)               \
	{                      \
#f, p->f, m->f \
	}
	const struct {
		const char *name;
		uint64_t got, want;
	} fields[] = {
		FIELD(counted),   FIELD(outside),   FIELD(depth),
		FIELD(hidden),    FIELD(max_depth), FIELD(warn_low),
		FIELD(warn_high), FIELD(dropped),   FIELD(functions),
	};
#undef FIELD
	int bad = 0;
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++)
		bad += differs(what, fields[i].name, fields[i].got, fields[i].want, bad);
	for (uint32_t i = 0; i < m->functions && i < p->functions; i++)
		for (size_t k = 0; k < sizeof columns / sizeof columns[0]; k++)
			bad += differs(what, columns[k].name, column(&p->fn[i], k),
			               column(&m->rows[i], k), bad);
	return bad;
}

static uint32_t rnd_state = 12345;

static uint32_t rnd(uint32_t n)
{
	rnd_state = rnd_state * 1103515245u + 12345u;
	return (rnd_state >> 8) % n;
}

/*
 * `steps` random events on a fresh profile of `capacity` rows, its
 * functions drawn from `pool` (deep runs pass the depth limit; functions
 * come back, recursing), with switches away and back, disables, freezes
 * and blocks; the time starts near 2^32 so that it wraps. Compared with
 * the model every `every` steps. Returns the differences found.
 */
static int model_run(const uint32_t *pool, uint32_t npool, uint32_t capacity, uint32_t steps,
                     uint32_t every, int extras)
{
	/* Profiles cannot be deleted: one per table size, reset for each run. */
	static int other = -1, sized[33];
	if (other < 0) {
		static uint64_t other_buf[PERF_PROFILE_SIZE(1) / 8];
		other = perf_profile_create(other_buf, sizeof other_buf);
	}
	if (!sized[capacity]) {
		const uint32_t size = PERF_PROFILE_SIZE(capacity);
		sized[capacity] = 1 + perf_profile_create(aligned_alloc(8, size), size);
	}
	const int id = sized[capacity] - 1;
	perf_profile_reset(id);
	struct model *m = calloc(1, sizeof *m);
	m->capacity = capacity;
	set_time(0xffff0000u - rnd(1000));
	m->last = now;
	perf_profile_unfreeze(id);
	perf_profile_enable(id);
	perf_profile_switch(id);
	m->enabled = m->current = 1;
	int bad = 0;
	for (uint32_t i = 0; i < steps && !bad; i++) {
		set_time(now + rnd(8) * rnd(40));
		const uint32_t r = rnd(1000);
		if (r < 470 + (m->depth + m->hidden < 20 ? 40 : 0)) {
			const uint32_t fn = pool[rnd(npool)];
			__cyg_profile_func_enter((void *)(uintptr_t)fn, NULL);
			model_enter(m, fn, 0);
		} else if (r < 980 || !extras) {
			__cyg_profile_func_exit(NULL, NULL);
			model_exit(m, 0);
		} else if (r < 984) {
			perf_profile_switch(m->current ? other : id);
			model_time(m);
			m->current = !m->current;
		} else if (r < 988 && m->current) {
			m->enabled ? perf_profile_disable(id) : perf_profile_enable(id);
			model_time(m);
			m->enabled = !m->enabled;
		} else if (r < 992) {
			m->frozen ? perf_profile_unfreeze(id) : perf_profile_freeze(id);
			model_time(m);
			m->frozen = !m->frozen;
		} else if (m->current) {
			if (r < 996) {
				perf_profile_mark_enter();
				model_enter(m, PERF_PROFILE_USER_BLOCK, 1);
			} else {
				perf_profile_mark_exit();
				model_exit(m, 1);
			}
		}
		if (i % every == every - 1)
			bad += model_compare(m, id, "random");
	}
	if (!m->current)
		perf_profile_switch(id);
	bad += model_compare(m, id, "random, at the end");
	perf_profile_switch(PERF_PROFILE_NONE);
	free(m);
	return bad;
}

int main(void)
{
	run_frame_written();
	/* An instrumented main's own entry comes before anything is set up. */
	__cyg_profile_func_enter((void *)(uintptr_t)1, NULL);
	__cyg_profile_func_exit(NULL, NULL);
	check_u64("hooks before perf_profile_attach, with no profile: nothing happens", 1, 1);
	perf_profile_attach(fake_perfscope);
	check_u64("bad id refused", (uint64_t)perf_profile_enable(40), (uint64_t)-PERF_EINVAL);
	check_u64("no current profile: mark refused", (uint64_t)perf_profile_mark_enter(),
	          (uint64_t)-PERF_EINVAL);
	static uint64_t small[2];
	check_u64("a buffer too small refused", (uint64_t)perf_profile_create(small, sizeof small),
	          (uint64_t)-PERF_EINVAL);
	void *buf = aligned_alloc(8, PERF_PROFILE_SIZE(1));
	const int id = perf_profile_create(buf, PERF_PROFILE_SIZE(1));
	perf_profile_unfreeze(id);
	perf_profile_enable(id);
	perf_profile_switch(id);
	for (int i = 0; i < PERF_PROFILE_DEPTH + 2; i++)
		__cyg_profile_func_enter((void *)(uintptr_t)(1 + i % 2), NULL);
	const struct perf_profile *p = perf_profile_get(id);
	check_u64("above the depth limit: 2 warnings", p->warn_high, 2);
	for (int i = 0; i < PERF_PROFILE_DEPTH + 3; i++)
		__cyg_profile_func_exit(NULL, NULL);
	check_u64("below 0: 1 warning", perf_profile_get(id)->warn_low, 1);
	check_u64("a table of 1 function drops the other", perf_profile_get(id)->dropped,
	          PERF_PROFILE_DEPTH / 2);
	static struct line full;
	perf_profile_print_to(id, put_line, &full);
	check_u64("the print says the calls the full table did not count",
	          strstr(full.text, "; 32 calls not counted, function table full\n") != NULL, 1);
	check_u64("close with nothing open", (uint64_t)perf_profile_close(id), 0);

	/* Intervals longer than 2^31 cycles (calls up to 2^32). */
	const int big = counting_at(0);
	at(10, 1);
	at(0x90000000u, 0);
	at(0x90000010u, 2);
	at(0x90000020u, 0);
	check_u64("an interval of 2^31 cycles or more is counted, and the ones after it",
	          perf_profile_get(big)->counted, 0x90000020u);
	/* Leaf calls at the same depth add up past 2^32 cycles before the
	 * profile is read: the carry reaches the row's sums. */
	const int carry = counting_at(0);
	at(10, 3);
	for (uint32_t i = 0; i < 3; i++) {
		at(20 + i * 0xc0000000u, 5);
		at(20 + i * 0xc0000000u + 0xa0000000u, 0);
	}
	const struct perf_funcstat *five = &perf_profile_get(carry)->fn[1];
	check_u64("three leaf calls of 0xa0000000 cycles: their self+children",
	          five->fn * 1000000000000ull + five->total,
	          5 * 1000000000000ull + 3 * 0xa0000000ull);
	check_u64("and their self", five->self, 3 * 0xa0000000ull);
	at(30 + 3 * 0xc0000000u, 0);
	perf_profile_switch(PERF_PROFILE_NONE);

	/* The leak, 100 cycles, comes off the call interrupted, at the first
	 * event after the switch back: 1 entered at 1100, interrupted from
	 * 1500 to 2000, returns at 2050: 400 + 50 - 100 cycles. */
	const int other = counting_at(0), leaky = counting_at(1000);
	perf_context_set_leak(100);
	at(1100, 1);
	set_time(1500);
	perf_profile_switch(other);
	set_time(2000);
	perf_profile_switch(leaky);
	at(2050, 0);
	check_u64("the leak comes off the interrupted call", perf_profile_get(leaky)->fn[0].self,
	          350);
	check_u64("and off the profile's total", perf_profile_get(leaky)->counted, 100 + 350);
	/* At most all of the call's own time: 2 entered at 3000, 1 at 3040,
	 * 1 interrupted from 3060 to 4000 and back 10 cycles before its exit:
	 * 30 cycles of its own for the leak's 100. */
	at(3000, 2);
	at(3040, 1);
	set_time(3060);
	perf_profile_switch(other);
	set_time(4000);
	perf_profile_switch(leaky);
	at(4010, 0);
	at(4100, 0);
	check_u64("the leak takes at most the interrupted call's own time",
	          perf_profile_get(leaky)->fn[0].self_min, 0);
	check_u64("the calls around it keep theirs: 2's self", perf_profile_get(leaky)->fn[1].self,
	          40 + 90);
	/* With no call open it is dropped. */
	const uint64_t before = perf_profile_get(leaky)->counted;
	set_time(4200);
	perf_profile_switch(other);
	set_time(5000);
	perf_profile_switch(leaky);
	at(5030, 1);
	at(5040, 0);
	check_u64("no call open: the leak is dropped", perf_profile_get(leaky)->counted - before,
	          100 + 40);
	perf_context_set_leak(0);

	/* An interrupt between the frame's two passes changes neither. */
	static struct line plain, interrupted, after;
	frame_thread = leaky;
	frame_isr = other;
	interrupted.interrupt = frame_interrupt;
	at(6000, 1);
	perf_profile_frame(PERF_PROFILE_CURRENT, put_line, &plain);
	perf_profile_frame(PERF_PROFILE_CURRENT, put_line, &interrupted);
	check_u64("an interrupt during the frame: the frame as before it",
	          strcmp(interrupted.text, plain.text) == 0, 1);
	perf_profile_frame(PERF_PROFILE_CURRENT, put_line, &after);
	check_u64("the interrupt's time is in the next frame", strcmp(after.text, plain.text) != 0,
	          1);
	at(6100, 0);

	/* A function still open has a row, which the print and the frame leave
	 * out until a call of it completes. */
	const int open = counting_at(0);
	at(10, 7);
	at(20, 8);
	at(30, 0);
	static struct line open_print, open_frame;
	perf_profile_print_to(open, put_line, &open_print);
	check_u64("two rows, one shown: the open function's is not",
	          perf_profile_get(open)->functions * 10 +
	                  (strstr(open_print.text, "0x00000007") != NULL) * 2 +
	                  (strstr(open_print.text, "0x00000008") != NULL),
	          21);
	perf_profile_frame(open, put_line, &open_frame);
	check_u64("the frame counts the one row shown",
	          strstr(open_frame.text, "@PS profile 92 ") == open_frame.text, 1);

	/* A reset clears the stack: the next calls at a depth do not take the
	 * row the last call there named. */
	perf_profile_reset(open);
	perf_profile_unfreeze(open);
	perf_profile_enable(open);
	at(100, 8);
	at(110, 0);
	at(120, 7);
	at(135, 0);
	const struct perf_profile *o = perf_profile_get(open);
	check_u64("after a reset: 8 first, 10 cycles", o->fn[0].fn * 1000 + o->fn[0].total, 8010);
	check_u64("after a reset: then 7, 15 cycles", o->fn[1].fn * 1000 + o->fn[1].total, 7015);

	/* The table holds at most 4095 functions whatever the buffer. */
	const uint32_t huge = PERF_PROFILE_SIZE(5000);
	void *huge_buf = aligned_alloc(8, huge);
	const int h = perf_profile_create(huge_buf, huge);
	check_u64("a buffer of 5000 rows: 4095 of them used", perf_profile_get(h)->capacity, 4095);

	/* The reference model. Functions that share a hash bucket (the index
	 * chains them), more functions than rows, deep runs, recursion. */
	uint32_t pool[24];
	for (uint32_t i = 0; i < 12; i++)
		pool[i] = 0x1000u + 0x80u * i;           /* one bucket of a table of 8 to 32 rows */
	for (uint32_t i = 12; i < 24; i++)
		pool[i] = 0x20000u + 0x34u * i;
	int bad = 0;
	bad += model_run(pool, 12, 16, 4000, 1, 0);
	check_u64("model: 12 functions in one bucket, every event", (uint64_t)bad, 0);
	bad += model_run(pool, 24, 8, 20000, 7, 0);
	check_u64("model: 24 functions, a table of 8 (full)", (uint64_t)bad, 0);
	bad += model_run(pool + 20, 3, 4, 20000, 13, 0);
	check_u64("model: 3 functions recursing past the depth limit", (uint64_t)bad, 0);
	bad += model_run(pool, 24, 32, 40000, 11, 1);
	check_u64("model: switches, disables, freezes and blocks", (uint64_t)bad, 0);
	static const uint32_t sizes[] = { 1, 2, 3, 5, 7, 12 };
	for (int run = 0; run < 40; run++)
		bad += model_run(pool + rnd(12), 1 + rnd(12), sizes[rnd(6)], 3000, 1 + rnd(20), 1);
	check_u64("model: 40 runs of random sizes", (uint64_t)bad, 0);
	free(buf);
	return check_failures() != 0;
}
