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

static inline char *fmt_u64(char *p, uint64_t v)
{
	char tmp[20];
	int n = 0;
	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		*p++ = tmp[--n];
	return p;
}

/* At least `digits` digits, zeros in front. */
static inline char *fmt_u64_zero(char *p, uint64_t v, int digits)
{
	char tmp[20];
	int n = 0;
	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n < digits)
		tmp[n++] = '0';
	while (n)
		*p++ = tmp[--n];
	return p;
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

static inline char *fmt_str(char *p, const char *s)
{
	const size_t n = strlen(s);
	memcpy(p, s, n);
	return p + n;
}

#endif
