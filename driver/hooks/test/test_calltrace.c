/* SPDX-License-Identifier: Apache-2.0 */
/* Host tests of the call-trace hooks at their limits, under ASan/UBSan:
 * buffers exactly as large as asked (malloc), so a write past one fails. */
#include <stdlib.h>

#include "check.h"
#include "perfscope_calltrace.h"

static uint32_t fake_perfscope[64];

int main(void)
{
	check_u64("a buffer smaller than the control area holds 0 lines",
	          (uint64_t)perf_calltrace_lines(8), 0);
	check_u64("size and lines agree", (uint64_t)perf_calltrace_lines(perf_calltrace_size(5)),
	          5);
	check_u64("init refuses NULL",
	          (uint64_t)perf_calltrace_init(fake_perfscope, NULL, 4096, PERF_CALLTRACE_LOG),
	          (uint64_t)-PERF_EINVAL);
	check_u64("init refuses a bad mode",
	          (uint64_t)perf_calltrace_init(fake_perfscope, fake_perfscope, 256, 7),
	          (uint64_t)-PERF_EINVAL);
	check_u64("arguments: a line takes 32 bytes",
	          (uint64_t)perf_calltrace_args_lines(perf_calltrace_args_size(5)), 5);
	check_u64("arguments without patchable entries (here: not RISC-V): -PERF_ENOSYS",
	          (uint64_t)perf_calltrace_init(fake_perfscope, fake_perfscope, 256,
	                                        PERF_CALLTRACE_LOG | PERF_CALLTRACE_ARGS),
	          (uint64_t)-PERF_ENOSYS);
	check_u64("no trace: dump refuses", (uint64_t)perf_calltrace_dump_to(0, NULL, NULL),
	          (uint64_t)-PERF_EINVAL);

	/* Stack mode, 2 lines, 5 calls deep: 3 not recorded, nothing overwritten. */
	void *stack = malloc(PERF_CALLTRACE_SIZE(2));
	check_u64("stack: init",
	          (uint64_t)perf_calltrace_init(fake_perfscope, stack, PERF_CALLTRACE_SIZE(2),
	                                        PERF_CALLTRACE_STACK),
	          2);
	for (uintptr_t i = 1; i <= 5; i++) {
		fake_perfscope[0] = (uint32_t)(100 * i);  /* the global time the hook reads */
		__cyg_profile_func_enter((void *)i, (void *)(i + 0x1000));
	}
	const struct perf_calltrace *t = perf_calltrace_current();
	check_u64("stack: 2 records", perf_calltrace_count(t), 2);
	check_u64("stack: 3 calls not recorded", t->overflows, 3);
	check_u64("stack: the outermost two kept", t->rec[0].fn * 10 + t->rec[1].fn, 12);
	check_u64("stack: stamps from the clock", t->rec[1].stamp, 200);
	for (int i = 0; i < 6; i++)
		__cyg_profile_func_exit(NULL, NULL);
	check_u64("stack: all popped", perf_calltrace_count(t) + t->hidden + t->depth, 0);
	check_u64("stack: one exit too many is an underflow", t->underflows, 1);
	free(stack);

	/* Log mode, 3 lines, 10 calls: the newest 3, in order. */
	void *ring = malloc(PERF_CALLTRACE_SIZE(3));
	perf_calltrace_init(fake_perfscope, ring, PERF_CALLTRACE_SIZE(3), PERF_CALLTRACE_LOG);
	for (uintptr_t i = 1; i <= 10; i++) {
		__cyg_profile_func_enter((void *)i, NULL);
		__cyg_profile_func_exit((void *)i, NULL);
	}
	t = perf_calltrace_current();
	check_u64("log: keeps 3", perf_calltrace_count(t), 3);
	check_u64("log: the newest is 10", (t->next == t->rec ? t->end : t->next)[-1].fn, 10);
	check_u64("log: disable returns enabled", (uint64_t)perf_calltrace_disable(), 1);
	__cyg_profile_func_enter((void *)99, NULL);
	check_u64("log: disabled records nothing", (t->next == t->rec ? t->end : t->next)[-1].fn,
	          10);
	free(ring);
	return check_failures() != 0;
}
