/* SPDX-License-Identifier: Apache-2.0 */
/* The trace unit's driver (driver/hooks/hwtrace.c) against the fake
 * perfscope: which registers each call touches, with what, and what it
 * refuses. The one-store hooks are RISC-V code: tests/hwtrace.c runs them. */
#include "fake_perfscope.h"
#include "perfscope_hwtrace.h"

#include "check.h"
#include "suites.h"

#define B FAKE_BASE

void test_hwtrace(void)
{
	fake_power_on(7);
	fake_clear_log();
	check_int("hwtrace: start without a trace unit",
	          perf_hwtrace_start(B, PERF_HWTRACE_STOP_ON_FULL), -PERF_ENODEV);
	check_str("hwtrace: ... reads CONFIG and writes nothing", fake_accesses(1), "r84");

	fake.config |= 9u << PERF_CONFIG_TRACE_SHIFT; /* 512 records */
	fake.trace_level = 3;
	fake.trace_high = 0x12;
	fake.trace_drops = 5;
	fake_clear_log();
	check_int("hwtrace: start, stop on full", perf_hwtrace_start(B, PERF_HWTRACE_STOP_ON_FULL),
	          0);
	check_str("hwtrace: ... CLEAR, then ENABLE", fake_accesses(1), "r84 wa0=4 wa0=1");
	check_int("hwtrace: ... the level, the high-water mark and the drops cleared",
	          (int)(fake.trace_level | fake.trace_high | fake.trace_drops), 0);
	check_int("hwtrace: ... TRACE_CTRL reads 0",
	          (int)fake_read32((uintptr_t)B + PERF_REG_TRACE_CTRL), 0);
	check_int("hwtrace: ... the mode reads back in TRACE_DROPS: ENABLE",
	          (int)(fake_read32((uintptr_t)B + PERF_REG_TRACE_DROPS) ==
	                PERF_TRACE_DROPS_ENABLE_MASK),
	          1);
	fake_clear_log();
	perf_hwtrace_stop(B);
	check_str("hwtrace: stop on full: stop reads the mode in TRACE_DROPS, writes 0",
	          fake_accesses(1), "ra8 wa0=0");
	fake_clear_log();
	check_int("hwtrace: start, overwrite", perf_hwtrace_start(B, PERF_HWTRACE_OVERWRITE), 0);
	check_str("hwtrace: ... CLEAR, then ENABLE and OVERWRITE", fake_accesses(1),
	          "r84 wa0=4 wa0=3");
	fake_clear_log();
	check_int("hwtrace: an unknown mode", perf_hwtrace_start(B, (enum perf_hwtrace_mode)2),
	          -PERF_EINVAL);
	check_str("hwtrace: ... touches nothing", fake_accesses(1), "");

	check_int("hwtrace: ... TRACE_DROPS reads ENABLE and OVERWRITE",
	          (int)(fake_read32((uintptr_t)B + PERF_REG_TRACE_DROPS) ==
	                (PERF_TRACE_DROPS_ENABLE_MASK | PERF_TRACE_DROPS_OVERWRITE_MASK)),
	          1);
	fake.trace_drops = 6;
	check_int("hwtrace: drops, without the mode bits", (int)perf_hwtrace_drops(B), 6);

	fake_clear_log();
	perf_hwtrace_stop(B);
	check_str("hwtrace: stop clears ENABLE and keeps OVERWRITE, read from TRACE_DROPS",
	          fake_accesses(1), "ra8 wa0=2");
	check_int("hwtrace: ... TRACE_DROPS reads OVERWRITE alone",
	          (int)(fake_read32((uintptr_t)B + PERF_REG_TRACE_DROPS) ==
	                (PERF_TRACE_DROPS_OVERWRITE_MASK | 6u)),
	          1);

	fake.trace_level = 7;
	fake.trace_high = 0x1ff;
	fake.trace_drops = 0xffffu;
	check_int("hwtrace: TRACE_STATUS: level 7, GAP 0x1ff - 7",
	          (int)(fake_read32((uintptr_t)B + PERF_REG_TRACE_STATUS) == 0x01f80007u), 1);
	check_int("hwtrace: level", (int)perf_hwtrace_level(B), 7);
	fake_clear_log();
	check_int("hwtrace: high-water mark, LEVEL + GAP", (int)perf_hwtrace_high_water(B), 0x1ff);
	check_str("hwtrace: ... from one read of TRACE_STATUS", fake_accesses(1), "ra4");
	fake.trace_level = fake.trace_high = 0x200;
	check_int("hwtrace: high-water mark of a full FIFO, GAP 0", (int)perf_hwtrace_high_water(B),
	          0x200);
	check_int("hwtrace: drops, saturated, OVERWRITE set above them",
	          perf_hwtrace_drops(B) == 0xffffu, 1);

	fake_clear_log();
	__cyg_profile_func_enter((void *)(uintptr_t)0x1234u, NULL);
	__cyg_profile_func_exit((void *)(uintptr_t)0x1234u, NULL);
	PERF_HWTRACE_IRQ_ENTER(B, 11);
	PERF_HWTRACE_IRQ_EXIT(B, 11);
	check_str("hwtrace: the compiler hooks and the interrupt marks, one store each",
	          fake_accesses(1), "w90=1234 w94=1234 w98=b w9c=b");
}
