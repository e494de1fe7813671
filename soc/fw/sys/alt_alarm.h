/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Nios II HAL's system clock and alarms on the reference SoC
 * (soc/fw/hal.c), on MTIME:
 *   alt_u32 alt_ticks_per_second(void)  SOC_TICKS_PER_SECOND (1000: a 1 ms
 *                                       tick, the HAL's interval timer's
 *                                       default period)
 *   alt_u32 alt_nticks(void)            ticks since reset, from MTIME: no
 *                                       tick is ever lost, and none costs an
 *                                       interrupt
 *   int alt_alarm_start(alarm, nticks, callback, context)
 *       calls callback(context) at tick alt_nticks() + nticks + 1, as the
 *       HAL, from the machine timer interrupt; a non-zero return is the
 *       ticks to the next call, 0 stops the alarm. Returns 0, or -EINVAL
 *       for a null alarm or callback. Starting an alarm that runs starts
 *       it again. The first start turns the machine timer interrupt and
 *       mstatus.MIE on (the HAL has interrupts on from boot, the SoC
 *       starts with them off).
 *   void alt_alarm_stop(alarm)          an alarm that does not run: nothing
 *   void alt_tick(void)                 runs the alarms that are due; the
 *                                       alarms' trap entry calls it
 * The alarms own the machine timer (MTIMECMP), which is set for the next
 * one due only: no interrupt comes while none runs, and after the last
 * stops the timer interrupt is off again. Their trap entry takes the
 * machine timer interrupt and hands every other trap to trap_handler
 * (soc/fw/soc.h), the program's or the default one.
 */
#ifndef __ALT_ALARM_H__
#define __ALT_ALARM_H__

#include "alt_types.h"

typedef struct alt_alarm_s alt_alarm;

/* Allocated by the program, as in the HAL; the fields are the library's. */
struct alt_alarm_s {
	alt_alarm *next;                    /* the running alarms' list */
	alt_u64 time;                       /* the tick of the next call */
	alt_u32 (*callback)(void *context);
	void *context;
};

#ifdef __cplusplus
extern "C" {
#endif

alt_u32 alt_ticks_per_second(void);
alt_u32 alt_nticks(void);
int alt_alarm_start(alt_alarm *the_alarm, alt_u32 nticks, alt_u32 (*callback)(void *context), void *context);
void alt_alarm_stop(alt_alarm *the_alarm);
void alt_tick(void);

#ifdef __cplusplus
}
#endif

#endif
