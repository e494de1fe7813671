/* SPDX-License-Identifier: Apache-2.0 */
/* IAS-style profiles: -finstrument-functions hooks that charge the cycles
 * of perfscope's global time to the functions on each profile's call stack.
 * The API and the semantics are in include/perfscope_profile.h.
 *
 * The hooks take constant time whatever the depth and the number of
 * functions. While the current profile counts, its counted cycles are
 * perfscope's global time G less a base (base64), so V = G - base (modulo
 * 2^32) is the profile's own clock: an event reads the time stamp and
 * charges nothing in between. A call's frame (struct perf_profile_frame)
 * holds its function's row, its time stamp at entry and the self+children
 * of the calls it has made so far (children); its exit closes the call in
 * the row,
 *   self+children = V - V at entry, self = that - children,
 * and adds its self+children to its caller's children.
 *
 * The fast path takes the time stamps as they are: a frame's entry is V at
 * entry plus the profile's base (p->base, which base64 is while the hooks
 * run), so a call's self+children is its exit's time stamp less its
 * entry's. When base64 moves (a switch back, an enable, a leak taken),
 * rebase() adds the difference to the top frame's adjust and flags it; its
 * exit, on the slow path, hands its adjust on to its caller's, so a frame
 * that is not flagged has seen no base but p->base.
 *
 * Most calls are leaves (no call of their own) of a function called last
 * at the same depth, with no call of it open below. Such an entry only
 * checks, in the frame it is about to fill, that the frame's row is its
 * function's and that the row's owner byte (the tag of the depth of its
 * function's outermost open call) is the frame's own tag, and stores the
 * time stamp; such an exit finds children 0, adds its self+children to the
 * caller's children and counts the call in the frame's leaf figures
 * (calls, sum, min, max), which reach the row when a different function
 * takes the depth or the profile is read. The fast path has two more
 * branches. An entry whose frame's row is another function's, or whose
 * row's owner byte is another depth's, takes the lookup branch: its row
 * from the frame if the frame's row is its function's, else through the
 * index (functable.h); if the owner byte is another depth's, the owner
 * decides, in constant time, whether a call of the function is open below
 * (the owner's depth is below this one and its frame's row is this row,
 * the outermost open call): if so the call is recursive and its frame is
 * flagged FLAG_REC (children 1), else this depth takes the row's owner
 * byte. A depth that a different function takes adds the leaf figures of
 * the one before to its row. An exit with children (a call that made
 * calls, or a recursive one) closes the call in its row, self+children
 * counted only if it is not recursive. So recursion, callees that
 * alternate at one depth and a function called from several depths all
 * stay on the fast path. Every other call takes the slow path, at entry
 * or at exit or both, without a check of its own in the fast path:
 *
 * - a frame whose row is a sentinel, owned by no depth, sends an entry
 *   that it does not own to the slow path: a depth not used since the
 *   profile was cleared (so max_depth is kept there), the one past
 *   PERF_PROFILE_DEPTH (hidden calls), one where the full table dropped
 *   a call, and the two frames of `parked`, which the hooks use while
 *   the current profile's stack is empty (the slow path charges the time
 *   outside any call), it is frozen, disabled, has calls hidden or a
 *   leak due, or there is none: then every event takes the slow path; a
 *   function that has no row yet does too;
 * - the slow path flags a frame whose exit must take it too (at depth 0,
 *   a call the full table drops, a base moved): its children gain 1, so
 *   its exit leaves the leaf's branch, and the other branch sends a frame
 *   flagged with anything but FLAG_REC alone to the slow path.
 *
 * Interrupts. The fast path does not mask them. Each hook is restartable:
 * up to one store to hot_sp, its branch's commit, it only reads and writes
 * the free frame above the stack, and it keeps its return address, the
 * stack pointer and (the entry) its function's address, so running it
 * again from its first instruction changes nothing (the exit's branch of
 * calls, from its label to its commit, comes after the branch to it,
 * which restart() checks as a window of its own; tests/hook_windows.py
 * checks both hooks' windows in every CPU's build). In the entry's lookup
 * branch the compiler may take a0 (this_fn) as a scratch register, and
 * nothing in C can stop it, so that branch masks interrupts instead, with
 * its first instruction, up to its commit; it also sets its row's owner
 * byte. Whatever
 * changes the state the hooks run on first parks them (park()), and on the
 * target park() moves a hook that an interrupt stopped before its commit
 * back to its start (mepc, restart()), so the interrupted hook runs again,
 * on the state the handler left: a handler that switches profiles never
 * sees a hook half way, and no hook commits a time stamp taken before the
 * handler ran. After its commit a hook writes only its frame's leaf
 * figures and its caller's children, which no switch reads; an exit's time
 * stamp is then before the interrupt, and the leak comes off the caller.
 * The slow path masks interrupts and takes its own time stamp.
 *
 * counted, outside and depth are brought up to date whenever the profile
 * is read, printed, switched or changed: counted is G less a 64-bit base,
 * so a run may be any length; outside grows while the stack is empty,
 * from the clock when it emptied (mark). index_mask is the rows' hash
 * index's bucket mask.
 *
 * The functions are laid out in this file's order, the hooks last: next to
 * the program's own code, which the linker puts after the hook libraries,
 * rather than where a direct-mapped instruction cache (VexRiscv_Lite's
 * 2 KiB) would have them evict a loop of the program on every call. */
