/* SPDX-License-Identifier: Apache-2.0 */
/*
 * perfscope driver: measure code sections to the clock cycle.
 *
 * Source-compatible with the Nios II Performance Counter Unit driver of the
 * Nios II HAL. A HAL program keeps its includes: perfscope ships
 * altera_avalon_performance_counter.h and alt_types.h (driver/include/), and
 * the reference SoC a system.h (soc/fw/). This header alone gives the
 * PERF_* macros; perf_get_total_time, perf_get_section_time,
 * perf_get_num_starts and perf_print_formatted_report with the HAL's
 * prototypes (alt_u64, alt_u32); and the HAL types of alt_types.h. As in the
 * HAL, the base may be an integer (PERFORMANCE_COUNTER_0_BASE) or a pointer,
 * for the macros and for those four functions. alt_get_cpu_freq() and
 * alt_get_performance_counter_base(), which read system.h, come with
 * altera_avalon_performance_counter.h. What differs from the HAL is in
 * docs/programmers-guide.md, chapter 2; above all, reads never stop the
 * global counter. The rest is perfscope's own: discovery, snapshots,
 * calibration, a report that can be captured, and error codes; it takes
 * the base as a pointer.
 *
 * Sections are numbered as the hardware numbers them: 0 is the global
 * counter, 1..PERF_MAX_SECTIONS are code sections. A perfscope instance has
 * 1..7 of them; perf_probe() says how many.
 *
 * The driver runs in machine mode (VexRiscv): it masks machine interrupts for
 * a few instructions around every 64-bit read, see perf_get_section_time().
 */
#ifndef PERFSCOPE_H
#define PERFSCOPE_H

#include <stddef.h>
#include <stdint.h>

#include "alt_types.h"
#include "perfscope_regs.h"

/*
 * A check at compile time in every dialect a HAL program may use: C11's
 * _Static_assert and C++11's static_assert with their message, and in
 * C89/C99 (-ansi, -std=c99 -pedantic) an array whose size is -1 when the
 * condition fails, a declaration those dialects take without a warning.
 */
#if defined(__cplusplus) && __cplusplus >= 201103L
#define PERF_STATIC_ASSERT(cond, msg) static_assert(cond, msg)
#elif !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define PERF_STATIC_ASSERT(cond, msg) _Static_assert(cond, msg)
#else
#define PERF_STATIC_ASSERT(cond, msg) extern char perf_static_assert_[(cond) ? 1 : -1]
#endif

/*
 * Code ported from Nios II relies on its layout: section n owns the 16-byte
 * block at 16n with TIME_LO, TIME_HI and OCC, and the control registers sit
 * after the last block.
 */
PERF_STATIC_ASSERT(PERF_SECTION_STRIDE == 16, "Nios II PCU section stride");
PERF_STATIC_ASSERT(PERF_REG_TIME_LO(0) == 0 && PERF_REG_TIME_HI(0) == 4 && PERF_REG_OCC(0) == 8,
                   "Nios II PCU global block");
PERF_STATIC_ASSERT(PERF_REG_TIME_LO(3) == 48 && PERF_REG_TIME_HI(3) == 52 && PERF_REG_OCC(3) == 56,
                   "Nios II PCU section block at 16n");
PERF_STATIC_ASSERT(PERF_REG_ID >= PERF_REG_TIME_LO(PERF_MAX_SECTIONS + 1),
                   "control registers after the last section block");
PERF_STATIC_ASSERT(PERF_MAX_SECTIONS <= (int)PERF_CONFIG_SECTIONS_MASK,
                   "CONFIG.SECTIONS can count every section");
/* The report names an unnamed section "section N" with one digit. */
PERF_STATIC_ASSERT(PERF_MAX_SECTIONS <= 9, "section numbers are one digit");

