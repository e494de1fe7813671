/* SPDX-License-Identifier: Apache-2.0 */
/* Framed dumps: one text line per dump, base64 payload with length and
 * CRC-32 (include/perfscope_frame.h, docs/dump-format.md). */
#include "perfscope_frame.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "common/perf_base64.h"
#include "common/perf_crc32.h"
#include "perf_internal.h"

struct perf_frame {
	int encoding;        /* 0: measuring, 1: writing base64 */
	uint32_t bytes;
	uint32_t crc;        /* inverted CRC-32 so far */
	uint32_t pending;    /* bytes waiting for a full base64 group, the first highest */
	int npending;
	struct perf_out *o;
	int to_stdout; /* no put given: the payload goes out through line */
	int nline;
	char line[64];
};

/* The payload's characters written so far to stdout, a line's worth at a
 * time: fwrite costs a character a fraction of what putchar's call does. */
static void flush_line(struct perf_frame *f)
{
	if (f->nline && !f->o->failed &&
	    fwrite(f->line, 1, (size_t)f->nline, stdout) != (size_t)f->nline)
		f->o->failed = 1;
	f->nline = 0;
}

static void payload_char(struct perf_frame *f, char c)
{
	if (!f->to_stdout) {
		perf_out_char(f->o, c);
		return;
	}
	f->line[f->nline++] = c;
	if (f->nline == (int)sizeof f->line)
		flush_line(f);
}

