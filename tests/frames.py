#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the framed dumps (docs/dump-format.md) in a firmware's console
output: each "@PS" line must have the length and CRC-32 it claims, and its
decoded content must equal the text dump the firmware printed just before
it, so the two renderings check each other (raw events, which have no text
dump, must nest and move forward in time).

usage: frames.py <name> <console.txt>
Prints one PASS/FAIL line per frame; exit status 1 on any failure. The
payloads are read by regs/frames.toml (regs/frame_reader.py).
"""
import os
import pathlib
import re
import subprocess
import sys
import zlib

TOP = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TOP / "regs"))
sys.path.insert(0, str(TOP / "tests" / "lib"))
import frame_reader  # noqa: E402 (found through the path above)
from check import check, failures  # noqa: E402

# The clock the reference SoC's runtime puts in the run frame.
SOC_CLOCK_HZ = int(re.search(r"#define SOC_CLOCK_HZ\s+(\d+)", open(TOP / "soc/fw/soc.h").read()).group(1))


class Output:
    """What one console output's frames are checked against: the program's
    ELF, beside it (t_x.out, t_x.elf) if there is one, and the number of the
    next trace record, which the trace frames so far reach."""

    def __init__(self, path):
        elf = path[:-4] + ".elf" if path.endswith(".out") else None
        self.elf = elf if elf and os.path.exists(elf) else None
        self.next_record = 0


def frame_rows(p):
    """(fn, calls, total, self) of a funcstat or profile frame's rows."""
    return [(r["fn"], r["calls"], r["total"], r["self"]) for r in p["row"]]


def table_rows(text, start, n):
    """IAS table rows after the head at or after `start`: (pc, calls, total, self)."""
    head = next(i for i in range(start, len(text)) if text[i].startswith("Name "))
    rows = []
    for line in text[head + 1:head + 1 + n]:
        f = line.split()
        rows.append((int(f[1], 16), int(f[2]), int(f[3]), int(f[8])))
    return rows


