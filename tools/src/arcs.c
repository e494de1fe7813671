/* SPDX-License-Identifier: Apache-2.0 */
#include "arcs.h"

#include <stdlib.h>
#include <string.h>

#include "map.h"
#include "util.h"

#define OUTSIDE 0xffffffffu /* the caller of an outermost call */

/* Callers and callees are functions (struct cg_stat), by index. */
struct arc {
	uint32_t caller, callee;
	uint64_t calls, cycles;
	uint32_t active; /* calls of this arc open on the path walked now */
};

struct arcs {
	const struct stacks *s;
	struct arc *arc;
	size_t n, cap;
	struct map index;  /* caller << 32 | callee -> arc */
	uint32_t *path;    /* [depth]: the arc of the call at that depth */
	size_t path_cap, depth;
};

static uint32_t arc_of(struct arcs *a, uint32_t caller, uint32_t callee)
{
	const uint64_t key = (uint64_t)caller << 32 | callee;
	uint32_t i = map_get(&a->index, key);
	if (i == MAP_NONE) {
		grow(&a->arc, &a->cap, a->n + 1, sizeof *a->arc);
		i = (uint32_t)a->n++;
		a->arc[i] = (struct arc){ .caller = caller, .callee = callee };
		map_put(&a->index, key, i);
	}
	return i;
}

/* Parents before children: a call's cycles count once per arc, on its
 * outermost use on the path, so recursion is not counted twice. */
static void visit(void *ctx, uint32_t node, size_t depth)
{
	struct arcs *a = ctx;
	const struct callgraph *g = a->s->g;
	while (a->depth >= depth)
		a->arc[a->path[--a->depth]].active--;
	const struct cg_node *n = &g->node[node];
	const uint32_t caller = n->parent == CG_ROOT ? OUTSIDE : g->node[n->parent].stat;
	const uint32_t i = arc_of(a, caller, n->stat);
	struct arc *arc = &a->arc[i];
	arc->calls += n->calls;
	if (!arc->active)
		arc->cycles += n->total;
	arc->active++;
	grow(&a->path, &a->path_cap, a->depth + 1, sizeof *a->path);
	a->path[a->depth++] = i;
}

/* qsort passes no context: the call graph of the arcs being sorted. */
static const struct callgraph *sorting;

/* A function's address; an interrupt after every function. */
static uint64_t order(uint32_t stat)
{
	return stat == OUTSIDE ? UINT64_MAX
	                       : (uint64_t)sorting->stat[stat].irq << 32 | sorting->stat[stat].fn;
}

static int by_cycles(const void *pa, const void *pb)
{
	const struct arc *x = pa, *y = pb;
	if (x->cycles != y->cycles)
		return x->cycles > y->cycles ? -1 : 1;
	const uint64_t xc = order(x->caller), yc = order(y->caller), xe = order(x->callee),
	               ye = order(y->callee);
	return xc != yc ? (xc < yc ? -1 : 1) : (xe > ye) - (xe < ye);
}

static const char *name(const struct stacks *s, uint32_t stat, char buf[CG_NAME_SIZE],
                        const struct symtab *st)
{
	if (stat == OUTSIDE)
		return "<outside the recording>";
	return cg_name(st, s->g->stat[stat].fn, s->g->stat[stat].irq, buf);
}

/* Whether function stat is the row's. */
static int is_row(const struct stacks *s, uint32_t stat, const struct row *row)
{
	return stat != OUTSIDE && s->g->stat[stat].fn == row->fn &&
	       s->g->stat[stat].irq == row->irq;
}

void arcs_print(FILE *f, const struct stacks *s, const struct symtab *st, const struct table *t)
{
	struct arcs a = { .s = s };
	stacks_walk(s, visit, &a);
	sorting = s->g;
	if (a.n)
		qsort(a.arc, a.n, sizeof *a.arc, by_cycles);
	char hex[CG_NAME_SIZE];
	int w = table_name_width(t, 24);
	for (size_t i = 0; i < a.n; i++) {
		const int len = (int)strlen(name(s, a.arc[i].caller, hex, st)) + 5;
		w = len > w ? len : w;
	}
	fprintf(f, "%s", t->head);
	for (size_t r = 0; r < t->n; r++) {
		const struct row *row = &t->rows[r];
		fprintf(f, "\n%-*s %10s %16s\n", w, row_name(row), "calls", "cycles");
		for (size_t i = 0; i < a.n; i++)
			if (is_row(s, a.arc[i].callee, row))
				fprintf(f, "  <- %-*s %10llu %16llu\n", w - 5,
				        name(s, a.arc[i].caller, hex, st),
				        (unsigned long long)a.arc[i].calls,
				        (unsigned long long)a.arc[i].cycles);
		fprintf(f, "  == %-*s %10llu %16llu  self %llu\n", w - 5, row_name(row), (unsigned long long)row->calls,
		        (unsigned long long)row->total, (unsigned long long)row->self);
		for (size_t i = 0; i < a.n; i++)
			if (is_row(s, a.arc[i].caller, row))
				fprintf(f, "  -> %-*s %10llu %16llu\n", w - 5,
				        name(s, a.arc[i].callee, hex, st),
				        (unsigned long long)a.arc[i].calls,
				        (unsigned long long)a.arc[i].cycles);
	}
	free(a.arc);
	free(a.path);
	map_free(&a.index);
}
