#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""perfscope on bad input: each case a damaged copy of a real frame (or a
bad command line), with the exact message, exit status and output it must
give. Then every input in regressions/ (what make fuzz found) and every
case here again, under ASan/UBSan: no crash, no undefined behaviour.

usage: check_errors.py <sanitized perfscope>   (make test runs it)
"""
import base64
import glob
import json
import os
import re
import resource
import stat
import struct
import subprocess
import sys
import tempfile
import zlib

from oracle import FW, check, frame, frame_payloads, raw_frame, run
import oracle

ELF = os.path.join(FW, "calltrace.elf")
TRACE = frame_payloads(os.path.join(FW, "calltrace.out"), "calltrace")[0]
GOOD = frame("calltrace", TRACE)
INCOMPLETE = "perfscope: 1 error: the output is incomplete"
NOTHING = "perfscope: 1 error: nothing written"  # an error that left standard output empty
# What report's error adds: where a sections frame comes from.
NO_SECTIONS = (": perf_print_formatted_report prints text, not a frame; the simulator's +sections plusarg prints the "
               "counters as a sections frame after the program exits, or the program calls perf_snapshot_frame "
               "(docs/programmers-guide.md)")
# The frame with one base64 character changed, and the two CRCs the tool
# must name: of what it decodes, and the header's.
BAD = GOOD.replace("AgAAAAEAAAAg", "AgAAAAEAAAAh")
BAD_CRC = zlib.crc32(base64.b64decode(BAD.split()[4]))
GOOD_CRC = int(GOOD.split()[3], 16)
# The same frame with a bit flipped in its first record's function address
# (payload byte 28, base64 characters 36-39): the CRC must be blamed, not
# the ELF, although the decoder sees the address before the CRC.
_B64 = GOOD.split()[4]
FLIPPED = GOOD.replace(_B64, _B64[:37] + ("B" if _B64[37] != "B" else "C") + _B64[38:])
FLIPPED_CRC = zlib.crc32(base64.b64decode(FLIPPED.split()[4]))
# calltrace's functions in the frame: test3, test2, test1, at addresses
# hot's ELF does not start a function at.
TESTS_AT = sorted({oracle.Symbols(ELF).addr(n) for n in ("test1", "test2", "test3")})
T1, T2, T3 = (oracle.Symbols(ELF).addr(n) for n in ("test1", "test2", "test3"))
COMMANDS = ["report", "trace", "functions", "gprof", "chrome", "folded", "flame", "hot", "hist"]


def sections(version, ovf=True):
    """A sections frame payload of two sections, in a format version."""
    body = struct.pack("<3I", 50000000, 2, 0) + b"".join(struct.pack("<QI", t, c) for t, c in
                                                         ((1000, 1), (600, 3), (250, 2)))
    return struct.pack("<I", version) + body + (struct.pack("<I", 0) if ovf else b"")


def lone_resume(tmp):
    """--partial output of a lone RESUME: the event is ignored, so the call
    keeps all its 30 cycles (not 20, as it had when the RESUME opened a gap)."""
    dump = os.path.join(tmp, "resume.log")
    open(dump, "w").write(frame("events", events((0x100, 0), (RESUME, 10), (None, 30))))
    rc, out, _ = run("functions", "--partial", dump)
    row = [l.split() for l in out.splitlines() if l.startswith("0x00000100")]
    check("errors: a lone RESUME, --partial: the call keeps its 30 cycles", rc == 1 and row and row[0][3] == "30",
          (rc, out))


def lost_everywhere(tmp):
    """A recording whose buffer lost events says so in every output, where
    its reader looks."""
    dump = os.path.join(tmp, "lost.log")
    open(dump, "w").write(frame("events", events((0x100, 0), (0x200, 10), (None, 25), (None, 40), lost=6)))
    rc, out, err = run("functions", dump)
    check("lost: functions says so in its head", rc == 0 and out.splitlines()[1] ==
          "lost: 6 events, the buffer was full: a partial recording, its Pct are of the recorded time only", out)
    rc, out, _ = run("functions", "--diff", dump, dump)
    check("lost: functions --diff says so for each run, above the table", rc == 0 and out.splitlines()[:2] == [
          f"{side}: lost: 6 events, the buffer was full: a partial recording, its Pct are of the recorded time only"
          for side in "AB"], out)
    rc, out, _ = run("folded", dump)
    check("lost: folded says so in a first comment", rc == 0 and out.splitlines()[0] ==
          "# perfscope: 6 events lost, the buffer was full: a partial recording", out)
    rc, out, _ = run("flame", dump)
    check("lost: flame says so in its subtitle", rc == 0 and "40 cycles recorded, 6 events lost: a partial recording" in out,
          out[:600])
    rc, out, _ = run("chrome", dump)
    doc = json.loads(out) if rc == 0 else {}
    instant = [e for e in doc.get("traceEvents", []) if e["ph"] == "i"]
    check("lost: chrome has it in otherData and an instant event where the buffer filled",
          doc.get("otherData", {}).get("events_lost") == 6 and doc["otherData"]["partial"] is True and
          len(instant) == 1 and instant[0]["args"] == {"lost": 6, "cycle": 40}, out[-400:])
    rc, _, err = run("gprof", "-e", ELF, "-o", os.path.join(tmp, "lost.gmon"), dump)
    check("lost: gprof says so on stderr", "the buffer lost 6 events" in err, err)


def lost_causes(tmp):
    """Each output names why events were lost: trace frames missing from the
    log are no full buffer, and an events frame's full buffer and a missing
    trace frame in one log are both said."""
    gap = os.path.join(tmp, "lost-gap.log")
    open(gap, "w").write(trace_frame(0, T_SYNC, T_ENTER) + trace_frame(5, T_EXIT))
    why = "trace frames are missing from the log"
    rc, out, _ = run("functions", gap)
    check("lost: a missing trace frame, in functions' head",
          rc == 0 and out.splitlines()[1] == f"lost: 3 events, {why}: a partial recording, its Pct are of the "
          "recorded time only", out)
    rc, out, _ = run("folded", gap)
    check("lost: a missing trace frame, in folded's first comment",
          rc == 0 and out.splitlines()[0] == f"# perfscope: 3 events lost, {why}: a partial recording", out)
    rc, out, _ = run("chrome", gap)
    instant = [e for e in json.loads(out)["traceEvents"] if e["ph"] == "i"] if rc == 0 else []
    check("lost: a missing trace frame, in chrome's instant event",
          [e["name"] for e in instant] == [f"3 events lost: {why}"], out[-400:])
    rc, out, _ = run("trace", gap)
    check("lost: a missing trace frame, under trace's stack", rc == 0 and
          f"3 events lost before it ({why}): calls may be missing" in out.splitlines(), out)
    both = os.path.join(tmp, "lost-both.log")
    open(both, "w").write(frame("events", events((0x200, 5), (None, 9), lost=6)) + open(gap).read())
    rc, out, _ = run("functions", both)
    check("lost: a full buffer and a missing trace frame, both in functions' head",
          rc == 0 and out.splitlines()[1] == "lost: 9 events, the buffer was full and trace frames are missing "
          "from the log: a partial recording, its Pct are of the recorded time only", out)


def trace_and_events(tmp):
    """A log with an events frame between two trace frames: the events frame
    ends the trace recording open before it, and the next trace frame
    starts another; the table's head counts both kinds."""
    dump = os.path.join(tmp, "mixed.log")
    open(dump, "w").write(trace_frame(0, T_SYNC, T_ENTER) + frame("events", events((0x200, 5), (None, 9)))
                          + trace_frame(2, T_SYNC, T_EXIT))
    rc, out, err = run("functions", dump)
    check("errors: an events frame between trace frames: two recordings and the frame, each call in its own",
          rc == 0 and out.splitlines()[0] == "max call depth seen: 1, functions: 2 (from 1 events frame and 2 trace "
          "streams)" and err.splitlines() == [
              f"perfscope: {dump}: warning: trace stream: 1 call still open at its end: charged up to its last event, not counted as a call (unfinished)",
              f"perfscope: {dump}: warning: trace stream: 1 exit without its entry (a call made before recording "
              "began), ignored"], (rc, out, err))


