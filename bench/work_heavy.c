/* SPDX-License-Identifier: Apache-2.0 */
/* The call-heavy workload of the hook benchmark, in the manner of CoreMark:
 * a linked list searched, reversed and merge-sorted through a comparison
 * function, a state machine that scans numbers out of text, small matrix
 * kernels and a CRC-16 over short buffers. Each step is a small function
 * that is not inlined, so about one instrumented call comes every few dozen
 * cycles (bench.sh prints the density measured). Built with the flags of
 * each hook mode, as hooks.c is. */
#include <stdint.h>

#include "work.h"

#define NODES 24
#define MN    5

struct node {
	struct node *next;
	int16_t key, val;
};

static struct node pool[NODES];
static int16_t ma[MN * MN], mb[MN * MN];
static int32_t mc[MN * MN];
static uint8_t packet[8];
static volatile uint32_t heavy_sink;

static const char text[] = "5012,-3.25e2 88x 0.5,7e1,-42,3.,9e, 120 -0.01";

/* ---- list ---------------------------------------------------------------- */

__attribute__((noinline)) static int cmp_key(const struct node *a, const struct node *b)
{
	return a->key - b->key;
}

__attribute__((noinline)) static int cmp_val(const struct node *a, const struct node *b)
{
	return (a->val & 0xff) - (b->val & 0xff);
}

__attribute__((noinline)) static struct node *list_find(struct node *l, int16_t key)
{
	while (l && l->key != key)
		l = l->next;
	return l;
}

__attribute__((noinline)) static struct node *list_reverse(struct node *l)
{
	struct node *r = 0;
	while (l) {
		struct node *n = l->next;
		l->next = r;
		r = l;
		l = n;
	}
	return r;
}

typedef int (*cmp_fn)(const struct node *, const struct node *);

/* Bottom-up merge sort: one comparison call per element merged. */
__attribute__((noinline)) static struct node *list_sort(struct node *l, cmp_fn cmp)
{
	for (unsigned run = 1;; run *= 2) {
		struct node *p = l, *tail = 0;
		unsigned merges = 0;
		l = 0;
		while (p) {
			merges++;
			struct node *q = p;
			unsigned ps = 0, qs = run;
			while (ps < run && q) {
				ps++;
				q = q->next;
			}
			while (ps || (qs && q)) {
				struct node *e;
				if (!ps) {
					e = q, q = q->next, qs--;
				} else if (!qs || !q || cmp(p, q) <= 0) {
					e = p, p = p->next, ps--;
				} else {
					e = q, q = q->next, qs--;
				}
				if (tail)
					tail->next = e;
				else
					l = e;
				tail = e;
			}
			p = q;
		}
		tail->next = 0;
		if (merges <= 1)
			return l;
	}
}

__attribute__((noinline)) static void list_round(unsigned seed)
{
	for (unsigned i = 0; i < NODES; i++) {
		pool[i].next = i + 1 < NODES ? &pool[i + 1] : 0;
		pool[i].key = (int16_t)((i * 7 + seed) % NODES);
		pool[i].val = (int16_t)(i * 37 + seed);
	}
	struct node *l = pool;
	uint32_t found = 0;
	for (int16_t k = 0; k < 4; k++)
		found += list_find(l, (int16_t)(k * 5)) != 0;
	l = list_sort(l, cmp_val);
	l = list_reverse(l);
	l = list_sort(l, cmp_key);
	heavy_sink = found + (uint32_t)l->val;
}

/* ---- state machine ---------------------------------------------------- */

enum { S_START, S_INT, S_FRAC, S_EXP, S_SEXP, S_INVALID };

__attribute__((noinline)) static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

__attribute__((noinline)) static int next_state(int s, char c)
{
	switch (s) {
	case S_START:
		return is_digit(c) ? S_INT : c == '-' || c == '.' ? S_FRAC : S_INVALID;
	case S_INT:
		return is_digit(c) ? S_INT : c == '.' ? S_FRAC : c == 'e' ? S_EXP : S_INVALID;
	case S_FRAC:
		return is_digit(c) ? S_FRAC : c == 'e' ? S_EXP : S_INVALID;
	case S_EXP:
		return c == '-' || is_digit(c) ? S_SEXP : S_INVALID;
	case S_SEXP:
		return is_digit(c) ? S_SEXP : S_INVALID;
	default:
		return S_INVALID;
	}
}

__attribute__((noinline)) static void state_round(unsigned seed)
{
	uint32_t count[S_INVALID + 1] = { 0 };
	int s = S_START;
	for (const char *p = text + seed % 4; *p; p++) {
		if (*p == ',' || *p == ' ') {
			count[s]++;
			s = S_START;
		} else {
			s = next_state(s, *p);
		}
	}
	heavy_sink = count[S_INT] + count[S_FRAC] * 3 + count[S_SEXP] * 5 + count[S_INVALID] * 7;
}

/* ---- matrix ------------------------------------------------------------ */

__attribute__((noinline)) static int32_t dot(const int16_t *row, const int16_t *col)
{
	int32_t s = 0;
	for (unsigned k = 0; k < MN; k++)
		s += row[k] * col[k * MN];
	return s;
}

__attribute__((noinline)) static int32_t clip(int32_t v)
{
	return v > 0x7fff ? 0x7fff : v < -0x8000 ? -0x8000 : v;
}

__attribute__((noinline)) static void mat_add_const(int16_t *m, int16_t c)
{
	for (unsigned i = 0; i < MN * MN; i++)
		m[i] = (int16_t)(m[i] + c);
}

__attribute__((noinline)) static void mat_mul(void)
{
	for (unsigned i = 0; i < MN; i++)
		for (unsigned j = 0; j < MN; j++)
			mc[i * MN + j] = clip(dot(ma + i * MN, mb + j));
}

__attribute__((noinline)) static void matrix_round(unsigned seed)
{
	for (unsigned i = 0; i < MN * MN; i++) {
		ma[i] = (int16_t)((i * 13 + seed) & 0x3f);
		mb[i] = (int16_t)((i * 29 + seed * 3) & 0x3f);
	}
	mat_add_const(ma, (int16_t)seed);
	mat_mul();
	int32_t s = 0;
	for (unsigned i = 0; i < MN * MN; i++)
		s += mc[i];
	heavy_sink = (uint32_t)s;
}

/* ---- CRC-16 over short buffers, a call per byte as in CoreMark ----------- */

__attribute__((noinline)) static uint16_t crcu8(uint8_t data, uint16_t crc)
{
	for (unsigned i = 0; i < 8; i++) {
		const unsigned x = (data ^ crc) & 1u;
		data >>= 1;
		crc = (uint16_t)(x ? ((crc ^ 0x4002u) >> 1) | 0x8000u : crc >> 1);
	}
	return crc;
}

__attribute__((noinline)) static uint16_t crc16(const uint8_t *p, unsigned n, uint16_t crc)
{
	while (n--)
		crc = crcu8(*p++, crc);
	return crc;
}

__attribute__((noinline)) static void crc_round(unsigned seed)
{
	uint16_t crc = 0;
	for (unsigned b = 0; b < 4; b++) {
		for (unsigned i = 0; i < sizeof packet; i++)
			packet[i] = (uint8_t)(seed * 31 + b * 7 + i);
		crc = crc16(packet, sizeof packet, crc);
	}
	heavy_sink = crc;
}

/* One round of each kernel. */
void heavy_round(unsigned i)
{
	list_round(i);
	state_round(i);
	matrix_round(i);
	crc_round(i);
}
