/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The register map of Altera's interval timer core (Embedded Peripherals
 * IP User Guide), as the Nios II HAL's altera_avalon_timer_regs.h names it,
 * over io.h: for HAL programs that include it. The reference SoC has no such timer (its system clock and
 * timestamp are MTIME: sys/alt_alarm.h, sys/alt_timestamp.h), so its
 * system.h names none: a program that drives one builds for a SoC whose
 * system.h gives its base.
 *   register  offset (32-bit words)  bits
 *   STATUS    0                      TO (0), RUN (1)
 *   CONTROL   1                      ITO (0), CONT (1), START (2), STOP (3)
 *   a 32-bit counter's:
 *   PERIODL   2, PERIODH 3           the period's low and high 16 bits
 *   SNAPL     4, SNAPH   5           the snapshot's low and high 16 bits
 *   a 64-bit counter's:
 *   PERIOD_0  2 .. PERIOD_3 5        the period, 16 bits each, low first
 *   SNAP_0    6 .. SNAP_3   9        the snapshot, the same
 * Each register has its word offset (_REG), IOADDR_ (its address), IORD_
 * and IOWR_ macros, and each field its _MSK and _OFST.
 */
#ifndef __ALTERA_AVALON_TIMER_REGS_H__
#define __ALTERA_AVALON_TIMER_REGS_H__

#include "io.h"

#define ALTERA_AVALON_TIMER_STATUS_REG         0
#define IOADDR_ALTERA_AVALON_TIMER_STATUS(base) __IO_CALC_ADDRESS_NATIVE(base, 0)
#define IORD_ALTERA_AVALON_TIMER_STATUS(base)  IORD(base, 0)
#define IOWR_ALTERA_AVALON_TIMER_STATUS(base, data) IOWR(base, 0, data)
#define ALTERA_AVALON_TIMER_STATUS_TO_MSK      (0x1)
#define ALTERA_AVALON_TIMER_STATUS_TO_OFST     (0)
#define ALTERA_AVALON_TIMER_STATUS_RUN_MSK     (0x2)
#define ALTERA_AVALON_TIMER_STATUS_RUN_OFST    (1)

#define ALTERA_AVALON_TIMER_CONTROL_REG        1
#define IOADDR_ALTERA_AVALON_TIMER_CONTROL(base) __IO_CALC_ADDRESS_NATIVE(base, 1)
#define IORD_ALTERA_AVALON_TIMER_CONTROL(base) IORD(base, 1)
#define IOWR_ALTERA_AVALON_TIMER_CONTROL(base, data) IOWR(base, 1, data)
#define ALTERA_AVALON_TIMER_CONTROL_ITO_MSK    (0x1)
#define ALTERA_AVALON_TIMER_CONTROL_ITO_OFST   (0)
#define ALTERA_AVALON_TIMER_CONTROL_CONT_MSK   (0x2)
#define ALTERA_AVALON_TIMER_CONTROL_CONT_OFST  (1)
#define ALTERA_AVALON_TIMER_CONTROL_START_MSK  (0x4)
#define ALTERA_AVALON_TIMER_CONTROL_START_OFST (2)
#define ALTERA_AVALON_TIMER_CONTROL_STOP_MSK   (0x8)
#define ALTERA_AVALON_TIMER_CONTROL_STOP_OFST  (3)

#define ALTERA_AVALON_TIMER_PERIODL_REG        2
#define IOADDR_ALTERA_AVALON_TIMER_PERIODL(base) __IO_CALC_ADDRESS_NATIVE(base, 2)
#define IORD_ALTERA_AVALON_TIMER_PERIODL(base) IORD(base, 2)
#define IOWR_ALTERA_AVALON_TIMER_PERIODL(base, data) IOWR(base, 2, data)
#define ALTERA_AVALON_TIMER_PERIODL_MSK        (0xFFFF)
#define ALTERA_AVALON_TIMER_PERIODL_OFST       (0)

#define ALTERA_AVALON_TIMER_PERIODH_REG        3
#define IOADDR_ALTERA_AVALON_TIMER_PERIODH(base) __IO_CALC_ADDRESS_NATIVE(base, 3)
#define IORD_ALTERA_AVALON_TIMER_PERIODH(base) IORD(base, 3)
#define IOWR_ALTERA_AVALON_TIMER_PERIODH(base, data) IOWR(base, 3, data)
#define ALTERA_AVALON_TIMER_PERIODH_MSK        (0xFFFF)
#define ALTERA_AVALON_TIMER_PERIODH_OFST       (0)

#define ALTERA_AVALON_TIMER_SNAPL_REG          4
#define IOADDR_ALTERA_AVALON_TIMER_SNAPL(base) __IO_CALC_ADDRESS_NATIVE(base, 4)
#define IORD_ALTERA_AVALON_TIMER_SNAPL(base)   IORD(base, 4)
#define IOWR_ALTERA_AVALON_TIMER_SNAPL(base, data) IOWR(base, 4, data)
#define ALTERA_AVALON_TIMER_SNAPL_MSK          (0xFFFF)
#define ALTERA_AVALON_TIMER_SNAPL_OFST         (0)

