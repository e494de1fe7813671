/* SPDX-License-Identifier: Apache-2.0 */
/* The driver's functions against the fake perfscope (fake_perfscope.h). */
#include "fake_perfscope.h"
#include "perfscope.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "suites.h"

#define B FAKE_BASE

static void test_probe(void)
{
	fake_power_on(7);
	check_int("probe: 7 sections", perf_probe(B), 7);
	check_str("probe: reads ID then CONFIG", fake_accesses(0), "r80 r84");
	fake_power_on(3);
	check_int("probe: 3 sections", perf_probe(B), 3);

	fake_power_on(7);
	fake.id = 0x4e494f53;
	fake_clear_log();
	check_int("probe: bad ID", perf_probe(B), -PERF_ENODEV);
	check_str("probe: bad ID stops after the ID", fake_accesses(0), "r80");

	fake_power_on(7);
	fake.config += 1u << PERF_CONFIG_VERSION_MAJOR_SHIFT;
	check_int("probe: next major version", perf_probe(B), -PERF_EVERSION);
	fake.config &= ~PERF_CONFIG_VERSION_MAJOR_MASK;
	check_int("probe: major version 0", perf_probe(B), -PERF_EVERSION);
	fake_power_on(7);
	fake.config |= 0xffu << PERF_CONFIG_VERSION_MINOR_SHIFT;
	check_int("probe: newer minor version is compatible", perf_probe(B), 7);

	static const struct { uint32_t field; int expected; } sections[] = {
		{ 0, -PERF_ENODEV }, { 1, 1 }, { 7, 7 }, { 8, -PERF_ENODEV }, { 15, -PERF_ENODEV },
	};
	for (unsigned i = 0; i < sizeof sections / sizeof sections[0]; i++) {
		char name[48];
		fake_power_on(7);
		fake.config = (fake.config & ~PERF_CONFIG_SECTIONS_MASK) | sections[i].field;
		snprintf(name, sizeof name, "probe: CONFIG.SECTIONS = %u", (unsigned)sections[i].field);
		check_int(name, perf_probe(B), sections[i].expected);
	}
}

static void test_time(void)
{
	fake_power_on(7);
	fake.time[3] = 0x00000001ffffffffu;
	check_u64("section time: lo/hi across a carry", perf_get_section_time(B, 3),
	          0x00000001ffffffffu);
	check_str("section time: TIME_LO(3) then TIME_HI(3)", fake_accesses(0), "r30 r34");

	/* Running, the carry happens between the two reads: only lo-then-hi with the latch gets it right. */
	fake_power_on(7);
	fake.time[3] = 0x00000001fffffffeu;
	fake.run = 1u | 1u << 3;
	fake.ticks = 1;
	check_u64("section time: carry between the reads does not tear",
	          perf_get_section_time(B, 3), 0x00000001ffffffffu);

	fake_power_on(7);
	fake.time[0] = 0xfedcba9876543210u;
	check_u64("total time", perf_get_total_time(B), 0xfedcba9876543210u);
	check_str("total time: TIME_LO(0) then TIME_HI(0)", fake_accesses(0), "r00 r04");
	check_u64("section 0 is the total time", perf_get_section_time(B, 0), 0xfedcba9876543210u);

	fake.occ[2] = 42;
	fake.occ[0] = 5;
	fake_clear_log();
	check_u64("num starts: section 2", perf_get_num_starts(B, 2), 42);
	check_str("num starts: one read of OCC(2)", fake_accesses(0), "r28");
	check_u64("num starts: section 0 counts STARTs", perf_get_num_starts(B, 0), 5);
}

static void test_out_of_range(void)
{
	static const int bad[] = { -1, PERF_MAX_SECTIONS + 1, INT_MAX, INT_MIN };
	fake_power_on(7);
	fake.time[0] = fake.occ[0] = 1; /* what a wrapped index could hit */
	for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char name[64];
		fake_clear_log();
		snprintf(name, sizeof name, "out of range: section time(%d) is 0", bad[i]);
		check_u64(name, perf_get_section_time(B, bad[i]), 0);
		snprintf(name, sizeof name, "out of range: num starts(%d) is 0", bad[i]);
		check_u64(name, perf_get_num_starts(B, bad[i]), 0);
		snprintf(name, sizeof name, "out of range: section %d touches no register", bad[i]);
		check_str(name, fake_accesses(0), "");
	}
}

