/* SPDX-License-Identifier: Apache-2.0 */
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

#include "arcs.h"
#include "callgraph.h"
#include "commands.h"
#include "session.h"
#include "stacks.h"
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
		if (rows[i].fn != PERF_FRAME_PROFILE_USER_BLOCK)
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
	r->g.hook_cost = s->o->hook_cost;
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
	for (size_t k = 0; k < r->n; k++) {
		table_name(&r->v[k], r->st);
		r->v[k].other_elf = s->in[i]->other_elf;
	}
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
	} else if (o->graph) {
		if (!run[0].g.frames) {
			error_at(s->in[0]->name, 0, "functions --graph needs events frames; the dump has none");
		} else {
			struct table *t = &run[0].v[0];
			struct stacks st;
			table_sort(t, sort);
			table_limit(t, o->top, o->min_pct);
			cg_finish(&run[0].g);
			stacks_build(&st, &run[0].g, run[0].st);
			arcs_print(s->f, &st, run[0].st, t);
			stacks_free(&st);
		}
	} else if (!o->diff) {
		const char *format = o->format ? o->format : "text";
		if (!strcmp(format, "json"))
			fputc('[', s->f);
		for (size_t k = 0; k < run[0].n; k++) {
			struct table *t = &run[0].v[k];
			table_sort(t, sort);
			table_limit(t, o->top, o->min_pct);
			if (!strcmp(format, "csv"))
				table_print_csv(s->f, t, k + 1);
			else if (!strcmp(format, "json"))
				table_print_json(s->f, t, k + 1);
			else
				table_print(s->f, t);
			if (k + 1 < run[0].n)
				fputs(strcmp(format, "json") ? "\n" : ",", s->f);
		}
		if (!strcmp(format, "json"))
			fputs("]\n", s->f);
	}
	for (int i = 0; i < o->inputs; i++)
		release(&run[i]);
}
