/* SPDX-License-Identifier: Apache-2.0 */
/* IAS-style profiles (driver/hooks/profile.c), built with
 * -finstrument-functions, on the call tree of funccost:
 *
 *   top -> mid -> leaf, leaf
 *       -> rec(2) -> rec(1) -> rec(0)
 *
 * Checks the semantics exactly: every counted cycle is charged once (the
 * Program total is the sum of all self times), self+children adds up along
 * the tree with recursion counted once, disabled profiles track but do not
 * count, frozen ones charge the top, marked blocks, switching profiles,
 * depth warnings, close, and the limit of 32 profiles. */
#include <stdint.h>
#include <stdio.h>

#include "lib/check.h"
#include "perfscope_profile.h"
#include "soc.h"

#define PERF ((void *)SOC_PERF_BASE)

static uint64_t buf[4][PERF_PROFILE_SIZE(8) / 8];
static volatile int sink;

__attribute__((noinline)) void leaf(void) { __asm__ volatile(".rept 10\n\tnop\n\t.endr"); }
__attribute__((noinline)) void mid(void) { leaf(); leaf(); }
__attribute__((noinline)) void rec(int n) { if (n) rec(n - 1); sink = n; }
__attribute__((noinline)) void top(void) { mid(); rec(2); }

static PERF_NO_TRACE const struct perf_funcstat *stat(int id, void *f)
{
	const struct perf_profile *p = perf_profile_get(id);
	for (uint32_t i = 0; i < p->functions; i++)
		if (p->fn[i].fn == (uint32_t)(uintptr_t)f)
			return &p->fn[i];
	return NULL;
}

static PERF_NO_TRACE uint64_t self_sum(int id)
{
	const struct perf_profile *p = perf_profile_get(id);
	uint64_t sum = p->outside;
	for (uint32_t i = 0; i < p->functions; i++)
		sum += p->fn[i].self;
	return sum;
}

/* Leaves the function it was called from with one more exit than entry. */
__attribute__((noinline)) void switch_inside(int id) { perf_profile_switch(id); }

/* ---- a scripted clock --------------------------------------------------
 * The hooks read TIME_LO(0) (and TIME_HI(0) after it) of the perfscope
 * they are attached to: attached to this RAM window, they take the time
 * stamps the script sets, so the counts are known to the cycle on every
 * CPU. The script calls the hooks itself with made-up function addresses,
 * and a model of its own (a shadow stack, recursion found by a search of
 * it) says what each row must hold, every field exactly. */
static volatile uint32_t window[2];
static uint64_t script_buf[PERF_PROFILE_SIZE(8) / 8];
static uint32_t clock_now;

#define FN_D 0x00012340u /* the bottom call */
#define FN_R 0x00012380u /* recursive */
#define FN_A 0x000123c0u
#define FN_B 0x00012400u
#define FN_C 0x00012440u /* called from several depths */
#define NFN 5

static const uint32_t fn_of[NFN] = { FN_D, FN_R, FN_A, FN_B, FN_C };
static struct perf_funcstat want[NFN];
static struct {
	uint32_t fn, entry, children, rec;
} shadow[16];
static uint32_t shadow_depth, shadow_max;

static PERF_NO_TRACE struct perf_funcstat *want_of(uint32_t fn)
{
	for (int i = 0; i < NFN; i++)
		if (fn_of[i] == fn)
			return &want[i];
	return NULL;
}

static PERF_NO_TRACE void enter(uint32_t fn, uint32_t dt)
{
	window[0] = clock_now += dt;
	uint32_t rec = 0;
	for (uint32_t i = 0; i < shadow_depth; i++)
		rec |= shadow[i].fn == fn;
	shadow[shadow_depth].fn = fn;
	shadow[shadow_depth].entry = clock_now;
	shadow[shadow_depth].children = 0;
	shadow[shadow_depth].rec = rec;
	if (++shadow_depth > shadow_max)
		shadow_max = shadow_depth;
	__cyg_profile_func_enter((void *)(uintptr_t)fn, 0);
}

static PERF_NO_TRACE void leave(uint32_t dt)
{
	window[0] = clock_now += dt;
	const uint32_t d = --shadow_depth, total = clock_now - shadow[d].entry;
	const uint32_t self = total - shadow[d].children;
	if (d)
		shadow[d - 1].children += total;
	struct perf_funcstat *w = want_of(shadow[d].fn);
	if (!w->calls)
		w->self_min = w->total_min = UINT32_MAX;
	w->calls++;
	w->self += self;
	w->self_min = self < w->self_min ? self : w->self_min;
	w->self_max = self > w->self_max ? self : w->self_max;
	if (!shadow[d].rec) {
		w->outer++;
		w->total += total;
		w->total_min = total < w->total_min ? total : w->total_min;
		w->total_max = total > w->total_max ? total : w->total_max;
	}
	__cyg_profile_func_exit((void *)(uintptr_t)shadow[d].fn, 0);
}

