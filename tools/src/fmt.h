/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Numbers into a buffer without printf: the per-record writers of chrome
 * and trace spend their time here, and a format string parsed ten million
 * times costs more than the bytes it writes. Each returns the end of what
 * it wrote; the caller's buffer holds 24 bytes for each.
 */
#ifndef FMT_H
#define FMT_H

#include <stdint.h>
#include <string.h>

/* The decimal digits of v. */
static inline int fmt_digits(uint64_t v)
{
	int n = 1;
	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

/* v in decimal, at least `digits` digits, zeros in front. */
static inline char *fmt_u64_zero(char *p, uint64_t v, int digits)
{
	const int n = fmt_digits(v) > digits ? fmt_digits(v) : digits;
	for (int i = n - 1; i >= 0; i--, v /= 10)
		p[i] = (char)('0' + v % 10);
	return p + n;
}

static inline char *fmt_u64(char *p, uint64_t v)
{
	return fmt_u64_zero(p, v, 1);
}

/* "0x" and 8 hex digits. */
static inline char *fmt_hex8(char *p, uint32_t v)
{
	static const char digit[] = "0123456789abcdef";
	*p++ = '0';
	*p++ = 'x';
	for (int s = 28; s >= 0; s -= 4)
		*p++ = digit[v >> s & 0xfu];
	return p;
}

/* "0x" and the hex digits without leading zeros. */
static inline char *fmt_hex(char *p, uint32_t v)
{
	static const char digit[] = "0123456789abcdef";
	int s = 28;
	*p++ = '0';
	*p++ = 'x';
	while (s > 0 && !(v >> s & 0xfu))
		s -= 4;
	for (; s >= 0; s -= 4)
		*p++ = digit[v >> s & 0xfu];
	return p;
}

/* Pct in hundredths, rounded half up as the driver's; 128-bit, so exact
 * for any 64-bit count. */
static inline uint64_t fmt_hundredths(uint64_t part, unsigned __int128 whole)
{
	return whole ? (uint64_t)(((unsigned __int128)part * 10000u + whole / 2) / whole) : 0;
}

static inline char *fmt_str(char *p, const char *s)
{
	const size_t n = strlen(s);
	memcpy(p, s, n);
	return p + n;
}

#endif
