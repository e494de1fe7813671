#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""perfscope's outputs from real cosimulation runs, each held against what
the same run shows another way: the firmware tests' text dumps, GNU gprof's
reading of the gmon.out, an independent replay of the raw events.

usage: check_outputs.py <profile dir of the demo>   (make test runs it)
"""
import csv
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from oracle import FW, TOP, Symbols, check, events, frame_payloads, ias_rows, lines, output, pack, raw_frame, same
import oracle

DEMO_OUT = os.path.join(TOP, "build", "demo-output.txt")
NAMES = "crc32,sort,tokenize,printf"


def elf(test):
    return os.path.join(FW, f"{test}.elf")


def out(test):
    return os.path.join(FW, f"{test}.out")


def report():
    text = lines(DEMO_OUT)
    start = text.index("--Performance Counter Report--")
    want = "\n".join(text[start:text.index("", start)]) + "\n"
    same("report: demo sections frame = the demo's own report", output("report", "--names", NAMES, DEMO_OUT), want)
    net = next(i for i, l in enumerate(text) if l.startswith("--Performance Counter Report, net"))
    bias = re.search(r"net of a (\d+)-clock", text[net]).group(1)
    want = "\n".join(l for l in text[net:] if l.startswith(("--", "Total", "+", "|"))) + "\n"
    same("report: --bias gives the demo's net report", output("report", "--names", NAMES, "--bias", bias, DEMO_OUT), want)
    # An empty name leaves its section unnamed; the next keeps its place.
    first = NAMES.split(",")[0]
    rows = [l.split("|")[1].strip() for l in output("report", "--names", f"{first},,tokenize", DEMO_OUT).splitlines()
            if l.startswith("|") and not l.startswith("| Section")]
    check(f"report: --names {first},,tokenize names sections 1 and 3, not 2", rows == [first, "", "tokenize"], rows)


def report_overflow(tmp):
    """The OVF word of a sections frame: the line the target's report ends
    with (driver/test/test_misuse.c checks the same text there)."""
    def frame(ovf):  # without the OVF word: a version 1 frame
        return oracle.frame("sections", pack("sections", {
            "head": {"clock_hz": 50000000, "n": 2, "run": 0},
            "counter": [{"time": t, "occurrences": 1} for t in (1000, 300, 200)],
            "tail": None if ovf is None else {"overflow": ovf}}, version=1))
    path = os.path.join(tmp, "ovf.log")
    for ovf, names, want in [
            (0b101, ["sort", "crc"], "Overflow: counters of total, crc wrapped"),
            (0b010, None, "Overflow: counters of section 1 wrapped"),
            (0b100, ["sort"], None),     # a section not reported: no line
            (None, ["sort", "crc"], None)]:  # a frame without the OVF word
        open(path, "w").write(frame(ovf))
        args = ["report"] + (["--names", ",".join(names)] if names else []) + [path]
        got = [l for l in output(*args).splitlines() if l.startswith("Overflow")]
        check(f"report: OVF 0b{ovf or 0:03b}, names {names}: {want or 'no overflow line'}",
              got == ([want + " (values are modulo 2^64 clocks, 2^32 occurrences)"] if want else []), got)


def gap_leak(tmp):
    """A leak set larger than the handler's real overhead puts a RESUME
    (switch-in plus the leak) after the events that follow it: the gap, 110
    to 260, comes off the time after it, at most all of it, while a call is
    open, as the driver's statistics take it, and no call wraps; with none
    open, the rest is the context's own time."""
    evs = [(0x100, 100), (0xFFFFFFFE, 110), (0xFFFFFFFD, 260), (0xFFFFFFFF, 170), (0x200, 200), (0xFFFFFFFF, 300)]
    path = os.path.join(tmp, "leak.log")
    open(path, "w").write(oracle.frame("events", pack("events", {
        "head": {"n": len(evs), "lost": 0}, "event": [{"fn": fn, "stamp": t} for fn, t in evs]}, version=1)))
    got = output("functions", path)
    totals = {pc: int(n[1]) for pc, n in ias_rows(got.splitlines(), 1)}
    check("functions: a gap ending after the next events: 0x100 10 cycles, 0x200 all its 100",
          totals == {0x100: 10, 0x200: 100}, got)


def dump_records(text, mode, args=False):
    """The records of the last text dump of a call trace in mode, with or
    without the argument registers: (fn, ra, t, d[, a0, a1, a2, a3])."""
    line = r"fn=(\S+) ra=(\S+) t=(\d+) d=(\d+)" + (r" a0=(\S+) a1=(\S+) a2=(\S+) a3=(\S+)" if args else "$")
    dump = max(i for i, l in enumerate(text) if l.startswith("perf_calltrace_dump: ra=") and f" {mode} " in l
               and bool(re.search(line, text[i + 1].strip())))
    count = int(re.search(rf" {mode} (\d+)/\d+", text[dump]).group(1))
    return [tuple(int(x, 0) for x in re.findall(line, l.strip())[0]) for l in text[dump + 1:dump + 1 + count]]