/* Recursion, callees alternating at one depth, a function called from
 * several depths, recursion under another function and through one: the
 * first round finds every depth new (the slow path), the others run on
 * what it left. Returns the cycles of D's one call. */
static PERF_NO_TRACE uint32_t script(void)
{
	enter(FN_D, 5);
	for (uint32_t k = 0; k < 4; k++) {
		/* R(2) -> R(1) -> R(0) at depth 2: 41 + 3k cycles; self
		 * 19 + k, 17 + 2k and 5. */
		enter(FN_R, 10);
		enter(FN_R, 10);
		enter(FN_R, 10 + k);
		leave(5);
		leave(7 + k);
		leave(9 + k);
		/* A and B in turn at depth 2. */
		enter(FN_A, 3);
		leave(4 + k);
		enter(FN_B, 3);
		leave(6);
		enter(FN_A, 2);
		leave(4);
		enter(FN_B, 2);
		leave(6 + 2 * k);
		/* C at depth 2, then 3 under A, then 4 under A and B, with
		 * its owner's depth (3) open with B on it. */
		enter(FN_C, 2);
		leave(8 + k);
		enter(FN_A, 2);
		enter(FN_C, 2);
		leave(8);
		enter(FN_B, 1);
		enter(FN_C, 3);
		leave(5 + k);
		leave(2);
		leave(3 + k);
		/* R -> A -> R: 11 cycles, self 2, A 9 (self 6), the inner R 3. */
		enter(FN_R, 1);
		enter(FN_A, 1);
		enter(FN_R, 4);
		leave(3);
		leave(2);
		leave(1);
		/* A -> R -> R -> C -> R: recursion with R's outermost open
		 * call at depth 3, the depth of its last row owner being 2. */
		enter(FN_A, 2);
		enter(FN_R, 1);
		enter(FN_R, 3);
		enter(FN_C, 1);
		enter(FN_R, 2 + k);
		leave(4);
		leave(1);
		leave(2);
		leave(3);
		leave(1);
	}
	const uint32_t from = shadow[0].entry;
	leave(20);
	return clock_now - from;
}

static PERF_NO_TRACE void scripted(void)
{
	perf_profile_attach((const void *)window);
	window[1] = 0;
	window[0] = clock_now = 1000;
	const int id = perf_profile_create(script_buf, sizeof script_buf);
	perf_profile_unfreeze(id);
	perf_profile_enable(id);
	perf_profile_switch(id);
	const uint32_t d_total = script();
	window[0] = clock_now += 7;
	perf_profile_switch(PERF_PROFILE_NONE);
	const struct perf_profile *p = perf_profile_get(id);
	check_u64("script: counted, to the cycle", p->counted, clock_now - 1000);
	check_u64("script: outside any call", p->outside, clock_now - 1000 - d_total);
	check_u64("script: max depth", p->max_depth, shadow_max);
	check_u64("script: nothing open, dropped or warned",
	          p->depth + p->hidden + p->dropped + p->warn_low + p->warn_high, 0);
	check_u64("script: one row per function", p->functions, NFN);
	/* R by hand: per round k, 8 calls, 3 outer ones: 41 + 3k cycles
	 * (self 41 + 3k), 11 (self 2, and 3 for the inner call) and 16 + k
	 * (self 6, then 3 and 4 for the inner ones). */
	const struct perf_funcstat *r = stat(id, (void *)(uintptr_t)FN_R);
	check_u64("script: R calls", r ? r->calls : 0, 32);
	check_u64("script: R outer calls", r ? r->outer : 0, 12);
	check_u64("script: R self+children, recursion counted once", r ? r->total : 0,
	          4 * (41 + 11 + 16) + 4 * (0 + 1 + 2 + 3));
	check_u64("script: R self", r ? r->self : 0, 4 * (41 + 5 + 13) + 3 * (0 + 1 + 2 + 3));
	for (int i = 0; i < NFN; i++) {
		const struct perf_funcstat *g = stat(id, (void *)(uintptr_t)fn_of[i]),
		                           *w = &want[i];
		static const char *const names[NFN] = { "D", "R", "A", "B", "C" };
		static char what[NFN][8][48];
		const char *const field[8] = { "calls",
			                       "outer",
			                       "self+children",
			                       "self",
			                       "self+children min",
			                       "self+children max",
			                       "self min",
			                       "self max" };
		const uint64_t got[8] = { g ? g->calls : 0,     g ? g->outer : 0,
			                  g ? g->total : 0,     g ? g->self : 0,
			                  g ? g->total_min : 0, g ? g->total_max : 0,
			                  g ? g->self_min : 0,  g ? g->self_max : 0 };
		const uint64_t exp[8] = { w->calls,     w->outer,     w->total,    w->self,
			                  w->total_min, w->total_max, w->self_min, w->self_max };
		for (int j = 0; j < 8; j++) {
			snprintf(what[i][j], sizeof what[i][j], "script: %s %s", names[i],
			         field[j]);
			check_u64(what[i][j], got[j], exp[j]);
		}
	}
	perf_profile_attach(PERF);
}