#pragma GCC optimize("no-toplevel-reorder")
#include "perfscope_profile.h"

#include <stddef.h>

#include "../common/perf_gap.h"
#include "functable.h"

/* How a flagged frame's exit goes (the slow path). */
#define FLAG_BOTTOM 1u /* at depth 0: the stack empties */
#define FLAG_REC 2u    /* a call of a function open below it */
#define FLAG_DROP 4u   /* the table had no room: dropped */
#define FLAG_ADJUST 8u /* time was taken out of the profile's while it was open */

/* A row owned by no depth: its owner byte is no frame's tag. */
#define OWNER_NONE 0xffu
/* A frame's tag that no row's owner byte (0 for none, or a depth + 1) is. */
#define TAG_NONE 0x80u

static struct perf_funcstat sentinel = { .pad = OWNER_NONE };

/* The hooks' stack while they are parked (below). */
static struct perf_profile_frame parked[2];

/* What the hooks read on every call, for the current profile. The clock
 * is TIME_LO, or a zero word before perf_profile_attach (an instrumented
 * main's own entry comes first). */
static const volatile uint32_t no_clock;

/* Each a word of its own in small data, which the hooks reach from gp
 * (link.ld): gp is 2 KiB past its start, and the linker relaxes an access
 * only some bytes clear of the end of that range, where profile.c's small
 * data would otherwise come first. The directives order the sections:
 * parked, then these. */
#if defined(__riscv)
__asm__(".section .sdata.perf_profile_parked,\"aw\"\n\t.previous\n\t"
        ".section .sdata.perf_profile_hot,\"aw\"\n\t.previous");
#define SMALL_DATA(name) __attribute__((section(".sdata.perf_profile_" name)))
#else
#define SMALL_DATA(name)
#endif
static struct perf_profile_frame *hot_sp SMALL_DATA("hot") = &parked[1]; /* the next free frame */
static const volatile uint32_t *hot_clock SMALL_DATA("hot") = &no_clock;

/* The hooks' stack while they are parked: an entry finds the sentinel and
 * a tag that owns no row, an exit a flagged caller. Never written. */
static struct perf_profile_frame parked[2] SMALL_DATA("parked") = {
	{ .row = &sentinel, .children = 1, .flags = FLAG_BOTTOM },
	{ .row = &sentinel, .tag = TAG_NONE },
};

static const volatile uint32_t *clock_lo; /* TIME_LO; TIME_HI follows */
static struct perf_profile *profiles[PERF_PROFILES];
static struct perf_profile *current;
static int current_id = PERF_PROFILE_NONE;
/* The current profile's counted is G - base64 while it is enabled. */
static uint64_t base64;
/* V when the current profile's stack last emptied. */
static uint32_t mark;
/* The leak (perf_context_leak) of the last switch, due at the first event
 * after it (pending). The hooks are parked until that event has taken it,
 * whatever the leak, so that they run the same code with or without one. */
static uint32_t leak, pending;

#if defined(__riscv)
/* Nothing between these changes mstatus, so writing it back restores it. */
static inline PERF_NO_TRACE_FN uint32_t irq_off(void)
{
	uint32_t mstatus;
	__asm__ volatile("csrrci %0, mstatus, %1" : "=r"(mstatus) : "i"(PERF_MSTATUS_MIE) : "memory");
	return mstatus;
}

