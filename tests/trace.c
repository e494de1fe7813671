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
static uint32_t time_lo(struct rec r)
{
	return (r.w1 & PERF_TRACE_TIME_LO_MASK) >> PERF_TRACE_TIME_LO_SHIFT;
}
/* TIME_LO's width: a SYNC's word 0 holds the time's bits above it. */
#define WINDOW_SHIFT 21u
_Static_assert(PERF_TRACE_TIME_LO_MASK >> PERF_TRACE_TIME_LO_SHIFT == (1u << WINDOW_SHIFT) - 1,
               "TIME_LO is not bits 20:0 of the time");
/* An event's time: its TIME_LO in the window of the last SYNC. */
static uint64_t ev_time(uint32_t window, struct rec r)
{
	return (uint64_t)window << WINDOW_SHIFT | time_lo(r);
}

static uint32_t level(void)
{
	return REG(PERF_REG_TRACE_STATUS) & PERF_TRACE_STATUS_LEVEL_MASK;
}
/* The high-water mark: LEVEL + GAP, from one read. */
static uint32_t high(void)
{
	const uint32_t status = REG(PERF_REG_TRACE_STATUS);
	return (status & PERF_TRACE_STATUS_LEVEL_MASK) +
	       ((status & PERF_TRACE_STATUS_GAP_MASK) >> PERF_TRACE_STATUS_GAP_SHIFT);
}
static uint32_t drops(void)
{
	return REG(PERF_REG_TRACE_DROPS) & PERF_TRACE_DROPS_COUNT_MASK;
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
	check_u64("TRACE_DROPS reads 0 after reset: no drops, mode bits 0",
	          REG(PERF_REG_TRACE_DROPS), 0);
	check_u64("TRACE_STATUS reads 0 after reset", REG(PERF_REG_TRACE_STATUS), 0);
	check_u64("the event registers read 0",
	          REG(PERF_REG_TRACE_ENTER) | REG(PERF_REG_TRACE_EXIT) |
	                  REG(PERF_REG_TRACE_IRQ_ENTER) | REG(PERF_REG_TRACE_IRQ_EXIT),
	          0);
	REG(PERF_REG_TRACE_ENTER) = 0x1234; /* not enabled: no record */
	check_u64("no record while ENABLE is clear", level(), 0);
	const struct rec r = pop();
	check_u64("POP_LO of an empty FIFO reads 0", r.w0, 0);
	/* Bits 27:0 are whatever the RAM gives; 1111 in 31:28 is no record's
	 * (a LOSS has bit 28 0). */
	check_u64("... and latches a word with bits 31:28 all ones", r.w1 >> 28, 0xf);
	/* POP_HI reads the latch TIME_LO fills for TIME_HI (docs/trace.md):
	 * a TIME_LO read in between replaces the record's word 1, here with
	 * G's high word, 0 this soon after the reset. */
	(void)REG(PERF_REG_TIME_LO(0));
	check_u64("POP_HI shares TIME_HI's latch", REG(PERF_REG_TRACE_POP_HI), 0);
}

/* Four marks back to back: the CPU's closest two stores apart. Not inlined,
 * and its five instructions in one 32-byte line of the instruction cache:
 * the call before ENABLE warms the line, and if the checks' printf between
 * the two calls evicted it, the traced call misses once, before its first
 * store, never between two of them (whatever the layout of the image). */
