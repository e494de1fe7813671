/* SPDX-License-Identifier: Apache-2.0 */
#include "callgraph.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perf_gap.h"
#include "util.h"

void cg_init(struct callgraph *g, struct symtab *st)
{
	*g = (struct callgraph){ .st = st };
	grow(&g->node, &g->node_cap, 1, sizeof *g->node);
	g->node[CG_ROOT] = (struct cg_node){ .fn = PERF_FRAME_EVENTS_EXIT,
		                             .parent = CG_ROOT,
		                             .stat = MAP_NONE };
	g->nodes = 1;
}

void cg_free(struct callgraph *g)
{
	free(g->node);
	free(g->stat);
	free(g->stack);
	map_free(&g->paths);
	map_free(&g->fns);
}

static uint32_t stat_of(struct callgraph *g, const struct frame *f, uint32_t fn, int irq)
{
	const uint64_t key = (uint64_t)(irq != 0) << 32 | fn;
	uint32_t i = map_get(&g->fns, key);
	if (i != MAP_NONE)
		return i;
	if (!irq)
		symtab_check_function(g->st, fn, f->in->name, f->line);
	grow(&g->stat, &g->stat_cap, g->stats + 1, sizeof *g->stat);
	i = (uint32_t)g->stats++;
	g->stat[i] = (struct cg_stat){
		.fn = fn, .irq = irq != 0, .total_min = UINT64_MAX, .self_min = UINT64_MAX
	};
	map_put(&g->fns, key, i);
	return i;
}

/* What a recording is called in messages. */
static const char *recording(const struct frame *f)
{
	return f->stream ? "trace stream" : "events frame";
}

static void enter(struct callgraph *g, const struct frame *f, uint32_t fn, int irq)
{
	const uint32_t parent = g->depth ? g->stack[g->depth - 1].node : CG_ROOT;
	const uint32_t stat = stat_of(g, f, fn, irq);
	const uint64_t key = (uint64_t)parent << 32 | stat;
	uint32_t n = map_get(&g->paths, key);
	if (n == MAP_NONE) {
		if (g->nodes >= CG_MAX_NODES) {
			error_at(
			        f->in->name, f->line,
			        "%s: more than %u call paths (a damaged recording?): the rest of it is "
			        "not read",
			        recording(f), CG_MAX_NODES);
			g->full = 1;
			return;
		}
		grow(&g->node, &g->node_cap, g->nodes + 1, sizeof *g->node);
		n = (uint32_t)g->nodes++;
		g->node[n] = (struct cg_node){ .fn = fn, .parent = parent, .stat = stat };
		map_put(&g->paths, key, n);
	}
	struct cg_stat *s = &g->stat[g->node[n].stat];
	grow(&g->stack, &g->stack_cap, g->depth + 1, sizeof *g->stack);
	g->stack[g->depth++] = (struct cg_open){ .node = n,
		                                 .recursive = s->active > 0,
		                                 .start = g->now,
		                                 .at = g->wall,
		                                 .first = ++g->entered };
	s->active++;
	if (g->depth > s->depth)
		s->depth = (uint32_t)g->depth;
	if (g->depth > g->max_depth)
		g->max_depth = (uint32_t)g->depth;
}

static uint64_t min64(uint64_t a, uint64_t b) { return a < b ? a : b; }
static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }
static uint64_t minus(uint64_t a, uint64_t b) { return a > b ? a - b : 0; }

