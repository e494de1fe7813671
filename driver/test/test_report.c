/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The report's text, compared whole. Expected texts were computed apart from
 * the driver, with exact rational arithmetic (Python fractions).
 */
#include "fake_perfscope.h"
#include "perfscope.h"

#include <stdio.h>
#include <string.h>

#include "check.h"
#include "suites.h"

#define RULE "+---------------+--------+-------------+---------------+-----------+\n"
#define HEAD RULE "| Section       |   %    | Time (sec)  | Time (clocks) |Occurrences|\n" RULE
#define TITLE "--Performance Counter Report--\n"

/* Collects the output; put fails once `limit` characters are in. */
struct sink {
	char text[2048];
	size_t len, limit;
};

static int put_sink(int c, void *ctx)
{
	struct sink *k = ctx;
	if (k->len >= k->limit)
		return -1;
	k->text[k->len++] = (char)c;
	k->text[k->len] = '\0';
	return c;
}

static struct sink sink;

static int write_report(const struct perf_snapshot *s, uint32_t hz, int n, const char *const names[])
{
	sink.len = 0;
	sink.limit = sizeof sink.text - 1;
	sink.text[0] = '\0';
	return perf_report_write(s, hz, n, names, put_sink, &sink);
}

/* Line `index` (from 0) of the last report, without its newline. */
static const char *line(int index)
{
	static char text[128];
	const char *p = sink.text;
	while (index-- > 0 && (p = strchr(p, '\n')))
		p++;
	size_t len = p ? strcspn(p, "\n") : 0;
	if (len >= sizeof text)
		len = sizeof text - 1;
	memcpy(text, p ? p : "", len);
	text[len] = '\0';
	return text;
}

/* One section's snapshot: total and section 1. */
static struct perf_snapshot one(uint64_t total, uint64_t time, uint32_t occ)
{
	struct perf_snapshot s = { .num_sections = 1 };
	s.time[0] = total;
	s.time[1] = time;
	s.occurrences[1] = occ;
	return s;
}

/* Line `index` of the report of one section, time of total, at hz with n
 * sections shown. */
static const char *report_line(uint64_t total, uint64_t time, uint32_t hz, int n, int index)
{
	struct perf_snapshot s = one(total, time, 1);
	write_report(&s, hz, n, NULL);
	return line(index);
}

static void test_known(void)
{
	struct perf_snapshot s = { .num_sections = 3 };
	const char *names[] = { "sort", NULL, "a_name_longer_than_fifteen" };
	s.time[0] = 123456;
	s.time[1] = 61567;
	s.occurrences[1] = 1;
	s.time[2] = 20000;
	s.occurrences[2] = 250;
	s.time[3] = 41889;
	s.occurrences[3] = 3;

	check_int("report: known snapshot returns 0", write_report(&s, 100000000, 3, names), 0);
	check_str("report: known snapshot", sink.text,
	          TITLE
	          "Total Time: 0.001234560 seconds (123456 clock-cycles)\n" HEAD
	          "|sort           |  49.87 |  0.000615670|          61567|          1|\n" RULE
	          "|section 2      |  16.20 |  0.000200000|          20000|        250|\n" RULE
	          "|a_name_longer_t|  33.93 |  0.000418890|          41889|          3|\n" RULE);

	write_report(&s, 100000000, 3, NULL);
	check_str("report: names NULL, row 1", line(5),
	          "|section 1      |  49.87 |  0.000615670|          61567|          1|");
	check_str("report: names NULL, row 3", line(9),
	          "|section 3      |  33.93 |  0.000418890|          41889|          3|");

	/* Names in 15 columns. UTF-8 counts in characters: ö is 2 bytes, one
	 * column, never cut in two. A byte that is no UTF-8 (Latin-1's degree
	 * sign 0xb0, a run of 0x80) counts one, as a terminal shows it. A tab
	 * is a space. */
	static const struct {
		const char *what, *name, *cell;
	} cases[] = {
		{ "15-character name kept", "fifteen_chars_x", "fifteen_chars_x" },
		{ "16-character name cut", "sixteen_chars_xy", "sixteen_chars_x" },
		{ "15 characters in 16 bytes of UTF-8 kept", "abcdefghijklmn\xc3\xb6",
		  "abcdefghijklmn\xc3\xb6" },
		{ "16 characters of UTF-8 cut at a character",
		  "Gr\xc3\xb6\xc3\x9f"
		  "enberechnung",
		  "Gr\xc3\xb6\xc3\x9f"
		  "enberechnun" },
		{ "a short UTF-8 name padded by characters",
		  "\xc3\x9c"
		  "ber",
		  "\xc3\x9c"
		  "ber           " },
		{ "a Latin-1 byte counts one",
		  "Temp \xb0"
		  "C",
		  "Temp \xb0"
		  "C        " },
		{ "stray continuation bytes count one each, cut at 15",
		  "\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80xyz",
		  "\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80\x80" },
		{ "a tab is a space", "tab\there", "tab here       " },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char what[96], want[128];
		snprintf(what, sizeof what, "report: %s", cases[i].what);
		snprintf(want, sizeof want,
		         "|%s|  49.87 |  0.000615670|          61567|          1|", cases[i].cell);
		write_report(&s, 100000000, 1, &cases[i].name);
		check_str(what, line(5), want);
	}

	check_int("report: no sections", write_report(&s, 1, 0, NULL), 0);
	check_str("report: no sections text", sink.text,
	          TITLE "Total Time: 123456.000000000 seconds (123456 clock-cycles)\n" HEAD);
}