def calltrace(mode, records, open_, version):
    """A calltrace payload of a 32-line buffer: mode 0 stack, 1 log; records
    (fn, site, stamp, depth), newest first."""
    return pack("calltrace", {
        "head": {"mode": mode, "lines": 32, "count": len(records), "open": open_, "overflows": 0, "underflows": 0},
        "record": [dict(zip(("fn", "site", "stamp", "depth"), r)) for r in records]}, version=version)


def listing(syms, records):
    def one(fn, ra, t, d, *a):
        regs = "".join(f", a{k}=0x{v:08x}" for k, v in enumerate(a))
        return f"{'  ' * d}{syms.name(fn)}: lr=0x{ra:08x} <{syms.where(ra)}>, t={t}{regs}"
    return "\n".join(one(*r) for r in records)


def trace(tmp):
    syms, text = Symbols(elf("calltrace")), lines(out("calltrace"))
    frames = output("trace", "-e", elf("calltrace"), out("calltrace")).split("\n\n")
    check("trace: two frames, without and with the arguments", len(frames) == 2, len(frames))
    got = frames[0].splitlines()
    check("trace: log-mode head", re.fullmatch(r"calltrace 1 \(.*:\d+\): log mode, 6 of 32 lines, 0 calls open", got[0]), got[0])
    same("trace: log records = the target's dump, with names", "\n".join(got[1:]), listing(syms, dump_records(text, "log")))
    names = [l.split(":")[0] for l in got[1:]]
    check("trace: newest first test3, test2, test1 twice, indented by depth",
          names == ["    test3", "  test2", "test1"] * 2, names)
    got = frames[-1].splitlines()
    records = dump_records(text, "log", args=True)
    same("trace: records with a0-a3 = the target's dump, with names", "\n".join(got[1:]), listing(syms, records))
    check("trace: a0 of the seed's test1(0x100), test1(0x200), newest first",
          [r[4] for r in records] == [0x203, 0x201, 0x200, 0x103, 0x101, 0x100], [r[4] for r in records])
    # The run prints its stack-mode trace as text only: the same records as a frame.
    records = dump_records(text, "stack")
    payload = calltrace(0, records, len(records), version=1)
    path = os.path.join(tmp, "stack.log")
    open(path, "w").write(oracle.frame("calltrace", payload))
    got = output("trace", "-e", elf("calltrace"), path).splitlines()
    check("trace: stack-mode head", got[0].endswith("stack mode, 3 of 32 lines, 3 calls open"), got[0])
    same("trace: stack records test3, test2, test1 = the target's dump", "\n".join(got[1:]), listing(syms, records))


def functions():
    syms, text = Symbols(elf("funccost")), lines(out("funccost"))
    head = max(i for i, l in enumerate(text) if l.startswith("max call depth seen:"))
    want = dict(ias_rows(text, head + 1))
    for source in ("funcstat", "events"):
        got = output("functions", "--source", source, "-e", elf("funccost"), out("funccost")).splitlines()
        rows = ias_rows(got, 1)
        check(f"functions --source {source}: every row = the target's table",
              dict(rows) == want, f"{rows} vs {want}")
        check(f"functions --source {source}: names from the ELF",
              all(l.split()[0] == syms.name(int(l.split()[1], 16)) for l in got[2:]), got[2:])
        selfs = [int(n[6]) for _, n in rows]
        check(f"functions --source {source}: sorted by self, largest first", selfs == sorted(selfs, reverse=True), selfs)
    depth = {l.split()[0]: l.split()[-1] for l in got[2:]}
    check("functions: depth from events: top 1, mid 2, leaf 3, rec 4",
          depth == {"top": "1", "mid": "2", "leaf": "3", "rec": "4"}, depth)
    calls = [int(l.split()[2]) for l in output("functions", "-s", "calls", out("funccost")).splitlines()[2:]]
    check("functions --sort calls", calls == sorted(calls, reverse=True), calls)
    diff = output("functions", "--diff", out("funccost"), out("funccost")).splitlines()
    check("functions --diff: a run against itself changes nothing",
          len(diff) == 5 and all(l.split()[5] == "0" and l.split()[6] == "+0.00" for l in diff[1:]), diff)
    elfs = ["-e", elf("funccost"), "-e", elf("profile")]
    a = {l.split()[0]: l.split() for l in output("functions", "-e", elf("funccost"), out("funccost")).splitlines()[2:]}
    b = {l.split()[0]: l.split() for l in output("functions", "-e", elf("profile"), out("profile")).splitlines()[4:]}
    want = {n: [a[n][2] if n in a else "-", b[n][2], a[n][8] if n in a else "-", b[n][8], a[n][3] if n in a else "-",
                b[n][3]] for n in b}
    got = {l.split()[0]: [l.split()[i] for i in (1, 2, 3, 4, 7, 8)]
           for l in output("functions", "--diff", *elfs, out("funccost"), out("profile")).splitlines()[1:]}
    check("functions --diff: two runs' calls, self and self+children side by side", got == want, f"{got} vs {want}")

    text = lines(out("profile"))
    start = max(i for i, l in enumerate(text) if l.startswith("profile 0:"))
    got = output("functions", "-s", "none", out("profile")).splitlines()
    same("functions: profile frame head = the target's", "\n".join(got[:3]), "\n".join(text[start:start + 3]))
    check("functions: profile rows = the target's, Program first",
          ias_rows(got, 3) == ias_rows(text, start + 3),
          got[4:])


