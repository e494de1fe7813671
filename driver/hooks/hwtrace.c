/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Hardware trace hooks (perfscope_hwtrace.h): the compiler's entry and exit
 * hooks, each one store of the function's address to a constant address,
 * the IP doing the rest (docs/trace.md); and the unit's control and
 * readout. The one-store hooks need no code here: `perfscope patch` writes
 * each function's entry and exit into the function's own nops.
 */
#include <stdint.h>

#include "../perf_internal.h"
#include "perfscope_frame.h"
#include "perfscope_hwtrace.h"

#ifndef PERF_HWTRACE_BASE
#include "system.h" /* the BSP's: PERFORMANCE_COUNTER_0_BASE */
#define PERF_HWTRACE_BASE PERFORMANCE_COUNTER_0_BASE
#endif

void __cyg_profile_func_enter(void *this_fn, void *call_site)
{
	(void)call_site; /* a record names the function; its caller is the call open before it */
	PERF_MMIO_WRITE32(PERF_ADDR(PERF_HWTRACE_BASE, PERF_REG_TRACE_ENTER),
	                  (uint32_t)(uintptr_t)this_fn);
}

void __cyg_profile_func_exit(void *this_fn, void *call_site)
{
	(void)call_site;
	PERF_MMIO_WRITE32(PERF_ADDR(PERF_HWTRACE_BASE, PERF_REG_TRACE_EXIT),
	                  (uint32_t)(uintptr_t)this_fn);
}


void perf_hwtrace_irq_mark(int enter, uint32_t cause)
{
	PERF_MMIO_WRITE32(PERF_ADDR(PERF_HWTRACE_BASE,
	                            enter ? PERF_REG_TRACE_IRQ_ENTER : PERF_REG_TRACE_IRQ_EXIT),
	                  cause);
}

static int has_trace_unit(void *base) PERF_NO_TRACE;
static int has_trace_unit(void *base)
{
	return (PERF_REG_READ(base, PERF_REG_CONFIG) & PERF_CONFIG_TRACE_MASK) != 0;
}

int perf_hwtrace_start(void *base, enum perf_hwtrace_mode mode)
{
	if (mode != PERF_HWTRACE_STOP_ON_FULL && mode != PERF_HWTRACE_OVERWRITE)
		return -PERF_EINVAL;
	if (!has_trace_unit(base))
		return -PERF_ENODEV;
	const uint32_t ctrl =
	        PERF_TRACE_CTRL_ENABLE_MASK |
	        (mode == PERF_HWTRACE_OVERWRITE ? PERF_TRACE_CTRL_OVERWRITE_MASK : 0u);
	PERF_REG_WRITE(base, PERF_REG_TRACE_CTRL, PERF_TRACE_CTRL_CLEAR_MASK);
	PERF_REG_WRITE(base, PERF_REG_TRACE_CTRL, ctrl);
	perf_trace_popped = 0;
	return 0;
}

void perf_hwtrace_stop(void *base)
{
	/* TRACE_CTRL reads 0: the mode to keep reads back in TRACE_DROPS. */
	const uint32_t mode =
	        PERF_REG_READ(base, PERF_REG_TRACE_DROPS) & PERF_TRACE_DROPS_OVERWRITE_MASK;
	PERF_REG_WRITE(base, PERF_REG_TRACE_CTRL,
	               (mode >> PERF_TRACE_DROPS_OVERWRITE_SHIFT)
	                       << PERF_TRACE_CTRL_OVERWRITE_SHIFT);
}

uint32_t perf_hwtrace_drops(void *base)
{
	return (PERF_REG_READ(base, PERF_REG_TRACE_DROPS) & PERF_TRACE_DROPS_COUNT_MASK) >>
	       PERF_TRACE_DROPS_COUNT_SHIFT;
}

uint32_t perf_hwtrace_level(void *base)
{
	return (PERF_REG_READ(base, PERF_REG_TRACE_STATUS) & PERF_TRACE_STATUS_LEVEL_MASK) >>
	       PERF_TRACE_STATUS_LEVEL_SHIFT;
}

uint32_t perf_hwtrace_high_water(void *base)
{
	/* One read: LEVEL and GAP from the same cycle, whose sum is the mark. */
	const uint32_t status = PERF_REG_READ(base, PERF_REG_TRACE_STATUS);
	return ((status & PERF_TRACE_STATUS_LEVEL_MASK) >> PERF_TRACE_STATUS_LEVEL_SHIFT) +
	       ((status & PERF_TRACE_STATUS_GAP_MASK) >> PERF_TRACE_STATUS_GAP_SHIFT);
}

int perf_hwtrace_pop(void *base, uint64_t *rec)
{
	/* An interrupt handler reading a section's time between the two reads
	 * would take the latch POP_HI reads, as it would TIME_HI's. */
	const uint32_t mstatus = perf_irq_save();
	const uint32_t w0 = PERF_REG_READ(base, PERF_REG_TRACE_POP_LO);
	const uint32_t w1 = PERF_REG_READ(base, PERF_REG_TRACE_POP_HI);
	perf_irq_restore(mstatus);
	/* An empty pop latches 1111 in bits 31:28, which no record has. */
	if (w1 >> 28 == 0xfu)
		return 0;
	*rec = (uint64_t)w1 << 32 | w0;
	perf_trace_popped++;
	return 1;
}

struct chunk {
	uint32_t first, n;
	uint64_t rec[PERF_HWTRACE_FRAME_RECORDS];
};

static void trace_payload(struct perf_frame *f, const void *arg) PERF_NO_TRACE;
static void trace_payload(struct perf_frame *f, const void *arg)
{
	const struct chunk *c = arg;
	const struct perf_frame_trace_head h = { .first = c->first, .n = c->n };
	PERF_FRAME_PUT(f, PERF_FRAME_TRACE_HEAD_FIELDS, &h);
	for (uint32_t i = 0; i < c->n; i++) {
		const struct perf_frame_trace_record r = { .word0 = (uint32_t)c->rec[i],
			                                   .word1 = (uint32_t)(c->rec[i] >> 32) };
		PERF_FRAME_PUT(f, PERF_FRAME_TRACE_RECORD_FIELDS, &r);
	}
}

int perf_hwtrace_frame(void *base, perf_put_fn put, void *ctx)
{
	if (!has_trace_unit(base))
		return -PERF_ENODEV;
	/* perf_frame_write runs the payload twice: the records are popped
	 * into the chunk first, a frame's worth at a time. */
	struct chunk c;
	int total = 0;
	do {
		c.first = perf_trace_popped;
		for (c.n = 0;
		     c.n < PERF_HWTRACE_FRAME_RECORDS && perf_hwtrace_pop(base, &c.rec[c.n]);)
			c.n++;
		if (c.n && perf_frame_write("trace", trace_payload, &c, put, ctx))
			return -PERF_EIO;
		total += (int)c.n;
	} while (c.n == PERF_HWTRACE_FRAME_RECORDS);
	return total;
}