static inline PERF_NO_TRACE_FN void irq_back(uint32_t mstatus)
{
	__asm__ volatile("csrw mstatus, %0" : : "r"(mstatus) : "memory");
}

/* A hook's commit: the store of hot_sp, at a label that restart() knows. */
#define COMMIT(label, value) \
	__asm__ volatile(".globl " label "\n" label ":\n\tsw %1, %0" : "=m"(hot_sp) : "r"(value))

/* The entry's lookup branch: its first instruction masks interrupts, at a
 * label that restart() knows (an interrupt taken there has run none of
 * the branch). */
#define LOOKUP_IRQ_OFF(mstatus)                                                             \
	__asm__ volatile(".globl perf_profile_enter_lookup\nperf_profile_enter_lookup:\n\t" \
	                 "csrrci %0, mstatus, %1"                                           \
	                 : "=r"(mstatus)                                                    \
	                 : "i"(PERF_MSTATUS_MIE)                                            \
	                 : "memory")

extern const char perf_profile_enter_commit[], perf_profile_exit_commit[];
extern const char perf_profile_exit_calls[], perf_profile_exit_calls_commit[];
extern const char perf_profile_enter_lookup[];

/* If an interrupt stopped a hook before its commit, it runs again from its
 * start when the handler returns: mepc from the hook's start, or from the
 * label of the exit's branch of calls, to that commit, both included (the
 * commit not yet done), or at the entry's lookup branch's masking. Run by
 * whatever changes the hooks' state while they run: a hook is restartable
 * before its commit, and outside a handler mepc is not used. The branches'
 * code must lie in those windows, which tests/irq_profile.c checks by
 * landing interrupts in them, and tests/hook_windows.py in the code. */
static inline PERF_NO_TRACE_FN void restart(void)
{
	uint32_t pc;
	__asm__ volatile("csrr %0, mepc" : "=r"(pc));
	const uint32_t enter = (uint32_t)(uintptr_t)__cyg_profile_func_enter;
	const uint32_t exit = (uint32_t)(uintptr_t)__cyg_profile_func_exit;
	const uint32_t calls = (uint32_t)(uintptr_t)perf_profile_exit_calls;
	const uint32_t lookup = (uint32_t)(uintptr_t)perf_profile_enter_lookup;
	if (pc - enter <= (uint32_t)(uintptr_t)perf_profile_enter_commit - enter || pc == lookup)
		__asm__ volatile("csrw mepc, %0" : : "r"(enter));
	else if (pc - exit <= (uint32_t)(uintptr_t)perf_profile_exit_commit - exit ||
	         pc - calls <= (uint32_t)(uintptr_t)perf_profile_exit_calls_commit - calls)
		__asm__ volatile("csrw mepc, %0" : : "r"(exit));
}
#else
static inline uint32_t irq_off(void) { return 0; }
static inline void irq_back(uint32_t mstatus) { (void)mstatus; }
#define COMMIT(label, value) (hot_sp = (value))
#define LOOKUP_IRQ_OFF(mstatus) ((mstatus) = 0)
static inline void restart(void) {}
#endif

/* The global time, 64 bits: reading TIME_LO latches TIME_HI. Masked. */
static inline uint64_t now64(void)
{
	if (!clock_lo)
		return 0;
	const uint32_t lo = clock_lo[0];
	return (uint64_t)clock_lo[1] << 32 | lo;
}

void perf_profile_attach(const void *perf_base)
{
	const uint32_t mstatus = irq_off();
	clock_lo = (const volatile uint32_t *)PERF_ADDR(perf_base, PERF_REG_TIME_LO(0));
	hot_clock = clock_lo;
	irq_back(mstatus);
}

static struct perf_profile *lookup(int id)
{
	if (id == PERF_PROFILE_CURRENT)
		return current;
	return id >= 0 && id < PERF_PROFILES ? profiles[id] : NULL;
}

/* A frame's children, without the flag's 1. */
static uint32_t children_of(const struct perf_profile_frame *f)
{
	return f->children - (f->flags != 0);
}

/* The clock of p at the entry of its top frame f. */
static uint32_t entry_of(const struct perf_profile *p, const struct perf_profile_frame *f)
{
	return f->entry + f->adjust - p->base;
}