def trace_gap_closes(tmp):
    """A frame missing from the log, then a record whose depth disagrees
    with the calls open: they are closed at the time the records before the
    gap reached (cycle 12), never before they began (the fuzzer's
    crash-e5303b2e: they were closed at cycle 0, and their cycles went
    below zero)."""
    dump = os.path.join(tmp, "gap.log")
    open(dump, "w").write(trace_frame(0, T_SYNC, T_ENTER, (0x200, 1 << 29 | 1 << 21 | 12))
                          + trace_frame(5, (0x400, 1 << 29 | 20), (0x400, 2 << 29 | 1 << 21 | 25)))
    rc, out, _ = run("functions", "--format", "csv", dump)
    rows = {r.split(",")[2]: r.split(",")[3:5] for r in out.splitlines() if r.startswith("1,")}
    check("errors: a frame missing, then a depth that disagrees: the open calls end where the records reached",
          rc == 0 and rows == {"0x00000100": ["0", "2"], "0x00000200": ["0", "0"], "0x00000400": ["1", "5"]},
          (rc, out))


def deep_folded(tmp):
    """100,000 nested calls: folded would write 55 GB; it refuses, at once."""
    n = 100000
    dump = os.path.join(tmp, "deep.log")
    evs = [(0x100, d) for d in range(n)] + [(None, n + d) for d in range(n)]
    open(dump, "w").write(frame("events", events(*evs)))
    out = os.path.join(tmp, "deep.folded")
    rc, _, err = run("folded", "-o", out, dump)
    want = (f"perfscope: error: folded: the stacks would take {11 * n * (n + 1) // 2 + 2 * n} bytes (calls nested "
            f"{n} deep), more than the limit of {1 << 30}: use flame or functions, which grow with the calls, not "
            "their depth")
    check("folded: 100,000 nested calls: a clear error, nothing written",
          rc == 1 and err.splitlines()[0] == want and not os.path.exists(out), (rc, err))


def call_paths_limit(tmp):
    """A trace stream of ENTERs that never exit (damage, or a hostile file):
    each is a call path more, about 100 bytes of memory; past the limit of
    2^20 the tool stops reading it with one error, nothing written, its
    memory bounded whatever the file's length."""
    n = (1 << 20) + 1
    path = os.path.join(tmp, "enters.trace")
    head = b"PSTRACE\0" + struct.pack("<II", 2, 8) + struct.pack("<II", 0, 0)
    body = b"".join(struct.pack("<II", 0x100, 1 << 29 | (d & 0xff) << 21 | d) for d in range(n))
    open(path, "wb").write(head + body)
    out = os.path.join(tmp, "enters.txt")
    rc, _, err = run("functions", "-o", out, path)
    want = (f"perfscope: {path}: error: trace stream: more than {1 << 20} call paths (a damaged recording?): the "
            "rest of it is not read")
    check("errors: a stream of 2^20 + 1 nested calls: stops at the limit of call paths, one error, nothing written",
          rc == 1 and want in err.splitlines() and not os.path.exists(out), (rc, err[-400:]))


def stream_damage(tmp, tool):
    """Trace streams whose records only damage makes: SYNCs that go back
    over 2,000 times, whose shifts would carry the time past 2^64; a LOSS
    with reserved bits set, whose count the 16-bit hardware counter cannot
    make, before the first SYNC too. Each is an error naming its record,
    nothing written."""
    head = b"PSTRACE\0" + struct.pack("<II", 2, 8)
    rec = lambda w0, w1: struct.pack("<II", w0, w1)
    body = rec(0, 0) + rec(0x100, 1 << 29)
    for _ in range(2100):
        body += rec(0xFFFFFFFF, 0) + rec(0x200, 1 << 29 | 1 << 21 | 1) + rec(0x200, 2 << 29 | 2 << 21 | 2)
        body += rec(0, 0) + rec(0x200, 1 << 29 | 1 << 21 | 1) + rec(0x200, 2 << 29 | 2 << 21 | 2)
    cases = (("SYNCs that go back 2,100 times", head + body,
              "error: trace stream, record 12291: the time its SYNCs and records give, kept from going back, "
              "passes 2^64 cycles: the stream is damaged; the rest of it is not read"),
             ("a LOSS with reserved bits set", head + rec(0, 0) + rec(0x100, 1 << 29) +
              rec(0xFFFFFFFF, 7 << 29 | 0x1FC00000 | 5) + rec(0x100, 2 << 29 | 1 << 21 | 9),
              "error: trace stream, record 2 (file byte 32): a LOSS with reserved bits set (word 0 0xffffffff, "
              "word 1 0xffc00005): the stream is damaged; its count is taken as 65535"),
             # Erased flash: no SYNC, every bit set.
             ("records of all ones (erased flash) before any SYNC", head + rec(0xFFFFFFFF, 0xFFFFFFFF) * 1000,
              "error: trace stream, record 0 (file byte 16): a LOSS with reserved bits set (word 0 0xffffffff, "
              "word 1 0xffffffff): the stream is damaged; its count is taken as 65535"))
    for what, data, want in cases:
        path = os.path.join(tmp, "damaged.trace")
        open(path, "wb").write(data)
        out = os.path.join(tmp, "damaged.txt")
        rc, _, err = run("functions", "-o", out, path, tool=tool)
        check(f"errors: a trace stream with {what}: one error naming the record, nothing written",
              rc == 1 and f"perfscope: {path}: {want}" in err.splitlines() and not os.path.exists(out)
              and "runtime error" not in err, (rc, err[-600:]))


def empty_recordings(tmp, tool):
    """Recordings a user's mistake leaves empty, or without time: the report
    is written (exit 0), and a warning names the likely mistake; a
    recording with calls and time gets none."""
    head = b"PSTRACE\0" + struct.pack("<II", 2, 8)
    cases = (("a trace stream of no record (a program not patched)", "empty.trace", head,
              "no call recorded: code built with FW_INSTR_hwtrace needs `perfscope patch`, and the unit "
              "perf_hwtrace_start"),
             ("an events frame of no event (written after perf_statistics_calc)", "empty.log",
              frame("events", events()).encode(),
              "no call recorded: an events frame holds the calls made since the recording began and before "
              "perf_statistics_calc took them"),
             ("calls that took no time (G stopped)", "still.log",
              frame("events", events((0x100, 7), (0x200, 7), (None, 7), (None, 7))).encode(),
              "the 2 calls recorded took 0 cycles: G did not run while recording (PERF_START_MEASURING starts it)"),
             ("calls that took time", "moving.log", frame("events", events((0x100, 7), (None, 9))).encode(), None))
    for what, name, data, want in cases:
        path = os.path.join(tmp, name)
        open(path, "wb").write(data)
        rc, _, err = run("functions", "-o", "/dev/null", path, tool=tool)
        check(f"errors: {what}: written, " + (f"the warning '{want[:30]}...'" if want else "no warning"),
              rc == 0 and err == (f"perfscope: {path}: warning: {want}\n" if want else ""), (rc, err))


