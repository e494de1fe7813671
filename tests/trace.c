/* SPDX-License-Identifier: Apache-2.0 */
/* The trace unit (docs/trace.md) seen from firmware, with exact
 * expectations: records of ENTER/EXIT (nested, and a recursion), section
 * BEGIN/END and IRQ marks, read back by POP; the depth; the SYNC rules; stop
 * on full with its drops and the LOSS record; OVERWRITE. tests/conftest.py
 * runs it with +trace_stall=1000000, so that the harness takes nothing from the
 * stream while it runs (it ends long before cycle 1,000,000); the records
 * it leaves in the FIFO the harness drains after the exit, into
 * build/fw/<cpu>/tests/trace.trace, the reference model checking each. */
#include <stdint.h>
#include <stdio.h>

#include "lib/check.h"
#include "cpu_timing.h"
#include "perfscope.h"
#include "perfscope_frames.h"
#include "soc.h"

#define DEPTH 512u /* the SoC's TRACE_DEPTH */
#define REG(off) SOC_REG(SOC_PERF_BASE + (off))
#define CTRL_ENABLE PERF_TRACE_CTRL_ENABLE_MASK
#define CTRL_OVERWRITE PERF_TRACE_CTRL_OVERWRITE_MASK
#define CTRL_CLEAR PERF_TRACE_CTRL_CLEAR_MASK

struct rec {
	uint32_t w0, w1;
};

static struct rec pop(void)
{
	struct rec r;
	r.w0 = REG(PERF_REG_TRACE_POP_LO);
	r.w1 = REG(PERF_REG_TRACE_POP_HI);
	return r;
}

static unsigned type(struct rec r)
{
	return r.w1 >> PERF_TRACE_TYPE_SHIFT;
}
static unsigned depth(struct rec r)
{
	return (r.w1 & PERF_TRACE_DEPTH_MASK) >> PERF_TRACE_DEPTH_SHIFT;
}
static unsigned delta(struct rec r)
{
	return r.w1 & PERF_TRACE_DELTA_MASK;
}
static uint64_t sync_time(struct rec r)
{
	return ((uint64_t)(r.w1 & PERF_TRACE_TIME_HI_MASK) << 32) | r.w0;
}

static uint32_t level(void)
{
	return REG(PERF_REG_TRACE_STATUS) & PERF_TRACE_STATUS_LEVEL_MASK;
}
static uint32_t high(void)
{
	return REG(PERF_REG_TRACE_STATUS) >> PERF_TRACE_STATUS_HIGH_SHIFT;
}

static void expect(const char *what, struct rec r, unsigned t, uint32_t w0, unsigned d)
{
	char buf[96];
	snprintf(buf, sizeof buf, "%s: type", what);
	check_u64(buf, type(r), t);
	snprintf(buf, sizeof buf, "%s: word 0", what);
	check_u64(buf, r.w0, w0);
	snprintf(buf, sizeof buf, "%s: depth", what);
	check_u64(buf, depth(r), d);
}

static void discovery(void)
{
	check_u64("CONFIG.TRACE is log2(512)",
	          (REG(PERF_REG_CONFIG) & PERF_CONFIG_TRACE_MASK) >> PERF_CONFIG_TRACE_SHIFT, 9);
	check_u64("TRACE_CTRL reads 0 after reset", REG(PERF_REG_TRACE_CTRL), 0);
	check_u64("TRACE_STATUS reads 0 after reset", REG(PERF_REG_TRACE_STATUS), 0);
	check_u64("the event registers read 0",
	          REG(PERF_REG_TRACE_ENTER) | REG(PERF_REG_TRACE_EXIT) |
	                  REG(PERF_REG_TRACE_IRQ_ENTER) | REG(PERF_REG_TRACE_IRQ_EXIT),
	          0);
	REG(PERF_REG_TRACE_ENTER) = 0x1234; /* not enabled: no record */
	check_u64("no record while ENABLE is clear", level(), 0);
	const struct rec r = pop();
	check_u64("POP_LO of an empty FIFO reads 0", r.w0, 0);
	check_u64("... and latches 0xffffffff", r.w1, 0xffffffffu);
	/* POP_HI reads the latch TIME_LO fills for TIME_HI (docs/trace.md):
	 * a TIME_LO read in between replaces the record's word 1, here with
	 * G's high word, 0 this soon after the reset. */
	(void)REG(PERF_REG_TIME_LO(0));
	check_u64("POP_HI shares TIME_HI's latch", REG(PERF_REG_TRACE_POP_HI), 0);
}