/* Flags f (the flag's 1 goes to its children once). */
static void flag(struct perf_profile_frame *f, uint32_t flags)
{
	f->children += !f->flags;
	f->flags = (uint8_t)(f->flags | flags);
}

/* The time stamps the fast path takes are p's clock plus base64. When
 * base64 moves, the calls open in p move with it: the top frame's adjust
 * takes the difference and its exit, on the slow path, hands its adjust on
 * to its caller's. */
static void rebase(struct perf_profile *p)
{
	const uint32_t delta = (uint32_t)base64 - p->base;
	p->base = (uint32_t)base64;
	if (p->depth) {
		struct perf_profile_frame *top = &p->stack[p->depth - 1];
		top->adjust += delta;
		flag(top, FLAG_ADJUST);
	}
}

/* ---- the fast path's state ------------------------------------------- */

/* Hands the stack back to the profile's own fields. */
static inline void park(void)
{
	if (hot_sp != &parked[1]) {
		restart();
		current->depth = hot_sp[-1].tag; /* unparked, the stack is not empty */
		hot_sp = &parked[1];
	}
}

/* Lets the hooks take the fast path for the current profile if they may. */
static void unpark(void)
{
	struct perf_profile *p = current;
	if (!p || !p->enabled || p->frozen || p->hidden || pending || !p->depth)
		return;
	hot_sp = &p->stack[p->depth];
}

/* Adds a depth's leaf figures to its row. */
static inline PERF_NO_TRACE_FN void flush(struct perf_profile_frame *f)
{
	if (!f->leaf_calls)
		return;
	perf_funcstat_add_leaves(f->row, f->leaf_calls, f->leaf_sum, f->leaf_min, f->leaf_max);
	f->leaf_calls = f->leaf_sum = f->leaf_max = 0;
	f->leaf_min = UINT32_MAX;
}

/* Every depth's: p's rows complete. Parked or not current. */
static void flush_all(struct perf_profile *p)
{
	for (uint32_t d = 0; d < PERF_PROFILE_DEPTH; d++)
		flush(&p->stack[d]);
}

/* ---- events on the slow path ------------------------------------------ */

/* The current profile's clock at time stamp t. The first event after a
 * switch back takes the leak off the call that was interrupted, the one on
 * top, as function cost takes a gap (common/perf_gap.h): at most its own
 * time so far; with no call open, nothing. */
static inline uint32_t clock_at(struct perf_profile *p, uint32_t t)
{
	uint32_t v = p->enabled ? t - (uint32_t)base64 : (uint32_t)p->counted;
	if (pending) {
		uint32_t own = 0;
		if (p->depth && p->enabled) {
			const struct perf_profile_frame *top = &p->stack[p->depth - 1];
			own = v - entry_of(p, top) - children_of(top);
		}
		uint32_t left = leak; /* the rest is dropped: the next switch sets it again */
		const uint32_t take = perf_gap_take(&left, own, p->depth);
		base64 += take;
		rebase(p);
		v -= take;
		pending = 0;
	}
	return v;
}

/* counted and outside of the current profile p at G = g, its clock v. */
static inline void settle(struct perf_profile *p, uint64_t g, uint32_t v)
{
	if (p->enabled)
		p->counted = g - base64;
	if (!p->depth) {
		p->outside += v - mark;
		mark = v;
	}
}

/* Opens a call of fn in p, current or not, at its clock v. */
static void push(struct perf_profile *p, uint32_t fn, uint32_t v)
{
	if (p->hidden || p->depth == PERF_PROFILE_DEPTH) {
		p->hidden++;
		p->warn_high++;
		return;
	}
	uint32_t flags = 0;
	if (!p->depth) {
		p->outside += v - mark;
		flags = FLAG_BOTTOM;
	}
	struct perf_funcstat *st =
	        perf_funcstat_find(p->fn, &p->functions, p->capacity, p->index_mask, fn);
	if (st) {
		/* Its owner is its outermost open call's depth, if one is open. */
		uint8_t *owner = perf_funcstat_owner(st);
		const uint32_t below = *owner - 1u;
		if (below < p->depth && p->stack[below].row == st)
			flags |= FLAG_REC;
		else
			*owner = (uint8_t)(p->depth + 1);
	} else {
		st = &sentinel;
		flags |= FLAG_DROP;
	}
	struct perf_profile_frame *f = &p->stack[p->depth++];
	if (f->row != st) {
		flush(f);
		f->row = st;
	}
	f->entry = v + p->base;
	f->children = flags != 0;
	f->flags = (uint8_t)flags;
	if (p->depth > p->max_depth)
		p->max_depth = p->depth;
}

