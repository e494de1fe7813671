/* SPDX-License-Identifier: Apache-2.0 */
/* A user's program of the regression example, built in a hook mode: -pg
 * (fw.mk's "hot"), so that every call of its own functions is counted in a
 * hot-address table. Section 1 sorts 64 keys, section 2 looks each one up;
 * the counters and the table go out as frames (test_programs.py). */
#include <stdint.h>
#include <stdio.h>

#include "perfscope.h"
#include "perfscope_frame.h"
#include "perfscope_hot.h"
#include "soc.h"

#define PERF ((void *)SOC_PERF_BASE)
#define KEYS 64

static int32_t keys[KEYS];
static uint32_t table[PERF_HOT_SIZE(8) / 4];

__attribute__((noinline)) static void insertion_sort(int32_t *a, unsigned n)
{
	for (unsigned i = 1; i < n; i++) {
		int32_t v = a[i];
		unsigned j = i;

		while (j > 0 && a[j - 1] > v) {
			a[j] = a[j - 1];
			j--;
		}
		a[j] = v;
	}
}

__attribute__((noinline)) static int find(const int32_t *a, unsigned n, int32_t v)
{
	unsigned lo = 0, hi = n;

	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;

		if (a[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && a[lo] == v ? (int)lo : -1;
}

int main(void)
{
	struct perf_snapshot snap;
	unsigned found = 0;

	for (unsigned i = 0; i < KEYS; i++)
		keys[i] = (int32_t)((i * 37u) % KEYS) - KEYS / 2; /* a permutation of -32..31 */
	perf_hot_init(table, sizeof table, 1, 0);
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	PERF_BEGIN(PERF, 1);
	insertion_sort(keys, KEYS);
	PERF_END(PERF, 1);
	PERF_BEGIN(PERF, 2);
	for (int32_t v = -KEYS / 2; v < KEYS / 2; v++)
		found += find(keys, KEYS, v) == v + KEYS / 2;
	PERF_END(PERF, 2);
	PERF_STOP_MEASURING(PERF);
	perf_hot_disable();
	printf("sort: %u of %u keys found in place\n", found, KEYS);
	perf_print_formatted_report(PERF, SOC_CLOCK_HZ, 2, "sort", "find");
	perf_hot_frame(NULL, NULL);
	if (perf_snapshot(PERF, &snap) > 0)
		perf_snapshot_frame(&snap, SOC_CLOCK_HZ, NULL, NULL);
	return found == KEYS ? 0 : 1;
}
