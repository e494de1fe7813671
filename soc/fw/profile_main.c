/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The runtime `make profile` links into a program: it wraps the program's
 * main (-Wl,--wrap=main), records the entry and exit of every instrumented
 * function from main's first instruction to its return with the function-
 * cost hooks, and prints the events frame for perfscope at the end.
 *
 * The stamps come from the SoC's MTIME, not perfscope's global time: the
 * program under profile owns perfscope and may reset or stop it (the demo
 * does both), which would break the timeline. MTIME counts the same clock
 * cycles and never stops. perf_funccost_init reads its stamps at the
 * perfscope base plus TIME_LO(0)'s offset, so the base given is MTIME's
 * address less that offset.
 */
#include <stddef.h>
#include <stdint.h>

#include "perfscope_regs.h"
#include "perfscope_funccost.h"
#include "soc.h"

#ifndef PROFILE_EVENTS
#define PROFILE_EVENTS 2048 /* entries and exits; perfscope warns if they did not fit */
#endif

static uint32_t events[PERF_FUNCCOST_SIZE(PROFILE_EVENTS) / 4];

int __real_main(void);
int __wrap_main(void) PERF_NO_TRACE;

int __wrap_main(void)
{
	perf_funccost_init((const void *)(uintptr_t)(SOC_MTIME_LO - PERF_REG_TIME_LO(0)), events, sizeof events);
	const int status = __real_main();
	perf_funccost_disable();
	perf_funccost_frame(NULL, NULL);
	return status;
}