/* Four marks back to back: their deltas are the CPU's closest two stores. */
static void marks(uint32_t a, uint32_t b)
{
	volatile uint32_t *p = (volatile uint32_t *)(uintptr_t)SOC_PERF_BASE;
	__asm__ volatile("sw %1, %3(%0)\n\tsw %2, %3(%0)\n\tsw %2, %4(%0)\n\tsw %1, %4(%0)"
	                 :
	                 : "r"(p), "r"(a), "r"(b), "i"(PERF_REG_TRACE_ENTER),
	                   "i"(PERF_REG_TRACE_EXIT)
	                 : "memory");
}

static __attribute__((noinline)) void irq_marks(uint32_t cause)
{
	REG(PERF_REG_TRACE_IRQ_ENTER) = cause;
	REG(PERF_REG_TRACE_IRQ_EXIT) = cause;
}

static __attribute__((noinline)) void recurse(unsigned n)
{
	REG(PERF_REG_TRACE_ENTER) = (uint32_t)(uintptr_t)recurse;
	if (n)
		recurse(n - 1);
	REG(PERF_REG_TRACE_EXIT) = (uint32_t)(uintptr_t)recurse;
}

static void events(void)
{
	REG(PERF_REG_TIME_LO(0)) = 1; /* RESET */
	REG(PERF_REG_TIME_HI(0)) = 0; /* START */
	marks(0x100, 0x200);          /* not enabled: only the caches warm up */
	irq_marks(0x8000000bu);
	REG(PERF_REG_TRACE_CTRL) = CTRL_CLEAR | CTRL_ENABLE;
	check_u64("TRACE_CTRL reads ENABLE", REG(PERF_REG_TRACE_CTRL), CTRL_ENABLE);
	const uint32_t g0 = REG(PERF_REG_TIME_LO(0));
	marks(0x100, 0x200);          /* 4 records and their SYNC */
	recurse(3);                   /* 8, depth 0..3 */
	REG(PERF_REG_TIME_HI(2)) = 0; /* BEGIN 2 */
	irq_marks(0x8000000bu);
	REG(PERF_REG_TIME_LO(2)) = 0;     /* END 2 */
	REG(PERF_REG_TRACE_EXIT) = 0x300; /* an EXIT at depth 0 stays at 0 */
	REG(PERF_REG_TRACE_CTRL) = 0;     /* disabled: the next two make nothing */
	REG(PERF_REG_TRACE_ENTER) = 0x400;
	REG(PERF_REG_TIME_HI(3)) = 0;
	const uint32_t g1 = REG(PERF_REG_TIME_LO(0));
	check_u64("section 2 still counts its BEGIN", REG(PERF_REG_OCC(2)), 1);
	check_u64("section 3 counts its BEGIN while the trace is off", REG(PERF_REG_OCC(3)), 1);
	check_u64("TRACE_STATUS: 18 records", level(), 18);
	check_u64("TRACE_STATUS: high-water mark 18", high(), 18);
	check_u64("TRACE_DROPS: none", REG(PERF_REG_TRACE_DROPS), 0);

	const struct rec s = pop();
	check_u64("record 0 is a SYNC", type(s), PERF_TRACE_SYNC);
	const uint64_t t0 = sync_time(s);
	check_u64("the SYNC's time lies between two reads of G", t0 > g0 && t0 < g1, 1);
	struct rec r = pop();
	expect("ENTER 0x100", r, PERF_TRACE_ENTER, 0x100, 0);
	check_u64("the first record after the SYNC: delta 0", delta(r), 0);
	uint64_t t = t0;
	r = pop();
	expect("ENTER 0x200", r, PERF_TRACE_ENTER, 0x200, 1);
	check_u64("back-to-back marks: delta MARK_DISTANCE", delta(r), MARK_DISTANCE);
	t += delta(r);
	r = pop();
	expect("EXIT 0x200", r, PERF_TRACE_EXIT, 0x200, 1);
	check_u64("EXIT 0x200: delta MARK_DISTANCE", delta(r), MARK_DISTANCE);
	t += delta(r);
	r = pop();
	expect("EXIT 0x100", r, PERF_TRACE_EXIT, 0x100, 0);
	check_u64("EXIT 0x100: delta MARK_DISTANCE", delta(r), MARK_DISTANCE);
	t += delta(r);
	for (unsigned i = 0; i < 8; i++) {
		char what[48];
		const unsigned d = i < 4 ? i : 7 - i;
		snprintf(what, sizeof what, "recursion record %u", i);
		r = pop();
		expect(what, r, i < 4 ? PERF_TRACE_ENTER : PERF_TRACE_EXIT,
		       (uint32_t)(uintptr_t)recurse, d);
		t += delta(r);
	}
	r = pop();
	expect("BEGIN 2", r, PERF_TRACE_BEGIN, 2, 0);
	t += delta(r);
	r = pop();
	expect("IRQ_ENTER", r, PERF_TRACE_IRQ_ENTER, 0x8000000bu, 0);
	t += delta(r);
	r = pop();
	expect("IRQ_EXIT", r, PERF_TRACE_IRQ_EXIT, 0x8000000bu, 0);
	check_u64("IRQ_EXIT right after IRQ_ENTER: delta MARK_DISTANCE", delta(r), MARK_DISTANCE);
	t += delta(r);
	r = pop();
	expect("END 2", r, PERF_TRACE_END, 2, 0);
	t += delta(r);
	r = pop();
	expect("EXIT at depth 0", r, PERF_TRACE_EXIT, 0x300, 0);
	t += delta(r);
	check_u64("the last record's time lies before the read of G after it", t < g1, 1);
	check_u64("every record popped: level 0", level(), 0);
	check_u64("the high-water mark stays", high(), 18);
	REG(PERF_REG_TRACE_CTRL) = CTRL_CLEAR;
	check_u64("CLEAR zeroes the high-water mark", REG(PERF_REG_TRACE_STATUS), 0);
}

