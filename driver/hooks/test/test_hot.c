/* SPDX-License-Identifier: Apache-2.0 */
/* Host tests of the -pg hot-address table's arguments and a full table. */
#include <stdlib.h>

#include "check.h"
#include "perfscope_hot.h"

static __attribute__((noinline)) void hit(void) { _mcount(NULL); }

int main(void)
{
	void *buf = malloc(PERF_HOT_SIZE(1));
	check_u64("granule 3 refused", (uint64_t)perf_hot_init(buf, PERF_HOT_SIZE(1), 3, 0),
	          (uint64_t)-PERF_EINVAL);
	check_u64("unknown flag refused", (uint64_t)perf_hot_init(buf, PERF_HOT_SIZE(1), 1, 8),
	          (uint64_t)-PERF_EINVAL);
	check_u64("one entry", (uint64_t)perf_hot_init(buf, PERF_HOT_SIZE(1), 1, 0), 1);
	check_u64("ignore: NULL pairs refused", (uint64_t)perf_hot_ignore(NULL, 2),
	          (uint64_t)-PERF_EINVAL);
	for (int i = 0; i < 5; i++)
		hit();
	_mcount(NULL);  /* another call site: replaces the only entry */
	const struct perf_hot *h = perf_hot_current();
	check_u64("full: still one entry", h->used, 1);
	check_u64("full: the new address has one hit", h->entry[0].hits, 1);
	check_u64("full: the total dropped the old entry", h->total, 1);
	free(buf);
	return check_failures() != 0;
}
