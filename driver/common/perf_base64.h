/* SPDX-License-Identifier: Apache-2.0 */
/* base64 (RFC 4648, with padding): the encoding of the frames' payloads
 * (docs/dump-format.md), which the driver writes and the benchmark's
 * generator imitates. Header only, inlined where a frame is written. */
#ifndef PERF_BASE64_H
#define PERF_BASE64_H

#include <stdint.h>

/* The character of a 6-bit value (the decoder's table is built from it). */
static inline __attribute__((no_instrument_function)) char perf_base64_digit(uint32_t v)
{
	return "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"[v & 63u];
}

/* The 4 characters of n = 1 to 3 bytes, '='-padded when n < 3 (the last
 * group of a payload). */
static inline __attribute__((no_instrument_function)) void perf_base64_group(const uint8_t *in,
                                                                             int n, char out[4])
{
	const uint32_t v = (uint32_t)in[0] << 16 | (uint32_t)(n > 1 ? in[1] : 0) << 8 |
	                   (uint32_t)(n > 2 ? in[2] : 0);
	for (int i = 0; i < 4; i++)
		out[i] = i <= n ? perf_base64_digit(v >> (18 - 6 * i)) : '=';
}

#endif
