/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Nios II performance counter report (perf_report_write and its
 * siblings, include/perfscope.h): the one renderer of the layout, digit for
 * digit, built into the firmware, where perf_print_formatted_report prints
 * it, and into the host tool, whose `perfscope report` prints a dumped
 * snapshot with it. Pure: it writes through the caller's perf_put_fn.
 */
#include "perfscope.h"

#include <stddef.h>
#include <string.h>

#include "perf_out.h"

uint64_t perf_section_time_net(uint64_t time, uint32_t occurrences, uint32_t bias)
{
	uint64_t cost = (uint64_t)occurrences * bias;
	return time > cost ? time - cost : 0;
}

/*
 * r * m / d rounded half up, for r < d and d > 0, exact for any d: doubling
 * and adding over the bits of m keeps the remainder below d, so nothing
 * overflows 64 bits and rv32i needs no 128-bit product. The result is <= m.
 */
static uint32_t scale_round(uint64_t r, uint32_t m, uint64_t d)
{
	uint32_t q = 0;
	uint64_t rem = 0; /* r * (bits of m so far) = q * d + rem, rem < d */
	for (int bit = 31; bit >= 0; bit--) {
		q <<= 1;
		if (rem >= d - rem) {
			rem -= d - rem;
			q++;
		} else {
			rem += rem;
		}
		if ((m >> bit) & 1u) {
			if (rem >= d - r) {
				rem -= d - r;
				q++;
			} else {
				rem += r;
			}
		}
	}
	return rem >= d - rem ? q + 1 : q;
}

static void out_seconds(struct perf_out *o, uint64_t clocks, uint32_t hz, int width)
{
	uint64_t whole = clocks / hz;
	uint32_t nanos = scale_round(clocks % hz, 1000000000u, hz);
	if (nanos == 1000000000u) { /* .9999999995 and up rounds to the next second */
		whole++;
		nanos = 0;
	}
	perf_out_num(o, whole, nanos, 9, width);
}

/* Share of total in hundredths of a percent; whole/fraction kept apart so 64-bit times fit. */
static void out_percent(struct perf_out *o, uint64_t time, uint64_t total, int width)
{
	uint64_t hundredths = 0;
	if (total)
		hundredths = time / total * 10000 + scale_round(time % total, 10000, total);
	perf_out_num(o, hundredths / 100, (uint32_t)(hundredths % 100), 2, width);
}

/* names[n - 1], or "section N" written into unnamed when there is none. */
static const char *section_name(const char *const names[], int n, char unnamed[10])
{
	const char *name = names ? names[n - 1] : NULL;
	if (name)
		return name;
	memcpy(unnamed, "section ?", 10);
	unnamed[8] = (char)('0' + n);
	return unnamed;
}

/* The name in 15 columns: cut to 15 characters and padded to them,
 * counting UTF-8's characters, not its bytes, so that a character is never
 * cut in two. A byte 10xxxxxx continues the character its lead byte
 * (110xxxxx, 1110xxxx, 11110xxx) began, up to the 1, 2 or 3 the lead
 * announces; any other byte, one that is no UTF-8 (Latin-1's 0xb0)
 * included, is a character of its own, as a terminal shows it. A control
 * character (a tab, a newline) is a space, which keeps the row one line. */
static void out_name(struct perf_out *o, const char *const names[], int section)
{
	char unnamed[10];
	const unsigned char *p = (const unsigned char *)section_name(names, section, unnamed);
	int chars = 0, more = 0; /* continuation bytes the last lead announced */
	for (; *p; p++) {
		if ((*p & 0xc0u) == 0x80u && more > 0) {
			more--;
		} else {
			if (chars == 15)
				break;
			chars++;
			more = (*p & 0xe0u) == 0xc0u   ? 1
			       : (*p & 0xf0u) == 0xe0u ? 2
			       : (*p & 0xf8u) == 0xf0u ? 3
			                               : 0;
		}
		perf_out_char(o, *p < 0x20u || *p == 0x7fu ? ' ' : (char)*p);
	}
	perf_out_repeat(o, ' ', 15 - chars);
}

static const char rule[] = "+---------------+--------+-------------+---------------+-----------+\n";

