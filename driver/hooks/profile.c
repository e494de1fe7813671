/* SPDX-License-Identifier: Apache-2.0 */
/* IAS-style profiles: -finstrument-functions hooks that charge the cycles
 * of perfscope's global time to the functions on each profile's call stack.
 * The API and the semantics are in include/perfscope_profile.h.
 *
 * The hooks take constant time whatever the depth and the number of
 * functions. While the current profile counts, its counted cycles are
 * perfscope's global time G less a base, so V = G - base (modulo 2^32) is
 * the profile's own clock: an event reads the time stamp and charges
 * nothing in between. An entry finds the function's row through the
 * table's index (functable.h), counts one more call of it open and pushes a
 * frame; an exit pops the frame and closes the call in the row,
 *   self+children = V - V at entry, self = that - its calls' self+children,
 * adding its self+children to its caller's frame. A frame (struct
 * perf_profile_frame) holds, as the hooks use it: fn, the function; self,
 * the self+children of the calls it has made so far; counted_entry, V at
 * entry (low word) and the row's byte offset in fn[] plus one row (high
 * word; 0: the table had no room, and the call is dropped).
 *
 * counted, outside and depth are brought up to date whenever the profile
 * is read, printed, switched or changed: counted is G less a 64-bit base,
 * so a run may be any length; outside grows while the stack is empty,
 * from the clock when it emptied (mark). index_mask is the rows' hash
 * index's bucket mask.
 *
 * The fast path runs while the current profile counts and tracks its
 * stack, has no leak to take and no calls hidden above the depth limit:
 * hot holds its stack pointer. An entry at the deepest depth so far or at
 * depth 0 (sp == hw) and an exit at depth 0 (sp == low) take the slow
 * path, as does every event while the hooks are parked (sp, hw and low
 * NULL), when the profile's own fields hold its stack. Both paths read the
 * time stamp first, with interrupts masked. */
#include "perfscope_profile.h"

#include <stddef.h>

#include "../common/perf_gap.h"
#include "functable.h"

#define ROW ((uint32_t)sizeof(struct perf_funcstat))

/* What the hooks read on every call, for the current profile. The clock
 * is TIME_LO, or a zero word before perf_profile_attach (an instrumented
 * main's own entry comes first). */
static const volatile uint32_t no_clock;
static const volatile uint32_t *hook_clock = &no_clock;

static struct {
	struct perf_profile_frame *sp;  /* the next free frame */
	struct perf_profile_frame *hw;  /* an entry at sp == hw takes the slow path */
	struct perf_profile_frame *low; /* an exit at sp == low takes the slow path */
	uint32_t base;                  /* V = time stamp - base */
	struct perf_funcstat *rows;     /* its fn[] */
	uint32_t mask;                  /* its index's bucket mask */
	uint32_t mark;                  /* V when its stack last emptied */
} hot;

static const volatile uint32_t *clock_lo; /* TIME_LO; TIME_HI follows */
static struct perf_profile *profiles[PERF_PROFILES];
static struct perf_profile *current;
static int current_id = PERF_PROFILE_NONE;
/* The current profile's counted is G - base64 while it is enabled. */
static uint64_t base64;
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
#else
static inline uint32_t irq_off(void) { return 0; }
static inline void irq_back(uint32_t mstatus) { (void)mstatus; }
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
	hook_clock = clock_lo;
	irq_back(mstatus);
}

static struct perf_profile *lookup(int id)
{
	if (id == PERF_PROFILE_CURRENT)
		return current;
	return id >= 0 && id < PERF_PROFILES ? profiles[id] : NULL;
}

/* A frame's words as the hooks write them, one at a time. */
static inline PERF_NO_TRACE_FN perf_u32_alias *entry_words(struct perf_profile_frame *f)
{
	return (perf_u32_alias *)&f->counted_entry;
}

static uint32_t frame_v(const struct perf_profile_frame *f)
{
	return (uint32_t)f->counted_entry;
}

/* ---- the fast path's state ------------------------------------------- */

/* Hands the stack back to the profile's own fields. */
static inline void park(void)
{
	if (hot.sp)
		current->depth = (uint32_t)(hot.sp - current->stack);
	hot.sp = hot.hw = hot.low = NULL;
}

/* Lets the hooks take the fast path for the current profile if they may. */
static void unpark(void)
{
	struct perf_profile *p = current;
	if (!p || !p->enabled || p->frozen || p->hidden || pending)
		return;
	hot.sp = &p->stack[p->depth];
	/* At depth 0 an entry takes the slow path, which charges outside. */
	hot.hw = p->depth ? &p->stack[p->max_depth] : p->stack;
	hot.low = p->stack;
	hot.base = (uint32_t)base64;
	hot.rows = p->fn;
	hot.mask = p->index_mask;
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
			own = v - frame_v(top) - top->self;
		}
		uint32_t left = leak; /* the rest is dropped: the next switch sets it again */
		const uint32_t take = perf_gap_take(&left, own, p->depth);
		base64 += take;
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
		p->outside += v - hot.mark;
		hot.mark = v;
	}
}

