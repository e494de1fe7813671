/* IAS-style profiles: -finstrument-functions hooks that charge the cycles
 * of perfscope's global time to the functions on each profile's call stack.
 * The API and the semantics are in include/perfscope_trace.h. */
#include "perfscope_trace.h"

#include <stddef.h>

#include "funcstat.h"

static const volatile uint32_t *clock;
static struct perf_profile *profiles[PERF_PROFILES];
static struct perf_profile *current;
static int current_id = PERF_PROFILE_NONE;
/* Of the leak (perf_context_leak) given at the last switch, the cycles not
 * yet taken off the current profile's time: its switch-in stamp cannot see
 * them, so they come off the intervals after it, at most all of each. */
static uint32_t leak_left;

static uint32_t now(void)
{
	return clock ? *clock : 0;
}

void perf_profile_attach(const void *perf_base)
{
	clock = (const volatile uint32_t *)PERF_ADDR(perf_base, PERF_REG_TIME_LO(0));
}

static struct perf_profile *lookup(int id)
{
	if (id == PERF_PROFILE_CURRENT)
		return current;
	return id >= 0 && id < PERF_PROFILES ? profiles[id] : NULL;
}

/* Charges the cycles since the last event of the current profile p to its
 * top of stack. */
static void account(struct perf_profile *p, uint32_t t)
{
	const uint32_t since = t - p->last;
	/* min(since, leak_left) without a branch: a switch must take the same
	 * cycles whatever the leak, which is measured with none set. */
	const uint32_t inside = 0u - (uint32_t)(since < leak_left);
	const uint32_t leak = (since & inside) | (leak_left & ~inside);
	const uint32_t d = since - leak;
	leak_left -= leak;
	p->last = t;
	if (!p->enabled)
		return;
	p->counted += d;
	if (p->depth)
		p->stack[p->depth - 1].self += d;
	else
		p->outside += d;
}

static void push(struct perf_profile *p, uint32_t fn)
{
	if (p->hidden || p->depth == PERF_PROFILE_DEPTH) {
		p->hidden++;
		p->warn_high++;
		return;
	}
	p->stack[p->depth++] = (struct perf_profile_frame){ .fn = fn, .counted_entry = p->counted };
	if (p->depth > p->max_depth)
		p->max_depth = p->depth;
}

static void pop(struct perf_profile *p)
{
	if (p->hidden) {
		p->hidden--;
		return;
	}
	if (!p->depth) {
		p->warn_low++;
		return;
	}
	const struct perf_profile_frame f = p->stack[--p->depth];
	int recursive = 0;
	for (uint32_t i = 0; i < p->depth; i++)
		recursive |= p->stack[i].fn == f.fn;
	const uint32_t total = (uint32_t)(p->counted - f.counted_entry);
	if (perf_funcstat_add(p->fn, &p->functions, p->capacity, f.fn, total, f.self, recursive))
		p->dropped++;
}

/* The hooks mask interrupts: a handler's perf_profile_switch between a
 * hook's time stamp and its update of last would charge the handler's time
 * to the interrupted function. */
void __cyg_profile_func_enter(void *this_fn, void *call_site)
{
	(void)call_site;
	const uint32_t mstatus = perf_irq_save();
	struct perf_profile *p = current;
	if (p) {
		account(p, now());
		if (!p->frozen)
			push(p, (uint32_t)(uintptr_t)this_fn);
	}
	perf_irq_restore(mstatus);
}

void __cyg_profile_func_exit(void *this_fn, void *call_site)
{
	(void)this_fn;
	(void)call_site;
	const uint32_t mstatus = perf_irq_save();
	struct perf_profile *p = current;
	if (p) {
		account(p, now());
		if (!p->frozen)
			pop(p);
	}
	perf_irq_restore(mstatus);
}