/* E events in a loop, event k with data k. */
static __attribute__((noinline)) void burst(unsigned e)
{
	for (unsigned k = 0; k < e; k++)
		REG(PERF_REG_TRACE_ENTER) = k;
}

/* Records that E events make into an unbounded FIFO: a SYNC before every
 * 255th event from the first. */
static unsigned records_of(unsigned e)
{
	return e + (e + PERF_TRACE_SYNC_PERIOD - 2) / (PERF_TRACE_SYNC_PERIOD - 1);
}

static void stop_on_full(void)
{
	REG(PERF_REG_TRACE_CTRL) = CTRL_CLEAR | CTRL_ENABLE;
	burst(600);
	/* 510 events fill 512 records (with 2 SYNCs): the 90 after are dropped. */
	check_u64("stop on full: records", records_of(510), DEPTH);
	check_u64("stop on full: the FIFO is full", level(), DEPTH);
	check_u64("stop on full: DROPS counts the events dropped", REG(PERF_REG_TRACE_DROPS), 90);
	REG(PERF_REG_TRACE_ENTER) = 1000; /* dropped too */
	check_u64("stop on full: one more dropped", REG(PERF_REG_TRACE_DROPS), 91);
	struct rec r = pop();
	check_u64("the oldest record is the SYNC", type(r), PERF_TRACE_SYNC);
	r = pop();
	expect("then event 0", r, PERF_TRACE_ENTER, 0, 0);
	check_u64("no LOSS while there is no room for it and a SYNC and an event", level(),
	          DEPTH - 2);
	r = pop();
	const unsigned period = delta(pop()); /* event 2: the loop's period */
	check_u64("event 1: a delta from event 0", delta(r) != 0, 1);
	/* Three taken: the LOSS goes in at the first free cycle. */
	check_u64("the LOSS is written once there is room for three", level(), DEPTH - 3);
	REG(PERF_REG_TRACE_ENTER) = 2000;
	check_u64("the next event makes a SYNC and its record", level(), DEPTH - 1);
	check_u64("the high-water mark is the depth", high(), DEPTH);
	check_u64("DROPS counts no more", REG(PERF_REG_TRACE_DROPS), 91);
	unsigned bad = 0, syncs = 0;
	for (unsigned i = 4; i < DEPTH; i++) {
		r = pop();
		if (type(r) == PERF_TRACE_SYNC) {
			syncs++;
			continue;
		}
		const unsigned k = i - 1 - syncs;
		bad += type(r) != PERF_TRACE_ENTER || r.w0 != k || depth(r) != k % 256 ||
		       delta(r) != (i - 1 == 256 ? 0 : period);
	}
	check_u64("events 3 to 509: data, depth, the loop's period, after a SYNC 0", bad, 0);
	check_u64("one SYNC among them, before event 255", syncs, 1);
	r = pop();
	check_u64("then the LOSS", type(r), PERF_TRACE_LOSS);
	check_u64("the LOSS counts the 91 events dropped", r.w0, 91);
	check_u64("its delta: the first dropped event's, the loop's period", delta(r), period);
	check_u64("LOSS: depth bits 0", depth(r), 0);
	r = pop();
	check_u64("a SYNC follows the LOSS", type(r), PERF_TRACE_SYNC);
	r = pop();
	expect("the event after the loss", r, PERF_TRACE_ENTER, 2000, 601 % 256);
	check_u64("its delta 0 after the SYNC", delta(r), 0);
	check_u64("drained", level(), 0);
}

