/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The trace unit's stream file (docs/trace.md): a 16-byte header, then
 * 64-bit records as they left the IP, read as one recording into the call
 * graph (callgraph.h) and the handler's stream callbacks (decode.h), in
 * constant memory whatever the file's length. A log's trace frames carry
 * the same records (decode.c feeds them through stream_open and on).
 */
#ifndef STREAM_H
#define STREAM_H

#include <stdint.h>

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

/* One recording's records, one at a time, from a stream file or from a
 * log's trace frames (decode.c; frames: 1, which the messages say, with the
 * frame's line as `at` instead of the file byte). Its calls go to h's
 * events, or else its stream, as stream_decode's; stream_close ends the
 * recording and frees the reader. stream_gap: that many records are
 * missing here (a trace frame lost from the log), read as a loss.
 * stream_damaged: the records fed last failed their check. */
struct stream_reader;
struct stream_reader *stream_open(struct input *in, const struct dump_handler *h, int frames);
void stream_record(struct stream_reader *r, uint32_t w0, uint32_t w1, uint64_t at);
void stream_gap(struct stream_reader *r, uint64_t records);
void stream_damaged(struct stream_reader *r);
void stream_close(struct stream_reader *r);

#endif
