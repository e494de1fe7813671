/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The trace unit's stream file (docs/trace.md): a 16-byte header, then
 * 64-bit records as they left the IP, read as one recording into the call
 * graph (callgraph.h) and the handler's stream callbacks (decode.h), in
 * constant memory whatever the file's length.
 */
#ifndef STREAM_H
#define STREAM_H

#include "decode.h"
#include "input.h"

/* ---- The file and record format: to be replaced by perfscope_frames.h's
 * PERF_TRACE_* (generated from regs/frames.toml) once they are there. ---- */
#define STREAM_MAGIC "PSTRACE" /* and a zero byte: 8 bytes */
#define STREAM_MAGIC_BYTES 8u
#define STREAM_HEADER_BYTES 16u /* magic, u32 version, u32 bytes per record */
#define STREAM_VERSION 1u
#define STREAM_RECORD_BYTES 8u /* word 0, then word 1, little-endian */
#define STREAM_TYPE_SHIFT 29   /* word 1 [31:29] */
#define STREAM_DEPTH_SHIFT 21  /* word 1 [28:21], types 1-6 */
#define STREAM_DEPTH_MASK 0xffu
#define STREAM_DELTA_MASK 0x1fffffu     /* word 1 [20:0], types 1-7 */
#define STREAM_TIME_HI_MASK 0x1fffffffu /* SYNC: word 1 [28:0] = T[60:32] */
enum stream_type {
	STREAM_SYNC = 0,
	STREAM_ENTER = 1,
	STREAM_EXIT = 2,
	STREAM_BEGIN = 3,
	STREAM_END = 4,
	STREAM_IRQ_ENTER = 5,
	STREAM_IRQ_EXIT = 6,
	STREAM_LOSS = 7,
};
#define STREAM_SECTIONS 7 /* BEGIN and END name sections 1 to 7 */
/* ---- end of the format ---- */

/* Whether the input starts as a trace stream does ("PSTRACE"); takes
 * nothing from it. */
int stream_is(struct input *in);

/* Reads the stream: its header, then every record. Returns 1 if the header
 * was sound (the stream is one recording, fed to h), 0 after an error. */
int stream_decode(struct input *in, const struct dump_handler *h);

#endif
