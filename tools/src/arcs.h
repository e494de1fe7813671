/* SPDX-License-Identifier: Apache-2.0 */
/*
 * perfscope functions --graph: for each function of the table, its callers
 * above it and its callees below, with the calls and the exact cycles of
 * each arc: the self+children time the callee spent while called from that
 * caller, counted once however deep a recursion nests. gprof can only
 * share a callee's average time out among its callers; the events frames
 * hold every call's own time, so these are exact.
 *
 *   crc32                         calls           cycles
 *     <- main                         3           444312
 *     == crc32                        3           444312  self 444312
 *     -> (a callee)                 ...
 */
#ifndef ARCS_H
#define ARCS_H

#include <stdio.h>

#include "stacks.h"
#include "table.h"

/* t gives the functions, in its order; s the call paths they come from. */
void arcs_print(FILE *f, const struct stacks *s, const struct symtab *st, const struct table *t);

#endif
