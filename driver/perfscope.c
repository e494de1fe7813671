/* perfscope driver; the API is documented in include/perfscope.h. */
#include "perfscope.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "perf_internal.h"
#include <string.h>

#define RD(base, off) PERF_MMIO_READ32(PERF_ADDR((base), (off)))


/* T[n] with interrupts already masked: lo first, its read latches hi. */
static uint64_t time_pair(void *base, int n)
{
	uint32_t lo = RD(base, PERF_REG_TIME_LO(n));
	uint32_t hi = RD(base, PERF_REG_TIME_HI(n));
	return ((uint64_t)hi << 32) | lo;
}

/* An interrupt handler reading perfscope between lo and hi would take the latch. */
static uint64_t time_read(void *base, int n)
{
	uint32_t mstatus = perf_irq_save();
	uint64_t t = time_pair(base, n);
	perf_irq_restore(mstatus);
	return t;
}

static int section_ok(int n) { return n >= 0 && n <= PERF_MAX_SECTIONS; }

/* The HAL's names in parentheses: perfscope.h also defines them as macros. */
alt_u64 (perf_get_total_time)(void *hw_base_address)
{
	return time_read(hw_base_address, 0);
}

alt_u64 (perf_get_section_time)(void *hw_base_address, int which_section)
{
	return section_ok(which_section) ? time_read(hw_base_address, which_section) : 0;
}

alt_u32 (perf_get_num_starts)(void *hw_base_address, int which_section)
{
	return section_ok(which_section) ? RD(hw_base_address, PERF_REG_OCC(which_section)) : 0;
}

int perf_probe(void *base)
{
	if (RD(base, PERF_REG_ID) != PERF_ID_VALUE)
		return -PERF_ENODEV;
	uint32_t config = RD(base, PERF_REG_CONFIG);
	uint32_t major = (config & PERF_CONFIG_VERSION_MAJOR_MASK) >> PERF_CONFIG_VERSION_MAJOR_SHIFT;
	if (major != PERF_VERSION_MAJOR)
		return -PERF_EVERSION;
	int n = (int)((config & PERF_CONFIG_SECTIONS_MASK) >> PERF_CONFIG_SECTIONS_SHIFT);
	return n >= 1 && n <= PERF_MAX_SECTIONS ? n : -PERF_ENODEV;
}

int perf_snapshot(void *base, struct perf_snapshot *s)
{
	if (!s)
		return -PERF_EINVAL;
	int n = perf_probe(base);
	if (n < 0)
		return n;
	s->num_sections = n;
	for (int i = 1; i <= PERF_MAX_SECTIONS; i++) {
		s->time[i] = i <= n ? time_read(base, i) : 0;
		s->occurrences[i] = i <= n ? RD(base, PERF_REG_OCC(i)) : 0;
	}
	s->occurrences[0] = RD(base, PERF_REG_OCC(0));
	s->run = RD(base, PERF_REG_RUN);
	s->overflow = RD(base, PERF_REG_OVF);
	/* Last: G grows at least as fast as any section, so every share <= 100%. */
	s->time[0] = time_read(base, 0);
	return n;
}

uint32_t perf_overflow(void *base)
{
	return RD(base, PERF_REG_OVF);
}

void perf_overflow_clear(void *base, uint32_t mask)
{
	PERF_MMIO_WRITE32(PERF_ADDR(base, PERF_REG_OVF), mask);
}

/*
 * A section of exactly K nops on the marks at begin and end, called so that
 * the jump restarts the instruction fetch. VexRiscv_Min takes two cycles an
 * instruction and has no bypass, so where BEGIN falls in that rhythm
 * depends on what precedes it: right behind the instruction that computes
 * its address (the usual `lui` of the base) the section measures one cycle
 * less than with the address ready long before. The calibration tries both
 * shapes and keeps the smaller, the cost the marks themselves add.
 */
