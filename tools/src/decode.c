#include "decode.h"

#include <stdlib.h>

#include <string.h>

#include "callgraph.h"
#include "symbols.h"
#include "util.h"

/* Header checks name the payload byte of the field at fault: the version is
 * at byte 0, then each u32 of the type's table (docs/dump-format.md) 4 on. */

/* The first payload word: the format version in its low half, 0 above. */
static int version_ok(struct frame *f)
{
	uint32_t v;
	if (frame_u32(f, &v))
		return 0;
	if ((v >> 16) == 0 && (v & 0xffffu) > FRAME_VERSION) {
		frame_fail_at(f, 0, "format version %u is newer than the version %d this perfscope reads: update perfscope",
		              v & 0xffffu, FRAME_VERSION);
		return 0;
	}
	if ((v >> 16) != 0 || v < FRAME_VERSION_OLDEST) {
		frame_fail_at(f, 0, "format word 0x%08x is not a version from %d to %d", v, FRAME_VERSION_OLDEST,
		              FRAME_VERSION);
		return 0;
	}
	f->version = v;
	return 1;
}

/* The records a header announces must fill the payload exactly: checked
 * before they are read, so a wrong count never drives a read or a buffer. */
/* The payload after the header holds count items of size bytes, and tail
 * more bytes, or no tail where tail_optional. */
static int fits_tail(struct frame *f, uint64_t count, uint32_t size, uint32_t tail, int tail_optional,
                     const char *what)
{
	const uint64_t need = count * size;
	if ((uint64_t)frame_left(f) == need + tail || (tail_optional && (uint64_t)frame_left(f) == need))
		return 1;
	frame_fail(f, "%llu %s need %llu bytes after the header, the payload has %u",
	           (unsigned long long)count, what, (unsigned long long)(need + tail), frame_left(f));
	return 0;
}

static int fits(struct frame *f, uint64_t count, uint32_t size, const char *what)
{
	return fits_tail(f, count, size, 0, 0, what);
}

static void sections(struct frame *f, const struct dump_handler *h)
{
	struct sections s = { 0 };
	if (frame_u32(f, &s.clock_hz) || frame_u32(f, &s.n) || frame_u32(f, &s.run))
		goto end;
	if (s.n > SECTIONS_MAX) {
		frame_fail_at(f, 8, "%u sections; perfscope has at most %d", s.n, SECTIONS_MAX);
		goto end;
	}
	/* The OVF word always follows since version 2; in version 1 only in
	 * frames of drivers that knew the OVF register. */
	if (!fits_tail(f, s.n + 1, 12, 4, f->version == 1, "counter pairs and the OVF word"))
		goto end;
	for (uint32_t i = 0; i <= s.n; i++)
		if (frame_u64(f, &s.time[i]) || frame_u32(f, &s.occurrences[i]))
			goto end;
	if (frame_left(f))
		frame_u32(f, &s.overflow);
end:
	if (frame_end(f))
		h->sections(h->ctx, f, &s);
}

static void calltrace(struct frame *f, const struct dump_handler *h)
{
	struct calltrace_head t;
	int begun = 0;
	if (frame_u32(f, &t.mode) || frame_u32(f, &t.lines) || frame_u32(f, &t.count) ||
	    frame_u32(f, &t.open) || frame_u32(f, &t.overflows) || frame_u32(f, &t.underflows))
		goto end;
	const uint32_t word = t.mode;
	t.args = (word & CALLTRACE_ARGS) != 0;
	t.mode = word & ~CALLTRACE_ARGS;
	if (t.mode != CALLTRACE_STACK && t.mode != CALLTRACE_LOG) {
		frame_fail_at(f, 4, "unknown call trace mode 0x%x (0 stack, 1 log, +0x100 arguments)", word);
		goto end;
	}
	if (t.count > t.lines) {
		frame_fail_at(f, 12, "%u records in a buffer of %u lines", t.count, t.lines);
		goto end;
	}
	if (!fits(f, t.count, t.args ? 32 : 16, "call records"))
		goto end;
	if (h->calltrace_begin)
		h->calltrace_begin(h->ctx, f, &t);
	begun = 1;
	for (uint32_t i = 0; i < t.count; i++) {
		struct calltrace_rec r = { 0 };
		if (frame_u32(f, &r.fn) || frame_u32(f, &r.site) || frame_u32(f, &r.stamp) ||
		    frame_u32(f, &r.depth))
			break;
		int short_of_args = 0;
		for (int k = 0; t.args && k < 4 && !short_of_args; k++)
			short_of_args = frame_u32(f, &r.a[k]);
		if (short_of_args)
			break;
		h->calltrace_record(h->ctx, f, &r);
	}
end:;
	const int sound = frame_end(f);
	if (begun && h->calltrace_end)
		h->calltrace_end(h->ctx, f, sound);
}

