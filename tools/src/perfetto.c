/* SPDX-License-Identifier: Apache-2.0 */
/*
 * perfscope chrome --format perfetto: the same timeline as Perfetto's own
 * binary trace format, a protobuf Trace of TracePackets, which the Perfetto
 * UI loads far faster than JSON and in a tenth of the size. Written here,
 * streaming, packet by packet: the few messages it needs (Trace,
 * TracePacket, TrackDescriptor, TrackEvent, InternedData, EventName) are
 * some varints and length-prefixed fields, where a protobuf library would
 * bring a code generator and a message object per packet for 20 million
 * packets.
 *
 * The fields, from Perfetto's trace_packet.proto and track_event.proto:
 *   Trace.packet = 1
 *   TracePacket: timestamp = 8 (ns), trusted_packet_sequence_id = 10,
 *     track_event = 11, interned_data = 12, sequence_flags = 13
 *     (1 incremental state cleared, 2 needs incremental state),
 *     track_descriptor = 60
 *   TrackDescriptor: uuid = 1, name = 2
 *   TrackEvent: type = 9 (1 slice begin, 2 slice end, 3 instant),
 *     name_iid = 10, track_uuid = 11, name = 23
 *   InternedData.event_names = 2; EventName: iid = 1, name = 2
 *
 * Each call is a slice begin and a slice end on its frame's track; a
 * function's name is interned on first use. A lost-events instant marks
 * where a buffer filled. Perfetto sorts the packets by time as it loads.
 */
#include "perfetto.h"

#include <stdlib.h>
#include <string.h>

#include "map.h"
#include "symbols.h"
#include "timeline.h"
#include "util.h"

enum { SLICE_BEGIN = 1, SLICE_END = 2, INSTANT = 3 };
enum { CLEARED = 1, NEEDS_STATE = 2 };
#define SEQUENCE 1

struct buf {
	uint8_t *b;
	size_t n, cap;
};

static void put(struct buf *o, const void *p, size_t n)
{
	if (o->n + n > o->cap)
		grow(&o->b, &o->cap, o->n + n, 1);
	memcpy(o->b + o->n, p, n);
	o->n += n;
}

