/* SPDX-License-Identifier: Apache-2.0 */
#include "stacks.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

/* qsort passes no context: the tree being sorted. */
static const struct stacks *sorting;

static int by_name(const void *a, const void *b)
{
	const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	const int c = strcmp(stacks_name(sorting, x), stacks_name(sorting, y));
	return c ? c : (x > y) - (x < y);
}

void stacks_build(struct stacks *s, const struct callgraph *g, const struct symtab *st)
{
	const size_t n = g->nodes;
	*s = (struct stacks){ .g = g };
	s->name = xcalloc(g->stats, sizeof *s->name);
	s->hex = xcalloc(g->stats, sizeof *s->hex);
	for (size_t i = 0; i < g->stats; i++)
		s->name[i] = cg_name(st, g->stat[i].fn, g->stat[i].irq, s->hex[i]);
	/* Children grouped by parent: count, place, then sort each group. */
	s->first = xcalloc(n, sizeof *s->first);
	s->count = xcalloc(n, sizeof *s->count);
	s->kids = xcalloc(n, sizeof *s->kids);
	for (size_t i = 1; i < n; i++)
		s->count[g->node[i].parent]++;
	for (size_t i = 1; i < n; i++)
		s->first[i] = s->first[i - 1] + s->count[i - 1];
	uint32_t *filled = xcalloc(n, sizeof *filled);
	for (size_t i = 1; i < n; i++) {
		const uint32_t p = g->node[i].parent;
		s->kids[s->first[p] + filled[p]++] = (uint32_t)i;
	}
	free(filled);
	sorting = s;
	for (size_t i = 0; i < n; i++)
		if (s->count[i] > 1)
			qsort(s->kids + s->first[i], s->count[i], sizeof *s->kids, by_name);
}

void stacks_free(struct stacks *s)
{
	free(s->first);
	free(s->count);
	free(s->kids);
	free(s->name);
	free(s->hex);
}

void stacks_walk(const struct stacks *s, void (*visit)(void *ctx, uint32_t node, size_t depth), void *ctx)
{
	struct level {
		uint32_t node, next; /* the node, and which of its children comes next */
	} *stack = NULL;
	size_t depth = 0, cap = 0;
	grow(&stack, &cap, 1, sizeof *stack);
	stack[depth++] = (struct level){ .node = CG_ROOT };
	while (depth) {
		struct level *top = &stack[depth - 1];
		if (top->next == s->count[top->node]) {
			depth--;
			continue;
		}
		const uint32_t child = s->kids[s->first[top->node] + top->next++];
		visit(ctx, child, depth);
		grow(&stack, &cap, depth + 1, sizeof *stack);
		stack[depth++] = (struct level){ .node = child };
	}
	free(stack);
}
