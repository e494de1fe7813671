/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The call paths of a call graph as a tree to walk in order: each node's
 * children sorted by name, as flame graph tools expect, so that output is
 * the same from run to run. Shared by the folded stacks and the flame graph.
 */
#ifndef STACKS_H
#define STACKS_H

#include <stddef.h>
#include <stdint.h>

#include "callgraph.h"
#include "symbols.h"

struct stacks {
	const struct callgraph *g;
	uint32_t *first, *count; /* per node: where its children start in kids, how many */
	uint32_t *kids;
	const char **name;       /* per function (struct cg_stat) */
	char (*hex)[CG_NAME_SIZE]; /* names of functions the ELF lacks, of interrupts */
};

/* g must have had cg_finish. */
void stacks_build(struct stacks *s, const struct callgraph *g, const struct symtab *st);
void stacks_free(struct stacks *s);

static inline const char *stacks_name(const struct stacks *s, uint32_t node)
{
	return s->name[s->g->node[node].stat];
}

/* Calls visit for every node but the root, parents before children and
 * children in name order; depth 1 is an outermost call. No recursion: a
 * path may be as deep as the dump makes it. */
void stacks_walk(const struct stacks *s, void (*visit)(void *ctx, uint32_t node, size_t depth), void *ctx);

#endif
