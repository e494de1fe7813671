#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs the benchmark firmware on each CPU and prints the tables: the marks,
# the hooks (hooks.py, which also writes build/bench/summary.tsv and the
# figures of docs/hooks.md), the trace unit's area (syn/fpga.py trace-area)
# and its polled drain (drain.c, into docs/trace.md),
# the simulation speed, the firmware tests serial against -n 2
# (fwtest_parallel.sh), and the retire stream's calls against the
# instrumented build's (retire.py, which also fills docs/retire.md's table).
# usage: bench.sh <top> <cpu>...
set -euo pipefail
top=$1; shift
out=$top/build/bench/bench.md
mkdir -p "$(dirname "$out")"

# Simulated cycles per wall-clock second, in millions, of simulators on one
# firmware, each given as <sim>:<plusarg or nothing>: the best of three runs
# each, as other jobs share the machine, taken in turns (one run of each,
# three times), so that a change in the machine's load falls on all alike.
speeds() {  # <hex> <sim>:[plusarg]...
  local hex=$1 t0 t1 cycles conf sim arg i _
  shift
  local -a best=()
  for _ in 1 2 3; do
    i=0
    for conf in "$@"; do
      sim=${conf%%:*} arg=${conf#*:}
      t0=$(date +%s%N)
      cycles=$("$sim" +firmware="$hex" ${arg:+"$arg"} 2>&1 >/dev/null | sed -n 's/^sim: exit 0 after \([0-9]*\) cycles.*/\1/p')
      t1=$(date +%s%N)
      [ -n "$cycles" ] || { echo "bench: $hex did not exit 0 on $sim $arg" >&2; exit 1; }
      best[i]=$(awk -v c="$cycles" -v ns=$((t1 - t0)) -v b="${best[i]:-0}" 'BEGIN { r = c / (ns / 1e9) / 1e6; print (r > b ? r : b) }')
      i=$((i + 1))
    done
  done
  echo "${best[*]}"
}

# Host instructions (valgrind's callgrind) of a simulator's run of a firmware
# for INSTR_CYCLES cycles, its start included: exact, and the same for every
# code layout of the simulator.
INSTR_CYCLES=100000
command -v valgrind > /dev/null || { echo "bench: valgrind is missing (scripts/setup.sh installs it)" >&2; exit 1; }
instructions() {  # <sim> <hex> [plusarg]...
  local out
  out=$(mktemp)
  valgrind --tool=callgrind --callgrind-out-file="$out" "$1" +firmware="$2" +timeout=$INSTR_CYCLES "${@:3}" \
    > /dev/null 2>&1 || true
  sed -n 's/^summary: //p' "$out"
  rm -f "$out"
}

# A table's title and header: heading <title> <column>...
heading() {
  local title=$1; shift
  printf '### %s\n\n|' "$title"
  printf ' %s |' "$@"
  printf '\n|'
  printf -- '---|%.0s' "$@"
  printf '\n'
}

{
  heading "Cost of marks, cycles added per iteration to a loop of 8 nops" CPU "PERF_BEGIN + PERF_END" \
    "2 stores to a one-cycle slave" "mcycle read twice + accumulate" "empty section (D)" \
    "bias (perf_calibrate)" "reference: 2 stores to a one-cycle slave" "reference: software timing"
  for cpu in "$@"; do
    fw=$top/build/fw/$cpu/bench
    line=$("$top/build/sim/$cpu/Vsoc_top" +firmware="$fw/marks.hex" 2>/dev/null | grep '^BENCH')
    get() { printf '%s\n' "$line" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
    case $cpu in VexRiscv_Full) ref="2-3" ;; *) ref="about 6" ;; esac
    echo "| $cpu | $(get marks) | $(get scratch) | $(get mcycle) | $(get empty) | $(get bias) | $ref | 12 |"
  done
  echo
  "$(dirname "$0")/hooks.py" "$top" "$@"
  cat "$top/build/bench/hooks.md"
  # The trace unit's area on the iCE40 (512 records, 7 sections), and the
  # retire tap's (call detection and a 1024-word histogram), into the
  # summary beside the hooks' figures (docs/trace.md's goal: 350 cells;
  # docs/retire.md's aim: 400).
  "$top/.venv/bin/python" "$top/syn/fpga.py" trace-area > "$top/build/bench/trace-area.tsv"
  cat "$top/build/bench/trace-area.tsv" >> "$top/build/bench/summary.tsv"
  echo
  heading "Trace unit and retire tap on the iCE40 HX8K (TRACE_DEPTH 512, 7 sections, seed 1)" metric device value
  awk -F'\t' '{ printf "| %s | %s | %s |\n", $1, $2, $3 }' "$top/build/bench/trace-area.tsv"
  echo
  # The trace unit's polled drain: drain.sh's table, into the summary and
  # docs/trace.md.
  "$(dirname "$0")/drain.sh" "$top" "$@"
  echo
  # The slowdowns go to the summary as fractions: 1 - with / without. The
  # SoC with perfscope is measured as sim/Makefile builds it (trace unit and
  # retire tap) and without the tap (RETIRE=0: the base IP and the trace
  # unit, the _notap figures); each as built by default and with
  # profile-guided optimization (the _pgo figures, sim/Makefile's PGO=).
  # The SoC without perfscope runs without the reference model, which has
  # nothing to check there (and would run its quiet cycle's test anyway).
  heading "Simulation speed (Verilator, simulated cycles per wall-clock second, best of 3 runs taken in turns)" CPU build \
    "SoC with perfscope and the reference model" "SoC without perfscope (model off)" "with perfscope, model off" \
    "no retire tap, with the model" "no retire tap, model off"
  : > "$top/build/bench/sim-slowdown.tsv"
  : > "$top/build/bench/sim-parts.tsv"
  for cpu in "$@"; do
    fw=$top/build/fw/$cpu/bench
    for build in "" -pgo; do
      sim=$top/build/sim/$cpu
      got=$(speeds "$fw/speed.hex" "$sim$build/Vsoc_top:" "$sim-noperf$build/Vsoc_top:+model=off" \
        "$sim$build/Vsoc_top:+model=off" "$sim-notap$build/Vsoc_top:" "$sim-notap$build/Vsoc_top:+model=off")
      read -r with without off nt nt_off <<< "$got"
      awk -v w="$with" -v n="$without" -v o="$off" -v t="$nt" -v to="$nt_off" -v cpu="$cpu" \
          -v b="${build//-/_}" -v name="${build:+PGO}" -v tsv="$top/build/bench/summary.tsv" \
          -v slow="$top/build/bench/sim-slowdown.tsv" 'BEGIN {
        printf "| %s | %s | %.2f M/s | %.2f M/s | %.2f M/s | %.2f M/s | %.2f M/s |\n", cpu, name ? name : "default", w, n, o, t, to
        printf "sim_slowdown_model%s\t%s\t%.4f\nsim_slowdown_nomodel%s\t%s\t%.4f\n", b, cpu, 1 - w / n, b, cpu, 1 - o / n >> tsv
        printf "sim_slowdown_model_notap%s\t%s\t%.4f\nsim_slowdown_nomodel_notap%s\t%s\t%.4f\n", b, cpu, 1 - t / n, b, cpu, 1 - to / n >> tsv
        printf "%s\t%s\t%.4f\t%.4f\t%.4f\t%.4f\n", cpu, name ? name : "default", 1 - t / n, 1 - to / n, 1 - w / n, 1 - o / n >> slow
      }'
    done
    # Host instructions (valgrind) of the default builds: the same for
    # every code layout, where wall-clock time is not. The IP without its
    # trace unit, model off, splits the slowdown into its parts: the base
    # IP's host instructions a cycle and the trace unit's.
    in=$(instructions "$top/build/sim/$cpu-noperf/Vsoc_top" "$fw/speed.hex" +model=off)
    it=$(instructions "$top/build/sim/$cpu-notap/Vsoc_top" "$fw/speed.hex")
    ito=$(instructions "$top/build/sim/$cpu-notap/Vsoc_top" "$fw/speed.hex" +model=off)
    ib=$(instructions "$top/build/sim/$cpu-notrace/Vsoc_top" "$fw/speed.hex" +model=off)
    awk -v n="$in" -v t="$it" -v to="$ito" -v b="$ib" -v c="$INSTR_CYCLES" -v cpu="$cpu" \
        -v tsv="$top/build/bench/summary.tsv" -v slow="$top/build/bench/sim-slowdown.tsv" \
        -v parts="$top/build/bench/sim-parts.tsv" 'BEGIN {
      printf "sim_instructions_model_notap\t%s\t%.4f\nsim_instructions_nomodel_notap\t%s\t%.4f\n", cpu, 1 - n / t, cpu, 1 - n / to >> tsv
      printf "sim_instructions_per_cycle_ip\t%s\t%.1f\nsim_instructions_per_cycle_trace_unit\t%s\t%.1f\n", cpu, (b - n) / c, cpu, (to - b) / c >> tsv
      printf "%s\tinstructions\t%.4f\t%.4f\n", cpu, 1 - n / t, 1 - n / to >> slow
      printf "%s\t%.1f\t%.1f\t%.1f\t%.4f\n", cpu, n / c, (b - n) / c, (to - b) / c, 1 - n / to >> parts
    }'
  done
  echo
  "$top/.venv/bin/python" -B "$(dirname "$0")/sim_speed.py" "$top"
  cat "$top/build/bench/sim-speed.md"
  echo
  "$(dirname "$0")/fwtest_parallel.sh" "$top" "$@"
  echo
  # The retire stream's calls against -finstrument-functions' (docs/retire.md).
  "$top/.venv/bin/python" -B "$(dirname "$0")/retire.py" "$top" "$@"
  cat "$top/build/bench/retire.md"
} | tee "$out"