static __attribute__((noinline, aligned(32))) void marks(uint32_t a, uint32_t b)
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
	check_u64("TRACE_CTRL reads 0 while enabled", REG(PERF_REG_TRACE_CTRL), 0);
	check_u64("TRACE_DROPS reads ENABLE in bit 30, no drops", REG(PERF_REG_TRACE_DROPS),
	          PERF_TRACE_DROPS_ENABLE_MASK);
	const uint32_t g0 = REG(PERF_REG_TIME_LO(0));
	marks(0x100, 0x200);          /* 4 records and their SYNC */
	recurse(3);                   /* 8, depth 0..3 */
	REG(PERF_REG_TIME_HI(2)) = 0; /* BEGIN 2 */
	irq_marks(0x8000000bu);
	REG(PERF_REG_TIME_LO(2)) = 0;      /* END 2 */
	REG(PERF_REG_TRACE_EXIT) = 0x300;  /* an EXIT at depth 0: the depth wraps to 255 */
	REG(PERF_REG_TRACE_ENTER) = 0x301; /* at depth 255, and back to 0 */
	REG(PERF_REG_TRACE_CTRL) = 0;      /* disabled: the next two make nothing */
	REG(PERF_REG_TRACE_ENTER) = 0x400;
	REG(PERF_REG_TIME_HI(3)) = 0;
	const uint32_t g1 = REG(PERF_REG_TIME_LO(0));
	check_u64("section 2 still counts its BEGIN", REG(PERF_REG_OCC(2)), 1);
	check_u64("section 3 counts its BEGIN while the trace is off", REG(PERF_REG_OCC(3)), 1);
	check_u64("TRACE_STATUS: 19 records, GAP 0 while the level is the mark",
	          REG(PERF_REG_TRACE_STATUS), 19);
	check_u64("TRACE_STATUS: high-water mark 19", high(), 19);
	check_u64("TRACE_DROPS: none, and disabled", REG(PERF_REG_TRACE_DROPS), 0);

	/* G counts from the RESET above: both reads lie in window 0, and so
	 * does every record between them. */
	check_u64("G below 2^21 at the second read", g1 >> WINDOW_SHIFT, 0);
	const struct rec s = pop();
	check_u64("record 0 is a SYNC", type(s), PERF_TRACE_SYNC);
	check_u64("the SYNC's word 0: G's window, 0", s.w0, 0);
	const uint32_t w = s.w0;
	struct rec r = pop();
	expect("ENTER 0x100", r, PERF_TRACE_ENTER, 0x100, 0);
	uint64_t t = ev_time(w, r);
	check_u64("the first record's time lies between two reads of G", t > g0 && t < g1, 1);
	r = pop();
	expect("ENTER 0x200", r, PERF_TRACE_ENTER, 0x200, 1);
	check_u64("back-to-back marks: MARK_DISTANCE apart", ev_time(w, r) - t, MARK_DISTANCE);
	t = ev_time(w, r);
	r = pop();
	expect("EXIT 0x200: the depth inside it", r, PERF_TRACE_EXIT, 0x200, 2);
	check_u64("EXIT 0x200: MARK_DISTANCE after its ENTER", ev_time(w, r) - t, MARK_DISTANCE);
	t = ev_time(w, r);
	r = pop();
	expect("EXIT 0x100", r, PERF_TRACE_EXIT, 0x100, 1);
	check_u64("EXIT 0x100: MARK_DISTANCE after EXIT 0x200", ev_time(w, r) - t, MARK_DISTANCE);
	t = ev_time(w, r);
	for (unsigned i = 0; i < 8; i++) {
		char what[48];
		/* ENTER n at depth 3 - n, EXIT n at the depth inside it, 4 - n. */
		const unsigned d = i < 4 ? i : 8 - i;
		snprintf(what, sizeof what, "recursion record %u", i);
		r = pop();
		expect(what, r, i < 4 ? PERF_TRACE_ENTER : PERF_TRACE_EXIT,
		       (uint32_t)(uintptr_t)recurse, d);
		snprintf(what, sizeof what, "recursion record %u: later than the one before", i);
		check_u64(what, ev_time(w, r) > t, 1);
		t = ev_time(w, r);
	}
	r = pop();
	expect("BEGIN 2", r, PERF_TRACE_BEGIN, 2, 0);
	t = ev_time(w, r);
	r = pop();
	expect("IRQ_ENTER", r, PERF_TRACE_IRQ_ENTER, 0x8000000bu, 0);
	t = ev_time(w, r);
	r = pop();
	expect("IRQ_EXIT", r, PERF_TRACE_IRQ_EXIT, 0x8000000bu, 0);
	check_u64("IRQ_EXIT right after IRQ_ENTER: MARK_DISTANCE apart", ev_time(w, r) - t,
	          MARK_DISTANCE);
	t = ev_time(w, r);
	r = pop();
	expect("END 2", r, PERF_TRACE_END, 2, 0);
	t = ev_time(w, r);
	r = pop();
	expect("EXIT at depth 0", r, PERF_TRACE_EXIT, 0x300, 0);
	t = ev_time(w, r);
	r = pop();
	expect("ENTER after it: the depth wrapped to 255", r, PERF_TRACE_ENTER, 0x301, 255);
	check_u64("the last record's time lies between the one before and the read of G after it",
	          ev_time(w, r) > t && ev_time(w, r) < g1, 1);
	check_u64("every record popped: level 0", level(), 0);
	check_u64("the high-water mark stays: GAP 19", REG(PERF_REG_TRACE_STATUS),
	          19u << PERF_TRACE_STATUS_GAP_SHIFT);
	check_u64("the high-water mark stays", high(), 19);
	REG(PERF_REG_TRACE_CTRL) = CTRL_CLEAR;
	check_u64("CLEAR zeroes the high-water mark", REG(PERF_REG_TRACE_STATUS), 0);
}

