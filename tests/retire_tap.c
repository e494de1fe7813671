/* SPDX-License-Identifier: Apache-2.0 */
/* perfscope's retire tap driven by the firmware (perfscope_retire.h,
 * docs/retire.md), on the simulated SoC, whose perfscope has all of it:
 * RETIRE, a 4096-word histogram and trigger addresses on all 7 sections.
 * The reference model checks every read, every trace record and every
 * histogram word against its own computation from the CPU's retire
 * signals; the checks here are the counts the program knows.
 *
 * - Trigger addresses: section 1 armed on spin_loop's first instruction
 *   and its ret BEGINs and ENDs 10 times for 10 calls, without a store;
 *   section 2 armed with the same ret as its start, where section 1 ends,
 *   loses each of its hits (counted); a disarmed section stays still.
 * - The histogram over the program, 64-byte buckets: the bucket of
 *   spin_loop's loop gets most of the cycles of a run that spins there.
 * - Calls: the trace unit records the calls of nest() with no hook; the
 *   harness checks each record, and none is dropped. */
#include <stdint.h>
#include <stdio.h>

#include "lib/check.h"
#include "perfscope.h"
#include "perfscope_frame.h"
#include "perfscope_retire.h"
#include "soc.h"

#define P ((void *)SOC_PERF_BASE)

/* A loop of n iterations (n > 0) with labels at its ret and its loop,
 * where the trigger addresses and the histogram's checks go: C has no
 * address for a ret. Its first instruction runs once a call. */
__asm__(".text\n"
        ".balign 4\n"
        ".globl spin_loop\n"
        ".type spin_loop, @function\n"
        "spin_loop:\n"
        "	mv t0, a0\n"
        ".globl spin_loop_top\n"
        "spin_loop_top:\n"
        "	addi t0, t0, -1\n"
        "	bnez t0, spin_loop_top\n"
        ".globl spin_loop_ret\n"
        "spin_loop_ret:\n"
        "	ret\n"
        ".size spin_loop, . - spin_loop\n");
void spin_loop(uint32_t n);
extern const char spin_loop_ret[], spin_loop_top[];

static volatile uint32_t sink;

__attribute__((noinline)) static unsigned nest(unsigned n)
{
	if (!n)
		return 0;
	const unsigned r = nest(n - 1);
	sink = r;
	return r + 1u;
}

static uint32_t reg(uint32_t off)
{
	return PERF_MMIO_READ32(PERF_ADDR(P, off));
}

static void triggers(void)
{
	const uint32_t start = (uint32_t)(uintptr_t)spin_loop,
	               end = (uint32_t)(uintptr_t)spin_loop_ret;
	check_int("perf_trig_arm(1) on spin_loop", perf_trig_arm(P, 1, start, end), 0);
	check_int("perf_trig_arm(8): no such section", perf_trig_arm(P, 8, start, end),
	          -PERF_EINVAL);
	check_int("perf_trig_arm: odd address", perf_trig_arm(P, 1, start + 1, end), -PERF_EINVAL);
	PERF_RESET(P);
	PERF_START_MEASURING(P);
	for (int i = 0; i < 10; i++)
		spin_loop(20);
	check_u64("section 1, armed on spin_loop: 10 occurrences for 10 calls",
	          perf_get_num_starts(P, 1), 10);
	check_u64("section 1 stopped at the ret", reg(PERF_REG_RUN) & 2u, 0);
	check_int("no trigger hit lost", perf_trig_lost(P), 0);
	const uint64_t ten = perf_get_section_time(P, 1);

	/* Section 2 starts where section 1 ends: section 1 acts, section 2's
	 * hit is counted as lost, once per call. (Its end is never reached.) */
	check_int("perf_trig_arm(2) on spin_loop's ret",
	          perf_trig_arm(P, 2, end, (uint32_t)(uintptr_t)nest), 0);
	for (int i = 0; i < 3; i++)
		spin_loop(20);
	check_u64("section 1: 3 more occurrences", perf_get_num_starts(P, 1), 13);
	check_u64("section 2: its start shared with section 1's end: no occurrence",
	          perf_get_num_starts(P, 2), 0);
	check_int("section 2: 3 hits lost", perf_trig_lost(P), 3);
	check_u64("section 1: 3 more calls take more time", perf_get_section_time(P, 1) > ten, 1);

	check_int("perf_trig_disarm(1)", perf_trig_disarm(P, 1), 0);
	check_int("perf_trig_disarm(2)", perf_trig_disarm(P, 2), 0);
	spin_loop(20);
	check_u64("section 1 disarmed: still 13 occurrences", perf_get_num_starts(P, 1), 13);
	PERF_STOP_MEASURING(P);
}