/* The whole report of one section called name, time of total, at hz. */
static void check_one(const char *what, uint64_t total, uint64_t time, uint32_t occ, uint32_t hz,
                      const char *name, const char *want)
{
	struct perf_snapshot s = one(total, time, occ);
	const char *names[] = { name };
	write_report(&s, hz, 1, names);
	check_str(what, sink.text, want);
}

static void test_degenerate(void)
{
	const char *names[] = { "idle" };
	check_one("report: total 0", 0, 0, 0, 50000000, "idle",
	          TITLE
	          "Total Time: 0.000000000 seconds (0 clock-cycles)\n" HEAD
	          "|idle           |   0.00 |  0.000000000|              0|          0|\n" RULE);

	struct perf_snapshot s = one(1000, 10, 1);
	check_int("report: clock_hz 0", write_report(&s, 0, 1, names), -PERF_EINVAL);
	check_str("report: clock_hz 0 writes nothing", sink.text, "");
	check_int("report: num_sections -1", write_report(&s, 1000, -1, names), -PERF_EINVAL);
	check_int("report: num_sections above the snapshot's", write_report(&s, 1000, 2, NULL),
	          -PERF_EINVAL);
	check_str("report: bad num_sections writes nothing", sink.text, "");
	check_int("report: NULL snapshot", perf_report_write(NULL, 1000, 1, names, put_sink, &sink),
	          -PERF_EINVAL);
	check_int("report: NULL put", perf_report_write(&s, 1000, 1, names, NULL, NULL),
	          -PERF_EINVAL);

	sink.len = 0;
	sink.limit = 10;
	check_int("report: output failure", perf_report_write(&s, 1000, 1, names, put_sink, &sink),
	          -PERF_EIO);
	check_str("report: output stops at the failure", sink.text, "--Performa");
}

static void test_percent(void)
{
	static const struct { uint64_t time, total; const char *cell; } cases[] = {
		{ 1, 3, "  33.33 " },           /* 33.333.. down */
		{ 2, 3, "  66.67 " },           /* 66.666.. up */
		{ 1, 8, "  12.50 " },
		{ 1, 20000, "   0.01 " },       /* 0.005 exactly: half rounds up */
		{ 1, 20001, "   0.00 " },       /* just below half */
		{ 19999, 20000, " 100.00 " },   /* 99.995 rounds up into 100 */
		{ 20000, 20000, " 100.00 " },
		{ 1, UINT64_MAX, "   0.00 " },
		{ UINT64_MAX / 2, UINT64_MAX, "  50.00 " }, /* r * 10000 would overflow 64 bits */
		{ UINT64_MAX - 1, UINT64_MAX, " 100.00 " },
	};
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char name[96], cell[16] = "";
		sscanf(report_line(cases[i].total, cases[i].time, 1000, 1, 5), "|%*[^|]|%15[^|]|",
		       cell);
		snprintf(name, sizeof name, "report: %% of %llu / %llu", (unsigned long long)cases[i].time,
		         (unsigned long long)cases[i].total);
		check_str(name, cell, cases[i].cell);
	}
}

static void test_seconds(void)
{
	static const struct { uint64_t clocks; uint32_t hz; const char *line; } cases[] = {
		{ 1, 3, "Total Time: 0.333333333 seconds (1 clock-cycles)" },
		{ 2, 3, "Total Time: 0.666666667 seconds (2 clock-cycles)" },
		{ 3999999999u, 4000000000u, "Total Time: 1.000000000 seconds (3999999999 clock-cycles)" },
		{ 0xfffffffffffffffeu, UINT32_MAX,
		  "Total Time: 4294967297.000000000 seconds (18446744073709551614 clock-cycles)" },
		{ UINT64_MAX, 4000000000u,
		  "Total Time: 4611686018.427387904 seconds (18446744073709551615 clock-cycles)" },
		{ UINT64_MAX, 1,
		  "Total Time: 18446744073709551615.000000000 seconds (18446744073709551615 clock-cycles)" },
	};
	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char name[96];
		snprintf(name, sizeof name, "report: seconds of %llu clocks at %lu Hz",
		         (unsigned long long)cases[i].clocks, (unsigned long)cases[i].hz);
		check_str(name, report_line(cases[i].clocks, 0, cases[i].hz, 0, 1), cases[i].line);
	}

	/* 2^40 clocks at 50 MHz: 15 characters of seconds widen their 13-wide column. */
	check_one("report: 2^40 clocks at 50 MHz", 1ull << 40, 1ull << 40, 1, 50000000, "big",
	          TITLE
	          "Total Time: 21990.232555520 seconds (1099511627776 clock-cycles)\n" HEAD
	          "|big            | 100.00 |21990.232555520|  1099511627776|          1|\n" RULE);
}

