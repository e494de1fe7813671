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
#include "perfscope_frames.h" /* PERF_TRACE_*: the format, from regs/frames.toml */
#include "perfscope_regs.h"

/* Whether the input starts as a trace stream does ("PSTRACE"); takes
 * nothing from it. */
int stream_is(struct input *in);

/* Reads the stream: its header, then every record. Returns 1 if the header
 * was sound (the stream is one recording, fed to h), 0 after an error. */
int stream_decode(struct input *in, const struct dump_handler *h);

#endif