/* E events in a loop, event k with data k. */
static __attribute__((noinline)) void burst(unsigned e)
{
	for (unsigned k = 0; k < e; k++)
		REG(PERF_REG_TRACE_ENTER) = k;
}

/* Records that E events make into an unbounded FIFO from a CLEAR: a SYNC
 * at every record whose index is a multiple of 256, where the write pointer
 * enters a block of 256, so 255 events to a block. */
static unsigned records_of(unsigned e)
{
	return e + (e + PERF_TRACE_SYNC_PERIOD - 2) / (PERF_TRACE_SYNC_PERIOD - 1);
}

static void stop_on_full(void)
{
	REG(PERF_REG_TRACE_CTRL) = CTRL_CLEAR | CTRL_ENABLE;
	burst(600);
	/* An event is recorded while the level is below DEPTH - 1, whether it
	 * needs a SYNC or not: event k > 254 is record k + 2 (SYNCs at records
	 * 0 and 256), found at level k + 2, so events 0 to 508 make 511
	 * records and the 91 after are dropped. */
	check_u64("stop on full: records", records_of(509), DEPTH - 1);
	check_u64("stop on full: the level stops at DEPTH - 1", level(), DEPTH - 1);
	check_u64("stop on full: DROPS counts the events dropped", drops(), 91);
	check_u64("stop on full: TRACE_DROPS reads ENABLE above the count",
	          REG(PERF_REG_TRACE_DROPS), PERF_TRACE_DROPS_ENABLE_MASK | 91);
	REG(PERF_REG_TRACE_ENTER) = 1000; /* dropped too */
	check_u64("stop on full: one more dropped", drops(), 92);
	check_u64("stop on full: the high-water mark DEPTH - 1, GAP 0", REG(PERF_REG_TRACE_STATUS),
	          DEPTH - 1);
	struct rec r = pop();
	check_u64("the oldest record is the SYNC", type(r), PERF_TRACE_SYNC);
	check_u64("its window 0 (G below 2^21 since the RESET)", r.w0, 0);
	/* The LOSS needs the level below DEPTH - 2: room for it, a SYNC and
	 * an event. */
	check_u64("no LOSS at level DEPTH - 2", level(), DEPTH - 2);
	r = pop();
	expect("then event 0", r, PERF_TRACE_ENTER, 0, 0);
	uint32_t t = time_lo(r);
	check_u64("at DEPTH - 3 the LOSS goes in, in the first free cycle", level(), DEPTH - 2);
	r = pop();
	check_u64("event 1: later than event 0", time_lo(r) > t, 1);
	t = time_lo(r);
	r = pop();
	const uint32_t period = time_lo(r) - t; /* event 2: the loop's period */
	t = time_lo(r);
	check_u64("four records taken, the LOSS in", level(), DEPTH - 4);
	REG(PERF_REG_TRACE_ENTER) = 2000;
	check_u64("the next event makes a SYNC and its record", level(), DEPTH - 2);
	check_u64("the high-water mark stays DEPTH - 1: GAP 1", REG(PERF_REG_TRACE_STATUS),
	          (DEPTH - 2) | 1u << PERF_TRACE_STATUS_GAP_SHIFT);
	check_u64("the high-water mark is DEPTH - 1", high(), DEPTH - 1);
	check_u64("DROPS counts no more", drops(), 92);
	unsigned bad = 0, syncs = 0;
	for (unsigned i = 4; i < DEPTH - 1; i++) {
		r = pop();
		if (type(r) == PERF_TRACE_SYNC) {
			syncs++;
			bad += r.w0 != 0;
			continue;
		}
		const unsigned k = i - 1 - syncs;
		bad += type(r) != PERF_TRACE_ENTER || r.w0 != k || depth(r) != k % 256 ||
		       time_lo(r) != t + period;
		t = time_lo(r);
	}
	check_u64("events 3 to 508: data, depth, the loop's period, across the SYNC too", bad, 0);
	check_u64("one SYNC among them, record 256, before event 255, window 0", syncs, 1);
	r = pop();
	check_u64("then the LOSS", type(r), PERF_TRACE_LOSS);
	check_u64("the LOSS counts the 92 events dropped", r.w0, 92);
	check_u64("its TIME_LO: the first dropped event's, event 509, a period after 508",
	          time_lo(r), t + period);
	check_u64("LOSS: ROLLED 0 and bits 28:22 0",
	          r.w1 & ~(PERF_TRACE_TYPE_MASK | PERF_TRACE_TIME_LO_MASK), 0);
	r = pop();
	check_u64("a SYNC follows the LOSS", type(r), PERF_TRACE_SYNC);
	check_u64("... window 0", r.w0, 0);
	r = pop();
	expect("the event after the loss", r, PERF_TRACE_ENTER, 2000, 601 % 256);
	check_u64("... later than the first dropped", time_lo(r) > t + period, 1);
	check_u64("drained", level(), 0);
}

