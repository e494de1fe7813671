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

int perf_frame_write(const char *type, perf_frame_payload_fn payload, const void *arg,
                     perf_put_fn put, void *ctx)
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
