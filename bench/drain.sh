#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make bench's table of the trace unit's polled drain: bench/drain.c on each
# CPU, with the harness taking nothing from the stream (+trace_stall=never),
# gives the cycles perf_hwtrace_frame takes per record, to a put that keeps
# nothing and to the console. Appends them to build/bench/summary.tsv,
# prints the table and puts it into docs/trace.md ("Draining").
# usage: drain.sh <top> <cpu>...
set -euo pipefail
top=$1; shift
hz=$(sed -n 's/^#define SOC_CLOCK_HZ *\([0-9]*\)u.*/\1/p' "$top/soc/fw/soc.h")
table="| CPU | records drained | cycles per record, to a put that keeps nothing | cycles per record, to the console | records per second to the console at SOC_CLOCK_HZ ($((hz / 1000000)) MHz) |
|---|---|---|---|---|"
for cpu in "$@"; do
  line=$("$top/build/sim/$cpu/Vsoc_top" +firmware="$top/build/fw/$cpu/bench/drain.hex" +trace_stall=never \
           2>/dev/null | grep '^BENCH') || { echo "drain.sh: drain.hex did not run on $cpu" >&2; exit 1; }
  get() { printf '%s\n' "$line" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
  # drain.c prints hundredths of a cycle.
  table+=$'\n'$(awk -v cpu="$cpu" -v n="$(get records)" -v q="$(get quiet)" -v c="$(get console)" -v hz="$hz" \
                  -v tsv="$top/build/bench/summary.tsv" 'BEGIN {
    printf "hwtrace_frame_cycles_per_record\t%s\t%.2f\n", cpu, q / 100 >> tsv
    printf "hwtrace_frame_console_cycles_per_record\t%s\t%.2f\n", cpu, c / 100 >> tsv
    printf "| %s | %d | %.0f | %.0f | %.0f |", cpu, n, q / 100, c / 100, hz / (c / 100)
  }')
done
printf '### Polled drain of the trace unit (perf_hwtrace_frame)\n\n%s\n' "$table"
printf '\n%s\n\n' "$table" > "$top/build/bench/doc-bench-drain.md"
python3 -B "$top/scripts/docfigs.py" splice "$top/docs/trace.md" bench-drain "$top/build/bench/doc-bench-drain.md"
