/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The four hook libraries' headers in one, for the programs that include
 * it: new code includes the header of the library it links
 * (perfscope_hooks.h lists them).
 */
#ifndef PERFSCOPE_TRACE_H
#define PERFSCOPE_TRACE_H

#include "perfscope_calltrace.h"
#include "perfscope_funccost.h"
#include "perfscope_hot.h"
#include "perfscope_profile.h"

#endif /* PERFSCOPE_TRACE_H */
