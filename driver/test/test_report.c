/*
 * The report's text, compared whole. Expected texts were computed apart from
 * the driver, with exact rational arithmetic (Python fractions).
 */
#define _POSIX_C_SOURCE 200809L /* dup, dup2, fileno: to capture stdout */

#include "fake_perfscope.h"
#include "perfscope.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

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

	check_int("report: known snapshot returns 0", 0, write_report(&s, 100000000, 3, names));
	check_str("report: known snapshot", TITLE
	          "Total Time: 0.001234560 seconds (123456 clock-cycles)\n" HEAD
	          "|sort           |  49.87 |  0.000615670|          61567|          1|\n" RULE
	          "|section 2      |  16.20 |  0.000200000|          20000|        250|\n" RULE
	          "|a_name_longer_t|  33.93 |  0.000418890|          41889|          3|\n" RULE,
	          sink.text);

	write_report(&s, 100000000, 3, NULL);
	check_str("report: names NULL, row 1",
	          "|section 1      |  49.87 |  0.000615670|          61567|          1|", line(5));
	check_str("report: names NULL, row 3",
	          "|section 3      |  33.93 |  0.000418890|          41889|          3|", line(9));

	const char *exact[] = { "fifteen_chars_x" };
	const char *sixteen[] = { "sixteen_chars_xy" };
	write_report(&s, 100000000, 1, exact);
	check_str("report: 15-character name kept",
	          "|fifteen_chars_x|  49.87 |  0.000615670|          61567|          1|", line(5));
	write_report(&s, 100000000, 1, sixteen);
	check_str("report: 16-character name cut",
	          "|sixteen_chars_x|  49.87 |  0.000615670|          61567|          1|", line(5));

	check_int("report: no sections", 0, write_report(&s, 1, 0, NULL));
	check_str("report: no sections text", TITLE
	          "Total Time: 123456.000000000 seconds (123456 clock-cycles)\n" HEAD, sink.text);
}

static void test_degenerate(void)
{
	struct perf_snapshot s = one(0, 0, 0);
	const char *names[] = { "idle" };

	write_report(&s, 50000000, 1, names);
	check_str("report: total 0", TITLE
	          "Total Time: 0.000000000 seconds (0 clock-cycles)\n" HEAD
	          "|idle           |   0.00 |  0.000000000|              0|          0|\n" RULE,
	          sink.text);

	s = one(1000, 10, 1);
	check_int("report: clock_hz 0", -PERF_EINVAL, write_report(&s, 0, 1, names));
	check_str("report: clock_hz 0 writes nothing", "", sink.text);
	check_int("report: num_sections -1", -PERF_EINVAL, write_report(&s, 1000, -1, names));
	check_int("report: num_sections above the snapshot's", -PERF_EINVAL,
	          write_report(&s, 1000, 2, NULL));
	check_str("report: bad num_sections writes nothing", "", sink.text);
	check_int("report: NULL snapshot", -PERF_EINVAL,
	          perf_report_write(NULL, 1000, 1, names, put_sink, &sink));
	check_int("report: NULL put", -PERF_EINVAL, perf_report_write(&s, 1000, 1, names, NULL, NULL));

	sink.len = 0;
	sink.limit = 10;
	check_int("report: output failure", -PERF_EIO, perf_report_write(&s, 1000, 1, names, put_sink, &sink));
	check_str("report: output stops at the failure", "--Performa", sink.text);
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
		struct perf_snapshot s = one(cases[i].total, cases[i].time, 1);
		char name[96], cell[16] = "";
		write_report(&s, 1000, 1, NULL);
		sscanf(line(5), "|%*[^|]|%15[^|]|", cell);
		snprintf(name, sizeof name, "report: %% of %llu / %llu", (unsigned long long)cases[i].time,
		         (unsigned long long)cases[i].total);
		check_str(name, cases[i].cell, cell);
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
		struct perf_snapshot s = one(cases[i].clocks, 0, 0);
		char name[96];
		write_report(&s, cases[i].hz, 0, NULL);
		snprintf(name, sizeof name, "report: seconds of %llu clocks at %lu Hz",
		         (unsigned long long)cases[i].clocks, (unsigned long)cases[i].hz);
		check_str(name, cases[i].line, line(1));
	}

	/* 2^40 clocks at 50 MHz: 15 characters of seconds widen their 13-wide column. */
	struct perf_snapshot s = one(1ull << 40, 1ull << 40, 1);
	const char *names[] = { "big" };
	write_report(&s, 50000000, 1, names);
	check_str("report: 2^40 clocks at 50 MHz", TITLE
	          "Total Time: 21990.232555520 seconds (1099511627776 clock-cycles)\n" HEAD
	          "|big            | 100.00 |21990.232555520|  1099511627776|          1|\n" RULE,
	          sink.text);
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
	check_int("net report: returns 0", 0,
	          perf_report_write_net(&s, 100000000, 7, 2, names, put_sink, &sink));
	check_str("net report", "--Performance Counter Report, net of a 7-clock bias per occurrence--\n"
	          "Total Time: 0.001234560 seconds (123456 clock-cycles)\n" HEAD
	          "|sort           |  44.20 |  0.000545670|          54567|       1000|\n" RULE
	          "|tiny           |   0.00 |  0.000000000|              0|       1000|\n" RULE,
	          sink.text);
}

