/* SPDX-License-Identifier: Apache-2.0 */
/*
 * perfscope flame: the events frames as a flame graph, a standalone SVG
 * that any browser shows, so no other renderer is needed. As in Brendan
 * Gregg's flame graphs: a box per call path, its width its cycles (self and
 * everything it called), callers below their callees, children in name
 * order, colours from the name so a function keeps its colour across
 * graphs; hovering a box shows its cycles. Boxes narrower than a tenth of a
 * pixel are left out.
 */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "commands.h"
#include "session.h"
#include "stacks.h"
#include "util.h"

#define BOX_HEIGHT 16
#define MARGIN 10
#define TOP 50      /* title and subtitle */
#define BOTTOM 10
#define CHAR_WIDTH 7.0 /* of the 12 px font, for fitting names in boxes */

struct flame {
	FILE *f;
	const struct stacks *s;
	double scale;   /* pixels per cycle */
	long long height;
	uint64_t *next; /* per depth: the cycle where the next box starts */
};

/* XML text; control characters, which XML cannot carry, become '?'. */
static void xml_text(FILE *f, const char *s, size_t n)
{
	for (size_t i = 0; i < n && s[i]; i++)
		switch (s[i]) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc((unsigned char)s[i] < 0x20 ? '?' : s[i], f);
		}
}

/* flamegraph.pl's "hot" palette, seeded by the name. */
static void colour(FILE *f, const char *name)
{
	uint32_t h = 2166136261u; /* FNV-1a */
	for (const char *p = name; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	fprintf(f, "rgb(%u,%u,%u)", 205 + h % 51, (h >> 8) % 231, (h >> 16) % 56);
}

static void visit(void *ctx, uint32_t node, size_t depth)
{
	struct flame *d = ctx;
	const struct cg_node *n = &d->s->g->node[node];
	const uint64_t at = d->next[depth];
	d->next[depth] += n->total;
	d->next[depth + 1] = at; /* its children start where it does */
	const double x = MARGIN + (double)at * d->scale, w = (double)n->total * d->scale;
	if (w < 0.1)
		return;
	const char *name = stacks_name(d->s, node);
	const uint64_t root = d->s->g->node[CG_ROOT].total;
	const long long y = d->height - BOTTOM - (long long)depth * BOX_HEIGHT;
	fputs("<g><title>", d->f);
	xml_text(d->f, name, strlen(name));
	fprintf(d->f,
	        ": %llu cycles (%.2f%%), %llu self, %llu call%s</title><rect x=\"%.1f\" y=\"%lld\" width=\"%.1f\" "
	        "height=\"%d\" rx=\"2\" fill=\"",
	        (unsigned long long)n->total, 100.0 * (double)n->total / (double)root,
	        (unsigned long long)n->self, (unsigned long long)n->calls, plural(n->calls), x, y,
	        w, BOX_HEIGHT - 1);
	colour(d->f, name);
	fputs("\"/>", d->f);
	/* A call path wider than the root (a damaged input's) still gives a
	 * count of characters a size_t holds. */
	const double room = w < 1e6 ? w : 1e6;
	const size_t fit = room >= 6 + 3 * CHAR_WIDTH ? (size_t)((room - 6) / CHAR_WIDTH) : 0,
	             len = strlen(name);
	if (fit >= 3) { /* the name, or as much as fits and ".." */
		fprintf(d->f, "<text x=\"%.1f\" y=\"%lld\">", x + 3, y + 12);
		xml_text(d->f, name, len <= fit ? len : fit - 2);
		fputs(len <= fit ? "</text>" : "..</text>", d->f);
	}
	fputs("</g>\n", d->f);
}

static void draw(FILE *f, const struct stacks *s, const char *title, unsigned width, int other_elf)
{
	const struct callgraph *g = s->g;
	const long long height = TOP + (long long)g->max_depth * BOX_HEIGHT + BOTTOM;
	const uint64_t root = g->node[CG_ROOT].total;
	fprintf(f, "<?xml version=\"1.0\" standalone=\"no\"?>\n"
	           "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" height=\"%lld\" viewBox=\"0 0 %u %lld\" "
	           "font-family=\"Verdana, sans-serif\" font-size=\"12\">\n"
	           "<rect width=\"100%%\" height=\"100%%\" fill=\"#f8f8f8\"/>\n"
	           "<text x=\"%u\" y=\"24\" font-size=\"17\" text-anchor=\"middle\">",
	        width, height, width, height, width / 2);
	xml_text(f, title, strlen(title));
	fprintf(f,
	        "</text>\n<text x=\"%u\" y=\"42\" text-anchor=\"middle\" fill=\"%s\">"
	        "%llu cycles",
	        width / 2, g->lost_all || g->damaged || other_elf ? "#b00" : "#555",
	        (unsigned long long)root);
	if (g->lost_all)
		fprintf(f, " recorded, %llu event%s lost: a partial recording",
		        (unsigned long long)g->lost_all, plural(g->lost_all));
	if (g->damaged)
		fprintf(f, "%s%u damaged recording%s: a partial recording",
		        g->lost_all ? "; " : " recorded, ", g->damaged, g->damaged == 1 ? "" : "s");
	if (g->hook_cost)
		fprintf(f, "; hook cost: %u cycles a call taken off (--hook-cost)", g->hook_cost);
	if (other_elf)
		fputs("; " OTHER_ELF_TEXT, f);
	fputs("; width: cycles of a call path and its callees; hover for numbers</text>\n", f);
	struct flame d = { .f = f, .s = s, .height = height,
	                   .scale = root ? (double)(width - 2 * MARGIN) / (double)root : 0,
	                   .next = xcalloc((size_t)g->max_depth + 2, sizeof *d.next) };
	stacks_walk(s, visit, &d);
	free(d.next);
	fputs("</svg>\n", f);
}

void run_flame(struct session *s)
{
	const struct options *o = s->o;
	struct callgraph g;
	cg_init(&g, s->st[0]);
	g.hook_cost = o->hook_cost;
	const struct dump_handler h = { .events = &g };
	if (session_decode(s, 0, &h, 1u << FRAME_EVENTS)) {
		struct stacks st;
		char title[512];
		cg_finish(&g);
		stacks_build(&st, &g, s->st[0]);
		snprintf(title, sizeof title, "%s", o->title ? o->title : s->in[0]->name);
		draw(s->f, &st, title, o->width ? o->width : 1200, s->in[0]->other_elf);
		stacks_free(&st);
	}
	cg_free(&g);
}
