/* SPDX-License-Identifier: Apache-2.0 */
/*
 * perfscope chrome: the events frames as a Chrome Trace Event Format JSON
 * timeline, which the Perfetto UI (ui.perfetto.dev) and chrome://tracing
 * open. Every call is one complete event ("ph":"X": a start and a duration,
 * so there is no begin without its end) on the track of its frame: frames
 * carry no context id, and each context records into its own buffer. Times
 * are microseconds at the clock of --clock-hz or else the run frame's; with
 * neither, one cycle shows as one microsecond. Events are written as calls
 * close, so the file streams.
 * A frame whose buffer lost events gets an instant event where it filled,
 * and otherData, written last for that reason, counts what was lost.
 */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "commands.h"
#include "diag.h"
#include "fmt.h"
#include "json.h"
#include "map.h"
#include "perfetto.h"
#include "session.h"
#include "timeline.h"
#include "util.h"

struct chrome {
	FILE *f;
	const char *title; /* the process's name: the ELF's, or the dump's */
	int headed;        /* the file's head is written */
	uint64_t from, to; /* the window: calls that overlap it */
	struct symtab *st;
	uint32_t hz;
	int track;    /* the frame whose track was named last */
	unsigned sections_named; /* bit n: section n's track */
	int written;  /* events so far: a comma goes before all but the first */
	struct map names; /* irq << 32 | fn -> name */
	char **name;
	size_t nnames, name_cap;
};

/* The file's head, before its first event: a run that finds nothing to
 * show and fails writes nothing at all. */
