/* SPDX-License-Identifier: Apache-2.0 */
/* The call-light workload of the hook benchmark: packets, each checksummed
 * (CRC-32), its keys insertion-sorted and its text tokenized by a state
 * machine. Functions of a few hundred to a thousand cycles, as in ordinary
 * firmware. Built with the flags of each hook mode, as hooks.c is. */
#include <stdint.h>

#include "work.h"

static uint8_t data[1024];
static int32_t keys[96];
static volatile uint32_t light_sink;

/* Loops written out: GCC instruments inlined functions too, so helpers
 * this small would each cost a hook pair per byte. */
__attribute__((noinline)) static uint32_t crc32(const uint8_t *p, unsigned n)
{
	uint32_t crc = 0xffffffffu;
	while (n--) {
		crc ^= *p++;
		for (int k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
	}
	return ~crc;
}

__attribute__((noinline)) static void sort(int32_t *a, unsigned n)
{
	for (unsigned i = 1; i < n; i++) {
		const int32_t v = a[i];
		unsigned j = i;
		while (j > 0 && a[j - 1] > v) {
			a[j] = a[j - 1];
			j--;
		}
		a[j] = v;
	}
}

__attribute__((noinline)) static unsigned tokens(const char *s)
{
	unsigned n = 0;
	int state = 0;
	for (; *s; s++) {
		const char c = *s;
		const int k = (c >= '0' && c <= '9') ? 2 : (c == ' ' || c == ',' || c == '\n') ? 0 : 1;
		if (k && !state)
			n++;
		state = k;
	}
	return n;
}

void light_init(void)
{
	uint32_t seed = 7;
	for (unsigned i = 0; i < sizeof data; i++)
		data[i] = (uint8_t)((seed = seed * 1103515245u + 12345u) >> 16);
}

/* One packet: checksum its payload, sort its keys, count the words of its
 * text. */
void light_round(unsigned i)
{
	light_sink = crc32(data + 64 * (i % 16), 64);
	for (unsigned k = 0; k < 16; k++)
		keys[k] = (int32_t)(data[(i * 16 + k) % sizeof data] * 2654435761u);
	sort(keys, 16);
	light_sink = tokens("The performance counter peripheral has as many as 7 pairs of counters.");
}
