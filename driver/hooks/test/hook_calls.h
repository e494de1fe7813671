/* The fake perfscope register file and the hook calls of the hook
 * libraries' host tests. The hooks read the time from word 0. */
#ifndef HOOKS_HOOK_CALLS_H
#define HOOKS_HOOK_CALLS_H

#include <stdint.h>

#include "perfscope_trace.h"

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
