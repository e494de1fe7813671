#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs one yosys-smtbmc check of the perfscope model and prints one line:
# "PASS formal: <what> (<seconds> s)" or "FAIL formal: <what>: <why>", the
# why naming every assertion that failed by its line in the RTL.
#
#   prove.sh bmc   <model.smt2> <depth> <label>   assertions hold for depth cycles from reset
#   prove.sh ind   <model.smt2> <k>     <label>   k-induction: they hold forever (with bmc >= k)
#   prove.sh cover <model.smt2> <depth> <label>   every cover statement is reached
#
# z3 4.8.12 (Debian bookworm) takes exponential time to elaborate the
# uninterpreted functions yosys writes for this design, even with no
# property at all, so smtbmc unrolls them itself (--unroll); declaring the
# logic QF_BV lets z3 use its bit-vector engine, about 3x faster here.
set -u
kind=$1 model=$2 n=$3 label=$4
dir=$(dirname "$model")
log=$dir/$kind.log
smtbmc=(yosys-smtbmc -s z3 --unroll --logic QF_BV --noprogress)
case $kind in
  bmc)   args=(-t "$n" --dump-vcd "$dir/bmc.vcd");  what="$label: bounded model check, $n cycles from reset" ;;
  ind)   args=(-i -t "$n" --dump-vcd "$dir/ind.vcd"); what="$label: $n-induction" ;;
  cover) args=(-c -t "$n");                          what="$label: covers reached within $n cycles" ;;
  *)     echo "usage: prove.sh bmc|ind|cover <model.smt2> <n> <label>" >&2; exit 2 ;;
esac
start=$(date +%s)
"${smtbmc[@]}" "${args[@]}" "$model" > "$log" 2>&1
rc=$?
secs=$(( $(date +%s) - start ))
if [ $rc -eq 0 ] && grep -q 'Status: PASSED' "$log"; then
  echo "PASS formal: $what ($secs s)"
  exit 0
fi
# "Assert failed in perfscope: /path/rtl/perfscope.v:551.69-552.34 (...)" -> perfscope.v:552,
# the line of the assert (the span starts at the if around it)
why=$(grep -oE '(Assert failed|Unreached cover statement)[^:]*: [^ ]+' "$log" \
      | sed -E 's#.*: ([^ ]*/)?([^/ :]+\.v):[0-9]+\.[0-9]+-([0-9]+).*#\2:\3#' | sort -u | tr '\n' ' ')
echo "FAIL formal: $what: ${why:-no verdict, see $log}($secs s)"
exit 1