/* Closes the top call of p, current or not, at its clock v. */
static void pop(struct perf_profile *p, uint32_t v)
{
	if (p->hidden) {
		p->hidden--;
		return;
	}
	if (!p->depth) {
		p->warn_low++;
		return;
	}
	struct perf_profile_frame *f = &p->stack[--p->depth];
	const uint32_t total = v - entry_of(p, f), self = total - children_of(f), flags = f->flags;
	if (p->depth) {
		f[-1].children += total;
		if (f->adjust) {
			f[-1].adjust += f->adjust;
			flag(&f[-1], FLAG_ADJUST);
		}
	} else if (p == current) {
		mark = v;
	}
	f->adjust = f->children = 0;
	f->flags = 0;
	if (flags & FLAG_DROP)
		p->dropped++;
	else
		perf_funcstat_close(f->row, total, self, flags & FLAG_REC);
}

/* A hook's event on the slow path: with interrupts masked, it takes its
 * own time stamp. */
static __attribute__((noinline)) void slow(int enter, uint32_t fn)
{
	const uint32_t mstatus = irq_off();
	const uint32_t t = *hot_clock;
	struct perf_profile *p = current;
	if (p) {
		park();
		const uint32_t v = clock_at(p, t);
		if (!p->frozen) {
			if (enter)
				push(p, fn, v);
			else
				pop(p, v);
		}
		unpark();
	}
	irq_back(mstatus);
}

static __attribute__((noinline)) void slow_enter(uint32_t fn)
{
	slow(1, fn);
}

static __attribute__((noinline)) void slow_exit(void)
{
	slow(0, 0);
}

/* ---- the API ------------------------------------------------------------ */

/* With interrupts masked: the current profile's fields as of now. */
static void sync(void)
{
	struct perf_profile *p = current;
	if (!p)
		return;
	park();
	const uint64_t g = now64();
	settle(p, g, clock_at(p, (uint32_t)g));
	unpark();
}

/* Empties p: frozen and disabled, no calls, the index cleared, every
 * depth's frame back to the sentinel row with its tag. */
static void clear(struct perf_profile *p)
{
	const uint32_t capacity = p->capacity;
	for (uint32_t *w = (uint32_t *)p; w < (uint32_t *)p->stack; w++)
		*w = 0;
	p->frozen = 1;
	p->capacity = capacity;
	p->index_mask = perf_funcstat_index_mask(capacity);
	perf_funcstat_index_init(p->fn, capacity);
	/* Field by field: picolibc's memset, which a whole frame's literal
	 * becomes, takes a byte at a time. */
	for (uint32_t d = 0; d <= PERF_PROFILE_DEPTH; d++) {
		struct perf_profile_frame *f = &p->stack[d];
		f->row = &sentinel;
		f->entry = f->adjust = f->children = 0;
		f->tag = (uint8_t)(d + 1);
		f->flags = 0;
		f->leaf_calls = f->leaf_sum = f->leaf_max = 0;
		f->leaf_min = UINT32_MAX;
	}
}

int perf_profile_create(void *buf, uint32_t size)
{
	if (!buf || ((uintptr_t)buf & 7u) || size < PERF_PROFILE_SIZE(1))
		return -PERF_EINVAL;
	const uint32_t mstatus = irq_off();
	int id = 0;
	while (id < PERF_PROFILES && profiles[id])
		id++;
	if (id < PERF_PROFILES) {
		struct perf_profile *p = buf;
		const uint32_t rows = (uint32_t)((size - sizeof *p) / sizeof(struct perf_funcstat));
		p->capacity = rows < PERF_FUNCSTAT_INDEX_MAX ? rows : PERF_FUNCSTAT_INDEX_MAX;
		clear(p);
		profiles[id] = p;
	}
	irq_back(mstatus);
	return id < PERF_PROFILES ? id : -PERF_EINVAL;
}

