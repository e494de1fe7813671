/* One-line checks for the hook libraries' host tests. */
#ifndef HOOKS_CHECK_H
#define HOOKS_CHECK_H

#include <stdint.h>
#include <stdio.h>

static int failures;

static void check(const char *what, uint64_t got, uint64_t want)
{
	if (got == want) {
		printf("PASS hooks: %s\n", what);
	} else {
		failures++;
		printf("FAIL hooks: %s: expected %llu got %llu\n", what, (unsigned long long)want,
		       (unsigned long long)got);
	}
}

#endif
