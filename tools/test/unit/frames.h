/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Frames for the tests, written by the driver's own frame writer
 * (driver/perf_frame.c: perf_frame_write, perf_frame_u32/u64) into memory:
 * the tests build payloads field by field as docs/dump-format.md lays them
 * out, never encode a frame themselves. Damaged frames are good ones with
 * their text changed afterwards.
 */
#ifndef UNIT_FRAMES_H
#define UNIT_FRAMES_H

#include <stddef.h>
#include <stdint.h>

/* A payload after the version word, which the writer puts first. */
struct payload {
	size_t n, cap;
	uint64_t *v;
	unsigned char *wide; /* 1: a u64 */
};

void pl_u32(struct payload *p, uint32_t v);
void pl_u64(struct payload *p, uint64_t v);
void pl_free(struct payload *p);

/* Growing text: a dump being put together. */
struct text {
	char *s;
	size_t len, cap;
};

void text_add(struct text *t, const char *s);
void text_free(struct text *t);

/* Appends one frame line of type with p's fields (p NULL: none), in the
 * writer's format version (PERF_FRAME_VERSION), or in another one: the
 * same writer built with version 1 or 3 (writer_v.c). */
void frame_add(struct text *t, const char *type, const struct payload *p);
void frame_add_version(struct text *t, unsigned version, const char *type, const struct payload *p);

/* The run frame the driver wrote before its first frame: its clock is
 * this program's perf_clock_hz (UNIT_CLOCK_HZ), no build id. */
#define UNIT_CLOCK_HZ 25000000u
extern const char *driver_run_frame;

/* Frame builders for the common types. An event's fn: an address, or EXIT,
 * SUSPEND, RESUME. */
#define EXIT 0xffffffffu
#define SUSPEND 0xfffffffeu
#define RESUME 0xfffffffdu
struct event {
	uint32_t fn, stamp;
};
void events_add(struct text *t, const struct event *ev, size_t n, uint32_t lost);

/* The fields of a header line "@PS type bytes 0xcrc payload": pointers into
 * the line and lengths, to change one. */
struct header {
	char *bytes, *crc, *payload;
	size_t bytes_len, payload_len;
};
int header_of(char *line, struct header *h);

#endif
