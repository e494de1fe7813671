#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The retire stream's part of `make bench` (docs/retire.md).

usage: retire.py <top> <cpu>...
       retire.py --check <top> <cpu>...   (make test: PASS/FAIL lines only)

On every CPU, runs the hook benchmark's workloads (bench/hooks.c: the light
and the call-heavy one) twice:

  hooks_plain          built with no instrumentation, its calls recorded by
                       perfscope's retire tap into the trace unit's stream
                       (+retire_calls, +trace_file=, the histogram armed
                       too, +hist=), and run again without the tap armed;
  hooks_hwtrace_cyg    built with -finstrument-functions, its calls
                       recorded by the compiler's hooks (through the trace
                       unit, +trace_file=, so that every one is kept)

and compares the calls of every function, matched by name (GCC's clone
suffixes, .constprop.N and the like, which the two builds give different
functions, set aside). Writes

  build/bench/retire.md     the table, for build/bench/bench.md
  build/bench/summary.tsv   appends: retire_overhead_cycles (the plain
                            program's cycles with the retire tap armed less
                            without: the tap only listens),
                            retire_calls_recorded (calls in the retire
                            stream), retire_calls_differing (functions whose
                            counts differ, the ones GCC inlined included)
  docs/retire.md            the VexRiscv_Full table between its
                            bench-retire markers

With --check it writes nothing but one PASS or FAIL line per CPU: every
function of the instrumented build has as many calls in the retire stream,
but those the plain build has no code of (GCC inlined every call of them),
which have none; and arming the retire tap adds no cycle.
"""
import csv
import pathlib
import re
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "sim"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "scripts"))
from docfigs import splice  # noqa: E402 (found through the path above)
from perfscope_pytest import harness  # noqa: E402

CHECK = sys.argv[1:2] == ["--check"]
TOP = pathlib.Path(sys.argv[1 + CHECK]).resolve()
CPUS = sys.argv[2 + CHECK:]
OUT = TOP / "build" / "bench"
TOOL = TOP / "build" / "tools" / "perfscope"
FULL = "VexRiscv_Full"


def sim(cpu, program, *plusargs):
    """The run's exit cycle."""
    hexfile = TOP / "build" / "fw" / cpu / "bench" / f"{program}.hex"
    out = subprocess.run([str(TOP / "build" / "sim" / cpu / "Vsoc_top"), f"+firmware={hexfile}", *plusargs],
                         capture_output=True, text=True)
    text = out.stdout + out.stderr
    if out.returncode != 0:
        sys.exit(f"bench: {program} failed on {cpu}:\n{text[-2000:]}")
    return harness.exit_cycles(text)


def unsuffixed(name):
    """name without GCC's clone suffixes, each of them, as perfscope
    functions --diff pairs clones (tools/src/diff.c): .constprop.N, .isra.N,
    .part.N, .lto_priv.N, .cold and .cold.N."""
    return re.sub(r"(\.(constprop|isra|part|lto_priv)\.\d+|\.cold(\.\d+)?)+$", "", name)


def functions(cpu, program):
    """The names of the ELF's functions, without GCC's clone suffixes."""
    elf = TOP / "build" / "fw" / cpu / "bench" / f"{program}.elf"
    out = subprocess.run(["riscv64-unknown-elf-nm", str(elf)], capture_output=True, text=True, check=True)
    return {unsuffixed(f[2]) for f in (line.split() for line in out.stdout.splitlines())
            if len(f) == 3 and f[1] in "tT"}


def calls(cpu, program, stream):
    """Calls per function of the stream, by name without GCC's clone suffixes."""
    elf = TOP / "build" / "fw" / cpu / "bench" / f"{program}.elf"
    out = subprocess.run([str(TOOL), "functions", "--format", "csv", "-e", str(elf), str(stream)],
                         capture_output=True, text=True)
    # The program RESETs G, which the stream's time stamps follow: the tool
    # says so, once per RESET; anything else it says is a failure.
    said = [line for line in out.stderr.splitlines() if "G was RESET" not in line]
    if out.returncode != 0 or said:
        sys.exit(f"bench: perfscope functions {stream}: {' '.join(said)}")
    counts = {}
    for row in csv.DictReader(out.stdout.splitlines()):
        name = unsuffixed(row["name"])
        counts[name] = counts.get(name, 0) + int(row["calls"])
    return counts