/* The payload's last group, of 1 or 2 bytes, '='-padded. */
static void b64_last(struct perf_frame *f)
{
	const uint32_t v = f->pending << (8 * (3 - f->npending)); /* the first byte highest */
	const uint8_t in[3] = { (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v };
	char text[4];
	perf_base64_group(in, f->npending, text);
	for (int i = 0; i < 4; i++)
		payload_char(f, text[i]);
}

static void put_byte(struct perf_frame *f, uint8_t b)
{
	if (!f->encoding) {
		f->bytes++;
		f->crc = perf_crc32_byte(f->crc, b);
		return;
	}
	/* A full group's four digits straight from its 24 bits: the frame's
	 * bytes are nearly all in full groups. */
	f->pending = f->pending << 8 | b;
	if (++f->npending == 3) {
		for (int shift = 18; shift >= 0; shift -= 6)
			payload_char(f, perf_base64_digit(f->pending >> shift));
		f->pending = 0;
		f->npending = 0;
	}
}

void perf_frame_u32(struct perf_frame *f, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		put_byte(f, (uint8_t)(v >> (8 * i)));
}

void perf_frame_u64(struct perf_frame *f, uint64_t v)
{
	perf_frame_u32(f, (uint32_t)v);
	perf_frame_u32(f, (uint32_t)(v >> 32));
}

/* Weak references, not definitions: a const the driver defined itself
 * could be folded to its value before the linker picks the SoC's. */
extern const uint32_t perf_clock_hz __attribute__((weak));
extern const uint8_t __perf_build_id[] __attribute__((weak));
extern const uint8_t __perf_build_id_end[] __attribute__((weak));

/* The note is namesz, descsz, type, "GNU\0", then the id (descsz bytes). */
#define NOTE_HEAD 16
#define BUILD_ID_MAX 64

static uint32_t build_id_bytes(void)
{
	if (!__perf_build_id || __perf_build_id_end - __perf_build_id < NOTE_HEAD)
		return 0;
	const uint32_t n = (uint32_t)__perf_build_id[4] | (uint32_t)__perf_build_id[5] << 8 |
	                   (uint32_t)__perf_build_id[6] << 16 | (uint32_t)__perf_build_id[7] << 24;
	return n <= BUILD_ID_MAX && n <= (uint32_t)(__perf_build_id_end - __perf_build_id - NOTE_HEAD) ? n : 0;
}

static void run_payload(struct perf_frame *f, const void *arg)
{
	(void)arg;
	const struct perf_frame_run_head h = {
		.clock_hz = &perf_clock_hz ? perf_clock_hz : 0,
		.n = build_id_bytes(),
	};
	const uint32_t align = PERF_FRAME_RUN_BUILD_ID_ALIGN;
	PERF_FRAME_PUT(f, PERF_FRAME_RUN_HEAD_FIELDS, &h);
	for (uint32_t i = 0; i < (h.n + align - 1) / align * align; i++)
		put_byte(f, i < h.n ? __perf_build_id[NOTE_HEAD + i] : 0);
}

/* The version of a type (perfscope_frames.h); PERF_FRAME_VERSION for a
 * type of the program's own. */
static uint32_t version_of(const char *type)
{
#define PERF_FRAME_TYPE_VERSION_(name, NAME) \
	if (!strcmp(type, #name))            \
		return PERF_FRAME_##NAME##_VERSION;
	PERF_FRAME_TYPES(PERF_FRAME_TYPE_VERSION_)
#undef PERF_FRAME_TYPE_VERSION_
	return PERF_FRAME_VERSION;
}

static int write_frame(const char *type, perf_frame_payload_fn payload, const void *arg, perf_put_fn put,
                       void *ctx);

int perf_frame_write(const char *type, perf_frame_payload_fn payload, const void *arg,
                     perf_put_fn put, void *ctx)
{
	static int run_written;
	if (!run_written) {
		run_written = 1;
		const int r = write_frame("run", run_payload, NULL, put, ctx);
		if (r)
			return r;
	}
	return write_frame(type, payload, arg, put, ctx);
}

static int write_frame(const char *type, perf_frame_payload_fn payload, const void *arg, perf_put_fn put,
                       void *ctx)
{
	struct perf_out o = { put ? put : perf_put_stdout, ctx, 0 };
	struct perf_frame f = { .crc = PERF_CRC32_INIT, .o = &o, .to_stdout = !put };
	const uint32_t version = version_of(type);

	perf_frame_u32(&f, version); /* u16 version, u16 zero */
	payload(&f, arg);
	perf_out_str(&o, "@PS ");
	perf_out_str(&o, type);
	perf_out_char(&o, ' ');
	perf_out_num(&o, f.bytes, 0, 0, 0);
	perf_out_char(&o, ' ');
	perf_out_hex(&o, ~f.crc);
	perf_out_char(&o, ' ');
	f.encoding = 1;
	perf_frame_u32(&f, version);
	payload(&f, arg);
	if (f.npending)
		b64_last(&f);
	flush_line(&f);
	perf_out_char(&o, '\n');
	return o.failed ? -PERF_EIO : 0;
}

struct snapshot_arg {
	const struct perf_snapshot *s;
	uint32_t clock_hz;
};

static void snapshot_payload(struct perf_frame *f, const void *arg)
{
	const struct snapshot_arg *a = arg;
	const struct perf_frame_sections_head h = {
		.clock_hz = a->clock_hz,
		.n = (uint32_t)a->s->num_sections,
		.run = a->s->run,
	};
	PERF_FRAME_PUT(f, PERF_FRAME_SECTIONS_HEAD_FIELDS, &h);
	for (uint32_t n = 0; n <= h.n; n++) { /* the global pair, then each section's */
		const struct perf_frame_sections_counter c = {
			.time = a->s->time[n],
			.occurrences = a->s->occurrences[n],
		};
		PERF_FRAME_PUT(f, PERF_FRAME_SECTIONS_COUNTER_FIELDS, &c);
	}
	PERF_FRAME_PUT(f, PERF_FRAME_SECTIONS_TAIL_FIELDS, a->s);
}

int perf_snapshot_frame(const struct perf_snapshot *s, uint32_t clock_hz, perf_put_fn put, void *ctx)
{
	if (!s || s->num_sections < 1 || s->num_sections > PERF_MAX_SECTIONS)
		return -PERF_EINVAL;
	const struct snapshot_arg a = { s, clock_hz };
	return perf_frame_write("sections", snapshot_payload, &a, put, ctx);
}