static void overwrite(void)
{
	REG(PERF_REG_TRACE_CTRL) = CTRL_CLEAR | CTRL_ENABLE | CTRL_OVERWRITE;
	check_u64("TRACE_CTRL reads ENABLE and OVERWRITE", REG(PERF_REG_TRACE_CTRL),
	          CTRL_ENABLE | CTRL_OVERWRITE);
	burst(600);
	/* 603 records; the FIFO keeps the newest 512. */
	check_u64("OVERWRITE: records made", records_of(600), 603);
	check_u64("OVERWRITE: the FIFO is full", level(), DEPTH);
	check_u64("OVERWRITE: DROPS counts the records overwritten", REG(PERF_REG_TRACE_DROPS),
	          603 - DEPTH);
	unsigned bad = 0, syncs = 0;
	for (unsigned r_no = 603 - DEPTH; r_no < 603 - DEPTH + 300; r_no++) {
		const struct rec r = pop();
		if (r_no % 256 == 0) {
			syncs++;
			bad += type(r) != PERF_TRACE_SYNC;
			continue;
		}
		const unsigned k = r_no - 1 - r_no / 256;
		bad += type(r) != PERF_TRACE_ENTER || r.w0 != k || depth(r) != k % 256;
	}
	check_u64("OVERWRITE: the oldest 300 kept are records 91 to 390, exact", bad, 0);
	check_u64("OVERWRITE: a SYNC among them (record 256)", syncs, 1);
	check_u64("OVERWRITE: no LOSS, the level", level(), DEPTH - 300);
	/* The rest stays for the harness to drain after the exit. */
	REG(PERF_REG_TRACE_CTRL) = CTRL_ENABLE; /* stop on full again; still enabled: no SYNC */
	REG(PERF_REG_TRACE_EXIT) = 0x500;
	check_u64("the records left for the harness", level(), DEPTH - 300 + 1);
}

int main(void)
{
	discovery();
	events();
	stop_on_full();
	overwrite();
	return check_failures();
}
