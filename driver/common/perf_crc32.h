/* SPDX-License-Identifier: Apache-2.0 */
/* CRC-32 of IEEE 802.3, as zlib's crc32: reflected, polynomial 0xedb88320,
 * started at all ones and inverted at the end. The one implementation the
 * driver's frames, the host tool's decoder and the benchmark's generator
 * use (docs/dump-format.md). Header only: the firmware inlines the byte
 * step and never links the host's tables. */
#ifndef PERF_CRC32_H
#define PERF_CRC32_H

#include <stddef.h>
#include <stdint.h>

#define PERF_CRC32_INIT 0xffffffffu /* the running CRC's start; ~running is the CRC */

/* The running CRC after one more byte, four bits a step: t[i] is the
 * bitwise CRC step applied four times to i, so two lookups do the work of
 * eight shift-and-xor steps. 64 bytes of read-only data, against the 4 KiB
 * of the host's tables below: a firmware frame costs about a third of the
 * bitwise loop's cycles a byte (test_hwtrace.c checks frames against the
 * bitwise definition). */
static inline __attribute__((no_instrument_function)) uint32_t perf_crc32_byte(uint32_t crc,
                                                                               uint8_t b)
{
	static const uint32_t t[16] = {
		0x00000000u, 0x1db71064u, 0x3b6e20c8u, 0x26d930acu, 0x76dc4190u, 0x6b6b51f4u,
		0x4db26158u, 0x5005713cu, 0xedb88320u, 0xf00f9344u, 0xd6d6a3e8u, 0xcb61b38cu,
		0x9b64c2b0u, 0x86d3d2d4u, 0xa00ae278u, 0xbdbdf21cu,
	};
	crc ^= b;
	crc = (crc >> 4) ^ t[crc & 15u];
	return (crc >> 4) ^ t[crc & 15u];
}

/* Tables for four bytes a step (slicing by 4), where throughput counts:
 * t[0] is the byte table, t[k] advances a byte's remainder by k more
 * bytes. The caller owns them, so only a program that uses them has them. */
struct perf_crc32_tables {
	uint32_t t[4][256];
};

static inline void perf_crc32_tables_init(struct perf_crc32_tables *c)
{
	for (uint32_t i = 0; i < 256; i++)
		c->t[0][i] = perf_crc32_byte(0, (uint8_t)i);
	for (uint32_t i = 0; i < 256; i++)
		for (int k = 1; k < 4; k++)
			c->t[k][i] = (c->t[k - 1][i] >> 8) ^ c->t[0][c->t[k - 1][i] & 0xffu];
}

/* The running CRC after n more bytes. */
static inline uint32_t perf_crc32_block(const struct perf_crc32_tables *c, uint32_t crc,
                                        const uint8_t *p, size_t n)
{
	for (; n >= 4; n -= 4, p += 4) {
		crc ^= (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
		       (uint32_t)p[3] << 24;
		crc = c->t[3][crc & 0xffu] ^ c->t[2][crc >> 8 & 0xffu] ^
		      c->t[1][crc >> 16 & 0xffu] ^ c->t[0][crc >> 24];
	}
	for (; n; n--, p++)
		crc = c->t[0][(crc ^ *p) & 0xffu] ^ (crc >> 8);
	return crc;
}

#endif
