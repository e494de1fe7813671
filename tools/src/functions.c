/*
 * perfscope functions: the per-function table. Its rows come from the
 * events frames (computed here, as the driver would, and with the depth
 * column), or from the funcstat and profile frames the target summarised
 * itself: --source chooses, by default events if there are any. Events make
 * one table however many frames they fill; every funcstat or profile frame
 * is a table of its own, and --diff compares the last of each run.
 */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "commands.h"
#include "session.h"
#include "table.h"
#include "util.h"

struct run {
	struct table *v;  /* one per funcstat/profile frame */
	size_t n, cap;
	struct callgraph g;
	struct symtab *st;
	const char *source;
};

static int wanted(const char *source, const char *type)
{
	return !source || !strcmp(source, type);
}

static void frame_table(void *ctx, const struct frame *f, const struct funcstat_head *h,
                        const struct funcstat_row *rows)
{
	struct run *r = ctx;
	if (!wanted(r->source, h->profile ? "profile" : "funcstat"))
		return;
	for (uint32_t i = 0; i < h->n; i++)
		if (rows[i].fn != PROFILE_USER_BLOCK)
			symtab_check_function(r->st, rows[i].fn, f->in->name, f->line);
	grow(&r->v, &r->cap, r->n + 1, sizeof *r->v);
	table_from_frame(&r->v[r->n++], h, rows);
}

/* Reads input i; the tables to show are then r->v[0 .. r->n). */
static void collect(struct session *s, int i, struct run *r)
{
	const char *src = s->o->source;
	*r = (struct run){ .st = s->st[i], .source = src };
	cg_init(&r->g, r->st);
	struct dump_handler h = { .ctx = r, .funcstat = frame_table };
	unsigned want = (wanted(src, "funcstat") ? 1u << FRAME_FUNCSTAT : 0) |
	                (wanted(src, "profile") ? 1u << FRAME_PROFILE : 0);
	if (wanted(src, "events")) {
		h.events = &r->g;
		want |= 1u << FRAME_EVENTS;
	}
	session_decode(s, i, &h, want);
	if (r->g.frames) { /* events win: the tables of the other frames go */
		for (size_t k = 0; k < r->n; k++)
			table_free(&r->v[k]);
		grow(&r->v, &r->cap, 1, sizeof *r->v);
		r->n = 1;
		table_from_events(&r->v[0], &r->g);
	}
	for (size_t k = 0; k < r->n; k++)
		table_name(&r->v[k], r->st);
}

static void release(struct run *r)
{
	for (size_t k = 0; k < r->n; k++)
		table_free(&r->v[k]);
	free(r->v);
	cg_free(&r->g);
}

void run_functions(struct session *s)
{
	const struct options *o = s->o;
	const char *sort = o->sort ? o->sort : o->diff ? "diff" : "self";
	struct run run[2] = { 0 };
	for (int i = 0; i < o->inputs; i++)
		collect(s, i, &run[i]);
	if (o->diff && run[0].n && run[1].n) {
		table_print_diff(s->f, &run[0].v[run[0].n - 1], &run[1].v[run[1].n - 1], sort);
	} else if (!o->diff) {
		for (size_t k = 0; k < run[0].n; k++) {
			table_sort(&run[0].v[k], sort);
			table_print(s->f, &run[0].v[k]);
			if (k + 1 < run[0].n)
				fputc('\n', s->f);
		}
	}
	for (int i = 0; i < o->inputs; i++)
		release(&run[i]);
}
