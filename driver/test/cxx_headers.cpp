/* SPDX-License-Identifier: Apache-2.0 */
/* Every public header of the driver in C++, as a C++ program includes
 * them, and the README's and the guides' calls whose arguments C++ types
 * more strictly than C (an enum or'ed with a flag is no enum in C++).
 * driver/Makefile compiles it for rv32 with -Wall -Wextra -Werror. */
#include "altera_avalon_performance_counter.h"
#include "perfscope.h"
#include "perfscope_calltrace.h"
#include "perfscope_frame.h"
#include "perfscope_funccost.h"
#include "perfscope_hooks.h"
#include "perfscope_hot.h"
#include "perfscope_hwtrace.h"
#include "perfscope_profile.h"
#include "perfscope_retire.h"

#define PERF ((void *)0x80000000u)

static uint32_t buf[PERF_CALLTRACE_ARGS_SIZE(64) / 4];

int readme_calltrace(void)
{
	return perf_calltrace_init(PERF, buf, sizeof buf, PERF_CALLTRACE_LOG | PERF_CALLTRACE_ARGS);
}

int stack_calltrace(void)
{
	return perf_calltrace_init(PERF, buf, sizeof buf, PERF_CALLTRACE_STACK);
}
