/* SPDX-License-Identifier: Apache-2.0 */
/* Hot-address hook for -pg (_mcount), after the bare-metal gcc -pg
 * profiler: a fixed table of the most-called addresses with hit counts,
 * hit ratio, optional decay and an ignore list. The API is in
 * include/perfscope_hot.h. */
#include "perfscope_hot.h"

#include <stddef.h>

#include "../perf_internal.h"

static struct perf_hot *hot;
static int counting;

int perf_hot_init(void *buf, uint32_t size, uint32_t granule, unsigned flags)
{
	if (!buf || ((uintptr_t)buf & 3u) || size < sizeof(struct perf_hot) + sizeof(struct perf_hot_entry) ||
	    granule == 0 || (granule & (granule - 1)) || (flags & ~PERF_HOT_DECAY))
		return -PERF_EINVAL;
	const uint32_t mstatus = perf_irq_save();
	struct perf_hot *h = buf;
	*h = (struct perf_hot){
		.lines = (uint32_t)((size - sizeof *h) / sizeof(struct perf_hot_entry)),
		.granule = granule,
		.decay = (flags & PERF_HOT_DECAY) != 0,
	};
	hot = h;
	counting = 1;
	perf_irq_restore(mstatus);
	return (int)h->lines;
}

int perf_hot_ignore(const uint32_t *pairs, uint32_t npairs)
{
	if (!hot || (npairs && !pairs))
		return -PERF_EINVAL;
	const uint32_t mstatus = perf_irq_save();
	hot->ignore = pairs;
	hot->ignore_pairs = npairs;
	perf_irq_restore(mstatus);
	return 0;
}

static int set_counting(int on)
{
	const int was = counting;
	counting = on;
	return was;
}

int perf_hot_enable(void) { return set_counting(1); }
int perf_hot_disable(void) { return set_counting(0); }

const struct perf_hot *perf_hot_current(void)
{
	return hot;
}

/* Adds weight to entry e and moves it up past entries with fewer hits. */
static void hit(struct perf_hot *h, struct perf_hot_entry *e, uint32_t addr, uint32_t weight)
{
	e->addr = addr;
	e->hits += weight;
	h->total += weight;
	for (; e != h->entry && e[0].hits > e[-1].hits; e--) {
		const struct perf_hot_entry t = e[0];
		e[0] = e[-1];
		e[-1] = t;
	}
}

void _mcount(void *caller_ra)
{
	(void)caller_ra;
	struct perf_hot *h = hot;
	if (!h || !counting)
		return;
	/* The call site of _mcount in the function being entered. */
	const uint32_t pc = (uint32_t)(uintptr_t)__builtin_return_address(0) - 4u;
	const uint32_t mstatus = perf_irq_save();
	h->calls++;
	for (uint32_t i = 0; i < h->ignore_pairs; i++) {
		if (pc >= h->ignore[2 * i] && pc < h->ignore[2 * i + 1]) {
			h->ignored++;
			perf_irq_restore(mstatus);
			return;
		}
	}
	uint32_t weight = 1;
	if (h->decay) {
		weight = PERF_HOT_STEP;
		/* Decay one entry per hit, round robin over those in use. */
		if (h->decay_next >= h->used)
			h->decay_next = 0;
		if (h->used && h->entry[h->decay_next].hits > 1) {
			h->entry[h->decay_next].hits--;
			h->total--;
		}
		h->decay_next++;
	}
	const uint32_t addr = pc & ~(h->granule - 1u);
	uint32_t i = 0;
	while (i < h->used && h->entry[i].addr != addr)
		i++;
	if (i == h->used) {
		if (h->used < h->lines) {
			i = h->used++;
		} else {
			/* Full: the least-hit entry gives way. */
			i = h->lines - 1;
			h->total -= h->entry[i].hits;
		}
		h->entry[i].hits = 0;
	}
	hit(h, &h->entry[i], addr, weight);
	perf_irq_restore(mstatus);
}

int perf_hot_dump_to(perf_put_fn put, void *ctx)
{
	const struct perf_hot *h = hot;
	if (!h || !put)
		return -PERF_EINVAL;
	struct perf_out o = { put, ctx, 0 };
	perf_out_str(&o, "perf_hot_dump: ");
	perf_out_num(&o, h->calls, 0, 0, 0);
	perf_out_str(&o, " calls, ");
	perf_out_num(&o, h->ignored, 0, 0, 0);
	perf_out_str(&o, " ignored, ");
	perf_out_num(&o, h->used, 0, 0, 0);
	perf_out_char(&o, '/');
	perf_out_num(&o, h->lines, 0, 0, 0);
	perf_out_str(&o, " entries, granule ");
	perf_out_num(&o, h->granule, 0, 0, 0);
	perf_out_str(&o, h->decay ? ", decay on\n" : ", decay off\n");
	perf_out_str(&o, "No.  addr        hits   ratio\n");
	for (uint32_t i = 0; i < h->used; i++) {
		const struct perf_hot_entry *e = &h->entry[i];
		perf_out_num(&o, i, 0, 0, 3);
		perf_out_str(&o, "  ");
		perf_out_hex(&o, e->addr);
		perf_out_num(&o, e->hits, 0, 0, 6);
		perf_out_num(&o,
		             h->total ? ((uint64_t)e->hits << PERF_HOT_RATIO_SHIFT) / h->total : 0,
		             0, 0, 8);
		perf_out_char(&o, '\n');
	}
	return o.failed ? -PERF_EIO : 0;
}

int perf_hot_dump(void)
{
	return perf_hot_dump_to(perf_put_stdout, NULL);
}

static void hot_payload(struct perf_frame *f, const void *arg)
{
	const struct perf_hot *h = arg;
	PERF_FRAME_PUT(f, PERF_FRAME_HOT_HEAD_FIELDS, h); /* the table's head: the frame's names */
	for (uint32_t i = 0; i < h->used; i++)
		PERF_FRAME_PUT(f, PERF_FRAME_HOT_ENTRY_FIELDS, &h->entry[i]);
}

int perf_hot_frame(perf_put_fn put, void *ctx)
{
	return hot ? perf_frame_write("hot", hot_payload, hot, put, ctx) : -PERF_EINVAL;
}