/* The arguments every report refuses: nothing is written then. */
static int report_args_ok(const struct perf_snapshot *s, uint32_t clock_hz, int num_sections)
{
	return s && clock_hz && s->num_sections >= 0 && s->num_sections <= PERF_MAX_SECTIONS &&
	       num_sections >= 0 && num_sections <= s->num_sections;
}

/* "Overflow: counters of total, sort wrapped (...)" if any reported counter wrapped. */
static void out_overflow(struct perf_out *o, uint32_t overflow, int num_sections,
                         const char *const names[])
{
	uint32_t shown = overflow & ((2u << num_sections) - 1);
	if (!shown)
		return;
	perf_out_str(o, "Overflow: counters of");
	const char *sep = " ";
	for (int n = 0; n <= num_sections; n++) {
		if (!(shown & (1u << n)))
			continue;
		char unnamed[10];
		perf_out_str(o, sep);
		perf_out_str(o, n ? section_name(names, n, unnamed) : "total");
		sep = ", ";
	}
	perf_out_str(o, " wrapped (values are modulo 2^64 clocks, 2^32 occurrences)\n");
}

static int report(const struct perf_snapshot *s, uint32_t clock_hz, const uint32_t *bias,
                  int num_sections, const char *const names[], perf_put_fn put, void *ctx)
{
	if (!put || !report_args_ok(s, clock_hz, num_sections))
		return -PERF_EINVAL;
	struct perf_out o = { put, ctx, 0 };
	uint64_t total = s->time[0];

	perf_out_str(&o, "--Performance Counter Report");
	if (bias) {
		perf_out_str(&o, ", net of a ");
		perf_out_num(&o, *bias, 0, 0, 0);
		perf_out_str(&o, "-clock bias per occurrence");
	}
	perf_out_str(&o, "--\nTotal Time: ");
	out_seconds(&o, total, clock_hz, 0);
	perf_out_str(&o, " seconds (");
	perf_out_num(&o, total, 0, 0, 0);
	perf_out_str(&o, " clock-cycles)\n");
	perf_out_str(&o, rule);
	perf_out_str(&o, "| Section       |   %    | Time (sec)  | Time (clocks) |Occurrences|\n");
	perf_out_str(&o, rule);

	for (int n = 1; n <= num_sections; n++) {
		uint64_t time = s->time[n];
		if (bias)
			time = perf_section_time_net(time, s->occurrences[n], *bias);
		perf_out_char(&o, '|');
		out_name(&o, names, n);
		perf_out_char(&o, '|');
		out_percent(&o, time, total, 7);
		perf_out_str(&o, " |");
		out_seconds(&o, time, clock_hz, 13);
		perf_out_char(&o, '|');
		perf_out_num(&o, time, 0, 0, 15);
		perf_out_char(&o, '|');
		perf_out_num(&o, s->occurrences[n], 0, 0, 11);
		perf_out_str(&o, "|\n");
		perf_out_str(&o, rule);
	}
	out_overflow(&o, s->overflow, num_sections, names);
	return o.failed ? -PERF_EIO : 0;
}

int perf_report_write(const struct perf_snapshot *s, uint32_t clock_hz, int num_sections,
                      const char *const names[], perf_put_fn put, void *ctx)
{
	return report(s, clock_hz, NULL, num_sections, names, put, ctx);
}

int perf_report_write_net(const struct perf_snapshot *s, uint32_t clock_hz, uint32_t bias,
                          int num_sections, const char *const names[], perf_put_fn put, void *ctx)
{
	return report(s, clock_hz, &bias, num_sections, names, put, ctx);
}

/* Fills buf up to size - 1 characters and counts them all, to size a buffer. */
struct buffer {
	char *buf;
	size_t size, len;
};

static int put_buffer(int c, void *ctx)
{
	struct buffer *b = ctx;
	if (b->len + 1 < b->size)
		b->buf[b->len] = (char)c;
	b->len++;
	return c;
}

int perf_report_format(char *buf, size_t size, const struct perf_snapshot *s, uint32_t clock_hz,
                       int num_sections, const char *const names[])
{
	if ((!buf && size) || !report_args_ok(s, clock_hz, num_sections))
		return -PERF_EINVAL;
	struct buffer b = { buf, size, 0 };
	report(s, clock_hz, NULL, num_sections, names, put_buffer, &b);
	if (size)
		buf[b.len < size ? b.len : size - 1] = '\0';
	return b.len < size || (!buf && !size) ? (int)b.len : -PERF_ENOSPC;
}
