#!/usr/bin/env python3
"""Checks the framed dumps (docs/dump-format.md) in a firmware's console
output: each "@PS" line must have the length and CRC-32 it claims, and its
decoded content must equal the text dump the firmware printed just before
it, so the two renderings check each other (raw events, which have no text
dump, must nest and move forward in time).

usage: frames.py <name> <console.txt>
Prints one PASS/FAIL line per frame; exit status 1 on any failure.
"""
import base64
import os
import pathlib
import re
import struct
import subprocess
import sys
import zlib

failed = 0
TOP = pathlib.Path(__file__).resolve().parent.parent
# The clock the reference SoC's runtime puts in the run frame.
SOC_CLOCK_HZ = int(re.search(r"#define SOC_CLOCK_HZ\s+(\d+)", open(TOP / "soc/fw/soc.h").read()).group(1))
# The program's ELF, beside its console output (t_x.out, t_x.elf), if there is one.
ELF_OF = {}
# The version the driver writes, from its header.
FRAME_VERSION = int(re.search(r"#define PERF_FRAME_VERSION (\d+)",
                              open(pathlib.Path(__file__).resolve().parent.parent /
                                   "driver/include/perfscope_frame.h").read()).group(1))


def check(what, ok, detail=""):
    global failed
    if ok:
        print(f"PASS {what}")
    else:
        failed += 1
        print(f"FAIL {what}: {detail}")


class Reader:
    def __init__(self, data):
        self.data, self.pos = data, 0

    def u32(self, n=1):
        v = struct.unpack_from(f"<{n}I", self.data, self.pos)
        self.pos += 4 * n
        return v if n > 1 else v[0]

    def u64(self):
        v = struct.unpack_from("<Q", self.data, self.pos)[0]
        self.pos += 8
        return v

    def done(self):
        return self.pos == len(self.data)


def funcstats(r, n):
    rows = []
    for _ in range(n):
        fn, calls, outer, tmin, tmax, smin, smax = r.u32(7)
        rows.append((fn, calls, outer, tmin, tmax, smin, smax, r.u64(), r.u64()))
    return rows


def table_rows(text, start, n):
    """IAS table rows after the head at or after `start`: (pc, calls, total, self)."""
    head = next(i for i in range(start, len(text)) if text[i].startswith("Name "))
    rows = []
    for line in text[head + 1:head + 1 + n]:
        f = line.split()
        rows.append((int(f[1], 16), int(f[2]), int(f[3]), int(f[8])))
    return rows


