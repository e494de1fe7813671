/* SPDX-License-Identifier: Apache-2.0 */
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
 *
 * From a trace stream, which has no frames, the view is NITRO's stack mode
 * rebuilt: the calls open at the stream's end, or after its last record at
 * or before --to, from the reader's own stack (an interrupt as "irq
 * <data>"), with their entry's cycle; the stream has no return addresses:
 *
 *   trace stream (trace.bin): the stack at cycle 5000 (--to), 3 calls open
 *       test3: t=4800
 *     test2: t=4650
 *   test1: t=4000
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "commands.h"
#include "fmt.h"
#include "session.h"
#include "util.h"

#define MAX_INDENT 32 /* levels, as the target's dump */
/* After the records of a frame (or stream) that failed its check. */
#define DAMAGED "damaged: it failed its check (see the errors): its records as far as decoded\n"

struct trace {
	FILE *f;
	struct symtab *st;
	const struct options *o;
	uint32_t function; /* --function's address */
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
	fprintf(t->f, "calltrace %d (%s:%ld): %s mode, %u of %u lines, %u call%s open%s\n",
	        fr->index, fr->in->name, fr->line,
	        h->mode == PERF_FRAME_CALLTRACE_LOG ? "log" : "stack", h->count, h->lines, h->open,
	        plural(h->open), t->o->chrono ? ", oldest first" : "");
	t->head = *h;
}

/* "name" or "name+0x1c" for an address, or its hex: symtab_where without
 * printf, for the hot path. */
static char *where(char *p, const struct symtab *st, uint32_t addr)
{
	const struct sym *s = symtab_find(st, addr);
	if (!s)
		return fmt_hex8(p, addr);
	p = fmt_str(p, s->name);
	return s->addr == addr ? p : fmt_hex(fmt_str(p, "+"), addr - s->addr);
}

/* One record, formatted without printf; names longer than the line buffer
 * allows are written apart. */
static void print(struct trace *t, const struct calltrace_rec *r)
{
	/* Indent 64, two names of at most 200, the numbers and the arguments: under 600. */
	char b[1024], *p = b;
	const int indent = 2 * (int)(r->depth < MAX_INDENT ? r->depth : MAX_INDENT);
	const struct sym *fn = symtab_find(t->st, r->fn), *site = symtab_find(t->st, r->site);
	if ((fn && strlen(fn->name) > 200) || (site && strlen(site->name) > 200)) {
		char hex[12], at[160];
		symtab_where(t->st, r->site, at, sizeof at);
		fprintf(t->f, "%*s%s: lr=0x%08x <%s>, t=%u", indent, "", symtab_fn_name(t->st, r->fn, hex),
		        r->site, at, r->stamp);
		p = b; /* the arguments and the line's end follow in b */
	} else {
		memset(p, ' ', (size_t)indent);
		p += indent;
		p = fmt_str(p, fn && fn->addr == r->fn ? fn->name : "");
		if (!(fn && fn->addr == r->fn))
			p = fmt_hex8(p, r->fn);
		p = fmt_hex8(fmt_str(p, ": lr="), r->site);
		p = where(fmt_str(p, " <"), t->st, r->site);
		p = fmt_u64(fmt_str(p, ">, t="), r->stamp);
	}
	if (t->head.args)
		for (int k = 0; k < 4; k++) {
			const char head[] = { ',', ' ', 'a', (char)('0' + k), '=', 0 };
			p = fmt_hex8(fmt_str(p, head), r->a[k]);
		}
	*p++ = '\n';
	fwrite(b, 1, (size_t)(p - b), t->f);
}

static int shown(const struct trace *t, const struct calltrace_rec *r)
{
	if (r->stamp < t->o->from || r->stamp > t->o->to)
		return 0;
	return !t->o->function || r->fn == t->function;
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
	while (t->n)
		print(t, &t->kept[--t->n]);
	if (t->head.mode == PERF_FRAME_CALLTRACE_LOG && t->head.overflows)
		fprintf(t->f,
		        "%u older call%s overwritten (log mode keeps the newest %u): a partial recording\n",
		        t->head.overflows, plural(t->head.overflows), t->head.lines);
	if (t->head.mode == PERF_FRAME_CALLTRACE_LOG && t->head.underflows)
		fprintf(t->f, "%u exit%s without a call\n", t->head.underflows,
		        plural(t->head.underflows));
	else if (t->head.mode != PERF_FRAME_CALLTRACE_LOG &&
	         (t->head.overflows || t->head.underflows))
		fprintf(t->f, "%u call%s not recorded (buffer full), %u exit%s without a call\n",
		        t->head.overflows, plural(t->head.overflows), t->head.underflows,
		        plural(t->head.underflows));
	if (!sound)
		fputs(DAMAGED, t->f);
	if (fr->in->other_elf)
		fputs(OTHER_ELF_NOTE, t->f);
}

/* One open call of a stream's stack, as a record line without lr. */
static void stack_line(struct trace *t, const struct callgraph *g, size_t level)
{
	const struct cg_open *o = &g->stack[level];
	const struct cg_stat *c = &g->stat[g->node[o->node].stat];
	char buf[CG_NAME_SIZE];
	const char *name = cg_name(t->st, c->fn, c->irq, buf);
	if (o->at < t->o->from || (t->o->function && (c->irq || c->fn != t->function)))
		return;
	const int indent = 2 * (int)(level < MAX_INDENT ? level : MAX_INDENT);
	fprintf(t->f, "%*s%s: t=%llu\n", indent, "", name, (unsigned long long)o->at);
}

static void stack(void *ctx, const struct frame *fr, const struct callgraph *g)
{
	struct trace *t = ctx;
	if (t->o->to != UINT64_MAX)
		fprintf(t->f,
		        "trace stream (%s): the stack at cycle %llu (--to), %zu call%s open%s\n",
		        fr->in->name, (unsigned long long)t->o->to, g->depth, plural(g->depth),
		        t->o->chrono ? ", oldest first" : "");
	else
		fprintf(t->f, "trace stream (%s): the stack at its end, %zu call%s open%s\n",
		        fr->in->name, g->depth, plural(g->depth),
		        t->o->chrono ? ", oldest first" : "");
	for (size_t i = 0; i < g->depth; i++)
		stack_line(t, g, t->o->chrono ? i : g->depth - 1 - i);
	if (g->lost_all)
		fprintf(t->f, "%llu event%s lost before it (%s): calls may be missing\n",
		        (unsigned long long)g->lost_all, plural(g->lost_all),
		        cg_lost_why(g->lost_why));
	if (g->damaged)
		fputs(DAMAGED, t->f);
	if (fr->in->other_elf)
		fputs(OTHER_ELF_NOTE, t->f);
}

void run_trace(struct session *s)
{
	struct trace t = { .f = s->f, .st = s->st[0], .o = s->o, .function = s->function };
	struct callgraph g;
	cg_init(&g, s->st[0]);
	const struct dump_handler h = { .ctx = &t,
		                        .calltrace_begin = begin,
		                        .calltrace_record = record,
		                        .calltrace_end = end,
		                        .stream = &g,
		                        .stack = stack,
		                        .stack_at = s->o->to };
	session_decode(s, 0, &h, 1u << FRAME_CALLTRACE);
	free(t.kept);
	cg_free(&g);
}
