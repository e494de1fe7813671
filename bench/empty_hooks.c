/* SPDX-License-Identifier: Apache-2.0 */
/* The floor of any -finstrument-functions hook: two calls that do nothing.
 * What they cost is the calls and the registers the instrumented function
 * saves around them. Not part of the driver. */
#define NT __attribute__((no_instrument_function))

NT void __cyg_profile_func_enter(void *fn, void *site)
{
	(void)fn;
	(void)site;
}

NT void __cyg_profile_func_exit(void *fn, void *site)
{
	(void)fn;
	(void)site;
}