def gprof_flat(text):
    """gprof's flat profile: name -> (%, cumulative, self, calls, self/call, total/call, name);
    calls and the per-call columns are "" for a function no arc calls."""
    rows = (l.split() for l in text.split("Call graph")[0].splitlines())
    return {f[-1]: (f if len(f) == 7 else f[:3] + ["", "", "", f[3]])
            for f in rows if len(f) in (4, 7) and f[0][0].isdigit()}


def gprof(tmp):
    gmon = os.path.join(tmp, "gmon.out")
    output("gprof", "-e", elf("funccost"), "-o", gmon, out("funccost"))
    text = subprocess.run(["riscv64-unknown-elf-gprof", "-b", elf("funccost"), gmon], capture_output=True,
                          text=True, check=True).stdout
    flat = gprof_flat(text)
    table = {l.split()[0]: l.split() for l in output("functions", "-e", elf("funccost"), out("funccost")).splitlines()[2:]}
    calls = {name: flat[name][3] for name in flat}
    check("gprof: flat profile calls leaf 2, mid 1, top 1, rec 1 (+2 recursive)",
          calls == {"leaf": "2", "mid": "1", "top": "1", "rec": "1"}, calls)
    check("gprof: self cycles = the function table's, exactly",
          all(flat[n][2] == table[n][8] + ".00" for n in flat), {n: (flat[n][2], table[n][8]) for n in flat})
    graph = text.split("Call graph")[1]
    check("gprof: call graph rec 1+2, top called by main, mid calls leaf 2/2",
          re.search(r"1\+2\s+rec", graph) and re.search(r"1/1\s+main", graph) and re.search(r"2/2\s+leaf", graph), graph)


def gprof_inlined(tmp):
    """Arcs from a call trace alone, with the middle one of three
    instrumented functions inlined into its caller: its record's return
    address lies in the grandparent, and the call it makes returns into the
    function it was inlined into. The depths give the true callers. No
    time: one empty bin, for gprof's times to be 0.00, not -nan."""
    syms = Symbols(elf("calltrace"))
    test1, test2, test3, main = (syms.addr(n) for n in ("test1", "test2", "test3", "main"))
    recs = [(test3, test1 + 0x10, 120, 2),   # newest first: returns into test1, where test2's body is
            (test2, main + 0x20, 110, 1),    # inlined: the hook sees test1's return address
            (test1, main + 0x20, 100, 0)]
    body = calltrace(1, recs, 0, version=1)
    dump, gmon = os.path.join(tmp, "inlined.log"), os.path.join(tmp, "inlined.gmon")
    open(dump, "w").write(oracle.frame("calltrace", body))
    rc, _, err = oracle.run("gprof", "-e", elf("calltrace"), "-o", gmon, dump)
    check("gprof: a call trace alone: exit 0, a warning that it gives no time",
          rc == 0 and err == f"perfscope: {dump}: warning: gprof: call traces record entries, not exits: "
          "gmon.out has their calls and arcs, no time (gprof's times are 0)\n", (rc, err))
    data, arcs, at = open(gmon, "rb").read(), set(), 20
    empty = data[at:at + 5] == b"\0" + struct.pack("<I", min(syms.funcs) & ~1) and \
        struct.unpack_from("<2I", data, at + 9) == (1, 1) and data[at + 33:at + 35] == b"\0\0"
    check("gprof: a call trace alone: one empty bin, at the ELF's first function", empty, data[at:at + 35].hex())
    at += 35
    while at < len(data) and data[at] == 1:  # then call arcs only
        frm, to, n = struct.unpack_from("<3I", data, at + 1)
        arcs.add((syms.where(frm).split("+")[0], syms.name(to), n))
        at += 13
    check("gprof: arcs from a call trace with an inlined middle function follow the depths",
          at == len(data) and arcs == {("main", "test1", 1), ("test1", "test2", 1), ("test2", "test3", 1)}, arcs)


