#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Every figure in README.md and docs/ comes from the output that measures it.

A figure is written between two markers that name where it comes from:

    <!-- fig demo/report -->
    ```
    --Performance Counter Report--
    ...
    ```
    <!-- /fig -->

or inline: `<!-- fig profile/main-cycles -->850,989<!-- /fig -->`. A block
(the markers hold a code fence) gets the source's text inside the fence;
markers on lines of their own with no fence between them hold Markdown
lines (a table); an inline figure is the text itself. After the name, `head=N` keeps the first
N lines, `lines=A-B` lines A to B.

    docfigs.py check   one PASS/FAIL line per figure; make test runs it after
                       the suites that make its outputs (the demo, make profile
                       of the demo, the firmware tests)
    docfigs.py write   rewrites every figure from those outputs (make docs)
    docfigs.py splice DOC NAME FILE
                       puts FILE between DOC's <!-- NAME:begin --> and
                       <!-- NAME:end -->: how a bench writes its own table

Figures of make bench and make bench-fpga are written by those commands
(docs/hooks.md, docs/fpga.md); figures elsewhere that repeat one of them are
taken from that file here, so they cannot drift apart.
"""
import functools
import pathlib
import re
import struct
import tomllib
import subprocess
import sys
import tempfile

TOP = pathlib.Path(__file__).resolve().parent.parent
BUILD = TOP / "build"
DOCS = [TOP / "README.md", TOP / "CHANGELOG.md", TOP / "soc" / "README.md", *sorted((TOP / "docs").glob("*.md"))]
PROFILE = BUILD / "profile" / "VexRiscv_Full" / "demo"
FW_FULL = BUILD / "fw" / "VexRiscv_Full" / "tests"
MARK = re.compile(r"<!-- fig (\S+)((?: \w+=\S+)*) -->(.*?)<!-- /fig -->", re.S)


class Missing(Exception):
    """A figure's source has not been made in this build."""


@functools.cache
def read(path):
    if not path.exists():
        raise Missing(f"{path.relative_to(TOP)} is not built")
    return path.read_text()


def thousands(n):
    return f"{int(n):,}"


# ---- what the demo printed (make demo; make test's demo suite) ----------

def demo_lines():
    return read(BUILD / "demo-output.txt").splitlines()


def demo_report():
    lines = demo_lines()
    start = lines.index("--Performance Counter Report--")
    end = lines.index("", start)
    return "\n".join(lines[start:end])


def demo_sim():
    return next(l for l in demo_lines() if l.startswith("sim: "))


def demo_cycles():
    return re.search(r"\((\d+) clock-cycles\)", demo_report()).group(1)


# ---- make profile FW=demo/demo.c (make test's host tool suite) ----------

def profile_functions():
    return read(PROFILE / "functions.txt").rstrip("\n")


def profile_row(name):
    for line in profile_functions().splitlines():
        f = line.split()
        if f and f[0] == name:
            return f
    raise Missing(f"{name} is not in functions.txt")


def profile_gprof():
    lines = [l.rstrip() for l in read(PROFILE / "gprof.txt").splitlines()]
    start = next(i for i, l in enumerate(lines) if l.startswith("Each sample counts"))
    end = lines.index("", start)
    return "\n".join(lines[start:end])


def tool(*args, cwd=TOP):
    exe = BUILD / "tools" / "perfscope"
    if not exe.exists():
        raise Missing("build/tools/perfscope is not built")
    out = subprocess.run([str(exe), *args], cwd=cwd, capture_output=True, text=True)
    if out.returncode != 0:
        raise Missing(f"perfscope {' '.join(args)} failed: {out.stderr.strip()}")
    return out.stdout.rstrip("\n")


def host_report():
    read(BUILD / "demo-output.txt")
    return tool("report", "--names", "crc32,sort,tokenize,printf", "build/demo-output.txt")


def host_trace(*opts):
    read(FW_FULL / "calltrace.out")
    return tool("trace", *opts, "-e", "calltrace.elf", "calltrace.out", cwd=FW_FULL)


def host_synopsis():
    text = tool("--help")
    body = text.split("SYNOPSIS\n", 1)[1].split("\n\n", 1)[0]
    return "\n".join(l[4:] for l in body.splitlines())


