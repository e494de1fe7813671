/* SPDX-License-Identifier: Apache-2.0 */
/* The host tool's unit tests (tools/test/unit/, make -C tools unit): each
 * file one concern, each check a "PASS unit: ..." or "FAIL unit: ...
 * expected X got Y" line (tests/lib/check.h, the checkout's one helper). */
#ifndef UNIT_H
#define UNIT_H

#include "check.h"
#include "frames.h"
#include "tool.h"

/* Passes if text has part in it; else shows the whole text. */
void check_contains(const char *what, const char *text, const char *part);

void test_frames(void);    /* test_frames.c: every frame type, decoded */
void test_errors(void);    /* test_errors.c: damaged frames, exact messages and exit status */
void test_callgraph(void); /* test_callgraph.c: self, self+children, recursion, gaps, lost events */
void test_outputs(void);   /* test_outputs.c: functions csv/json/graph, folded */
void test_modules(void);   /* test_modules.c: map.c, json.c, util.c directly */
void test_stream(void); /* test_stream.c: the trace unit's stream file, exact outputs and errors */
void test_hist(void);   /* test_hist.c: hist frames: the hist table, gmon.out, errors, gprof */

#endif
