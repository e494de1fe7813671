/* SPDX-License-Identifier: Apache-2.0 */
/*
 * perfscope in a LiteX SoC: measures code sections with the driver's macros
 * at the base LiteX exports (generated/mem.h: PERFSCOPE_BASE) and prints the
 * Nios II layout report. soc/litex/test.sh checks every count of the report
 * against what the SoC's timing predicts, so the sections are loops of nops
 * whose cost follows from the bus (docs/litex.md). Then the trace unit
 * records the calls of traced.c, and the program drains it into trace
 * frames on the console, which the host tool reads. Last, with the retire
 * tap (sim_soc.py builds it on VexRiscv minimal, lite and full), the same
 * calls of an uninstrumented build of that code (plain.c) and a histogram
 * of its cycles, found in the CPU's retire stream with no store of the
 * program's.
 */
#include <stdio.h>

#include <generated/csr.h>
#include <generated/mem.h>
#include <generated/soc.h>
#include <irq.h>
#include <libbase/uart.h>

#include "perfscope.h"
#include "perfscope_hwtrace.h"
#include "perfscope_retire.h"
#include "traced.h"

/* For the run frame before the first trace frame: the host tool's
 * timelines then show real time. */
const uint32_t perf_clock_hz = CONFIG_CLOCK_FREQUENCY;

/* Runs of each section. In this build every run of a nop section takes
 * the same time; on VexRiscv_Min that holds only while no mark waits for the
 * instruction fetch to release the bus, which depends on the code around
 * it (docs/litex.md, "Marks on VexRiscv_Min can take effect late"), and
 * the test fails if one does. On a variant with an instruction cache the
 * first run also pays for its misses. */
#define REPEAT 4

#define NOPS(k) __asm__ volatile(".rept " #k "\n\tnop\n\t.endr")

/* plain_work()'s calls from the retire stream, and its cycles in a
 * histogram of one-instruction buckets from the lowest of plain.c's three
 * functions (one object's code, which the linker keeps together, within
 * the buckets' bytes): its buckets hold the cycles spent in plain.c's
 * code exactly, OUTSIDE the rest. Prints the trace and hist frames. */
static void retire_tap(void *p)
{
	const uintptr_t fns[] = {(uintptr_t)plain_move, (uintptr_t)plain_hanoi,
	                         (uintptr_t)plain_work};
	uintptr_t lo = fns[0];
	for (unsigned i = 1; i < sizeof fns / sizeof fns[0]; i++)
		lo = fns[i] < lo ? fns[i] : lo;
	/* No interrupt in the recording: only plain_work()'s calls. */
	uart_sync();
	irq_setie(0);
	const int hist = perf_hist_start(p, (uint32_t)lo, 0, 0);
	const int started = perf_retire_start(p);
	const unsigned r = plain_work();
	perf_retire_stop(p);
	perf_hist_stop(p);
	irq_setie(1);
	const unsigned drops = (unsigned)perf_hwtrace_drops(p);
	const int records = perf_hwtrace_frame(p, NULL, NULL);
	const int frame = perf_hist_frame(p, NULL, NULL);
	printf("perfscope-litex: retire %d, plain_work %u, %d records, %u dropped, hist %d %d, done\n",
	       started, r, records, drops, hist, frame);
}

int main(void)
{
	irq_setmask(0);
	irq_setie(1);
	uart_init();

	int n = perf_probe((void *)PERFSCOPE_BASE);
	printf("perfscope-litex: probe %d at 0x%08lx, %lu Hz\n", n,
	       (unsigned long)PERFSCOPE_BASE, (unsigned long)CONFIG_CLOCK_FREQUENCY);
	/* No UART interrupt may land in a section: drain the output first
	 * and measure with interrupts off. */
	uart_sync();
	irq_setie(0);
	PERF_RESET(PERFSCOPE_BASE);
	PERF_START_MEASURING(PERFSCOPE_BASE);
	for (int r = 0; r < REPEAT; r++) {
		/* Sections 1 and 2 bracket 64 and 128 nops, section 3 a loop of
		 * additions, whose cost the test only bounds. */
		volatile uint32_t sum = 0;
		PERF_BEGIN(PERFSCOPE_BASE, 1);
		NOPS(64);
		PERF_END(PERFSCOPE_BASE, 1);
		PERF_BEGIN(PERFSCOPE_BASE, 2);
		NOPS(128);
		PERF_END(PERFSCOPE_BASE, 2);
		PERF_BEGIN(PERFSCOPE_BASE, 3);
		for (int i = 0; i < 100; i++)
			sum += i;
		PERF_END(PERFSCOPE_BASE, 3);
	}
	PERF_STOP_MEASURING(PERFSCOPE_BASE);
	irq_setie(1);

	int err = perf_print_formatted_report(PERFSCOPE_BASE, CONFIG_CLOCK_FREQUENCY, 3,
	                                      "nop x 64", "nop x 128", "sum loop");
	printf("perfscope-litex: report %d\n", err);

	/* The calls of work(), one store each into the trace unit's FIFO (G
	 * must run: the records carry it), then every record on the console. */
	PERF_START_MEASURING(PERFSCOPE_BASE);
	const int started = perf_hwtrace_start((void *)PERFSCOPE_BASE, PERF_HWTRACE_STOP_ON_FULL);
	const unsigned r = work();
	perf_hwtrace_stop((void *)PERFSCOPE_BASE);
	const unsigned drops = (unsigned)perf_hwtrace_drops((void *)PERFSCOPE_BASE);
	const int records = perf_hwtrace_frame((void *)PERFSCOPE_BASE, NULL, NULL);
	printf("perfscope-litex: trace %d, work %u, %d records, %u dropped, done\n", started, r,
	       records, drops);
	if (perf_hist_words((void *)PERFSCOPE_BASE) > 0)
		retire_tap((void *)PERFSCOPE_BASE);
	uart_sync();
	while (!uart_txempty_read())
		;
#ifdef CSR_SIM_FINISH_BASE
	/* Ends litex_sim (--sim-debug). The read-back keeps VexRiscv_Min from
	 * hanging on the posted write: the simulation ends before it returns. */
	sim_finish_finish_write(1);
	(void)sim_finish_finish_read();
#endif
	for (;;)
		;
}