static void test_snapshot(void)
{
	struct perf_snapshot s;

	fake_power_on(3);
	fake.time[0] = 1000;
	fake.occ[0] = 2;
	for (int n = 1; n <= 3; n++) {
		fake.time[n] = 100u * n;
		fake.occ[n] = 10u * n;
	}
	fake.run = 1u | 1u << 2;
	memset(&s, 0xff, sizeof s);
	check_int("snapshot: returns the sections", perf_snapshot(B, &s), 3);
	check_int("snapshot: num_sections", s.num_sections, 3);
	check_u64("snapshot: run", s.run, 0x5);
	check_u64("snapshot: total", s.time[0], 1000);
	check_u64("snapshot: starts", s.occurrences[0], 2);
	check_u64("snapshot: section 2 time", s.time[2], 200);
	check_u64("snapshot: section 3 occurrences", s.occurrences[3], 30);
	check_u64("snapshot: absent section 4 time", s.time[4], 0);
	check_u64("snapshot: absent section 7 occurrences", s.occurrences[7], 0);
	const char *log = fake_accesses(0);
	check_str("snapshot: total read last", log + strlen(log) - strlen("r00 r04"), "r00 r04");

	/* Running with every access taking 5 cycles: no section may exceed the total. */
	fake_power_on(7);
	fake.run = 0xff;
	fake.ticks = 5;
	perf_snapshot(B, &s);
	int over = 0;
	for (int n = 1; n <= 7; n++)
		over += s.time[n] > s.time[0];
	check_int("snapshot: running sections <= total", over, 0);

	check_int("snapshot: NULL", perf_snapshot(B, NULL), -PERF_EINVAL);
	fake.id = 0;
	check_int("snapshot: no device", perf_snapshot(B, &s), -PERF_ENODEV);
}

static void test_calibrate(void)
{
	uint32_t bias = 99;
	char tries[512] = "r80 r84 r88"; /* probe, RUN, then per try: T, BEGIN, END, T */
	for (int i = 0; i < 2 * PERF_CALIBRATE_RUNS; i++) /* 4 nops, then 8 */
		strcat(tries, " r70 r74 w74 w70 r70 r74");

	fake_power_on(7);
	PERF_RESET(B);
	PERF_START_MEASURING(B);
	fake.ticks = 3; /* each access 3 cycles, nops none: T(4) = T(8) = 3 */
	fake_clear_log();
	check_int("calibrate: ok", perf_calibrate(B, 7, &bias), 0);
	check_u64("calibrate: bias", bias, 3);
	check_u64("calibrate: scratch occurrences", fake.occ[7], 2 * PERF_CALIBRATE_RUNS);
	check_u64("calibrate: scratch left stopped", fake.run & 1u << 7, 0);
	check_str("calibrate: accesses", fake_accesses(0), tries);
	check_u64("calibrate: no stray access", fake.stray, 0);

	bias = 99;
	PERF_STOP_MEASURING(B);
	check_int("calibrate: global stopped", perf_calibrate(B, 7, &bias), -PERF_ESTOPPED);
	PERF_START_MEASURING(B);
	PERF_BEGIN(B, 7);
	check_int("calibrate: scratch running", perf_calibrate(B, 7, &bias), -PERF_EBUSY);
	PERF_END(B, 7);
	check_int("calibrate: section 0", perf_calibrate(B, 0, &bias), -PERF_EINVAL);
	check_int("calibrate: section 8", perf_calibrate(B, 8, &bias), -PERF_EINVAL);
	check_int("calibrate: section -1", perf_calibrate(B, -1, &bias), -PERF_EINVAL);
	check_int("calibrate: NULL bias", perf_calibrate(B, 7, NULL), -PERF_EINVAL);
	check_u64("calibrate: bias unchanged on error", bias, 99);
	fake_power_on(3);
	PERF_START_MEASURING(B);
	check_int("calibrate: section 4 of 3", perf_calibrate(B, 4, &bias), -PERF_EINVAL);
	fake.id = 0;
	check_int("calibrate: no device", perf_calibrate(B, 1, &bias), -PERF_ENODEV);
}

static void test_net(void)
{
	check_u64("net: 1000 - 10 * 7", perf_section_time_net(1000, 10, 7), 930);
	check_u64("net: exactly the bias", perf_section_time_net(70, 10, 7), 0);
	check_u64("net: saturates at 0", perf_section_time_net(69, 10, 7), 0);
	check_u64("net: no occurrences", perf_section_time_net(69, 0, 7), 69);
	check_u64("net: bias 0", perf_section_time_net(69, 10, 0), 69);
	check_u64("net: 32x32-bit product does not wrap",
	          perf_section_time_net(UINT64_MAX, UINT32_MAX, UINT32_MAX),
	          UINT64_MAX - 0xfffffffe00000001u);
	check_u64("net: largest product saturates",
	          perf_section_time_net(0xfffffffe00000000u, UINT32_MAX, UINT32_MAX), 0);
}

void test_driver(void)
{
	test_probe();
	test_time();
	test_out_of_range();
	test_snapshot();
	test_calibrate();
	test_net();
}
