#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Wraps the bytes captured from a board's trace line (docs/fpga.md, "The
trace line") into the trace file the host tool reads (docs/trace.md, "The
trace file"): the 16-byte header, then the bytes as they came, which are
already the records, 8 bytes each, little-endian.

  trace_wrap.py CAPTURE OUT.trace

The line has no framing beyond 8N1, so a capture must begin at a record:
open the adapter before the reset (or the button) starts the program. The
unit's first record after ENABLE is a SYNC; a capture that does not begin
with one (an empty one too: the adapter caught nothing), or whose length
is not a whole number of records, is refused, as is a path that cannot be
read or written: one line, exit 1.
"""
import pathlib
import struct
import sys

# The file's header and the record layout, from the one description of the
# format the IP and the host tool are built from (regs/frames.toml).
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "regs"))
import frame_reader  # noqa: E402 (found through the path above)

RECORD_BYTES = frame_reader.STREAM["record_bytes"]


def wrap(raw):
    """The trace file's bytes for a capture, or the reason it cannot be one."""
    if not raw:
        return None, "empty: the adapter caught nothing (open it before the program starts)"
    if len(raw) % RECORD_BYTES:
        return None, f"{len(raw)} bytes is not a whole number of {RECORD_BYTES}-byte records"
    if frame_reader.trace_record(struct.unpack_from("<Q", raw)[0])["type"] != "SYNC":
        return None, "the first record is not a SYNC: the capture began inside the stream"
    return frame_reader.trace_header() + raw, None


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    try:
        with open(sys.argv[1], "rb") as f:
            raw = f.read()
    except OSError as e:
        sys.exit(f"trace_wrap.py: {sys.argv[1]}: {e.strerror}")
    out, why = wrap(raw)
    if out is None:
        sys.exit(f"trace_wrap.py: {sys.argv[1]}: {why}")
    try:
        with open(sys.argv[2], "wb") as f:
            f.write(out)
    except OSError as e:
        sys.exit(f"trace_wrap.py: {sys.argv[2]}: {e.strerror}")
    print(f"trace_wrap.py: {sys.argv[2]}: {len(raw) // RECORD_BYTES} records")


if __name__ == "__main__":
    main()
