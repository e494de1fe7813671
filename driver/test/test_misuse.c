/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Bad input to the driver: each gets an error code or a report line, and
 * nothing is written outside the caller's memory. The sanitizer build
 * (make -C driver test) runs these with buffers allocated to their exact
 * size, so one byte too far is an AddressSanitizer error, not luck.
 */
#include "fake_perfscope.h"
#include "perfscope.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "suites.h"

#define B FAKE_BASE

/* A snapshot of two sections with nothing wrapped. */
static struct perf_snapshot two(void)
{
	struct perf_snapshot s = { .num_sections = 2 };
	s.time[0] = 1000;
	s.time[1] = 250;
	s.occurrences[1] = 5;
	s.time[2] = 500;
	s.occurrences[2] = 7;
	return s;
}

static void test_overflow(void)
{
	struct perf_snapshot s;

	fake_power_on(3);
	PERF_START_MEASURING(B);
	fake.occ[2] = UINT32_MAX;
	PERF_BEGIN(B, 2);
	check_u64("overflow: a wrapped occurrence count sets its flag", perf_overflow(B), 1u << 2);
	check_int("overflow: snapshot", perf_snapshot(B, &s), 3);
	check_u64("overflow: snapshot holds the flags", s.overflow, 1u << 2);
	fake_clear_log();
	perf_overflow_clear(B, 1u << 2);
	check_u64("overflow: clear is one access ...", fake.log_len, 1);
	check_u64("overflow: ... a write ...", (uint64_t)fake.log[0].op, 'w');
	check_u64("overflow: ... of OVF ...", fake.log[0].offset, PERF_REG_OVF);
	check_u64("overflow: ... with the mask", fake.log[0].value, 1u << 2);
	check_u64("overflow: cleared", perf_overflow(B), 0);

	fake.time[0] = UINT64_MAX - 1;
	fake.ticks = 3;
	perf_snapshot(B, &s);
	check_u64("overflow: the global time's wrap flags every section", s.overflow, 0xf);
	fake.ticks = 0;
	PERF_RESET(B);
	check_u64("overflow: RESET clears the flags", perf_overflow(B), 0);
}

/*
 * The report of s into a buffer of exactly size bytes on the heap (size 0:
 * a pointer to a byte that must stay as it is); copy gets its text.
 */
static int format_exact(size_t size, const struct perf_snapshot *s, int n, const char *const names[],
                        char *copy)
{
	static char untouched = '#';
	char *buf = size ? malloc(size) : &untouched;
	memset(buf, '#', size);
	int rc = perf_report_format(buf, size, s, 1000, n, names);
	strcpy(copy, size ? buf : untouched == '#' ? "" : "size 0 written");
	if (size)
		free(buf);
	return rc;
}

static void test_report_line(void)
{
	struct perf_snapshot s = two();
	const char *names[] = { "sort", "crc" };
	static char text[2048];
	const char *line;

	format_exact(sizeof text, &s, 2, names, text);
	check_int("report: nothing wrapped, no overflow line", strstr(text, "Overflow") != NULL, 0);

	s.overflow = 1u << 2 | 1u;
	format_exact(sizeof text, &s, 2, names, text);
	line = strstr(text, "Overflow");
	check_str(
	        "report: the overflow line names total and the section", line ? line : "",
	        "Overflow: counters of total, crc wrapped (values are modulo 2^64 clocks, 2^32 occurrences)\n");
	s.overflow = 1u << 2;
	format_exact(sizeof text, &s, 1, names, text);
	check_int("report: a flag of a section not reported prints no line",
	          strstr(text, "Overflow") != NULL, 0);
	s.overflow = 1u << 1;
	format_exact(sizeof text, &s, 2, NULL, text);
	line = strstr(text, "Overflow");
	check_str(
	        "report: unnamed sections in the overflow line", line ? line : "",
	        "Overflow: counters of section 1 wrapped (values are modulo 2^64 clocks, 2^32 occurrences)\n");
}

static void test_buffer(void)
{
	struct perf_snapshot s = two();
	const char *names[] = { "sort", "crc" };
	static char whole[2048], part[2048];

	int len = perf_report_format(NULL, 0, &s, 1000, 2, names);
	check_int("buffer: NULL with size 0 gives the length", len > 0, 1);
	check_int("buffer: exact size", format_exact((size_t)len + 1, &s, 2, names, whole), len);
	check_int("buffer: the text is the report's", (long long)strlen(whole), len);

	/* Every size too small: -PERF_ENOSPC and the report's start, terminated. */
	int bad = 0;
	for (size_t size = 0; size <= (size_t)len; size++) {
		int rc = format_exact(size, &s, 2, names, part);
		bad += rc != -PERF_ENOSPC || strlen(part) != (size ? size - 1 : 0) ||
		       strncmp(part, whole, strlen(part)) != 0;
	}
	check_int("buffer: every size below len + 1 gives -PERF_ENOSPC and a terminated prefix",
	          bad, 0);

	char guard[8] = "xxxxxxx";
	check_int("buffer: NULL with a size", perf_report_format(NULL, 10, &s, 1000, 2, names),
	          -PERF_EINVAL);
	check_int("buffer: NULL snapshot",
	          perf_report_format(guard, sizeof guard, NULL, 1000, 2, names), -PERF_EINVAL);
	check_int("buffer: clock 0", perf_report_format(guard, sizeof guard, &s, 0, 2, names),
	          -PERF_EINVAL);
	check_int("buffer: more sections than the snapshot",
	          perf_report_format(guard, sizeof guard, &s, 1000, 3, names), -PERF_EINVAL);
	check_str("buffer: refused calls write nothing", guard, "xxxxxxx");
}

