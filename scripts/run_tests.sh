#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs every test suite (each one even if another failed), keeps the whole
# output in build/test.log, and ends with the line "N passed, N failed".
# A suite reports one "PASS <name>" or "FAIL <name>: why" line per check; a
# suite that exits non-zero without saying FAIL counts as one failure.
# Each suite's wall time goes into the log, so the slow ones are easy to find
# (CI allows make test 30 minutes).
set -u
cd "$(dirname "$0")/.." || exit 1
mkdir -p build
log=build/test.log
: > "$log"
passed=0
failed=0
times=()

suite() {
  local name=$1; shift
  local out rc p f start=$SECONDS
  echo "== $name" | tee -a "$log"
  out=$("$@" 2>&1); rc=$?
  times+=("$((SECONDS - start)) s  $name")
  printf '%s\n' "$out" >> "$log"
  printf '%s\n' "$out" | grep -E '^(PASS|FAIL) '
  p=$(printf '%s\n' "$out" | grep -c '^PASS ')
  f=$(printf '%s\n' "$out" | grep -c '^FAIL ')
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    printf '%s\n' "$out" | tail -25
    echo "FAIL $name: exited with status $rc"
    f=1
  fi
  passed=$((passed + p))
  failed=$((failed + f))
}

suite "pinned tools"       scripts/check_pins.sh
suite "register map"       make -s -C regs check
suite "driver host tests"  make -s -C driver test
suite "driver rv32 build"  make -s -C driver rv32
suite "hook host tests"    make -s -C driver/hooks/test test
suite "RTL lint"           make -s -C rtl/tb lint
suite "SoC lint"           make -s -C soc lint
suite "C, Python and shell lint" scripts/lint.sh
suite "SoC parameters"     make -s -C soc params
suite "IP testbench"       make -s -C rtl/tb test
suite "formal proofs"      make -s -C formal quick
suite "retire tap parts"   make -s -C rtl/tb retire hist trig
suite "CPU edit identity"  make -s -C soc identity
suite "histogram proof"    make -s -C formal hist
suite "firmware tests"     make -s -C tests test
suite "retire stream calls" make -s -C bench retire-check
suite "demo report"        make -s -C tests demo-test
suite "simulator harness"  make -s -C sim/test test
suite "firmware example"   tests/fw_example.sh
suite "firmware runtime"   tests/fw_runtime.sh
suite "host tool unit tests" make -s -C tools unit
suite "host tool"          make -s -C tools test
suite "figures in the docs" python3 -B scripts/docfigs.py check
suite "source tree"        scripts/check_tree.sh
suite "README layout"      python3 -B scripts/check_layout.py
suite "docs wording"       scripts/check_wording.sh
suite "RTL file list"      .venv/bin/python -B scripts/corefiles.py check
suite "FuseSoC targets"    make -s -C tests/fusesoc test
suite "UART"               make -s -C tests uart-test
suite "FPGA RTL lint"      make -s -C syn lint
suite "FPGA area"          make -s -C syn area-test
suite "iCEBreaker board"   make -s -C syn board-test
suite "LiteX"              make -s -C soc/litex test

{ echo "== wall time of each suite, slowest first"
  printf '%s\n' "${times[@]}" | sort -rn; } >> "$log"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