/* Closes the innermost open call now, as the driver's perf_statistics_calc. */
static void leave(struct callgraph *g, const struct frame *f, int open)
{
	const struct cg_open o = g->stack[--g->depth];
	struct cg_node *n = &g->node[o.node];
	struct cg_stat *s = &g->stat[n->stat];
	/* With a hook cost, each call inside this one (itself too) gives it back. */
	const uint64_t time = g->now - o.start,
	               cost = (uint64_t)g->hook_cost * (g->entered - o.first + 1);
	const uint64_t total = minus(time, cost);
	const uint64_t self = minus(total, o.children);
	if (cost && (time < cost || total < o.children))
		g->clamped++;
	if (g->depth)
		g->stack[g->depth - 1].children += total;
	n->self += self;
	s->active--;
	s->self += self;
	if (!o.recursive) /* a recursion's time is its outermost call's */
		s->total += total;
	if (open) { /* unfinished: its time is charged, it is no call (callgraph.h) */
		g->unfinished++;
		s->unfinished++;
		s->open_self += self;
		s->open_total += o.recursive ? 0 : total;
	} else {
		n->calls++;
		s->calls++;
		s->self_min = min64(s->self_min, self);
		s->self_max = max64(s->self_max, self);
		if (!o.recursive) {
			s->outer++;
			s->total_min = min64(s->total_min, total);
			s->total_max = max64(s->total_max, total);
		}
	}
	if (g->on_call) {
		const struct cg_call c = { .fn = n->fn,
			                   .irq = s->irq,
			                   .depth = (uint32_t)g->depth + 1,
			                   .start = o.start,
			                   .end = g->now,
			                   .self = self,
			                   .at = o.at,
			                   .until = g->wall,
			                   .open = open };
		g->on_call(g->ctx, f, &c);
	}
}

/* An events payload: version, count, lost, then 8 bytes an event. */
#define EVENTS_HEAD 12

void cg_begin(struct callgraph *g, const struct frame *f, uint32_t lost)
{
	g->frames++;
	g->streams += f->stream != 0;
	g->started = 0;
	g->unmatched = 0;
	g->lost_between = 0;
	g->gap_left = 0;
	g->back = 0;
	g->event = 0;
	g->suspended = 0;
	g->lost = lost;
	g->lost_all += lost;
	if (lost) {
		g->lost_why |= CG_LOST_BUFFER;
		warning_at(
		        f->in->name, f->line,
		        "events frame: the buffer lost %u event%s, so the calls after it filled are missing",
		        lost, plural(lost));
	}
}

void cg_event(struct callgraph *g, const struct frame *f, uint32_t fn, uint32_t stamp)
{
	if (g->full)
		return;
	/* Stamps are the low 32 bits of the cycle count: time advances by their
	 * difference modulo 2^32, under 2^31 between two events; one of 2^31 or
	 * more is G going back (a RESET while the hooks recorded), 0 cycles. From
	 * a SUSPEND to its RESUME it is another context's time, and the RESUME's
	 * stamp adds the leak: the gap comes off the time after it. Both rules
	 * are the driver's perf_statistics_calc's, by the same code
	 * (driver/common/perf_gap.h). */
	if (!g->started) {
		g->now = g->wall = stamp;
		g->last = g->wall_last = stamp;
		g->started = 1;
	}
	const uint64_t at = g->event++;
	if (fn == PERF_FRAME_EVENTS_RESUME && !g->suspended) {
		error_at(f->in->name, f->line, "events frame, payload byte %llu: event %llu is a RESUME without a "
		         "SUSPEND before it: the input is damaged; the event is ignored",
		         (unsigned long long)(EVENTS_HEAD + 8 * at), (unsigned long long)at);
		return;
	}
	if (fn == PERF_FRAME_EVENTS_SUSPEND && g->suspended) {
		error_at(f->in->name, f->line, "events frame, payload byte %llu: event %llu is a SUSPEND while the "
		         "SUSPEND of event %llu waits for its RESUME: the input is damaged; the event is ignored",
		         (unsigned long long)(EVENTS_HEAD + 8 * at), (unsigned long long)at,
		         (unsigned long long)(g->suspended - 1));
		return;
	}
	if (fn == PERF_FRAME_EVENTS_RESUME) {
		g->suspended = 0;
		g->gap_left = stamp - g->last;
		return;
	}
	/* The run's clock, for timelines: every other event's stamp is when it
	 * happened (a RESUME's adds the leak), and the time a context was
	 * switched out stays in, so that the frames' tracks line up. A step
	 * back (a reset) is no time, as above. */
	const uint32_t w = stamp - g->wall_last;
	g->wall += w < 0x80000000u ? w : 0;
	g->wall_last = stamp;
	const uint32_t d = perf_stamp_step(stamp - g->last, &g->gap_left, &g->back);
	g->now += d - perf_gap_take(&g->gap_left, d, g->depth != 0);
	g->last = stamp;
	if (fn == PERF_FRAME_EVENTS_SUSPEND) {
		g->suspended = at + 1;
		return;
	}
	if (fn != PERF_FRAME_EVENTS_EXIT)
		enter(g, f, fn, 0);
	else if (g->depth)
		leave(g, f, 0);
	else
		g->unmatched++;
}

