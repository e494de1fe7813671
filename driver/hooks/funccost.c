/* SPDX-License-Identifier: Apache-2.0 */
/* Function cost hooks (NITRO-SDK FUNCTIONCOST): -finstrument-functions entry
 * and exit hooks that append time-stamped events to a measurement buffer,
 * and the statistics that summarize it in the IAS profile layout. The API is
 * in include/perfscope_funccost.h. Like the call-trace hooks, they are written
 * for few instructions and leave interrupts alone: each context records
 * into its own buffer. */
#include "perfscope_funccost.h"

#include <stddef.h>

#include "../common/perf_gap.h"
#include "functable.h"

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

/* docs/host-tool.md gives make profile's PROFILE_EVENTS this cost in RAM. */
_Static_assert(sizeof(struct perf_funccost_record) == 8, "an event takes 8 bytes of the buffer");

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

uint32_t perf_funccost_lost(const struct perf_funccost *c)
{
	return c->lost + c->lost_gaps;
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
				c->lost_gaps++;
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
	c->lost = c->lost_gaps = 0;
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
 * RESUME event. An event a switch interrupted may sit on either side of
 * its gap in the buffer, so the stamps order them: the earlier is the one
 * further back from now, exact while the buffer's oldest stamp is less
 * than 2^32 cycles old (the buffer keeps no time of its own start to count
 * from). The stream reads a copy of the control words: events and gaps
 * recorded after it go at or after its next and below its end, so the
 * lines it covers stay as they were. Returns 0 at the end. */
struct stream {
	const struct perf_funccost_record *ev, *ev_end; /* the events left */
	const struct perf_funccost_record *gap, *end;   /* the gaps left: gap[-1] down to end */
	uint32_t lost;
	uint32_t now;
	int resume;                                     /* gap's RESUME is due */
};

/* With interrupts masked, after sync(). */
static struct stream stream_of(const struct perf_funccost *c)
{
	return (struct stream){ .ev = c->rec, .ev_end = c->next, .gap = c->rec + c->lines, .end = c->end,
	                        .lost = perf_funccost_lost(c), .now = *c->clock };
}

static int stream_next(struct stream *st, struct perf_funccost_record *r)
{
	if (st->resume) {
		st->resume = 0;
		*r = (struct perf_funccost_record){ .fn = PERF_FUNCCOST_RESUME, .stamp = (--st->gap)->stamp };
		return 1;
	}
	if (st->gap > st->end &&
	    (st->ev == st->ev_end || (uint32_t)(st->now - st->ev->stamp) < (uint32_t)(st->now - st->gap[-1].fn))) {
		st->resume = 1;
		*r = (struct perf_funccost_record){ .fn = PERF_FUNCCOST_SUSPEND, .stamp = st->gap[-1].fn };
		return 1;
	}
	if (st->ev == st->ev_end)
		return 0;
	*r = *st->ev++;
	return 1;
}

static uint32_t stream_length(const struct stream *st)
{
	return (uint32_t)(st->ev_end - st->ev) + 2u * (uint32_t)(st->gap - st->end);
}

/* Masked: an interrupt's switch pair between the loads of next and end and
 * their stores would leave the end from before its gap. */
const struct perf_funccost *perf_funccost_current(void)
{
	const uint32_t mstatus = perf_irq_save();
	sync();
	perf_irq_restore(mstatus);
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

/* The clock moves on by d (perf_gap.h's rules): a step back is kept out of
 * the context's own time, and the gap's part within d is its time out. */
static void advance(struct perf_statistics *s, uint32_t *gap, uint32_t d, uint32_t *back)
{
	const uint32_t forwards = perf_stamp_step(d, gap, back);
	s->shift += d - forwards;
	s->excluded += perf_gap_take(gap, forwards, s->depth);
}

int perf_statistics_calc(void *stat_buf)
{
	struct perf_statistics *s = stat_buf;
	struct perf_funccost *c = cost;
	if (!s || !c)
		return -PERF_EINVAL;
	const uint32_t mstatus = perf_irq_save();
	sync();
	struct stream st = stream_of(c);
	const uint32_t n = (uint32_t)(st.ev_end - st.ev);
	struct perf_funccost_record r;
	/* With no call open, the time before the first event is no call's: it
	 * starts the clock, and a clock beyond 2^31 then is no step back. */
	int first = !s->depth;
	uint32_t last = s->last, gap = 0;
	while (stream_next(&st, &r)) {
		if (first) {
			last = r.stamp;
			first = 0;
		}
		if (r.fn == PERF_FUNCCOST_RESUME) {
			gap = r.stamp - last;
			continue;
		}
		advance(s, &gap, r.stamp - last, &s->back);
		last = r.stamp;
		if (r.fn == PERF_FUNCCOST_SUSPEND)
			continue;
		/* The context's own time: its stamps less the time it was out
		 * and the steps back. */
		r.stamp -= s->excluded + s->shift;
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
		}
		/* An exit with no call open ends a call made before recording
		 * began: it has no recorded time, and nothing is lost. */
	}
	/* A step back after the last event counts only with calls open: only
	 * they carry the time on to the next calc. */
	if (!first) {
		uint32_t back = 0;
		advance(s, &gap, st.now - last, &back);
		s->back += s->depth ? back : 0;
	}
	s->last = st.now;
	s->lost += perf_funccost_lost(c);
	empty(c);
	/* The rest of the gap lies after now, with calls open: kept for the
	 * events to come. A gap was recorded, so the buffer has the two lines
	 * a switch needs. */
	if (gap)
		*--c->end = (struct perf_funccost_record){ .fn = st.now, .stamp = st.now + gap };
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
	/* Else a reset inside the traced code would pass unseen: the rows
	 * look plausible, only shorter than they were. */
	if (s->back) {
		perf_out_str(&o, "the time stamps went back ");
		perf_out_num(&o, s->back, 0, 0, 0);
		perf_out_str(
		        &o,
		        s->back == 1
		                ? " time (PERF_RESET while recording): no time was counted across it\n"
		                : " times (PERF_RESET while recording): no time was counted across them\n");
	}
	return o.failed ? -PERF_EIO : 0;
}

int perf_statistics_dump(const void *stat_buf)
{
	return perf_statistics_dump_to(stat_buf, perf_put_stdout, NULL);
}

static void events_payload(struct perf_frame *f, const void *arg)
{
	/* The frame carries the buffer's records as they are. */
	_Static_assert(PERF_FUNCCOST_EXIT == PERF_FRAME_EVENTS_EXIT &&
	                       PERF_FUNCCOST_SUSPEND == PERF_FRAME_EVENTS_SUSPEND &&
	                       PERF_FUNCCOST_RESUME == PERF_FRAME_EVENTS_RESUME,
	               "the API's events are the frame's");
	struct stream st = *(const struct stream *)arg;
	struct perf_funccost_record r;
	const struct perf_frame_events_head h = { .n = stream_length(&st), .lost = st.lost };
	PERF_FRAME_PUT(f, PERF_FRAME_EVENTS_HEAD_FIELDS, &h);
	while (stream_next(&st, &r))
		PERF_FRAME_PUT(f, PERF_FRAME_EVENTS_EVENT_FIELDS, &r);
}

/* perf_frame_write runs the payload twice, for the header and for the
 * text, with interrupts enabled: both passes read the same copy. */
int perf_funccost_frame(perf_put_fn put, void *ctx)
{
	const uint32_t mstatus = perf_irq_save();
	sync();
	const struct perf_funccost *c = cost;
	const struct stream st = c ? stream_of(c) : (struct stream){ 0 };
	perf_irq_restore(mstatus);
	return c ? perf_frame_write("events", events_payload, &st, put, ctx) : -PERF_EINVAL;
}

static void statistics_payload(struct perf_frame *f, const void *arg)
{
	const struct perf_statistics *s = arg;
	const struct perf_frame_funcstat_head h = {
		.max_depth = s->max_depth,
		.n = s->functions,
		.open = s->depth,
		.lost = s->lost,
		.dropped = s->dropped,
	};
	PERF_FRAME_PUT(f, PERF_FRAME_FUNCSTAT_HEAD_FIELDS, &h);
	perf_funcstat_frame_rows(f, s->fn, s->functions);
}

int perf_statistics_frame(const void *stat_buf, perf_put_fn put, void *ctx)
{
	return stat_buf ? perf_frame_write("funcstat", statistics_payload, stat_buf, put, ctx) : -PERF_EINVAL;
}
