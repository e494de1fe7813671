/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Nios II HAL's nios2.h on the reference SoC, for HAL programs that
 * include it: its status register access, on the one control bit the
 * RISC-V CPU shares with Nios II, the global interrupt enable.
 *   NIOS2_READ_STATUS(dest)    dest = status as Nios II lays it out: PIE
 *                              (bit 0) is mstatus.MIE; every other bit
 *                              reads 0 (machine mode is Nios II's
 *                              supervisor mode, U = 0, EH = 0)
 *   NIOS2_WRITE_STATUS(src)    mstatus.MIE = src's PIE; the other bits
 *                              have nothing to set here
 *   NIOS2_STATUS_PIE_MSK, NIOS2_STATUS_PIE_OFST
 * The other control registers (estatus, bstatus, ienable, ipending, cpuid,
 * exception, badaddr) have no counterpart on the SoC: their macros are not
 * defined, so a program that uses one stops at its build instead of running
 * with a value that means nothing. sys/alt_irq.h masks interrupts the
 * HAL's way.
 */
#ifndef __NIOS2_H__
#define __NIOS2_H__

#include "alt_types.h"

#define NIOS2_STATUS_PIE_MSK  (0x00000001)
#define NIOS2_STATUS_PIE_OFST (0)

static __inline__ alt_u32 nios2_status_read(void)
{
    alt_u32 mstatus;
    __asm__ volatile("csrr %0, mstatus" : "=r"(mstatus));
    return (mstatus >> 3) & NIOS2_STATUS_PIE_MSK;  /* mstatus.MIE is bit 3 */
}

static __inline__ void nios2_status_write(alt_u32 status)
{
    if (status & NIOS2_STATUS_PIE_MSK)
        __asm__ volatile("csrsi mstatus, 8" : : : "memory");
    else
        __asm__ volatile("csrci mstatus, 8" : : : "memory");
}

#define NIOS2_READ_STATUS(dest) \
    do { \
        (dest) = nios2_status_read(); \
    } while (0)
#define NIOS2_WRITE_STATUS(src) \
    do { \
        nios2_status_write((alt_u32)(src)); \
    } while (0)

#endif
