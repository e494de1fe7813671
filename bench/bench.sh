#!/usr/bin/env bash
# Runs the benchmark firmware on each CPU and prints the tables.
# usage: bench.sh <top> <cpu>...
set -eu
top=$1; shift
out=$top/build/bench/bench.md
mkdir -p "$(dirname "$out")"

# Wall time of one simulator run, and the cycles it reports.
speed() {  # <sim> <hex>
  local t0 t1 cycles
  t0=$(date +%s%N)
  cycles=$("$1" +firmware="$2" 2>&1 >/dev/null | sed -n 's/^sim: exit 0 after \([0-9]*\) cycles.*/\1/p')
  t1=$(date +%s%N)
  [ -n "$cycles" ] || { echo "bench: $2 did not exit 0 on $1" >&2; exit 1; }
  awk -v c="$cycles" -v ns=$((t1 - t0)) 'BEGIN { printf "%.2f M/s", c / (ns / 1e9) / 1e6 }'
}

{
  echo "### Cost of marks, cycles added per iteration to a loop of 8 nops"
  echo
  echo "| CPU | PERF_BEGIN + PERF_END | 2 stores to a one-cycle slave | mcycle read twice + accumulate | empty section (D) | bias (perf_calibrate) | anchor: 2 stores to a one-cycle slave | anchor: software timing |"
  echo "|---|---|---|---|---|---|---|---|"
  for cpu in "$@"; do
    fw=$top/build/fw/$cpu/bench
    line=$("$top/build/sim/$cpu/Vsoc_top" +firmware="$fw/b_marks.hex" 2>/dev/null | grep '^BENCH')
    get() { printf '%s\n' "$line" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
    case $cpu in VexRiscv_Full) anchor="2-3" ;; *) anchor="about 6" ;; esac
    echo "| $cpu | $(get marks) | $(get scratch) | $(get mcycle) | $(get empty) | $(get bias) | $anchor | 12 |"
  done
  echo
  echo "### Entry/exit hooks (-finstrument-functions): cycles added per instrumented call, entry and exit together, and slowdown of a workload (CRC-32, insertion sort, tokenizer)"
  echo
  echo "| CPU | bare ring (fn + stamp, baseline) | bare ring in the entry nop (no -finstrument-functions, no exit) | log record in the entry nop, exit by return trampoline | call trace, log | call trace, stack | function cost | -pg hot addresses | workload slowdown: bare / log / stack / cost / hot | anchor |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
  for cpu in "$@"; do
    fw=$top/build/fw/$cpu/bench
    declare -A call work
    for m in plain bare entry entry_log log stack cost hot; do
      line=$("$top/build/sim/$cpu/Vsoc_top" +firmware="$fw/b_hooks_$m.hex" 2>/dev/null | grep '^BENCH')
      call[$m]=$(printf '%s\n' "$line" | sed -n 's/.*call=\([0-9.]*\).*/\1/p')
      work[$m]=$(printf '%s\n' "$line" | sed -n 's/.*work=\([0-9]*\).*/\1/p')
    done
    extra() { awk -v a="${call[$1]}" -v b="${call[plain]}" 'BEGIN { printf "%.1f", a - b }'; }
    slow() { awk -v a="${work[$1]}" -v b="${work[plain]}" 'BEGIN { printf "%.1f%%", (a - b) * 100 / b }'; }
    echo "| $cpu | $(extra bare) | $(extra entry) | $(extra entry_log) | $(extra log) | $(extra stack) | $(extra cost) | $(extra hot) | $(slow bare) / $(slow log) / $(slow stack) / $(slow cost) / $(slow hot) | bare ring 15 on Full, log within 30; NITRO 60-70 + 20-40 instructions (trace), 25-35 + 20-30 (cost); IAS under 5 % |"
  done
  echo
  echo "### Simulation speed (Verilator, simulated cycles per wall-clock second)"
  echo
  echo "| CPU | SoC with perfscope and the reference model | SoC without perfscope |"
  echo "|---|---|---|"
  for cpu in "$@"; do
    fw=$top/build/fw/$cpu/bench
    echo "| $cpu | $(speed "$top/build/sim/$cpu/Vsoc_top" "$fw/b_speed.hex") | $(speed "$top/build/sim/$cpu-noperf/Vsoc_top" "$fw/b_speed.hex") |"
  done
} | tee "$out"
