#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks the demo's console output: both reports in the Nios II layout,
with every number consistent with the clock counts the reference model
already proved exact.

usage: check_demo.py <console.txt> <clock_hz>
Prints one PASS/FAIL line per check; exit status 1 on any failure.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from check import failures, same  # noqa: E402 (found through the path above)

RULE = "+---------------+--------+-------------+---------------+-----------+"
HEAD = "| Section       |   %    | Time (sec)  | Time (clocks) |Occurrences|"
NAMES = ["crc32", "sort", "tokenize", "printf"]
ROUNDS = 3


def check(what, got, want):
    same(f"demo: {what}", got, want)


def seconds(clocks, hz):
    """clocks / hz with 9 decimals, rounded half up, as the driver prints it."""
    ns = (clocks * 10**9 * 2 + hz) // (2 * hz)
    return f"{ns // 10**9}.{ns % 10**9:09d}"


def percent(part, total):
    hundredths = (part * 10**4 * 2 + total) // (2 * total) if total else 0
    return f"{hundredths // 100}.{hundredths % 100:02d}"


def parse(lines, title_re):
    """One report: title match, total clocks, rows of (name, %, sec, clocks, occ)."""
    start = next(i for i, l in enumerate(lines) if re.fullmatch(title_re, l))
    title = re.fullmatch(title_re, lines[start])
    total = re.fullmatch(r"Total Time: (\d+\.\d{9}) seconds \((\d+) clock-cycles\)", lines[start + 1])
    check(f"{title.group(0)}: table head", lines[start + 2:start + 5], [RULE, HEAD, RULE])
    rows = []
    for i in range(len(NAMES)):
        row, rule = lines[start + 5 + 2 * i], lines[start + 6 + 2 * i]
        m = re.fullmatch(r"\|(.{15})\|\s*(\d+\.\d\d) \|\s*(\d+\.\d{9})\|\s*(\d+)\|\s*(\d+)\|", row)
        check(f"{title.group(0)}: row {i + 1} layout", bool(m) and rule == RULE, True)
        if m:
            rows.append((m.group(1).rstrip(), m.group(2), m.group(3), int(m.group(4)), int(m.group(5))))
    return title, total, rows


def main():
    text = open(sys.argv[1]).read().splitlines()
    hz = int(sys.argv[2])
    raw_title, raw_total, raw = parse(text, r"--Performance Counter Report--")
    net_title, net_total, net = parse(text, r"--Performance Counter Report, net of a (\d+)-clock bias per occurrence--")
    total = int(raw_total.group(2))
    check("total time in seconds", raw_total.group(1), seconds(total, hz))
    check("net report keeps the total", net_total.group(2), raw_total.group(2))
    bias = int(net_title.group(1))
    for (name, pct, sec, clocks, occ), want in zip(raw, NAMES):
        check(f"{want}: name", name, want)
        check(f"{want}: occurrences", occ, ROUNDS)
        check(f"{want}: share of total", pct, percent(clocks, total))
        check(f"{want}: seconds", sec, seconds(clocks, hz))
    for (name, pct, sec, clocks, occ), (_, _, _, raw_clocks, _) in zip(net, raw):
        check(f"{name}: net clocks = clocks - occurrences * bias", clocks, raw_clocks - ROUNDS * bias)
        check(f"{name}: net seconds", sec, seconds(clocks, hz))
    check("sections fit in the global time", sum(r[3] for r in raw) <= total, True)
    for r in range(ROUNDS):
        check(f"round {r} printed", any(l.startswith(f"round {r}: crc32 ") for l in text), True)
    return 1 if failures() else 0


if __name__ == "__main__":
    sys.exit(main())