static void overwrite(void)
{
	REG(PERF_REG_TRACE_CTRL) = CTRL_CLEAR | CTRL_ENABLE | CTRL_OVERWRITE;
	check_u64("TRACE_CTRL reads 0", REG(PERF_REG_TRACE_CTRL), 0);
	check_u64("TRACE_DROPS reads ENABLE and OVERWRITE in bits 30 and 31",
	          REG(PERF_REG_TRACE_DROPS),
	          PERF_TRACE_DROPS_ENABLE_MASK | PERF_TRACE_DROPS_OVERWRITE_MASK);
	burst(600);
	/* 603 records; the FIFO keeps the newest 512. */
	check_u64("OVERWRITE: records made", records_of(600), 603);
	check_u64("OVERWRITE: the FIFO is full", level(), DEPTH);
	check_u64("OVERWRITE: DROPS counts the records overwritten", drops(), 603 - DEPTH);
	check_u64("OVERWRITE: the high-water mark the depth, GAP 0", high(), DEPTH);
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
	check_u64("OVERWRITE: GAP 300 below the mark", REG(PERF_REG_TRACE_STATUS),
	          (DEPTH - 300) | 300u << PERF_TRACE_STATUS_GAP_SHIFT);
	/* The rest stays for the harness to drain after the exit. */
	REG(PERF_REG_TRACE_CTRL) = CTRL_ENABLE; /* stop on full again; still enabled: no SYNC */
	check_u64("stop on full again: TRACE_DROPS reads ENABLE alone, the count kept",
	          REG(PERF_REG_TRACE_DROPS), PERF_TRACE_DROPS_ENABLE_MASK | (603 - DEPTH));
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