int perf_profile_reset(int id)
{
	const uint32_t mstatus = irq_off();
	struct perf_profile *p = lookup(id);
	if (p) {
		park();
		clear(p);
		if (p == current) {
			base64 = now64();
			rebase(p);
			mark = 0;
			pending = 0;
		}
		unpark();
	}
	irq_back(mstatus);
	return p ? 0 : -PERF_EINVAL;
}

/* Sets one of a profile's flags, first charging the time up to now. */
static int set_flag(int id, uint32_t *(*field)(struct perf_profile *), uint32_t value)
{
	const uint32_t mstatus = irq_off();
	struct perf_profile *p = lookup(id);
	if (p && p == current) {
		park();
		const uint64_t g = now64();
		settle(p, g, clock_at(p, (uint32_t)g));
		*field(p) = value;
		base64 = g - p->counted; /* if it counts, on from counted */
		rebase(p);
		unpark();
	} else if (p) {
		*field(p) = value;
	}
	irq_back(mstatus);
	return p ? 0 : -PERF_EINVAL;
}

static uint32_t *enabled_of(struct perf_profile *p) { return &p->enabled; }
static uint32_t *frozen_of(struct perf_profile *p) { return &p->frozen; }

int perf_profile_freeze(int id) { return set_flag(id, frozen_of, 1); }
int perf_profile_unfreeze(int id) { return set_flag(id, frozen_of, 0); }
int perf_profile_enable(int id) { return set_flag(id, enabled_of, 1); }
int perf_profile_disable(int id) { return set_flag(id, enabled_of, 0); }

int perf_profile_switch(int id)
{
	struct perf_profile *p = NULL;
	if (id != PERF_PROFILE_NONE && !(p = lookup(id)))
		return -PERF_EINVAL;
	struct perf_profile *was = current;
	if (p == was)
		return 0;
	const uint32_t mstatus = irq_off();
	const uint64_t g = now64();
	park();
	if (was)
		settle(was, g, clock_at(was, (uint32_t)g));
	/* The time the incoming profile was not current is not its own: its
	 * clock goes on from where it stopped. The hooks stay parked until
	 * its first event has taken the leak. */
	if (p) {
		leak = perf_context_leak_cycles;
		pending = 1;
		base64 = g - p->counted; /* its first event rebases it, with the leak */
		mark = (uint32_t)p->counted;
		current_id = id == PERF_PROFILE_CURRENT ? current_id : id;
	} else {
		current_id = PERF_PROFILE_NONE;
	}
	current = p;
	irq_back(mstatus);
	return 0;
}

/* A user block on the current profile: enter pushes, exit pops. */
static int mark_block(int enter)
{
	const uint32_t mstatus = irq_off();
	struct perf_profile *p = current;
	if (p) {
		park();
		const uint32_t v = clock_at(p, *hot_clock);
		if (enter)
			push(p, PERF_PROFILE_USER_BLOCK, v);
		else
			pop(p, v);
		unpark();
	}
	irq_back(mstatus);
	return p ? 0 : -PERF_EINVAL;
}

int perf_profile_mark_enter(void) { return mark_block(1); }
int perf_profile_mark_exit(void) { return mark_block(0); }

int perf_profile_close(int id)
{
	const uint32_t mstatus = irq_off();
	struct perf_profile *p = lookup(id);
	if (p) {
		if (p == current)
			sync();
		park();
		const uint32_t v = (uint32_t)p->counted;
		while (p->depth || p->hidden)
			pop(p, v);
		unpark();
	}
	irq_back(mstatus);
	return p ? 0 : -PERF_EINVAL;
}

const struct perf_profile *perf_profile_get(int id)
{
	const uint32_t mstatus = irq_off();
	struct perf_profile *p = lookup(id);
	if (p && p == current)
		sync();
	if (p)
		flush_all(p);
	irq_back(mstatus);
	return p;
}