/* Whether the recording ended with the program: one of its open calls is
 * the C library's _exit (or _Exit), which never returns, and it lost
 * nothing at its end. Each call open then ended with the program, at the
 * last event, as make profile's runtime ends them (soc/fw/profile_main.c).
 * _exit need not be the innermost: at -O0 it calls soc_exit (soc.h's
 * static inline function), whose store ends the run. */
static int ended_in_exit(const struct callgraph *g)
{
	if (!g->st || g->lost)
		return 0;
	for (size_t d = g->depth; d-- > 0;) {
		const struct cg_stat *s = &g->stat[g->node[g->stack[d].node].stat];
		const struct sym *fn = s->irq ? NULL : symtab_find(g->st, s->fn);
		if (fn && fn->addr == s->fn &&
		    (!strcmp(fn->name, "_exit") || !strcmp(fn->name, "_Exit")))
			return 1;
	}
	return 0;
}

void cg_end(struct callgraph *g, const struct frame *f)
{
	/* The buffer filled after its last event. */
	if (g->lost && g->on_lost)
		g->on_lost(g->ctx, f, g->lost, CG_LOST_BUFFER, g->wall);
	if (g->suspended && g->lost)
		warning_at(f->in->name, f->line, "events frame: the SUSPEND of event %llu has no RESUME: the buffer "
		           "filled before it", (unsigned long long)(g->suspended - 1));
	else if (g->suspended)
		error_at(f->in->name, f->line, "events frame, payload byte %llu: event %llu is a SUSPEND without its "
		         "RESUME: the input is damaged", (unsigned long long)(EVENTS_HEAD + 8 * (g->suspended - 1)),
		         (unsigned long long)(g->suspended - 1));
	/* Else the calls open across a reset would silently get nearly 2^32
	 * cycles, or, counted as 0, a little less than they took. */
	if (g->back)
		warning_at(
		        f->in->name, f->line,
		        "events frame: the time stamps went back %u time%s: the program reset perfscope's "
		        "global counter while the hooks recorded; no time is counted across a reset (make "
		        "profile stamps from MTIME, or perf_funccost_init on a clock the program does not "
		        "reset: docs/hooks.md)",
		        g->back, plural(g->back));
	const int exited = ended_in_exit(g);
	if (g->depth && !exited)
		warning_at(
		        f->in->name, f->line,
		        "%s: %zu call%s still open at its end: charged up to its last event, not "
		        "counted as %s (unfinished)",
		        recording(f), g->depth, plural(g->depth),
		        g->depth == 1 ? "a call" : "calls");
	while (g->depth) /* a call open across a loss stays unfinished (callgraph.h) */
		leave(g, f, !exited || g->stack[g->depth - 1].lost);
	/* After a loss, an exit without its entry is most likely of a call
	 * entered during it (a trace stream's reader closes the calls open at
	 * a loss whose depth disagrees): the message must not blame the start. */
	if (g->unmatched) {
		const int one = g->unmatched == 1;
		warning_at(f->in->name, f->line,
		           "%s: %llu exit%s without %s entry (%s %s), ignored", recording(f),
		           (unsigned long long)g->unmatched, one ? "" : "s", one ? "its" : "their",
		           one ? "a call" : "calls",
		           g->lost_between ? "entered during a loss or before recording began"
		                           : "made before recording began");
	}
}

void cg_enter_at(struct callgraph *g, const struct frame *f, uint32_t fn, int irq, uint64_t time)
{
	if (g->full)
		return;
	g->now = g->wall = time;
	enter(g, f, fn, irq);
}

int cg_exit_at(struct callgraph *g, const struct frame *f, uint64_t time)
{
	if (g->full)
		return 1;
	g->now = g->wall = time;
	if (!g->depth) {
		g->unmatched++;
		return 0;
	}
	leave(g, f, g->stack[g->depth - 1].lost);
	return 1;
}

void cg_close(struct callgraph *g, const struct frame *f, uint64_t time)
{
	g->now = g->wall = time;
	while (g->depth)
		leave(g, f, 1);
}

