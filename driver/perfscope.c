/* SPDX-License-Identifier: Apache-2.0 */
/* perfscope driver; the API is documented in include/perfscope.h. The
 * report's text is rendered by common/perf_report.c, which the host tool
 * shares. */
#include "perfscope.h"

#include <stdarg.h>
#include <stddef.h>

#include "perf_internal.h"

/* perf_internal.h: shared by perf_hwtrace_frame and the two functions that
 * begin a recording; here, in the one file every program links. */
uint32_t perf_trace_popped;

/* T[n] with interrupts already masked: lo first, its read latches hi. */
static uint64_t time_pair(void *base, int n)
{
	uint32_t lo = PERF_REG_READ(base, PERF_REG_TIME_LO(n));
	uint32_t hi = PERF_REG_READ(base, PERF_REG_TIME_HI(n));
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

/* What a PERF_BEGIN or PERF_END whose section number the compiler knows to
 * be out of range does instead of its store (perfscope.h): nothing. */
void perf_section_out_of_range(void) {}

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
	return section_ok(which_section)
	               ? PERF_REG_READ(hw_base_address, PERF_REG_OCC(which_section))
	               : 0;
}

int perf_probe(void *base)
{
	if (PERF_REG_READ(base, PERF_REG_ID) != PERF_ID_VALUE)
		return -PERF_ENODEV;
	uint32_t config = PERF_REG_READ(base, PERF_REG_CONFIG);
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
		s->occurrences[i] = i <= n ? PERF_REG_READ(base, PERF_REG_OCC(i)) : 0;
	}
	s->occurrences[0] = PERF_REG_READ(base, PERF_REG_OCC(0));
	s->run = PERF_REG_READ(base, PERF_REG_RUN);
	s->overflow = PERF_REG_READ(base, PERF_REG_OVF);
	/* Last: G grows at least as fast as any section, so every share <= 100%. */
	s->time[0] = time_read(base, 0);
	return n;
}

uint32_t perf_overflow(void *base)
{
	return PERF_REG_READ(base, PERF_REG_OVF);
}

void perf_overflow_clear(void *base, uint32_t mask)
{
	PERF_REG_WRITE(base, PERF_REG_OVF, mask);
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
	uint32_t run = PERF_REG_READ(base, PERF_REG_RUN);
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

/* Why a report was refused, on one line: the callers of the printing entry
 * points seldom look at the return value, so it is printed too. */
static void print_refusal(const char *fn, void *base, uint32_t clock_hz, int num_sections, int have,
                          int rc)
{
	struct perf_out o = { perf_put_stdout, NULL, 0 };
	perf_out_str(&o, fn);
	perf_out_str(&o, ": no report: ");
	if (rc == -PERF_ENODEV || rc == -PERF_EVERSION) {
		perf_out_str(&o, rc == -PERF_ENODEV ? "no perfscope at "
		                                    : "another major version of perfscope at ");
		perf_out_hex(&o, (uint32_t)(uintptr_t)base);
	} else if (!clock_hz) {
		perf_out_str(&o, "clock_freq_hertz is 0");
	} else {
		perf_out_str(&o, "num_sections is ");
		if (num_sections < 0)
			perf_out_char(&o, '-');
		perf_out_num(&o,
		             (uint64_t)(num_sections < 0 ? -(int64_t)num_sections : num_sections),
		             0, 0, 0);
		perf_out_str(&o, ", outside 0..");
		perf_out_num(&o, (uint64_t)have, 0, 0, 0);
	}
	perf_out_char(&o, '\n');
}

/* The two printing entry points differ only in the bias; ap holds the names. */
static int print_report(const char *fn, void *base, uint32_t clock_hz, const uint32_t *bias,
                        int num_sections, va_list ap)
{
	struct perf_snapshot s;
	int have = PERF_MAX_SECTIONS; /* the instance's sections, once read */
	int rc;
	if (num_sections < 0 || num_sections > PERF_MAX_SECTIONS) {
		/* No snapshot, but the instance's count for the range the line
		 * gives (or why there is none). */
		rc = perf_probe(base);
		if (rc >= 0) {
			have = rc;
			rc = -PERF_EINVAL;
		}
	} else {
		/* The HAL documents its report as disabling all counters: the
		 * global counter stops first (the sections count only while it
		 * runs), so the report prints what the program reads after it.
		 * Probed first: nothing is written to a base that is no
		 * perfscope, and a report refused leaves the counter as it is. */
		rc = perf_probe(base);
		if (rc >= 0) {
			if (clock_hz && num_sections <= rc)
				PERF_STOP_MEASURING(base);
			rc = perf_snapshot(base, &s);
		}
	}
	if (rc >= 0) {
		have = s.num_sections;
		const char *names[PERF_MAX_SECTIONS];
		for (int i = 0; i < num_sections; i++)
			names[i] = va_arg(ap, const char *);
		rc = bias ? perf_report_write_net(&s, clock_hz, *bias, num_sections, names,
		                                  perf_put_stdout, NULL)
		          : perf_report_write(&s, clock_hz, num_sections, names, perf_put_stdout,
		                              NULL);
	}
	if (rc < 0 && rc != -PERF_EIO) /* after -PERF_EIO nothing more gets out */
		print_refusal(fn, base, clock_hz, num_sections, have, rc);
	return rc;
}

int (perf_print_formatted_report)(void *perf_base, alt_u32 clock_freq_hertz, int num_sections, ...)
{
	va_list ap;
	va_start(ap, num_sections);
	int rc = print_report("perf_print_formatted_report", perf_base, clock_freq_hertz, NULL,
	                      num_sections, ap);
	va_end(ap);
	return rc;
}

int perf_report_print_net(void *perf_base, uint32_t clock_hz, uint32_t bias, int num_sections, ...)
{
	va_list ap;
	va_start(ap, num_sections);
	int rc =
	        print_report("perf_report_print_net", perf_base, clock_hz, &bias, num_sections, ap);
	va_end(ap);
	return rc;
}
