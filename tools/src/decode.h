/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The payload of each frame type (docs/dump-format.md), decoded into records
 * and handed to the callbacks a command sets; frames of types it leaves NULL
 * are skipped unread. Call traces stream record by record, with a last call
 * saying whether the frame turned out sound (CRC and length); events stream
 * into a call graph (callgraph.h), their only use; the small tables
 * (sections, funcstat, profile, hot, hist) are handed over whole, and only from
 * sound frames. The structs hold the fields of perfscope_frames.h under
 * their names there, which decode.c reads them by.
 */
#ifndef DECODE_H
#define DECODE_H

#include <stdint.h>

#include "frame.h"
#include "perf_hist_range.h"
#include "perfscope_regs.h"

struct sections {
	uint32_t clock_hz; /* 0: unknown */
	uint32_t n;        /* sections, besides the global counter */
	uint32_t run;
	uint64_t time[PERF_MAX_SECTIONS + 1]; /* [0]: global time */
	uint32_t occurrences[PERF_MAX_SECTIONS + 1];
	uint32_t overflow; /* OVF: bit n, section n wrapped (0 in older frames) */
};

struct calltrace_head {
	uint32_t mode, lines, count, open, overflows, underflows;
	int args; /* the records carry a0-a3 (PERF_FRAME_CALLTRACE_ARGS in the mode word) */
};

struct calltrace_rec {
	uint32_t fn, site, stamp, depth;
	uint32_t a[4]; /* with args; else 0 */
};

/* A funcstat or profile frame's head; the fields of the other type are 0. */
struct funcstat_head {
	int profile;
	uint32_t id, flags;              /* profile */
	uint32_t max_depth, open;
	uint32_t lost, dropped;          /* funcstat */
	uint32_t warn_low, warn_high;    /* profile */
	uint64_t counted, outside;       /* profile */
	uint32_t n;
};

struct funcstat_row {
	uint32_t fn, calls, outer, total_min, total_max, self_min, self_max;
	uint64_t total, self;
};

struct hot_head {
	uint32_t calls, ignored, granule, decay, total, used;
};

struct hot_entry {
	uint32_t addr, hits;
};

/* A hist frame's head: n words follow, n - 1 buckets of 4 << shift bytes
 * from base, then OUTSIDE. */
struct hist_head {
	uint32_t base, shift, k, status, n;
};
#define HIST_MAX_WORDS 4096u /* HIST_INDEX is 12 bits (regs/perfscope.toml) */
#define HIST_MAX_SHIFT (PERF_HIST_CFG_SHIFT_MASK >> PERF_HIST_CFG_SHIFT_SHIFT)
#define HIST_MAX_K (PERF_HIST_CFG_K_MASK >> PERF_HIST_CFG_K_SHIFT)

/* The bytes of one bucket, and the address after the last. */
static inline uint32_t hist_bucket_bytes(const struct hist_head *h)
{
	return 4u << h->shift;
}
static inline uint64_t hist_end(const struct hist_head *h)
{
	return perf_hist_end(h->base, h->n, h->shift);
}

struct callgraph;
struct symtab;

/* Callbacks may be NULL but for the record (or table) of a wanted type.
 * Every command reads the run frame: its clock and build id go to the
 * input (input.h), and the build id is checked against st's, if set. */
struct dump_handler {
	void *ctx;
	const struct symtab *st;
	void (*sections)(void *ctx, const struct frame *f, const struct sections *s);
	void (*calltrace_begin)(void *ctx, const struct frame *f, const struct calltrace_head *h);
	void (*calltrace_record)(void *ctx, const struct frame *f, const struct calltrace_rec *r);
	void (*calltrace_end)(void *ctx, const struct frame *f, int sound);
	struct callgraph *events;
	void (*funcstat)(void *ctx, const struct frame *f, const struct funcstat_head *h,
	                 const struct funcstat_row *rows);
	void (*hot)(void *ctx, const struct frame *f, const struct hot_head *h,
	            const struct hot_entry *entries);
	/* words[0 .. n - 2] the buckets, words[n - 1] OUTSIDE. */
	void (*hist)(void *ctx, const struct frame *f, const struct hist_head *h,
	             const uint32_t *words);
	/* A trace stream (stream.c) feeds its calls to `events`, or else to
	 * `stream` (a command that reads no events frames: trace), and also: */
	struct callgraph *stream;
	/* A section's span, from its BEGIN to its END (or, open, to the
	 * stream's last record). */
	void (*section)(void *ctx, const struct frame *f, uint32_t n, uint64_t start, uint64_t end,
	                int open);
	/* The calls open after the last record at or before stack_at. */
	void (*stack)(void *ctx, const struct frame *f, const struct callgraph *g);
	uint64_t stack_at;
};

/* Reads every frame of the input; seen[k] counts the frames of kind k found,
 * handled or not, and seen[FRAME_KINDS] those of unknown types. */
void decode_dump(struct input *in, const struct dump_handler *h, unsigned seen[FRAME_KINDS + 1]);

#endif