int main(void)
{
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	perf_profile_attach(PERF);

	const int p0 = perf_profile_create(buf[0], sizeof buf[0]);
	check_u64("first profile is 0", (uint64_t)p0, 0);
	check_u64("created frozen and disabled", perf_profile_get(p0)->frozen && !perf_profile_get(p0)->enabled, 1);
	perf_profile_unfreeze(p0);
	perf_profile_enable(p0);
	perf_profile_switch(p0);
	top();
	perf_profile_switch(PERF_PROFILE_NONE);

	const struct perf_funcstat *t = stat(p0, top), *m = stat(p0, mid), *l = stat(p0, leaf), *r = stat(p0, rec);
	check_u64("top, mid, leaf, rec all profiled", t && m && l && r, 1);
	if (!(t && m && l && r))
		return check_failures();
	check_u64("calls: leaf 2, rec 3", l->calls * 10 + r->calls, 23);
	check_u64("rec: one outer call", r->outer, 1);
	check_u64("Program total = all self time", perf_profile_get(p0)->counted, self_sum(p0));
	check_u64("mid = mid self + leaf", m->total, m->self + l->total);
	check_u64("top = top self + mid + rec", t->total, t->self + m->total + r->total);
	check_u64("rec self+children = its self summed over the recursion", r->total, r->self);
	check_u64("max depth: top, rec, rec, rec", perf_profile_get(p0)->max_depth, 4);

	/* Disabled: tracks the stack, counts nothing. */
	const uint64_t counted = perf_profile_get(p0)->counted;
	perf_profile_disable(p0);
	perf_profile_switch(p0);
	top();
	perf_profile_switch(PERF_PROFILE_NONE);
	check_u64("disabled: no cycles counted", perf_profile_get(p0)->counted, counted);
	check_u64("disabled: calls still tracked", stat(p0, top)->calls, 2);

	/* Frozen inside a marked block: top's time goes to the block. */
	const int p1 = perf_profile_create(buf[1], sizeof buf[1]);
	perf_profile_unfreeze(p1);
	perf_profile_enable(p1);
	perf_profile_switch(p1);
	perf_profile_mark_enter();
	perf_profile_freeze(p1);
	top();
	perf_profile_unfreeze(p1);
	perf_profile_mark_exit();
	perf_profile_switch(PERF_PROFILE_NONE);
	const struct perf_funcstat *block = stat(p1, (void *)(uintptr_t)PERF_PROFILE_USER_BLOCK);
	check_u64("frozen: top not tracked", stat(p1, top) == NULL, 1);
	check_u64("marked block: one call", block ? block->calls : 0, 1);
	check_u64("frozen: the block took every cycle inside it", block ? block->self : 0,
	          perf_profile_get(p1)->counted - perf_profile_get(p1)->outside);

	/* Switching: p0 counts nothing while p1 is current. */
	perf_profile_enable(p0);
	perf_profile_switch(p0);
	perf_profile_switch(p1);
	const uint64_t away = perf_profile_get(p0)->counted;
	mid();
	check_u64("switch: an inactive profile counts nothing", perf_profile_get(p0)->counted, away);
	check_u64("switch: the current one profiled mid", stat(p1, mid) != NULL, 1);
	perf_profile_switch(PERF_PROFILE_NONE);

	/* Warnings and close. */
	const int p2 = perf_profile_create(buf[2], sizeof buf[2]);
	perf_profile_unfreeze(p2);
	perf_profile_enable(p2);
	switch_inside(p2); /* its exit finds p2's stack empty */
	check_u64("warning: depth below 0", perf_profile_get(p2)->warn_low, 1);
	perf_profile_mark_enter();
	perf_profile_mark_enter();
	check_u64("close: two blocks open", perf_profile_get(p2)->depth, 2);
	perf_profile_close(p2);
	check_u64("close: popped and counted", perf_profile_get(p2)->depth * 100 +
	          stat(p2, (void *)(uintptr_t)PERF_PROFILE_USER_BLOCK)->calls, 2);
	perf_profile_switch(PERF_PROFILE_NONE);

	/* The scripted clock's profile is the fourth. */
	scripted();

	int id = 0;
	for (int i = 4; i < PERF_PROFILES; i++)
		id = perf_profile_create(buf[3], sizeof buf[3]);
	check_u64("32 profiles: the last is 31", (uint64_t)id, 31);
	check_u64("a 33rd is refused", (uint64_t)perf_profile_create(buf[3], sizeof buf[3]), (uint64_t)-PERF_EINVAL);

	perf_profile_print(p0);
	perf_profile_frame(p0, NULL, NULL); /* tests/frames.py checks it against the print */
	return check_failures();
}