/* C++ programs (a HAL application's main.cpp) call the driver as C. */
#ifdef __cplusplus
extern "C" {
#endif

/*
 * The register access everything below goes through. A host build may define
 * both before including this header to put a model of the IP behind them
 * (driver/test/fake_perfscope.h); on the target they are one load or store.
 */
#ifndef PERF_MMIO_WRITE32
/* The store's value is discarded by the comma, not by a cast to void: in
 * a conditional (the marks' range check) C++20 takes the cast's operand as
 * used, and warns of the volatile assignment's value (-Wvolatile). */
#define PERF_MMIO_WRITE32(addr, v) ((*(volatile uint32_t *)(addr) = (v)), (void)0)
#define PERF_MMIO_READ32(addr) (*(const volatile uint32_t *)(addr))
#endif

#define PERF_ADDR(p, off) ((uintptr_t)(p) + (off))

/*
 * The hot path: each macro is ONE store, so instrumenting code adds one
 * instruction per mark. Stored data is 0 wherever the hardware ignores it, so
 * GCC stores x0 and needs no register for it; with the base in a register,
 * PERF_BEGIN(base, 3) is `sw zero,52(a0)` (checked by `make -C driver rv32`
 * at -O1, -O2 and -Os; -O0 adds address arithmetic). p is the base address,
 * integer or pointer; n is 1..7: a constant outside 0..7 draws a warning
 * and the mark does nothing (PERF_SECTION_OK below), a run-time n is not
 * checked (a check would cost
 * instructions in the measured code).
 *
 * RESET clears every counter and flag and leaves the global counter stopped;
 * START runs it (and counts a start even if it already runs); STOP halts it,
 * and with it every section. BEGIN n counts an occurrence of n if the global
 * counter runs; END n stops n. Nested or overlapping sections are fine:
 * sections are independent.
 */
#define PERF_RESET(p)           PERF_MMIO_WRITE32(PERF_ADDR((p), PERF_REG_TIME_LO(0)), 1u)
#define PERF_START_MEASURING(p) PERF_MMIO_WRITE32(PERF_ADDR((p), PERF_REG_TIME_HI(0)), 0u)
#define PERF_STOP_MEASURING(p)  PERF_MMIO_WRITE32(PERF_ADDR((p), PERF_REG_TIME_LO(0)), 0u)
#define PERF_BEGIN(p, n)                                                                 \
	(PERF_SECTION_OK(n) ? PERF_MMIO_WRITE32(PERF_ADDR((p), PERF_REG_TIME_HI(n)), 0u) \
	                    : perf_section_out_of_range())
#define PERF_END(p, n)                                                                   \
	(PERF_SECTION_OK(n) ? PERF_MMIO_WRITE32(PERF_ADDR((p), PERF_REG_TIME_LO(n)), 0u) \
	                    : perf_section_out_of_range())

/*
 * A section number the compiler knows, outside 0..PERF_MAX_SECTIONS, draws a
 * warning, and the mark calls perf_section_out_of_range(), which does
 * nothing, instead of its store, which would reach another register of the
 * map (8..15 are the trace unit's, the histogram's and the triggers'). So
 * does one the optimizer proves out of range (a loop over 8..15 it
 * unrolls). A program with such a mark where it never runs, as HAL code may
 * have, builds as on the HAL; with -Werror the warning stops the build. For
 * every other n the test folds away, so BEGIN and END stay one store.
 */
void perf_section_out_of_range(void) __attribute__((
        warning("PERF_BEGIN/PERF_END: the section number is not 0..7, the mark does nothing")));
#define PERF_SECTION_OK(n) (!__builtin_constant_p(n) || (unsigned)(n) <= PERF_MAX_SECTIONS)

/* Errors, returned negated (-PERF_EINVAL); 0 or a count means success. */
enum perf_error {
	PERF_EINVAL = 1, /* argument out of range (section, count, frequency, NULL) */
	PERF_ENODEV,     /* no perfscope there: ID mismatch, or CONFIG out of spec */
	PERF_EVERSION,   /* perfscope with another major version than this driver's */
	PERF_EBUSY,      /* calibration: the scratch section is running */
	PERF_ESTOPPED,   /* calibration: the global counter is stopped */
	PERF_EIO,        /* report: the output routine failed */
	PERF_ENOSPC,     /* report: the buffer is too small */
	PERF_ENOSYS,     /* call trace: arguments asked for, but the program was
	                    not built with -fpatchable-function-entry=1 */
};

/* ---- Nios II compatible ------------------------------------------------ */

/*
 * Unlike the Nios II driver these never stop the global counter: perfscope
 * reads do not disturb a measurement. For a section number outside
 * 0..PERF_MAX_SECTIONS they return 0 without touching the hardware; sections
 * the instance lacks read 0 from the hardware.
 */

/* Global time in clock cycles: the cycles the global counter has run. */
alt_u64 perf_get_total_time(void *hw_base_address);

/*
 * Clock cycles section which_section has run while the global counter ran
 * (section 0: the global time). Reads TIME_LO then TIME_HI: the low read
 * latches the high word, so the pair cannot tear even while the counter
 * runs. An interrupt handler reading perfscope between the two would take
 * the latch, so machine interrupts are masked for the pair.
 */
alt_u64 perf_get_section_time(void *hw_base_address, int which_section);

/*
 * Times which_section began while the global counter ran (section 0: the
 * number of STARTs).
 */
alt_u32 perf_get_num_starts(void *hw_base_address, int which_section);

/*
 * Prints the report of perf_report_write() to stdout (putchar) for sections
 * 1..num_sections, taking one const char * name per section after
 * num_sections (NULL: "section N"). It stops the global counter first
 * (PERF_STOP_MEASURING), as the HAL's report disables the counters, so the
 * values it prints are those read after it; a report it refuses leaves the
 * counter as it was. Returns 0, or a negative error of
 * perf_snapshot() or perf_report_write(); on -PERF_EINVAL it prints one
 * line saying which argument is out of range, and no report.
 */
int perf_print_formatted_report(void *perf_base, alt_u32 clock_freq_hertz,
                                int num_sections, ...);

/*
 * HAL programs pass the integer base of system.h straight to these
 * functions, perf_get_total_time(PERFORMANCE_COUNTER_0_BASE): an
 * int-to-pointer error under -Werror with a void * parameter. So each is
 * also a function-like macro of its own name that casts the base through
 * uintptr_t, which takes an integer or a pointer. Only a call expands it:
 * &perf_get_total_time and (perf_get_total_time)(p) name the function.
 */
#define PERF_BASE_PTR(p) ((void *)(uintptr_t)(p))
#define perf_get_total_time(base)       (perf_get_total_time)(PERF_BASE_PTR(base))
#define perf_get_section_time(base, n)  (perf_get_section_time)(PERF_BASE_PTR(base), (n))
#define perf_get_num_starts(base, n)    (perf_get_num_starts)(PERF_BASE_PTR(base), (n))
#define perf_print_formatted_report(base, ...) \
	(perf_print_formatted_report)(PERF_BASE_PTR(base), __VA_ARGS__)

/* ---- perfscope's own --------------------------------------------------- */

/*
 * Checks that base holds a perfscope this driver can drive. Returns its
 * number of sections (1..PERF_MAX_SECTIONS, from CONFIG), -PERF_ENODEV if
 * the ID does not match or CONFIG claims 0 or more than PERF_MAX_SECTIONS
 * sections, or -PERF_EVERSION if its major version is not
 * PERF_VERSION_MAJOR (a newer minor version is compatible and accepted).
 */
int perf_probe(void *base);

/* Every counter at one moment (within the few cycles the reads take). */
struct perf_snapshot {
	int num_sections;                            /* as perf_probe() */
	uint32_t run;                                /* RUN: bit n set = section n runs */
	uint32_t overflow;                           /* OVF: bit n set = a counter of n wrapped */
	uint32_t reserved;                           /* time[] is 8-byte aligned: no padding */
	uint64_t time[PERF_MAX_SECTIONS + 1];        /* [0]: global time */
	uint32_t occurrences[PERF_MAX_SECTIONS + 1]; /* [0]: number of STARTs */
};

/*
 * Reads every counter of the perfscope at base into *s; entries of sections
 * the instance lacks are 0. The global time is read last, so no section time
 * in the snapshot exceeds it. Returns the number of sections, -PERF_EINVAL
 * if s is NULL, or an error of perf_probe().
 */
int perf_snapshot(void *base, struct perf_snapshot *s);

/*
 * The sticky overflow flags (OVF): bit n is set once section n's occurrence
 * count has wrapped past 2^32 - 1, and for every section once the global
 * time has wrapped past 2^64 - 1 (no section time can wrap before it, and
 * after it none is comparable with it). Such a section's counts are true
 * modulo 2^32 occurrences and 2^64 clocks. RESET clears them all;
 * perf_overflow_clear clears those set in mask.
 */
uint32_t perf_overflow(void *base);
void perf_overflow_clear(void *base, uint32_t mask);

/*
 * Measures the bias of a section on this CPU: the cycles a PERF_BEGIN /
 * PERF_END pair adds to the code it brackets. A section around K
 * instructions of latency c measures max(D, bias + K*c), D being the
 * closest the CPU places two stores (what an empty section measures: the
 * CPU overlaps a store's bus wait with the instructions after it, and with
 * too few of them the second store still waits). perf_calibrate times K = 4
 * and K = 8 nops, where the linear law holds on every VexRiscv, and returns
 * the intercept. Takes the smallest of PERF_CALIBRATE_RUNS tries of each:
 * the first may wait for an instruction-cache miss, and interrupts stay
 * enabled, so a try an interrupt hit is discarded. Needs the global counter running and scratch_section
 * (1..number of sections) stopped; adds 2 * PERF_CALIBRATE_RUNS occurrences
 * and their time to it, so use a section you do not report, or calibrate
 * before PERF_RESET.
 *
 * Returns 0 with the bias in *bias, -PERF_EINVAL (section out of range, bias
 * NULL), -PERF_ESTOPPED (global counter stopped), -PERF_EBUSY (scratch
 * section running) or an error of perf_probe(); *bias is unchanged on error.
 */
#define PERF_CALIBRATE_RUNS 4
int perf_calibrate(void *base, int scratch_section, uint32_t *bias);

/* time - occurrences * bias, or 0 where that would be negative. */
uint64_t perf_section_time_net(uint64_t time, uint32_t occurrences, uint32_t bias);

/* Writes one character; returns a negative value on failure (as putchar). */
typedef int (*perf_put_fn)(int c, void *ctx);

/*
 * Writes the Nios II style report of sections 1..num_sections of *s, one
 * character at a time through put(c, ctx):
 *
 *   --Performance Counter Report--
 *   Total Time: 0.001234560 seconds (123456 clock-cycles)
 *   +---------------+--------+-------------+---------------+-----------+
 *   | Section       |   %    | Time (sec)  | Time (clocks) |Occurrences|
 *   +---------------+--------+-------------+---------------+-----------+
 *   |sort           |  49.87 |  0.000615670|          61567|          1|
 *   +---------------+--------+-------------+---------------+-----------+
 *
 * If the snapshot's overflow flags name the global section or a reported
 * one, a last line says which counters wrapped:
 *
 *   Overflow: counters of total, sort wrapped (values are modulo 2^64 clocks, 2^32 occurrences)
 *
 * Names come from names[0..num_sections-1], cut to 15 characters; a NULL
 * name, or names NULL, gives "section N". Names past num_sections are never
 * read. The share of the global time has 2
 * decimals, rounded half up (0.00 if the global time is 0); seconds have 9,
 * rounded half up. All in integer arithmetic, exact for any 64-bit count and
 * any clock_hz. A number wider than its column widens the row rather than
 * being cut.
 *
 * Returns 0; -PERF_EINVAL with nothing written if s or put is NULL,
 * clock_hz is 0, s->num_sections is outside 0..PERF_MAX_SECTIONS or
 * num_sections outside 0..s->num_sections; -PERF_EIO if put failed (the
 * output stops there).
 */
int perf_report_write(const struct perf_snapshot *s, uint32_t clock_hz,
                      int num_sections, const char *const names[],
                      perf_put_fn put, void *ctx);

/*
 * perf_report_write() into buf, which holds size bytes: the report and a
 * terminating NUL. Returns the report's length without the NUL; with buf
 * NULL and size 0, the length without writing anything (to size a
 * buffer). -PERF_ENOSPC if the report needs more than size - 1 characters:
 * buf then holds its first size - 1 and the NUL (nothing if size is 0).
 * -PERF_EINVAL, with nothing written, on the arguments perf_report_write()
 * refuses or buf NULL with size > 0. Never writes outside buf[0..size-1].
 */
int perf_report_format(char *buf, size_t size, const struct perf_snapshot *s,
                       uint32_t clock_hz, int num_sections, const char *const names[]);

/*
 * As perf_report_write(), but every section's time is
 * perf_section_time_net(time, occurrences, bias), with bias from
 * perf_calibrate(); the first line says so:
 *
 *   --Performance Counter Report, net of a 7-clock bias per occurrence--
 *
 * The global time stays as measured.
 */
int perf_report_write_net(const struct perf_snapshot *s, uint32_t clock_hz,
                          uint32_t bias, int num_sections,
                          const char *const names[], perf_put_fn put, void *ctx);

/* perf_print_formatted_report() with the net section times of perf_report_write_net(). */
int perf_report_print_net(void *perf_base, uint32_t clock_hz, uint32_t bias,
                          int num_sections, ...);

#ifdef __cplusplus
}
#endif

#endif /* PERFSCOPE_H */