def demo_tool(*args, prof=PROFILE):
    """perfscope on make profile's run of the demo (prof: MODE=retire's), from its directory."""
    read(prof / "console.log")
    return tool(*args, "-e", "demo.elf", "console.log", cwd=prof)


def chrome_crc32():
    for line in read(PROFILE / "trace.json").splitlines():
        if '"name":"crc32"' in line and '"ph":"X"' in line:
            return line.rstrip(",") + ","
    raise Missing("no crc32 call in trace.json")


def retire_demo_hist():
    """The busiest functions of the demo's flat profile from perfscope's
    histogram, as make test's make profile MODE=retire recorded it."""
    lines = demo_tool("hist", prof=PROFILE.with_name("demo-retire")).splitlines()
    return "\n".join(lines[:12] + [l for l in lines if l.startswith("OUTSIDE")])


def hist_errors():
    """perfscope hist's one-line errors, on a log of hist frames each wrong
    in one field of its head (regs/frames.toml's layout, frame_reader.pack)."""
    sys.path.insert(0, str(TOP / "regs"))
    import frame_reader
    good = {"base": 0x100, "shift": 2, "k": 0, "status": 0, "n": 4}
    wrong = [{"n": 6}, {"shift": 8}, {"k": 8}, {"base": 0x102}, {"base": 0xFFFFFE00, "shift": 7, "n": 2}]
    def frame(head, words):
        return frame_reader.line("hist", frame_reader.pack("hist", {"head": head, "word": [{"count": 1}] * words}))
    # Each wrong in one field; the last a good head with a word too few.
    log = "".join(frame({**good, **w}, {**good, **w}["n"]) for w in wrong) + frame(good, good["n"] - 1)
    with tempfile.TemporaryDirectory() as tmp:
        pathlib.Path(tmp, "app.log").write_text(log)
        out = subprocess.run([str(BUILD / "tools" / "perfscope"), "hist", "app.log"], cwd=tmp, capture_output=True,
                             text=True)
    return "\n".join(l for l in out.stderr.splitlines() if ": error: hist frame" in l)


def trace_frame_gap():
    """perfscope's warnings on a log whose trace frames leave records out:
    full frames (PERF_HWTRACE_FRAME_RECORDS records) of balanced calls, the
    fourth of five missing (regs/frames.toml's layout, frame_reader.pack)."""
    sys.path.insert(0, str(TOP / "regs"))
    import frame_reader
    n = int(hwtrace_frame_records())
    # Record i at cycle i (TIME_LO), each call one cycle long.
    recs = [(0, 0)] + [(0x100, (1 << 29 if i % 2 else 2 << 29 | 1 << 21) | i) for i in range(1, 5 * n - 1)]
    with tempfile.TemporaryDirectory() as tmp:
        pathlib.Path(tmp, "console.log").write_text(frame_reader.trace_frames(recs, n, skip=(3,)))
        out = subprocess.run([str(BUILD / "tools" / "perfscope"), "functions", "console.log"], cwd=tmp,
                             capture_output=True, text=True)
    return "\n".join(out.stderr.splitlines())


def stream_errors():
    """perfscope's one-line errors on damaged trace stream files: each header
    field wrong in turn, then a record cut short (regs/frames.toml's [stream])."""
    st = stream()
    head = st["magic"].encode() + b"\0"
    def header(version, size):
        return head + struct.pack("<II", version, size)
    good = header(st["version"], st["record_bytes"])
    files = [good[:10], head[:7] + b"X" + good[8:], header(st["version"] + 1, 8), header(st["version"] - 1, 8),
             header(0, 8), header(st["version"], 2 * st["record_bytes"]), good + bytes(8) + bytes(3)]
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        for data in files:
            pathlib.Path(tmp, "trace.bin").write_bytes(data)
            out = subprocess.run([str(BUILD / "tools" / "perfscope"), "functions", "trace.bin"], cwd=tmp,
                                 capture_output=True, text=True)
            lines += [l for l in out.stderr.splitlines() if ": error: trace stream" in l]
    return "\n".join(lines)


def stream():
    """The trace stream's description, regs/frames.toml's [stream]."""
    with open(TOP / "regs" / "frames.toml", "rb") as f:
        return tomllib.load(f)["stream"]


def stream_field(name):
    return next(f for f in stream()["fields"] if f["name"] == name)


