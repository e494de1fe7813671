# SPDX-License-Identifier: Apache-2.0
"""What the tool tests share: running perfscope, PASS/FAIL lines, and
independent readings of the same run (the text dumps the firmware printed
next to its frames, the frames read by regs/frames.toml, the ELF's symbols
through binutils' readelf) to hold perfscope's output against."""
import os
import subprocess
import sys

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(TOP, "regs"))
sys.path.insert(0, os.path.join(TOP, "tests", "lib"))
import frame_reader  # noqa: E402 (found through the path above)
from frame_reader import pack, read  # noqa: E402,F401 (for the tests that import oracle)
from check import check, failures, same  # noqa: E402,F401 (likewise)

TOOL = os.path.join(TOP, "build", "tools", "perfscope")
FW = os.path.join(TOP, "build", "fw", "VexRiscv_Full", "tests")


def run(*args, tool=TOOL, stdin=None):
    """perfscope's (exit status, stdout, stderr)."""
    p = subprocess.run([tool, *args], capture_output=True, input=stdin)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def output(*args):
    """perfscope's stdout, which must come with exit status 0 and no message."""
    rc, out, err = run(*args)
    if rc != 0 or err:
        raise SystemExit(f"FAIL perfscope {' '.join(args)}: exit {rc}: {err.strip()}")
    return out


class Symbols:
    """The ELF's functions, read by readelf."""

    def __init__(self, elf):
        text = subprocess.run(["riscv64-unknown-elf-readelf", "-Ws", elf], capture_output=True,
                              text=True, check=True).stdout
        self.funcs = {}
        for line in text.splitlines():
            f = line.split()
            if len(f) == 8 and f[3] == "FUNC" and f[6] != "UND":
                addr, size = int(f[1], 16), int(f[2])
                if addr not in self.funcs or f[4] == "GLOBAL":
                    self.funcs[addr] = (size, f[7])

    def name(self, addr):
        return self.funcs[addr][1] if addr in self.funcs else f"0x{addr:08x}"

    def addr(self, name):
        return next(a for a, (_, n) in self.funcs.items() if n == name)

    def where(self, addr):
        for start, (size, name) in self.funcs.items():
            if start <= addr < start + max(size, 1):
                return name if addr == start else f"{name}+0x{addr - start:x}"
        return f"0x{addr:08x}"


def lines(path):
    return open(path, errors="replace").read().splitlines()


def ias_rows(text, head):
    """(pc, the 11 numbers the target prints) of the IAS table whose column
    heads are line `head`: calls, then total, %, avg, max, min of
    self+children and of self."""
    rows = []
    for line in text[head + 1:]:
        f = line.split()
        if len(f) < 13 or not f[1].startswith("0x"):
            break
        rows.append((int(f[1], 16), tuple(f[2:13])))
    return rows


def frame_payloads(path, kind):
    """The payloads of the frames of one type in a console log."""
    return [f.payload for f in frame_reader.frames(lines(path)) if f.kind == kind]


def events(payload):
    """(fn, stamp) of an events frame's payload."""
    return [(e["fn"], e["stamp"]) for e in read("events", payload)["event"]]


def replay(evs, name):
    """The calls of an events frame, replayed independently of perfscope:
    (path of names, outermost first; start cycle; cycles; self cycles)."""
    calls, stack, base, now, last = [], [], None, 0, 0
    for fn, t in evs:
        now = t if base is None else now + ((t - last) & 0xFFFFFFFF)
        base, last = t, t
        if fn != frame_reader.values("events")["EXIT"]:
            stack.append([name(fn), now, 0])
            continue
        fname, start, children = stack.pop()
        calls.append((tuple(f[0] for f in stack) + (fname,), start, now - start, now - start - children))
        if stack:
            stack[-1][2] += now - start
    return calls


frame = frame_reader.line        # a frame line around a payload
raw_frame = frame_reader.raw     # the raw form: the header line, then the payload
