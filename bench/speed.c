/* SPDX-License-Identifier: Apache-2.0 */
/* Benchmark of simulation speed: a few million cycles of ordinary work
 * (CRC over a buffer) with a perfscope section around each pass when the SoC
 * has perfscope. Prints nothing but its exit. */
#include <stdint.h>

#include "perfscope.h"
#include "soc.h"

#define PERF   ((void *)SOC_PERF_BASE)
#define PASSES 12

static uint8_t buf[4096];

int main(void)
{
	uint32_t crc = 0xffffffffu;

	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	for (int p = 0; p < PASSES; p++) {
		PERF_BEGIN(PERF, 1);
		for (unsigned i = 0; i < sizeof buf; i++) {
			crc ^= buf[i] + (uint8_t)p;
			for (int k = 0; k < 8; k++)
				crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
		}
		PERF_END(PERF, 1);
	}
	return crc == 0 ? 1 : 0;
}