def stream_time_lo_bits():
    """TIME_LO's width: a record's time is (window << this) | TIME_LO."""
    return str(stream_field("TIME_LO")["width"])


def stream_window():
    """The bits of G a SYNC carries, above TIME_LO."""
    return f"{stream()['time_bits'] - 1}:{stream_field('TIME_LO')['width']}"


def stream_time_lo():
    f = stream_field("TIME_LO")
    return f"{f['lsb'] + f['width'] - 1}:{f['lsb']}"


def retire_functions():
    """The function table of tests/retire.c's retire stream, as make test recorded it."""
    if not (FW_FULL / "retire.retire").exists():
        raise Missing("build/fw/VexRiscv_Full/tests/retire.retire is not built")
    return tool("functions", "-e", "retire.elf", "retire.retire", cwd=FW_FULL)


def fw_sim(test, cpu):
    out = read(BUILD / "fw" / cpu / "tests" / f"{test}.out")
    return next(l for l in out.splitlines() if l.startswith("sim: "))


# ---- the IP's own sources ------------------------------------------------

def timing_table():
    """D, bias and c per CPU, as tests/cpu_timing.h asserts them."""
    text = (TOP / "tests" / "cpu_timing.h").read_text()
    rows = ["| CPU | D: empty section | bias | c: cycles per nop |", "|---|---|---|---|"]
    for cpu, body in re.findall(r"defined\(CPU_(\w+)\)\n((?:#define .*\n)+)", text):
        v = dict(re.findall(r"#define (\w+)\s+(\d+)", body))
        if "MARK_DISTANCE" in v:
            rows.append(f"| {cpu} | {v['MARK_DISTANCE']} | {v['BIAS']} | {v['NOP_CYCLES']} |")
    return "\n".join(rows)


def irq_leak_min():
    text = (TOP / "tests" / "cpu_timing.h").read_text()
    return re.search(r"#define IRQ_LEAK\s+(\d+)", text).group(1)


def inline_waivers():
    """Every `verilator lint_off` in our own RTL, by file."""
    found = []
    for path in sorted([*TOP.glob("rtl/**/*.v"), *TOP.glob("rtl/*.vh"), *TOP.glob("soc/rtl/*.v"),
                        *TOP.glob("syn/**/*.v")]):
        rules = re.findall(r"verilator lint_off (\w+)", path.read_text())
        if rules:
            found.append(f"`{path.relative_to(TOP)}` ({', '.join(sorted(set(rules)))})")
    return ", ".join(found)


def mutations():
    """The mutations of formal/mutate.sh: the lines of its here-documents
    that hold a " % "."""
    text = (TOP / "formal" / "mutate.sh").read_text()
    bodies = [part.split("\nEOF\n", 1)[0] for part in text.split("<<'EOF'\n")[1:]]
    return str(sum(1 for body in bodies for l in body.splitlines() if " % " in l))


FORMAL_FILES = ("rtl/perfscope.v", "rtl/perfscope_trace.v", "formal/fwb_slave.v")


def assertions(path=None):
    """The assert statements of one file of the proofs, or of all of them."""
    n = sum(len(re.findall(r"\bassert\s*\(", (TOP / p).read_text()))
            for p in ((path,) if path else FORMAL_FILES))
    return str(n)


def formal_var(name):
    """A depth formal/Makefile sets: DEPTH (the bounded check), COVER, DEEP_COVER."""
    return re.search(rf"^{name}\s*\?=\s*(\d+)", (TOP / "formal" / "Makefile").read_text(), re.M).group(1)


def pin(package):
    """A Python package's version as requirements.txt pins it."""
    return re.search(rf"^{re.escape(package)}==(\S+)", (TOP / "requirements.txt").read_text(), re.M).group(1)


def plugin_default_timeout():
    text = (TOP / "sim" / "perfscope_pytest" / "program.py").read_text()
    return f"{int(re.search(r'^DEFAULT_TIMEOUT = ([0-9_]+)', text, re.M).group(1)):,}"


def sim_default_timeout():
    """The harness's +timeout= default, kDefaultTimeout in sim/main.cpp."""
    text = (TOP / "sim" / "main.cpp").read_text()
    return thousands(int(re.search(r"kDefaultTimeout = ([0-9]+);", text).group(1)))


