/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Nios II HAL's small console API on the reference SoC (soc/fw/hal.c),
 * on the console stdio writes to:
 *   void alt_printf(const char *fmt, ...)   the HAL's takes %c, %s, %x
 *                                           and %%; this one is printf
 *   int alt_putstr(const char *str)         str, no newline added
 *   int alt_putchar(int c)
 *   int alt_getchar(void)                   -1: the console has no input
 */
#ifndef __ALT_STDIO_H__
#define __ALT_STDIO_H__

void alt_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int alt_putstr(const char *str);
int alt_putchar(int c);
int alt_getchar(void);

#endif
