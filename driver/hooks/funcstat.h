/* Per-function statistics shared by the function-cost and profile hooks:
 * the table of struct perf_funcstat and its IAS-layout print. Internal. */
#ifndef FUNCSTAT_H
#define FUNCSTAT_H

#include "perfscope_trace.h"
#include "../perf_internal.h"

/* Adds one call of fn: self+children `total` (counted only if the call was
 * not made from inside fn itself), `self`. Returns 0, or -1 if the table
 * has no room for a new function. */
int perf_funcstat_add(struct perf_funcstat *tab, uint32_t *used, uint32_t capacity,
                      uint32_t fn, uint32_t total, uint32_t self, int recursive) PERF_NO_TRACE;

/* The IAS table's head line. */
void perf_funcstat_print_head(struct perf_out *o) PERF_NO_TRACE;

/* One row per function, % of `whole` cycles. Rows are named as IAS names
 * them: C-call for a C function, USER_DEFINED_BLOCK for a marked block
 * (fn PERF_PROFILE_USER_BLOCK), Program for the whole profile (fn 0). */
void perf_funcstat_print_rows(struct perf_out *o, const struct perf_funcstat *tab, uint32_t used,
                              uint64_t whole) PERF_NO_TRACE;

/* The rows as frame payload: per function fn, calls, outer, total_min,
 * total_max, self_min, self_max (u32), total, self (u64). */
void perf_funcstat_frame_rows(struct perf_frame *f, const struct perf_funcstat *tab,
                              uint32_t used) PERF_NO_TRACE;

#endif
