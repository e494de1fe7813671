"""What the tool tests share: running perfscope, PASS/FAIL lines, and
independent readings of the same run (the text dumps the firmware printed
next to its frames, the ELF's symbols through binutils' readelf) to hold
perfscope's output against."""
import base64
import os
import re
import struct
import subprocess
import zlib

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TOOL = os.path.join(TOP, "build", "tools", "perfscope")
FW = os.path.join(TOP, "build", "fw", "VexRiscv_Full", "tests")
failures = 0


def check(what, ok, why=""):
    global failures
    if ok:
        print(f"PASS {what}")
    else:
        failures += 1
        print(f"FAIL {what}: {why}")


def same(what, got, want):
    """PASS if equal; else FAIL with the first line that differs."""
    if got == want:
        return check(what, True)
    g, w = got.splitlines(), want.splitlines()
    for i in range(max(len(g), len(w))):
        a = g[i] if i < len(g) else "<end>"
        b = w[i] if i < len(w) else "<end>"
        if a != b:
            return check(what, False, f"line {i + 1}: got {a!r}, want {b!r}")
    check(what, False, "differs")


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
    out = []
    for line in lines(path):
        m = re.fullmatch(r"@PS (\w+) (\d+) 0x([0-9a-f]{8}) (\S*)", line)
        if m and m.group(1) == kind:
            out.append(base64.b64decode(m.group(4)))
    return out


def events(payload):
    """(fn, stamp) of an events frame's payload."""
    n, _lost = struct.unpack_from("<2I", payload, 4)
    return [struct.unpack_from("<2I", payload, 12 + 8 * i) for i in range(n)]


def replay(evs, name):
    """The calls of an events frame, replayed independently of perfscope:
    (path of names, outermost first; start cycle; cycles; self cycles)."""
    calls, stack, base, now, last = [], [], None, 0, 0
    for fn, t in evs:
        now = t if base is None else now + ((t - last) & 0xFFFFFFFF)
        base, last = t, t
        if fn != 0xFFFFFFFF:
            stack.append([name(fn), now, 0])
            continue
        fname, start, children = stack.pop()
        calls.append((tuple(f[0] for f in stack) + (fname,), start, now - start, now - start - children))
        if stack:
            stack[-1][2] += now - start
    return calls


def frame(kind, payload, claimed=None, crc=None):
    """A frame line for payload; claimed or crc set wrong on purpose."""
    size = len(payload) if claimed is None else claimed
    crc = zlib.crc32(payload) if crc is None else crc
    return f"@PS {kind} {size} 0x{crc:08x} {base64.b64encode(payload).decode()}\n"


def raw_frame(kind, payload):
    """The raw form: the header line, then the payload's bytes."""
    return f"@PS {kind} {len(payload)} 0x{zlib.crc32(payload):08x}\n".encode() + payload
