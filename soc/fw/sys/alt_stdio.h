/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Nios II HAL's small console API on the reference SoC (soc/fw/hal.c),
 * on the console stdio writes to:
 *   void alt_printf(const char *fmt, ...)   the HAL's takes %c, %s, %x
 *                                           and %%; this one is printf,
 *                                           without printf's format check:
 *                                           the HAL's %x takes any 32-bit
 *                                           value, an alt_u32 (unsigned
 *                                           long) too
 *   int alt_putstr(const char *str)         str, no newline added
 *   int alt_putchar(int c)
 *   int alt_getchar(void)                   -1: the console has no input
 */
#ifndef __ALT_STDIO_H__
#define __ALT_STDIO_H__

#ifdef __cplusplus
extern "C" {
#endif

void alt_printf(const char *fmt, ...);
int alt_putstr(const char *str);
int alt_putchar(int c);
int alt_getchar(void);

#ifdef __cplusplus
}
#endif

#endif
