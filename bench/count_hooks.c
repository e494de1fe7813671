/* SPDX-License-Identifier: Apache-2.0 */
/* Hooks of the benchmark's counting build: how many instrumented calls a
 * workload makes. Not part of the driver. */
#include <stdint.h>

#define NT __attribute__((no_instrument_function))

volatile uint32_t count_calls;

NT void __cyg_profile_func_enter(void *fn, void *site)
{
	(void)fn;
	(void)site;
	count_calls++;
}

NT void __cyg_profile_func_exit(void *fn, void *site)
{
	(void)fn;
	(void)site;
}
