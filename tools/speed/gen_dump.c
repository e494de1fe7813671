/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Writes a console log with one events frame of CALLS calls and one
 * calltrace frame of CALLS records, then a sections and a hot frame of the
 * same program, for make bench: a program's worth of
 * call paths (a tree of 85 functions, each also calling a few shared
 * helpers, recursion included) walked at random for as long as it takes.
 * The frames are what the driver prints, so perfscope reads them as any
 * other: the layouts of perfscope_frames.h, the driver's CRC-32 and base64
 * (driver/common/); the payload is generated twice, once for its CRC
 * (which the header gives first) and once to write.
 *
 * usage: gen_dump CALLS > dump.log
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perf_base64.h"
#include "perf_crc32.h"
#include "perfscope_frames.h"

#define TREE 85    /* a 4-ary tree, 4 levels: node i calls 4i+1 .. 4i+4 */
#define HELPERS 8  /* called from anywhere, helper 0 recursively too */
#define FN(i) (0x1000u + 0x40u * (uint32_t)(i))
#define MAX_DEPTH 24

struct gen {
	uint64_t rng, calls, want;
	uint32_t stamp;
	int calltrace;      /* writing the calltrace frame's records */
	uint32_t stack[MAX_DEPTH];
	int depth;
	void (*put)(struct gen *g, uint32_t v);
	uint32_t crc;
	uint64_t bytes;
	unsigned char group[3];
	int ngroup;
};

static uint32_t next(struct gen *g) /* xorshift64* */
{
	g->rng ^= g->rng >> 12;
	g->rng ^= g->rng << 25;
	g->rng ^= g->rng >> 27;
	return (uint32_t)((g->rng * 2685821657736338717ull) >> 32);
}

static struct perf_crc32_tables crc_tables;

static void count(struct gen *g, uint32_t v)
{
	const uint8_t le[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16),
		                (uint8_t)(v >> 24) };
	g->crc = perf_crc32_block(&crc_tables, g->crc, le, 4);
	g->bytes += 4;
}

static void flush_group(struct gen *g)
{
	char text[4];
	perf_base64_group(g->group, g->ngroup, text);
	fwrite(text, 1, 4, stdout);
	g->ngroup = 0;
}

static void encode(struct gen *g, uint32_t v)
{
	for (int i = 0; i < 4; i++) {
		g->group[g->ngroup++] = (unsigned char)(v >> (8 * i));
		if (g->ngroup == 3)
			flush_group(g);
	}
}

/* A record of perfscope_frames.h, field by field in its order, as the
 * driver's PERF_FRAME_PUT writes it. */
#define PUT_FIELD_(type, member, g, r) put_##type(g, (r)->member);
#define PUT(g, FIELDS, r)                    \
	do {                                 \
		FIELDS(PUT_FIELD_, (g), (r)) \
	} while (0)

static void put_u32(struct gen *g, uint32_t v)
{
	g->put(g, v);
}

static void put_u64(struct gen *g, uint64_t v)
{
	g->put(g, (uint32_t)v);
	g->put(g, (uint32_t)(v >> 32));
}

static void record(struct gen *g, uint32_t fn, int enter)
{
	g->stamp += 5 + next(g) % 36;
	if (g->calltrace) { /* a log-mode record per call */
		if (enter) {
			const struct perf_frame_calltrace_record r = {
				.fn = fn,
				.site = g->depth ? g->stack[g->depth - 1] + 0x20 : 0x800,
				.stamp = g->stamp,
				.depth = (uint32_t)g->depth,
			};
			PUT(g, PERF_FRAME_CALLTRACE_RECORD_FIELDS, &r);
		}
	} else {
		const struct perf_frame_events_event e = {
			.fn = enter ? fn : PERF_FRAME_EVENTS_EXIT,
			.stamp = g->stamp,
		};
		PUT(g, PERF_FRAME_EVENTS_EVENT_FIELDS, &e);
	}
}

