/* SPDX-License-Identifier: Apache-2.0 */
/* The trace unit's hooks on a real program (driver/hooks/hwtrace.c), built
 * three times: as hwtrace with the one-store hooks `perfscope patch` writes,
 * as hwtrace_cyg (-DHOOKS_CYG) with -finstrument-functions, and as
 * hwtrace_pop (also -DDRAIN_FRAMES), which drains the FIFO itself by
 * TRACE_POP_LO into trace frames on the console, as a SoC whose stream has
 * no consumer does (conftest.py holds the harness's i_trace_ready low).
 * Either way, every call of work, leaf and fib is two stores, ENTER and
 * EXIT, which the IP stamps and streams to the harness or the pops; the
 * reference model checks every record, and the host tool's table of the
 * stream or the frames is checked against the calls below
 * (tools/test/check_outputs.py). Here: the unit is found, nothing is
 * dropped while the harness drains a record a cycle (or the FIFO holds
 * them all), and the program computes what it would untraced. */
#include <stdint.h>
#include <stdio.h>

#include "lib/check.h"
#include "perfscope_frame.h"
#include "perfscope_hwtrace.h"
#include "soc.h"

#define PERF ((void *)SOC_PERF_BASE)

static int put(int c, void *ctx)
{
	(void)ctx;
	return putchar(c);
}

__attribute__((noinline)) unsigned leaf(unsigned x)
{
	return x * 3u + 1u;
}

/* fib(10): 177 calls, 1 of them from outside. */
__attribute__((noinline)) unsigned fib(unsigned n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

/* 1 call: 10 of leaf, then fib(10). */
__attribute__((noinline)) unsigned work(void)
{
	unsigned s = 0;
	for (unsigned i = 0; i < 10; i++)
		s += leaf(i);
	return s + fib(10);
}

PERF_NO_TRACE int main(void)
{
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	check_int("hwtrace: perf_hwtrace_start finds the unit",
	          perf_hwtrace_start(PERF, PERF_HWTRACE_STOP_ON_FULL), 0);
	PERF_BEGIN(PERF, 1);
	const unsigned r = work();
	PERF_END(PERF, 1);
	perf_hwtrace_stop(PERF);
	check_u64("hwtrace: work() = 145 + fib(10) = 200, as untraced", r, 200);
#ifndef HOOKS_CYG
	/* What the patch made of leaf's entry nops and of its ret, read back
	 * from the running program's own code. */
	const volatile uint32_t *code = (const volatile uint32_t *)(uintptr_t)leaf;
	check_u64("hwtrace: leaf's entry is auipc t0, 0", code[0], 0x00000297u);
	check_u64("hwtrace: then sw t0, -112(x0), TRACE_ENTER at 0xffffff90", code[1], 0xf8502823u);
#endif
	check_u64("hwtrace: no record dropped", perf_hwtrace_drops(PERF), 0);
#ifdef DRAIN_FRAMES
	/* Every record the FIFO holds, in frames of 32, all visible once
	 * stopped: the 376 ENTERs and EXITs, BEGIN and END, a SYNC before the
	 * first and one after 256 records (the SYNC period; G[20:0] does not
	 * roll over this early in the run). */
	const uint32_t level = perf_hwtrace_level(PERF);
	check_int("hwtrace: the FIFO holds 378 events and 2 SYNCs", (int)level, 380);
	check_int("hwtrace: perf_hwtrace_frame writes every record the FIFO held",
	          perf_hwtrace_frame(PERF, NULL, NULL), (int)level);
	check_u64("hwtrace: ... and leaves it empty", perf_hwtrace_level(PERF), 0);
	check_int("hwtrace: a drain of the empty FIFO writes nothing",
	          perf_hwtrace_frame(PERF, NULL, NULL), 0);
	/* A pop masks machine interrupts between its two reads and leaves
	 * mstatus.MIE as it found it (mie is 0 here: nothing can interrupt). */
	for (uint32_t mie = 0; mie <= 8u; mie += 8u) {
		uint64_t rec;
		uint32_t mstatus;
		__asm__ volatile("csrc mstatus, %0\n\tcsrs mstatus, %1" : : "r"(8u), "r"(mie));
		const int got = perf_hwtrace_pop(PERF, &rec);
		__asm__ volatile("csrr %0, mstatus\n\tcsrc mstatus, %1" : "=r"(mstatus) : "r"(8u));
		check_int(mie ? "hwtrace: a pop with MIE set: none, MIE set after"
		              : "hwtrace: a pop with MIE clear: none, MIE clear after",
		          got * 16 + (int)(mstatus & 8u), (int)mie);
	}
#endif
	/* The report, then its sections frame and before that the run frame
	 * with the clock and the build id, which the host tool takes for the
	 * stream; tests/frames.py checks the frame against the report. */
	struct perf_snapshot s;
	check_int("hwtrace: snapshot of the 7 sections", perf_snapshot(PERF, &s), 7);
	const char *const names[] = { "work" };
	check_int("hwtrace: the report is written",
	          perf_report_write(&s, SOC_CLOCK_HZ, 1, names, put, NULL), 0);
	check_int("hwtrace: the frame is written",
	          perf_snapshot_frame(&s, SOC_CLOCK_HZ, NULL, NULL), 0);
	check_int("hwtrace: perf_hwtrace_start refuses an unknown mode",
	          perf_hwtrace_start(PERF, (enum perf_hwtrace_mode)2), -PERF_EINVAL);
	return check_failures();
}