def sim_trace_stall_max():
    """+trace_stall='s largest value, kTraceStallMax in sim/main.cpp."""
    text = (TOP / "sim" / "main.cpp").read_text()
    return re.search(r"kTraceStallMax = ([0-9]+);", text).group(1)


def hwtrace_frame_records():
    """The records of a full trace frame, PERF_HWTRACE_FRAME_RECORDS in
    driver/include/perfscope_hwtrace.h."""
    text = (TOP / "driver" / "include" / "perfscope_hwtrace.h").read_text()
    return re.search(r"#define PERF_HWTRACE_FRAME_RECORDS ([0-9]+)", text).group(1)


def stress_ops():
    """make stress's random bus operations in all: STRESS_OPS in each of the
    testbench builds its recipe runs (rtl/tb/Makefile)."""
    text = (TOP / "rtl" / "tb" / "Makefile").read_text()
    ops = int(re.search(r"^STRESS_OPS\s*\?=\s*([0-9]+)", text, re.M).group(1))
    builds = re.search(r"^stress: \$\(foreach b,([^,]+),", text, re.M).group(1).split()
    return f"{len(builds) * ops // 1000000} million ({len(builds)} builds, {ops // 1000000} million each)"


def sim_make_default(name):
    """A setting's default in sim/Makefile (NAME ?= value)."""
    text = (TOP / "sim" / "Makefile").read_text()
    return re.search(rf"^{name}\s*\?=\s*(\S+)", text, re.M).group(1)


def sim_pgo_cycles():
    """The PGO training run's default length, PGO_CYCLES in sim/Makefile."""
    text = (TOP / "sim" / "Makefile").read_text()
    return thousands(int(re.search(r"^PGO_CYCLES\s*\?=\s*([0-9]+)", text, re.M).group(1)))


def hal_tick_hz():
    """The HAL's system clock rate on the reference SoC, SOC_TICKS_PER_SECOND in soc/fw/soc.h."""
    text = (TOP / "soc" / "fw" / "soc.h").read_text()
    return str(int(re.search(r"^#define SOC_TICKS_PER_SECOND ([0-9]+)u", text, re.M).group(1)))


def host_max_call_paths():
    """The call paths a recording may have, CG_MAX_NODES in tools/src/callgraph.h."""
    text = (TOP / "tools" / "src" / "callgraph.h").read_text()
    return str(1 << int(re.search(r"^#define CG_MAX_NODES \(1u << ([0-9]+)\)", text, re.M).group(1)))


def bench_instr_cycles():
    """The cycles make bench counts host instructions for, INSTR_CYCLES in bench/bench.sh."""
    text = (TOP / "bench" / "bench.sh").read_text()
    return thousands(int(re.search(r"^INSTR_CYCLES=([0-9]+)", text, re.M).group(1)))


def fw_ram_bytes():
    """The SoC's default RAM_BYTES, RAM_BYTES_DEFAULT in soc/ram_bytes.mk."""
    text = (TOP / "soc" / "ram_bytes.mk").read_text()
    return re.search(r"^RAM_BYTES_DEFAULT := ([0-9]+)$", text, re.M).group(1)


def hot_ratio_unit():
    """The hot table's ratio unit, 1 << PERF_HOT_RATIO_SHIFT (perfscope_hot.h)."""
    text = (TOP / "driver" / "include" / "perfscope_hot.h").read_text()
    return str(1 << int(re.search(r"#define PERF_HOT_RATIO_SHIFT ([0-9]+)", text).group(1)))


def ip_files(fileset):
    """The files of one fileset of fusesoc.core, as scripts/corefiles.py
    reads them (the one RTL file list), as a Markdown list of paths."""
    python = TOP / ".venv" / "bin" / "python"
    if not python.exists():
        raise Missing(".venv is not set up")
    out = subprocess.run([str(python), str(TOP / "scripts" / "corefiles.py"), "files", "perfscope:perfscope:perfscope",
                          "--fileset", fileset], capture_output=True, text=True, check=True)
    return ", ".join(f"`{f}`" for f in out.stdout.split())


def board_mhz(board):
    """A board's clock in MHz, as syn/fpga.py's BOARDS gives it."""
    text = (TOP / "syn" / "fpga.py").read_text()
    return re.search(rf'"{board}": {{[^}}]*?"mhz": ([0-9]+)', text).group(1)


