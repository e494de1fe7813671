/* Firmware check helpers: 64-bit values printed without printf's long long
 * support, which picolibc's integer-only printf leaves out. */
#include "check.h"

#include <stdio.h>

static int failures;

void print_u64(uint64_t v)
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

void check_u64(const char *what, uint64_t got, uint64_t want)
{
	if (got == want) {
		printf("PASS %s\n", what);
		return;
	}
	failures++;
	printf("FAIL %s: expected ", what);
	print_u64(want);
	fputs(" got ", stdout);
	print_u64(got);
	putchar('\n');
}

int check_failures(void)
{
	return failures;
}
