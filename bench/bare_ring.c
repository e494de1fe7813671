/* SPDX-License-Identifier: Apache-2.0 */
/* The baseline the hook benchmark compares against: the barest useful hook,
 * a ring of (function address, 32-bit perfscope time stamp) written on
 * entry, nothing on exit. Not part of the driver. */
#include <stdint.h>

#include "perfscope.h"
#include "soc.h"

#define NT __attribute__((no_instrument_function))

struct bare_record {
	uint32_t fn;
	uint32_t stamp;
};

static struct bare_record ring[256];
struct bare_record *bare_next = ring;

NT void __cyg_profile_func_enter(void *fn, void *site)
{
	(void)site;
	struct bare_record *r = bare_next;
	r->fn = (uint32_t)(uintptr_t)fn;
	r->stamp = SOC_REG(SOC_PERF_BASE + PERF_REG_TIME_LO(0));
	bare_next = r + 1 == ring + 256 ? ring : r + 1;
}

NT void __cyg_profile_func_exit(void *fn, void *site)
{
	(void)fn;
	(void)site;
}
