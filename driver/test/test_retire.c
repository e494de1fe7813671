/* SPDX-License-Identifier: Apache-2.0 */
/* The retire tap's driver (driver/retire.c) against the fake perfscope:
 * which registers each call touches, with what, and what it refuses. The
 * fake answers the tap's registers 0 (idle, never busy); tests/retire_tap.c
 * runs the driver on the IP itself. */
#include "fake_perfscope.h"
#include "perfscope_retire.h"

#include "check.h"
#include "suites.h"

#define B FAKE_BASE

void test_retire(void)
{
	fake_power_on(7);
	fake_clear_log();
	check_int("retire: start without the tap", perf_retire_start(B), -PERF_ENODEV);
	check_int("retire: histogram words without a histogram", perf_hist_words(B), -PERF_ENODEV);
	check_int("retire: histogram start without one", perf_hist_start(B, 0, 0, 0), -PERF_ENODEV);
	check_int("retire: arm without trigger addresses", perf_trig_arm(B, 1, 0x100, 0x200),
	          -PERF_ENODEV);
	check_int("retire: lost hits without trigger addresses", perf_trig_lost(B), -PERF_ENODEV);
	check_str("retire: ... each reads CONFIG and writes nothing", fake_accesses(1),
	          "r84 r84 r84 r84 r84");

	fake.config |= PERF_CONFIG_RETIRE_MASK;
	fake_clear_log();
	check_int("retire: start with the tap but no trace unit", perf_retire_start(B),
	          -PERF_ENODEV);
	fake.config |= 9u << PERF_CONFIG_TRACE_SHIFT | 10u << PERF_CONFIG_HIST_SHIFT |
	               3u << PERF_CONFIG_TRIGGERS_SHIFT;
	fake_clear_log();
	check_int("retire: start", perf_retire_start(B), 0);
	check_str("retire: ... CLEAR and ENABLE the trace unit, then CALLS", fake_accesses(1),
	          "r84 wa0=4 wa0=1 wb4=1");
	fake_clear_log();
	check_int("retire: stop", perf_retire_stop(B), 0);
	check_str("retire: ... CALLS off, then the trace unit", fake_accesses(1),
	          "r84 wb4=0 wa0=0");

	check_int("retire: 1024 histogram words", perf_hist_words(B), 1024);
	fake_clear_log();
	check_int("retire: histogram shift 8", perf_hist_start(B, 0, 8, 0), -PERF_EINVAL);
	check_int("retire: histogram k 8", perf_hist_start(B, 0, 0, 8), -PERF_EINVAL);
	check_int("retire: histogram base not aligned", perf_hist_start(B, 2, 0, 0), -PERF_EINVAL);
	/* 1023 buckets of 16 bytes from 0xffffc010 end at 2^32; from 0xffffc00c
	 * they fit. */
	check_int("retire: histogram buckets ending at 2^32", perf_hist_start(B, 0xffffc010u, 2, 0),
	          -PERF_EINVAL);
	check_str("retire: ... each only reads CONFIG", fake_accesses(1), "r84 r84 r84 r84");
	check_int("retire: histogram buckets ending just below 2^32",
	          perf_hist_start(B, 0xffffc00cu, 2, 0), 0);
	fake_clear_log();
	check_int("retire: histogram start", perf_hist_start(B, 0x1000, 2, 3), 0);
	check_str("retire: ... stop, wait, CLEAR, wait, BASE, CFG, ENABLE", fake_accesses(1),
	          "r84 r84 wc8=0 rc8 wc8=2 rc8 wcc=1000 wd0=302 wc8=1");
	static uint32_t w[4];
	fake_clear_log();
	check_int("retire: read 4 words", perf_hist_read(B, w, 4), 4);
	check_str("retire: ... INDEX 0, then DATA 4 times", fake_accesses(1),
	          "r84 rc8 wd4=0 rd8 rd8 rd8 rd8");
	check_int("retire: read more words than there are", perf_hist_read(B, w, 1025),
	          -PERF_EINVAL);
	check_int("retire: read into NULL", perf_hist_read(B, NULL, 1), -PERF_EINVAL);

	fake_clear_log();
	check_int("retire: arm section 0", perf_trig_arm(B, 0, 0x100, 0x200), -PERF_EINVAL);
	check_int("retire: arm section 4 of 3", perf_trig_arm(B, 4, 0x100, 0x200), -PERF_EINVAL);
	check_int("retire: arm an odd address", perf_trig_arm(B, 1, 0x101, 0x200), -PERF_EINVAL);
	check_str("retire: ... nothing written", fake_accesses(1), "r84 r84");
	fake_clear_log();
	check_int("retire: arm section 3", perf_trig_arm(B, 3, 0x100, 0x200), 0);
	check_str("retire: ... select, the addresses disarmed, then ARM", fake_accesses(1),
	          "r84 wb8=3 wbc=100 wc0=200 wbc=101");
	fake_clear_log();
	check_int("retire: disarm section 3", perf_trig_disarm(B, 3), 0);
	check_str("retire: ... select, then START without ARM", fake_accesses(1),
	          "r84 wb8=3 rbc wbc=0");
	check_int("retire: lost hits", perf_trig_lost(B), 0);
}