def wide_columns(tmp):
    """The function table at the counters' limits, 2^32 - 1 calls and
    2^64 - 1 cycles: every column still stands apart, so each row splits
    into the values it holds."""
    big, most = 2**64 - 1, 2**32 - 1
    rows = [(0x100, most, most, most, most, most, most, big, big),   # fn, calls, outer, min/max pairs, total, self
            (0x200, 1, 1, 5, 5, 5, 5, 5, 5)]
    body = struct.pack("<6I", 1, 1, len(rows), 0, 0, 0) + b"".join(struct.pack("<7I2Q", *r) for r in rows)
    dump = os.path.join(tmp, "wide.log")
    open(dump, "w").write(frame("funcstat", body))
    rc, out, err = run("functions", "--source", "funcstat", dump)
    table = [l.split() for l in out.splitlines()[2:]]
    # Pct are of all self time, 2^64 + 4 cycles: exact, no sum wraps.
    want = [["0x00000100", "0x00000100", str(most), str(big), "100.00", str(big // most), str(most), str(most),
             str(big), "100.00", str(big // most), str(most), str(most), "-"],
            ["0x00000200", "0x00000200", "1", "5", "0.00", "5", "5", "5", "5", "0.00", "5", "5", "5", "-"]]
    check("functions: 2^32 - 1 calls and 2^64 - 1 cycles, every column apart", rc == 0 and table == want, out)
    # --diff of that table against one whose 0x100 took 1 cycle: the
    # changes are as wide as their columns, or wider, and stand apart too.
    small = [(0x100, 1, 1, 1, 1, 1, 1, 1, 1), rows[1]]
    body = struct.pack("<6I", 1, 1, len(small), 0, 0, 0) + b"".join(struct.pack("<7I2Q", *r) for r in small)
    other = os.path.join(tmp, "narrow.log")
    open(other, "w").write(frame("funcstat", body))
    rc, out, err = run("functions", "--source", "funcstat", "--diff", other, dump)
    table = [l.split() for l in out.splitlines() if l.startswith("0x")]
    want = [["0x00000100", "1", str(most), "1", str(big), f"+{big - 1}", f"+{100.0 * (big - 1):.2f}", "1", str(big),
             f"+{big - 1}"],
            ["0x00000200", "1", "1", "5", "5", "0", "+0.00", "5", "5", "0"]]
    check("functions --diff: changes of 2^64 - 2 cycles and their percentages, every column apart",
          rc == 0 and table == want, out)


def versions(tmp):
    """Frames of drivers before format version 2 still read, with or without
    the OVF word, and give the report a version 2 frame gives."""
    reports = []
    for version, ovf in ((2, True), (1, True), (1, False)):
        dump = os.path.join(tmp, f"v{version}{ovf}.log")
        open(dump, "w").write(frame("sections", sections(version, ovf)))
        rc, out, err = run("report", dump)
        reports.append(out)
        check(f"versions: a version {version} sections frame {'with' if ovf else 'without'} the OVF word reads",
              rc == 0 and err == "" and "(1000 clock-cycles)" in out and out == reports[0], (rc, err, out))


SUSPEND, RESUME = 0xFFFFFFFE, 0xFFFFFFFD


def events(*evs, lost=0):
    """An events frame payload of (fn, stamp) pairs; fn None is an exit."""
    body = b"".join(struct.pack("<2I", 0xFFFFFFFF if fn is None else fn, t) for fn, t in evs)
    return struct.pack("<3I", 1, len(evs), lost) + body


def trace_frame(first, *recs):
    """A trace frame of (word0, word1) records, numbered from first."""
    return oracle.frame_reader.trace_frame(first, recs)


# A trace unit's records: the SYNC of window 0, an ENTER of 0x100 at depth
# 0 and cycle 10, its EXIT (at depth 1) at cycle 30.
T_SYNC, T_ENTER, T_EXIT = (0, 0), (0x100, 1 << 29 | 10), (0x100, 2 << 29 | 1 << 21 | 30)

# name, command line (DUMP: the input file), input, exit status, stderr lines ({f}: the input)
CASES = [
    ("a Perfetto trace of an empty dump", ["chrome", "--format", "perfetto", "DUMP"], "", 1,
     ["perfscope: {f}: error: no frames at all: not the console output of a perfscope run?", NOTHING]),
    ("the call graph of an events frame of no events", ["functions", "--graph", "DUMP"], frame("events", events()), 0,
     ["perfscope: {f}: warning: no call recorded: an events frame holds the calls made since the recording began "
      "and before perf_statistics_calc took them"]),
    ("a truncated line", ["trace", "DUMP"], GOOD[:100] + "\n", 1,
     ["perfscope: {f}:1: error: calltrace frame, payload byte 51 (file byte 97): truncated: the line ends after 51 of its 124 payload bytes", INCOMPLETE]),
    ("a corrupted character", ["trace", "DUMP"], BAD, 1,
     [f"perfscope: {{f}}:1: error: calltrace frame, payload byte 124 (file byte 193): CRC-32 is 0x{BAD_CRC:08x}, the header says 0x{GOOD_CRC:08x}: the frame is corrupted", INCOMPLETE]),
    ("a flipped byte in a function address, with the ELF", ["trace", "-e", ELF, "DUMP"], FLIPPED, 1,
     [f"perfscope: {{f}}:1: error: calltrace frame, payload byte 124 (file byte 193): CRC-32 is 0x{FLIPPED_CRC:08x}, the header says 0x{GOOD_CRC:08x}: the frame is corrupted", INCOMPLETE]),
    ("a character outside base64", ["trace", "DUMP"], "log line\n" + GOOD.replace("AgAAAAEAAAAg", "AgAAAA*AAAAg"), 1,
     ["perfscope: {f}:2: error: calltrace frame, payload byte 3 (file byte 42): '*' at file byte 44 is not a base64 character", NOTHING]),
    ("a newer format version", ["trace", "DUMP"], frame("calltrace", struct.pack("<I", 3) + TRACE[4:]), 1,
     ["perfscope: {f}:1: error: calltrace frame, payload byte 0 (file byte 29): format version 3 is newer than the version 2 this perfscope reads: update perfscope", NOTHING]),
    ("format version 0", ["trace", "DUMP"], frame("calltrace", struct.pack("<I", 0) + TRACE[4:]), 1,
     ["perfscope: {f}:1: error: calltrace frame, payload byte 0 (file byte 29): format word 0x00000000 is not a version from 1 to 2", NOTHING]),
    ("a version 2 sections frame without its OVF word", ["report", "DUMP"], frame("sections", sections(2)[:-4]), 1,
     ["perfscope: {f}:1: error: sections frame, payload byte 16 (file byte 47): 3 counter pairs and the OVF word need 40 bytes after the header, the payload has 36", NOTHING]),
    ("a raw frame header that lost its payload, before a frame the command reads: its CRC said",
     ["report", "DUMP"], "@PS events 8 0x00000000\n" + frame("sections", sections(2)), 1,
     ["perfscope: {f}:1: error: events frame, payload byte 8 (file byte 32): CRC-32 is 0x0a9f2a96, the header says 0x00000000: the frame is corrupted",
      "perfscope: {f}: error: no sections frame for report (the dump has 1 events frame): perf_print_formatted_report prints text, not a frame; the simulator's +sections plusarg prints the counters as a sections frame after the program exits, or the program calls perf_snapshot_frame (docs/programmers-guide.md)",
      "perfscope: 2 errors: nothing written"]),
    ("an unknown frame type, skipped", ["trace", "-e", ELF, "DUMP"], frame("sensors", b"\x01\0\0\0") + GOOD, 0,
     ["perfscope: {f}:1: warning: unknown frame type 'sensors' (from a newer driver?), skipped"]),
    ("a count the payload cannot hold", ["trace", "DUMP"], frame("calltrace", TRACE[:12] + struct.pack("<I", 7) + TRACE[16:]), 1,
     ["perfscope: {f}:1: error: calltrace frame, payload byte 28 (file byte 65): 7 call records need 112 bytes after the header, the payload has 96", NOTHING]),
    ("an unknown call trace mode, with the arguments flag", ["trace", "DUMP"], frame("calltrace", TRACE[:4] + struct.pack("<I", 0x105) + TRACE[8:]), 1,
     ["perfscope: {f}:1: error: calltrace frame, payload byte 4 (file byte 33): unknown call trace mode 0x105 (0 stack, 1 log, +0x100 arguments)", NOTHING]),
    ("more characters than the length says", ["trace", "DUMP"], GOOD.rstrip("\n") + "AAAA\n", 1,
     ["perfscope: {f}:1: error: calltrace frame, payload byte 124 (file byte 193): the line goes on after the 124 payload bytes the header gives", INCOMPLETE]),
    ("a malformed header", ["trace", "DUMP"], "@PS calltrace 12x 0x00000000 AAAA\n", 1,
     ["perfscope: {f}:1: error: malformed frame header: expected the payload length, a decimal number below 2^32",
      "perfscope: {f}: error: no frames at all: not the console output of a perfscope run?",
      "perfscope: 2 errors: nothing written"]),
    ("a raw frame cut short", ["trace", "DUMP"], raw_frame("calltrace", TRACE)[:80], 1,
     ["perfscope: {f}:1: error: calltrace frame, payload byte 51 (file byte 80): truncated: the file ends after 51 of its 124 payload bytes", INCOMPLETE]),
    ("the wrong ELF", ["trace", "-e", os.path.join(FW, "hot.elf"), "DUMP"], GOOD, 1,
     [f"perfscope: {{f}}:1: error: no function starts at 0x{a:08x} in {FW}/hot.elf: is it the ELF of this run?"
      for a in TESTS_AT] + ["perfscope: 3 errors: the output is incomplete"]),
    ("an ELF that is not there", ["trace", "-e", "/nonexistent.elf", "DUMP"], GOOD, 1,
     ["perfscope: /nonexistent.elf: error: cannot open the ELF: No such file or directory"]),
    ("a file that is not an ELF", ["trace", "-e", "DUMP", "DUMP"], GOOD, 1,
     ["perfscope: {f}: error: not an ELF file"]),
    ("no frame of the type", ["hot", "DUMP"], GOOD, 1,
     ["perfscope: {f}: error: no hot frame for hot (the dump has 1 calltrace frame)", NOTHING]),
    ("a timeline of a dump without its frame: nothing written, as the other reports",
     ["chrome", "DUMP"], GOOD, 1,
     ["perfscope: {f}: error: no events frame for chrome (the dump has 1 calltrace frame)", NOTHING]),
    ("no frames at all", ["trace", "DUMP"], "just a program's output\n", 1,
     ["perfscope: {f}: error: no frames at all: not the console output of a perfscope run?", NOTHING]),
    ("a frame after output without a newline: read, said", ["trace", "DUMP"], "log\nchecksum 9@" + GOOD, 0,
     ["perfscope: {f}:2: warning: calltrace frame after other text on its line: read from its @PS"]),
    ("an @PS in a program's text, no frame header after it: text", ["trace", "DUMP"],
     "mail @PS calltrace soon\nsee @PS notes 1 0x00000000 AAAA\n" + GOOD, 0, []),
    ("an @PS of text whose header fields run into a frame's @PS: the frame is read", ["trace", "DUMP"],
     "progress @PS " + GOOD, 0,
     ["perfscope: {f}:1: warning: calltrace frame after other text on its line: read from its @PS"]),
    ("an @PS of text with a type and a length, then a frame: the frame is read", ["trace", "DUMP"],
     "a @PS calltrace 12 " + GOOD, 0,
     ["perfscope: {f}:1: warning: calltrace frame after other text on its line: read from its @PS"]),
    ("an @PS of text that ends its line, then a frame on the next: read as a line's frame", ["trace", "DUMP"],
     "x @PS calltrace soon\n" + GOOD, 0, []),
    ("an @PS of text with a raw frame's header of an unknown type, then a frame on the next line", ["trace", "DUMP"],
     "x @PS newer 4 0x00000000\n" + GOOD, 0, []),
    ("an @PS of text, then a frame on the same line: the frame is read", ["trace", "DUMP"],
     "see @PS calltrace soon, @PS x; " + GOOD, 0,
     ["perfscope: {f}:1: warning: calltrace frame after other text on its line: read from its @PS"]),
    ("events: exits before entries, calls left open", ["folded", "DUMP"],
     frame("events", events((None, 1), (0x100, 10), (0x200, 20), (None, 25))), 0,
     ["perfscope: {f}:1: warning: events frame: 1 call still open at its end: charged up to its last event, not counted as a call (unfinished)",
      "perfscope: {f}:1: warning: events frame: 1 exit without its entry (a call made before recording began), ignored"]),
    ("gprof: a call below the outermost still open at the end: no arc, said", ["gprof", "-e", ELF, "-o", "/dev/null", "DUMP"],
     frame("events", events((T1, 0), (T2, 10), (T3, 15), (None, 25), (T3, 30), (None, 40), lost=4)), 0,
     ["perfscope: {f}:1: warning: events frame: the buffer lost 4 events, so the calls after it filled are missing",
      "perfscope: {f}:1: warning: events frame: 2 calls still open at its end: charged up to its last event, not counted as calls (unfinished)",
      "perfscope: {f}: warning: gprof: 1 call below the outermost still open when the recording ended (test2) has no arc in gmon.out: gprof charges 30 cycles of them and of what they called to no caller, or to other callers of the same functions; the function table has them where they were spent"]),
    ("events: the buffer lost some", ["folded", "DUMP"], frame("events", events((0x100, 10), (None, 20), lost=6)), 0,
     ["perfscope: {f}:1: warning: events frame: the buffer lost 6 events, so the calls after it filled are missing"]),
    ("events: the stamps go back twice (G reset while recording): one warning", ["folded", "DUMP"],
     frame("events", events((0x100, 5000), (0x200, 5100), (None, 20), (None, 60), (0x100, 90), (None, 3))), 0,
     ["perfscope: {f}:1: warning: events frame: the time stamps went back 2 times: the program reset perfscope's global counter while the hooks recorded; no time is counted across a reset (make profile stamps from MTIME, or perf_funccost_init on a clock the program does not reset: docs/hooks.md)"]),
    ("profile: a call of nearly 2^32 cycles (G reset inside it): the likely cause", ["functions", "DUMP"],
     frame("profile", struct.pack("<7I2QI", 1, 0, 1, 0, 2, 0, 0, 4294967000, 0, 2)
           + struct.pack("<7I2Q", 0x100, 1, 1, 4294967000, 4294967000, 100, 100, 4294967000, 100)
           + struct.pack("<7I2Q", 0x200, 1, 1, 4294966900, 4294966900, 4294966900, 4294966900, 4294966900, 4294966900)), 0,
     ["perfscope: {f}:1: warning: profile frame: 2 rows with a call of 2^31 cycles or more (Max of Self or Self+children): most likely the program reset perfscope's global counter while the hooks recorded, which a profile counts as nearly 2^32 cycles (make profile stamps from MTIME: docs/hooks.md)"]),
    ("profile: a Program row's Self above the cycles counted (G reset with no call open): the likely cause",
     ["functions", "DUMP"],
     frame("profile", struct.pack("<7I2QI", 1, 0, 1, 0, 2, 0, 0, 1435673, 4294602486, 1)
           + struct.pack("<7I2Q", 0x100, 1, 1, 1000, 1000, 100, 100, 1000, 100)), 0,
     ["perfscope: {f}:1: warning: profile frame: a Program row whose Self (cycles with the stack empty) exceeds all the cycles counted: most likely the program reset perfscope's global counter while the hooks recorded, which a profile counts as nearly 2^32 cycles (make profile stamps from MTIME: docs/hooks.md)"]),
    ("profile: calls deeper than the 64 levels kept, and an exit below 0: said, as a loss", ["functions", "DUMP"],
     frame("profile", struct.pack("<7I2QI", 1, 0, 1, 0, 64, 1, 717, 5000, 100, 1)
           + struct.pack("<7I2Q", 0x100, 189, 1, 4900, 4900, 10, 10, 4900, 10)), 0,
     ["perfscope: {f}:1: warning: profile frame: 717 calls deeper than 64 levels and 1 exit with no call open were not counted (the head's depth warnings): the deeper calls' time is in their caller's Self at level 64, and the counts are short"]),
    ("events: a RESUME without a SUSPEND", ["functions", "DUMP"],
     frame("events", events((0x100, 0), (RESUME, 10), (None, 30))), 1,
     ["perfscope: {f}:1: error: events frame, payload byte 20: event 1 is a RESUME without a SUSPEND before it: the input is damaged; the event is ignored", INCOMPLETE]),
    ("events: a SUSPEND while suspended", ["functions", "DUMP"],
     frame("events", events((0x100, 0), (SUSPEND, 5), (SUSPEND, 8), (RESUME, 10), (None, 30))), 1,
     ["perfscope: {f}:1: error: events frame, payload byte 28: event 2 is a SUSPEND while the SUSPEND of event 1 waits for its RESUME: the input is damaged; the event is ignored", INCOMPLETE]),
    ("events: a SUSPEND without its RESUME", ["functions", "DUMP"],
     frame("events", events((0x100, 0), (None, 30), (SUSPEND, 35))), 1,
     ["perfscope: {f}:1: error: events frame, payload byte 28: event 2 is a SUSPEND without its RESUME: the input is damaged", INCOMPLETE]),
    ("events: a SUSPEND left open by a full buffer", ["functions", "DUMP"],
     frame("events", events((0x100, 0), (None, 30), (SUSPEND, 35), lost=3)), 0,
     ["perfscope: {f}:1: warning: events frame: the buffer lost 3 events, so the calls after it filled are missing",
      "perfscope: {f}:1: warning: events frame: the SUSPEND of event 2 has no RESUME: the buffer filled before it"]),
    ("trace frames: one missing from the log", ["functions", "DUMP"],
     trace_frame(0, T_SYNC, T_ENTER) + trace_frame(5, T_EXIT), 0,
     ["perfscope: {f}:2: warning: trace frame 2 starts at record 5, after record 2 that the frames before it reached: 3 records are missing (a trace frame lost from the log), read as a loss",
      "perfscope: {f}: warning: trace frames: 3 records missing from the log (a trace frame lost or damaged): a partial recording"]),
    ("trace frames: one given twice", ["functions", "DUMP"],
     trace_frame(0, T_SYNC, T_ENTER) + trace_frame(0, T_SYNC, T_ENTER) + trace_frame(2, T_EXIT), 0,
     ["perfscope: {f}:2: warning: trace frame 2 starts at record 0, before record 2 that the frames before it reached (a frame given twice, or a new recording begun): its records are read on as they come",
      "perfscope: {f}:2: warning: trace frames, record 3: ENTER at depth 0, where the records before it give depth 1: a record is missing or damaged; depths are checked from this one on",
      "perfscope: {f}: warning: trace stream: 1 call still open at its end: charged up to its last event, not counted as a call (unfinished)"]),
    ("trace frames: a count the payload cannot hold", ["functions", "DUMP"],
     frame("trace", struct.pack("<3I", 2, 0, 3) + struct.pack("<2I", *T_SYNC)), 1,
     ["perfscope: {f}:1: error: trace frame, payload byte 12 (file byte 40): 3 records need 24 bytes after the header, the payload has 8", NOTHING]),
    ("trace frames: no frame a report reads", ["report", "DUMP"], trace_frame(0, T_SYNC), 1,
     ["perfscope: {f}: error: no sections frame for report (the dump has 1 trace frame)" + NO_SECTIONS, NOTHING]),
    ("a directory as the dump", ["trace", "/"], GOOD, 1,
     ["perfscope: /: error: is a directory"]),
    ("a directory as the ELF", ["trace", "-e", "/", "DUMP"], GOOD, 1,
     ["perfscope: /: error: is a directory"]),
    ("--function NAME the ELF has not", ["trace", "-e", ELF, "--function", "tset2", "DUMP"], GOOD, 2,
     [f"perfscope: error: --function tset2: no such function in {ELF}"]),
    ("--function NAME without the ELF", ["trace", "--function", "test2", "DUMP"], GOOD, 2,
     ["perfscope: error: --function test2: a function name needs -e ELF (or give its address, 0x...)"]),
    ("--sort diff without --diff", ["functions", "-s", "diff", "DUMP"], GOOD, 2,
     ["perfscope: --sort diff needs --diff", "Try 'perfscope --help' for more information."]),
    ("--format perfetto for functions", ["functions", "--format", "perfetto", "DUMP"], GOOD, 2,
     ["perfscope: --format perfetto: functions writes text, csv or json", "Try 'perfscope --help' for more information."]),
    ("--format text for chrome", ["chrome", "--format", "text", "DUMP"], GOOD, 2,
     ["perfscope: --format text: chrome writes json or perfetto", "Try 'perfscope --help' for more information."]),
    ("gprof without an ELF", ["gprof", "DUMP"], GOOD, 2,
     ["perfscope: error: gprof needs the firmware's ELF: --elf FILE"]),
    ("an option of another command", ["trace", "--sort", "calls", "DUMP"], GOOD, 2,
     ["perfscope: --sort is not an option of trace", "Try 'perfscope --help' for more information."]),
    ("a clock that is not a number", ["report", "-c", "fast", "DUMP"], GOOD, 2,
     ["perfscope: --clock-hz fast: not a frequency in Hz below 2^32", "Try 'perfscope --help' for more information."]),
    ("an unknown command", ["profile", "DUMP"], GOOD, 2,
     ["perfscope: unknown command 'profile'", "Try 'perfscope --help' for more information."]),
]


def expected_output(tmp):
    """--partial writes what was decoded; without it the output never appears."""
    dump = os.path.join(tmp, "bad.log")
    open(dump, "w").write(GOOD.replace("AgAAAAEAAAAg", "AgAAAAEAAAAh"))
    for partial in (False, True):
        out = os.path.join(tmp, f"out{partial}.txt")
        rc, _, _ = run("trace", "-o", out, *(["--partial"] if partial else []), dump)
        kept = os.path.exists(out) and open(out).read().count("lr=") == 6
        check(f"errors: with{'' if partial else 'out'} --partial the output is {'written' if partial else 'not there'}",
              rc == 1 and kept == partial and not glob.glob(out + ".tmp*"), (rc, kept))


def symlink_output(tmp):
    """-o through a symbolic link writes its file and leaves the link."""
    dump = os.path.join(tmp, "good.log")
    open(dump, "w").write(GOOD)
    target, link = os.path.join(tmp, "target.txt"), os.path.join(tmp, "link.txt")
    open(target, "w").write("old\n")
    os.symlink("target.txt", link)
    rc, _, _ = run("trace", "-o", link, dump)
    text = open(target).read()
    check("errors: -o through a symbolic link writes its file, the link stays",
          rc == 0 and os.path.islink(link) and text.count("lr=") == 6 and not glob.glob(os.path.join(tmp, "*.tmp*")),
          (rc, os.path.islink(link), text[:40]))
    # A link whose file does not exist yet: the file is made where the link
    # points (the link itself was replaced).
    dangling, made = os.path.join(tmp, "dangling.txt"), os.path.join(tmp, "made.txt")
    os.symlink("made.txt", dangling)
    rc, _, _ = run("trace", "-o", dangling, dump)
    check("errors: -o through a link to a file not there yet makes that file, the link stays",
          rc == 0 and os.path.islink(dangling) and os.path.isfile(made) and open(made).read().count("lr=") == 6,
          (rc, os.path.islink(dangling), os.path.exists(made)))
    # A chain of links to a file not there yet: the file is made, every link
    # stays; a loop of links is an error, exit 3, and replaces none.
    for a, b in (("chain1.txt", "chain2.txt"), ("chain2.txt", "chain3.txt"), ("loop1.txt", "loop2.txt"),
                 ("loop2.txt", "loop1.txt")):
        os.symlink(b, os.path.join(tmp, a))
    rc, _, _ = run("trace", "-o", os.path.join(tmp, "chain1.txt"), dump)
    check("errors: -o through a chain of links makes the file at its end, the links stay",
          rc == 0 and os.path.islink(os.path.join(tmp, "chain2.txt"))
          and open(os.path.join(tmp, "chain3.txt")).read().count("lr=") == 6, rc)
    loop = os.path.join(tmp, "loop1.txt")
    rc, _, se = run("trace", "-o", loop, dump)
    check("errors: -o into a loop of links: exit 3, one line, the links stay",
          rc == 3 and se == f"perfscope: {loop}: error: cannot write: Too many levels of symbolic links\n"
          and os.path.islink(loop) and os.path.islink(os.path.join(tmp, "loop2.txt")), (rc, se))
    # A name as long as a file name may be: the temporary beside it cannot
    # add its suffix to it.
    long_name = os.path.join(tmp, "n" * 251 + ".txt")
    rc, _, se = run("trace", "-o", long_name, dump)
    check("errors: -o of a 255-character file name is written", rc == 0 and os.path.isfile(long_name)
          and not glob.glob(os.path.join(tmp, ".ps*")), (rc, se))
    rc, _, se = run("trace", "-o", "", dump)
    check("errors: -o '' is a usage error", rc == 2 and se.startswith(
          "perfscope: --output needs a file name, not an empty one\n"), (rc, se))


def output_names_input(tmp):
    """An output (-o, --renames) that names an input (the dump, --log, the
    ELF) is refused before anything is written: the input stays as it was."""
    dump, elf = os.path.join(tmp, "keep.log"), os.path.join(tmp, "keep.elf")
    link, hard = os.path.join(tmp, "keep-link.log"), os.path.join(tmp, "keep-hard.log")
    open(dump, "w").write(GOOD)
    open(elf, "wb").write(open(ELF, "rb").read())
    for path in (link, hard):
        if os.path.lexists(path):
            os.remove(path)
    os.symlink("keep.log", link)
    os.link(dump, hard)
    for what, args, out, named in (
            ("-o naming the dump", ["trace", "-o", dump, dump], dump, dump),
            ("-o naming the ELF", ["gprof", "-e", elf, "-o", elf, dump], elf, elf),
            ("--renames naming the dump", ["gprof", "-e", elf, "--renames", dump, "-o", os.path.join(tmp, "g.out"),
                                           dump], dump, dump),
            ("-o naming --log's file", ["functions", "-e", elf, "--log", dump, "-o", dump, elf], dump, dump),
            ("-o naming the dump as ./", ["trace", "-o", "./" + os.path.relpath(dump), dump],
             "./" + os.path.relpath(dump), dump),
            ("-o a symbolic link to the dump", ["trace", "-o", link, dump], link, dump),
            ("-o a hard link to the dump", ["trace", "-o", hard, dump], hard, dump),
            ("-o naming the dump read from standard input", ["trace", "-o", dump], dump, "<stdin>")):
        with open(dump) as stdin:
            p = subprocess.run([oracle.TOOL, *args], stdin=stdin, capture_output=True, text=True)
        check(f"errors: {what} is refused, the input kept",
              p.returncode == 2 and p.stdout == "" and open(dump).read() == GOOD
              and open(elf, "rb").read() == open(ELF, "rb").read()
              and p.stderr == f"perfscope: error: the output {out} is the input {named}: give the output a name of its "
                             "own\n", (p.returncode, p.stderr))


def devnull_both():
    """/dev/null as the input (standard input) and the output is no loss:
    not refused, the empty input's own error instead."""
    with open(os.devnull) as stdin:
        p = subprocess.run([oracle.TOOL, "trace", "-o", os.devnull], stdin=stdin, capture_output=True, text=True)
    check("errors: -o /dev/null < /dev/null is not refused as naming its input",
          p.returncode == 1 and "is the input" not in p.stderr and "no frames at all" in p.stderr,
          (p.returncode, p.stderr))


def limits_and_closed_descriptors(tmp):
    """A file size limit is a write error (exit 3, one line, no temporary
    left), not a kill by SIGXFSZ; a closed standard error is not the first
    file opened (the report's temporary took the warnings as descriptor 2)."""
    dump = os.path.join(tmp, "big.log")
    with open(dump, "w") as f:
        f.write(frame("events", events(*[(0x100 + 16 * (i % 40), 10 * i) if i % 2 == 0 else (None, 10 * i)
                                         for i in range(2000)])))
    out = os.path.join(tmp, "limited.txt")
    p = subprocess.run([oracle.TOOL, "folded", "-o", out, dump], capture_output=True, text=True,
                       preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (64, 64)))
    left = glob.glob(out + "*")
    check("errors: an output past the file size limit: exit 3, one line, nothing left",
          p.returncode == 3 and p.stderr == f"perfscope: {out}: error: cannot write: File too large\n" and not left,
          (p.returncode, p.stderr, left))
    warn = frame("events", events((0x100, 10), (None, 20), (0x100, 30)))
    out = os.path.join(tmp, "closed2.txt")
    p = subprocess.run([oracle.TOOL, "folded", "-o", out, "-"], input=warn, capture_output=True, text=True,
                       preexec_fn=lambda: os.close(2))
    check("errors: standard error closed: the output holds the report, not the warnings",
          p.returncode == 0 and "perfscope:" not in open(out).read(), (p.returncode, open(out).read()))


def hist_other_elf():
    """hist with the ELF of another program: the build id error, and under
    the table, whose names look right, a line saying they are not."""
    log = os.path.join(FW, "retire_tap.out")
    rc, so, se = run("hist", "-e", ELF, log)
    check("errors: hist with another program's ELF says so under its table, exit 1",
          rc == 1 and "it is not the ELF of this run" in se and
          "\nELF: not this run's (its build id differs, see the errors): the names are another program's\n" in so,
          (rc, so[-300:], se[-300:]))
    rc, so, _ = run("hist", "-e", os.path.join(FW, "retire_tap.elf"), log)
    check("errors: hist with its own ELF has no such line", rc == 0 and "ELF: " not in so, (rc, so[-200:]))


def other_elf_everywhere():
    """Every output written with another program's ELF (the build id error,
    exit 1) says under its head that the names are another program's, as
    hist does: a saved table of wrong names must not pass for a right one."""
    log = os.path.join(FW, "funccost.out")
    note = "ELF: not this run's (its build id differs, see the errors): the names are another program's"
    for what, args, says in (
            ("functions", ("functions",), f"\n{note}\n"),
            ("functions --format csv", ("functions", "--format", "csv"), f"# {note}\n"),
            ("functions --format json", ("functions", "--format", "json"), '"other_elf":true,'),
            ("folded", ("folded",), f"# perfscope: {note}\n"),
            ("flame", ("flame",), f"; {note}; width:"),
            ("chrome", ("chrome",), '"other_elf":true}}'),
            ("trace", ("trace",), f"\n{note}\n")):
        # trace reads the calltrace frames of ELF's own program, with another's
        rc, so, se = (run(*args, "-e", ELF, log) if what != "trace" else
                      run(*args, "-e", os.path.join(FW, "funccost.elf"), os.path.join(FW, "calltrace.out")))
        check(f"errors: {what} with another program's ELF says so in its output, exit 1",
              rc == 1 and "it is not the ELF of this run" in se and says in so, (rc, so[-300:], se[-300:]))
    rc, so, _ = run("functions", "--format", "json", "-e", os.path.join(FW, "funccost.elf"), log)
    check("errors: functions with its own ELF: other_elf false, no note", rc == 0 and '"other_elf":false,' in so
          and note not in so, (rc, so[-200:]))
    with tempfile.TemporaryDirectory() as tmp:
        noid = os.path.join(tmp, "noid.elf")
        subprocess.run(["riscv64-unknown-elf-objcopy", "--remove-section", ".note.gnu.build-id",
                        os.path.join(FW, "funccost.elf"), noid], check=True)
        rc, so, se = run("functions", "-e", noid, log)
        check("errors: an ELF without a build id: a warning that it cannot be checked, the table written",
              rc == 0 and re.fullmatch(f"perfscope: {re.escape(log)}:2: warning: {re.escape(noid)} has no build id, "
                                       "the run's firmware has [0-9a-f]{40}: the ELF cannot be checked to be this "
                                       "run's\n", se) and so.startswith("max call depth"), (rc, se))


def no_run_frame(tmp):
    """A dump without a run frame: its clock and build id are unknown, not
    whatever the reader's memory held (valgrind saw chrome's times depend
    on it)."""
    dump = os.path.join(tmp, "norun.log")
    events = [line for line in open(os.path.join(FW, "funccost.out")) if line.startswith("@PS events")]
    open(dump, "w").write(events[0])
    p = subprocess.run(["valgrind", "-q", "--error-exitcode=9", oracle.TOOL, "chrome", "-o",
                        os.path.join(tmp, "norun.json"), dump], capture_output=True, text=True)
    check("errors: a dump without a run frame: chrome reads no uninitialised memory (valgrind)",
          p.returncode == 0 and "uninitialised" not in p.stderr, (p.returncode, p.stderr[-400:]))


def elf_refused(tmp):
    """--elf given a file that is no firmware ELF: one line, exit 1."""
    dump = os.path.join(tmp, "good.log")
    open(dump, "w").write(GOOD)
    arm = os.path.join(tmp, "arm.elf")
    data = bytearray(open(ELF, "rb").read())
    data[18:20] = struct.pack("<H", 40)  # e_machine: ARM, a 32-bit ELF all the same
    open(arm, "wb").write(data)
    for what, elf, msg in (("an ELF of another machine", "/bin/true",
                            "a 64-bit ELF; the firmware of a perfscope run is 32-bit"),
                           ("a 32-bit ELF of another machine", arm,
                            "an ELF of machine 40, not RISC-V's (243): not the firmware of a perfscope run"),
                           ("an ELF cut short", cut_short(tmp, ELF),
                            "cut short or damaged: its section headers lie past its end"),
                           ("an ELF cut inside its section headers", cut_short(tmp, ELF, 8),
                            "cut short or damaged: its section headers lie past its end")):
        rc, so, se = run("trace", "-e", elf, dump)
        check(f"errors: --elf {what} is refused", rc == 1 and so == "" and se == f"perfscope: {elf}: error: {msg}\n",
              (rc, se))


def cases(tmp, tool, exact):
    for i, (name, args, data, status, messages) in enumerate(CASES):
        dump = os.path.join(tmp, f"case{i}.log")
        open(dump, "wb").write(data if isinstance(data, bytes) else data.encode())
        rc, out, err = run(*[dump if a == "DUMP" else a for a in args], tool=tool)
        want = "\n".join(m.format(f=dump) for m in messages)
        if exact:
            check(f"errors: {name}: exit {status}, says what and where", rc == status and err.strip() == want,
                  f"exit {rc}: {err.strip()!r}, want {want!r}")
        else:
            check(f"sanitized: {name}", rc == status and "runtime error" not in err and "Sanitizer" not in err, err[-300:])


def regressions(tool):
    found = sorted(p for p in glob.glob(os.path.join(os.path.dirname(__file__), "regressions", "*"))
                   if not p.endswith("README"))
    for path in found:
        # gprof refuses to run without an ELF (exit 2): it gets the one the
        # error cases use.
        bad = [c for c in COMMANDS
               if (r := run(c, *(["-e", ELF] if c == "gprof" else []), "-o", "/dev/null", "--partial", path,
                            tool=tool))[0] not in (0, 1)
               or "runtime error" in r[2] or "Sanitizer" in r[2]]
        check(f"regression {os.path.basename(path)}: every command survives it", not bad, bad)
    check(f"regressions: {len(found)} fuzzer finds replayed", True)


# perfscope patch on small programs of its own.
PATCH_SRC = r"""
__attribute__((noinline)) int g(int x) { return x * 3; }
#ifndef NO_F
__attribute__((noinline)) int f(int x) { return g(x + 1); }
#endif
#ifdef RVC_INSIDE
__attribute__((noinline)) int h(int x) { __asm__(".option push\n.option rvc\nc.addi %0, 1\n.option pop" : "+r"(x)); return x; }
#endif
#ifdef HANDLER
__attribute__((interrupt)) void handler(void) {}
#endif
#ifdef SAVE_RESTORE
/* -msave-restore's routines, as libgcc has them (the link has no libgcc). */
__asm__(".text\n.globl __riscv_save_2\n.type __riscv_save_2, @function\n__riscv_save_2: jr t0\n"
        ".size __riscv_save_2, 4\n.globl __riscv_restore_2\n.type __riscv_restore_2, @function\n"
        "__riscv_restore_2: ret\n.size __riscv_restore_2, 4\n");
__attribute__((noinline)) int sr(int x) { return g(x) + g(x + 1); }
#endif
#ifdef OVERLAP
/* m's two nops before its entry are k's last two instructions. */
__asm__(".text\n.globl k\n.type k, @function\nk: ret\nnop\nnop\n.size k, 12\n"
        ".globl m\n.type m, @function\nm: nop\nnop\nret\n.size m, 12\n");
#endif
#ifdef NO_F
int f(int x) { return x; }
#endif
void _start(void) { f(1); for (;;); }
"""
AUIPC_T0, SW_T0_ENTER = 0x00000297, 0xF8502823  # auipc t0, 0; sw t0, -112(x0)
SW_T1_EXIT, RET = 0xF8602A23, 0x00008067  # sw t1, -108(x0); ret


def cross(tmp, name, *flags, march="rv32i", entry="4,2"):
    """PATCH_SRC built with flags, as an ELF in tmp."""
    c, elf = os.path.join(tmp, name + ".c"), os.path.join(tmp, name + ".elf")
    open(c, "w").write(PATCH_SRC)
    subprocess.run(["riscv64-unknown-elf-gcc", f"-march={march}", "-mabi=ilp32", "-O2", "-nostdlib",
                    f"-fpatchable-function-entry={entry}", *flags, "-o", elf, c], check=True)
    return elf


def words(elf, name, n, before=0):
    """The first n instruction words of function name, from before words
    ahead of its entry."""
    sym = oracle.Symbols(elf)
    dump = subprocess.run(["riscv64-unknown-elf-objdump", "-D", "-j", ".text", elf], capture_output=True,
                          text=True, check=True).stdout
    at = sym.addr(name) - 4 * before
    return [int(m.group(2), 16) for m in re.finditer(r"^\s*([0-9a-f]+):\s+([0-9a-f]{8})\s", dump, re.M)
            if at <= int(m.group(1), 16) < at + 4 * n]


def stripped(tmp, elf):
    """A copy of elf without its symbol table."""
    dest = os.path.join(tmp, "stripped.elf")
    subprocess.run(["riscv64-unknown-elf-strip", "-o", dest, elf], check=True)
    return dest


def entsize0(tmp, elf):
    """A copy of elf whose symbol table's section header gives entries of
    0 bytes (sh_entsize), a division by zero for a reader that trusts it."""
    data = bytearray(open(elf, "rb").read())
    shoff, = struct.unpack_from("<I", data, 32)
    shentsize, shnum = struct.unpack_from("<HH", data, 46)
    for i in range(shnum):
        at = shoff + i * shentsize
        if struct.unpack_from("<I", data, at + 4)[0] == 2:  # SHT_SYMTAB
            struct.pack_into("<I", data, at + 36, 0)  # sh_entsize
    dest = os.path.join(tmp, "entsize0.elf")
    open(dest, "wb").write(data)
    return dest


def cut_short(tmp, elf, lose=None):
    """A copy of elf without its last lose bytes (its second half if None):
    its section headers, at its end, are cut or past it."""
    dest = os.path.join(tmp, f"cut{lose}.elf")
    data = open(elf, "rb").read()
    open(dest, "wb").write(data[:len(data) - (lose or len(data) - len(data) // 2)])
    return dest


def patch(tmp, tool):
    """perfscope patch: what it writes, and each program it must refuse, with
    the message, exit status 1 and no output."""
    good = cross(tmp, "good", "-fno-optimize-sibling-calls")
    out = os.path.join(tmp, "out.elf")
    if os.path.exists(out):
        os.remove(out)
    rc, so, se = run("patch", "-o", out, good, tool=tool)
    check("patch: 3 functions, 2 rets", rc == 0 and se == "" and
          so == f"perfscope: {out}: 3 functions, 2 returns patched\n", (rc, so, se))
    modes = os.stat(good).st_mode & 0o7777, os.stat(out).st_mode & 0o7777
    check("patch: the patched ELF keeps the linker's permissions, executable",
          modes[0] == modes[1] and modes[0] & 0o100, [oct(m) for m in modes])
    # jal t1, -24: from g+16 back to g-8, its exit.
    oracle.same("patch: g's entry nops store its address to TRACE_ENTER, the two before them are its exit "
                "(a store to TRACE_EXIT and a ret), and its ret jumps there",
                words(out, "g", 7, before=2), [SW_T1_EXIT, RET, AUIPC_T0, SW_T0_ENTER, 0x00151793, 0x00A78533,
                                               0xFE9FF36F])
    # A symbolic link is written through, a device to itself: never
    # replaced by a file (a rename over the output did both).
    link = os.path.join(tmp, "link.elf")
    target = os.path.join(tmp, "target.elf")
    for p in (link, target):
        if os.path.lexists(p):
            os.remove(p)
    open(target, "wb").close()
    os.symlink("target.elf", link)
    rc, so, se = run("patch", "-o", link, good, tool=tool)
    check("patch: through a symbolic link, the file it names written and the link kept",
          rc == 0 and os.path.islink(link) and open(target, "rb").read() == open(out, "rb").read(), (rc, so, se))
    # A named pipe stands for a device: a tool that renamed over it would
    # replace /dev/null itself.
    fifo = os.path.join(tmp, "pipe.elf")
    if os.path.lexists(fifo):
        os.remove(fifo)
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", fifo], stdout=subprocess.PIPE)
    rc, so, se = run("patch", "-o", fifo, good, tool=tool)
    try:
        got = reader.communicate(timeout=30)[0]
    except subprocess.TimeoutExpired:  # nothing opened the pipe to write
        reader.kill()
        got = reader.communicate()[0]
    check("patch: to a named pipe, written through it, which stays a pipe",
          rc == 0 and stat.S_ISFIFO(os.lstat(fifo).st_mode) and got == open(out, "rb").read(), (rc, so, se))
    rc, _, se = run("patch", "-o", out, out, tool=tool)
    check("patch: a patched ELF is refused", rc == 1 and se ==
          f"perfscope: {out}: error: no function starts with two nops: build the code to trace with "
          "-fpatchable-function-entry=4,2 (or it is patched already)\n", se)
    tail = cross(tmp, "tail")
    g = oracle.Symbols(tail).addr("g")
    sr_tail = cross(tmp, "sr_tail", "-fno-optimize-sibling-calls", "-msave-restore", "-DSAVE_RESTORE")
    sr_g = oracle.Symbols(sr_tail).addr("g")
    sr_only = cross(tmp, "sr_only", "-fno-optimize-sibling-calls", "-msave-restore", "-DSAVE_RESTORE", "-DNO_F")
    sr_r = oracle.Symbols(sr_only).addr("__riscv_restore_2")
    refused = [
        ("a tail call", tail, f"f+0xc: a tail call to g (0x{g:08x}); build with -fno-optimize-sibling-calls"),
        # GCC 12 makes f's call of g a tail call with -msave-restore, despite -fno-optimize-sibling-calls.
        ("a tail call with -msave-restore", sr_tail, f"f+0xc: a tail call to g (0x{sr_g:08x}); build with "
         "-fno-optimize-sibling-calls and without -msave-restore, with which GCC makes tail calls all the same"),
        ("a jump to -msave-restore's epilogue", sr_only, f"sr+0x24: a jump to __riscv_restore_2 (0x{sr_r:08x}), "
         "-msave-restore's shared epilogue; build the code to trace without -msave-restore"),
        ("compressed code", cross(tmp, "rvc", "-fno-optimize-sibling-calls", march="rv32ic"),
         "g: compressed entry nops; one-store hooks need code built without the C extension"),
        # h's c.addi marks the ELF as using C, so the linker relaxes f's call of g to a c.jal.
        ("a compressed instruction", cross(tmp, "rvc_inside", "-fno-optimize-sibling-calls", "-DRVC_INSIDE"),
         "f+0x14: a compressed instruction; one-store hooks need code built without the C extension"),
        ("an interrupt handler", cross(tmp, "handler", "-fno-optimize-sibling-calls", "-DHANDLER"),
         "handler+0x8: an mret; build interrupt handlers without -fpatchable-function-entry and mark "
         "them with PERF_HWTRACE_IRQ_ENTER"),
        ("code without the nops before the entries", cross(tmp, "entry2", "-fno-optimize-sibling-calls", entry="2"),
         "g: no two nops before its entry for its exit; build the code to trace with "
         "-fpatchable-function-entry=4,2"),
        ("nops before an entry inside the function before", cross(tmp, "overlap", "-fno-optimize-sibling-calls",
                                                                  "-DOVERLAP"),
         "m: no two nops before its entry for its exit; build the code to trace with "
         "-fpatchable-function-entry=4,2"),
        ("not an ELF", os.path.join(tmp, "good.c"), "not an ELF file"),
        ("an ELF of another machine", "/bin/true", "not a 32-bit RISC-V ELF"),
        ("an ELF cut short", cut_short(tmp, good), "cut short or damaged: its section headers lie past its end"),
        ("an ELF cut inside its section headers", cut_short(tmp, good, 8),
         "cut short or damaged: its section headers lie past its end"),
        ("a stripped ELF", stripped(tmp, good), "no function symbols (a stripped ELF?)"),
        ("a symbol table whose entries are 0 bytes", entsize0(tmp, good), "no function symbols (a stripped ELF?)"),
    ]
    for what, elf, msg in refused:
        dest = os.path.join(tmp, "refused.elf")
        if os.path.exists(dest):  # a case before that wrongly wrote it
            os.remove(dest)
        rc, _, se = run("patch", "-o", dest, elf, tool=tool)
        check(f"patch: {what} is refused, nothing written", rc == 1 and not os.path.exists(dest) and
              se == f"perfscope: {elf}: error: {msg}\n", se)
    rc, _, se = run("patch", good, tool=tool)
    check("patch: -o is required", rc == 2 and se.startswith("perfscope: patch takes one ELF and -o FILE"), se)


def usage():
    rc, out, _ = run("--help")
    check("usage: --help, exit 0, a man-style text", rc == 0 and all(s in out for s in ("NAME", "SYNOPSIS", "EXIT STATUS")))
    for cmd, has, lacks in (("functions", "--sort COLUMN", "--names"), ("report", "--names A,B", "--elf"),
                            ("flame", "--width PIXELS", "--bias")):
        rc, out, _ = run(cmd, "--help")
        check(f"usage: {cmd} --help gives its own synopsis and options, no others",
              rc == 0 and f"perfscope {cmd} " in out and has in out and lacks not in out, out)
    # Each option a command's --help lists is in its synopsis too (by its
    # short form where it has one); --help and --version are everyone's.
    for cmd in ("report", "trace", "functions", "gprof", "chrome", "folded", "flame", "hot", "hist", "patch"):
        rc, out, _ = run(cmd, "--help")
        synopsis, options = out.split("DESCRIPTION")[0], out.split("OPTIONS")[1]
        forms = re.findall(r"^    (-\w, )?(--[a-z-]+)", options, re.M)
        missing = [long for short, long in forms if long not in ("--help", "--version")
                   and (short[:2] if short else long) not in synopsis]
        check(f"usage: {cmd}'s synopsis names every option its --help lists", rc == 0 and not missing, missing)
    # A forgotten DUMP on a terminal: one line and exit 2, not a wait for input.
    import pty
    primary, secondary = pty.openpty()
    p = subprocess.run([oracle.TOOL, "report"], stdin=secondary, capture_output=True, timeout=30)
    os.close(primary)
    os.close(secondary)
    check("usage: no DUMP on a terminal is an error, exit 2", p.returncode == 2 and p.stderr ==
          b"perfscope: error: no DUMP given, and standard input is a terminal: name the dump, pipe it in, "
          b"or give - to type it\n", (p.returncode, p.stderr))
    # A wrong option is named as given: a short one in a cluster by its
    # letter (the word before it was named), a long one with a value it
    # takes none of as such.
    for args, want in ((("functions", "-e", "x.elf", "-xq", "x.log"), "unknown option '-x'"),
                       (("report", "-Zq", "x.log"), "unknown option '-Z'"),
                       (("trace", "--partial=1", "x.log"), "--partial takes no value"),
                       (("report", "--help=1"), "--help takes no value"),
                       (("trace", "--nosuch", "x.log"), "unknown option '--nosuch'")):
        rc, _, se = run(*args)
        check(f"usage: {' '.join(args)}: {want}", rc == 2 and se.startswith(f"perfscope: {want}\n"), se)
    rc, out, _ = run("--version")
    check("usage: --version", rc == 0 and out.startswith("perfscope "), out)


def main():
    san = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        cases(tmp, oracle.TOOL, True)
        expected_output(tmp)
        symlink_output(tmp)
        output_names_input(tmp)
        devnull_both()
        limits_and_closed_descriptors(tmp)
        hist_other_elf()
        other_elf_everywhere()
        no_run_frame(tmp)
        elf_refused(tmp)
        versions(tmp)
        lone_resume(tmp)
        lost_everywhere(tmp)
        deep_folded(tmp)
        call_paths_limit(tmp)
        trace_and_events(tmp)
        trace_gap_closes(tmp)
        lost_causes(tmp)
        wide_columns(tmp)
        usage()
        patch(tmp, oracle.TOOL)
        patch(tmp, san)
        stream_damage(tmp, oracle.TOOL)
        stream_damage(tmp, san)
        empty_recordings(tmp, san)
        cases(tmp, san, False)
        regressions(san)
    return 1 if oracle.failures() else 0


if __name__ == "__main__":
    sys.exit(main())
