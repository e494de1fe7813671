/*
 * Writes a console log with one events frame of CALLS calls and one
 * calltrace frame of CALLS records, then a sections and a hot frame of the
 * same program, for make bench: a program's worth of
 * call paths (a tree of 85 functions, each also calling a few shared
 * helpers, recursion included) walked at random for as long as it takes.
 * The frames are what the driver prints, so perfscope reads them as any
 * other; the payload is generated twice, once for its CRC (which the
 * header gives first) and once to write.
 *
 * usage: gen_dump CALLS > dump.log
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static uint32_t crc_table[256];

static void count(struct gen *g, uint32_t v)
{
	for (int i = 0; i < 4; i++) {
		g->crc = crc_table[(g->crc ^ (v >> (8 * i))) & 0xffu] ^ (g->crc >> 8);
		g->bytes++;
	}
}

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void flush_group(struct gen *g)
{
	const uint32_t v = (uint32_t)g->group[0] << 16 | (uint32_t)(g->ngroup > 1 ? g->group[1] : 0) << 8 |
	                   (g->ngroup > 2 ? g->group[2] : 0);
	for (int i = 0; i < 4; i++)
		putchar(i <= g->ngroup ? b64[(v >> (18 - 6 * i)) & 63] : '=');
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

static void record(struct gen *g, uint32_t fn, int enter)
{
	g->stamp += 5 + next(g) % 36;
	if (g->calltrace) { /* a log-mode record per call: fn, site, stamp, depth */
		if (enter) {
			g->put(g, fn);
			g->put(g, g->depth ? g->stack[g->depth - 1] + 0x20 : 0x800);
			g->put(g, g->stamp);
			g->put(g, (uint32_t)g->depth);
		}
	} else {
		g->put(g, enter ? fn : 0xffffffffu);
		g->put(g, g->stamp);
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
	g->put(g, 1); /* format version */
	g->put(g, g->calltrace ? 1 : (uint32_t)(2 * g->want)); /* log mode / events */
	if (g->calltrace) {
		g->put(g, (uint32_t)g->want); /* lines */
		g->put(g, (uint32_t)g->want); /* records */
		g->put(g, 0);
		g->put(g, 0);
		g->put(g, 0);
	} else {
		g->put(g, 0); /* lost */
	}
	while (g->calls < g->want)
		call(g, FN(0), 0);
}

/* Seven sections, as a run of the program would end. */
static void sections(struct gen *g)
{
	g->put(g, 2);
	g->put(g, 50000000);
	g->put(g, 7);
	g->put(g, 0);
	for (uint32_t n = 0; n <= 7; n++) {
		const uint64_t t = (uint64_t)g->want * 64 >> n;
		g->put(g, (uint32_t)t);
		g->put(g, (uint32_t)(t >> 32));
		g->put(g, n ? (uint32_t)(g->want >> n) : 1);
	}
	g->put(g, 0); /* OVF */
}

/* A -pg hot-address table: every function's entry, hits falling off. */
static void hot(struct gen *g)
{
	const uint32_t n = TREE + HELPERS;
	uint32_t total = 0;
	for (uint32_t i = 0; i < n; i++)
		total += 1000000u / (i + 1);
	g->put(g, 2);
	g->put(g, total);
	g->put(g, 0);
	g->put(g, 4);
	g->put(g, 0);
	g->put(g, total);
	g->put(g, n);
	for (uint32_t i = 0; i < n; i++) {
		g->put(g, FN(i) + 4);
		g->put(g, 1000000u / (i + 1));
	}
}

static void frame(struct gen *g, const char *type, void (*body)(struct gen *g))
{
	g->put = count;
	g->crc = 0xffffffffu;
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
	for (uint32_t i = 0; i < 256; i++) {
		uint32_t c = i;
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
		crc_table[i] = c;
	}
	puts("bench: a generated dump");
	frame(&g, "events", payload);
	puts("between the frames");
	g.calltrace = 1;
	frame(&g, "calltrace", payload);
	frame(&g, "sections", sections);
	frame(&g, "hot", hot);
	return 0;
}
