/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What perfscope's hook libraries share. Build the code to profile with
 * -finstrument-functions (or -pg) and link one library, which the
 * compiler's entry/exit hooks (or _mcount) then feed, time-stamped by
 * perfscope's global time; code built without the flags costs nothing. One
 * header a library:
 *
 *   call trace      driver/hooks/calltrace.c   perfscope_calltrace.h
 *   function cost   driver/hooks/funccost.c    perfscope_funccost.h
 *   profiles        driver/hooks/profile.c     perfscope_profile.h
 *   hot addresses   driver/hooks/hot.c         perfscope_hot.h
 *   trace unit      driver/hooks/hwtrace.c     perfscope_hwtrace.h
 *
 * The first four keep their records in RAM; the last stores each event to
 * perfscope's trace unit (docs/trace.md), which stamps and streams it.
 *
 * Function cost and profiles also link driver/hooks/functable.c, the
 * per-function table both keep. A program links the mode it wants
 * (soc/fw/fw.mk: FW_HOOKS_calltrace, _funccost, _profile, _hot, _hwtrace). The hooks
 * and this driver are never instrumented themselves.
 *
 * Time stamps are the low 32 bits of perfscope's global time G, so they
 * count only while the global counter runs (PERF_START_MEASURING). Every
 * library also writes its dump as a frame line (perfscope_frame.h).
 */
#ifndef PERFSCOPE_HOOKS_H
#define PERFSCOPE_HOOKS_H

#include <stdint.h>

#include "perfscope.h"
#include "perfscope_frame.h"

/* C++ programs call the library as C. */
#ifdef __cplusplus
extern "C" {
#endif

/* Functions the hooks must not see: neither instrumented nor patched for
 * the call trace's arguments. */
#define PERF_NO_TRACE __attribute__((no_instrument_function, patchable_function_entry(0, 0)))

/* The compiler's hooks (GCC -finstrument-functions): the call trace,
 * function cost and profile libraries each define them. */
void __cyg_profile_func_enter(void *this_fn, void *call_site) PERF_NO_TRACE;
void __cyg_profile_func_exit(void *this_fn, void *call_site) PERF_NO_TRACE;

/*
 * Interrupt time. A handler that switches to its own context (buffer or
 * profile) on entry and back on exit keeps its time out of the function it
 * interrupted, except the cycles the switches cannot see: from the
 * interrupt to the first switch's time stamp, and from the second switch's
 * stamp back to the interrupted code. Set them here, once, and the switch
 * back counts them as switched out too (docs/hooks.md gives them for the
 * reference SoC). Function cost and profiles use it; default 0.
 */
void perf_context_set_leak(uint32_t cycles) PERF_NO_TRACE;
uint32_t perf_context_leak(void) PERF_NO_TRACE;

/* One row of the function table of function cost and profiles: per
 * function, cycles from its entry hook to its exit hook. */
struct perf_funcstat {
	uint32_t fn;
	uint32_t calls;     /* every call, recursive ones included */
	uint32_t outer;     /* calls not made from inside the same function */
	uint32_t total_min; /* self+children of one outer call */
	uint32_t total_max;
	uint32_t self_min; /* self of one call */
	uint32_t self_max;
	uint32_t pad;
	uint64_t total; /* self+children, summed over outer calls only */
	uint64_t self;  /* self, summed over every call */
};

#ifdef __cplusplus
}
#endif

#endif /* PERFSCOPE_HOOKS_H */
