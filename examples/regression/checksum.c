/* SPDX-License-Identifier: Apache-2.0 */
/* A user's program of the regression example: two checksums of the same
 * kilobyte, each in its own perfscope section (1: CRC-32, 2: Adler-32),
 * checked against their known values; the counters go out as a report and
 * as a sections frame, which the test reads (test_programs.py). */
#include <stdint.h>
#include <stdio.h>

#include "perfscope.h"
#include "perfscope_frame.h"
#include "soc.h"

#define PERF ((void *)SOC_PERF_BASE)
/* The checksums of data[], as Python's zlib.crc32 and zlib.adler32 give them. */
#define CRC32_WANT 0x5d3de8edu
#define ADLER32_WANT 0x332efe10u

static uint8_t data[1024];

static uint32_t crc32(const uint8_t *p, unsigned len)
{
	uint32_t crc = 0xffffffffu;

	while (len--) {
		crc ^= *p++;
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
	}
	return ~crc;
}

/* The sums reduced once at the end: for up to 5552 bytes they cannot wrap. */
static uint32_t adler32(const uint8_t *p, unsigned len)
{
	uint32_t a = 1, b = 0;

	while (len--) {
		a += *p++;
		b += a;
	}
	return (b % 65521u) << 16 | a % 65521u;
}

int main(void)
{
	struct perf_snapshot snap;
	uint32_t crc, adler;

	for (unsigned i = 0; i < sizeof data; i++)
		data[i] = (uint8_t)(i * 7 + 3);
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	PERF_BEGIN(PERF, 1);
	crc = crc32(data, sizeof data);
	PERF_END(PERF, 1);
	PERF_BEGIN(PERF, 2);
	adler = adler32(data, sizeof data);
	PERF_END(PERF, 2);
	PERF_STOP_MEASURING(PERF);
	printf("checksum: crc32 %08lx adler32 %08lx\n", (unsigned long)crc, (unsigned long)adler);
	perf_print_formatted_report(PERF, SOC_CLOCK_HZ, 2, "crc32", "adler32");
	if (perf_snapshot(PERF, &snap) > 0)
		perf_snapshot_frame(&snap, SOC_CLOCK_HZ, NULL, NULL);
	return crc == CRC32_WANT && adler == ADLER32_WANT ? 0 : 1;
}