int perf_profile_create(void *buf, uint32_t size)
{
	if (!buf || ((uintptr_t)buf & 7u) || size < PERF_PROFILE_SIZE(1))
		return -PERF_EINVAL;
	for (int id = 0; id < PERF_PROFILES; id++) {
		if (profiles[id])
			continue;
		struct perf_profile *p = buf;
		*p = (struct perf_profile){
			.frozen = 1,
			.capacity = (uint32_t)((size - sizeof *p) / sizeof(struct perf_funcstat)),
		};
		profiles[id] = p;
		return id;
	}
	return -PERF_EINVAL;
}

int perf_profile_reset(int id)
{
	struct perf_profile *p = lookup(id);
	if (!p)
		return -PERF_EINVAL;
	*p = (struct perf_profile){ .frozen = 1, .capacity = p->capacity, .last = now() };
	return 0;
}

/* Sets one of a profile's flags, first charging the time up to now. */
static int set_flag(int id, uint32_t *(*field)(struct perf_profile *), uint32_t value)
{
	struct perf_profile *p = lookup(id);
	if (!p)
		return -PERF_EINVAL;
	if (p == current)
		account(p, now());
	*field(p) = value;
	return 0;
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
	if (p == current)
		return 0;
	const uint32_t mstatus = perf_irq_save();
	const uint32_t t = now();
	if (current)
		account(current, t);
	/* The time the incoming profile was not current is not its own. */
	if (p) {
		p->last = t;
		leak_left = perf_context_leak();
		current_id = id == PERF_PROFILE_CURRENT ? current_id : id;
	} else {
		current_id = PERF_PROFILE_NONE;
	}
	current = p;
	perf_irq_restore(mstatus);
	return 0;
}

/* A user block on the current profile: enter pushes, exit pops. */
static int mark(int enter)
{
	const uint32_t mstatus = perf_irq_save();
	struct perf_profile *p = current;
	if (p) {
		account(p, now());
		if (enter)
			push(p, PERF_PROFILE_USER_BLOCK);
		else
			pop(p);
	}
	perf_irq_restore(mstatus);
	return p ? 0 : -PERF_EINVAL;
}

int perf_profile_mark_enter(void) { return mark(1); }
int perf_profile_mark_exit(void) { return mark(0); }

int perf_profile_close(int id)
{
	struct perf_profile *p = lookup(id);
	if (!p)
		return -PERF_EINVAL;
	if (p == current)
		account(p, now());
	while (p->depth || p->hidden)
		pop(p);
	return 0;
}

const struct perf_profile *perf_profile_get(int id)
{
	return lookup(id);
}

int perf_profile_print_to(int id, perf_put_fn put, void *ctx)
{
	const struct perf_profile *p = lookup(id);
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
	uint32_t id, flags, open, max_depth, warn_low, warn_high, functions;
	uint64_t counted, outside;
	const struct perf_funcstat *fn;
};

static void profile_payload(struct perf_frame *f, const void *arg)
{
	const struct profile_copy *p = arg;
	perf_frame_u32(f, p->id);
	perf_frame_u32(f, p->flags);
	perf_frame_u32(f, p->open);
	perf_frame_u32(f, p->max_depth);
	perf_frame_u32(f, p->warn_low);
	perf_frame_u32(f, p->warn_high);
	perf_frame_u64(f, p->counted);
	perf_frame_u64(f, p->outside);
	perf_frame_u32(f, p->functions);
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
		.functions = p->functions, .counted = p->counted, .outside = p->outside, .fn = p->fn,
	};
}

int perf_profile_frame(int id, perf_put_fn put, void *ctx)
{
	const uint32_t mstatus = perf_irq_save();
	const struct perf_profile *p = lookup(id);
	const struct profile_copy copy = p ? profile_copy_of(p) : (struct profile_copy){ 0 };
	perf_irq_restore(mstatus);
	return p ? perf_frame_write("profile", profile_payload, &copy, put, ctx) : -PERF_EINVAL;
}
