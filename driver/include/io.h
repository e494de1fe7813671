/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Nios II HAL's io.h, for programs that reach registers with its
 * macros (altera_avalon_performance_counter.h includes it, as the HAL's
 * does):
 *   IORD(base, n), IOWR(base, n, data)     the 32-bit register n words
 *                                          from base (SYSTEM_BUS_WIDTH 32)
 *   IORD_32DIRECT(base, offset), IOWR_32DIRECT(base, offset, data)
 *   IORD_16DIRECT, IOWR_16DIRECT, IORD_8DIRECT, IOWR_8DIRECT
 *                                          at a byte offset; reads of 16
 *                                          and 8 bits are zero-extended
 * base is an integer or a pointer. On Nios II the accesses bypass the data
 * cache (ldwio, stwio); a volatile access is the same on a CPU whose data
 * cache never holds its I/O region (VexRiscv: 0x8000_0000 and up). The
 * reads are values of type int, as the HAL's builtins' (__builtin_ldwio),
 * so that printf("%x", IORD(base, n)) builds without a warning here as it
 * does on Nios II; the writes are statements.
 */
#ifndef __IO_H__
#define __IO_H__

#include <stdint.h>

#include "alt_types.h"

#ifndef SYSTEM_BUS_WIDTH
#define SYSTEM_BUS_WIDTH 32
#endif

#define __IO_CALC_ADDRESS_DYNAMIC(BASE, OFFSET) ((uintptr_t)(BASE) + (uintptr_t)(OFFSET))
#define __IO_CALC_ADDRESS_NATIVE(BASE, REGNUM) \
	__IO_CALC_ADDRESS_DYNAMIC((BASE), (REGNUM) * (SYSTEM_BUS_WIDTH / 8))

#define __IO_RD(TYPE, ADDR) ((int)(*(volatile TYPE *)(ADDR)))
#define __IO_WR(TYPE, ADDR, DATA) ((void)(*(volatile TYPE *)(ADDR) = (TYPE)(DATA)))

#define IORD_32DIRECT(BASE, OFFSET) __IO_RD(alt_u32, __IO_CALC_ADDRESS_DYNAMIC((BASE), (OFFSET)))
#define IORD_16DIRECT(BASE, OFFSET) __IO_RD(alt_u16, __IO_CALC_ADDRESS_DYNAMIC((BASE), (OFFSET)))
#define IORD_8DIRECT(BASE, OFFSET) __IO_RD(alt_u8, __IO_CALC_ADDRESS_DYNAMIC((BASE), (OFFSET)))

#define IOWR_32DIRECT(BASE, OFFSET, DATA) \
	__IO_WR(alt_u32, __IO_CALC_ADDRESS_DYNAMIC((BASE), (OFFSET)), (DATA))
#define IOWR_16DIRECT(BASE, OFFSET, DATA) \
	__IO_WR(alt_u16, __IO_CALC_ADDRESS_DYNAMIC((BASE), (OFFSET)), (DATA))
#define IOWR_8DIRECT(BASE, OFFSET, DATA) \
	__IO_WR(alt_u8, __IO_CALC_ADDRESS_DYNAMIC((BASE), (OFFSET)), (DATA))

#define IORD(BASE, REGNUM) __IO_RD(alt_u32, __IO_CALC_ADDRESS_NATIVE((BASE), (REGNUM)))
#define IOWR(BASE, REGNUM, DATA) \
	__IO_WR(alt_u32, __IO_CALC_ADDRESS_NATIVE((BASE), (REGNUM)), (DATA))

#endif
