#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks that the FuseSoC cores (fusesoc.core, the IP; soc/soc.core, the
# SoC) work from the checkout as README.md says, for a user whose PATH does
# not hold .venv/bin: tests/fusesoc/Makefile runs it.
#
#   readme     the commands of README.md's FuseSoC block, word for word (read
#              from README.md), from the checkout, with .venv/bin off PATH and
#              a python3 first on PATH that sees no site-packages (python3 -S,
#              as one without the CPU package): the IP and the SoC lint, the
#              example is built, the sim target runs it to exit 0 with 7
#              sections
#   params     --CPU=VexRiscv_Min --PERF_SECTIONS=3, as README.md gives
#              them (the default 7 triggers become 3): the model
#              checks 3 sections (exit 0), the CPU has no divider (a program built
#              for rv32im traps, exit 102); a CPU that does not exist stops
#              the build with its name
#   user core  tests/fusesoc/user/user.core, depending on
#              perfscope:perfscope:perfscope, lints with verilator -Wall;
#              with 8 sections it stops with perfscope's message
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 1
work=$top/build/fusesoc-test
rm -rf "$work" && mkdir -p "$work/bin"
status=0
pass() { echo "PASS fusesoc: $1"; }
fail() { echo "FAIL fusesoc: $1"; status=1; }

# The user's shell: no .venv on PATH, no virtualenv, no enclosing make.
user_path=$(printf '%s\n' "$PATH" | tr ':' '\n' | grep -v '/\.venv/' | grep -v '^$' | paste -sd: -)
real_python=$(PATH=$user_path command -v python3)
if [ -z "$real_python" ]; then
  fail "no python3 on PATH besides .venv (FuseSoC's generator interpreter)"
  exit 1
fi
printf '#!/bin/sh\nexec %s -S "$@"\n' "$real_python" > "$work/bin/python3"
chmod +x "$work/bin/python3"
# Every command is cut after 10 minutes (a build takes well under one).
as_user() {
  timeout -s KILL 600 env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS -u VIRTUAL_ENV -u PYTHONPATH -u PYTHONHOME \
      PATH="$work/bin:$user_path" bash -c "$1"
}

# README.md's block after "FuseSoC, from the checkout".
mapfile -t cmds < <(awk '/^FuseSoC, from the checkout/ { f = 1 } f && /^```/ { if (n++) exit; next } f && n == 1' README.md)
lint_cmd='' soc_lint_cmd='' fw_cmd='' sim_cmd=''
for c in "${cmds[@]}"; do
  case $c in
    *"--target lint perfscope:perfscope:perfscope") lint_cmd=$c ;;
    *"--target lint perfscope:perfscope:soc") soc_lint_cmd=$c ;;
    "make -C soc/fw/example"*) fw_cmd=$c ;;
    *"--target sim perfscope:perfscope:soc "*) sim_cmd=$c ;;
    *) fail "README.md's FuseSoC block has a command this test does not know: $c" ;;
  esac
