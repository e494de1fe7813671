/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The retire tap's driver (perfscope_retire.h): register sequences only;
 * the IP does the profiling (docs/retire.md).
 */
#include <stddef.h>
#include <stdint.h>

#include "perf_hist_range.h"
#include "perf_internal.h"
#include "perfscope_frame.h"
#include "perfscope_retire.h"

static uint32_t config(void *base)
{
	return PERF_REG_READ(base, PERF_REG_CONFIG);
}

/* Waits until none of the HIST_CTRL bits in mask reads 1. */
static int hist_wait(void *base, uint32_t mask)
{
	for (uint32_t i = 0; i < PERF_RETIRE_POLLS; i++)
		if ((PERF_REG_READ(base, PERF_REG_HIST_CTRL) & mask) == 0)
			return 0;
	return -PERF_EBUSY;
}

int perf_retire_start(void *base)
{
	const uint32_t c = config(base);
	if (!(c & PERF_CONFIG_RETIRE_MASK) || !(c & PERF_CONFIG_TRACE_MASK))
		return -PERF_ENODEV;
	PERF_REG_WRITE(base, PERF_REG_TRACE_CTRL, PERF_TRACE_CTRL_CLEAR_MASK);
	PERF_REG_WRITE(base, PERF_REG_TRACE_CTRL, PERF_TRACE_CTRL_ENABLE_MASK);
	PERF_REG_WRITE(base, PERF_REG_RETIRE_CTRL, PERF_RETIRE_CTRL_CALLS_MASK);
	perf_trace_popped = 0;
	return 0;
}

int perf_retire_stop(void *base)
{
	const uint32_t c = config(base);
	if (!(c & PERF_CONFIG_RETIRE_MASK) || !(c & PERF_CONFIG_TRACE_MASK))
		return -PERF_ENODEV;
	PERF_REG_WRITE(base, PERF_REG_RETIRE_CTRL, 0u);
	PERF_REG_WRITE(base, PERF_REG_TRACE_CTRL, 0u);
	return 0;
}

int perf_hist_words(void *base)
{
	const uint32_t log = (config(base) & PERF_CONFIG_HIST_MASK) >> PERF_CONFIG_HIST_SHIFT;
	return log ? (int)(1u << log) : -PERF_ENODEV;
}

int perf_hist_start(void *base, uint32_t pc_base, unsigned shift, unsigned k)
{
	const int words = perf_hist_words(base);
	if (words < 0)
		return -PERF_ENODEV;
	if (shift > 7 || k > 7 || (pc_base & 3u) ||
	    perf_hist_end(pc_base, (uint32_t)words, shift) > 0xffffffffu)
		return -PERF_EINVAL;
	/* A CTRL write while BUSY is ignored: the clear after a reset, a stop's
	 * write-back, then this clear must each be over first. */
	int err = perf_hist_stop(base);
	if (err)
		return err;
	PERF_REG_WRITE(base, PERF_REG_HIST_CTRL, PERF_HIST_CTRL_CLEAR_MASK);
	if ((err = hist_wait(base, PERF_HIST_CTRL_BUSY_MASK)) != 0)
		return err;
	PERF_REG_WRITE(base, PERF_REG_HIST_BASE, pc_base);
	PERF_REG_WRITE(base, PERF_REG_HIST_CFG,
	               shift << PERF_HIST_CFG_SHIFT_SHIFT | k << PERF_HIST_CFG_K_SHIFT);
	PERF_REG_WRITE(base, PERF_REG_HIST_CTRL, PERF_HIST_CTRL_ENABLE_MASK);
	return 0;
}

int perf_hist_stop(void *base)
{
	if (perf_hist_words(base) < 0)
		return -PERF_ENODEV;
	PERF_REG_WRITE(base, PERF_REG_HIST_CTRL, 0u);
	return hist_wait(base, PERF_HIST_CTRL_RUN_MASK | PERF_HIST_CTRL_BUSY_MASK);
}