static void events(struct frame *f, const struct dump_handler *h)
{
	uint32_t n, lost;
	int begun = 0;
	if (frame_u32(f, &n) || frame_u32(f, &lost) || !fits(f, n, 8, "events"))
		goto end;
	cg_begin(h->events, f, lost);
	begun = 1;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t fn, stamp;
		if (frame_u32(f, &fn) || frame_u32(f, &stamp))
			break;
		cg_event(h->events, f, fn, stamp);
	}
end:
	frame_end(f);
	if (begun)
		cg_end(h->events, f);
}

static void funcstat(struct frame *f, const struct dump_handler *h)
{
	struct funcstat_head t = { .profile = f->kind == FRAME_PROFILE };
	struct funcstat_row *rows = NULL;
	size_t cap = 0;
	if (t.profile) {
		if (frame_u32(f, &t.id) || frame_u32(f, &t.flags) || frame_u32(f, &t.open) ||
		    frame_u32(f, &t.max_depth) || frame_u32(f, &t.warn_low) || frame_u32(f, &t.warn_high) ||
		    frame_u64(f, &t.counted) || frame_u64(f, &t.outside) || frame_u32(f, &t.n))
			goto end;
		if (t.flags > 3) {
			frame_fail_at(f, 8, "unknown profile flags 0x%x (bit 0 enabled, bit 1 frozen)", t.flags);
			goto end;
		}
	} else if (frame_u32(f, &t.max_depth) || frame_u32(f, &t.n) || frame_u32(f, &t.open) ||
	           frame_u32(f, &t.lost) || frame_u32(f, &t.dropped)) {
		goto end;
	}
	if (!fits(f, t.n, 44, "function rows"))
		goto end;
	/* Grown as rows arrive: the count is checked, but the line may still end early. */
	for (uint32_t i = 0; i < t.n; i++) {
		grow(&rows, &cap, i + 1, sizeof *rows);
		struct funcstat_row *r = &rows[i];
		if (frame_u32(f, &r->fn) || frame_u32(f, &r->calls) || frame_u32(f, &r->outer) ||
		    frame_u32(f, &r->total_min) || frame_u32(f, &r->total_max) || frame_u32(f, &r->self_min) ||
		    frame_u32(f, &r->self_max) || frame_u64(f, &r->total) || frame_u64(f, &r->self))
			break;
	}
end:
	if (frame_end(f))
		h->funcstat(h->ctx, f, &t, rows);
	free(rows);
}

static void hot(struct frame *f, const struct dump_handler *h)
{
	struct hot_head t;
	struct hot_entry *e = NULL;
	size_t cap = 0;
	if (frame_u32(f, &t.calls) || frame_u32(f, &t.ignored) || frame_u32(f, &t.granule) ||
	    frame_u32(f, &t.decay) || frame_u32(f, &t.total) || frame_u32(f, &t.used))
		goto end;
	if (t.granule == 0 || (t.granule & (t.granule - 1))) {
		frame_fail_at(f, 12, "granule %u is not a power of two", t.granule);
		goto end;
	}
	if (t.decay > 1) {
		frame_fail_at(f, 16, "unknown decay setting %u (0 off, 1 on)", t.decay);
		goto end;
	}
	if (!fits(f, t.used, 8, "entries"))
		goto end;
	for (uint32_t i = 0; i < t.used; i++) {
		grow(&e, &cap, i + 1, sizeof *e);
		if (frame_u32(f, &e[i].addr) || frame_u32(f, &e[i].hits))
			break;
	}
end:
	if (frame_end(f))
		h->hot(h->ctx, f, &t, e);
	free(e);
}

