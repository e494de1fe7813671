/* Host tests of the -pg hot-address table's arguments and a full table. */
#include <stdlib.h>

#include "check.h"
#include "perfscope_trace.h"

static __attribute__((noinline)) void hit(void) { _mcount(NULL); }

int main(void)
{
	void *buf = malloc(PERF_HOT_SIZE(1));
	check("granule 3 refused", (uint64_t)perf_hot_init(buf, PERF_HOT_SIZE(1), 3, 0), (uint64_t)-PERF_EINVAL);
	check("unknown flag refused", (uint64_t)perf_hot_init(buf, PERF_HOT_SIZE(1), 1, 8), (uint64_t)-PERF_EINVAL);
	check("one entry", (uint64_t)perf_hot_init(buf, PERF_HOT_SIZE(1), 1, 0), 1);
	check("ignore: NULL pairs refused", (uint64_t)perf_hot_ignore(NULL, 2), (uint64_t)-PERF_EINVAL);
	for (int i = 0; i < 5; i++)
		hit();
	_mcount(NULL);  /* another call site: replaces the only entry */
	const struct perf_hot *h = perf_hot_current();
	check("full: still one entry", h->used, 1);
	check("full: the new address has one hit", h->entry[0].hits, 1);
	check("full: the total dropped the old entry", h->total, 1);
	free(buf);
	return failures ? 1 : 0;
}
