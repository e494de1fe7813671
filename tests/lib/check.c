/* SPDX-License-Identifier: Apache-2.0 */
/* The checks of check.h. Numbers are printed digit by digit: picolibc's
 * integer-only printf, which the firmware links, has no 64-bit conversions. */
#include "check.h"

#include <stdio.h>
#include <string.h>

#ifndef CHECK_PREFIX
#define CHECK_PREFIX ""
#endif

static int passed, failed;

static void print_u64(uint64_t v)
{
	char buf[21];
	int i = sizeof buf - 1;

	buf[i] = '\0';
	do {
		buf[--i] = (char)('0' + v % 10u);
		v /= 10u;
	} while (v != 0u);
	fputs(&buf[i], stdout);
}

static void print_int(long long v)
{
	if (v < 0)
		putchar('-');
	/* The magnitude in unsigned arithmetic: -LLONG_MIN does not fit. */
	print_u64(v < 0 ? 0u - (uint64_t)v : (uint64_t)v);
}

/* s as a C string literal on one line, so whitespace differences show. */
static void print_quoted(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '\n') {
			fputs("\\n", stdout);
		} else {
			if (*s == '"' || *s == '\\')
				putchar('\\');
			putchar(*s);
		}
	}
	putchar('"');
}

/* Counts the check and starts its line; returns ok. A failure's line goes
 * on with the values. */
static int verdict(const char *what, int ok)
{
	if (ok) {
		passed++;
		printf("PASS " CHECK_PREFIX "%s\n", what);
	} else {
		failed++;
		printf("FAIL " CHECK_PREFIX "%s: expected ", what);
	}
	return ok;
}

void check_u64(const char *what, uint64_t got, uint64_t want)
{
	if (verdict(what, got == want))
		return;
	print_u64(want);
	fputs(" got ", stdout);
	print_u64(got);
	putchar('\n');
}

void check_int(const char *what, long long got, long long want)
{
	if (verdict(what, got == want))
		return;
	print_int(want);
	fputs(" got ", stdout);
	print_int(got);
	putchar('\n');
}

void check_str(const char *what, const char *got, const char *want)
{
	if (verdict(what, strcmp(got, want) == 0))
		return;
	print_quoted(want);
	fputs(" got ", stdout);
	print_quoted(got);
	putchar('\n');
}

int check_failures(void)
{
	return failed;
}

int check_summary(void)
{
	print_u64((uint64_t)passed);
	fputs(" passed, ", stdout);
	print_u64((uint64_t)failed);
	fputs(" failed\n", stdout);
	return failed != 0;
}