#if defined(__riscv)
#define WRITES(r) __asm__ volatile("mv %0, %0" : "+r"(r)) /* one instruction that writes r */
#else
#define WRITES(r) __asm__ volatile("" : "+r"(r))
#endif
#define CALIBRATION_BLOCK(K)                                                     \
	static __attribute__((noinline)) void calibration_block_##K(uintptr_t begin,   \
	                                                           uintptr_t end,     \
	                                                           int dependent)     \
	{                                                                            \
		if (dependent)                                                           \
			WRITES(begin);                                                       \
		PERF_MMIO_WRITE32(begin, 0u);                                            \
		__asm__ volatile(".rept " #K "\n\tnop\n\t.endr" ::: "memory");           \
		PERF_MMIO_WRITE32(end, 0u);                                              \
	}
CALIBRATION_BLOCK(4)
CALIBRATION_BLOCK(8)

/*
 * Time of one block on scratch section s. Interrupts stay enabled while the
 * block runs, as in the user's code: the smallest of several tries is the
 * one no interrupt hit.
 */
static uint32_t calibration_time(void *base, int s, int dependent,
                                 void (*block)(uintptr_t, uintptr_t, int))
{
	const uint64_t before = time_read(base, s);
	block(PERF_ADDR(base, PERF_REG_TIME_HI(s)), PERF_ADDR(base, PERF_REG_TIME_LO(s)), dependent);
	return (uint32_t)(time_read(base, s) - before);
}

int perf_calibrate(void *base, int scratch_section, uint32_t *bias)
{
	int n = perf_probe(base);
	if (n < 0)
		return n;
	if (scratch_section < 1 || scratch_section > n || !bias)
		return -PERF_EINVAL;
	uint32_t run = RD(base, PERF_REG_RUN);
	if (!(run & 1u))
		return -PERF_ESTOPPED;
	if (run & (1u << scratch_section))
		return -PERF_EBUSY;

	/* The smallest of several tries: the first may miss in the I-cache. */
	uint32_t t4 = UINT32_MAX, t8 = UINT32_MAX;
	for (int i = 0; i < PERF_CALIBRATE_RUNS; i++) {
		const int dependent = i & 1;
		uint32_t t = calibration_time(base, scratch_section, dependent, calibration_block_4);
		t4 = t < t4 ? t : t4;
		t = calibration_time(base, scratch_section, dependent, calibration_block_8);
		t8 = t < t8 ? t : t8;
	}
	/* T(K) = bias + K*c, so bias = T(4) - (T(8) - T(4)). */
	*bias = 2 * t4 > t8 ? 2 * t4 - t8 : 0;
	return 0;
}

uint64_t perf_section_time_net(uint64_t time, uint32_t occurrences, uint32_t bias)
{
	uint64_t cost = (uint64_t)occurrences * bias;
	return time > cost ? time - cost : 0;
}

/* ---- report ------------------------------------------------------------ */

/*
 * r * m / d rounded half up, for r < d and d > 0, exact for any d: doubling
 * and adding over the bits of m keeps the remainder below d, so nothing
 * overflows 64 bits and rv32i needs no 128-bit product. The result is <= m.
 */
static uint32_t scale_round(uint64_t r, uint32_t m, uint64_t d)
{
	uint32_t q = 0;
	uint64_t rem = 0; /* r * (bits of m so far) = q * d + rem, rem < d */
	for (int bit = 31; bit >= 0; bit--) {
		q <<= 1;
		if (rem >= d - rem) {
			rem -= d - rem;
			q++;
		} else {
			rem += rem;
		}
		if ((m >> bit) & 1u) {
			if (rem >= d - r) {
				rem -= d - r;
				q++;
			} else {
				rem += r;
			}
		}
	}
	return rem >= d - rem ? q + 1 : q;
}

static void out_seconds(struct perf_out *o, uint64_t clocks, uint32_t hz, int width)
{
	uint64_t whole = clocks / hz;
	uint32_t nanos = scale_round(clocks % hz, 1000000000u, hz);
	if (nanos == 1000000000u) { /* .9999999995 and up rounds to the next second */
		whole++;
		nanos = 0;
	}
	perf_out_num(o, whole, nanos, 9, width);
}

/* Share of total in hundredths of a percent; whole/fraction kept apart so 64-bit times fit. */
static void out_percent(struct perf_out *o, uint64_t time, uint64_t total, int width)
{
	uint64_t hundredths = 0;
	if (total)
		hundredths = time / total * 10000 + scale_round(time % total, 10000, total);
	perf_out_num(o, hundredths / 100, (uint32_t)(hundredths % 100), 2, width);
}

/* names[n - 1], or "section N" written into unnamed when there is none. */
static const char *section_name(const char *const names[], int n, char unnamed[10])
{
	const char *name = names ? names[n - 1] : NULL;
	if (name)
		return name;
	memcpy(unnamed, "section ?", 10);
	unnamed[8] = (char)('0' + n);
	return unnamed;
}

static void out_name(struct perf_out *o, const char *const names[], int section)
{
	char unnamed[10];
	const char *name = section_name(names, section, unnamed);
	int len = 0;
	while (len < 15 && name[len])
		perf_out_char(o, name[len++]);
	perf_out_repeat(o, ' ', 15 - len);
}

static const char rule[] =
	"+---------------+--------+-------------+---------------+-----------+\n";

/* The arguments every report refuses: nothing is written then. */
static int report_args_ok(const struct perf_snapshot *s, uint32_t clock_hz, int num_sections)
{
	return s && clock_hz && s->num_sections >= 0 && s->num_sections <= PERF_MAX_SECTIONS &&
	       num_sections >= 0 && num_sections <= s->num_sections;
}

/* "Overflow: counters of total, sort wrapped (...)" if any reported counter wrapped. */
static void out_overflow(struct perf_out *o, uint32_t overflow, int num_sections,
                         const char *const names[])
{
	uint32_t shown = overflow & ((2u << num_sections) - 1);
	if (!shown)
		return;
	perf_out_str(o, "Overflow: counters of");
	const char *sep = " ";
	for (int n = 0; n <= num_sections; n++) {
		if (!(shown & (1u << n)))
			continue;
		char unnamed[10];
		perf_out_str(o, sep);
		perf_out_str(o, n ? section_name(names, n, unnamed) : "total");
		sep = ", ";
	}
	perf_out_str(o, " wrapped (values are modulo 2^64 clocks, 2^32 occurrences)\n");
}

static int report(const struct perf_snapshot *s, uint32_t clock_hz, const uint32_t *bias,
                  int num_sections, const char *const names[], perf_put_fn put, void *ctx)
{
	if (!put || !report_args_ok(s, clock_hz, num_sections))
		return -PERF_EINVAL;
	struct perf_out o = { put, ctx, 0 };
	uint64_t total = s->time[0];

	perf_out_str(&o, "--Performance Counter Report");
	if (bias) {
		perf_out_str(&o, ", net of a ");
		perf_out_num(&o, *bias, 0, 0, 0);
		perf_out_str(&o, "-clock bias per occurrence");
	}
	perf_out_str(&o, "--\nTotal Time: ");
	out_seconds(&o, total, clock_hz, 0);
	perf_out_str(&o, " seconds (");
	perf_out_num(&o, total, 0, 0, 0);
	perf_out_str(&o, " clock-cycles)\n");
	perf_out_str(&o, rule);
	perf_out_str(&o, "| Section       |   %    | Time (sec)  | Time (clocks) |Occurrences|\n");
	perf_out_str(&o, rule);

	for (int n = 1; n <= num_sections; n++) {
		uint64_t time = s->time[n];
		if (bias)
			time = perf_section_time_net(time, s->occurrences[n], *bias);
		perf_out_char(&o, '|');
		out_name(&o, names, n);
		perf_out_char(&o, '|');
		out_percent(&o, time, total, 7);
		perf_out_str(&o, " |");
		out_seconds(&o, time, clock_hz, 13);
		perf_out_char(&o, '|');
		perf_out_num(&o, time, 0, 0, 15);
		perf_out_char(&o, '|');
		perf_out_num(&o, s->occurrences[n], 0, 0, 11);
		perf_out_str(&o, "|\n");
		perf_out_str(&o, rule);
	}
	out_overflow(&o, s->overflow, num_sections, names);
	return o.failed ? -PERF_EIO : 0;
}

int perf_report_write(const struct perf_snapshot *s, uint32_t clock_hz, int num_sections,
                      const char *const names[], perf_put_fn put, void *ctx)
{
	return report(s, clock_hz, NULL, num_sections, names, put, ctx);
}

int perf_report_write_net(const struct perf_snapshot *s, uint32_t clock_hz, uint32_t bias,
                          int num_sections, const char *const names[], perf_put_fn put,
                          void *ctx)
{
	return report(s, clock_hz, &bias, num_sections, names, put, ctx);
}

/* Fills buf up to size - 1 characters and counts them all, to size a buffer. */
struct buffer {
	char *buf;
	size_t size, len;
};

static int put_buffer(int c, void *ctx)
{
	struct buffer *b = ctx;
	if (b->len + 1 < b->size)
		b->buf[b->len] = (char)c;
	b->len++;
	return c;
}

int perf_report_format(char *buf, size_t size, const struct perf_snapshot *s,
                       uint32_t clock_hz, int num_sections, const char *const names[])
{
	if ((!buf && size) || !report_args_ok(s, clock_hz, num_sections))
		return -PERF_EINVAL;
	struct buffer b = { buf, size, 0 };
	report(s, clock_hz, NULL, num_sections, names, put_buffer, &b);
	if (size)
		buf[b.len < size ? b.len : size - 1] = '\0';
	return b.len < size || (!buf && !size) ? (int)b.len : -PERF_ENOSPC;
}

/* The two printing entry points differ only in the bias; ap holds the names. */
static int print_report(void *base, uint32_t clock_hz, const uint32_t *bias, int num_sections,
                        va_list ap)
{
	if (num_sections < 0 || num_sections > PERF_MAX_SECTIONS)
		return -PERF_EINVAL;
	const char *names[PERF_MAX_SECTIONS];
	for (int i = 0; i < num_sections; i++)
		names[i] = va_arg(ap, const char *);
	struct perf_snapshot s;
	int rc = perf_snapshot(base, &s);
	if (rc < 0)
		return rc;
	return report(&s, clock_hz, bias, num_sections, names, perf_put_stdout, NULL);
}

int (perf_print_formatted_report)(void *perf_base, alt_u32 clock_freq_hertz, int num_sections, ...)
{
	va_list ap;
	va_start(ap, num_sections);
	int rc = print_report(perf_base, clock_freq_hertz, NULL, num_sections, ap);
	va_end(ap);
	return rc;
}

int perf_report_print_net(void *perf_base, uint32_t clock_hz, uint32_t bias, int num_sections, ...)
{
	va_list ap;
	va_start(ap, num_sections);
	int rc = print_report(perf_base, clock_hz, &bias, num_sections, ap);
	va_end(ap);
	return rc;
}
