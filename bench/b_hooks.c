/* Benchmark of the entry/exit hooks. Built from this file once without
 * instrumentation, and once per hook: the two bare rings (bare_ring.c with
 * -finstrument-functions, entry_ring.c patched into the entry nops), the
 * call trace in log and stack mode, function cost and -pg hot addresses.
 * Prints
 *   BENCH mode=<m> call=<cycles per call of an empty function> work=<cycles>
 * where work is a realistic workload (32 packets, each checksummed with
 * CRC-32, its keys insertion-sorted, its text tokenized by a state machine).
 * Timed by the SoC's MTIME. */
#include <stdint.h>
#include <stdio.h>

#include "perfscope_trace.h"
#include "soc.h"

#define PERF  ((void *)SOC_PERF_BASE)

void entry_ring_init(int log) PERF_NO_TRACE; /* entry_ring.c */
#define CALLS 1000

static uint32_t ring[(sizeof(struct perf_calltrace) + 64 * sizeof(struct perf_calltrace_record)) / 4];
static uint32_t costbuf[(sizeof(struct perf_funccost) + 3072 * sizeof(struct perf_funccost_record)) / 4];
static uint64_t stats[(sizeof(struct perf_statistics) + 32 * sizeof(struct perf_funcstat)) / 8];
static uint8_t data[1024];
static int32_t keys[96];
static volatile uint32_t sink;

__attribute__((noinline)) void empty(void)
{
	__asm__ volatile("");
}

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

/* One packet: checksum its payload, sort its keys, count the words of its
 * text. Functions of a few hundred to a thousand cycles, as in ordinary
 * firmware; the per-byte helpers above are inlined. */
__attribute__((noinline)) static void packet(unsigned i)
{
	sink = crc32(data + 64 * (i % 16), 64);
	for (unsigned k = 0; k < 16; k++)
		keys[k] = (int32_t)(data[(i * 16 + k) % sizeof data] * 2654435761u);
	sort(keys, 16);
	sink = tokens("The performance counter peripheral has as many as 7 pairs of counters.");
}

__attribute__((noinline)) static void work(void)
{
	uint32_t seed = 7;
	for (unsigned i = 0; i < sizeof data; i++)
		data[i] = (uint8_t)((seed = seed * 1103515245u + 12345u) >> 16);
	for (unsigned i = 0; i < 32; i++)
		packet(i);
}

static PERF_NO_TRACE uint32_t timed(void (*f)(void))
{
	const uint32_t t0 = SOC_REG(SOC_MTIME_LO);
	f();
	return SOC_REG(SOC_MTIME_LO) - t0;
}

static void calls(void)
{
	for (int i = 0; i < CALLS; i++)
		empty();
}

int main(void)
{
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
#if defined(MODE_log)
	perf_calltrace_init(PERF, ring, sizeof ring, PERF_CALLTRACE_LOG);
#elif defined(MODE_stack)
	perf_calltrace_init(PERF, ring, sizeof ring, PERF_CALLTRACE_STACK);
#elif defined(MODE_cost)
	perf_funccost_init(PERF, costbuf, sizeof costbuf);
	perf_statistics_init(stats, sizeof stats);
#elif defined(MODE_hot)
	perf_hot_init(costbuf, sizeof costbuf, 1, 0);
#elif defined(MODE_entry)
	entry_ring_init(0);
#elif defined(MODE_entry_log)
	entry_ring_init(1);
#endif
	timed(calls); /* fill the caches */
#if defined(MODE_cost)
	perf_funccost_clear();
#endif
	const uint32_t t_calls = timed(calls);
	timed(work);
#if defined(MODE_cost)
	/* Summarized between runs, as a long measurement would be. */
	perf_statistics_calc(stats);
#endif
	const uint32_t t_work = timed(work);
	/* An empty loop of CALLS iterations costs what calls() costs without the calls. */
	printf("BENCH call=%lu.%02lu work=%lu\n", (unsigned long)(t_calls / CALLS),
	       (unsigned long)(t_calls % CALLS / 10), (unsigned long)t_work);
	(void)stats;
	(void)costbuf;
	(void)ring;
	return 0;
}
