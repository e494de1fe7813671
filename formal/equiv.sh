#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Proves the working tree's perfscope IP equivalent to the IP at a git
# revision, for a change meant to leave the logic as it is (a faster
# simulation, a clearer block): yosys matches the two designs' registers and
# outputs by name and proves each equal (equiv_simple, then equiv_induct),
# for each configuration below. Prints one PASS or FAIL line each.
#
#   formal/equiv.sh [<rev>]      the default rev is HEAD
#   make -C formal equiv [REF=<rev>]
#
# A register renamed or added has no partner, and its equality goes
# unproven: then the change is not one that leaves the logic as it is, or
# it needs an equivalence check of its own.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
ref=${1:-HEAD}
work=$top/build/formal/equiv
rm -rf "$work"
mkdir -p "$work/gold"
git -C "$top" rev-parse --verify -q "$ref^{commit}" > /dev/null \
  || { echo "equiv.sh: $ref is not a revision of this repository" >&2; exit 2; }

# The IP's files as fusesoc.core lists them, the retire tap's included.
core() { (cd "$top" && .venv/bin/python scripts/corefiles.py files perfscope:perfscope:perfscope "$@"); }
mapfile -t files < <(core --fileset ip --sources; core --fileset retire --no-depend --sources; core --includes)
[ "${#files[@]}" -gt 0 ] || { echo "equiv.sh: scripts/corefiles.py lists no files" >&2; exit 2; }
for f in "${files[@]}"; do
  git -C "$top" show "$ref:$f" > "$work/gold/$(basename "$f")" 2> /dev/null \
    || { echo "FAIL equiv: $f is not in $ref"; exit 1; }
done
mkdir -p "$work/gate"
for f in "${files[@]}"; do cp "$top/$f" "$work/gate/"; done

# Each configuration: the chparam settings of the top module.
configs=(
  "-set TRACE_DEPTH 0"
  "-set TRACE_DEPTH 512"
  "-set TRACE_DEPTH 512 -set TRACE_OREG 1"
  "-set TRACE_DEPTH 16 -set NUM_SECTIONS 3"
  "-set TRACE_DEPTH 512 -set RETIRE 1 -set HIST_BUCKETS 64 -set TRIGGERS 7"
)
reads() {  # <dir>: read_verilog of the IP's sources in <dir>
  local f
  for f in "${files[@]}"; do
    case $f in *.v) echo "read_verilog -I $1 $1/$(basename "$f")" ;; esac
  done
}
design() {  # <dir> <name> <chparam settings>
  reads "$1"
  echo "chparam $3 perfscope"
  echo "hierarchy -top perfscope"
  echo "proc; flatten; opt_clean"
  echo "rename perfscope $2"
  echo "design -stash $2"
}
failed=0
i=0
for c in "${configs[@]}"; do
  i=$((i + 1))
  {
    design "$work/gold" gold "$c"
    design "$work/gate" gate "$c"
    echo "design -copy-from gold -as gold gold"
    echo "design -copy-from gate -as gate gate"
    echo "opt -fast; memory -nomap; opt_clean"
    echo "equiv_make gold gate equiv"
    echo "hierarchy -top equiv"
    echo "async2sync"
    echo "equiv_simple -seq 5"
    echo "equiv_induct -seq 5"
    echo "equiv_status"
    echo "equiv_status -assert"
  } > "$work/c$i.ys"
  what="perfscope at $ref and in the working tree, chparam $c"
  if yosys -p "script $work/c$i.ys" > "$work/c$i.log" 2>&1; then
    echo "PASS equiv: $what"
  else
    # The unproven signals by their names in the gold design, or yosys's
    # error. ($equiv is yosys's cell, not a shell variable.)
    # shellcheck disable=SC2016
    why=$(sed -n 's/^ *Unproven \$equiv [^:]*:[^\\]*\\\([^ ]*\)_gold .*/\1/p' "$work/c$i.log" | sort -u | paste -sd ' ')
    [ -n "$why" ] && why="not proven equal: $why" || why=$(grep -m1 ERROR "$work/c$i.log")
    echo "FAIL equiv: $what: $why (build/formal/equiv/c$i.log)"
    failed=1
  fi
done
exit $failed
