/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Nios II macros against a plain array standing in for the 256-byte
 * window: the real volatile stores of perfscope.h, no fake behind them. Every
 * word starts as a sentinel, so a macro must change exactly one word, to the
 * expected value.
 */
#include "perfscope.h"

#include <stdio.h>

#include "check.h"
#include "suites.h"

#define WORDS (PERF_SPAN_BYTES / 4)
#define SENTINEL 0xa5a5a5a5u

static uint32_t window[WORDS];

static void fill(void)
{
	for (unsigned i = 0; i < WORDS; i++)
		window[i] = SENTINEL;
}

/* After one macro: the only word that changed is `word`, and it holds `value`. */
static void expect_one_store(const char *macro, unsigned word, uint32_t value)
{
	char name[96];
	unsigned changed = 0;
	for (unsigned i = 0; i < WORDS; i++)
		changed += i != word && window[i] != SENTINEL;
	snprintf(name, sizeof name, "%s writes word %u", macro, word);
	check_u64(name, window[word], value);
	snprintf(name, sizeof name, "%s writes no other word", macro);
	check_u64(name, changed, 0);
}

/* Runs one macro on a window of sentinels and checks its store; the check
 * is named after the call as written. */
#define EXPECT_STORE(call, word, value)               \
	do {                                          \
		fill();                               \
		call;                                 \
		expect_one_store(#call, word, value); \
	} while (0)

void test_macros(void)
{
	/* As the Nios II driver, p may be a pointer or an integer address. */
	void *p = window;
	uintptr_t integer = (uintptr_t)window;

	EXPECT_STORE(PERF_RESET(p), 0, 1);
	EXPECT_STORE(PERF_START_MEASURING(p), 1, 0);
	EXPECT_STORE(PERF_STOP_MEASURING(p), 0, 0);
	EXPECT_STORE(PERF_START_MEASURING(integer), 1, 0);

	for (int n = 1; n <= PERF_MAX_SECTIONS; n++) {
		char macro[48];
		fill();
		PERF_BEGIN(p, n);
		snprintf(macro, sizeof macro, "PERF_BEGIN(p, %d)", n);
		expect_one_store(macro, 4 * n + 1, 0);
		fill();
		PERF_END(p, n);
		snprintf(macro, sizeof macro, "PERF_END(p, %d)", n);
		expect_one_store(macro, 4 * n, 0);
	}
	EXPECT_STORE(PERF_BEGIN(integer, 3), 13, 0);
	EXPECT_STORE(PERF_END(integer, 3), 12, 0);
}