def measure(cpu):
    work = OUT / "retire" / cpu
    work.mkdir(parents=True, exist_ok=True)
    plain = sim(cpu, "hooks_plain")
    recorded = sim(cpu, "hooks_plain", "+retire_calls", "+hist=0x0,4", f"+trace_file={work / 'plain.trace'}")
    sim(cpu, "hooks_hwtrace_cyg", f"+trace_file={work / 'cyg.trace'}")
    retire = calls(cpu, "hooks_plain", work / "plain.trace")
    cyg = calls(cpu, "hooks_hwtrace_cyg", work / "cyg.trace")
    # The instrumented build's functions: the benchmark's own code. The
    # retire stream has the C library's and main's besides.
    rows = sorted((name, cyg[name], retire.get(name, 0)) for name in cyg)
    return {"overhead": recorded - plain, "recorded": sum(retire.values()),
            "differing": sum(1 for _, a, b in rows if a != b), "rows": rows,
            "inlined": sorted(name for name in cyg if name not in functions(cpu, "hooks_plain"))}


def check(cpu, r):
    """make test's verdict: the counts as the instrumented build's, but a
    function with no code of its own in the plain build has none."""
    wrong = [(name, a, b) for name, a, b in r["rows"] if b != (0 if name in r["inlined"] else a)]
    ok = not wrong and r["overhead"] == 0 and r["recorded"] > 0
    print(f"{'PASS' if ok else 'FAIL'} retire stream on {cpu}: the calls of {len(r['rows'])} functions of "
          f"bench/hooks.c as -finstrument-functions records them, {len(r['inlined'])} inlined "
          f"({', '.join(r['inlined']) or 'none'}) with none; the armed retire tap adds {r['overhead']} cycles"
          + (f"; differ: {wrong[:5]}" if wrong else ""))
    return ok


def table(rows):
    lines = ["| function | calls, -finstrument-functions | calls, retire tap |", "|---|---|---|"]
    for name, a, b in rows:
        lines.append(f"| `{name}` | {a} | {b}{'' if a == b else ' (differs)'} |")
    return "\n".join(lines)


def main():
    res = {cpu: measure(cpu) for cpu in CPUS}
    if CHECK:
        return 0 if all([check(cpu, res[cpu]) for cpu in CPUS]) else 1
    with open(OUT / "summary.tsv", "a") as f:
        for cpu in CPUS:
            f.write(f"retire_overhead_cycles\t{cpu}\t{res[cpu]['overhead']}\n")
            f.write(f"retire_calls_recorded\t{cpu}\t{res[cpu]['recorded']}\n")
            f.write(f"retire_calls_differing\t{cpu}\t{res[cpu]['differing']}\n")
    summary = "\n".join(["| CPU | cycles the retire tap adds | calls in the retire tap's stream "
                         "| functions whose counts differ |",
                         "|---|---|---|---|"]
                        + [f"| {cpu} | {res[cpu]['overhead']} | {res[cpu]['recorded']} | {res[cpu]['differing']} |"
                           for cpu in CPUS])
    full = res.get(FULL, res[CPUS[-1]])
    (OUT / "retire.md").write_text("## Retire stream against -finstrument-functions (bench/hooks.c)\n\n"
                                   + summary + "\n\n" + table(full["rows"]) + "\n")
    if FULL in res:
        splice(TOP / "docs" / "retire.md", "bench-retire",
               summary + "\n\nThe calls of each function of the benchmark on " + FULL + ":\n\n"
               + table(full["rows"]) + "\n")


if __name__ == "__main__":
    sys.exit(main())