done
if [ ${#cmds[@]} -ne 4 ] || [ -z "$lint_cmd" ] || [ -z "$soc_lint_cmd" ] || [ -z "$fw_cmd" ] || [ -z "$sim_cmd" ]; then
  fail "README.md's FuseSoC block is not IP lint, SoC lint, example build, sim: ${cmds[*]}"
  exit 1
fi

for c in "$lint_cmd" "$soc_lint_cmd"; do
  if as_user "$c" > "$work/lint.log" 2>&1; then
    pass "README: $c"
  else
    tail -15 "$work/lint.log"; fail "README: $c"
  fi
done
hex=${sim_cmd##*--firmware=}
rm -f "$hex"
if as_user "$fw_cmd" > "$work/fw.log" 2>&1 && [ -s "$hex" ]; then
  pass "README: $fw_cmd builds $hex"
else
  tail -15 "$work/fw.log"; fail "README: $fw_cmd does not build $hex"
fi
as_user "$sim_cmd" > "$work/sim.log" 2>&1; rc=$?
if [ "$rc" -eq 0 ] && grep -q '^hello: perfscope with 7 sections; ' "$work/sim.log" \
   && grep -q '^sim: exit 0 after ' "$work/sim.log"; then
  pass "README: $sim_cmd: $(grep '^sim: ' "$work/sim.log")"
else
  tail -15 "$work/sim.log"; fail "README: $sim_cmd: status $rc"
fi

# Parameters of the sim target, in a work root of their own.
sim="$lint_cmd"; sim=${sim%% run *}
as_user "make -s -C soc/fw/example CPU=VexRiscv_Min" > "$work/fw_min.log" 2>&1 || { tail -15 "$work/fw_min.log"; fail "make -C soc/fw/example CPU=VexRiscv_Min"; }
params="--CPU=VexRiscv_Min --PERF_SECTIONS=3"
as_user "$sim run --build-root build/fusesoc-test/min3 --target sim perfscope:perfscope:soc $params --firmware=build/fw/VexRiscv_Min/example/hello.hex" \
  > "$work/min3.log" 2>&1; rc=$?
if [ "$rc" -eq 0 ] && grep -q '^hello: perfscope with 3 sections; ' "$work/min3.log" \
   && grep -q '^sim: exit 0 after ' "$work/min3.log"; then
  pass "sim $params: the RTL has 3 sections and the model checks 3: $(grep '^sim: ' "$work/min3.log")"
else
  tail -15 "$work/min3.log"; fail "sim $params: status $rc"
fi
vsim=$(find build/fusesoc-test/min3 -name Vsoc_sim_top -type f | head -1)
if [ -z "$vsim" ]; then
  fail "sim $params: no Vsoc_sim_top under build/fusesoc-test/min3"
else
  timeout -s KILL 120 "$vsim" +firmware="$hex" > "$work/min3_div.log" 2>&1; rc=$?
  if [ "$rc" -eq 102 ] && grep -q 'trap: exception, mcause 0x00000002 ' "$work/min3_div.log"; then
    pass "sim $params: the CPU is VexRiscv_Min (the rv32im example traps on a divide, exit 102)"
  else
    tail -5 "$work/min3_div.log"; fail "sim $params: the rv32im example did not trap (status $rc): not VexRiscv_Min?"
  fi
fi
as_user "$sim run --build-root build/fusesoc-test/bad --target sim perfscope:perfscope:soc --CPU=VexRiscv_Foo --firmware=$hex" \
  > "$work/bad_cpu.log" 2>&1; rc=$?
# Verilator names the missing module where the wrapper instantiates it, or
# first where it reads the retire signals inside it.
if [ "$rc" -ne 0 ] && grep -qE "(Cannot find file containing module|refers to missing module/interface): 'VexRiscv_Foo'" \
     "$work/bad_cpu.log"; then
  pass "sim --CPU=VexRiscv_Foo: stops, naming VexRiscv_Foo"
else
  tail -15 "$work/bad_cpu.log"; fail "sim --CPU=VexRiscv_Foo: status $rc"
fi

# A user's core that depends on perfscope:perfscope:perfscope.
user="$sim run --build-root build/fusesoc-test/user --target lint perfscope:test:user_core"
if as_user "$user" > "$work/user.log" 2>&1; then
  pass "user core: depends on perfscope:perfscope:perfscope, lints with verilator -Wall (3 sections)"
else
  tail -15 "$work/user.log"; fail "user core: lint with 3 sections"
fi
as_user "$user --SECTIONS=8" > "$work/user8.log" 2>&1; rc=$?
if [ "$rc" -ne 0 ] && grep -q "Cannot find file containing module: 'perfscope_error_NUM_SECTIONS_must_be_1_to_7'" "$work/user8.log"; then
  pass "user core with 8 sections: stops with perfscope_error_NUM_SECTIONS_must_be_1_to_7"
else
  tail -15 "$work/user8.log"; fail "user core with 8 sections: status $rc"
fi
# After the runs above, the checkout as a library holds its three cores and
# nothing of build/ (the generators' cache) or .venv: setup.sh's
# FUSESOC_IGNORE files.
as_user "$sim core list" > "$work/list.log" 2>&1
cores=$(grep -o '^perfscope:[^: ]*:[^: ]*' "$work/list.log" | tr '\n' ' ')
if [ "$cores" = "perfscope:perfscope:perfscope perfscope:perfscope:soc perfscope:test:user_core " ] &&
   ! grep -q Replacing "$work/list.log"; then
  pass "core list: the three cores of the checkout, none found twice in build/"
else
  cat "$work/list.log"; fail "core list: $cores"
fi
exit $status