/* stdout of the calls between capture_start() and capture_end(). */
static FILE *captured;
static int saved_stdout;

static void capture_start(void)
{
	fflush(stdout);
	captured = tmpfile();
	saved_stdout = dup(STDOUT_FILENO);
	dup2(fileno(captured), STDOUT_FILENO);
}

static const char *capture_end(void)
{
	static char text[2048];
	fflush(stdout);
	dup2(saved_stdout, STDOUT_FILENO);
	close(saved_stdout);
	rewind(captured);
	text[fread(text, 1, sizeof text - 1, captured)] = '\0';
	fclose(captured);
	return text;
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

	capture_start();
	rc = perf_print_formatted_report(FAKE_BASE, 1000, 2, "loop", NULL);
	const char *text = capture_end();
	check_int("print: returns 0", 0, rc);
	check_str("print: stdout", TITLE
	          "Total Time: 5.000000000 seconds (5000 clock-cycles)\n" HEAD
	          "|loop           |  50.00 |  2.500000000|           2500|          4|\n" RULE
	          "|section 2      |   0.02 |  0.001000000|              1|          1|\n" RULE,
	          text);

	capture_start();
	rc = perf_report_print_net(FAKE_BASE, 1000, 100, 2, "loop", NULL);
	text = capture_end();
	check_int("print net: returns 0", 0, rc);
	check_str("print net: stdout", "--Performance Counter Report, net of a 100-clock bias per occurrence--\n"
	          "Total Time: 5.000000000 seconds (5000 clock-cycles)\n" HEAD
	          "|loop           |  42.00 |  2.100000000|           2100|          4|\n" RULE
	          "|section 2      |   0.00 |  0.000000000|              0|          1|\n" RULE,
	          text);

	capture_start();
	int zero_hz = perf_print_formatted_report(FAKE_BASE, 0, 2, "loop", NULL);
	int more = perf_print_formatted_report(FAKE_BASE, 1000, 3, "a", "b", "c");
	int beyond = perf_print_formatted_report(FAKE_BASE, 1000, PERF_MAX_SECTIONS + 1);
	fake.id = 0;
	int nodev = perf_print_formatted_report(FAKE_BASE, 1000, 1, "a");
	text = capture_end();
	check_int("print: clock_hz 0", -PERF_EINVAL, zero_hz);
	check_int("print: more sections than the instance has", -PERF_EINVAL, more);
	check_int("print: more than PERF_MAX_SECTIONS", -PERF_EINVAL, beyond);
	check_int("print: no device", -PERF_ENODEV, nodev);
	check_str("print: errors print nothing", "", text);
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
