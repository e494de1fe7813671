/* Function cost hooks (NITRO-SDK FUNCTIONCOST): -finstrument-functions entry
 * and exit hooks that append time-stamped events to a measurement buffer,
 * and the statistics that summarize it in the IAS profile layout. The API is
 * in include/perfscope_trace.h. Like the call-trace hooks, they are written
 * for few instructions and leave interrupts alone: each context records
 * into its own buffer. */
#include "perfscope_trace.h"

#include <stddef.h>

#include "funcstat.h"

/* The current buffer, enabled or not. While it records, the hooks keep its
 * next and end in these globals (no load waiting on a load of a pointer
 * first: a few cycles an event); both are NULL while nothing records. The
 * struct's next and end are brought up to date by sync() before anything
 * else reads them, and the globals reloaded by load() after a change. */
static struct perf_funccost *cost;
static struct perf_funccost_record *cc_next, *cc_end;
static const volatile uint32_t *cc_clock;

static void sync(void)
{
	if (cc_next) {
		cost->next = cc_next;
		cost->end = cc_end;
	}
}

static void load(void)
{
	const int on = cost && cost->enabled;
	cc_next = on ? cost->next : NULL;
	cc_end = on ? cost->end : NULL;
	cc_clock = on ? cost->clock : NULL;
}

int perf_funccost_lines(uint32_t size)
{
	if (size < sizeof(struct perf_funccost))
		return 0;
	return (int)((size - sizeof(struct perf_funccost)) / sizeof(struct perf_funccost_record));
}

uint32_t perf_funccost_size(int lines)
{
	return (uint32_t)PERF_FUNCCOST_SIZE((uint32_t)(lines > 0 ? lines : 0));
}

uint32_t perf_funccost_count(const struct perf_funccost *c)
{
	return (uint32_t)((c == cost && cc_next ? cc_next : c->next) - c->rec);
}

int perf_funccost_init(const void *perf_base, void *buf, uint32_t size)
{
	const int lines = perf_funccost_lines(size);
	if (!buf || ((uintptr_t)buf & 3u) || lines < 1)
		return -PERF_EINVAL;
	const uint32_t mstatus = perf_irq_save();
	sync();
	struct perf_funccost *c = buf;
	*c = (struct perf_funccost){
		.next = c->rec,
		.end = c->rec + lines,
		.clock = (const volatile uint32_t *)PERF_ADDR(perf_base, PERF_REG_TIME_LO(0)),
		.lines = (uint32_t)lines,
		.enabled = 1,
	};
	cost = c;
	load();
	perf_irq_restore(mstatus);
	return lines;
}

struct perf_funccost *perf_funccost_switch(struct perf_funccost *c)
{
	const uint32_t mstatus = perf_irq_save();
	struct perf_funccost *was = cost;
	if (c != was) {
		sync();
		const struct perf_funccost *any = c ? c : was;
		const uint32_t t = *any->clock;
		if (was) {
			was->out = 1;
			was->out_at = t;
		}
		if (c && c->out) {
			/* One line stays free for a hook this switch interrupted,
			 * which may have found next below the old end. */
			if (c->end - c->next >= 2)
				*--c->end = (struct perf_funccost_record){ .fn = c->out_at,
				                                           .stamp = t + perf_context_leak() };
			else
				c->lost++;
			c->out = 0;
		}
		cost = c;
		load();
	}
	perf_irq_restore(mstatus);
	return was;
}

static int set_enabled(int enabled)
{
	if (!cost)
		return 0;
	const uint32_t mstatus = perf_irq_save();
	sync();
	const int was = (int)cost->enabled;
	cost->enabled = enabled != 0;
	load();
	perf_irq_restore(mstatus);
	return was;
}

int perf_funccost_enable(void) { return set_enabled(1); }
int perf_funccost_disable(void) { return set_enabled(0); }
int perf_funccost_restore(int enabled) { return set_enabled(enabled); }

static void empty(struct perf_funccost *c)
{
	c->next = c->rec;
	c->end = c->rec + c->lines;
	c->lost = 0;
}