static void varint(struct buf *o, uint64_t v)
{
	uint8_t b[10];
	size_t n = 0;
	do {
		b[n++] = (uint8_t)((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
		v >>= 7;
	} while (v);
	put(o, b, n);
}

static void field_varint(struct buf *o, unsigned field, uint64_t v)
{
	varint(o, (uint64_t)field << 3);
	varint(o, v);
}

static void field_bytes(struct buf *o, unsigned field, const void *p, size_t n)
{
	varint(o, (uint64_t)field << 3 | 2);
	varint(o, n);
	put(o, p, n);
}

struct perfetto {
	FILE *f;
	const struct symtab *st;
	uint32_t hz;
	uint64_t from, to;
	int first;           /* no packet written yet: it clears the state */
	int track;           /* the last frame given a track */
	unsigned sections_named; /* bit n: a trace stream's section n has its track */
	struct map iid;          /* irq << 32 | fn -> its interned name's iid */
	uint64_t iids;
	struct buf packet, inner, deep, out;
};

static void flush(struct perfetto *p)
{
	if (p->out.n)
		fwrite(p->out.b, 1, p->out.n, p->f);
	p->out.n = 0;
}

/* Appends the packet built in p->packet to the output as one
 * Trace.packet; the output goes to the file 64 KiB at a time. */
static void emit(struct perfetto *p)
{
	field_bytes(&p->out, 1, p->packet.b, p->packet.n);
	p->packet.n = 0;
	if (p->out.n >= 1u << 16)
		flush(p);
}

static void start_packet(struct perfetto *p, uint64_t ns)
{
	p->packet.n = 0;
	field_varint(&p->packet, 8, ns);
	field_varint(&p->packet, 10, SEQUENCE);
	field_varint(&p->packet, 13, p->first ? CLEARED : NEEDS_STATE);
	p->first = 0;
}

static void describe_track(struct perfetto *p, uint64_t uuid, const char *name, int n)
{
	start_packet(p, 0);
	p->inner.n = 0;
	field_varint(&p->inner, 1, uuid);
	field_bytes(&p->inner, 2, name, (size_t)n);
	field_bytes(&p->packet, 60, p->inner.b, p->inner.n);
	emit(p);
}

static void name_track(struct perfetto *p, const struct frame *fr)
{
	char name[256];
	const int n = timeline_track_name(name, sizeof name, fr);
	describe_track(p, (uint64_t)fr->index, name,
	               n < (int)sizeof name ? n : (int)sizeof name - 1);
	p->track = fr->index;
}

static uint8_t *varint_at(uint8_t *q, uint64_t v)
{
	for (; v > 0x7f; v >>= 7)
		*q++ = (uint8_t)(v | 0x80);
	*q++ = (uint8_t)v;
	return q;
}

/* The common packet, a slice's begin with its name interned already or a
 * slice's end, encoded straight into the output: 20 million of them make
 * a 10-million-call trace. Returns 0 if the packet is not such a one. */
static int fast_event(struct perfetto *p, const struct frame *fr, int type, uint64_t ns,
                      uint64_t fn)
{
	uint32_t iid = 0;
	if (p->first || p->track != fr->index || (type == SLICE_BEGIN && (iid = map_get(&p->iid, fn)) == MAP_NONE))
		return 0;
	uint8_t inner[32], packet[64], *q = inner;
	*q++ = 9 << 3;
	*q++ = (uint8_t)type;
	*q++ = 11 << 3;
	q = varint_at(q, (uint64_t)fr->index);
	if (type == SLICE_BEGIN) {
		*q++ = 10 << 3;
		q = varint_at(q, iid);
	}
	uint8_t *r = packet;
	*r++ = 8 << 3;
	r = varint_at(r, ns);
	*r++ = 10 << 3;
	*r++ = SEQUENCE;
	*r++ = 13 << 3;
	*r++ = NEEDS_STATE;
	*r++ = 11 << 3 | 2;
	*r++ = (uint8_t)(q - inner); /* under 128 bytes: one varint byte */
	memcpy(r, inner, (size_t)(q - inner));
	r += q - inner;
	uint8_t head[2] = { 1 << 3 | 2, (uint8_t)(r - packet) };
	put(&p->out, head, 2);
	put(&p->out, packet, (size_t)(r - packet));
	if (p->out.n >= 1u << 16)
		flush(p);
	return 1;
}

/* One TrackEvent packet on the frame's track, or on track `other` if not
 * 0; a first use of fn (irq << 32 | address) interns its name in the
 * packet. */
static void event(struct perfetto *p, const struct frame *fr, int type, uint64_t ns, uint64_t fn,
                  const char *text, uint64_t other)
{
	if (!text && fast_event(p, fr, type, ns, fn))
		return;
	if (p->track != fr->index)
		name_track(p, fr);
	start_packet(p, ns);
	p->inner.n = 0;
	field_varint(&p->inner, 9, (uint64_t)type);
	field_varint(&p->inner, 11, other ? other : (uint64_t)fr->index);
	if (text) {
		field_bytes(&p->inner, 23, text, strlen(text));
	} else if (type == SLICE_BEGIN) {
		uint32_t iid = map_get(&p->iid, fn);
		if (iid == MAP_NONE) {
			char buf[CG_NAME_SIZE];
			const char *name = cg_name(p->st, (uint32_t)fn, (int)(fn >> 32), buf);
			iid = (uint32_t)++p->iids;
			map_put(&p->iid, fn, iid);
			p->deep.n = 0;
			field_varint(&p->deep, 1, iid);
			field_bytes(&p->deep, 2, name, strlen(name));
			struct buf interned = { 0 };
			field_bytes(&interned, 2, p->deep.b, p->deep.n);
			field_bytes(&p->packet, 12, interned.b, interned.n);
			free(interned.b);
		}
		field_varint(&p->inner, 10, iid);
	}
	field_bytes(&p->packet, 11, p->inner.b, p->inner.n);
	emit(p);
}

static void call(void *ctx, const struct frame *fr, const struct cg_call *k)
{
	struct perfetto *p = ctx;
	if (k->until < p->from || k->at > p->to)
		return;
	const uint64_t fn = (uint64_t)(k->irq != 0) << 32 | k->fn;
	event(p, fr, SLICE_BEGIN, timeline_ns(k->at, timeline_hz(p->hz, fr->in)), fn, NULL, 0);
	event(p, fr, SLICE_END, timeline_ns(k->until, timeline_hz(p->hz, fr->in)), fn, NULL, 0);
}

/* A trace stream's section: a slice on its own track. */
static void section(void *ctx, const struct frame *fr, uint32_t n, uint64_t start, uint64_t end,
                    int open)
{
	struct perfetto *p = ctx;
	char name[32];
	if (end < p->from || start > p->to)
		return;
	const int len = snprintf(name, sizeof name, "section %u", n);
	const uint64_t track = TIMELINE_SECTION_TRACK + n;
	if (!(p->sections_named & 1u << n)) {
		describe_track(p, track, name, len);
		p->sections_named |= 1u << n;
	}
	if (open)
		snprintf(name, sizeof name, "section %u (open)", n);
	event(p, fr, SLICE_BEGIN, timeline_ns(start, timeline_hz(p->hz, fr->in)), 0, name, track);
	event(p, fr, SLICE_END, timeline_ns(end, timeline_hz(p->hz, fr->in)), 0, name, track);
}

static void lost(void *ctx, const struct frame *fr, uint32_t n, unsigned why, uint64_t at)
{
	struct perfetto *p = ctx;
	char text[128];
	snprintf(text, sizeof text, "%u event%s lost: %s", n, plural(n), cg_lost_why(why));
	event(p, fr, INSTANT, timeline_ns(at, timeline_hz(p->hz, fr->in)), 0, text, 0);
}

static void damaged(void *ctx, const struct frame *fr, uint64_t at)
{
	struct perfetto *p = ctx;
	event(p, fr, INSTANT, timeline_ns(at, timeline_hz(p->hz, fr->in)), 0,
	      "damaged: the recording failed its check", 0);
}

void perfetto_write(struct session *s, struct callgraph *g)
{
	const struct options *o = s->o;
	struct perfetto p = { .f = s->f, .st = s->st[0], .hz = o->clock_hz, .from = o->from, .to = o->to,
		              .first = 1 };
	g->on_call = call;
	g->on_lost = lost;
	g->on_damaged = damaged;
	g->ctx = &p;
	const struct dump_handler h = { .ctx = &p, .events = g, .section = section };
	session_decode(s, 0, &h, 1u << FRAME_EVENTS);
	flush(&p);
	free(p.out.b);
	map_free(&p.iid);
	free(p.packet.b);
	free(p.inner.b);
	free(p.deep.b);
}