static void histogram(void)
{
	const int words = perf_hist_words(P);
	check_int("perf_hist_words: 4096", words, 4096);
	check_int("perf_hist_start: shift 8 out of range", perf_hist_start(P, 0, 8, 0),
	          -PERF_EINVAL);
	check_int("perf_hist_start: 64-byte buckets from 0", perf_hist_start(P, 0, 4, 0), 0);
	spin_loop(2000);
	check_int("perf_hist_stop", perf_hist_stop(P), 0);
	static uint32_t w[4096];
	check_int("perf_hist_read: all words", perf_hist_read(P, w, 4096), 4096);
	uint64_t total = 0;
	for (int i = 0; i < 4096; i++)
		total += w[i];
	/* spin_loop(2000) retires 4000 instructions in its loop, each
	 * charging at least its own cycle to the loop's bucket (or buckets, if
	 * the loop straddles a 64-byte line). */
	const uint32_t top = (uint32_t)(uintptr_t)spin_loop_top / 64u,
	               bottom = ((uint32_t)(uintptr_t)spin_loop_top + 4u) / 64u;
	const uint64_t loop = w[top] + (bottom != top ? w[bottom] : 0);
	check_u64("the loop's bucket holds at least its 4000 instructions' cycles", loop >= 4000,
	          1);
	check_u64("the loop's bucket holds most of the run", loop * 2 > total, 1);
	check_int("perf_hist_read while running: busy",
	          (perf_hist_start(P, 0, 4, 0), perf_hist_read(P, w, 1)), -PERF_EBUSY);
	perf_hist_stop(P);
	check_int("perf_hist_frame", perf_hist_frame(P, NULL, NULL), 0);
}

static void calls(void)
{
	check_int("perf_retire_start", perf_retire_start(P), 0);
	/* TRACE_CTRL reads 0; the mode reads back in TRACE_DROPS, above the
	 * count. */
	const uint32_t ctrl = reg(PERF_REG_TRACE_CTRL), started = reg(PERF_REG_TRACE_DROPS);
	PERF_START_MEASURING(P);
	check_u64("nest(6) returns 6", nest(6), 6);
	check_int("perf_retire_stop", perf_retire_stop(P), 0);
	const uint32_t stopped = reg(PERF_REG_TRACE_DROPS);
	check_u64("perf_retire_start: TRACE_CTRL reads 0", ctrl, 0);
	check_u64("perf_retire_start: TRACE_DROPS reads ENABLE, stop on full, no drops", started,
	          PERF_TRACE_DROPS_ENABLE_MASK);
	check_u64("no record dropped", stopped & PERF_TRACE_DROPS_COUNT_MASK, 0);
	check_u64("perf_retire_stop: ENABLE reads 0 in TRACE_DROPS",
	          stopped & PERF_TRACE_DROPS_ENABLE_MASK, 0);
	PERF_STOP_MEASURING(P);
}

int main(void)
{
	const uint32_t config = reg(PERF_REG_CONFIG);
	check_u64("CONFIG.RETIRE", (config & PERF_CONFIG_RETIRE_MASK) >> PERF_CONFIG_RETIRE_SHIFT,
	          1);
	check_u64("CONFIG.HIST: 4096 words",
	          (config & PERF_CONFIG_HIST_MASK) >> PERF_CONFIG_HIST_SHIFT, 12);
	check_u64("CONFIG.TRIGGERS: 7",
	          (config & PERF_CONFIG_TRIGGERS_MASK) >> PERF_CONFIG_TRIGGERS_SHIFT, 7);
	triggers();
	histogram();
	calls();
	return check_summary();
}
