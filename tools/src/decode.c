/* SPDX-License-Identifier: Apache-2.0 */
#include "decode.h"

#include <stdlib.h>

#include <string.h>

#include "callgraph.h"
#include "diag.h"
#include "perfscope_profile.h"
#include "stream.h"
#include "symbols.h"
#include "util.h"

/* Every layout comes from perfscope_frames.h: READ takes a record's fields
 * in their order into the members of *r that have their names, and header
 * checks name the payload byte of the field at fault (its _AT; the version
 * is at byte 0). READ is 0, or -1 once the frame has failed. */
#define READ_FIELD_(type, member, f, r) || frame_##type(f, &(r)->member)
#define READ(f, FIELDS, r) ((0 FIELDS(READ_FIELD_, (f), (r))) ? -1 : 0)

/* The first payload word: the format version in its low half, 0 above. */
static int version_ok(struct frame *f)
{
	const unsigned newest = frame_version[f->kind], oldest = frame_oldest[f->kind];
	uint32_t v;
	if (frame_u32(f, &v))
		return 0;
	if ((v >> 16) == 0 && (v & 0xffffu) > newest) {
		frame_fail_at(
		        f, 0,
		        "format version %u is newer than the version %u this perfscope reads: update perfscope",
		        v & 0xffffu, newest);
		return 0;
	}
	if ((v >> 16) != 0 || v < oldest) {
		frame_fail_at(f, 0, "format word 0x%08x is not a version from %u to %u", v, oldest,
		              newest);
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
	if (READ(f, PERF_FRAME_SECTIONS_HEAD_FIELDS, &s))
		goto end;
	if (s.n > PERF_MAX_SECTIONS) {
		frame_fail_at(f, PERF_FRAME_SECTIONS_N_AT, "%u sections; perfscope has at most %d",
		              s.n, PERF_MAX_SECTIONS);
		goto end;
	}
	/* The OVF word always follows since version 2; in version 1 only in
	 * frames of drivers that knew the OVF register. The global pair comes
	 * before the sections'. */
	if (!fits_tail(f, s.n + 1, PERF_FRAME_SECTIONS_COUNTER_BYTES,
	               PERF_FRAME_SECTIONS_TAIL_BYTES,
	               f->version < PERF_FRAME_SECTIONS_TAIL_OPTIONAL_BEFORE,
	               "counter pairs and the OVF word"))
		goto end;
	for (uint32_t i = 0; i <= s.n; i++) {
		struct perf_frame_sections_counter c;
		if (READ(f, PERF_FRAME_SECTIONS_COUNTER_FIELDS, &c))
			goto end;
		s.time[i] = c.time;
		s.occurrences[i] = c.occurrences;
	}
	if (frame_left(f))
		READ(f, PERF_FRAME_SECTIONS_TAIL_FIELDS, &s);
end:
	if (frame_end(f))
		h->sections(h->ctx, f, &s);
}

static void calltrace(struct frame *f, const struct dump_handler *h)
{
	struct calltrace_head t;
	int begun = 0;
	if (READ(f, PERF_FRAME_CALLTRACE_HEAD_FIELDS, &t))
		goto end;
	const uint32_t word = t.mode;
	t.args = (word & PERF_FRAME_CALLTRACE_ARGS) != 0;
	t.mode = word & ~PERF_FRAME_CALLTRACE_ARGS;
	if (t.mode != PERF_FRAME_CALLTRACE_STACK && t.mode != PERF_FRAME_CALLTRACE_LOG) {
		frame_fail_at(f, PERF_FRAME_CALLTRACE_MODE_AT,
		              "unknown call trace mode 0x%x (0 stack, 1 log, +0x100 arguments)",
		              word);
		goto end;
	}
	if (t.count > t.lines) {
		frame_fail_at(f, PERF_FRAME_CALLTRACE_COUNT_AT,
		              "%u records in a buffer of %u lines", t.count, t.lines);
		goto end;
	}
	if (!fits(f, t.count,
	          PERF_FRAME_CALLTRACE_RECORD_BYTES +
	                  (t.args ? PERF_FRAME_CALLTRACE_ARGS_BYTES : 0),
	          "call records"))
		goto end;
	if (h->calltrace_begin)
		h->calltrace_begin(h->ctx, f, &t);
	begun = 1;
	for (uint32_t i = 0; i < t.count; i++) {
		struct calltrace_rec r = { 0 };
		if (READ(f, PERF_FRAME_CALLTRACE_RECORD_FIELDS, &r) ||
		    (t.args && READ(f, PERF_FRAME_CALLTRACE_ARGS_FIELDS, &r)))
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
	struct perf_frame_events_head t;
	int begun = 0;
	if (READ(f, PERF_FRAME_EVENTS_HEAD_FIELDS, &t) ||
	    !fits(f, t.n, PERF_FRAME_EVENTS_EVENT_BYTES, "events"))
		goto end;
	cg_begin(h->events, f, t.lost);
	begun = 1;
	for (uint32_t i = 0; i < t.n; i++) {
		struct perf_frame_events_event e;
		if (READ(f, PERF_FRAME_EVENTS_EVENT_FIELDS, &e))
			break;
		cg_event(h->events, f, e.fn, e.stamp);
	}
end:;
	const int sound = frame_end(f);
	if (begun && !sound)
		cg_damaged(h->events, f);
	if (begun)
		cg_end(h->events, f);
}

/* A log's trace frames (perf_hwtrace_frame): their records, in the log's
 * order, are one recording, read as a trace stream file's (stream.h). Each
 * frame numbers its first record; a frame that starts after the record
 * the frames before it reached leaves out that many, read as a loss. */
struct trace_frames {
	struct stream_reader *r; /* the recording, once a trace frame came */
	uint32_t next;           /* the number of the record after the last read */
};

static void trace(struct frame *f, const struct dump_handler *h, struct trace_frames *t)
{
	struct perf_frame_trace_head head;
	int begun = 0;
	if (READ(f, PERF_FRAME_TRACE_HEAD_FIELDS, &head) ||
	    !fits(f, head.n, PERF_FRAME_TRACE_RECORD_BYTES, "records"))
		goto end;
	if (!t->r)
		t->r = stream_open(f->in, h, 1);
	begun = 1;
	const uint32_t ahead = head.first - t->next; /* mod 2^32, as the driver counts */
	if (ahead && ahead < 0x80000000u) {
		warning_at(
		        f->in->name, f->line,
		        "trace frame %d starts at record %u, after record %u that the frames before "
		        "it reached: %u records are missing (a trace frame lost from the log), read "
		        "as a loss",
		        f->index, head.first, t->next, ahead);
		stream_gap(t->r, ahead);
	} else if (ahead) {
		warning_at(f->in->name, f->line,
		           "trace frame %d starts at record %u, before record %u that the frames "
		           "before it reached (a frame given twice, or a new recording begun): its "
		           "records are read on as they come",
		           f->index, head.first, t->next);
	}
	for (uint32_t i = 0; i < head.n; i++) {
		struct perf_frame_trace_record rec;
		if (READ(f, PERF_FRAME_TRACE_RECORD_FIELDS, &rec))
			break;
		stream_record(t->r, rec.word0, rec.word1, (uint64_t)f->line);
	}
	t->next = head.first + head.n;
end:;
	const int sound = frame_end(f);
	if (begun && !sound)
		stream_damaged(t->r);
}

static void funcstat(struct frame *f, const struct dump_handler *h)
{
	struct funcstat_head t = { .profile = f->kind == FRAME_PROFILE };
	struct funcstat_row *rows = NULL;
	size_t cap = 0;
	if (t.profile) {
		if (READ(f, PERF_FRAME_PROFILE_HEAD_FIELDS, &t))
			goto end;
		if (t.flags & ~(PERF_FRAME_PROFILE_ENABLED | PERF_FRAME_PROFILE_FROZEN)) {
			frame_fail_at(f, PERF_FRAME_PROFILE_FLAGS_AT,
			              "unknown profile flags 0x%x (bit 0 enabled, bit 1 frozen)",
			              t.flags);
			goto end;
		}
	} else if (READ(f, PERF_FRAME_FUNCSTAT_HEAD_FIELDS, &t)) {
		goto end;
	}
	_Static_assert(PERF_FRAME_PROFILE_ROW_BYTES == PERF_FRAME_FUNCSTAT_ROW_BYTES,
	               "profile rows are funcstat rows");
	if (!fits(f, t.n, PERF_FRAME_FUNCSTAT_ROW_BYTES, "function rows"))
		goto end;
	/* Grown as rows arrive: the count is checked, but the line may still end early. */
	uint32_t long_calls = 0;
	for (uint32_t i = 0; i < t.n; i++) {
		grow(&rows, &cap, i + 1, sizeof *rows);
		struct funcstat_row *r = &rows[i];
		if (t.profile ? READ(f, PERF_FRAME_PROFILE_ROW_FIELDS, r)
		              : READ(f, PERF_FRAME_FUNCSTAT_ROW_FIELDS, r))
			break;
		long_calls += (r->total_max | r->self_max) >= 0x80000000u;
	}
	/* A profile's hooks take a call's time as its exit's stamp less its
	 * entry's, and check no step between them (that would cost the fast
	 * path an instruction, docs/hooks.md "Profiles"): a reset of G inside
	 * a call makes it nearly 2^32 cycles long. A real call of 2^31 cycles
	 * (43 s at 50 MHz) is rare enough to warn of too. A reset while no
	 * call is open wraps the Program row instead: its Self, the cycles
	 * with the stack empty, then exceeds all the cycles counted. */
	const int program_wrapped = t.profile && t.outside > t.counted;
	if (t.profile && (long_calls || program_wrapped)) {
		char rows_long[96] = "";
		if (long_calls)
			snprintf(
			        rows_long, sizeof rows_long,
			        "%u row%s with a call of 2^31 cycles or more (Max of Self or Self+children)",
			        long_calls, plural(long_calls));
		warning_at(
		        f->in->name, f->line,
		        "profile frame: %s%s%s: most likely the program reset perfscope's global "
		        "counter while the hooks recorded, which a profile counts as nearly 2^32 "
		        "cycles (make profile stamps from MTIME: docs/hooks.md)",
		        rows_long, long_calls && program_wrapped ? " and " : "",
		        program_wrapped ? "a Program row whose Self (cycles with the stack empty) "
		                          "exceeds all the cycles counted"
		                        : "");
	}
	/* The hooks keep PERF_PROFILE_DEPTH levels (IAS's): a call deeper is
	 * not counted, its time is its caller's at the last level kept; an exit
	 * with no call open is not counted either. The table's head has both
	 * counts, as the target prints them: said here too, as a loss. */
	if (t.profile && (t.warn_high || t.warn_low))
		warning_at(
		        f->in->name, f->line,
		        "profile frame: %u call%s deeper than %d levels and %u exit%s with no call "
		        "open were not counted (the head's depth warnings): the deeper calls' "
		        "time is in their caller's Self at level %d, and the counts are short",
		        t.warn_high, plural(t.warn_high), PERF_PROFILE_DEPTH, t.warn_low,
		        plural(t.warn_low), PERF_PROFILE_DEPTH);
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
	if (READ(f, PERF_FRAME_HOT_HEAD_FIELDS, &t))
		goto end;
	if (t.granule == 0 || (t.granule & (t.granule - 1))) {
		frame_fail_at(f, PERF_FRAME_HOT_GRANULE_AT, "granule %u is not a power of two",
		              t.granule);
		goto end;
	}
	if (t.decay > PERF_FRAME_HOT_DECAY_ON) {
		frame_fail_at(f, PERF_FRAME_HOT_DECAY_AT, "unknown decay setting %u (0 off, 1 on)",
		              t.decay);
		goto end;
	}
	if (!fits(f, t.used, PERF_FRAME_HOT_ENTRY_BYTES, "entries"))
		goto end;
	for (uint32_t i = 0; i < t.used; i++) {
		grow(&e, &cap, i + 1, sizeof *e);
		if (READ(f, PERF_FRAME_HOT_ENTRY_FIELDS, &e[i]))
			break;
	}
end:
	if (frame_end(f))
		h->hot(h->ctx, f, &t, e);
	free(e);
}

/* The retire tap's histogram: at most 4096 words, so read whole. */
static void hist(struct frame *f, const struct dump_handler *h)
{
	struct hist_head t;
	uint32_t *words = NULL;
	if (READ(f, PERF_FRAME_HIST_HEAD_FIELDS, &t))
		goto end;
	if (t.n < 2 || t.n > HIST_MAX_WORDS || (t.n & (t.n - 1))) {
		frame_fail_at(f, PERF_FRAME_HIST_N_AT,
		              "n %u is not a power of two from 2 to %u (the buckets, then OUTSIDE)",
		              t.n, HIST_MAX_WORDS);
		goto end;
	}
	if (t.shift > HIST_MAX_SHIFT) {
		frame_fail_at(f, PERF_FRAME_HIST_SHIFT_AT,
		              "shift %u: a bucket is 4 << shift bytes, shift 0 to %u", t.shift,
		              HIST_MAX_SHIFT);
		goto end;
	}
	if (t.k > HIST_MAX_K) {
		frame_fail_at(f, PERF_FRAME_HIST_K_AT,
		              "k %u: one cycle in 2^k is charged, k 0 to %u", t.k, HIST_MAX_K);
		goto end;
	}
	if (t.base & 3u) {
		frame_fail_at(f, PERF_FRAME_HIST_BASE_AT, "base 0x%08x is not 4-byte aligned",
		              t.base);
		goto end;
	}
	if (hist_end(&t) > UINT32_MAX) { /* gmon.out's ranges end below 2^32 */
		frame_fail_at(f, PERF_FRAME_HIST_BASE_AT,
		              "%u bucket%s of %u bytes from base 0x%08x end%s at or past 2^32",
		              t.n - 1, plural(t.n - 1), hist_bucket_bytes(&t), t.base,
		              t.n == 2 ? "s" : "");
		goto end;
	}
	if (!fits(f, t.n, PERF_FRAME_HIST_WORD_BYTES, "words"))
		goto end;
	words = xmalloc(t.n * sizeof *words);
	for (uint32_t i = 0; i < t.n; i++) {
		struct perf_frame_hist_word w;
		if (READ(f, PERF_FRAME_HIST_WORD_FIELDS, &w))
			break;
		words[i] = w.count;
	}
end:
	if (frame_end(f))
		h->hist(h->ctx, f, &t, words);
	free(words);
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
	struct perf_frame_run_head t;
	uint32_t word;
	uint8_t id[sizeof f->in->build_id];
	if (READ(f, PERF_FRAME_RUN_HEAD_FIELDS, &t))
		goto end;
	if (t.n > sizeof id) {
		frame_fail_at(f, PERF_FRAME_RUN_N_AT,
		              "a build id of %u bytes; perfscope keeps at most %zu", t.n,
		              sizeof id);
		goto end;
	}
	/* The bytes padded to whole words, read a word at a time. */
	_Static_assert(PERF_FRAME_RUN_BUILD_ID_ALIGN == sizeof word,
	               "the build id is padded to words");
	if (!fits(f, (t.n + 3) / 4, 4, "words of build id"))
		goto end;
	for (uint32_t i = 0; i < (t.n + 3) / 4; i++) {
		if (frame_u32(f, &word))
			goto end;
		for (uint32_t k = 0; k < 4 && 4 * i + k < t.n; k++)
			id[4 * i + k] = (uint8_t)(word >> (8 * k));
	}
end:
	if (!frame_end(f))
		return;
	struct input *in = f->in;
	in->clock_hz = t.clock_hz;
	memcpy(in->build_id, id, t.n);
	in->build_id_len = t.n;
	in->run_line = f->line;
	if (h->st && h->st->build_id_len && t.n &&
	    (t.n != h->st->build_id_len || memcmp(id, h->st->build_id, t.n))) {
		char dump[2 * sizeof id + 1], elf[2 * sizeof id + 1];
		in->other_elf = 1;
		error_at(
		        in->name, f->line,
		        "the run's firmware has build id %s, %s has %s: it is not the ELF of this run",
		        hex_of(dump, id, t.n), h->st->path,
		        hex_of(elf, h->st->build_id, h->st->build_id_len));
	} else if (h->st && t.n && !h->st->build_id_len) {
		char dump[2 * sizeof id + 1];
		warning_at(
		        in->name, f->line,
		        "%s has no build id, the run's firmware has %s: the ELF cannot be checked to be "
		        "this run's",
		        h->st->path, hex_of(dump, id, t.n));
	}
}

void decode_dump(struct input *in, const struct dump_handler *h, unsigned seen[FRAME_KINDS + 1])
{
	struct frame f;
	struct trace_frames t = { 0 };
	for (int k = 0; k <= FRAME_KINDS; k++)
		seen[k] = 0;
	while (frame_next(in, &f, &seen[FRAME_KINDS])) {
		f.index = (int)++seen[f.kind];
		const int wanted =
		        (f.kind == FRAME_SECTIONS && h->sections) ||
		        (f.kind == FRAME_CALLTRACE && h->calltrace_record) ||
		        (f.kind == FRAME_EVENTS && h->events) ||
		        ((f.kind == FRAME_FUNCSTAT || f.kind == FRAME_PROFILE) && h->funcstat) ||
		        (f.kind == FRAME_HOT && h->hot) || (f.kind == FRAME_HIST && h->hist) ||
		        (f.kind == FRAME_TRACE && (h->events || h->stream)) || f.kind == FRAME_RUN;
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
		case FRAME_EVENTS:
			/* The events frames' calls go to the same call graph: a trace
			 * recording open before them ends there, and a trace frame
			 * after them starts another (numbered on). */
			if (t.r) {
				stream_close(t.r);
				t.r = NULL;
			}
			events(&f, h);
			break;
		case FRAME_TRACE: trace(&f, h, &t); break;
		case FRAME_FUNCSTAT:
		case FRAME_PROFILE: funcstat(&f, h); break;
		case FRAME_HOT: hot(&f, h); break;
		case FRAME_RUN: run(&f, h); break;
		case FRAME_HIST: hist(&f, h); break;
		case FRAME_KINDS: break;
		}
		diag_release(f.failed != FRAME_BROKEN);
	}
	if (t.r)
		stream_close(t.r);
}
