/* SPDX-License-Identifier: Apache-2.0 */
/*
 * One function per Nios II macro, the base arriving in a0 as in instrumented
 * code: check_onestore.sh fails unless each compiles to its single store.
 */
#include "perfscope.h"

void one_reset(void *p) { PERF_RESET(p); }
void one_start(void *p) { PERF_START_MEASURING(p); }
void one_stop(void *p) { PERF_STOP_MEASURING(p); }
void one_begin3(void *p) { PERF_BEGIN(p, 3); }
void one_end3(void *p) { PERF_END(p, 3); }
