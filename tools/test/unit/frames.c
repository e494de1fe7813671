/* SPDX-License-Identifier: Apache-2.0 */
#include "frames.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perfscope_frame.h"

/* The run frame needs a clock: a SoC's runtime defines it. */
const uint32_t perf_clock_hz = UNIT_CLOCK_HZ;

/* writer_v.c: the writer again, with another format version. */
int perf_frame_write_v1(const char *type, perf_frame_payload_fn payload, const void *arg,
                        perf_put_fn put, void *ctx);
int perf_frame_write_v3(const char *type, perf_frame_payload_fn payload, const void *arg,
                        perf_put_fn put, void *ctx);

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p) {
		fputs("unit: out of memory\n", stderr);
		exit(2);
	}
	return p;
}

static void pl_add(struct payload *p, uint64_t v, int wide)
{
	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 64;
		p->v = xrealloc(p->v, p->cap * sizeof *p->v);
		p->wide = xrealloc(p->wide, p->cap);
	}
	p->v[p->n] = v;
	p->wide[p->n++] = (unsigned char)wide;
}

void pl_u32(struct payload *p, uint32_t v)
{
	pl_add(p, v, 0);
}
void pl_u64(struct payload *p, uint64_t v)
{
	pl_add(p, v, 1);
}

void pl_free(struct payload *p)
{
	free(p->v);
	free(p->wide);
	*p = (struct payload){ 0 };
}

static void text_putc(struct text *t, char c)
{
	if (t->len + 2 > t->cap) {
		t->cap = t->cap ? 2 * t->cap : 256;
		t->s = xrealloc(t->s, t->cap);
	}
	t->s[t->len++] = c;
	t->s[t->len] = 0;
}

void text_add(struct text *t, const char *s)
{
	while (*s)
		text_putc(t, *s++);
}

void text_free(struct text *t)
{
	free(t->s);
	*t = (struct text){ 0 };
}

static int put_text(int c, void *ctx)
{
	text_putc(ctx, (char)c);
	return c;
}

static void payload_fields(struct perf_frame *f, const void *arg)
{
	const struct payload *p = arg;
	for (size_t i = 0; p && i < p->n; i++) {
		if (p->wide[i])
			perf_frame_u64(f, p->v[i]);
		else
			perf_frame_u32(f, (uint32_t)p->v[i]);
	}
}

const char *driver_run_frame;

typedef int (*writer_fn)(const char *, perf_frame_payload_fn, const void *, perf_put_fn, void *);

/* Each writer writes a run frame before its first frame: taken here once. */
static void first_call(writer_fn w, struct text *run)
{
	struct text t = { 0 };
	if (w("sections", payload_fields, NULL, put_text, &t) || !t.s ||
	    strncmp(t.s, "@PS run ", 8)) {
		fprintf(stderr, "unit: the driver's writer did not start with a run frame: %s\n",
		        t.s ? t.s : "");
		exit(2);
	}
	if (run)
		for (const char *c = t.s; *c; c++) {
			text_putc(run, *c);
			if (*c == '\n')
				break;
		}
	text_free(&t);
}

static writer_fn writer(unsigned version)
{
	static int started[4];
	static struct text run;
	writer_fn w = version == 1   ? perf_frame_write_v1
	              : version == 3 ? perf_frame_write_v3
	                             : perf_frame_write;
	if (version != 1 && version != 3 && version != PERF_FRAME_VERSION) {
		fprintf(stderr, "unit: no writer of format version %u\n", version);
		exit(2);
	}
	if (!started[version]) {
		started[version] = 1;
		first_call(w, version == PERF_FRAME_VERSION ? &run : NULL);
		if (version == PERF_FRAME_VERSION)
			driver_run_frame = run.s;
	}
	return w;
}

void frame_add_version(struct text *t, unsigned version, const char *type, const struct payload *p)
{
	if (writer(version)(type, payload_fields, p, put_text, t)) {
		fputs("unit: the frame writer failed\n", stderr);
		exit(2);
	}
}

void frame_add(struct text *t, const char *type, const struct payload *p)
{
	frame_add_version(t, PERF_FRAME_VERSION, type, p);
}

void events_add(struct text *t, const struct event *ev, size_t n, uint32_t lost)
{
	struct payload p = { 0 };
	pl_u32(&p, (uint32_t)n);
	pl_u32(&p, lost);
	for (size_t i = 0; i < n; i++) {
		pl_u32(&p, ev[i].fn);
		pl_u32(&p, ev[i].stamp);
	}
	frame_add(t, "events", &p);
	pl_free(&p);
}

int header_of(char *line, struct header *h)
{
	char *s = strchr(line + 4, ' ');
	if (strncmp(line, "@PS ", 4) || !s)
		return -1;
	h->bytes = s + 1;
	h->bytes_len = strcspn(h->bytes, " ");
	h->crc = h->bytes + h->bytes_len + 1;
	h->payload = h->crc + 11;
	h->payload_len = strcspn(h->payload, "\n");
	return 0;
}