/* bytes as hex digits into text (2 n + 1 chars). */
static const char *hex_of(char *text, const uint8_t *bytes, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		snprintf(text + 2 * i, 3, "%02x", bytes[i]);
	text[2 * n] = 0;
	return text;
}

/* The program's clock and build id, kept in the input; a build id other
 * than the ELF's says, as a fact, that the ELF is not this run's. */
static void run(struct frame *f, const struct dump_handler *h)
{
	uint32_t clock_hz, n, word;
	uint8_t id[sizeof f->in->build_id];
	if (frame_u32(f, &clock_hz) || frame_u32(f, &n))
		goto end;
	if (n > sizeof id) {
		frame_fail_at(f, 8, "a build id of %u bytes; perfscope keeps at most %zu", n, sizeof id);
		goto end;
	}
	if (!fits(f, (n + 3) / 4, 4, "words of build id"))
		goto end;
	for (uint32_t i = 0; i < (n + 3) / 4; i++) {
		if (frame_u32(f, &word))
			goto end;
		for (uint32_t k = 0; k < 4 && 4 * i + k < n; k++)
			id[4 * i + k] = (uint8_t)(word >> (8 * k));
	}
end:
	if (!frame_end(f))
		return;
	struct input *in = f->in;
	in->clock_hz = clock_hz;
	memcpy(in->build_id, id, n);
	in->build_id_len = n;
	in->run_line = f->line;
	if (h->st && h->st->build_id_len && n &&
	    (n != h->st->build_id_len || memcmp(id, h->st->build_id, n))) {
		char dump[2 * sizeof id + 1], elf[2 * sizeof id + 1];
		error_at(in->name, f->line, "the run's firmware has build id %s, %s has %s: it is not the ELF of this run",
		         hex_of(dump, id, n), h->st->path, hex_of(elf, h->st->build_id, h->st->build_id_len));
	}
}

void decode_dump(struct input *in, const struct dump_handler *h, unsigned seen[FRAME_KINDS + 1])
{
	struct frame f;
	for (int k = 0; k <= FRAME_KINDS; k++)
		seen[k] = 0;
	while (frame_next(in, &f, &seen[FRAME_KINDS])) {
		f.index = (int)++seen[f.kind];
		const int wanted = (f.kind == FRAME_SECTIONS && h->sections) ||
		                   (f.kind == FRAME_CALLTRACE && h->calltrace_record) ||
		                   (f.kind == FRAME_EVENTS && h->events) ||
		                   ((f.kind == FRAME_FUNCSTAT || f.kind == FRAME_PROFILE) && h->funcstat) ||
		                   (f.kind == FRAME_HOT && h->hot) || f.kind == FRAME_RUN;
		if (!wanted) {
			frame_skip(&f);
			continue;
		}
		diag_hold(); /* what the content makes anyone say waits for the CRC */
		if (!version_ok(&f)) {
			frame_end(&f);
			diag_release(f.failed != FRAME_BROKEN);
			continue;
		}
		switch (f.kind) {
		case FRAME_SECTIONS: sections(&f, h); break;
		case FRAME_CALLTRACE: calltrace(&f, h); break;
		case FRAME_EVENTS: events(&f, h); break;
		case FRAME_FUNCSTAT:
		case FRAME_PROFILE: funcstat(&f, h); break;
		case FRAME_HOT: hot(&f, h); break;
		case FRAME_RUN: run(&f, h); break;
		case FRAME_KINDS: break;
		}
		diag_release(f.failed != FRAME_BROKEN);
	}
}
