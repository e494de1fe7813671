/* Framed dumps: one text line per dump, base64 payload with length and
 * CRC-32 (include/perfscope_frame.h, docs/dump-format.md). */
#include "perfscope_frame.h"

#include <stddef.h>

#include "perf_internal.h"

struct perf_frame {
	int encoding;        /* 0: measuring, 1: writing base64 */
	uint32_t bytes;
	uint32_t crc;        /* inverted CRC-32 so far */
	uint8_t pending[3];  /* bytes waiting for a full base64 group */
	int npending;
	struct perf_out *o;
};

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void b64_group(struct perf_frame *f, int n)
{
	const uint32_t v = (uint32_t)f->pending[0] << 16 | (uint32_t)(n > 1 ? f->pending[1] : 0) << 8 |
	                   (uint32_t)(n > 2 ? f->pending[2] : 0);
	for (int i = 0; i < 4; i++)
		perf_out_char(f->o, i <= n ? b64[(v >> (18 - 6 * i)) & 63u] : '=');
}

static void put_byte(struct perf_frame *f, uint8_t b)
{
	if (!f->encoding) {
		f->bytes++;
		f->crc ^= b;
		for (int k = 0; k < 8; k++)
			f->crc = (f->crc >> 1) ^ (0xedb88320u & (0u - (f->crc & 1u)));
		return;
	}
	f->pending[f->npending++] = b;
	if (f->npending == 3) {
		b64_group(f, 3);
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
	const uint32_t n = build_id_bytes();
	perf_frame_u32(f, &perf_clock_hz ? perf_clock_hz : 0);
	perf_frame_u32(f, n);
	for (uint32_t i = 0; i < (n + 3) / 4 * 4; i++)
		put_byte(f, i < n ? __perf_build_id[NOTE_HEAD + i] : 0);
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
	struct perf_frame f = { .crc = 0xffffffffu, .o = &o };

	perf_frame_u32(&f, PERF_FRAME_VERSION);  /* u16 version, u16 zero */
	payload(&f, arg);
	perf_out_str(&o, "@PS ");
	perf_out_str(&o, type);
	perf_out_char(&o, ' ');
	perf_out_num(&o, f.bytes, 0, 0, 0);
	perf_out_char(&o, ' ');
	perf_out_hex(&o, ~f.crc);
	perf_out_char(&o, ' ');
	f.encoding = 1;
	perf_frame_u32(&f, PERF_FRAME_VERSION);
	payload(&f, arg);
	if (f.npending)
		b64_group(&f, f.npending);
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
	perf_frame_u32(f, a->clock_hz);
	perf_frame_u32(f, (uint32_t)a->s->num_sections);
	perf_frame_u32(f, a->s->run);
	for (int n = 0; n <= a->s->num_sections; n++) {
		perf_frame_u64(f, a->s->time[n]);
		perf_frame_u32(f, a->s->occurrences[n]);
	}
	perf_frame_u32(f, a->s->overflow);
}

int perf_snapshot_frame(const struct perf_snapshot *s, uint32_t clock_hz, perf_put_fn put, void *ctx)
{
	if (!s || s->num_sections < 1 || s->num_sections > PERF_MAX_SECTIONS)
		return -PERF_EINVAL;
	const struct snapshot_arg a = { s, clock_hz };
	return perf_frame_write("sections", snapshot_payload, &a, put, ctx);
}
