/* SPDX-License-Identifier: Apache-2.0 */
/* The Nios II HAL calls the reference SoC answers besides the performance
 * counter's: the timestamp timer (sys/alt_timestamp.h) and the small
 * console API (sys/alt_stdio.h). As syscalls.c's, each is a section of its
 * own that the link drops unless the program calls it, and weak. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include "soc.h"
#include "sys/alt_stdio.h"
#include "sys/alt_timestamp.h"

static uint64_t timestamp_start;

__attribute__((weak)) int alt_timestamp_start(void)
{
    timestamp_start = soc_mtime();
    return 0;
}

__attribute__((weak)) alt_u64 soc_timestamp(void)
{
    return soc_mtime() - timestamp_start;
}

__attribute__((weak)) alt_u32 alt_timestamp_freq(void)
{
    return SOC_CLOCK_HZ;
}

__attribute__((weak)) void alt_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
}

__attribute__((weak)) int alt_putstr(const char *str)
{
    return fputs(str, stdout);
}

__attribute__((weak)) int alt_putchar(int c)
{
    return putchar(c);
}

__attribute__((weak)) int alt_getchar(void)
{
    return getchar();
}