def functions_views():
    """--format csv and json hold the text table's numbers; --top and
    --min-pct cut it; --graph's arcs equal a replay of the events."""
    args = ["-e", elf("funccost"), out("funccost")]
    text = [l.split() for l in output("functions", *args).splitlines()[2:]]
    rows = list(csv.reader(output("functions", "--format", "csv", *args).splitlines()))
    check("functions --format csv: the text table's rows, value for value",
          rows[0][:4] == ["table", "name", "pc", "calls"] and
          [r[1:] for r in rows[1:]] == [t[:-1] + [t[-1]] for t in text], (rows, text))
    doc = json.loads(output("functions", "--format", "json", *args))
    fns = doc[0]["functions"]
    check("functions --format json: the same rows, numbers as numbers, not partial",
          doc[0]["partial"] is False and [[f["name"], f["pc"], str(f["calls"]), str(f["total"]), f"{f['total_pct']:.2f}"]
                                          for f in fns] == [t[:5] for t in text], (fns, text))
    top = [l.split()[0] for l in output("functions", "--top", "2", *args).splitlines()[2:]]
    check("functions --top 2: the first two rows", top == [t[0] for t in text[:2]], top)
    cut = [l.split()[0] for l in output("functions", "--min-pct", "25", *args).splitlines()[2:]]
    check("functions --min-pct 25: the rows with self Pct >= 25", cut == [t[0] for t in text if float(t[9]) >= 25], cut)
    arcs = {}
    for path, _, cycles, _ in funccost_calls():
        arc = (path[-2] if len(path) > 1 else "<outside the recording>", path[-1])
        outer = [(path[i - 1] if i else "<outside the recording>", path[i]) for i in range(len(path) - 1)]
        calls, total = arcs.get(arc, (0, 0))
        arcs[arc] = (calls + 1, total + (0 if arc in outer else cycles))
    got, fn = {}, None
    for line in output("functions", "--graph", *args).splitlines()[1:]:
        f = line.split()
        if f and f[0] not in ("<-", "==", "->"):
            fn = f[0]
        elif f and f[0] == "<-":
            got[(" ".join(f[1:-2]), fn)] = (int(f[-2]), int(f[-1]))
    check("functions --graph: each arc's calls and exact cycles = a replay (recursion counted once)",
          got == arcs, (got, arcs))