def area_budget(key):
    text = (TOP / "syn" / "area_budget.txt").read_text()
    return re.search(rf"^{key}\s*=\s*(\d+)", text, re.M).group(1)


def ip_version():
    text = (TOP / "regs" / "perfscope.toml").read_text()
    major = re.search(r"^version_major\s*=\s*(\d+)", text, re.M).group(1)
    minor = re.search(r"^version_minor\s*=\s*(\d+)", text, re.M).group(1)
    return f"{major}.{minor}"


def frame_version():
    """Each frame type's version, from the frames' one description."""
    with open(TOP / "regs" / "frames.toml", "rb") as f:
        frames = tomllib.load(f)["frame"]
    return ", ".join(f"{fr['name']} {fr['version']}" for fr in frames)


def reg_fields(reg, *names):
    """Fields of one register, from the register map's one description
    (regs/perfscope.toml)."""
    with open(TOP / "regs" / "perfscope.toml", "rb") as f:
        return [fl for fl in tomllib.load(f)["field"] if fl["reg"] == reg and fl["name"] in names]


def reg_field_max(reg, name):
    """A register field's largest value: 2^width − 1."""
    return f"2^{reg_fields(reg, name)[0]['width']} − 1"


def reg_field_bits(reg, *names):
    """The bits of one field, or of adjacent ones together: "27:24"."""
    fields = reg_fields(reg, *names)
    lsb = min(fl["lsb"] for fl in fields)
    msb = max(fl["lsb"] + fl["width"] - 1 for fl in fields)
    return f"{msb}:{lsb}"


def soc_core_default(param):
    """A parameter's default in soc/soc.core, the reference SoC's FuseSoC core."""
    text = (TOP / "soc" / "soc.core").read_text()
    return re.search(rf"^  {re.escape(param)}:\n(?:    .*\n)*?    default: (\S+)$", text, re.M).group(1)


def profile_mk_default(var):
    """A make profile setting's default in tools/profile.mk."""
    text = (TOP / "tools" / "profile.mk").read_text()
    return re.search(rf"^{re.escape(var)}_DEFAULT *:= *(\S+)$", text, re.M).group(1)


def gprof_version():
    """The binutils version of the installed riscv64-unknown-elf-gprof, whose
    habits docs/retire.md and docs/host-tool.md describe."""
    out = subprocess.run(["riscv64-unknown-elf-gprof", "--version"], capture_output=True, text=True,
                         check=True).stdout
    return re.search(r"^GNU gprof .*?([0-9]+\.[0-9]+)\S*$", out, re.M).group(1)


def tool_version():
    return re.search(r'#define VERSION "([^"]+)"', (TOP / "tools" / "src" / "main.c").read_text()).group(1)


def core_version():
    text = (TOP / "fusesoc.core").read_text()
    return re.search(r"^name: perfscope:perfscope:perfscope:(\S+)", text, re.M).group(1)


# ---- make bench-fpga's tables (docs/fpga.md) ----------------------------

@functools.cache
def fpga_rows():
    """Every table row of docs/fpga.md, as its cells."""
    return [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in (TOP / "docs" / "fpga.md").read_text().splitlines() if line.startswith("|")]


def fpga_find(what, match):
    row = next((cells for cells in fpga_rows() if match(cells)), None)
    if row is None:
        raise Missing(f"docs/fpga.md has no {what}")
    return row


def fpga_row(device, design, sections):
    return fpga_find(f"row {device} {design} {sections}", lambda c: len(c) > 6 and c[0].startswith(device) and
                     c[1] == design and c[2] == str(sections))


def fpga_goal(prefix):
    return fpga_find(f"goal {prefix}", lambda c: len(c) == 3 and c[0].startswith(prefix))


def soc_fmax(board):
    return fpga_find(f"board row {board}", lambda c: len(c) > 8 and c[0].startswith(board))[7]


def board_brams(board):
    """Block RAMs of a board's SoC without perfscope (PERF_SECTIONS=0)."""
    return fpga_find(f"board row {board} without perfscope",
                     lambda c: len(c) > 8 and c[0].startswith(board) and c[2].startswith("none"))[5]


