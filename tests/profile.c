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

	int id = 0;
	for (int i = 3; i < PERF_PROFILES; i++)
		id = perf_profile_create(buf[3], sizeof buf[3]);
	check_u64("32 profiles: the last is 31", (uint64_t)id, 31);
	check_u64("a 33rd is refused", (uint64_t)perf_profile_create(buf[3], sizeof buf[3]), (uint64_t)-PERF_EINVAL);

	perf_profile_print(p0);
	perf_profile_frame(p0, NULL, NULL); /* tests/frames.py checks it against the print */
	return check_failures();
}
