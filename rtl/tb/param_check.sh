#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks that a parameter out of range stops elaboration, with an error
# that names the parameter and its range, in Verilator and in Icarus Verilog
# (when installed), and that the values in range elaborate.
#
# usage: param_check.sh <top> <param> <message> "<good values>" "<bad values>" [--set NAME=VALUE]...
#                       [--no-iverilog] <sources and -I...>
#
# --set gives another parameter of <top> a value in every elaboration (the
# parameter checked may depend on it, as HIST_BUCKETS on RETIRE).
#
# <message> must be the one error module each tool names for every bad
# value (the RTL instantiates a module of that name, which exists nowhere):
# a part that would name its own limit too is not built with a value out of
# range. One PASS or FAIL line per tool and value.
set -u
top=$1 param=$2 msg=$3 good=$4 bad=$5; shift 5
sets_v=() sets_i=()
while [ "${1:-}" = --set ]; do
  sets_v+=("-G$2") sets_i+=("-P$top.$2"); shift 2
done
use_iverilog=1
if [ "${1:-}" = --no-iverilog ]; then use_iverilog=0; shift; fi
VERILATOR=${VERILATOR:-verilator}
IVERILOG=${IVERILOG:-iverilog}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

# check <tool> <value> <good|bad> <command...>
check() {
  local tool=$1 v=$2 want=$3; shift 3
  local out rc
  out=$("$@" 2>&1); rc=$?
  local what="$top $param=$v${sets_v[*]:+ (${sets_v[*]#-G})}, $tool"
  if [ "$want" = good ]; then
    # In range: it elaborates, and without a warning (Verilator's -Wall
    # lint fails on one; Icarus only prints it).
    if [ "$rc" -eq 0 ] && [ -z "$out" ]; then echo "PASS params: $what elaborates"
    elif [ "$rc" -eq 0 ]; then printf '%s\n' "$out" | head -5; echo "FAIL params: $what: elaborates with warnings"; status=1
    else printf '%s\n' "$out" | head -5; echo "FAIL params: $what: does not elaborate (status $rc)"; status=1; fi
  else
    local named
    named=$(printf '%s\n' "$out" | grep -o "[A-Za-z0-9_]*_error_[A-Za-z0-9_]*" | sort -u | tr '\n' ' ')
    if [ "$rc" -ne 0 ] && [ "$named" = "$msg " ]; then
      echo "PASS params: $what stops: $(printf '%s\n' "$out" | grep -m1 "$msg" | sed 's/^ *//')"
    elif [ "$rc" -ne 0 ] && printf '%s\n' "$out" | grep -q "$msg"; then
      echo "FAIL params: $what names more than $msg: $named"; status=1
    elif [ "$rc" -ne 0 ]; then
      printf '%s\n' "$out" | head -5; echo "FAIL params: $what fails without naming $msg"; status=1
    else
      echo "FAIL params: $what elaborates silently"; status=1
    fi
  fi
}

for v in $good; do
  check verilator "$v" good "$VERILATOR" --lint-only -Wall --top-module "$top" "${sets_v[@]}" -G"$param=$v" "$@"
done
for v in $bad; do
  check verilator "$v" bad "$VERILATOR" --lint-only -Wall --top-module "$top" "${sets_v[@]}" -G"$param=$v" "$@"
done
if [ "$use_iverilog" -eq 1 ] && command -v "$IVERILOG" > /dev/null; then
  # Icarus takes the same sources and -I, but not Verilator's .vlt files.
  ivargs=()
  for a in "$@"; do case $a in *.vlt) ;; *) ivargs+=("$a") ;; esac; done
  for v in $good; do
    check iverilog "$v" good "$IVERILOG" -g2005 -o "$tmp/a.out" -s "$top" "${sets_i[@]}" -P"$top.$param=$v" "${ivargs[@]}"
  done
  for v in $bad; do
    check iverilog "$v" bad "$IVERILOG" -g2005 -o "$tmp/a.out" -s "$top" "${sets_i[@]}" -P"$top.$param=$v" "${ivargs[@]}"
  done
elif [ "$use_iverilog" -eq 1 ]; then
  echo "params: $top $param: iverilog not installed, checked with Verilator only"
fi
exit $status
