/* SPDX-License-Identifier: Apache-2.0 */
/* Cycle-exact timing of sections on this CPU.
 *
 * A section around K instructions of fixed latency must measure exactly
 * max(MARK_DISTANCE, BIAS + K*NOP_CYCLES): the same BIAS (what
 * perf_calibrate returns) for every K, except that two marks are never
 * accepted closer than MARK_DISTANCE, the documented minimum that an empty
 * section measures. Where the linear law holds, the time net of the bias is
 * exactly K*NOP_CYCLES. The constants depend on the CPU: cpu_timing.h. */
#include <stdint.h>
#include <stdio.h>

#include "lib/check.h"
#include "cpu_timing.h"
#include "perfscope.h"
#include "soc.h"

#define PERF ((void *)SOC_PERF_BASE)

/* A section around exactly K nops: the two marks and the nops, nothing else. */
#define NOP_SECTION(K)                                                     \
	static __attribute__((noinline)) void nops_##K(void)                   \
	{                                                                      \
		PERF_BEGIN(PERF, 1);                                               \
		__asm__ volatile(".rept " #K "\n\tnop\n\t.endr" ::: "memory");     \
		PERF_END(PERF, 1);                                                 \
	}
NOP_SECTION(0)
NOP_SECTION(1)
NOP_SECTION(2)
NOP_SECTION(3)
NOP_SECTION(8)
NOP_SECTION(31)
NOP_SECTION(100)

/* Time the section adds, measured the second time round: the first call
 * may fill the instruction cache. */
static uint64_t measure(void (*section)(void))
{
	uint64_t t = 0;

	for (int i = 0; i < 2; i++) {
		const uint64_t before = perf_get_section_time(PERF, 1);
		section();
		t = perf_get_section_time(PERF, 1) - before;
	}
	return t;
}

int main(void)
{
	static const struct {
		void (*fn)(void);
		unsigned k;
		const char *name;
	} cases[] = {
		{nops_0, 0, "0 nops"},     {nops_1, 1, "1 nop"},       {nops_2, 2, "2 nops"},
		{nops_3, 3, "3 nops"},     {nops_8, 8, "8 nops"},      {nops_31, 31, "31 nops"},
		{nops_100, 100, "100 nops"},
	};
	char what[64];
	uint32_t bias = 0;

	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	check_u64("perf_calibrate succeeds", (uint64_t)perf_calibrate(PERF, 7, &bias), 0);
	check_u64("calibration constant", bias, BIAS);
	check_u64("empty section: the mark distance", measure(cases[0].fn), MARK_DISTANCE);

	for (unsigned i = 1; i < sizeof cases / sizeof cases[0]; i++) {
		const uint64_t t = measure(cases[i].fn);
		const uint64_t linear = BIAS + (uint64_t)cases[i].k * NOP_CYCLES;
		snprintf(what, sizeof what, "section of %s = max(%d, %d + K*%d)", cases[i].name,
		         MARK_DISTANCE, BIAS, NOP_CYCLES);
		check_u64(what, t, linear > MARK_DISTANCE ? linear : MARK_DISTANCE);
		if (linear < MARK_DISTANCE)
			continue;
		snprintf(what, sizeof what, "net time of %s = K*%d", cases[i].name, NOP_CYCLES);
		check_u64(what, perf_section_time_net(t, 1, bias), (uint64_t)cases[i].k * NOP_CYCLES);
	}
	check_u64("occurrences: two per case", perf_get_num_starts(PERF, 1),
	          2 * sizeof cases / sizeof cases[0]);
	return check_failures();
}
