/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The register map of Altera's PIO core (Embedded Peripherals IP User
 * Guide), as the Nios II HAL's altera_avalon_pio_regs.h names it, over
 * io.h: for HAL programs that include it (LEDs and switches, most often).
 * The reference SoC has no PIO, so its system.h names none: a program that
 * drives one builds for a SoC whose system.h gives its base.
 *   register    offset (32-bit words)
 *   DATA        0   read: the input pins; write: the output port
 *   DIRECTION   1   1: output (ALTERA_AVALON_PIO_DIRECTION_OUTPUT)
 *   IRQ_MASK    2
 *   EDGE_CAP    3
 *   SET_BITS    4   outset: each 1 sets that output bit
 *   CLEAR_BITS  5   outclear: each 1 clears that output bit
 * Each has IOADDR_ (its address), IORD_ and IOWR_ macros. The HAL spells
 * the set register's address macro IOADDR_ALTERA_AVALON_PIO_SET_BIT; both
 * spellings are here.
 */
#ifndef __ALTERA_AVALON_PIO_REGS_H__
#define __ALTERA_AVALON_PIO_REGS_H__

#include "io.h"

#define IOADDR_ALTERA_AVALON_PIO_DATA(base)         __IO_CALC_ADDRESS_NATIVE(base, 0)
#define IORD_ALTERA_AVALON_PIO_DATA(base)           IORD(base, 0)
#define IOWR_ALTERA_AVALON_PIO_DATA(base, data)     IOWR(base, 0, data)

#define IOADDR_ALTERA_AVALON_PIO_DIRECTION(base)    __IO_CALC_ADDRESS_NATIVE(base, 1)
#define IORD_ALTERA_AVALON_PIO_DIRECTION(base)      IORD(base, 1)
#define IOWR_ALTERA_AVALON_PIO_DIRECTION(base, data) IOWR(base, 1, data)

#define IOADDR_ALTERA_AVALON_PIO_IRQ_MASK(base)     __IO_CALC_ADDRESS_NATIVE(base, 2)
#define IORD_ALTERA_AVALON_PIO_IRQ_MASK(base)       IORD(base, 2)
#define IOWR_ALTERA_AVALON_PIO_IRQ_MASK(base, data) IOWR(base, 2, data)

#define IOADDR_ALTERA_AVALON_PIO_EDGE_CAP(base)     __IO_CALC_ADDRESS_NATIVE(base, 3)
#define IORD_ALTERA_AVALON_PIO_EDGE_CAP(base)       IORD(base, 3)
#define IOWR_ALTERA_AVALON_PIO_EDGE_CAP(base, data) IOWR(base, 3, data)

#define IOADDR_ALTERA_AVALON_PIO_SET_BITS(base)     __IO_CALC_ADDRESS_NATIVE(base, 4)
#define IOADDR_ALTERA_AVALON_PIO_SET_BIT(base)      IOADDR_ALTERA_AVALON_PIO_SET_BITS(base)
#define IORD_ALTERA_AVALON_PIO_SET_BITS(base)       IORD(base, 4)
#define IOWR_ALTERA_AVALON_PIO_SET_BITS(base, data) IOWR(base, 4, data)

#define IOADDR_ALTERA_AVALON_PIO_CLEAR_BITS(base)     __IO_CALC_ADDRESS_NATIVE(base, 5)
#define IORD_ALTERA_AVALON_PIO_CLEAR_BITS(base)       IORD(base, 5)
#define IOWR_ALTERA_AVALON_PIO_CLEAR_BITS(base, data) IOWR(base, 5, data)

#define ALTERA_AVALON_PIO_DIRECTION_INPUT  0
#define ALTERA_AVALON_PIO_DIRECTION_OUTPUT 1

#endif
