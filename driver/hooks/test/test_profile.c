/* Host tests of the profile hooks at their limits, under ASan/UBSan. */
#include <stdlib.h>

#include "check.h"
#include "perfscope_trace.h"

static uint32_t fake_perfscope[64];

int main(void)
{
	perf_profile_attach(fake_perfscope);
	check("bad id refused", (uint64_t)perf_profile_enable(40), (uint64_t)-PERF_EINVAL);
	check("no current profile: mark refused", (uint64_t)perf_profile_mark_enter(), (uint64_t)-PERF_EINVAL);
	static uint64_t small[2];
	check("a buffer too small refused", (uint64_t)perf_profile_create(small, sizeof small), (uint64_t)-PERF_EINVAL);
	void *buf = aligned_alloc(8, PERF_PROFILE_SIZE(1));
	const int id = perf_profile_create(buf, PERF_PROFILE_SIZE(1));
	perf_profile_unfreeze(id);
	perf_profile_enable(id);
	perf_profile_switch(id);
	for (int i = 0; i < PERF_PROFILE_DEPTH + 2; i++)
		__cyg_profile_func_enter((void *)(uintptr_t)(1 + i % 2), NULL);
	const struct perf_profile *p = perf_profile_get(id);
	check("above the depth limit: 2 warnings", p->warn_high, 2);
	for (int i = 0; i < PERF_PROFILE_DEPTH + 3; i++)
		__cyg_profile_func_exit(NULL, NULL);
	check("below 0: 1 warning", p->warn_low, 1);
	check("a table of 1 function drops the other", p->dropped, PERF_PROFILE_DEPTH / 2);
	check("close with nothing open", (uint64_t)perf_profile_close(id), 0);
	free(buf);
	return failures ? 1 : 0;
}
