/* SPDX-License-Identifier: Apache-2.0 */
/*
 * perfscope hot: the -pg hot-address tables, as perf_hot_dump prints them
 * on the target, with the function each address falls in:
 *
 *   hot 1 (app.log:24): 102 calls, 0 ignored, 3 entries, granule 16, decay on
 *   No.  addr        hits   ratio  where
 *     0  0x00001610   580     631  often+0x4
 *
 * An address is the _mcount call inside a function, rounded down to the
 * granule, so it may fall short of the function by up to a granule.
 */
#include <stdio.h>

#include "commands.h"
#include "session.h"
#include "util.h"

struct hot {
	FILE *f;
	struct symtab *st;
	int printed;
};

static void table(void *ctx, const struct frame *fr, const struct hot_head *h, const struct hot_entry *e)
{
	struct hot *t = ctx;
	if (t->printed++)
		fputc('\n', t->f);
	fprintf(t->f, "hot %d (%s:%ld): %u call%s, %u ignored, %u entr%s, granule %u, decay %s\n",
	        fr->index, fr->in->name, fr->line, h->calls, plural(h->calls), h->ignored, h->used,
	        h->used == 1 ? "y" : "ies", h->granule, h->decay ? "on" : "off");
	fputs("No.  addr        hits   ratio  where\n", t->f);
	for (uint32_t i = 0; i < h->used; i++) {
		char where[160];
		symtab_where(t->st, e[i].addr, where, sizeof where);
		/* ratio in 1/1024ths of all hits, as the target prints it */
		fprintf(t->f, "%3u  0x%08x%6u%8llu  %s\n", i, e[i].addr, e[i].hits,
		        h->total ? ((unsigned long long)e[i].hits << 10) / h->total : 0ull, where);
	}
}

void run_hot(struct session *s)
{
	struct hot t = { .f = s->f, .st = s->st[0] };
	const struct dump_handler h = { .ctx = &t, .hot = table };
	session_decode(s, 0, &h, 1u << FRAME_HOT);
}