/* A put that counts, for the reports whose text does not matter. */
static int put_count(int c, void *ctx)
{
	(*(unsigned *)ctx)++;
	return c;
}

static void test_bad_snapshots(void)
{
	struct perf_snapshot s = two();
	unsigned written = 0;

	/* Before the check, a snapshot claiming more sections than it has read past time[]. */
	s.num_sections = PERF_MAX_SECTIONS + 1;
	check_int("report: snapshot claiming 8 sections",
	          perf_report_write(&s, 1000, PERF_MAX_SECTIONS + 1, NULL, put_count, &written),
	          -PERF_EINVAL);
	s.num_sections = 1000;
	check_int("report: snapshot claiming 1000 sections, 2 reported",
	          perf_report_write(&s, 1000, 2, NULL, put_count, &written), -PERF_EINVAL);
	s.num_sections = -1;
	check_int("report: snapshot claiming -1 sections",
	          perf_report_write_net(&s, 1000, 3, 0, NULL, put_count, &written), -PERF_EINVAL);
	check_int("report: refused snapshots write nothing", written, 0);
}

static void test_names(void)
{
	struct perf_snapshot s = two();
	static char text[2048];

	/* Exactly one name for one section, on the heap: reading names[1] is an ASan error. */
	const char **one = malloc(sizeof *one);
	one[0] = "only";
	check_int("names: one name, one section",
	          format_exact(sizeof text, &s, 1, one, text) > 0 && strstr(text, "|only ") != NULL,
	          1);
	free(one);

	const char *three[] = { "a", "b", "c" };
	format_exact(sizeof text, &s, 2, three, text);
	check_int("names: more names than sections, the extra ones unused",
	          strstr(text, "|c ") != NULL, 0);

	/* More names than sections through the Nios II entry point. */
	fake_power_on(2);
	fake.time[0] = 100;
	capture_start();
	int rc = perf_print_formatted_report(B, 1000, 1, "first", "second", "third");
	const char *printed = capture_end();
	check_int("names: print with more names than sections", rc, 0);
	check_int("names: only the first name printed",
	          strstr(printed, "|first ") != NULL && strstr(printed, "|second") == NULL, 1);
}

static void test_sections(void)
{
	uint32_t bias = 5;
	fake_power_on(2);
	PERF_START_MEASURING(B);
	check_int("sections: calibrate on a section the instance lacks",
	          perf_calibrate(B, 3, &bias), -PERF_EINVAL);
	check_u64("sections: time of section 8 is 0", perf_get_section_time(B, 8), 0);
	check_u64("sections: starts of section -1 are 0", perf_get_num_starts(B, -1), 0);
	/* Up to 7 the driver cannot tell a section the instance lacks: it
	 * reads the IP, which answers 0 as for an unmapped word. */
	fake_clear_log();
	check_u64("sections: time of section 5 on a 2-section instance is 0",
	          perf_get_section_time(B, 5), 0);
	check_u64("sections: starts of section 5 on a 2-section instance are 0",
	          perf_get_num_starts(B, 5), 0);
	check_str("sections: section 5's TIME_LO, TIME_HI and OCC are read", fake_accesses(0),
	          "r50 r54 r58");
	capture_start();
	int three = perf_print_formatted_report(B, 1000, 3, "a", "b", "c");
	int negative = perf_print_formatted_report(B, 1000, -1);
	const char *printed = capture_end();
	check_int("sections: report of 3 sections on a 2-section instance", three, -PERF_EINVAL);
	check_int("sections: report of -1 sections", negative, -PERF_EINVAL);
	check_str("sections: the reports say why, one line each", printed,
	          "perf_print_formatted_report: no report: num_sections is 3, outside 0..2\n"
	          "perf_print_formatted_report: no report: num_sections is -1, outside 0..2\n");
	check_u64("sections: no stray access", fake.stray, 0);
}

void test_misuse(void)
{
	test_overflow();
	test_report_line();
	test_buffer();
	test_bad_snapshots();
	test_names();
	test_sections();
}
