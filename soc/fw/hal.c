/* SPDX-License-Identifier: Apache-2.0 */
/* The Nios II HAL calls the reference SoC answers besides the performance
 * counter's: the timestamp timer (sys/alt_timestamp.h), the small console
 * API (sys/alt_stdio.h), the cache flushes (sys/alt_cache.h), and the
 * system clock and its alarms (sys/alt_alarm.h). As syscalls.c's, each is a section of its own that the
 * link drops unless the program calls it, and weak: a program that starts
 * no alarm links none of their code. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "perfscope_hwtrace.h"
#include "soc.h"
#include "sys/alt_alarm.h"
#include "sys/alt_cache.h"
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

/* The caches. VexRiscv's data cache has one management instruction
 * (DBusCachedPlugin's MANAGEMENT, MISC-MEM with funct3 5), which
 * invalidates every line; the CPUs without the cache take it as illegal,
 * hence SOC_DATA_CACHE (fw.mk). fence.i refills the instruction cache, and
 * is a no-op on VexRiscv_Min. */
__attribute__((weak)) void alt_dcache_flush_all(void)
{
#ifdef SOC_DATA_CACHE
    __asm__ volatile(".word 0x0000500f" : : : "memory");
#endif
}

__attribute__((weak)) void alt_dcache_flush(void *start, alt_u32 len)
{
    (void)start;
    (void)len;
    alt_dcache_flush_all();
}

__attribute__((weak)) void alt_dcache_flush_no_writeback(void *start, alt_u32 len)
{
    (void)start;
    (void)len;
    alt_dcache_flush_all();
}

__attribute__((weak)) void alt_icache_flush_all(void)
{
    __asm__ volatile("fence.i" : : : "memory");
}

__attribute__((weak)) void alt_icache_flush(void *start, alt_u32 len)
{
    (void)start;
    (void)len;
    alt_icache_flush_all();
}

/* The system clock and the alarms, on MTIME and the machine timer interrupt. */

#define CYCLES_PER_TICK ((uint64_t)(SOC_CLOCK_HZ / SOC_TICKS_PER_SECOND))
#define MCAUSE_MACHINE_TIMER 0x80000007u
#define MIE_MTIE 0x80u
#define MSTATUS_MIE 0x8u

_Static_assert(SOC_CLOCK_HZ / SOC_TICKS_PER_SECOND >= 1, "SOC_TICKS_PER_SECOND above SOC_CLOCK_HZ");

static alt_alarm *alarms;  /* the running alarms, in the order started */
static int interrupts_booted;

__attribute__((weak)) alt_u32 alt_ticks_per_second(void)
{
    return SOC_TICKS_PER_SECOND;
}

static uint64_t ticks(void)
{
    return soc_mtime() / CYCLES_PER_TICK;
}

__attribute__((weak)) alt_u32 alt_nticks(void)
{
    return (alt_u32)ticks();
}

static void unlink_alarm(alt_alarm *alarm)
{
    for (alt_alarm **p = &alarms; *p != NULL; p = &(*p)->next)
        if (*p == alarm) {
            *p = alarm->next;
            return;
        }
}

/* MTIMECMP at the first alarm due; with none, all ones and the timer
 * interrupt off, so that a program ending in while (1); ends the run. */
static void arm_timer(void)
{
    uint64_t first = UINT64_MAX;
    for (const alt_alarm *a = alarms; a != NULL; a = a->next)
        if (a->time < first)
            first = a->time;
    if (first == UINT64_MAX) {
        __asm__ volatile("csrc mie, %0" : : "r"(MIE_MTIE));
        soc_set_mtimecmp(UINT64_MAX);
        return;
    }
    soc_set_mtimecmp(first > UINT64_MAX / CYCLES_PER_TICK ? UINT64_MAX : first * CYCLES_PER_TICK);
    __asm__ volatile("csrs mie, %0" : : "r"(MIE_MTIE));
}