def trace_ip_depth():
    """The trace FIFO's records where syn/fpga.py measures the IP with the unit."""
    return re.search(r"^TRACE_IP_DEPTH = (\d+)", (TOP / "syn" / "fpga.py").read_text(), re.M).group(1)


def ecp5_trace(oreg):
    """The ECP5 row of perfscope with its trace unit, with TRACE_OREG or without."""
    return fpga_row(ECP, f"perfscope with its trace unit ({trace_ip_depth()} records"
                         f"{', TRACE_OREG=1' if oreg else ''})", 7)


def trace_brams():
    """Block RAMs of the trace unit's FIFO, from its area goal's row."""
    return re.search(r"\(and (\d+) block RAMs\)", fpga_goal("iCE40 logic cells of the trace unit")[1]).group(1)


def ip_fmax_ratio(goal):
    return re.search(r"\(([\d.]+) x\)", fpga_goal(goal)[1]).group(1)


def ip_fmax(goal):
    return re.search(r"^([\d.]+) MHz", fpga_goal(goal)[1]).group(1)


ICE = "iCE40 HX8K"
ECP = "ECP5"
SOURCES = {
    "demo/report": demo_report,
    "demo/sim": demo_sim,
    "demo/cycles": lambda: thousands(demo_cycles()),
    "profile/functions": profile_functions,
    "profile/gprof": profile_gprof,
    "profile/folded": lambda: read(PROFILE / "folded.txt").rstrip("\n"),
    "profile/main-cycles": lambda: thousands(profile_row("main")[3]),
    "profile/crc32-pc": lambda: profile_row("crc32")[1],
    "profile/chrome-crc32": chrome_crc32,
    "host/report": host_report,
    "host/trace": host_trace,
    "host/trace-chrono": lambda: host_trace("--chrono"),
    "host/synopsis": host_synopsis,
    "host/graph": lambda: demo_tool("functions", "--graph"),
    "host/csv": lambda: demo_tool("functions", "--format", "csv", "--top", "2"),
    "host/hook-cost": lambda: demo_tool("functions", "--hook-cost", "50"),
    "fw/semantics-min-sim": lambda: fw_sim("semantics", "VexRiscv_Min"),
    "retire/functions": retire_functions,
    "retire/demo-hist": retire_demo_hist,
    "host/hist-errors": hist_errors,
    "timing/table": timing_table,
    "timing/irq-leak-min": irq_leak_min,
    "formal/mutations": mutations,
    "lint/inline-waivers": inline_waivers,
    "formal/assertions": assertions,
    "formal/assertions-ip": lambda: assertions("rtl/perfscope.v"),
    "formal/assertions-trace": lambda: assertions("rtl/perfscope_trace.v"),
    "formal/assertions-wb": lambda: assertions("formal/fwb_slave.v"),
    "formal/depth": lambda: formal_var("DEPTH"),
    "formal/cover-depth": lambda: formal_var("COVER"),
    "formal/oreg-k": lambda: formal_var("OREG_K"),
    "formal/deep-cover-depth": lambda: formal_var("DEEP_COVER"),
    "formal/trace-depth": lambda: formal_var("TRACE_DEPTH"),
    "formal/alone-mutation-depth": lambda: re.search(r"BMC_DEPTH=([0-9]+) try perfscope_trace.v a ",
                                                     (TOP / "formal" / "mutate.sh").read_text()).group(1),
    "pin/pytest-xdist": lambda: pin("pytest-xdist"),
    "regress/default-timeout": plugin_default_timeout,
    "sim/default-timeout": sim_default_timeout,
    "sim/trace-stall-max": sim_trace_stall_max,
    "driver/hwtrace-frame-records": hwtrace_frame_records,
    "sim/pgo-cycles": sim_pgo_cycles,
    "tb/stress-ops": stress_ops,
    "sim/hist-buckets": lambda: sim_make_default("HIST_BUCKETS"),
    "bench/instr-cycles": bench_instr_cycles,
    "hal/tick-hz": hal_tick_hz,
    "host/max-call-paths": host_max_call_paths,
    "host/stream-errors": stream_errors,
    "host/trace-frame-gap": trace_frame_gap,
    "stream/version": lambda: str(stream()["version"]),
    "stream/record-bytes": lambda: str(stream()["record_bytes"]),
    "stream/time-bits": lambda: str(stream()["time_bits"]),
    "stream/top-bit": lambda: str(stream()["time_bits"] - 1),
    "stream/time-lo": stream_time_lo,
    "stream/time-lo-bits": stream_time_lo_bits,
    "stream/window": stream_window,
    "stream/rolled-bit": lambda: str(stream_field("ROLLED")["lsb"]),
    "stream/sync-period": lambda: str(stream()["sync_period"]),
    "stream/depth-bits": lambda: str(stream_field("DEPTH")["width"]),
    "stream/depth-max": lambda: str((1 << stream_field("DEPTH")["width"]) - 1),
    "fw/ram-bytes": fw_ram_bytes,
    "hooks/hot-ratio-unit": hot_ratio_unit,
    "ip/files": lambda: ip_files("ip"),
    "ip/retire-files": lambda: ip_files("retire"),
    "fpga/clock-icebreaker": lambda: board_mhz("icebreaker"),
    "fpga/clock-ulx3s": lambda: board_mhz("ulx3s"),
    "version/ip": ip_version,
    "version/frame": frame_version,
    "version/tool": tool_version,
    "version/gprof": gprof_version,
    "regs/trace-drops-max": lambda: reg_field_max("TRACE_DROPS", "COUNT"),
    "regs/trace-drops-width": lambda: str(reg_fields("TRACE_DROPS", "COUNT")[0]["width"]),
    "regs/config-trace-bits": lambda: reg_field_bits("CONFIG", "TRACE"),
    "regs/trace-drops-mode-bits": lambda: reg_field_bits("TRACE_DROPS", "ENABLE", "OVERWRITE"),
    "soc/sections-default": lambda: soc_core_default("PERF_SECTIONS"),
    "soc/trace-depth-default": lambda: soc_core_default("TRACE_DEPTH"),
    "profile/events-default": lambda: profile_mk_default("PROFILE_EVENTS"),
    "profile/irq-events-default": lambda: profile_mk_default("PROFILE_IRQ_EVENTS"),
    "version/core": core_version,
    "area/budget-lc-7": lambda: area_budget("ice40_lc_7"),
    "fpga/ice40-lc-7": lambda: thousands(fpga_row(ICE, "perfscope", 7)[3]),
    "fpga/ice40-lc-1": lambda: thousands(fpga_row(ICE, "perfscope", 1)[3]),
    "fpga/baseline-lc-7": lambda: thousands(fpga_row(ICE, "baseline (Nios II PCU architecture)", 7)[3]),
    "fpga/baseline-regs-7": lambda: fpga_row(ICE, "baseline (Nios II PCU architecture)", 7)[4],
    "fpga/ice40-regs-7": lambda: fpga_row(ICE, "perfscope", 7)[4],
    "fpga/ice40-brams-7": lambda: fpga_row(ICE, "perfscope", 7)[5],
    "fpga/ice40-fmax-7": lambda: fpga_row(ICE, "perfscope", 7)[6],
    "fpga/nios-le-7": lambda: fpga_row("Cyclone II", "Nios II PCU", 7)[3].split()[0],
    "fpga/nios-regs-7": lambda: fpga_row("Cyclone II", "Nios II PCU", 7)[4],
    "fpga/icebreaker-soc-brams": lambda: board_brams("icebreaker"),
    "fpga/ulx3s-soc-brams": lambda: board_brams("ulx3s"),
    "fpga/trace-brams": trace_brams,
    "fpga/up5k-fmax": lambda: ip_fmax("iCE40 UP5K-SG48: IP fmax"),
    "fpga/up5k-ratio": lambda: ip_fmax_ratio("iCE40 UP5K-SG48: IP fmax"),
    "fpga/up5k-soc-fmax": lambda: soc_fmax("icebreaker"),
    "fpga/ecp5-fmax": lambda: ip_fmax("ECP5 LFE5U-85F-6BG381C: IP fmax"),
    "fpga/ecp5-ratio": lambda: ip_fmax_ratio("ECP5 LFE5U-85F-6BG381C: IP fmax"),
    "fpga/ecp5-soc-fmax": lambda: soc_fmax("ulx3s"),
    "fpga/ecp5-fmax-7": lambda: fpga_row(ECP, "perfscope", 7)[6],
    "fpga/trace-ip-depth": trace_ip_depth,
    "fpga/ecp5-trace-fmax": lambda: ecp5_trace(0)[6],
    "fpga/ecp5-trace-brams": lambda: ecp5_trace(0)[5].split()[0],
    "fpga/ecp5-oreg-fmax": lambda: ecp5_trace(1)[6],
    "fpga/ecp5-oreg-brams": lambda: ecp5_trace(1)[5].split()[0],
    "fpga/ecp5-oreg-luts": lambda: str(int(ecp5_trace(1)[3]) - int(ecp5_trace(0)[3])),
    "fpga/ecp5-oreg-ffs": lambda: str(int(ecp5_trace(1)[4]) - int(ecp5_trace(0)[4])),
}


