/* Internals shared by the perfscope driver's C files: interrupt masking and
 * character output through a perf_put_fn. Not part of the API. */
#ifndef PERF_INTERNAL_H
#define PERF_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "perfscope.h"

#define PERF_NO_TRACE_FN __attribute__((no_instrument_function))

/* The instruction `jal t0, off`: what an entry nop of
 * -fpatchable-function-entry is patched into to call a trampoline that
 * returns through t0 (off within +-1 MiB, even). */
static inline PERF_NO_TRACE_FN uint32_t perf_rv_jal_t0(int32_t off)
{
	const uint32_t i = (uint32_t)off;
	return ((i >> 20) & 1u) << 31 | ((i >> 1) & 0x3ffu) << 21 | ((i >> 11) & 1u) << 20 |
	       ((i >> 12) & 0xffu) << 12 | 5u << 7 | 0x6fu;
}

#if defined(__riscv)
#define PERF_MSTATUS_MIE 8u

/* Clears mstatus.MIE and returns the old mstatus. */
static inline PERF_NO_TRACE_FN uint32_t perf_irq_save(void)
{
	uint32_t mstatus;
	__asm__ volatile("csrrci %0, mstatus, %1" : "=r"(mstatus) : "i"(PERF_MSTATUS_MIE) : "memory");
	return mstatus;
}

/* Sets MIE again only if it was set: the caller may run with it clear. */
static inline PERF_NO_TRACE_FN void perf_irq_restore(uint32_t mstatus)
{
	__asm__ volatile("csrs mstatus, %0" : : "r"(mstatus & PERF_MSTATUS_MIE) : "memory");
}
#else
/* Host build: nothing interrupts the unit tests. */
static inline uint32_t perf_irq_save(void) { return 0; }
static inline void perf_irq_restore(uint32_t mstatus) { (void)mstatus; }
#endif

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
static inline PERF_NO_TRACE_FN void perf_out_number(struct perf_out *o, uint64_t whole, uint32_t frac,
                                                    int decimals, int width, int gap)
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
static inline PERF_NO_TRACE_FN void perf_out_num(struct perf_out *o, uint64_t whole,
                                                 uint32_t frac, int decimals, int width)
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

/* putchar as a perf_put_fn. */
static inline PERF_NO_TRACE_FN int perf_put_stdout(int c, void *ctx)
{
	(void)ctx;
	return putchar(c);
}

#endif
