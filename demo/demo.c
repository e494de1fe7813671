/* SPDX-License-Identifier: Apache-2.0 */
/* perfscope demo: a small embedded workload (CRC-32, sorting, a tokenizer
 * state machine, console output) measured in four sections, followed by the
 * Nios II style report, once as measured and once net of the calibrated cost
 * of the marks themselves. */
#include <stdint.h>
#include <stdio.h>

#include "perfscope.h"
#include "perfscope_frame.h"
#include "soc.h"

#define PERF      ((void *)SOC_PERF_BASE)
/* perfscope's clock: 50 MHz in simulation; a board's build passes its own. */
#define CLOCK_HZ SOC_CLOCK_HZ
#define ROUNDS    3

enum { SEC_CRC = 1, SEC_SORT, SEC_FSM, SEC_PRINT, SEC_SCRATCH = 7 };

static uint8_t data[2048];
static int32_t keys[128];

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

static void insertion_sort(int32_t *a, unsigned n)
{
	for (unsigned i = 1; i < n; i++) {
		int32_t v = a[i];
		unsigned j = i;

		while (j > 0 && a[j - 1] > v) {
			a[j] = a[j - 1];
			j--;
		}
		a[j] = v;
	}
}

/* Counts words and numbers in a text: a three-state machine. */
static unsigned tokens(const char *s, unsigned *numbers)
{
	enum { SPACE, WORD, NUMBER } st = SPACE;
	unsigned words = 0;

	*numbers = 0;
	for (; *s; s++) {
		const int digit = *s >= '0' && *s <= '9';
		const int blank = *s == ' ' || *s == '\n' || *s == ',';

		if (blank)
			st = SPACE;
		else if (st == SPACE && digit) {
			st = NUMBER;
			(*numbers)++;
		} else if (st == SPACE) {
			st = WORD;
			words++;
		}
	}
	return words;
}

static const char text[] =
	"The performance counter peripheral has as many as 7 pairs of counters,\n"
	"a 64 bit time counter and a 32 bit event counter for each of 7 sections,\n"
	"plus 1 global pair that aggregates them.";

int main(void)
{
	static const char *const names[] = {"crc32", "sort", "tokenize", "printf"};
	uint32_t bias = 0;
	uint32_t seed = 1;

	if (perf_probe(PERF) < 4) {
		puts("demo: no perfscope with 4 sections at SOC_PERF_BASE");
		return 1;
	}
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	if (perf_calibrate(PERF, SEC_SCRATCH, &bias) != 0)
		return 2;

	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	for (int round = 0; round < ROUNDS; round++) {
		for (unsigned i = 0; i < sizeof data; i++) {
			seed = seed * 1103515245u + 12345u;
			data[i] = (uint8_t)(seed >> 16);
		}
		for (unsigned i = 0; i < sizeof keys / sizeof keys[0]; i++) {
			seed = seed * 1103515245u + 12345u;
			keys[i] = (int32_t)(seed >> 8);
		}

		PERF_BEGIN(PERF, SEC_CRC);
		const uint32_t crc = crc32(data, sizeof data);
		PERF_END(PERF, SEC_CRC);

		PERF_BEGIN(PERF, SEC_SORT);
		insertion_sort(keys, sizeof keys / sizeof keys[0]);
		PERF_END(PERF, SEC_SORT);

		unsigned numbers;
		PERF_BEGIN(PERF, SEC_FSM);
		const unsigned words = tokens(text, &numbers);
		PERF_END(PERF, SEC_FSM);

		PERF_BEGIN(PERF, SEC_PRINT);
		printf("round %d: crc32 %08lx, smallest key %ld, %u words, %u numbers\n",
		       round, (unsigned long)crc, (long)keys[0], words, numbers);
		PERF_END(PERF, SEC_PRINT);
	}
	PERF_STOP_MEASURING(PERF);

	putchar('\n');
	perf_print_formatted_report(PERF, CLOCK_HZ, 4, names[0], names[1], names[2], names[3]);
	putchar('\n');
	perf_report_print_net(PERF, CLOCK_HZ, bias, 4, names[0], names[1], names[2], names[3]);

	/* The same counters as one line for the host tool (docs/dump-format.md). */
	struct perf_snapshot snap;
	if (perf_snapshot(PERF, &snap) > 0)
		perf_snapshot_frame(&snap, CLOCK_HZ, NULL, NULL);
	return 0;
}
