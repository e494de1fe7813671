/* Assertions for the driver's host tests: each prints PASS or FAIL with its name. */
#ifndef CHECK_H
#define CHECK_H

#include <stdint.h>

void check_u64(const char *name, uint64_t expected, uint64_t got);
void check_int(const char *name, long long expected, long long got);
void check_str(const char *name, const char *expected, const char *got);

/* Prints "N passed, M failed" and returns the exit code: nonzero on any failure. */
int check_summary(void);

void test_macros(void);
void test_driver(void);
void test_report(void);
void test_misuse(void);

#endif
