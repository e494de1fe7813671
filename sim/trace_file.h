/* SPDX-License-Identifier: Apache-2.0 */
// A trace file (docs/trace.md, "The file"), as the harness writes one for
// +trace_file= (the trace unit's records) and +retire_file= (the retire
// stream's): the header, then each 64-bit record, word 0 then word 1, all
// little-endian.
#ifndef TRACE_FILE_H
#define TRACE_FILE_H

#include <cstdint>
#include <cstdio>
#include <cstring>

#include "perfscope_frames.h"

inline void trace_file_header(FILE *f) {
    unsigned char head[PERF_TRACE_HEADER_BYTES] = {0};
    std::memcpy(head, PERF_TRACE_MAGIC, sizeof PERF_TRACE_MAGIC - 1);
    for (int i = 0; i < 4; i++) {
        head[8 + i] = (unsigned char)(PERF_TRACE_VERSION >> (8 * i));
        head[12 + i] = (unsigned char)(PERF_TRACE_RECORD_BYTES >> (8 * i));
    }
    std::fwrite(head, 1, sizeof head, f);
}

inline void trace_file_record(FILE *f, uint64_t rec) {
    unsigned char bytes[PERF_TRACE_RECORD_BYTES];
    for (unsigned i = 0; i < sizeof bytes; i++)
        bytes[i] = (unsigned char)(rec >> (8 * i));
    std::fwrite(bytes, 1, sizeof bytes, f);
}

#endif
