/* SPDX-License-Identifier: Apache-2.0 */
/* The function-cost tests' lookup of one function's statistics row. */
#ifndef STAT_OF_H
#define STAT_OF_H

#include <stdint.h>

#include "perfscope_funccost.h"

/* fn's row in s, or a row of zeros if fn has none. */
static inline const struct perf_funcstat *stat_of(const struct perf_statistics *s, uint32_t fn)
{
	for (uint32_t i = 0; i < s->functions; i++)
		if (s->fn[i].fn == fn)
			return &s->fn[i];
	static const struct perf_funcstat none;
	return &none;
}

#endif