int perf_hist_read(void *base, uint32_t *words, uint32_t n)
{
	const int all = perf_hist_words(base);
	if (all < 0)
		return all;
	if (!words || n > (uint32_t)all)
		return -PERF_EINVAL;
	if (PERF_REG_READ(base, PERF_REG_HIST_CTRL) &
	    (PERF_HIST_CTRL_RUN_MASK | PERF_HIST_CTRL_BUSY_MASK))
		return -PERF_EBUSY;
	/* Each DATA read advances INDEX; perfscope answers a read only after
	 * the next word has reached the data register. */
	PERF_REG_WRITE(base, PERF_REG_HIST_INDEX, 0u);
	for (uint32_t i = 0; i < n; i++)
		words[i] = PERF_REG_READ(base, PERF_REG_HIST_DATA);
	return (int)n;
}

/* The frame's head, by the frame's field names, and where to read the words. */
struct hist_frame {
	void *io;
	uint32_t base, shift, k, status, n;
};

static void hist_payload(struct perf_frame *f, const void *arg)
{
	const struct hist_frame *h = arg;
	PERF_FRAME_PUT(f, PERF_FRAME_HIST_HEAD_FIELDS, h);
	/* Called twice (measure, encode): each pass reads from word 0. */
	PERF_REG_WRITE(h->io, PERF_REG_HIST_INDEX, 0u);
	for (uint32_t i = 0; i < h->n; i++)
		perf_frame_u32(f, PERF_REG_READ(h->io, PERF_REG_HIST_DATA));
}

int perf_hist_frame(void *base, perf_put_fn put, void *ctx)
{
	const int n = perf_hist_words(base);
	if (n < 0)
		return n;
	const uint32_t status = PERF_REG_READ(base, PERF_REG_HIST_CTRL);
	if (status & (PERF_HIST_CTRL_RUN_MASK | PERF_HIST_CTRL_BUSY_MASK))
		return -PERF_EBUSY;
	const uint32_t cfg = PERF_REG_READ(base, PERF_REG_HIST_CFG);
	const struct hist_frame h = {
		.io = base,
		.base = PERF_REG_READ(base, PERF_REG_HIST_BASE),
		.shift = (cfg & PERF_HIST_CFG_SHIFT_MASK) >> PERF_HIST_CFG_SHIFT_SHIFT,
		.k = (cfg & PERF_HIST_CFG_K_MASK) >> PERF_HIST_CFG_K_SHIFT,
		.status = status,
		.n = (uint32_t)n,
	};
	return perf_frame_write("hist", hist_payload, &h, put, ctx);
}

/* Selects section's trigger addresses; -PERF_ENODEV or -PERF_EINVAL. */
static int trig_select(void *base, unsigned section)
{
	const uint32_t n = (config(base) & PERF_CONFIG_TRIGGERS_MASK) >> PERF_CONFIG_TRIGGERS_SHIFT;
	if (n == 0)
		return -PERF_ENODEV;
	if (section < 1 || section > n)
		return -PERF_EINVAL;
	PERF_REG_WRITE(base, PERF_REG_TRIG_SEL, section);
	return 0;
}

int perf_trig_arm(void *base, unsigned section, uint32_t start, uint32_t end)
{
	if ((start | end) & 1u)
		return -PERF_EINVAL;
	const int err = trig_select(base, section);
	if (err)
		return err;
	/* Disarmed while the addresses change, so that no half-written pair
	 * can act. */
	PERF_REG_WRITE(base, PERF_REG_TRIG_START, start);
	PERF_REG_WRITE(base, PERF_REG_TRIG_END, end);
	PERF_REG_WRITE(base, PERF_REG_TRIG_START, start | PERF_TRIG_START_ARM_MASK);
	return 0;
}

int perf_trig_disarm(void *base, unsigned section)
{
	const int err = trig_select(base, section);
	if (err)
		return err;
	PERF_REG_WRITE(base, PERF_REG_TRIG_START,
	               PERF_REG_READ(base, PERF_REG_TRIG_START) & ~PERF_TRIG_START_ARM_MASK);
	return 0;
}

int32_t perf_trig_lost(void *base)
{
	if ((config(base) & PERF_CONFIG_TRIGGERS_MASK) == 0)
		return -PERF_ENODEV;
	return (int32_t)PERF_REG_READ(base, PERF_REG_TRIG_LOST);
}