# Pictures in the docs, copied from the run that drew them.
COPIES = [(PROFILE / "flame.svg", TOP / "docs" / "img" / "demo-flame.svg")]


def copies(mode):
    failed = 0
    for src, dst in COPIES:
        rel = dst.relative_to(TOP)
        if not src.exists():
            print(f"FAIL docs: {rel}: {src.relative_to(TOP)} is not built")
            failed += 1
        elif mode == "write":
            if src.read_bytes() != dst.read_bytes():
                dst.write_bytes(src.read_bytes())
                print(f"docfigs: rewrote {rel}")
        elif src.read_bytes() == dst.read_bytes():
            print(f"PASS docs: {rel} is what the build drew")
        else:
            print(f"FAIL docs: {rel} differs from {src.relative_to(TOP)} (make docs copies it)")
            failed += 1
    return failed


def expected(name, opts, content):
    if name not in SOURCES:
        raise KeyError(name)
    text = SOURCES[name]()
    opt = dict(o.split("=", 1) for o in opts.split())
    if "head" in opt:
        text = "\n".join(text.splitlines()[:int(opt["head"])])
    if "lines" in opt:
        first, last = (int(n) for n in opt["lines"].split("-"))
        text = "\n".join(text.splitlines()[first - 1:last])
    if "```" in content:
        fence = re.match(r"\s*(```\w*)\n", content).group(1)
        return f"\n{fence}\n{text}\n```\n"
    if content.startswith("\n"):  # lines of Markdown, a table
        return f"\n{text}\n"
    return text


