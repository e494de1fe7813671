/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Nios II HAL's interrupt masking on the reference SoC, whose CPU has
 * one global interrupt enable, mstatus.MIE, as Nios II has status.PIE:
 *   alt_irq_context alt_irq_disable_all(void)   masks every interrupt and
 *                                               returns the state before
 *   void alt_irq_enable_all(alt_irq_context c)  restores that state, on
 *                                               or off, as the HAL writes
 *                                               the saved status back
 *   int alt_irq_enabled(void)                   1 if interrupts are on
 * so that a measured section bracketed by them, as Altera advises, builds
 * and runs unchanged. The SoC starts with interrupts off. The HAL's handler
 * registration (alt_ic_isr_register, alt_irq_register) is not here: a
 * program that takes interrupts defines trap_handler (soc/fw/soc.h).
 */
#ifndef __ALT_IRQ_H__
#define __ALT_IRQ_H__

#include "alt_types.h"

typedef alt_u32 alt_irq_context;

#define ALT_IRQ_MSTATUS_MIE 0x8u

static __inline__ alt_irq_context alt_irq_disable_all(void)
{
    alt_u32 mstatus;
    __asm__ volatile("csrrci %0, mstatus, 8" : "=r"(mstatus) : : "memory");
    return mstatus & ALT_IRQ_MSTATUS_MIE;
}

static __inline__ void alt_irq_enable_all(alt_irq_context context)
{
    if (context & ALT_IRQ_MSTATUS_MIE)
        __asm__ volatile("csrsi mstatus, 8" : : : "memory");
    else
        __asm__ volatile("csrci mstatus, 8" : : : "memory");
}

static __inline__ int alt_irq_enabled(void)
{
    alt_u32 mstatus;
    __asm__ volatile("csrr %0, mstatus" : "=r"(mstatus));
    return (mstatus & ALT_IRQ_MSTATUS_MIE) != 0;
}

#endif