def compare(kind, p, text, at, out):
    """Compares the payload p (frame_reader.read) with the text dump before
    line `at` of the Output out; returns a problem or None."""
    h = p["head"]
    if kind == "calltrace":
        args = bool(h["mode"] & frame_reader.values(kind)["ARGS"])  # a0-a3 follow each record
        mode = h["mode"] & ~frame_reader.values(kind)["ARGS"]
        recs = [(r["fn"], r["site"], r["stamp"], r["depth"], *(r["args"]["a"] if args else ())) for r in p["record"]]
        dump = max(i for i in range(at) if text[i].startswith("perf_calltrace_dump: ra="))
        line = r"fn=(\S+) ra=(\S+) t=(\d+) d=(\d+)" + (r" a0=(\S+) a1=(\S+) a2=(\S+) a3=(\S+)" if args else "")
        want = [tuple(int(x, 0) for x in re.findall(line, l)[0])
                for l in text[dump + 1:dump + 1 + h["count"]]]
        head = f"{'log' if mode else 'stack'} {h['count']}/{h['lines']}"
        if head not in text[dump]:
            return f"head {text[dump]!r} does not say {head!r}"
        return None if recs == want else f"records {recs} != dump {want}"
    if kind in ("funcstat", "profile"):
        if kind == "profile":
            start = max(i for i in range(at) if text[i].startswith(f"profile {h['id']}:"))
            if f"Total number of cycles: {h['counted']}" not in text[start + 2]:
                return f"counted {h['counted']} not in {text[start + 2]!r}"
            want = table_rows(text, start, h["n"] + 1)[1:]  # after the Program row
        else:
            start = max(i for i in range(at) if text[i].startswith("max call depth seen:"))
            if not text[start].startswith(f"max call depth seen: {h['max_depth']}, functions: {h['n']}"):
                return f"head {text[start]!r}"
            want = table_rows(text, start, h["n"])
        got = frame_rows(p)
        return None if got == want else f"rows {got} != table {want}"
    if kind == "events":
        v = frame_reader.values(kind)
        depth = 0
        for e in p["event"]:
            if e["fn"] in (v["SUSPEND"], v["RESUME"]):  # a context switch: out, back in
                continue
            depth += -1 if e["fn"] == v["EXIT"] else 1
            if depth < 0:
                return "an exit without its entry"
        stamps = [e["stamp"] for e in p["event"]]
        if stamps != sorted(stamps):
            return "time stamps go backwards"
        return None if depth == 0 else f"{depth} calls never exit"
    if kind == "hot":
        entries = [(e["addr"], e["hits"]) for e in p["entry"]]
        start = max(i for i in range(at) if text[i].startswith("perf_hot_dump:"))
        want = [(int(f[1], 16), int(f[2])) for f in (l.split() for l in text[start + 2:start + 2 + h["used"]])]
        return None if entries == want else f"entries {entries} != dump {want}"
    if kind == "sections":
        counters = [(c["time"], c["occurrences"]) for c in p["counter"]]
        ovf = p["tail"]["overflow"] if p["tail"] else 0  # the OVF word, since the OVF register
        start = max((i for i in range(at) if text[i] == "--Performance Counter Report--"), default=None)
        if start is None:
            return "no report printed before it to compare with"
        wrapped = any(l.startswith("Overflow:") for l in text[start:at])
        if wrapped != bool(ovf):
            return f"OVF word 0x{ovf:x} but the report {'has' if wrapped else 'has no'} overflow line"
        total = int(re.search(r"\((\d+) clock-cycles\)", text[start + 1]).group(1))
        table = [l for l in text[start + 5:] if l.startswith("|")][:4]
        want = [(int(l.split("|")[4]), int(l.split("|")[5])) for l in table]
        if counters[0][0] != total:
            return f"global time {counters[0][0]} != report total {total}"
        got = counters[1:1 + len(want)]
        return None if got == want else f"sections {got} != report {want}"
    if kind == "run":
        elf = out.elf
        if h["clock_hz"] != SOC_CLOCK_HZ:
            return f"clock {h['clock_hz']} Hz, not soc.h's SOC_CLOCK_HZ {SOC_CLOCK_HZ}"
        if h["n"] != 20:
            return f"a build id of {h['n']} bytes (sha1 has 20)"
        if elf and p["build_id"].hex() != build_id(elf):
            return f"build id {p['build_id'].hex()}, {elf} has {build_id(elf)}"
        return None
    if kind == "hist":
        # No text dump: the reference model checked each word as it was
        # read; here the frame must describe a histogram perfscope can have.
        n = h["n"]
        if n < 2 or n > 4096 or n & (n - 1):
            return f"{n} words: not a power of two from 2 to 4096"
        if h["shift"] > 7 or h["k"] > 7 or h["base"] & 3:
            return f"shift {h['shift']}, k {h['k']}, base 0x{h['base']:x}: out of HIST_CFG's and HIST_BASE's range"
        if h["status"] & 3:
            return f"HIST_CTRL 0x{h['status']:x}: the histogram was running or busy when read"
        return None
    if kind == "trace":
        # No text dump: the reference model checked every word popped; here
        # the frames must number their records on without a gap.
        first, want = h["first"], out.next_record
        out.next_record = first + h["n"]
        return None if first == want else f"starts at record {first}, the frames before it reached {want}"
    return f"unknown frame type {kind!r}"


def build_id(elf):
    """The ELF's GNU build id, as readelf prints it."""
    out = subprocess.run(["riscv64-unknown-elf-readelf", "-n", elf], capture_output=True, text=True).stdout
    m = re.search(r"Build ID: ([0-9a-f]+)", out)
    return m.group(1) if m else None


def main():
    name, path = sys.argv[1], sys.argv[2]
    out = Output(path)
    text = open(path, errors="replace").read().splitlines()
    for f in frame_reader.frames(text):
        if f.kind is None:
            check(f"{name}: frame line {f.at + 1} well formed", False, repr(text[f.at][:60]))
            continue
        what = f"{name}: {f.kind} frame"
        if not f.sound():
            check(what, False, f"{len(f.payload)} bytes, crc {zlib.crc32(f.payload):08x}; frame says {f.size}, {f.crc:08x}")
            continue
        try:
            p = frame_reader.read(f.kind, f.payload)
            version = frame_reader.version(f.kind)
            problem = (f"format version {p['version']}, not {version}" if p["version"] != version
                       else compare(f.kind, p, text, f.at, out))
        except frame_reader.FrameError as e:
            problem = str(e)
        claim = {"events": "is well nested", "run": "names this program and the SoC's clock",
                 "hist": "is a stopped histogram of the IP's",
                 "trace": "numbers its records on from the frames before it"}.get(
            f.kind, "equals the text dump")
        check(f"{what} ({f.size} bytes) {claim}", problem is None, problem)
    return 1 if failures() else 0


if __name__ == "__main__":
    sys.exit(main())
