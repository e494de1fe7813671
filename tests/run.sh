#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs firmware tests on a simulator and reports them for scripts/run_tests.sh.
# usage: run.sh <Vsoc_top> <cpu> <test.hex>...
# Each "PASS x"/"FAIL x" line the firmware prints becomes "PASS <cpu> <test>: x";
# then one line says whether the run exited 0 with the reference model agreeing.
set -u
sim=$1 cpu=$2; shift 2
for hex in "$@"; do
  t=$(basename "$hex" .hex)
  # The trace unit's records go to <test>.trace beside the .out; the trace
  # test reads its records back by POP, so the stream takes none while it
  # runs (it ends before cycle 1,000,000; the harness drains the rest after).
  stall=1
  [ "$t" = trace ] && stall=1000000
  # hwtrace_long runs 10 M cycles on purpose.
  timeout=5000000
  [ "$t" = hwtrace_long ] && timeout=12000000
  out=$("$sim" +firmware="$hex" +timeout=$timeout +trace_file="${hex%.hex}.trace" +trace_stall=$stall 2>&1); rc=$?
  printf '%s\n' "$out" | sed -n "s/^\(PASS\|FAIL\) /\1 $cpu $t: /p"
  printf '%s\n' "$out" > "${hex%.hex}.out"
  # A frames.py that stops without a FAIL line of its own (a crash) fails too.
  frames=$("$(dirname "$0")/frames.py" "$cpu $t" "${hex%.hex}.out" 2>&1) || case $frames in
    *"FAIL "*) ;;
    *) frames="$frames
FAIL $cpu $t: tests/frames.py stopped before checking every frame" ;;
  esac
  [ -z "$frames" ] || printf '%s\n' "$frames"
  summary=$(printf '%s\n' "$out" | grep '^sim: ' | tail -1)
  if [ "$rc" -eq 0 ]; then
    echo "PASS $cpu $t: ${summary#sim: }"
  else
    printf '%s\n' "$out" | grep -v '^PASS ' | tail -15 | sed 's/^/  /'
    echo "FAIL $cpu $t: simulator exit status $rc: ${summary#sim: }"
  fi
done