static void test_net_report(void)
{
	struct perf_snapshot s = { .num_sections = 2 };
	const char *names[] = { "sort", "tiny" };
	s.time[0] = 123456;
	s.time[1] = 61567;
	s.occurrences[1] = 1000;
	s.time[2] = 3000;
	s.occurrences[2] = 1000;
	sink.len = 0;
	sink.limit = sizeof sink.text - 1;
	check_int("net report: returns 0",
	          perf_report_write_net(&s, 100000000, 7, 2, names, put_sink, &sink), 0);
	check_str("net report", sink.text,
	          "--Performance Counter Report, net of a 7-clock bias per occurrence--\n"
	          "Total Time: 0.001234560 seconds (123456 clock-cycles)\n" HEAD
	          "|sort           |  44.20 |  0.000545670|          54567|       1000|\n" RULE
	          "|tiny           |   0.00 |  0.000000000|              0|       1000|\n" RULE);
}

static void test_print(void)
{
	int rc;
	fake_power_on(2);
	fake.time[0] = 5000;
	fake.time[1] = 2500;
	fake.occ[1] = 4;
	fake.time[2] = 1;
	fake.occ[2] = 1;

	fake.run = 1u << 0 | 1u << 2; /* the global counter and section 2 running */
	capture_start();
	rc = perf_print_formatted_report(FAKE_BASE, 1000, 2, "loop", NULL);
	const char *text = capture_end();
	check_int("print: returns 0", rc, 0);
	check_int("print: the global counter stopped, as the HAL's report disables the counters",
	          (int)(fake.run & 1u), 0);
	check_str("print: stdout", text,
	          TITLE
	          "Total Time: 5.000000000 seconds (5000 clock-cycles)\n" HEAD
	          "|loop           |  50.00 |  2.500000000|           2500|          4|\n" RULE
	          "|section 2      |   0.02 |  0.001000000|              1|          1|\n" RULE);

	capture_start();
	rc = perf_report_print_net(FAKE_BASE, 1000, 100, 2, "loop", NULL);
	text = capture_end();
	check_int("print net: returns 0", rc, 0);
	check_str("print net: stdout", text,
	          "--Performance Counter Report, net of a 100-clock bias per occurrence--\n"
	          "Total Time: 5.000000000 seconds (5000 clock-cycles)\n" HEAD
	          "|loop           |  42.00 |  2.100000000|           2100|          4|\n" RULE
	          "|section 2      |   0.00 |  0.000000000|              0|          1|\n" RULE);

	fake.run = 1u << 0;
	capture_start();
	int zero_hz = perf_print_formatted_report(FAKE_BASE, 0, 2, "loop", NULL);
	int more = perf_print_formatted_report(FAKE_BASE, 1000, 3, "a", "b", "c");
	int beyond = perf_print_formatted_report(FAKE_BASE, 1000, PERF_MAX_SECTIONS + 1);
	int negative = perf_report_print_net(FAKE_BASE, 1000, 100, -1);
	fake.config += 1u << PERF_CONFIG_VERSION_MAJOR_SHIFT;
	int version = perf_print_formatted_report(FAKE_BASE, 1000, 1, "a");
	fake.id = 0;
	int nodev = perf_print_formatted_report(FAKE_BASE, 1000, 1, "a");
	text = capture_end();
	check_int("print: a refused report leaves the global counter running", (int)(fake.run & 1u),
	          1);
	check_int("print: clock_hz 0", zero_hz, -PERF_EINVAL);
	check_int("print: more sections than the instance has", more, -PERF_EINVAL);
	check_int("print: more than PERF_MAX_SECTIONS", beyond, -PERF_EINVAL);
	check_int("print net: -1 sections", negative, -PERF_EINVAL);
	check_int("print: another major version", version, -PERF_EVERSION);
	check_int("print: no device", nodev, -PERF_ENODEV);
	check_str(
	        "print: each refusal prints one line saying why", text,
	        "perf_print_formatted_report: no report: clock_freq_hertz is 0\n"
	        "perf_print_formatted_report: no report: num_sections is 3, outside 0..2\n"
	        "perf_print_formatted_report: no report: num_sections is 8, outside 0..2\n"
	        "perf_report_print_net: no report: num_sections is -1, outside 0..2\n"
	        "perf_print_formatted_report: no report: another major version of perfscope at 0x80000000\n"
	        "perf_print_formatted_report: no report: no perfscope at 0x80000000\n");
}

void test_report(void)
{
	test_known();
	test_degenerate();
	test_percent();
	test_seconds();
	test_net_report();
	test_print();
}
