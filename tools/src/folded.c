/* SPDX-License-Identifier: Apache-2.0 */
/*
 * perfscope folded: the events frames as folded stacks, one line per call
 * path with the self cycles spent on it, outermost call first:
 *
 *   main;top;mid;leaf 180
 *
 * the input of Brendan Gregg's flamegraph.pl, speedscope, inferno and the
 * other flame graph tools. Paths with no self time are left out, as those
 * tools do. A recording whose buffer lost events says so in a first line,
 * a comment ("# ...", with no count at its end, which those tools skip);
 * so do a hook cost taken off and a recording that failed its check.
 *
 * Every line spells its whole path, so the output grows with the square of
 * the call depth: 100,000 nested calls would write 25 GB. It is measured
 * first, and more than FOLDED_MAX_BYTES is an error with nothing written.
 */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "commands.h"
#include "fmt.h"
#include "session.h"
#include "stacks.h"
#include "util.h"

#define FOLDED_MAX_BYTES (1ull << 30)

struct folded {
	FILE *f;
	const struct stacks *s;
	char *path;        /* the names from the outermost call to this one */
	size_t cap;
	size_t *len;       /* per depth: the length of path down to it */
	size_t len_cap;
};

/* The separators of the format cannot be in a name. */
static void append_name(struct folded *d, size_t at, const char *name)
{
	const size_t n = strlen(name);
	grow(&d->path, &d->cap, at + n + 2, 1);
	for (size_t i = 0; i < n; i++)
		d->path[at + i] = name[i] == ';' || name[i] == ' ' || name[i] == '\n' ? '_' : name[i];
	d->path[at + n] = 0;
}

static void visit(void *ctx, uint32_t node, size_t depth)
{
	struct folded *d = ctx;
	grow(&d->len, &d->len_cap, depth + 1, sizeof *d->len);
	size_t at = depth > 1 ? d->len[depth - 1] : 0;
	if (depth > 1) {
		grow(&d->path, &d->cap, at + 1, 1);
		d->path[at++] = ';';
	}
	append_name(d, at, stacks_name(d->s, node));
	d->len[depth] = at + strlen(d->path + at);
	const uint64_t self = d->s->g->node[node].self;
	if (self)
		fprintf(d->f, "%s %llu\n", d->path, (unsigned long long)self);
}

/* The bytes the folded lines will take: each path's length from its
 * parent's (a parent's index is below its children's). */
static uint64_t folded_bytes(const struct stacks *st, uint32_t *deepest)
{
	const struct callgraph *g = st->g;
	uint64_t *len = xcalloc(g->nodes, sizeof *len), bytes = 0;
	for (size_t i = CG_ROOT + 1; i < g->nodes; i++) {
		const uint32_t p = g->node[i].parent;
		len[i] = (p == CG_ROOT ? 0 : len[p] + 1) + strlen(stacks_name(st, (uint32_t)i));
		if (g->node[i].self)
			bytes += len[i] + 2 + (uint64_t)fmt_digits(g->node[i].self);
	}
	*deepest = g->max_depth;
	free(len);
	return bytes;
}

void run_folded(struct session *s)
{
	struct callgraph g;
	cg_init(&g, s->st[0]);
	g.hook_cost = s->o->hook_cost;
	const struct dump_handler h = { .events = &g };
	if (session_decode(s, 0, &h, 1u << FRAME_EVENTS)) {
		struct stacks st;
		cg_finish(&g);
		stacks_build(&st, &g, s->st[0]);
		uint32_t deepest;
		const uint64_t bytes = folded_bytes(&st, &deepest);
		if (bytes > FOLDED_MAX_BYTES) {
			error_at(NULL, 0, "folded: the stacks would take %llu bytes (calls nested %u deep), more than the "
			         "limit of %llu: use flame or functions, which grow with the calls, not their depth",
			         (unsigned long long)bytes, deepest, (unsigned long long)FOLDED_MAX_BYTES);
		} else {
			if (g.hook_cost)
				fprintf(s->f,
				        "# perfscope: hook cost: %u cycles a call taken off (--hook-cost)\n",
				        g.hook_cost);
			if (g.damaged)
				fprintf(s->f,
				        "# perfscope: %u damaged recording%s (failed its check): a partial recording\n",
				        g.damaged, g.damaged == 1 ? "" : "s");
			if (s->in[0]->other_elf)
				fputs("# perfscope: " OTHER_ELF_NOTE, s->f);
			if (g.lost_all)
				fprintf(s->f,
				        "# perfscope: %llu event%s lost, %s: a partial recording\n",
				        (unsigned long long)g.lost_all, plural(g.lost_all),
				        cg_lost_why(g.lost_why));
			struct folded d = { .f = s->f, .s = &st };
			stacks_walk(&st, visit, &d);
			free(d.path);
			free(d.len);
		}
		stacks_free(&st);
	}
	cg_free(&g);
}