/* One call of fn and, at random, of what it calls. */
static void call(struct gen *g, uint32_t fn, int node)
{
	record(g, fn, 1);
	g->calls++;
	g->stack[g->depth++] = fn;
	if (node >= 0) { /* a tree function calls its children and helpers */
		while (g->calls < g->want && next(g) % 8 < 5) {
			const uint32_t r = next(g);
			const int child = 4 * node + 1 + (int)(r >> 8) % 4;
			if (child < TREE && r % 4 < 3)
				call(g, FN(child), child);
			else
				call(g, FN(TREE + (int)(r >> 8) % HELPERS), -1);
		}
	} else if (fn == FN(TREE) && g->calls < g->want && g->depth < MAX_DEPTH && next(g) % 2) {
		call(g, fn, -1); /* helper 0 recurses; the others are leaves */
	}
	g->depth--;
	record(g, fn, 0);
}

static void payload(struct gen *g)
{
	g->rng = 88172645463325252ull;
	g->calls = 0;
	g->stamp = 1000;
	if (g->calltrace) {
		const struct perf_frame_calltrace_head h = {
			.mode = PERF_FRAME_CALLTRACE_LOG,
			.lines = (uint32_t)g->want,
			.count = (uint32_t)g->want,
		};
		g->put(g, PERF_FRAME_CALLTRACE_VERSION);
		PUT(g, PERF_FRAME_CALLTRACE_HEAD_FIELDS, &h);
	} else {
		const struct perf_frame_events_head h = { .n = (uint32_t)(2 * g->want) };
		g->put(g, PERF_FRAME_EVENTS_VERSION);
		PUT(g, PERF_FRAME_EVENTS_HEAD_FIELDS, &h);
	}
	while (g->calls < g->want)
		call(g, FN(0), 0);
}

/* Seven sections, as a run of the program would end. */
static void sections(struct gen *g)
{
	const struct perf_frame_sections_head h = {
		.clock_hz = 50000000,
		.n = 7,
	};
	const struct perf_frame_sections_tail tail = { .overflow = 0 };
	g->put(g, PERF_FRAME_SECTIONS_VERSION);
	PUT(g, PERF_FRAME_SECTIONS_HEAD_FIELDS, &h);
	for (uint32_t n = 0; n <= h.n; n++) { /* the global pair, then each section's */
		const struct perf_frame_sections_counter c = {
			.time = (uint64_t)g->want * 64 >> n,
			.occurrences = n ? (uint32_t)(g->want >> n) : 1
		};
		PUT(g, PERF_FRAME_SECTIONS_COUNTER_FIELDS, &c);
	}
	PUT(g, PERF_FRAME_SECTIONS_TAIL_FIELDS, &tail);
}

/* A -pg hot-address table: every function's entry, hits falling off. */
static void hot(struct gen *g)
{
	struct perf_frame_hot_head h = {
		.granule = 4,
		.used = TREE + HELPERS,
	};
	for (uint32_t i = 0; i < h.used; i++)
		h.total += 1000000u / (i + 1);
	h.calls = h.total;
	g->put(g, PERF_FRAME_HOT_VERSION);
	PUT(g, PERF_FRAME_HOT_HEAD_FIELDS, &h);
	for (uint32_t i = 0; i < h.used; i++) {
		const struct perf_frame_hot_entry e = {
			.addr = FN(i) + 4,
			.hits = 1000000u / (i + 1),
		};
		PUT(g, PERF_FRAME_HOT_ENTRY_FIELDS, &e);
	}
}

static void frame(struct gen *g, const char *type, void (*body)(struct gen *g))
{
	g->put = count;
	g->crc = PERF_CRC32_INIT;
	g->bytes = 0;
	body(g);
	printf("@PS %s %" PRIu64 " 0x%08x ", type, g->bytes, ~g->crc);
	g->put = encode;
	body(g);
	if (g->ngroup)
		flush_group(g);
	putchar('\n');
}

int main(int argc, char **argv)
{
	struct gen g = { 0 };
	if (argc != 2 || (g.want = strtoull(argv[1], NULL, 10)) == 0 || g.want > 200000000) {
		fputs("usage: gen_dump CALLS (1 to 200000000) > dump.log\n", stderr);
		return 2;
	}
	perf_crc32_tables_init(&crc_tables);
	puts("bench: a generated dump");
	frame(&g, "events", payload);
	puts("between the frames");
	g.calltrace = 1;
	frame(&g, "calltrace", payload);
	frame(&g, "sections", sections);
	frame(&g, "hot", hot);
	return 0;
}
