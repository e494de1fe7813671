/*
 * perfscope chrome: the events frames as a Chrome Trace Event Format JSON
 * timeline, which the Perfetto UI (ui.perfetto.dev) and chrome://tracing
 * open. Every call is one complete event ("ph":"X": a start and a duration,
 * so there is no begin without its end) on the track of its frame: frames
 * carry no context id, and each context records into its own buffer. With
 * --clock-hz the times are microseconds; without, one cycle shows as one
 * microsecond. Events are written as calls close, so the file streams.
 * A frame whose buffer lost events gets an instant event where it filled,
 * and otherData, written last for that reason, counts what was lost.
 */
#include <string.h>

#include "callgraph.h"
#include "commands.h"
#include "json.h"
#include "session.h"

struct chrome {
	FILE *f;
	uint64_t from, to; /* the window: calls that overlap it */
	struct symtab *st;
	uint32_t hz;
	int track;    /* the frame whose track was named last */
	int written;  /* events so far: a comma goes before all but the first */
};

/* A cycle count in nanoseconds, exact to the nanosecond, or with no clock
 * one cycle as a microsecond. Start and end are converted apart and the
 * duration is their difference, so a call never seems to outlast its
 * caller by a rounding. */
static uint64_t ns(uint64_t cycles, uint32_t hz)
{
	return hz ? cycles / hz * 1000000000u + cycles % hz * 1000000000u / hz : cycles * 1000u;
}

static void microseconds(FILE *f, uint64_t nanos)
{
	fprintf(f, "%llu.%03llu", (unsigned long long)(nanos / 1000), (unsigned long long)(nanos % 1000));
}

static void separator(struct chrome *c)
{
	fputs(c->written++ ? ",\n" : "\n", c->f);
}

static void name_track(struct chrome *c, const struct frame *fr)
{
	char name[256];
	snprintf(name, sizeof name, "events frame %d (%s:%ld)", fr->index, fr->in->name, fr->line);
	separator(c);
	fprintf(c->f, "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":%d,\"args\":{\"name\":", fr->index);
	json_string(c->f, name);
	fprintf(c->f, "}},\n{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":1,\"tid\":%d,"
	              "\"args\":{\"sort_index\":%d}}", fr->index, fr->index);
	c->track = fr->index;
}

static void call(void *ctx, const struct frame *fr, const struct cg_call *k)
{
	struct chrome *c = ctx;
	char hex[12];
	if (k->end < c->from || k->start > c->to)
		return;
	if (c->track != fr->index)
		name_track(c, fr);
	separator(c);
	fputs("{\"ph\":\"X\",\"cat\":\"function\",\"name\":", c->f);
	json_string(c->f, symtab_fn_name(c->st, k->fn, hex));
	fprintf(c->f, ",\"pid\":1,\"tid\":%d,\"ts\":", fr->index);
	const uint64_t start = ns(k->start, c->hz);
	microseconds(c->f, start);
	fputs(",\"dur\":", c->f);
	microseconds(c->f, ns(k->end, c->hz) - start);
	fprintf(c->f, ",\"args\":{\"cycles\":%llu,\"self_cycles\":%llu,\"start_cycle\":%llu,"
	              "\"address\":\"0x%08x\",\"depth\":%u%s}}",
	        (unsigned long long)(k->end - k->start), (unsigned long long)k->self,
	        (unsigned long long)k->start, k->fn, k->depth, k->open ? ",\"open\":true" : "");
}

static void lost(void *ctx, const struct frame *fr, uint32_t n, uint64_t at)
{
	struct chrome *c = ctx;
	if (c->track != fr->index)
		name_track(c, fr);
	separator(c);
	fprintf(c->f, "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"perfscope\",\"name\":\"%u events lost: the buffer was full\","
	              "\"pid\":1,\"tid\":%d,\"ts\":", n, fr->index);
	microseconds(c->f, ns(at, c->hz));
	fprintf(c->f, ",\"args\":{\"lost\":%u,\"cycle\":%llu}}", n, (unsigned long long)at);
}

void run_chrome(struct session *s)
{
	const struct options *o = s->o;
	struct chrome c = { .f = s->f, .st = s->st[0], .hz = o->clock_hz, .from = o->from, .to = o->to };
	struct callgraph g;
	cg_init(&g, c.st);
	g.on_call = call;
	g.on_lost = lost;
	g.ctx = &c;
	fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[", c.f);
	separator(&c);
	fputs("{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":1,\"args\":{\"name\":", c.f);
	json_string(c.f, o->elfs ? o->elf[0] : s->in[0]->name);
	fputs("}}", c.f);
	const struct dump_handler h = { .events = &g };
	session_decode(s, 0, &h, 1u << FRAME_EVENTS);
	fputs("\n],\"otherData\":{\"generator\":\"perfscope\",\"dump\":", c.f);
	json_string(c.f, s->in[0]->name);
	if (o->clock_hz)
		fprintf(c.f, ",\"clock_hz\":%u", o->clock_hz);
	else
		fputs(",\"time_unit\":\"cycles shown as microseconds (no --clock-hz)\"", c.f);
	fprintf(c.f, ",\"events_lost\":%llu,\"partial\":%s}}\n", (unsigned long long)g.lost_all,
	        g.lost_all ? "true" : "false");
	cg_free(&g);
}
