/* SPDX-License-Identifier: Apache-2.0 */
/* Character output through a perf_put_fn, for every text the driver writes:
 * the report (perf_report.c, also built into the host tool), the hooks'
 * dumps and the frames. Not part of the API. */
#ifndef PERF_OUT_H
#define PERF_OUT_H

#include <stdint.h>
#include <stdio.h>

#include "perfscope.h"

/* Functions the -finstrument-functions hooks must not see: a hook that
 * called an instrumented function would call itself. */
#define PERF_NO_TRACE_FN __attribute__((no_instrument_function))

/* putchar as a perf_put_fn: the driver's default output, and make
 * profile's runtime's (soc/fw/profile_main.c). */
static inline PERF_NO_TRACE_FN int perf_put_stdout(int c, void *ctx)
{
	(void)ctx;
	return putchar(c);
}

/* Output through put; the first failure sticks and silences the rest. */
struct perf_out {
	perf_put_fn put;
	void *ctx;
	int failed;
};

static inline PERF_NO_TRACE_FN void perf_out_char(struct perf_out *o, char c)
{
	if (!o->failed && o->put((unsigned char)c, o->ctx) < 0)
		o->failed = 1;
}

static inline PERF_NO_TRACE_FN void perf_out_str(struct perf_out *o, const char *s)
{
	while (*s)
		perf_out_char(o, *s++);
}

static inline PERF_NO_TRACE_FN void perf_out_repeat(struct perf_out *o, char c, int count)
{
	while (count-- > 0)
		perf_out_char(o, c);
}

/* whole.frac with `decimals` digits of frac, right-aligned in width, with
 * at least `gap` spaces before it: a column's number never touches the one
 * before, however wide it is. */
static inline PERF_NO_TRACE_FN void perf_out_number(struct perf_out *o, uint64_t whole,
                                                    uint32_t frac, int decimals, int width, int gap)
{
	char digits[32]; /* 20 + '.' + 9 */
	int len = 0;
	for (int i = 0; i < decimals; i++) {
		digits[len++] = (char)('0' + frac % 10);
		frac /= 10;
	}
	if (decimals)
		digits[len++] = '.';
	do {
		digits[len++] = (char)('0' + whole % 10);
		whole /= 10;
	} while (whole);
	perf_out_repeat(o, ' ', width - len > gap ? width - len : gap);
	while (len)
		perf_out_char(o, digits[--len]);
}

/* whole.frac with `decimals` digits of frac, right-aligned in width. */
static inline PERF_NO_TRACE_FN void perf_out_num(struct perf_out *o, uint64_t whole, uint32_t frac,
                                                 int decimals, int width)
{
	perf_out_number(o, whole, frac, decimals, width, 0);
}

/* 0x and eight hex digits. */
static inline PERF_NO_TRACE_FN void perf_out_hex(struct perf_out *o, uint32_t v)
{
	perf_out_str(o, "0x");
	for (int shift = 28; shift >= 0; shift -= 4)
		perf_out_char(o, "0123456789abcdef"[(v >> shift) & 0xfu]);
}

#endif