def decode(kind, r, text, at):
    """Compares the payload with the text dump before line `at`; returns a problem or None."""
    if kind == "calltrace":
        mode, lines, count, depth, over, under = r.u32(6)
        args = bool(mode & 0x100)  # PERF_CALLTRACE_ARGS: a0-a3 follow each record
        mode &= ~0x100
        recs = [r.u32(8 if args else 4) for _ in range(count)]
        dump = max(i for i in range(at) if text[i].startswith("perf_calltrace_dump: ra="))
        line = r"fn=(\S+) ra=(\S+) t=(\d+) d=(\d+)" + (r" a0=(\S+) a1=(\S+) a2=(\S+) a3=(\S+)" if args else "")
        want = [tuple(int(x, 0) for x in re.findall(line, l)[0])
                for l in text[dump + 1:dump + 1 + count]]
        head = f"{'log' if mode else 'stack'} {count}/{lines}"
        if head not in text[dump]:
            return f"head {text[dump]!r} does not say {head!r}"
        return None if recs == want else f"records {recs} != dump {want}"
    if kind in ("funcstat", "profile"):
        if kind == "profile":
            pid, flags, open_, max_depth, low, high = r.u32(6)
            counted, outside, n = r.u64(), r.u64(), r.u32()
            start = max(i for i in range(at) if text[i].startswith(f"profile {pid}:"))
            if f"Total number of cycles: {counted}" not in text[start + 2]:
                return f"counted {counted} not in {text[start + 2]!r}"
            want = table_rows(text, start, n + 1)[1:]  # after the Program row
        else:
            max_depth, n, open_, lost, dropped = r.u32(5)
            start = max(i for i in range(at) if text[i].startswith("max call depth seen:"))
            if not text[start].startswith(f"max call depth seen: {max_depth}, functions: {n}"):
                return f"head {text[start]!r}"
            want = table_rows(text, start, n)
        got = [(fn, calls, total, self_) for fn, calls, _, _, _, _, _, total, self_ in funcstats(r, n)]
        return None if got == want else f"rows {got} != table {want}"
    if kind == "events":
        n, lost = r.u32(2)
        events = [r.u32(2) for _ in range(n)]
        depth = 0
        for fn, stamp in events:
            if fn in (0xFFFFFFFE, 0xFFFFFFFD):  # a context switch: out, back in
                continue
            depth += -1 if fn == 0xFFFFFFFF else 1
            if depth < 0:
                return "an exit without its entry"
        stamps = [s for _, s in events]
        if stamps != sorted(stamps):
            return "time stamps go backwards"
        return None if depth == 0 else f"{depth} calls never exit"
    if kind == "hot":
        calls, ignored, granule, decay, total, used = r.u32(6)
        entries = [r.u32(2) for _ in range(used)]
        start = max(i for i in range(at) if text[i].startswith("perf_hot_dump:"))
        want = [(int(f[1], 16), int(f[2])) for f in (l.split() for l in text[start + 2:start + 2 + used])]
        return None if entries == want else f"entries {entries} != dump {want}"
    if kind == "sections":
        clock_hz, n, run = r.u32(3)
        counters = [(r.u64(), r.u32()) for _ in range(n + 1)]
        ovf = r.u32() if r.pos < len(r.data) else 0  # the OVF word, since the OVF register
        start = max(i for i in range(at) if text[i] == "--Performance Counter Report--")
        wrapped = any(l.startswith("Overflow:") for l in text[start:at])
        if wrapped != bool(ovf):
            return f"OVF word 0x{ovf:x} but the report {'has' if wrapped else 'has no'} overflow line"
        total = int(re.search(r"\((\d+) clock-cycles\)", text[start + 1]).group(1))
        rows = [l for l in text[start + 5:] if l.startswith("|")][:4]
        want = [(int(l.split("|")[4]), int(l.split("|")[5])) for l in rows]
        if counters[0][0] != total:
            return f"global time {counters[0][0]} != report total {total}"
        return None if counters[1:5] == want else f"sections {counters[1:5]} != report {want}"
    if kind == "run":
        clock_hz, n = r.u32(2)
        ident = bytes(r.data[r.pos:r.pos + n])
        pad = r.data[r.pos + n:r.pos + (n + 3) // 4 * 4]
        r.pos += (n + 3) // 4 * 4
        elf = ELF_OF.get("elf")
        if clock_hz != SOC_CLOCK_HZ:
            return f"clock {clock_hz} Hz, not soc.h's SOC_CLOCK_HZ {SOC_CLOCK_HZ}"
        if n != 20 or any(pad):
            return f"a build id of {n} bytes (sha1 has 20), padding {bytes(pad).hex()}"
        if elf and ident.hex() != build_id(elf):
            return f"build id {ident.hex()}, {elf} has {build_id(elf)}"
        return None
    return f"unknown frame type {kind!r}"


def build_id(elf):
    """The ELF's GNU build id, as readelf prints it."""
    out = subprocess.run(["riscv64-unknown-elf-readelf", "-n", elf], capture_output=True, text=True).stdout
    m = re.search(r"Build ID: ([0-9a-f]+)", out)
    return m.group(1) if m else None


def main():
    name, path = sys.argv[1], sys.argv[2]
    if path.endswith(".out") and os.path.exists(path[:-4] + ".elf"):
        ELF_OF["elf"] = path[:-4] + ".elf"
    text = open(path, errors="replace").read().splitlines()
    for at, line in enumerate(text):
        m = re.fullmatch(r"@PS (\w+) (\d+) 0x([0-9a-f]{8}) ([A-Za-z0-9+/=]*)", line)
        if not line.startswith("@PS"):
            continue
        if not m:
            check(f"{name}: frame line {at + 1} well formed", False, repr(line[:60]))
            continue
        kind, size, crc, payload = m.group(1), int(m.group(2)), int(m.group(3), 16), base64.b64decode(m.group(4))
        what = f"{name}: {kind} frame"
        if len(payload) != size or zlib.crc32(payload) != crc:
            check(what, False, f"{len(payload)} bytes, crc {zlib.crc32(payload):08x}; frame says {size}, {crc:08x}")
            continue
        r = Reader(payload)
        version = r.u32()
        problem = (f"format version {version}, not {FRAME_VERSION}" if version != FRAME_VERSION
                   else decode(kind, r, text, at))
        if problem is None and not r.done():
            problem = f"{len(payload) - r.pos} bytes left over"
        claim = {"events": "is well nested", "run": "names this program and the SoC's clock"}.get(
            kind, "equals the text dump")
        check(f"{what} ({size} bytes) {claim}", problem is None, problem)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