void perf_funccost_clear(void)
{
	if (!cost)
		return;
	const uint32_t mstatus = perf_irq_save();
	empty(cost);
	load();
	perf_irq_restore(mstatus);
}

/* The buffer's events and gaps in time order, a gap as a SUSPEND and a
 * RESUME event: an event comes before a gap if stamped before the switch
 * out (an event a switch interrupted may sit on either side in the
 * buffer; its stamp tells). Returns 0 at the end. */
struct stream {
	const struct perf_funccost *c;
	uint32_t i;
	const struct perf_funccost_record *gap; /* the next gap is gap[-1] */
	int resume;                             /* its RESUME is due */
};

static int stream_next(struct stream *st, struct perf_funccost_record *r)
{
	const struct perf_funccost *c = st->c;
	const uint32_t n = perf_funccost_count(c);
	if (st->resume) {
		st->resume = 0;
		*r = (struct perf_funccost_record){ .fn = PERF_FUNCCOST_RESUME, .stamp = (--st->gap)->stamp };
		return 1;
	}
	if (st->gap > c->end && (st->i == n || (int32_t)(c->rec[st->i].stamp - st->gap[-1].fn) > 0)) {
		st->resume = 1;
		*r = (struct perf_funccost_record){ .fn = PERF_FUNCCOST_SUSPEND, .stamp = st->gap[-1].fn };
		return 1;
	}
	if (st->i == n)
		return 0;
	*r = c->rec[st->i++];
	return 1;
}

static struct stream stream_of(const struct perf_funccost *c)
{
	return (struct stream){ .c = c, .gap = c->rec + c->lines };
}

static uint32_t stream_length(const struct perf_funccost *c)
{
	return perf_funccost_count(c) + 2u * (uint32_t)(c->rec + c->lines - c->end);
}

const struct perf_funccost *perf_funccost_current(void)
{
	sync();
	return cost;
}

/* The hooks: one event each, inlined into both so each stays one call. */
static inline __attribute__((always_inline)) void record(uint32_t fn)
{
	struct perf_funccost_record *r = cc_next;
	if (r == cc_end) {
		if (r)
			cost->lost++; /* full */
		return;
	}
	r->fn = fn;
	r->stamp = *cc_clock;
	cc_next = r + 1;
}

void __cyg_profile_func_enter(void *this_fn, void *call_site)
{
	(void)call_site;
	record((uint32_t)(uintptr_t)this_fn);
}

void __cyg_profile_func_exit(void *this_fn, void *call_site)
{
	(void)this_fn;
	(void)call_site;
	record(PERF_FUNCCOST_EXIT);
}

/* ---- statistics -------------------------------------------------------- */

int perf_statistics_init(void *buf, uint32_t size)
{
	if (!buf || ((uintptr_t)buf & 7u) || size < sizeof(struct perf_statistics) + sizeof(struct perf_funcstat))
		return -PERF_EINVAL;
	struct perf_statistics *s = buf;
	*s = (struct perf_statistics){
		.capacity = (uint32_t)((size - sizeof *s) / sizeof(struct perf_funcstat)),
	};
	return (int)s->capacity;
}

/* Closes the innermost open call at stamp. */
static void close_call(struct perf_statistics *s, uint32_t stamp)
{
	const struct perf_funcstat_frame f = s->stack[--s->depth];
	const uint32_t total = stamp - f.entry; /* modulo 2^32: calls under 2^32 cycles */
	const uint32_t self = total - f.children;
	int recursive = 0;
	for (uint32_t i = 0; i < s->depth; i++)
		recursive |= s->stack[i].fn == f.fn;
	if (s->depth)
		s->stack[s->depth - 1].children += total;
	if (perf_funcstat_add(s->fn, &s->functions, s->capacity, f.fn, total, self, recursive))
		s->dropped++;
}