def trace_views():
    """--chrono is the same records oldest first; --function and the window
    keep exactly the records they name."""
    args = ["-e", elf("calltrace"), out("calltrace")]
    frames = output("trace", *args).split("\n\n")
    chrono = output("trace", "--chrono", *args).split("\n\n")
    recs = lambda block: [l for l in block.strip().splitlines()[1:] if ": lr=" in l]
    check("trace --chrono: every frame's records, oldest first",
          len(chrono) == len(frames) and all(recs(c) == recs(f)[::-1] for c, f in zip(chrono, frames)), chrono)
    stamp = lambda l: int(re.search(r", t=(\d+)", l).group(1))
    every = [l for f in frames for l in recs(f)]
    lo, hi = sorted(stamp(l) for l in every)[len(every) // 4], sorted(stamp(l) for l in every)[3 * len(every) // 4]
    got = [l for f in output("trace", "--function", "test2", "--from", str(lo), "--to", str(hi), *args).split("\n\n")
           for l in recs(f)]
    want = [l for l in every if l.strip().startswith("test2:") and lo <= stamp(l) <= hi]
    check(f"trace --function test2 --from {lo} --to {hi}: exactly those records", got == want and want, (got, want))
    at = Symbols(elf("calltrace")).addr("test2")
    by_name = output("trace", "--function", "test2", *args)
    forms = [f"0x{at:x}", f"0x{at:08X}"]
    check(f"trace --function {' / '.join(forms)}: test2's address selects what its name does",
          all(output("trace", "--function", form, *args) == by_name for form in forms) and "test2:" in by_name,
          forms)


def chrome_window():
    """chrome --from/--to: the calls that overlap the window, no other."""
    calls = funccost_calls()
    ends = sorted(s + c for _, s, c, _ in calls)
    lo, hi = ends[2], ends[4]
    doc = json.loads(output("chrome", "--from", str(lo), "--to", str(hi), "-e", elf("funccost"), out("funccost")))
    got = sorted((e["name"], e["args"]["start_cycle"]) for e in doc["traceEvents"] if e["ph"] == "X")
    want = sorted((p[-1], s) for p, s, c, _ in calls if s + c >= lo and s <= hi)
    check(f"chrome --from {lo} --to {hi}: the calls overlapping the window", got == want and len(want) < len(calls),
          (got, want))
    # A window after the recording's end: no call, a timeline all the same,
    # with its process's name and the dump's data.
    past = max(ends) + 1
    doc = json.loads(output("chrome", "--from", str(past), "-e", elf("funccost"), out("funccost")))
    check(f"chrome --from {past}, past the last call: a timeline of no call",
          [e["ph"] for e in doc["traceEvents"]] == ["M"] and doc["otherData"]["generator"] == "perfscope", doc)


def hook_cost():
    """--hook-cost C: each call's self loses C, and its self+children C for
    every call inside it, itself included: a replay says the same."""
    calls, cost = funccost_calls(), 10
    inside = lambda p, s, c: sum(1 for q, t, d, _ in calls if q[:len(p)] == p and s <= t and t + d <= s + c)
    want = {}
    for p, s, c, own in calls:
        total, self_ = want.get(p[-1], (0, 0))
        outer = p[-1] not in p[:-1]
        want[p[-1]] = (total + (max(c - cost * inside(p, s, c), 0) if outer else 0), self_ + max(own - cost, 0))
    got = output("functions", "--hook-cost", str(cost), "-e", elf("funccost"), out("funccost")).splitlines()
    rows = {l.split()[0]: (int(l.split()[3]), int(l.split()[8])) for l in got[3:]}
    check("functions --hook-cost 10: self and self+children = a replay less the hooks, exactly",
          got[1] == "hook cost: 10 cycles a call taken off (--hook-cost)" and rows == want, (got, want))


def protobuf(data):
    """A protobuf message's fields, [(number, value)], by the wire format:
    varints (type 0) as ints, length-delimited (type 2) as bytes."""
    def varint(at):
        v = shift = 0
        while True:
            b = data[at]
            v |= (b & 0x7F) << shift
            at, shift = at + 1, shift + 7
            if not b & 0x80:
                return v, at
    fields, at = [], 0
    while at < len(data):
        key, at = varint(at)
        if key & 7 == 0:
            v, at = varint(at)
        elif key & 7 == 2:
            n, at = varint(at)
            v, at = data[at:at + n], at + n
            if at > len(data):
                raise ValueError("a field runs past its message")
        else:
            raise ValueError(f"wire type {key & 7}")
        fields.append((key >> 3, v))
    return fields


def perfetto(tmp):
    """chrome --format perfetto: the JSON timeline's calls, as slice begin
    and end TrackEvents with interned names, time in ns, in Perfetto's
    protobuf fields (perfetto.c lists them)."""
    path = os.path.join(tmp, "t.pftrace")
    output("chrome", "--format", "perfetto", "-c", "50M", "-o", path, "-e", elf("funccost"), out("funccost"))
    names, slices, open_, tracks = {}, [], {}, {}
    for number, packet in protobuf(open(path, "rb").read()):
        assert number == 1
        p = dict(protobuf(packet))
        if 60 in p:
            d = dict(protobuf(p[60]))
            tracks[d[1]] = d[2].decode()
        if 12 in p:
            for _, e in protobuf(p[12]):
                e = dict(protobuf(e))
                names[e[1]] = e[2].decode()
        if 11 in p:
            e = dict(protobuf(p[11]))
            if e[9] == 1:
                open_.setdefault(e[11], []).append((names.get(e[10], f"<no name {e[10]}>"), p[8]))
            elif e[9] == 2:
                name, start = open_[e[11]].pop()
                slices.append((name, start, p[8] - start))
    doc = json.loads(output("chrome", "-c", "50M", "-e", elf("funccost"), out("funccost")))
    want = sorted((e["name"], round(e["ts"] * 1000), round(e["dur"] * 1000)) for e in doc["traceEvents"] if e["ph"] == "X")
    events_line = 1 + next(i for i, l in enumerate(lines(out("funccost"))) if l.startswith("@PS events"))
    check("chrome --format perfetto: every call of the JSON timeline, to the ns, on a named track",
          sorted(slices) == want and tracks == {1: f"events frame 1 ({out('funccost')}:{events_line})"},
          (sorted(slices), want, tracks))


def run_frame():
    """The run frame's clock makes chrome's timeline real time without -c,
    and says so; its build id makes the wrong ELF a fact."""
    plain = json.loads(output("chrome", "-e", elf("funccost"), out("funccost")))
    given = json.loads(output("chrome", "-c", "50M", "-e", elf("funccost"), out("funccost")))
    check("chrome without -c: the run frame's 50 MHz, said in otherData, the same timeline as -c 50M",
          plain["otherData"]["clock_from"] == "the run frame" and plain["otherData"]["clock_hz"] == 50000000 and
          given["otherData"]["clock_from"] == "--clock-hz" and plain["traceEvents"] == given["traceEvents"],
          plain["otherData"])
    rc, _, err = oracle.run("functions", "-e", elf("calltrace"), out("funccost"))
    ids = {t: subprocess.run(["riscv64-unknown-elf-readelf", "-n", elf(t)], capture_output=True, text=True).stdout
           .split("Build ID: ")[1].split()[0] for t in ("funccost", "calltrace")}
    run_line = 1 + next(i for i, l in enumerate(lines(out("funccost"))) if l.startswith("@PS run"))
    want = (f"perfscope: {out('funccost')}:{run_line}: error: the run's firmware has build id {ids['funccost']}, "
            f"{elf('calltrace')} has {ids['calltrace']}: it is not the ELF of this run")
    check("the wrong ELF: its build id is not the run's, said first", rc == 1 and err.splitlines()[0] == want,
          (rc, err[:400]))


def funccost_calls():
    syms = Symbols(elf("funccost"))
    return oracle.replay(events(frame_payloads(out("funccost"), "events")[0]), syms.name)


def chrome():
    doc = json.loads(output("chrome", "-c", "50M", "-e", elf("funccost"), out("funccost")))
    check("chrome: only complete and metadata events: no begin without its end",
          all(e["ph"] in ("X", "M") for e in doc["traceEvents"]))
    us = lambda cycles: cycles * 1000 // 50 / 1000  # 50 MHz, to the nanosecond
    got = sorted((e["name"], e["ts"], e["dur"], e["args"]["start_cycle"], e["args"]["cycles"], e["args"]["self_cycles"],
                  e["args"]["depth"]) for e in doc["traceEvents"] if e["ph"] == "X")
    want = sorted((p[-1], us(s), us(s + c) - us(s), s, c, self, len(p)) for p, s, c, self in funccost_calls())
    check("chrome: the JSON parses, every call = a replay of the events, to the cycle",
          len(got) == 7 and all(g[:1] + g[3:] == w[:1] + w[3:] and abs(g[1] - w[1]) < 1e-9 and abs(g[2] - w[2]) < 1e-9
                                for g, w in zip(got, want)), f"{got} vs {want}")
    top = next(e for e in got if e[0] == "top")
    check("chrome: top's duration is its cycles at 50 MHz", top[2] == round(top[4] / 50, 2), top)


def folded():
    want = {}
    for path, _, _, self in funccost_calls():
        want[";".join(path)] = want.get(";".join(path), 0) + self
    text = "".join(f"{p} {c}\n" for p, c in sorted(want.items()) if c)
    same("folded: funccost = a replay of its events", output("folded", "-e", elf("funccost"), out("funccost")), text)


def flame():
    svg = output("flame", "-e", elf("funccost"), out("funccost"))
    ns = "{http://www.w3.org/2000/svg}"
    got = sorted((g.find(ns + "title").text, g.find(ns + "rect").get("width"))
                 for g in ET.fromstring(svg).iter(ns + "g"))
    paths = {}
    for path, _, cycles, self in funccost_calls():
        total, own, calls = paths.get(path, (0, 0, 0))
        paths[path] = (total + cycles, own + self, calls + 1)
    root = sum(t for p, (t, _, _) in paths.items() if len(p) == 1)
    want = sorted((f"{p[-1]}: {t} cycles ({100 * t / root:.2f}%), {s} self, {n} call{'' if n == 1 else 's'}",
                   f"{t * 1180 / root:.1f}")
                  for p, (t, s, n) in paths.items())
    check("flame: well-formed SVG, a box per call path, its width its share of 1180 px", got == want, f"{got} vs {want}")


def hot():
    syms, text = Symbols(elf("hot")), lines(out("hot"))
    start = max(i for i, l in enumerate(text) if l.startswith("perf_hot_dump:"))
    used = int(re.search(r"(\d+)/\d+ entries", text[start]).group(1))
    want = [f"{l}  {syms.where(int(l.split()[1], 16))}" for l in text[start + 2:start + 2 + used]]
    got = output("hot", "-e", elf("hot"), out("hot")).splitlines()
    same("hot: entries = the target's dump, with the function of each", "\n".join(got[2:]), "\n".join(want))


def raw(tmp):
    path = os.path.join(tmp, "raw.bin")
    with open(path, "wb") as f:
        for kind in ("events", "funcstat"):
            f.write(b"text between frames\n" + raw_frame(kind, frame_payloads(out("funccost"), kind)[0]))
    same("raw frames read as their text form",
         output("functions", "--source", "funcstat", "-e", elf("funccost"), path).replace(path, "x"),
         output("functions", "--source", "funcstat", "-e", elf("funccost"), out("funccost")).replace(out("funccost"), "x"))


def demo_profile(prof):
    """make profile on the demo: every report of a whole real run."""
    log = os.path.join(prof, "console.log")
    table = {l.split()[0]: l.split() for l in lines(os.path.join(prof, "functions.txt"))[2:]}
    check("profile demo: functions crc32, insertion_sort, tokens 3 calls each, main 1",
          {n: r[2] for n, r in table.items()} == {"crc32": "3", "insertion_sort": "3", "tokens": "3", "main": "1"}, table)
    flat = gprof_flat(open(os.path.join(prof, "gprof.txt")).read())
    check("profile demo: gprof's self cycles and calls = the function table",
          all(flat[n][2] == table[n][8] + ".00" and flat[n][3] == table[n][2] for n in table), flat)
    doc = json.load(open(os.path.join(prof, "trace.json")))
    check("profile demo: trace.json parses, 10 calls", sum(e["ph"] == "X" for e in doc["traceEvents"]) == 10)
    folded = dict(l.rsplit(" ", 1) for l in lines(os.path.join(prof, "folded.txt")))
    check("profile demo: folded main;crc32 = crc32's self", folded.get("main;crc32") == table["crc32"][8], folded)
    ET.parse(os.path.join(prof, "flame.svg"))
    check("profile demo: flame.svg is well-formed", True)
    text = lines(log)
    start = text.index("--Performance Counter Report--")
    same("profile demo: report.txt = the program's own report",
         open(os.path.join(prof, "report.txt")).read(), "\n".join(text[start:text.index("", start)]) + "\n")


def gprof_name(name):
    """A function's name in make profile's gprof.elf: '_' for each '.' or '$',
    as GNU gprof would give the function to the one before it (profile.mk)."""
    return re.sub(r"[.$]", "_", name)


def profile_retire(prof, prog):
    """make profile MODE=retire on a program built with no instrumentation:
    its calls from the retire stream and its flat profile from perfscope's
    histogram, one bucket per instruction. GNU gprof reads the gmon.out and
    prints a flat profile and a call graph. Every function of the table is
    in it under the table's name (of aliases the tool takes the one gprof
    prefers: vfprintf, not __i_vfprintf), with the table's self cycles (the
    hardware's count) and calls (the harness's decoder); functions whose
    name is not unique (static ones of two files) aside, and picolibc's
    __riscv_save_N and __riscv_restore_N, alternate entries into shared
    code, whose instructions the histogram charges to the label they lie
    under and the calls to the entry called, and _exit, in which the run
    ends. Returns the names compared, as
    gprof shows them, or None if make profile wrote no gprof.txt."""
    if not os.path.exists(os.path.join(prof, "gprof.txt")):
        check(f"profile {prog}, retire: gprof.txt written", False, prof)
        return None
    text = open(os.path.join(prof, "gprof.txt")).read()
    check(f"profile {prog}, retire: gprof prints a flat profile and a call graph",
          "Flat profile:" in text and "Call graph" in text, text[:200])
    flat = gprof_flat(text)
    rows = {}
    for line in lines(os.path.join(prof, "functions.txt"))[2:]:
        rows.setdefault(gprof_name(line.split()[0]), []).append(line.split())
    table = {name: r[0] for name, r in rows.items() if len(r) == 1}
    # GNU gprof 2.40 gives the function at the end of .text (here picolibc's
    # __riscv_restore_N) no extent, so none of its cycles: docs/retire.md.
    last = max(Symbols(os.path.join(prof, f"{prog}.elf")).funcs)
    # _exit, where the run ends: the histogram counts it up to the harness's
    # stop, the calls up to the store that ends the run (docs/retire.md).
    shown = [n for n, r in table.items() if int(r[1], 16) != last
             and not re.fullmatch(r"__riscv_(save|restore)_\d+", n) and n != "_exit"]
    check(f"profile {prog}, retire: every function of the table is in gprof's flat profile, under its name",
          all(n in flat for n in shown), sorted(set(shown) - set(flat)))
    shown = [n for n in shown if n in flat]
    # main's caller, crt0's _start, is no function symbol: gprof gives it no calls.
    same(f"profile {prog}, retire: gprof's self cycles and calls = the function table's",
         {n: (flat[n][2], flat[n][3]) for n in shown},
         {n: (table[n][8] + ".00", table[n][2] if flat[n][3] else "") for n in shown})
    check(f"profile {prog}, retire: gprof's flat profile has the table's busiest functions",
          all(n in flat for n in list(table)[:5]), (list(table)[:5], sorted(flat)))
    return shown


def clone_retire(prof):
    """test/clone.c and clone_twin.c: picolibc's qsort calls
    med3.constprop.0, a clone GNU gprof would merge into swapfunc before it,
    and each file has a static scale.constprop.0; in gprof's view each has
    its own self cycles and calls, the table's."""
    shown = profile_retire(prof, "clone")
    if shown is None:
        return
    check("profile clone, retire: gprof shows the clone med3.constprop.0 and swapfunc, each with its own",
          {"med3_constprop_0", "swapfunc"} <= set(shown), shown)
    table = sorted((f[8] + ".00", f[2]) for f in (l.split() for l in lines(os.path.join(prof, "functions.txt"))[2:])
                   if f[0] == "scale.constprop.0")
    text = open(os.path.join(prof, "gprof.txt")).read().split("Call graph")[0]
    flat = sorted((f[2], f[3]) for f in (l.split() for l in text.splitlines()) if f and f[-1] == "scale_constprop_0")
    check("profile clone, retire: two static functions named scale.constprop.0", len(table) == 2, table)
    same("profile clone, retire: gprof shows both scale.constprop.0, each with the table's self cycles and calls",
         flat, table)


def hwtrace(test):
    """tests/hwtrace.c's stream, as the trace unit recorded it and the harness
    wrote it, with the one-store hooks (hwtrace) or the compiler's
    (hwtrace_cyg): the calls the program makes, each of its functions found
    in the ELF, the clock and build id from the log's run frame."""
    rows = list(csv.DictReader(output("functions", "--format", "csv", "-e", elf(test),
                                      "--log", out(test), os.path.join(FW, f"{test}.trace")).splitlines()))
    got = {r["name"]: (int(r["calls"]), int(r["depth"])) for r in rows}
    same(f"{test}: the stream's calls: work 1, leaf 10, fib(10) 177 down to depth 11", got,
         {"work": (1, 1), "leaf": (10, 2), "fib": (177, 11)})
    work = next(r for r in rows if r["name"] == "work")
    check(f"{test}: work's self+children = the self of all three",
          int(work["total"]) == sum(int(r["self"]) for r in rows), rows)


def hwtrace_frames(tmp):
    """tests/hwtrace.c drained by the program itself into trace frames
    (hwtrace_pop): the host tool reads the console's frames as the stream
    they carry, the calls the program makes. And one stream read both ways:
    hwtrace_cyg's trace file, and the same records in trace frames of 32 in
    a console log, give the same table, stack, folded stacks and timeline;
    with one frame left out of the log, its records are counted lost, in
    the table and in one warning."""
    rows = list(csv.DictReader(output("functions", "--format", "csv", "-e", elf("hwtrace_pop"),
                                      out("hwtrace_pop")).splitlines()))
    same("hwtrace_pop: the trace frames' calls: work 1, leaf 10, fib(10) 177 down to depth 11",
         {r["name"]: (int(r["calls"]), int(r["depth"])) for r in rows},
         {"work": (1, 1), "leaf": (10, 2), "fib": (177, 11)})
    stream = os.path.join(FW, "hwtrace_cyg.trace")
    data = open(stream, "rb").read()
    recs = [struct.unpack_from("<II", data, at) for at in range(16, len(data), 8)]

    def log(skip):
        path = os.path.join(tmp, f"frames-{len(skip)}.log")
        open(path, "w").write(oracle.frame_reader.trace_frames(recs, 32, skip, text="console text\n"))
        return path

    whole, gap = log(()), log((2,))
    for view in (["functions", "--format", "csv"], ["trace"], ["folded"], ["chrome"]):
        got = output(*view, "-e", elf("hwtrace_cyg"), whole).replace(whole, stream)
        same(f"trace frames: {view[0]} of a stream's records in frames = {view[0]} of its file",
             got, output(*view, "-e", elf("hwtrace_cyg"), stream))
    rc, text, err = oracle.run("functions", "-e", elf("hwtrace_cyg"), gap)
    lost = min(32, len(recs) - 64)
    check(f"trace frames: a frame left out: its {lost} records lost, in the table and one warning",
          rc == 0 and f"lost: {lost} events" in text and
          f"trace frames: {lost} records missing from the log" in err, (rc, text[:200], err))


def hwtrace_long():
    """tests/hwtrace_long.c's 10 M-cycle stream: every call the program counted
    is in it, and nothing was lost."""
    said = re.search(r"^hwtrace_long: (\d+) cycles, calls: mix (\d+) step (\d+) nest (\d+)$",
                     open(out("hwtrace_long")).read(), re.M)
    check("hwtrace_long: the program ran 10 M cycles", said and int(said.group(1)) >= 10_000_000, said)
    text = output("functions", "--format", "csv", "-e", elf("hwtrace_long"),
                  os.path.join(FW, "hwtrace_long.trace"))
    got = {r["name"]: int(r["calls"]) for r in csv.DictReader(text.splitlines())}
    same("hwtrace_long: the stream has every call the program made", got,
         {"mix": int(said.group(2)), "step": int(said.group(3)), "nest": int(said.group(4))})
    check("hwtrace_long: nothing lost", "lost" not in text, text[:300])


def retire():
    """tests/retire.c, a program with no instrumentation, from the retire
    stream the harness recorded (+retire_file=): every call the program
    counted, each function at its depth below main (1): a tail call in its
    caller's place, the calls after a longjmp back at main's, the
    interrupt's handler below the function it interrupted; no warning
    (output() fails on any)."""
    said = re.search(r"^retire: calls: (.*)$", open(out("retire")).read(), re.M)
    check("retire: the program printed its calls", said, out("retire"))
    words = said.group(1).split()
    want = {name: int(n) for name, n in zip(words[::2], words[1::2])}
    text = output("functions", "--format", "csv", "-e", elf("retire"), os.path.join(FW, "retire.retire"))
    rows = {r["name"]: r for r in csv.DictReader(text.splitlines())}
    same("retire: the stream has every call the program made",
         {name: int(rows[name]["calls"]) for name in want if name in rows}, want)
    same("retire: each function at its depth",
         {name: int(rows[name]["depth"]) for name in want if name in rows},
         {"nest": 14, "tree": 8, "tail_caller": 2, "tail_callee": 2, "by_pointer": 2, "deep": 7,
          "after_jump": 2, "spin": 2, "isr_work": 5})
    # picolibc's vfprintf saves its registers with jal t0 __riscv_save_12 and
    # returns through jr t0: a call and a return by the RISC-V hints (t0 is a
    # link register), one below its caller.
    # vfprintf, not __i_vfprintf, its alias: the name gprof shows.
    same("retire: __riscv_save_12 called by vfprintf, a level below it",
         int(rows["__riscv_save_12"]["depth"]) - int(rows["vfprintf"]["depth"]) if "vfprintf" in rows
         else sorted(rows), 1)
    irq = [r for r in rows.values() if r["name"].startswith("irq ")]
    same("retire: one interrupt, below spin(), its handler's calls below it",
         [(int(r["calls"]), int(r["depth"])) for r in irq], [(1, 3)])


def main():
    with tempfile.TemporaryDirectory() as tmp:
        report()
        report_overflow(tmp)
        gap_leak(tmp)
        trace(tmp)
        functions()
        functions_views()
        trace_views()
        chrome_window()
        hook_cost()
        perfetto(tmp)
        run_frame()
        gprof(tmp)
        gprof_inlined(tmp)
        chrome()
        folded()
        flame()
        hot()
        raw(tmp)
        hwtrace("hwtrace")
        hwtrace("hwtrace_cyg")
        hwtrace_frames(tmp)
        hwtrace_long()
        retire()
        demo_profile(sys.argv[1])
        profile_retire(sys.argv[2], "demo")
        clone_retire(sys.argv[3])
    return 1 if oracle.failures() else 0


if __name__ == "__main__":
    sys.exit(main())
