/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Nios II HAL's alt_types.h for programs ported to perfscope: the same
 * type names, the same types wherever the HAL's exist (an ILP32 target such
 * as Nios II or rv32), and its small helper macros. perfscope.h includes it,
 * so the HAL types come with the driver.
 *
 * alt_32 and alt_u32 are long and unsigned long on the HAL. On rv32 those
 * are 32 bits and are int32_t and uint32_t, so printf("%lu") of an alt_u32
 * works as on Nios II. A host with 64-bit long (LP64) gets int and unsigned
 * int instead, keeping the types 32 bits wide; "%lu" is then wrong there.
 */
#ifndef __ALT_TYPES_H__
#define __ALT_TYPES_H__

/* As in the HAL: assembly sources may include this file for the macros. */
#if !defined(ALT_ASM_SRC) && !defined(__ASSEMBLER__)
#include <limits.h>

typedef signed char alt_8;
typedef unsigned char alt_u8;
typedef signed short alt_16;
typedef unsigned short alt_u16;
#if ULONG_MAX == 0xffffffffUL
typedef signed long alt_32;
typedef unsigned long alt_u32;
#else
typedef signed int alt_32;
typedef unsigned int alt_u32;
#endif
/* __extension__: C89 with -pedantic (-ansi -pedantic) has no long long. */
__extension__ typedef long long alt_64;
__extension__ typedef unsigned long long alt_u64;

/* Checked in every dialect (C89 has no _Static_assert): a size of -1 is an
 * error naming the array. */
typedef char alt_types_32_bits_[(sizeof(alt_32) == 4 && sizeof(alt_u32) == 4) ? 1 : -1];
typedef char alt_types_64_bits_[(sizeof(alt_64) == 8 && sizeof(alt_u64) == 8) ? 1 : -1];
#endif

#define ALT_INLINE        __inline__
#define ALT_ALWAYS_INLINE __attribute__((always_inline))
#define ALT_WEAK          __attribute__((weak))

#endif /* __ALT_TYPES_H__ */