int perf_profile_print_to(int id, perf_put_fn put, void *ctx)
{
	const struct perf_profile *p = perf_profile_get(id);
	if (!p || !put)
		return -PERF_EINVAL;
	struct perf_out o = { put, ctx, 0 };
	perf_out_str(&o, "profile ");
	perf_out_num(&o, (uint64_t)(id == PERF_PROFILE_CURRENT ? current_id : id), 0, 0, 0);
	perf_out_str(&o, p->enabled ? ": enabled, " : ": disabled, ");
	perf_out_str(&o, p->frozen ? "frozen" : "not frozen");
	perf_out_str(&o, "; entries still on call stack: ");
	perf_out_num(&o, p->depth + p->hidden, 0, 0, 0);
	perf_out_str(&o, "\nmax call stack depth seen: ");
	perf_out_num(&o, p->max_depth, 0, 0, 0);
	perf_out_str(&o, ", depth warnings: ");
	perf_out_num(&o, p->warn_low, 0, 0, 0);
	perf_out_str(&o, " below 0, ");
	perf_out_num(&o, p->warn_high, 0, 0, 0);
	perf_out_str(&o, " above ");
	perf_out_num(&o, PERF_PROFILE_DEPTH, 0, 0, 0);
	if (p->dropped) {
		perf_out_str(&o, "; ");
		perf_out_num(&o, p->dropped, 0, 0, 0);
		perf_out_str(&o, " calls not counted, function table full");
	}
	perf_out_str(&o, "\nTotal number of cycles: ");
	perf_out_num(&o, p->counted, 0, 0, 0);
	perf_out_char(&o, '\n');
	/* The Program row: the whole profile, self being the time outside any call. */
	const uint32_t total = (uint32_t)p->counted, self = (uint32_t)p->outside;
	const struct perf_funcstat program = {
		.fn = 0, .calls = 1, .outer = 1, .total = p->counted, .total_min = total,
		.total_max = total, .self = p->outside, .self_min = self, .self_max = self,
	};
	perf_funcstat_print_head(&o);
	perf_funcstat_print_rows(&o, &program, 1, p->counted);
	perf_funcstat_print_rows(&o, p->fn, p->functions, p->counted);
	return o.failed ? -PERF_EIO : 0;
}

int perf_profile_print(int id)
{
	return perf_profile_print_to(id, perf_put_stdout, NULL);
}

/* What a profile's frame shows. perf_frame_write runs the payload twice,
 * for the header and for the text, with interrupts enabled, and a handler
 * that switches profiles charges the current one in between: both passes
 * read this copy, taken with interrupts masked. The rows change only by
 * calls returning in the profile, which the handler makes in its own. */
struct profile_copy {
	uint32_t id, flags, open, max_depth, warn_low, warn_high, functions, shown;
	uint64_t counted, outside;
	const struct perf_funcstat *fn;
};

static void profile_payload(struct perf_frame *f, const void *arg)
{
	/* profile_copy_of packs enabled and frozen as the frame's flags, and a
	 * row keeps the API's address of a marked block. */
	_Static_assert(PERF_FRAME_PROFILE_ENABLED == 1 && PERF_FRAME_PROFILE_FROZEN == 2 &&
	                       PERF_PROFILE_USER_BLOCK == PERF_FRAME_PROFILE_USER_BLOCK,
	               "the profile frame's flags and block");
	const struct profile_copy *p = arg;
	const struct perf_frame_profile_head h = {
		.id = p->id,
		.flags = p->flags,
		.open = p->open,
		.max_depth = p->max_depth,
		.warn_low = p->warn_low,
		.warn_high = p->warn_high,
		.counted = p->counted,
		.outside = p->outside,
		.n = p->shown,
	};
	PERF_FRAME_PUT(f, PERF_FRAME_PROFILE_HEAD_FIELDS, &h);
	perf_funcstat_frame_rows(f, p->fn, p->functions);
}

static struct profile_copy profile_copy_of(const struct perf_profile *p)
{
	uint32_t id = 0;
	while (id < PERF_PROFILES && profiles[id] != p)
		id++;
	return (struct profile_copy){
		.id = id, .flags = p->enabled | p->frozen << 1, .open = p->depth + p->hidden,
		.max_depth = p->max_depth, .warn_low = p->warn_low, .warn_high = p->warn_high,
		.functions = p->functions, .shown = perf_funcstat_shown(p->fn, p->functions),
		.counted = p->counted, .outside = p->outside, .fn = p->fn,
	};
}

int perf_profile_frame(int id, perf_put_fn put, void *ctx)
{
	const uint32_t mstatus = irq_off();
	const struct perf_profile *p = perf_profile_get(id);
	const struct profile_copy copy = p ? profile_copy_of(p) : (struct profile_copy){ 0 };
	irq_back(mstatus);
	return p ? perf_frame_write("profile", profile_payload, &copy, put, ctx) : -PERF_EINVAL;
}

