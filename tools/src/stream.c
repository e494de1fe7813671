/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The trace unit's stream file, record by record, or the same records from
 * a log's trace frames (decode.c) (docs/trace.md; how the host tool reads
 * them: docs/host-tool.md, "Traces from the trace unit"):
 *
 * - Time: G has 53 bits. A SYNC gives the window, G[52:21], of the records
 *   after it; each other record its G[20:0] (TIME_LO), its time being
 *   (window << 21) | TIME_LO (the unit writes a SYNC whenever G[20:0] has
 *   rolled over, so the records between two SYNCs share a window). Word
 *   1's bits 28:0 of a SYNC are reserved, ignored. A SYNC's own time is
 *   the time already reached or, if its window is later, its window's
 *   start. Records before the first SYNC have no time (a flight recording
 *   that starts mid-stream): they are skipped and counted. A SYNC whose
 *   window is earlier than the time already reached, or a record earlier
 *   than the record before it (a program that RESETs G while the unit
 *   records, or damage), is a warning, and the time stays: that record and
 *   every later one are shifted to continue from it, so one reset gives
 *   one warning.
 * - ENTER and EXIT are calls; IRQ_ENTER and IRQ_EXIT the call of the
 *   interrupt's pseudo-function "irq <data>", so that a handler's time is
 *   its own, a child of whatever it interrupted. BEGIN and END of section n
 *   are spans for the timelines. A LOSS counts the records dropped, at the
 *   time of its first dropped event. A ROLLED one's event came after
 *   G[20:0] rolled over, in a window no record gives (at or after the time
 *   reached, before the next SYNC's window): it is put at the time
 *   reached, the last record's, and the warning that counts the losses
 *   says how many were.
 * - The retire tap's records (docs/retire.md) set bit 0 of word 0. Its
 *   EXIT carries the return's target: with the ELF, a target in a function
 *   further down the stack (a longjmp) ends the calls above it too. Its
 *   ENTER with the bit is a jump: a tail call when it lands on a
 *   function's entry, which replaces the call on top; else nothing.
 * - Depth: the unit keeps the depth of ENTER and EXIT only (8 bits, mod
 *   256: an EXIT at 0 wraps to 255) and every record but SYNC and LOSS
 *   carries the depth before its event: an ENTER its caller's, an EXIT its
 *   ENTER's + 1. Each record's depth is checked against the depth the
 *   records before it give; one that disagrees is a warning naming the
 *   record, and the depths are checked from it on. The first record sets
 *   the depth (the stream may start inside calls). After a LOSS, a depth
 *   that agrees keeps the reader's stack, but the calls open at the loss
 *   are unfinished when they exit (callgraph.h): the exit of one may have
 *   been lost and another call of the same function entered at its depth.
 *   A depth that does not agree closes every open call at the loss and
 *   starts over, the exits of calls it never saw entered then being
 *   ignored.
 *
 * Nothing is kept per record: a file of any length streams through.
 */
#include "stream.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "diag.h"
#include "util.h"

/* A SYNC's word 0 holds G's bits above TIME_LO's. */
#define WINDOW_SHIFT (PERF_TRACE_TIME_BITS - 32)

static const char *const type_name[] = { "SYNC", "ENTER",     "EXIT",     "BEGIN",
	                                 "END",  "IRQ_ENTER", "IRQ_EXIT", "LOSS" };

/* The warnings a record can give. A stream that lost records can give one
 * of a kind per record, tens of thousands: each kind is given in full
 * WARN_IN_FULL times, then counted, and one line at the end says how many
 * more there were. */
enum {
	W_DEPTH,
	W_LOSS_DEPTH,
	W_IRQ_OPEN,
	W_SECTION,
	W_SYNC_BACK,
	W_TIME_BACK,
	W_EXIT_IN_IRQ,
	W_STRAY_RETURN,
	W_KINDS
};
#define WARN_IN_FULL 10
static const char *const warning_kind[W_KINDS] = {
	[W_DEPTH] = "a depth the records before it do not give",
	[W_LOSS_DEPTH] = "a depth after a loss other than the depth at it",
	[W_IRQ_OPEN] = "an IRQ_EXIT with calls of the handler open",
	[W_SECTION] = "a section perfscope does not have",
	[W_SYNC_BACK] = "a SYNC before the time reached",
	[W_TIME_BACK] = "a record before the time reached",
	[W_EXIT_IN_IRQ] = "an EXIT in a handler with no call of its own open",
	[W_STRAY_RETURN] = "a return into a function no open call is of",
};

struct stream_reader {
	struct input *in;
	int frames; /* the records come from trace frames, not a stream file */
	const struct dump_handler *h;
	struct callgraph *g;
	struct frame f;  /* what the call graph and the callbacks are told */
	uint64_t index;  /* of the record being read, from 0 */
	uint64_t at;     /* its file byte, or its frame's line */
	uint64_t time;   /* the time reached, once synced: raw + shift */
	uint64_t raw;    /* the same as the records give it, without shift */
	uint64_t window; /* the last SYNC's window, shifted left to G[52:21] */
	uint64_t shift;  /* added to every record since one went back in time */
	int synced;
	uint64_t skipped; /* records before the first SYNC */
	int depth_known;
	uint32_t depth;                /* the unit's depth after the records so far */
	int after_loss;                /* a LOSS came since the last record with a depth */
	int overflowed;                /* the time passed 2^64: the rest is not read */
	uint64_t bad_losses;           /* LOSS records with reserved bits set */
	uint64_t losses, lost, rolled; /* rolled: ROLLED LOSS records */
	uint64_t missing;              /* records of trace frames missing from the log */
	uint64_t loss_time;            /* of the last LOSS: its first dropped event's */
	int stacked;                   /* h->stack was called */
	uint64_t warned[W_KINDS];      /* warnings of each kind, given or not */
	int open[PERF_MAX_SECTIONS + 1];
	uint64_t start[PERF_MAX_SECTIONS + 1];
};

static uint32_t le32(const unsigned char *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* Up to n bytes; returns how many the file still had. */
static unsigned take(struct input *in, unsigned char *b, unsigned n)
{
	if (in->len - in->pos >= n) { /* the usual case: all in the buffer */
		memcpy(b, in->buf + in->pos, n);
		in->pos += n;
		in->offset += n;
		return n;
	}
	unsigned got = 0;
	for (int c; got < n && (c = input_getbyte(in)) != EOF;)
		b[got++] = (unsigned char)c;
	return got;
}

int stream_is(struct input *in)
{
	const size_t n = sizeof PERF_TRACE_MAGIC - 1;
	if (in->pos == in->len && !input_refill(in))
		return 0;
	return in->len - in->pos >= n && !memcmp(in->buf + in->pos, PERF_TRACE_MAGIC, n);
}

static int header(struct input *in)
{
	unsigned char b[PERF_TRACE_HEADER_BYTES];
	const unsigned got = take(in, b, sizeof b);
	for (unsigned i = 0; i < sizeof PERF_TRACE_MAGIC && i < got; i++)
		if (b[i] != (unsigned char)PERF_TRACE_MAGIC[i]) { /* the string's zero byte too */
			error_at(
			        in->name, 0,
			        "trace stream, file byte %u: not a trace stream: it does not start with "
			        "\"PSTRACE\" and a zero byte (docs/trace.md)",
			        i);
			return 0;
		}
	if (got < sizeof b) {
		error_at(
		        in->name, 0,
		        "trace stream, file byte %u: the header is cut short: the file ends after %u of its %u bytes",
		        got, got, PERF_TRACE_HEADER_BYTES);
		return 0;
	}
	const uint32_t version = le32(b + 8), size = le32(b + 12);
	if (version != PERF_TRACE_VERSION) {
		if (version > PERF_TRACE_VERSION)
			error_at(
			        in->name, 0,
			        "trace stream, file byte 8: record format version %u is newer than the "
			        "version %u this perfscope reads: update perfscope",
			        version, PERF_TRACE_VERSION);
		else if (version)
			error_at(
			        in->name, 0,
			        "trace stream, file byte 8: record format version %u is older than the "
			        "version %u this perfscope reads: read it with the perfscope of the IP "
			        "that recorded it",
			        version, PERF_TRACE_VERSION);
		else
			error_at(
			        in->name, 0,
			        "trace stream, file byte 8: record format version 0 is not a version "
			        "(this perfscope reads %u)",
			        PERF_TRACE_VERSION);
		return 0;
	}
	if (size != PERF_TRACE_RECORD_BYTES) {
		error_at(
		        in->name, 0,
		        "trace stream, file byte 12: records of %u bytes; version %u records are %u",
		        size, PERF_TRACE_VERSION, PERF_TRACE_RECORD_BYTES);
		return 0;
	}
	return 1;
}

static const char *source(const struct stream_reader *r)
{
	return r->frames ? "trace frames" : "trace stream";
}

/* The shifts that keep the time from going back add up: past 2^64 they
 * would wrap it, which only a damaged stream does (2^53 a SYNC, over 2,000
 * times). The record that would is not taken, nor any after it. */
static int time_overflows(struct stream_reader *r, uint64_t raw, uint64_t shift)
{
	if (raw + shift >= raw)
		return 0;
	error_at(r->in->name, 0,
	         "%s, record %llu: the time its SYNCs and records give, kept from going back, "
	         "passes 2^64 cycles: the stream is damaged; the rest of it is not read",
	         source(r), (unsigned long long)r->index);
	r->overflowed = 1;
	return 1;
}

static void warn(struct stream_reader *r, unsigned kind, const char *fmt, ...) PRINTF_LIKE(3, 4);
static void warn(struct stream_reader *r, unsigned kind, const char *fmt, ...)
{
	if (r->warned[kind]++ >= WARN_IN_FULL)
		return;
	char what[320];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	if (r->frames)
		warning_at(r->in->name, (long)r->at, "trace frames, record %llu: %s",
		           (unsigned long long)r->index, what);
	else
		warning_at(r->in->name, 0, "trace stream, record %llu (file byte %llu): %s",
		           (unsigned long long)r->index, (unsigned long long)r->at, what);
}

/* Before a record whose time is past h->stack_at: the stack as it was. */
static void stack_before(struct stream_reader *r, uint64_t time)
{
	if (r->h->stack && !r->stacked && time > r->h->stack_at) {
		r->stacked = 1;
		r->h->stack(r->h->ctx, &r->f, r->g);
	}
}

/* Checks a record's depth against the depth the records before it give,
 * then takes the record's (docs/trace.md: every record carries the depth
 * before its event; an ENTER adds one after it, an EXIT takes one off, mod
 * 256; a retire tap's jump, an ENTER too, leaves the depth as it is). */
static void depth(struct stream_reader *r, unsigned type, int jumps, uint32_t d)
{
	const uint32_t want = r->depth;
	if (r->depth_known && d != want) {
		if (!r->after_loss) {
			warn(r, W_DEPTH,
			     "%s at depth %u, where the records before it give depth %u: a record is missing "
			     "or damaged; depths are checked from this one on",
			     type_name[type], d, want);
		} else if (r->g->depth) {
			warn(r, W_LOSS_DEPTH,
			     "%s at depth %u after a loss at depth %u: the calls open at the loss are closed "
			     "there, and the exits of calls entered during it are ignored",
			     type_name[type], d, want);
			cg_close(r->g, &r->f, r->loss_time);
		}
	}
	const uint32_t step = type == PERF_TRACE_ENTER && !jumps ? 1u
	                      : type == PERF_TRACE_EXIT          ? (uint32_t)-1
	                                                         : 0u;
	r->depth = (d + step) & (PERF_TRACE_DEPTH_MASK >> PERF_TRACE_DEPTH_SHIFT);
	r->depth_known = 1;
	r->after_loss = 0;
}

/* The call i below the top of the stack: whether it is an interrupt's
 * pseudo-call, and its function. */
static const struct cg_stat *open_call(const struct callgraph *g, size_t i)
{
	return &g->stat[g->node[g->stack[g->depth - 1 - i].node].stat];
}

/* A jump the retire tap saw, to `to`: a tail call if a function starts
 * there (the ELF says), which takes the place of the call on top (an
 * interrupt's pseudo-call stays: the jump is then a call from the
 * handler); any other jump stays inside its function. Without the ELF no
 * jump is known to be a call. */
static void jump(struct stream_reader *r, uint32_t to, uint64_t t)
{
	const struct sym *s = r->g->st ? symtab_find(r->g->st, to) : NULL;
	if (!s || s->addr != to)
		return;
	if (r->g->depth && !cg_top_is_irq(r->g))
		cg_exit_at(r->g, &r->f, t);
	cg_enter_at(r->g, &r->f, to, 0, t);
}

/* After a return the retire tap saw, to `to`: if the call now on top is not
 * of the function `to` lies in but one further down is (a longjmp, or a
 * return past calls that ended in a jump), the calls above that one end
 * here too. No call ends if none is of that function, nor across an
 * interrupt's pseudo-call, nor without the ELF; with calls open, such a
 * return is into another stack than theirs (threads), which the calls
 * cannot follow, and is said. */
static void unwind(struct stream_reader *r, uint32_t to, uint64_t t)
{
	const struct sym *s = r->g->st ? symtab_find(r->g->st, to) : NULL;
	if (!s)
		return;
	size_t above = 0;
	while (above < r->g->depth && !open_call(r->g, above)->irq &&
	       open_call(r->g, above)->fn != s->addr)
		above++;
	if (above == r->g->depth && above)
		warn(r, W_STRAY_RETURN,
		     "a return to 0x%08x, in %s, outside every open call (%zu): a switch to another "
		     "stack (threads)? The calls stay open, and the ones after nest in them",
		     to, s->name, r->g->depth);
	if (above == r->g->depth || open_call(r->g, above)->irq)
		return;
	while (above--)
		cg_exit_at(r->g, &r->f, t);
}

static void irq_exit(struct stream_reader *r)
{
	if (cg_top_is_irq(r->g)) {
		cg_exit_at(r->g, &r->f, r->time);
		return;
	}
	if (!cg_irqs_open(r->g)) { /* entered before the recording began */
		r->g->unmatched++;
		return;
	}
	size_t above = 0;
	for (size_t i = r->g->depth;
	     i > 0 && !r->g->stat[r->g->node[r->g->stack[i - 1].node].stat].irq; i--)
		above++;
	warn(r, W_IRQ_OPEN, "IRQ_EXIT while %zu call%s made in the handler %s open: they end here",
	     above, plural(above), above == 1 ? "is" : "are");
	while (!cg_top_is_irq(r->g))
		cg_exit_at(r->g, &r->f, r->time);
	cg_exit_at(r->g, &r->f, r->time);
}

static void section(struct stream_reader *r, unsigned type, uint32_t n)
{
	if (type == PERF_TRACE_END && n == 0)
		return; /* the end of a recording: its time alone */
	if (n < 1 || n > PERF_MAX_SECTIONS) {
		warn(r, W_SECTION, "%s of section %u: perfscope has sections 1 to %u: ignored",
		     type_name[type], n, PERF_MAX_SECTIONS);
		return;
	}
	if (type == PERF_TRACE_BEGIN && !r->open[n]) {
		r->open[n] = 1;
		r->start[n] = r->time;
	} else if (type == PERF_TRACE_END && r->open[n]) {
		r->open[n] = 0;
		if (r->h->section)
			r->h->section(r->h->ctx, &r->f, n, r->start[n], r->time, 0);
	}
}

/* Records the stream lacks or cannot place, as lost (the count clamped to
 * cg_lost's 32 bits). */
static void lost_records(struct stream_reader *r, uint64_t records, unsigned why, uint64_t t)
{
	cg_lost(r->g, &r->f, records > UINT32_MAX ? UINT32_MAX : (uint32_t)records, why, t);
}

/* A SYNC: the window of the records after it. One earlier than the time
 * reached is shifted to start there. */
static void sync(struct stream_reader *r, uint32_t w0)
{
	const uint64_t start = (uint64_t)w0 << WINDOW_SHIFT;
	if (!r->synced && r->skipped) {
		warning_at(r->in->name, 0,
		           "%s: %llu record%s before the first SYNC skipped (a flight recording "
		           "starts mid-stream): a partial recording",
		           source(r), (unsigned long long)r->skipped, plural(r->skipped));
		lost_records(r, r->skipped, CG_LOST_START, start);
	}
	if (!r->synced || start > r->raw) {
		r->raw = start;
	} else if (start >> WINDOW_SHIFT < r->raw >> WINDOW_SHIFT) {
		warn(r, W_SYNC_BACK,
		     "SYNC of the window from cycle %llu, before cycle %llu that the records before it "
		     "reached: G was RESET or the stream is damaged; the time stays, and later SYNCs "
		     "follow it",
		     (unsigned long long)start, (unsigned long long)r->time);
		if (time_overflows(r, start, r->time - start))
			return;
		r->shift = r->time - start;
		r->raw = start;
	} else if (time_overflows(r, r->raw, r->shift)) {
		return;
	}
	r->window = start;
	r->synced = 1;
	r->time = r->raw + r->shift;
	stack_before(r, r->time);
}

/* An event's or a LOSS's time from its TIME_LO. One earlier than the time
 * reached is shifted to continue from it. */
static uint64_t stamp(struct stream_reader *r, unsigned type, uint32_t w1)
{
	const uint64_t raw = r->window | (w1 & PERF_TRACE_TIME_LO_MASK) >> PERF_TRACE_TIME_LO_SHIFT;
	if (raw < r->raw) {
		warn(r, W_TIME_BACK,
		     "%s at cycle %llu, before cycle %llu that the records before it reached: G was "
		     "RESET or the stream is damaged; the time stays, and later SYNCs follow it",
		     type_name[type], (unsigned long long)(raw + r->shift),
		     (unsigned long long)r->time);
		r->shift = r->time - raw;
	}
	if (time_overflows(r, raw, r->shift))
		return r->time;
	r->raw = raw;
	r->time = raw + r->shift;
	stack_before(r, r->time);
	return r->time;
}

/* A LOSS's reserved bits: word 0's above the 16-bit count, word 1's
 * between ROLLED and the type. */
#define LOSS_W0_RESERVED 0xffff0000u
#define LOSS_W1_RESERVED \
	(~(PERF_TRACE_TYPE_MASK | PERF_TRACE_ROLLED_MASK | PERF_TRACE_TIME_LO_MASK))

static void record(struct stream_reader *r, uint32_t w0, uint32_t w1)
{
	const unsigned type = w1 >> PERF_TRACE_TYPE_SHIFT;
	if (r->overflowed)
		return;
	if (type == PERF_TRACE_SYNC) {
		sync(r, w0);
		return;
	}
	/* The unit's LOSS count is 16 bits: a LOSS with more, or with another
	 * reserved bit set, is damage, before the first SYNC too (erased
	 * flash reads as such records); its count is taken from bits 15:0. */
	if (type == PERF_TRACE_LOSS && ((w0 & LOSS_W0_RESERVED) || (w1 & LOSS_W1_RESERVED))) {
		if (!r->bad_losses++) {
			char what[160];
			snprintf(
			        what, sizeof what,
			        "a LOSS with reserved bits set (word 0 0x%08x, word 1 0x%08x): the stream "
			        "is damaged; its count is taken as %u",
			        w0, w1, w0 & ~LOSS_W0_RESERVED);
			if (r->frames)
				error_at(r->in->name, (long)r->at, "trace frames, record %llu: %s",
				         (unsigned long long)r->index, what);
			else
				error_at(r->in->name, 0,
				         "trace stream, record %llu (file byte %llu): %s",
				         (unsigned long long)r->index, (unsigned long long)r->at,
				         what);
		}
		w0 &= ~LOSS_W0_RESERVED;
	}
	if (!r->synced) {
		r->skipped++;
		return;
	}
	if (type == PERF_TRACE_LOSS) {
		/* A ROLLED LOSS has no window: the time reached stays. */
		const uint64_t t = w1 & PERF_TRACE_ROLLED_MASK ? r->time : stamp(r, type, w1);
		if (r->overflowed)
			return;
		r->losses++;
		r->rolled += (w1 & PERF_TRACE_ROLLED_MASK) != 0;
		r->lost += w0;
		r->loss_time = t;
		r->after_loss = 1;
		cg_lost(r->g, &r->f, w0, CG_LOST_FIFO, t);
		return;
	}
	const uint64_t t = stamp(r, type, w1);
	if (r->overflowed)
		return;
	const int retire =
	        (type == PERF_TRACE_ENTER || type == PERF_TRACE_EXIT) && (w0 & PERF_TRACE_RETIRE);
	depth(r, type, retire && type == PERF_TRACE_ENTER,
	      (w1 & PERF_TRACE_DEPTH_MASK) >> PERF_TRACE_DEPTH_SHIFT);
	switch (type) {
	case PERF_TRACE_ENTER:
		if (retire)
			jump(r, w0 & ~PERF_TRACE_RETIRE, t);
		else
			cg_enter_at(r->g, &r->f, w0, 0, t);
		break;
	case PERF_TRACE_IRQ_ENTER: cg_enter_at(r->g, &r->f, w0, 1, t); break;
	case PERF_TRACE_EXIT:
		if (cg_top_is_irq(r->g))
			warn(r, W_EXIT_IN_IRQ,
			     "%s while the handler of irq 0x%08x runs, with no call of its own open: ignored",
			     type_name[type], r->g->node[r->g->stack[r->g->depth - 1].node].fn);
		else if (cg_exit_at(r->g, &r->f, t) && retire)
			unwind(r, w0 & ~PERF_TRACE_RETIRE, t);
		break;
	case PERF_TRACE_IRQ_EXIT: irq_exit(r); break;
	default: section(r, type, w0); break;
	}
}

void stream_record(struct stream_reader *r, uint32_t w0, uint32_t w1, uint64_t at)
{
	r->at = at;
	record(r, w0, w1);
	r->index++;
}

void stream_gap(struct stream_reader *r, uint64_t records)
{
	/* As a LOSS of that many at the time reached: the calls after it are
	 * checked against the depth the records give. */
	r->missing += records;
	r->after_loss = 1;
	r->loss_time = r->time; /* where a depth that disagrees closes the calls */
	r->index += records;
	lost_records(r, records, CG_LOST_MISSING, r->time);
}

void stream_damaged(struct stream_reader *r)
{
	cg_damaged(r->g, &r->f);
}

struct stream_reader *stream_open(struct input *in, const struct dump_handler *h, int frames)
{
	struct stream_reader *r = xcalloc(1, sizeof *r);
	r->in = in;
	r->frames = frames;
	r->h = h;
	r->g = h->events ? h->events : h->stream;
	r->f = (struct frame){ .in = in, .kind = FRAME_EVENTS, .index = 1, .stream = 1 };
	cg_begin(r->g, &r->f, 0);
	return r;
}

/* One line for each kind of warning given more than WARN_IN_FULL times. */
static void warned_more(const struct stream_reader *r)
{
	for (unsigned k = 0; k < W_KINDS; k++)
		if (r->warned[k] > WARN_IN_FULL)
			warning_at(r->in->name, 0, "%s: ... and %llu more like it (%s)", source(r),
			           (unsigned long long)(r->warned[k] - WARN_IN_FULL),
			           warning_kind[k]);
}

void stream_close(struct stream_reader *r)
{
	const struct dump_handler *h = r->h;
	warned_more(r);
	if (r->bad_losses > 1)
		error_at(r->in->name, 0,
		         "%s: ... and %llu more LOSS records with reserved bits set", source(r),
		         (unsigned long long)(r->bad_losses - 1));
	if (!r->synced && r->skipped) {
		warning_at(r->in->name, 0,
		           "%s: no SYNC record: its %llu record%s no time and %s skipped",
		           source(r), (unsigned long long)r->skipped,
		           r->skipped == 1 ? " has" : "s have", r->skipped == 1 ? "is" : "are");
		lost_records(r, r->skipped, CG_LOST_START, r->time);
	}
	if (r->losses && !r->rolled)
		warning_at(
		        r->in->name, 0,
		        "%s: %llu record%s lost in %llu LOSS record%s (the FIFO was full): a partial "
		        "recording",
		        source(r), (unsigned long long)r->lost, plural(r->lost),
		        (unsigned long long)r->losses, plural(r->losses));
	else if (r->losses)
		warning_at(
		        r->in->name, 0,
		        "%s: %llu record%s lost in %llu LOSS record%s (the FIFO was full): a partial "
		        "recording; %llu of the LOSS records %s ROLLED, marked at the cycle of the "
		        "record before them: their first drop was at or after it, in a window no "
		        "record gives",
		        source(r), (unsigned long long)r->lost, plural(r->lost),
		        (unsigned long long)r->losses, plural(r->losses),
		        (unsigned long long)r->rolled, r->rolled == 1 ? "is" : "are");
	if (r->missing)
		warning_at(
		        r->in->name, 0,
		        "trace frames: %llu record%s missing from the log (a trace frame lost or "
		        "damaged): a partial recording",
		        (unsigned long long)r->missing, plural(r->missing));
	if (h->stack && !r->stacked)
		h->stack(h->ctx, &r->f, r->g);
	for (uint32_t n = 1; n <= PERF_MAX_SECTIONS; n++)
		if (r->open[n] && h->section)
			h->section(h->ctx, &r->f, n, r->start[n], r->time, 1);
	r->g->now = r->g->wall = r->time; /* open calls are counted up to the last record */
	cg_end(r->g, &r->f);
	free(r);
}

int stream_decode(struct input *in, const struct dump_handler *h)
{
	if (!header(in))
		return 0;
	struct stream_reader *r = stream_open(in, h, 0);
	for (;;) {
		unsigned char b[PERF_TRACE_RECORD_BYTES];
		const uint64_t at = in->offset;
		const unsigned got = take(in, b, sizeof b);
		if (got < sizeof b) {
			if (got) {
				error_at(
				        in->name, 0,
				        "trace stream, record %llu (file byte %llu): truncated: the file ends "
				        "after %u of its %u bytes",
				        (unsigned long long)r->index, (unsigned long long)at, got,
				        PERF_TRACE_RECORD_BYTES);
				stream_damaged(r);
			}
			break;
		}
		stream_record(r, le32(b), le32(b + 4), at);
	}
	stream_close(r);
	return 1;
}