static void push(struct perf_profile *p, uint32_t fn, uint32_t v)
{
	if (p->hidden || p->depth == PERF_PROFILE_DEPTH) {
		p->hidden++;
		p->warn_high++;
		return;
	}
	if (!p->depth)
		p->outside += v - hot.mark;
	struct perf_funcstat *st = perf_funcstat_find(p->fn, &p->functions, p->capacity, p->index_mask, fn);
	const uint32_t off = st ? (uint32_t)((char *)st - (char *)p->fn) + ROW : 0;
	if (st)
		++*perf_funcstat_open(st);
	p->stack[p->depth++] = (struct perf_profile_frame){ .fn = fn, .counted_entry = (uint64_t)off << 32 | v };
	if (p->depth > p->max_depth)
		p->max_depth = p->depth;
}

/* Pops a frame of p, current or not, at its clock v. */
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
	const uint32_t total = v - frame_v(f), off = entry_words(f)[1];
	if (p->depth)
		f[-1].self += total;
	else if (p == current)
		hot.mark = v;
	if (off)
		perf_funcstat_close((struct perf_funcstat *)((char *)p->fn + (off - ROW)), total, total - f->self);
	else
		p->dropped++;
}

/* A hook's event on the slow path at time stamp t; restores mstatus. */
static __attribute__((noinline)) void slow(int enter, uint32_t fn, uint32_t t, uint32_t mstatus)
{
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

/* ---- the hooks --------------------------------------------------------- */

/* Interrupts are masked from the time stamp to the update of the stack: a
 * handler's perf_profile_switch in between would charge the handler's time
 * to the interrupted function. */
void __cyg_profile_func_enter(void *this_fn, void *call_site)
{
	(void)call_site;
	const uint32_t mstatus = irq_off();
	const uint32_t t = *hook_clock, fn = (uint32_t)(uintptr_t)this_fn;
	struct perf_profile_frame *f = hot.sp;
	if (f == hot.hw) {
		slow(1, fn, t, mstatus);
		return;
	}
	perf_u32_alias *w = entry_words(f);
	struct perf_funcstat *st;
	if (__builtin_expect(f->fn == fn && w[1], 1)) {
		/* The function the last call at this depth made: the frame
		 * still names its row (a reset clears the stack). */
		st = (struct perf_funcstat *)((char *)hot.rows + (w[1] - ROW));
	} else {
		st = perf_funcstat_lookup(hot.rows, hot.mask, fn);
		if (!st) {
			slow(1, fn, t, mstatus);
			return;
		}
		f->fn = fn;
		w[1] = (uint32_t)((char *)st - (char *)hot.rows) + ROW;
	}
	++*perf_funcstat_open(st);
	f->self = 0;
	w[0] = t - hot.base;
	hot.sp = f + 1;
	irq_back(mstatus);
}

void __cyg_profile_func_exit(void *this_fn, void *call_site)
{
	(void)this_fn;
	(void)call_site;
	const uint32_t mstatus = irq_off();
	const uint32_t t = *hook_clock;
	struct perf_profile_frame *f = hot.sp;
	if (f == hot.low) {
		slow(0, 0, t, mstatus);
		return;
	}
	f--;
	const perf_u32_alias *w = entry_words(f);
	const uint32_t off = w[1];
	if (!off) {
		slow(0, 0, t, mstatus);
		return;
	}
	hot.sp = f;
	const uint32_t v = t - hot.base, total = v - w[0];
	if (f == hot.low) {
		/* The stack is empty: outside runs from here, and the next
		 * entry charges it on the slow path. */
		hot.mark = v;
		hot.hw = f;
	} else {
		f[-1].self += total;
	}
	perf_funcstat_close((struct perf_funcstat *)((char *)hot.rows + (off - ROW)), total, total - f->self);
	irq_back(mstatus);
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

/* Empties p: frozen and disabled, no calls, the index and the stack
 * cleared (the hooks take a frame's row for the function it names). */
static void clear(struct perf_profile *p)
{
	*p = (struct perf_profile){
		.frozen = 1,
		.capacity = p->capacity,
		.index_mask = perf_funcstat_index_mask(p->capacity),
	};
	perf_funcstat_index_init(p->fn, p->capacity);
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
			hot.mark = 0;
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
	park();
	const uint64_t g = now64();
	if (was)
		settle(was, g, clock_at(was, (uint32_t)g));
	/* The time the incoming profile was not current is not its own: its
	 * clock goes on from where it stopped. The hooks stay parked until
	 * its first event has taken the leak. */
	if (p) {
		leak = perf_context_leak_cycles;
		pending = 1;
		base64 = g - p->counted;
		hot.mark = (uint32_t)p->counted;
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
		const uint32_t v = clock_at(p, *hook_clock);
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