/* ---- the hooks --------------------------------------------------------- */

/* Restartable up to the commit: before it, a hook writes only the free
 * frame, keeps its return address, the stack pointer and (the entry)
 * this_fn, and its slow path is a tail call; the entry's lookup branch
 * runs with interrupts masked. */
void __cyg_profile_func_enter(void *this_fn, void *call_site)
{
	(void)call_site;
	struct perf_profile_frame *f = hot_sp;
	const uint32_t t = *hot_clock, fn = (uint32_t)(uintptr_t)this_fn;
	struct perf_funcstat *const last = f->row;
	struct perf_funcstat *st = last;
	if (__builtin_expect(st->fn != fn || (uint8_t)st->pad != f->tag, 0)) {
		/* Another function than the depth's last, or its function
		 * last owned by another depth: interrupts masked up to the
		 * commit (the compiler may take a0, this_fn, as a scratch
		 * register here, and a run again from the start needs it). */
		uint32_t mstatus;
		LOOKUP_IRQ_OFF(mstatus);
		if (st->fn != fn) {
			/* Its row from the index. */
			struct perf_profile *p = current;
			st = p ? perf_funcstat_lookup(p->fn, p->index_mask, fn) : NULL;
			if (!st)
				goto slow;
		}
		const uint32_t tag = f->tag, owner = (uint8_t)st->pad;
		if (owner != tag) {
			/* A depth not used since the profile was cleared, past
			 * the limit, or parked: the slow path. */
			if (last == &sentinel)
				goto slow;
			/* Recursive if the owner's depth is below and its
			 * frame's row is this one: its outermost open call
			 * (the frame below is f itself when the owner is not
			 * below). */
			const uint32_t below = owner - 1u < tag - 1u;
			const uint32_t rec =
			        below & (f[-(int32_t)((tag - owner) & -below)].row == st);
			/* A recursive call is flagged (children 1) for the
			 * exit's branch of calls; another one's depth owns
			 * its row from now on. */
			f->children = rec;
			f->flags = (uint8_t)(rec * FLAG_REC);
			*perf_funcstat_owner(st) = (uint8_t)(rec ? owner : tag);
		}
		f->entry = t;
		hot_sp = f + 1;
		irq_back(mstatus);
		if (last != st) {
			flush(f);
			f->row = st;
		}
		return;
	slow:
		irq_back(mstatus);
		slow_enter(fn);
		return;
	}
	f->entry = t;
	COMMIT("perf_profile_enter_commit", f + 1);
}

void __cyg_profile_func_exit(void *this_fn, void *call_site)
{
	(void)this_fn;
	(void)call_site;
	struct perf_profile_frame *f = hot_sp - 1;
	const uint32_t t = *hot_clock;
	const uint32_t children = f->children, total = t - f->entry;
	if (__builtin_expect(children != 0, 0)) {
		/* A call with calls of its own, or flagged: restartable from here
		 * to its own commit too. */
		__asm__ volatile(".globl perf_profile_exit_calls\nperf_profile_exit_calls:"
		                 :
		                 :
		                 : "memory");
		const uint32_t flags = f->flags;
		if (flags & ~FLAG_REC) {
			slow_exit();
			return;
		}
		COMMIT("perf_profile_exit_calls_commit", f);
		f[-1].children += total;
		f->children = 0;
		f->flags = 0;
		/* A recursive call's children hold the flag's 1. */
		const uint32_t rec = flags / FLAG_REC;
		perf_funcstat_close(f->row, total, total - children + rec, (int)rec);
		return;
	}
	COMMIT("perf_profile_exit_commit", f);
	/* A leaf, and no call of its function open below: self = self+children. */
	f[-1].children += total;
	const uint32_t calls = f->leaf_calls, sum = f->leaf_sum;
	const uint32_t min = f->leaf_min, max = f->leaf_max;
	f->leaf_calls = calls + 1;
	f->leaf_sum = sum + total;
	if (__builtin_expect(sum + total < total, 0)) {
		/* The carry goes straight to the row's sums. */
		((perf_u32_alias *)&f->row->total)[1]++;
		((perf_u32_alias *)&f->row->self)[1]++;
	}
	if (__builtin_expect(total < min, 0))
		f->leaf_min = total;
	if (__builtin_expect(total > max, 0))
		f->leaf_max = total;
}