/* The trace unit's one-store hooks (driver/hooks/hwtrace.c), when the
 * program links them, mark the alarms' interrupt, so that its time is its
 * own in their traces, not the function's it interrupted; without them
 * nothing is marked (the retire tap sees the trap itself). */
#pragma weak perf_hwtrace_irq_mark
/* make profile's runtime (soc/fw/profile_main.c) switches the function-cost
 * hooks to a buffer of the interrupt's own around it (soc.h). */
#pragma weak soc_irq_mark

/* The alarms' trap entry, in mtvec once one starts: the machine timer
 * interrupt runs the alarms due; any other trap goes to trap_handler as
 * crt0.S's entry hands it over. */
__attribute__((interrupt("machine"), aligned(4))) static void alarm_trap_entry(void)
{
    unsigned mcause, mepc;
    __asm__ volatile("csrr %0, mcause" : "=r"(mcause));
    if (mcause == MCAUSE_MACHINE_TIMER) {
        if (perf_hwtrace_irq_mark)
            perf_hwtrace_irq_mark(1, mcause);
        if (soc_irq_mark)
            soc_irq_mark(1, mcause);
        alt_tick();
        if (soc_irq_mark)
            soc_irq_mark(0, mcause);
        if (perf_hwtrace_irq_mark)
            perf_hwtrace_irq_mark(0, mcause);
        return;
    }
    __asm__ volatile("csrr %0, mepc" : "=r"(mepc));
    trap_handler(mcause, mepc);
}

/* Each alarm due is called, the earliest first, until none is: a callback
 * may start or stop any alarm. One called late by more than its next
 * interval is next called that interval from now, once, as the HAL, whose
 * ticks stop while interrupts are off, calls it. */
__attribute__((weak)) void alt_tick(void)
{
    const uint64_t now = ticks();
    for (;;) {
        alt_alarm *due = NULL;
        for (alt_alarm *a = alarms; a != NULL; a = a->next)
            if (a->time <= now && (due == NULL || a->time < due->time))
                due = a;
        if (due == NULL)
            break;
        const alt_u32 next = due->callback(due->context);
        if (next == 0)
            unlink_alarm(due);
        else
            due->time = (due->time + next > now) ? due->time + next : now + next;
    }
    arm_timer();
}

__attribute__((weak)) int alt_alarm_start(alt_alarm *the_alarm, alt_u32 nticks, alt_u32 (*callback)(void *context),
                                          void *context)
{
    uint32_t mstatus;

    if (the_alarm == NULL || callback == NULL)
        return -EINVAL;
    __asm__ volatile("csrrci %0, mstatus, %1" : "=r"(mstatus) : "i"(MSTATUS_MIE) : "memory");
    unlink_alarm(the_alarm);
    the_alarm->callback = callback;
    the_alarm->context = context;
    the_alarm->time = ticks() + nticks + 1;
    the_alarm->next = alarms;
    alarms = the_alarm;
    __asm__ volatile("csrw mtvec, %0" : : "r"(alarm_trap_entry));
    arm_timer();
    /* The HAL's boot turns interrupts on, the SoC's does not: the first
     * start does; later ones leave them as the program has them. */
    if (!interrupts_booted) {
        interrupts_booted = 1;
        mstatus |= MSTATUS_MIE;
    }
    if (mstatus & MSTATUS_MIE)
        __asm__ volatile("csrsi mstatus, %0" : : "i"(MSTATUS_MIE) : "memory");
    return 0;
}

__attribute__((weak)) void alt_alarm_stop(alt_alarm *the_alarm)
{
    uint32_t mstatus;

    if (the_alarm == NULL)
        return;
    __asm__ volatile("csrrci %0, mstatus, %1" : "=r"(mstatus) : "i"(MSTATUS_MIE) : "memory");
    unlink_alarm(the_alarm);
    arm_timer();
    if (mstatus & MSTATUS_MIE)
        __asm__ volatile("csrsi mstatus, %0" : : "i"(MSTATUS_MIE) : "memory");
}
