/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Exact-value checks for every C test of the checkout: the driver's and the
 * hooks' host tests, the host tool's unit tests and the firmware tests,
 * which run on the simulated SoC (picolibc's integer-only printf, so no
 * %llu here). Plain C.
 *
 * Each check prints one line, "PASS <what>" or "FAIL <what>: expected N
 * got M" (strings quoted, so whitespace shows), which scripts and the
 * firmware tests (tests/test_firmware.py) count. Building check.c with
 * -DCHECK_PREFIX='"hooks: "' puts that text before every <what>: a suite's
 * name in a shared listing.
 */
#ifndef CHECK_H
#define CHECK_H

#include <stdint.h>

void check_u64(const char *what, uint64_t got, uint64_t want);
void check_int(const char *what, long long got, long long want);
void check_str(const char *what, const char *got, const char *want);

/* Checks that failed so far: a firmware test's main returns it, which the
 * simulator makes its exit status. */
int check_failures(void);

/* Prints "N passed, M failed" and returns the exit code: 1 on any failure. */
int check_summary(void);

#endif
