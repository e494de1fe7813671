/* Exact-value checks for firmware tests.
 *
 * Each check prints one line, "PASS <what>" or "FAIL <what>: expected N got M",
 * which tests/run.sh collects; main() returns check_failures() so the
 * simulator's exit code fails the run too. */
#ifndef CHECK_H
#define CHECK_H

#include <stdint.h>

void check_u64(const char *what, uint64_t got, uint64_t want);
int check_failures(void);
void print_u64(uint64_t v);

#endif