int perf_statistics_calc(void *stat_buf)
{
	struct perf_statistics *s = stat_buf;
	struct perf_funccost *c = cost;
	if (!s || !c)
		return -PERF_EINVAL;
	const uint32_t mstatus = perf_irq_save();
	sync();
	const uint32_t n = perf_funccost_count(c);
	struct stream st = stream_of(c);
	struct perf_funccost_record r;
	uint32_t out_at = 0;
	while (stream_next(&st, &r)) {
		if (r.fn == PERF_FUNCCOST_SUSPEND) {
			out_at = r.stamp;
			continue;
		}
		if (r.fn == PERF_FUNCCOST_RESUME) {
			s->excluded += r.stamp - out_at;
			continue;
		}
		/* The context's own time: its stamps less the time it was out. */
		r.stamp -= s->excluded;
		if (r.fn != PERF_FUNCCOST_EXIT) {
			if (s->depth == PERF_FUNCSTAT_DEPTH) {
				s->dropped++;
				continue;
			}
			s->stack[s->depth++] = (struct perf_funcstat_frame){ .fn = r.fn, .entry = r.stamp };
			if (s->depth > s->max_depth)
				s->max_depth = s->depth;
		} else if (s->depth) {
			close_call(s, r.stamp);
		} else {
			s->dropped++;
		}
	}
	s->lost += c->lost;
	empty(c);
	load();
	perf_irq_restore(mstatus);
	return (int)n;
}

/* The denominator of the % columns: cycles of all outermost calls. */
static uint64_t all_cycles(const struct perf_statistics *s)
{
	uint64_t sum = 0;
	for (uint32_t i = 0; i < s->functions; i++)
		sum += s->fn[i].self;
	return sum;
}

int perf_statistics_dump_to(const void *stat_buf, perf_put_fn put, void *ctx)
{
	const struct perf_statistics *s = stat_buf;
	if (!s || !put)
		return -PERF_EINVAL;
	struct perf_out o = { put, ctx, 0 };
	const uint64_t whole = all_cycles(s);
	perf_out_str(&o, "max call depth seen: ");
	perf_out_num(&o, s->max_depth, 0, 0, 0);
	perf_out_str(&o, ", functions: ");
	perf_out_num(&o, s->functions, 0, 0, 0);
	if (s->dropped || s->lost || s->depth) {
		perf_out_str(&o, ", still open: ");
		perf_out_num(&o, s->depth, 0, 0, 0);
		perf_out_str(&o, ", events lost: ");
		perf_out_num(&o, s->lost, 0, 0, 0);
		perf_out_str(&o, ", dropped: ");
		perf_out_num(&o, s->dropped, 0, 0, 0);
	}
	perf_out_char(&o, '\n');
	perf_funcstat_print_head(&o);
	perf_funcstat_print_rows(&o, s->fn, s->functions, whole);
	return o.failed ? -PERF_EIO : 0;
}

int perf_statistics_dump(const void *stat_buf)
{
	return perf_statistics_dump_to(stat_buf, perf_put_stdout, NULL);
}

static void events_payload(struct perf_frame *f, const void *arg)
{
	const struct perf_funccost *c = arg;
	struct stream st = stream_of(c);
	struct perf_funccost_record r;
	perf_frame_u32(f, stream_length(c));
	perf_frame_u32(f, c->lost);
	while (stream_next(&st, &r)) {
		perf_frame_u32(f, r.fn);
		perf_frame_u32(f, r.stamp);
	}
}

int perf_funccost_frame(perf_put_fn put, void *ctx)
{
	if (!cost)
		return -PERF_EINVAL;
	sync();
	return perf_frame_write("events", events_payload, cost, put, ctx);
}

static void statistics_payload(struct perf_frame *f, const void *arg)
{
	const struct perf_statistics *s = arg;
	perf_frame_u32(f, s->max_depth);
	perf_frame_u32(f, s->functions);
	perf_frame_u32(f, s->depth);
	perf_frame_u32(f, s->lost);
	perf_frame_u32(f, s->dropped);
	perf_funcstat_frame_rows(f, s->fn, s->functions);
}

int perf_statistics_frame(const void *stat_buf, perf_put_fn put, void *ctx)
{
	return stat_buf ? perf_frame_write("funcstat", statistics_payload, stat_buf, put, ctx) : -PERF_EINVAL;
}