#define ALTERA_AVALON_TIMER_SNAPH_REG          5
#define IOADDR_ALTERA_AVALON_TIMER_SNAPH(base) __IO_CALC_ADDRESS_NATIVE(base, 5)
#define IORD_ALTERA_AVALON_TIMER_SNAPH(base)   IORD(base, 5)
#define IOWR_ALTERA_AVALON_TIMER_SNAPH(base, data) IOWR(base, 5, data)
#define ALTERA_AVALON_TIMER_SNAPH_MSK          (0xFFFF)
#define ALTERA_AVALON_TIMER_SNAPH_OFST         (0)

#define ALTERA_AVALON_TIMER_PERIOD_0_REG       2
#define IOADDR_ALTERA_AVALON_TIMER_PERIOD_0(base) __IO_CALC_ADDRESS_NATIVE(base, 2)
#define IORD_ALTERA_AVALON_TIMER_PERIOD_0(base) IORD(base, 2)
#define IOWR_ALTERA_AVALON_TIMER_PERIOD_0(base, data) IOWR(base, 2, data)
#define ALTERA_AVALON_TIMER_PERIOD_0_MSK       (0xFFFF)
#define ALTERA_AVALON_TIMER_PERIOD_0_OFST      (0)

#define ALTERA_AVALON_TIMER_PERIOD_1_REG       3
#define IOADDR_ALTERA_AVALON_TIMER_PERIOD_1(base) __IO_CALC_ADDRESS_NATIVE(base, 3)
#define IORD_ALTERA_AVALON_TIMER_PERIOD_1(base) IORD(base, 3)
#define IOWR_ALTERA_AVALON_TIMER_PERIOD_1(base, data) IOWR(base, 3, data)
#define ALTERA_AVALON_TIMER_PERIOD_1_MSK       (0xFFFF)
#define ALTERA_AVALON_TIMER_PERIOD_1_OFST      (0)

#define ALTERA_AVALON_TIMER_PERIOD_2_REG       4
#define IOADDR_ALTERA_AVALON_TIMER_PERIOD_2(base) __IO_CALC_ADDRESS_NATIVE(base, 4)
#define IORD_ALTERA_AVALON_TIMER_PERIOD_2(base) IORD(base, 4)
#define IOWR_ALTERA_AVALON_TIMER_PERIOD_2(base, data) IOWR(base, 4, data)
#define ALTERA_AVALON_TIMER_PERIOD_2_MSK       (0xFFFF)
#define ALTERA_AVALON_TIMER_PERIOD_2_OFST      (0)

#define ALTERA_AVALON_TIMER_PERIOD_3_REG       5
#define IOADDR_ALTERA_AVALON_TIMER_PERIOD_3(base) __IO_CALC_ADDRESS_NATIVE(base, 5)
#define IORD_ALTERA_AVALON_TIMER_PERIOD_3(base) IORD(base, 5)
#define IOWR_ALTERA_AVALON_TIMER_PERIOD_3(base, data) IOWR(base, 5, data)
#define ALTERA_AVALON_TIMER_PERIOD_3_MSK       (0xFFFF)
#define ALTERA_AVALON_TIMER_PERIOD_3_OFST      (0)

#define ALTERA_AVALON_TIMER_SNAP_0_REG         6
#define IOADDR_ALTERA_AVALON_TIMER_SNAP_0(base) __IO_CALC_ADDRESS_NATIVE(base, 6)
#define IORD_ALTERA_AVALON_TIMER_SNAP_0(base)  IORD(base, 6)
#define IOWR_ALTERA_AVALON_TIMER_SNAP_0(base, data) IOWR(base, 6, data)
#define ALTERA_AVALON_TIMER_SNAP_0_MSK         (0xFFFF)
#define ALTERA_AVALON_TIMER_SNAP_0_OFST        (0)

#define ALTERA_AVALON_TIMER_SNAP_1_REG         7
#define IOADDR_ALTERA_AVALON_TIMER_SNAP_1(base) __IO_CALC_ADDRESS_NATIVE(base, 7)
#define IORD_ALTERA_AVALON_TIMER_SNAP_1(base)  IORD(base, 7)
#define IOWR_ALTERA_AVALON_TIMER_SNAP_1(base, data) IOWR(base, 7, data)
#define ALTERA_AVALON_TIMER_SNAP_1_MSK         (0xFFFF)
#define ALTERA_AVALON_TIMER_SNAP_1_OFST        (0)

#define ALTERA_AVALON_TIMER_SNAP_2_REG         8
#define IOADDR_ALTERA_AVALON_TIMER_SNAP_2(base) __IO_CALC_ADDRESS_NATIVE(base, 8)
#define IORD_ALTERA_AVALON_TIMER_SNAP_2(base)  IORD(base, 8)
#define IOWR_ALTERA_AVALON_TIMER_SNAP_2(base, data) IOWR(base, 8, data)
#define ALTERA_AVALON_TIMER_SNAP_2_MSK         (0xFFFF)
#define ALTERA_AVALON_TIMER_SNAP_2_OFST        (0)

#define ALTERA_AVALON_TIMER_SNAP_3_REG         9
#define IOADDR_ALTERA_AVALON_TIMER_SNAP_3(base) __IO_CALC_ADDRESS_NATIVE(base, 9)
#define IORD_ALTERA_AVALON_TIMER_SNAP_3(base)  IORD(base, 9)
#define IOWR_ALTERA_AVALON_TIMER_SNAP_3(base, data) IOWR(base, 9, data)
#define ALTERA_AVALON_TIMER_SNAP_3_MSK         (0xFFFF)
#define ALTERA_AVALON_TIMER_SNAP_3_OFST        (0)

#endif
