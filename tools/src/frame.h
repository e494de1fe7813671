/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Frames (docs/dump-format.md): "@PS <type> <bytes> 0x<crc32> <base64>" lines
 * among other console text, or the same header ending in a newline and
 * followed by <bytes> raw payload bytes (the raw form, docs/host-tool.md).
 *
 * frame_next finds the next frame; the reader then takes the payload field
 * by field, straight from the input, so a frame of any size streams. Every
 * problem is reported with the log line, the payload byte and the file byte
 * where it is; once a frame has failed, reads return -1 and frame_end skips
 * what is left of it.
 */
#ifndef FRAME_H
#define FRAME_H

#include <stdint.h>

#include "diag.h"
#include "input.h"
#include "perfscope_frames.h"

/* FRAME_SECTIONS, FRAME_CALLTRACE, ...: the types of perfscope_frames.h. */
enum frame_kind {
#define FRAME_KIND_(name, NAME) FRAME_##NAME,
	PERF_FRAME_TYPES(FRAME_KIND_)
#undef FRAME_KIND_
	        FRAME_KINDS
};

/* The <type> names, indexed by enum frame_kind. */
extern const char *const frame_type_name[FRAME_KINDS];

/* The payload format versions this perfscope reads, each type's own:
 * frame_oldest[k] to frame_version[k]; FRAME_VERSION is the newest of any. */
extern const unsigned frame_version[FRAME_KINDS], frame_oldest[FRAME_KINDS];
#define FRAME_VERSION PERF_FRAME_NEWEST_VERSION

enum { FRAME_DAMAGED = 1, FRAME_BROKEN = 2 };

struct frame {
	struct input *in;
	enum frame_kind kind;
	int index;               /* 1 for the first frame of its kind in the input */
	unsigned version;        /* the payload's format version, once read */
	long line;               /* log line of the header */
	uint64_t payload_start;  /* file offset of the payload's first character */
	int raw;                 /* payload bytes follow the header line as they are */
	uint32_t bytes;          /* payload length the header gives */
	uint32_t crc_claimed;
	uint32_t pos;            /* payload bytes read */
	uint32_t crc;            /* CRC-32 of those, inverted as it runs */
	uint8_t quantum[3 * 64]; /* base64 groups decoded ahead (up to 64 at a time) */
	int qlen, qpos;
	int failed;              /* 0, FRAME_DAMAGED or FRAME_BROKEN (frame.c) */
	int line_done;           /* the line's end (or the file's) was consumed */
	int stream;              /* not a frame: a trace stream (stream.c), as one events frame */
};

/* Finds the next frame header and returns 1, or returns 0 at the end of the
 * input. At a line's start, malformed headers are errors, unknown types
 * warnings (counted in *unknown); both are skipped. After other text on
 * its line, a known frame is read with a warning, and anything else after
 * an "@PS " is that text's, said nowhere. */
int frame_next(struct input *in, struct frame *f, unsigned *unknown);

/* Little-endian fields of the payload; 0, or -1 once the frame has failed. */
int frame_u32(struct frame *f, uint32_t *v);
int frame_u64(struct frame *f, uint64_t *v);

/* Payload bytes not read yet. */
static inline uint32_t frame_left(const struct frame *f)
{
	return f->bytes - f->pos;
}

/* Reports an error at the current payload byte, or at payload byte `at`,
 * and fails the frame. */
void frame_fail(struct frame *f, const char *fmt, ...) PRINTF_LIKE(2, 3);
void frame_fail_at(struct frame *f, uint32_t at, const char *fmt, ...) PRINTF_LIKE(3, 4);

/* After the last field: checks that the payload ends with its line and that
 * its CRC matches, then moves past the frame. Returns 1 if the frame is
 * sound. */
int frame_end(struct frame *f);

/* Moves past a frame without reading it. */
void frame_skip(struct frame *f);

#endif