def splice(doc, name, new):
    """Replaces what stands between a bench's markers in doc with the text new."""
    path = pathlib.Path(doc)
    text = path.read_text()
    begin, end = f"<!-- {name}:begin -->\n", f"<!-- {name}:end -->"
    if text.count(begin) != 1 or text.count(end) != 1:
        sys.exit(f"docfigs.py: {doc} lacks one {begin.strip()} ... {end} pair")
    head, rest = text.split(begin)
    tail = rest.split(end)[1]
    path.write_text(head + begin + new + end + tail)


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "splice" and len(sys.argv) == 5:
        return splice(sys.argv[2], sys.argv[3], pathlib.Path(sys.argv[4]).read_text())
    if mode not in ("check", "write"):
        sys.exit("usage: docfigs.py check|write|splice DOC NAME FILE")
    failed = copies(mode)
    for doc in DOCS:
        text = doc.read_text()
        rel = doc.relative_to(TOP)

        def one(m):
            nonlocal failed
            name, opts, content = m.group(1), m.group(2), m.group(3)
            line = text.count("\n", 0, m.start()) + 1
            try:
                want = expected(name, opts, content)
            except KeyError:
                print(f"FAIL docs: {rel}:{line}: no source named {name}")
                failed += 1
                return m.group(0)
            except Missing as e:
                print(f"FAIL docs: {rel}:{line} {name}: {e}")
                failed += 1
                return m.group(0)
            if mode == "check":
                if want == content:
                    print(f"PASS docs: {rel}:{line} {name} is what the build produced")
                else:
                    print(f"FAIL docs: {rel}:{line} {name} says {content.strip()[:80]!r}, "
                          f"the build produced {want.strip()[:80]!r} (make docs rewrites it)")
                    failed += 1
            return f"<!-- fig {name}{opts} -->{want}<!-- /fig -->"

        new = MARK.sub(one, text)
        if mode == "write" and new != text:
            doc.write_text(new)
            print(f"docfigs: rewrote {rel}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
