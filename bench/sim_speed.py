#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""make bench's simulation slowdown tables: what perfscope costs a Verilator
simulation of the SoC, from bench.sh's build/bench/sim-slowdown.tsv and
sim-parts.tsv, as build/bench/sim-speed.md and into
docs/programmers-guide.md.

  sim_speed.py <top>

In the first, each row is one CPU measured one way: wall-clock time of the
simulators as sim/Makefile builds them by default and with PGO=, and the
host instructions of the default builds (valgrind), which no code layout
moves. The second splits the host instructions of the trace unit's column
with the model off into the SoC's own, the IP's without its trace unit,
and the trace unit's.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "scripts"))
from docfigs import splice  # noqa: E402 (found through the path above)

TOP = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[1]
OUT = TOP / "build" / "bench"
DOC = TOP / "docs" / "programmers-guide.md"
HOW = {"default": "wall clock, default build", "PGO": "wall clock, PGO build",
       "instructions": "host instructions, default build"}


def pct(x):
    return f"{100 * float(x):.1f} %"


def main():
    rows = []
    for line in (OUT / "sim-slowdown.tsv").read_text().splitlines():
        cpu, how, *values = line.split("\t")
        values = [pct(v) for v in values] + ["not measured"] * (4 - len(values))
        rows.append(f"| {cpu} | {HOW[how]} | " + " | ".join(values) + " |")
    table = ("| CPU | measured as | trace unit and its model | trace unit, `+model=off` "
             "| trace unit, retire tap and the model | trace unit and retire tap, `+model=off` |\n"
             "|---|---|---|---|---|---|\n" + "\n".join(rows) + "\n")
    parts = ("| CPU | the SoC without perfscope | the IP without its trace unit (`TRACE_DEPTH=0`) "
             "| its trace unit | slowdown |\n|---|---|---|---|---|\n")
    for line in (OUT / "sim-parts.tsv").read_text().splitlines():
        cpu, soc, ip, unit, slow = line.split("\t")
        parts += f"| {cpu} | {soc} | +{ip} | +{unit} | {pct(slow)} |\n"
    (OUT / "sim-speed.md").write_text(
        "### Simulation slowdown against the SoC without perfscope (bench/speed.c)\n\n" + table
        + "\n### Host instructions a cycle, `+model=off`: the SoC's and perfscope's parts\n\n" + parts)
    splice(DOC, "bench-sim-speed", "\n" + table + "\n")
    splice(DOC, "bench-sim-parts", "\n" + parts + "\n")


if __name__ == "__main__":
    main()