void cg_lost(struct callgraph *g, const struct frame *f, uint32_t lost, unsigned why, uint64_t time)
{
	g->lost_all += lost;
	g->lost_why |= why;
	g->lost_between = 1;
	for (size_t i = 0; i < g->depth; i++)
		g->stack[i].lost = 1;
	if (g->on_lost)
		g->on_lost(g->ctx, f, lost, why, time);
}

#define LOST_START_TEXT                                                                    \
	"the recording starts mid-stream (its records before the first SYNC; older ones, " \
	"overwritten or never read, are not counted)"
/* LOST_TEXT_<n>: the causes BUFFER, FIFO and MISSING as the number their
 * bits make; LOST_WHY(n) puts it, and it with START, in the table. */
#define LOST_WHY(causes)               \
	[causes] = LOST_TEXT_##causes, \
	[(causes) | CG_LOST_START] = LOST_TEXT_##causes ", and " LOST_START_TEXT
#define LOST_TEXT_1 "the buffer was full"
#define LOST_TEXT_2 "the trace FIFO was full"
#define LOST_TEXT_3 "the buffer and the trace FIFO were full"
#define LOST_TEXT_4 "trace frames are missing from the log"
#define LOST_TEXT_5 "the buffer was full and trace frames are missing from the log"
#define LOST_TEXT_6 "the trace FIFO was full and trace frames are missing from the log"
#define LOST_TEXT_7 \
	"the buffer and the trace FIFO were full and trace frames are missing from the log"

const char *cg_lost_why(unsigned why)
{
	static const char *const text[16] = {
		[CG_LOST_START] = LOST_START_TEXT,
		LOST_WHY(1),
		LOST_WHY(2),
		LOST_WHY(3),
		LOST_WHY(4),
		LOST_WHY(5),
		LOST_WHY(6),
		LOST_WHY(7),
	};
	return why < 16 && text[why] ? text[why] : "cause unknown";
}

void cg_damaged(struct callgraph *g, const struct frame *f)
{
	g->damaged++;
	if (g->on_damaged)
		g->on_damaged(g->ctx, f, g->wall);
}

void cg_summary(const struct callgraph *g, const char *file, int calls)
{
	uint64_t self = 0;
	for (size_t i = 0; i < g->stats; i++)
		self += g->stat[i].self + g->stat[i].open_self;
	if (calls && g->frames && !g->entered && !g->lost_all && !g->damaged)
		warning_at(file, 0,
		           g->streams
		                   ? "no call recorded: code built with FW_INSTR_hwtrace needs "
		                     "`perfscope patch`, and the unit perf_hwtrace_start"
		                   : "no call recorded: an events frame holds the calls made since "
		                     "the recording began and before perf_statistics_calc "
		                     "took them");
	else if (g->entered && !self && !g->hook_cost)
		warning_at(file, 0,
		           "the %llu call%s recorded took 0 cycles: G did not run while recording "
		           "(PERF_START_MEASURING starts it)",
		           (unsigned long long)g->entered, plural(g->entered));
	if (g->clamped)
		warning_at(
		        file, 0,
		        "--hook-cost %u is more than the measured time of %llu of the %llu call%s: "
		        "their time is counted as 0",
		        g->hook_cost, (unsigned long long)g->clamped,
		        (unsigned long long)g->entered, plural(g->entered));
}

int cg_top_is_irq(const struct callgraph *g)
{
	return g->depth && g->stat[g->node[g->stack[g->depth - 1].node].stat].irq;
}

size_t cg_irqs_open(const struct callgraph *g)
{
	size_t n = 0;
	for (size_t i = 0; i < g->depth; i++)
		n += (size_t)g->stat[g->node[g->stack[i].node].stat].irq;
	return n;
}

const char *cg_name(const struct symtab *st, uint32_t fn, int irq, char buf[CG_NAME_SIZE])
{
	if (!irq)
		return symtab_fn_name(st, fn, buf);
	snprintf(buf, CG_NAME_SIZE, "irq 0x%08x", fn);
	return buf;
}

void cg_finish(struct callgraph *g)
{
	for (size_t i = 0; i < g->nodes; i++)
		g->node[i].total = g->node[i].self;
	for (size_t i = g->nodes - 1; i > CG_ROOT; i--)
		g->node[g->node[i].parent].total += g->node[i].total;
}