static void head(struct chrome *c)
{
	c->headed = 1;
	fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[", c->f);
	fputs("\n{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":1,\"args\":{\"name\":", c->f);
	json_string(c->f, c->title);
	fputs("}}", c->f);
	c->written++;
}

static void microseconds(FILE *f, uint64_t nanos)
{
	fprintf(f, "%llu.%03llu", (unsigned long long)(nanos / 1000), (unsigned long long)(nanos % 1000));
}

static void separator(struct chrome *c)
{
	fputs(c->written++ ? ",\n" : "\n", c->f);
}

static void thread(struct chrome *c, int tid, const char *name)
{
	separator(c);
	fprintf(c->f,
	        "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":%d,\"args\":{\"name\":",
	        tid);
	json_string(c->f, name);
	fprintf(c->f,
	        "}},\n{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":1,\"tid\":%d,"
	        "\"args\":{\"sort_index\":%d}}",
	        tid, tid);
}

static void name_track(struct chrome *c, const struct frame *fr)
{
	char name[256];
	timeline_track_name(name, sizeof name, fr);
	thread(c, fr->index, name);
	c->track = fr->index;
}

/* A function's name as a JSON string, quoted and escaped once per function. */
static const char *quoted_name(struct chrome *c, uint32_t fn, int irq)
{
	const uint64_t key = (uint64_t)(irq != 0) << 32 | fn;
	uint32_t i = map_get(&c->names, key);
	if (i == MAP_NONE) {
		char buf[CG_NAME_SIZE];
		char *text = json_quoted(cg_name(c->st, fn, irq, buf));
		grow(&c->name, &c->name_cap, c->nnames + 1, sizeof *c->name);
		i = (uint32_t)c->nnames++;
		c->name[i] = text;
		map_put(&c->names, key, i);
	}
	return c->name[i];
}

/* Microseconds with 3 decimals, from nanoseconds. */
static char *micros(char *p, uint64_t nanos)
{
	p = fmt_u64(p, nanos / 1000);
	*p++ = '.';
	return fmt_u64_zero(p, nanos % 1000, 3);
}

/* The hot path: one complete event per call, formatted without printf. */
static void call(void *ctx, const struct frame *fr, const struct cg_call *k)
{
	struct chrome *c = ctx;
	if (k->until < c->from || k->at > c->to)
		return;
	if (!c->headed)
		head(c);
	if (c->track != fr->index)
		name_track(c, fr);
	char b[512], *p = b;
	p = fmt_str(p, c->written++ ? ",\n{\"ph\":\"X\",\"cat\":\"function\",\"name\":"
	                            : "\n{\"ph\":\"X\",\"cat\":\"function\",\"name\":");
	fwrite(b, 1, (size_t)(p - b), c->f);
	fputs(quoted_name(c, k->fn, k->irq), c->f);
	const uint64_t start = timeline_ns(k->at, timeline_hz(c->hz, fr->in));
	p = fmt_str(b, ",\"pid\":1,\"tid\":");
	p = fmt_u64(p, (uint64_t)fr->index);
	p = micros(fmt_str(p, ",\"ts\":"), start);
	p = micros(fmt_str(p, ",\"dur\":"),
	           timeline_ns(k->until, timeline_hz(c->hz, fr->in)) - start);
	p = fmt_u64(fmt_str(p, ",\"args\":{\"cycles\":"), k->end - k->start);
	p = fmt_u64(fmt_str(p, ",\"self_cycles\":"), k->self);
	p = fmt_u64(fmt_str(p, ",\"start_cycle\":"), k->at);
	p = fmt_hex8(fmt_str(p, k->irq ? ",\"irq\":\"" : ",\"address\":\""), k->fn);
	p = fmt_u64(fmt_str(p, "\",\"depth\":"), k->depth);
	p = fmt_str(p, k->open ? ",\"open\":true}}" : "}}");
	fwrite(b, 1, (size_t)(p - b), c->f);
}

static void lost(void *ctx, const struct frame *fr, uint32_t n, unsigned why, uint64_t at)
{
	struct chrome *c = ctx;
	if (!c->headed)
		head(c);
	if (c->track != fr->index)
		name_track(c, fr);
	separator(c);
	fprintf(c->f,
	        "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"perfscope\",\"name\":\"%u event%s lost: %s\","
	        "\"pid\":1,\"tid\":%d,\"ts\":",
	        n, plural(n), cg_lost_why(why), fr->index);
	microseconds(c->f, timeline_ns(at, timeline_hz(c->hz, fr->in)));
	fprintf(c->f, ",\"args\":{\"lost\":%u,\"cycle\":%llu}}", n, (unsigned long long)at);
}

static void damaged(void *ctx, const struct frame *fr, uint64_t at)
{
	struct chrome *c = ctx;
	if (!c->headed)
		head(c);
	if (c->track != fr->index)
		name_track(c, fr);
	separator(c);
	fprintf(c->f,
	        "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"perfscope\",\"name\":\"damaged: the recording failed its check\","
	        "\"pid\":1,\"tid\":%d,\"ts\":",
	        fr->index);
	microseconds(c->f, timeline_ns(at, timeline_hz(c->hz, fr->in)));
	fprintf(c->f, ",\"args\":{\"cycle\":%llu}}", (unsigned long long)at);
}

/* A trace stream's section, from its BEGIN to its END, on its own track. */
static void section(void *ctx, const struct frame *fr, uint32_t n, uint64_t start, uint64_t end,
                    int open)
{
	struct chrome *c = ctx;
	const int tid = TIMELINE_SECTION_TRACK + (int)n;
	if (end < c->from || start > c->to)
		return;
	if (!c->headed)
		head(c);
	if (!(c->sections_named & 1u << n)) {
		char name[32];
		snprintf(name, sizeof name, "section %u", n);
		thread(c, tid, name);
		c->sections_named |= 1u << n;
	}
	const uint32_t hz = timeline_hz(c->hz, fr->in);
	const uint64_t ts = timeline_ns(start, hz);
	separator(c);
	fprintf(c->f,
	        "{\"ph\":\"X\",\"cat\":\"section\",\"name\":\"section %u\",\"pid\":1,\"tid\":%d,\"ts\":",
	        n, tid);
	microseconds(c->f, ts);
	fputs(",\"dur\":", c->f);
	microseconds(c->f, timeline_ns(end, hz) - ts);
	fprintf(c->f, ",\"args\":{\"cycles\":%llu,\"start_cycle\":%llu%s}}",
	        (unsigned long long)(end - start), (unsigned long long)start,
	        open ? ",\"open\":true" : "");
}

void run_chrome(struct session *s)
{
	const struct options *o = s->o;
	struct chrome c = { .f = s->f,
		            .title = o->elfs ? o->elf[0] : s->in[0]->name,
		            .st = s->st[0],
		            .hz = o->clock_hz,
		            .from = o->from,
		            .to = o->to };
	struct callgraph g;
	cg_init(&g, c.st);
	if (o->format && !strcmp(o->format, "perfetto")) {
		perfetto_write(s, &g);
		cg_free(&g);
		return;
	}
	g.on_call = call;
	g.on_lost = lost;
	g.on_damaged = damaged;
	g.ctx = &c;
	const struct dump_handler h = { .ctx = &c, .events = &g, .section = section };
	session_decode(s, 0, &h, 1u << FRAME_EVENTS);
	if (!c.headed && diag_errors() && !o->partial)
		goto done;
	if (!c.headed)
		head(&c);
	fputs("\n],\"otherData\":{\"generator\":\"perfscope\",\"dump\":", c.f);
	json_string(c.f, s->in[0]->name);
	if (o->clock_hz)
		fprintf(c.f, ",\"clock_hz\":%u,\"clock_from\":\"--clock-hz\"", o->clock_hz);
	else if (s->in[0]->clock_hz)
		fprintf(c.f, ",\"clock_hz\":%u,\"clock_from\":\"the run frame\"", s->in[0]->clock_hz);
	else
		fputs(",\"time_unit\":\"cycles shown as microseconds (no clock in the dump, no --clock-hz)\"", c.f);
	fprintf(c.f, ",\"events_lost\":%llu,\"partial\":%s,\"damaged\":%u,\"other_elf\":%s}}\n",
	        (unsigned long long)g.lost_all, g.lost_all || g.damaged ? "true" : "false",
	        g.damaged, s->in[0]->other_elf ? "true" : "false");
done:
	cg_free(&g);
	for (size_t i = 0; i < c.nnames; i++)
		free(c.name[i]);
	free(c.name);
	map_free(&c.names);
}
