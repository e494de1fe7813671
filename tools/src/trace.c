/*
 * perfscope trace: call-trace frames in the layout of the NITRO-SDK's
 * OS_DumpCallTrace, with names where the target prints addresses:
 *
 *   calltrace 1 (app.log:20): stack mode, 3 of 32 lines, 3 calls open
 *       test3: lr=0x00001674 <test2+0x18>, t=3027
 *     test2: lr=0x000016d8 <test1+0x38>, t=2917
 *   test1: lr=0x00001a78 <main+0x4c>, t=2789
 *
 * Newest call first, indented two spaces per level. A trace that keeps
 * the argument registers (PERF_CALLTRACE_ARGS) has them after t, as NITRO
 * prints r0-r3 after lr: ", a0=0x00000100, a1=..., a2=..., a3=...".
 *
 * --chrono turns each frame round, oldest call first (it keeps the frame's
 * records to do so); --function and --from/--to leave out the records of
 * other functions and of stamps outside the window.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "session.h"
#include "util.h"

#define MAX_INDENT 32 /* levels, as the target's dump */

struct trace {
	FILE *f;
	struct symtab *st;
	const struct options *o;
	int printed;
	struct calltrace_head head; /* of the frame being listed */
	struct calltrace_rec *kept; /* --chrono: the frame's records, newest first */
	size_t n, cap;
};

static void begin(void *ctx, const struct frame *fr, const struct calltrace_head *h)
{
	struct trace *t = ctx;
	if (t->printed++)
		fputc('\n', t->f);
	fprintf(t->f, "calltrace %d (%s:%ld): %s mode, %u of %u lines, %u calls open%s\n", fr->index,
	        fr->in->name, fr->line, h->mode == CALLTRACE_LOG ? "log" : "stack", h->count, h->lines,
	        h->open, t->o->chrono ? ", oldest first" : "");
	t->head = *h;
}

static void print(struct trace *t, const struct calltrace_rec *r)
{
	char hex[12], site[160];
	symtab_where(t->st, r->site, site, sizeof site);
	const int indent = 2 * (int)(r->depth < MAX_INDENT ? r->depth : MAX_INDENT);
	fprintf(t->f, "%*s%s: lr=0x%08x <%s>, t=%u", indent, "", symtab_fn_name(t->st, r->fn, hex),
	        r->site, site, r->stamp);
	if (t->head.args)
		fprintf(t->f, ", a0=0x%08x, a1=0x%08x, a2=0x%08x, a3=0x%08x", r->a[0], r->a[1], r->a[2],
		        r->a[3]);
	fputc('\n', t->f);
}

static int shown(const struct trace *t, const struct calltrace_rec *r)
{
	char hex[12];
	if (r->stamp < t->o->from || r->stamp > t->o->to)
		return 0;
	return !t->o->function || !strcmp(symtab_fn_name(t->st, r->fn, hex), t->o->function);
}

static void record(void *ctx, const struct frame *fr, const struct calltrace_rec *r)
{
	struct trace *t = ctx;
	symtab_check_function(t->st, r->fn, fr->in->name, fr->line);
	if (!shown(t, r))
		return;
	if (!t->o->chrono) {
		print(t, r);
		return;
	}
	grow(&t->kept, &t->cap, t->n + 1, sizeof *t->kept);
	t->kept[t->n++] = *r;
}

/* As the target's dump, the calls the buffer missed come last. */
static void end(void *ctx, const struct frame *fr, int sound)
{
	struct trace *t = ctx;
	(void)fr;
	(void)sound;
	while (t->n)
		print(t, &t->kept[--t->n]);
	if (t->head.overflows || t->head.underflows)
		fprintf(t->f, "%u calls not recorded (buffer full), %u exits without a call\n",
		        t->head.overflows, t->head.underflows);
}

void run_trace(struct session *s)
{
	struct trace t = { .f = s->f, .st = s->st[0], .o = s->o };
	const struct dump_handler h = { .ctx = &t, .calltrace_begin = begin, .calltrace_record = record,
	                                .calltrace_end = end };
	session_decode(s, 0, &h, 1u << FRAME_CALLTRACE);
	free(t.kept);
}
