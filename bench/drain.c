/* SPDX-License-Identifier: Apache-2.0 */
/* Benchmark of the trace unit's polled drain (perf_hwtrace_frame): the FIFO
 * is filled with N records (ENTER stores, no hooks), then drained into
 * trace frames twice over, once through a put that keeps nothing (the
 * driver's own cost: pops, CRC, base64) and once to the console. Timed by
 * the SoC's MTIME. bench.sh runs it with +trace_stall=never, so that the
 * harness takes nothing from the stream. Prints one "BENCH key=value ..."
 * line. */
#include <stdint.h>
#include <stdio.h>

#include "perfscope.h"
#include "perfscope_hwtrace.h"
#include "soc.h"

#define PERF ((void *)SOC_PERF_BASE)
#define N 256 /* ENTERs: with their SYNC, below the SoC's 512 records */

static int discard(int c, void *ctx)
{
	(void)ctx;
	return c;
}

/* Fills the FIFO: N ENTER records after a SYNC; returns the records in it. */
static uint32_t fill(void)
{
	perf_hwtrace_start(PERF, PERF_HWTRACE_STOP_ON_FULL);
	for (uint32_t i = 0; i < N; i++)
		SOC_REG(SOC_PERF_BASE + PERF_REG_TRACE_ENTER) = 0x1000u + 4u * i;
	perf_hwtrace_stop(PERF);
	return perf_hwtrace_level(PERF);
}

/* MTIME cycles of one drain through put; *records: what it wrote. */
static uint32_t drain(perf_put_fn put, int *records)
{
	const uint32_t t0 = SOC_REG(SOC_MTIME_LO);
	*records = perf_hwtrace_frame(PERF, put, NULL);
	return SOC_REG(SOC_MTIME_LO) - t0;
}

int main(void)
{
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	int quiet_n, console_n;
	const uint32_t level_quiet = fill();
	const uint32_t quiet = drain(discard, &quiet_n);
	const uint32_t level_console = fill();
	const uint32_t console = drain(NULL, &console_n);
	if (quiet_n != (int)level_quiet || console_n != (int)level_console || quiet_n <= N) {
		printf("drain: %d and %d records written of %lu and %lu\n", quiet_n, console_n,
		       (unsigned long)level_quiet, (unsigned long)level_console);
		return 1;
	}
	/* Hundredths of a cycle per record. */
	printf("\nBENCH records=%d quiet=%lu console=%lu\n", quiet_n,
	       (unsigned long)(100u * quiet / (uint32_t)quiet_n),
	       (unsigned long)(100u * console / (uint32_t)console_n));
	return 0;
}
