/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Framed dumps for the host: every dump meant for the host tool also exists
 * as one line of text that a console or UART log carries without loss:
 *
 *   @PS <type> <bytes> 0x<crc32> <payload in base64>
 *
 * <type> names the payload (sections, calltrace, events, funcstat, profile, hot,
 * run, hist, trace: docs/dump-format.md),
 * <bytes> is the payload's length in decimal, <crc32> the IEEE 802.3 CRC-32
 * of the payload in 8 hex digits, and the payload is base64 (RFC 4648, with
 * padding, no line breaks). Payloads are little-endian; regs/frames.toml
 * describes each layout once, for perfscope_frames.h and docs/dump-format.md.
 * Every payload starts with a u16, its type's format version
 * (PERF_FRAME_<TYPE>_VERSION), and a u16 of zero.
 *
 * Before a program's first frame the driver writes a "run" frame: the clock
 * of perfscope (perf_clock_hz) and the program's GNU build id, so that the
 * host tool shows real time and knows the firmware's ELF for a fact.
 */
#ifndef PERFSCOPE_FRAME_H
#define PERFSCOPE_FRAME_H

#include <stdint.h>

#include "perfscope.h"
#include "perfscope_frames.h"

/* C++ programs call the library as C. */
#ifdef __cplusplus
extern "C" {
#endif

/* The version a frame of a type perfscope_frames.h does not describe
 * carries (a program's own, through perf_frame_write): the one every type
 * had when each got its own. */
#define PERF_FRAME_VERSION 2

/*
 * perfscope's clock in Hz, for the run frame; the frame says 0 (unknown)
 * where the program does not define it. A SoC's runtime defines it (the reference SoC's does, from
 * SOC_CLOCK_HZ): const uint32_t perf_clock_hz = 50000000;
 *
 * The build id comes from the linker: link with -Wl,--build-id and keep
 * .note.gnu.build-id in the image between the symbols __perf_build_id and
 * __perf_build_id_end (soc/fw/link.ld); without them the frame has none.
 */
extern const uint32_t perf_clock_hz;
/* Writes a payload; called twice per frame: to measure, then to encode. */
struct perf_frame;
typedef void (*perf_frame_payload_fn)(struct perf_frame *f, const void *arg);

void perf_frame_u32(struct perf_frame *f, uint32_t v) __attribute__((no_instrument_function));
void perf_frame_u64(struct perf_frame *f, uint64_t v) __attribute__((no_instrument_function));

/* Writes a record of perfscope_frames.h from the members of *r that have
 * its fields' names, in the layout's order, so that a layout changes in
 * regs/frames.toml alone: PERF_FRAME_PUT(f, PERF_FRAME_HOT_ENTRY_FIELDS, &e). */
#define PERF_FRAME_PUT(f, FIELDS, r)                    \
	do {                                            \
		FIELDS(PERF_FRAME_PUT_FIELD_, (f), (r)) \
	} while (0)
#define PERF_FRAME_PUT_FIELD_(type, member, f, r) perf_frame_##type(f, (r)->member);

/* Writes one frame line of `type`, its version first, through put.
 * Returns 0 or -PERF_EIO. */
int perf_frame_write(const char *type, perf_frame_payload_fn payload, const void *arg,
                     perf_put_fn put, void *ctx) __attribute__((no_instrument_function));

/* The section counters of a snapshot, with the clock for the report
 * (0 if unknown). putchar if put is NULL, as for every *_frame below. */
int perf_snapshot_frame(const struct perf_snapshot *s, uint32_t clock_hz,
                        perf_put_fn put, void *ctx) __attribute__((no_instrument_function));

#ifdef __cplusplus
}
#endif

#endif
