/* SPDX-License-Identifier: Apache-2.0 */
/* The fake perfscope register file and the hook calls of the hook
 * libraries' host tests. The hooks read the time from word 0. */
#ifndef HOOKS_HOOK_CALLS_H
#define HOOKS_HOOK_CALLS_H

#include <stdint.h>

#include "perfscope_frame.h"
#include "perfscope_hooks.h"

static uint32_t fake_perfscope[64];

/* Function fn's entry, called from fn + 0x100. */
static inline void enter(uintptr_t fn)
{
	__cyg_profile_func_enter((void *)fn, (void *)(fn + 0x100));
}

/* An exit: the hooks take the function from their own records. */
static inline void leave(void)
{
	__cyg_profile_func_exit(NULL, NULL);
}

/* A frame's text as perf_put_fn put_line writes it. interrupt, if set,
 * runs once, at the first character: between perf_frame_write's two
 * passes (the header's and the text's). */
struct line {
	char text[512];
	unsigned len;
	void (*interrupt)(void);
};

static inline int put_line(int c, void *ctx)
{
	struct line *l = ctx;
	if (l->interrupt) {
		l->interrupt();
		l->interrupt = NULL;
	}
	if (l->len + 1 >= sizeof l->text)
		return -1;
	l->text[l->len++] = (char)c;
	return c;
}

/* The driver writes its run frame before a program's first frame. A test
 * that compares frames writes one frame of nothing first, so that the
 * frames it compares are its own. */
static inline int put_nothing(int c, void *ctx)
{
	(void)ctx;
	return c;
}

static inline void payload_nothing(struct perf_frame *f, const void *arg)
{
	(void)f;
	(void)arg;
}

static inline void run_frame_written(void)
{
	perf_frame_write("nothing", payload_nothing, NULL, put_nothing, NULL);
}

/* At time t, function fn's entry, or an exit if fn is 0. */
static inline void at(uint32_t t, uintptr_t fn)
{
	fake_perfscope[0] = t;
	if (fn)
		enter(fn);
	else
		leave();
}

#endif
