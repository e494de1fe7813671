#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make test's LiteX suite (make -C soc/litex test): one PASS or FAIL line a
# check.
#  1. The example (make run: litex_sim, VexRiscv_Min, perfscope at
#     0x82000000, fw/main.c) prints the report, and every count of its two
#     nop sections is the one LiteX's timing predicts: a section of K nops
#     run REPEAT times measures REPEAT * (BIAS + K * C) clocks, and at
#     litex_sim's 1 MHz clock as many microseconds.
#  2. A user's own target (user_target.py) adds perfscope with the three
#     lines docs/litex.md shows, and LiteX places, exports and wires it.
set -u
cd "$(dirname "$0")" || exit 1
TOP=$(cd ../.. && pwd)
OUT=$TOP/build/litex/minimal
USER_OUT=$TOP/build/litex/user
export PATH=$TOP/.venv/bin:$PATH
# Python's caches would land in the tree, beside perfscope_litex.py.
export PYTHONDONTWRITEBYTECODE=1

pass() { echo "PASS litex: $*"; }
fail() { echo "FAIL litex: $*"; }
# check WHAT EXPECTED ACTUAL
check() {
  if [ "$2" = "$3" ]; then pass "$1: $3"; else fail "$1: expected $2, got $3"; fi
}

# VexRiscv_Min fetches every instruction over the bus and the RAM acks one
# cycle after the request: 2 cycles a nop, as on the reference SoC
# (docs/datasheet.md, "Measured on the reference SoC"). BIAS is what the two
# marks add on LiteX's crossbar (soc/litex/Makefile's --bus-interconnect),
# where the reference SoC adds 1: measured on this SoC and asserted here,
# as tests/cpu_timing.h does for the reference SoC.
C=2
BIAS=2
HZ=1000000
REPEAT=$(sed -n 's/^#define REPEAT \([0-9]*\)$/\1/p' fw/main.c)

# --- 1. the example -----------------------------------------------------
log=$OUT/test-run.log
mkdir -p "$OUT"
make -s run > "$log" 2>&1
rc=$?
# The console's lines end in CR and the BIOS colours its banner.
con=$(tr -d '\r' < "$log" | sed 's/\x1b\[[0-9;]*m//g')
if [ $rc -ne 0 ]; then
  printf '%s\n' "$con" | tail -20
  fail "make run exited with $rc"
fi
# Exit 0 only says the firmware wrote sim_finish; the verdict is below.
check "firmware finished its report" "perfscope-litex: report 0" \
  "$(printf '%s\n' "$con" | grep '^perfscope-litex: report')"
check "probe at PERFSCOPE_BASE, clock" "perfscope-litex: probe 7 at 0x82000000, $HZ Hz" \
  "$(printf '%s\n' "$con" | grep '^perfscope-litex: probe')"

# row NAME: "clocks occurrences seconds" of the report's row NAME
row() {
  printf '%s\n' "$con" | awk -F'|' -v n="$1" '
    { name = $2; sub(/ +$/, "", name) }
    name == n { c = $5; o = $6; s = $4; gsub(/ /, "", c); gsub(/ /, "", o); gsub(/ /, "", s); print c, o, s }'
}
for k in 64 128; do
  clocks=$((REPEAT * (BIAS + k * C)))
  secs=$(printf '0.%09d' $((clocks * (1000000000 / HZ))))
  check "section \"nop x $k\" = $REPEAT * ($BIAS + $k * $C) clocks, $REPEAT occurrences" \
    "$clocks $REPEAT $secs" "$(row "nop x $k")"
done
read -r sum_clocks sum_occ _ <<< "$(row "sum loop")"
check "section \"sum loop\" occurrences" "$REPEAT" "${sum_occ:-none}"
total=$(printf '%s\n' "$con" | sed -n 's/^Total Time: .* seconds (\([0-9]*\) clock-cycles)$/\1/p')
least=$((REPEAT * (2 * BIAS + 192 * C) + ${sum_clocks:-0}))
if [ -n "$total" ] && [ "$total" -ge "$least" ]; then
  pass "total time $total clocks covers the sections ($least)"
else
  fail "total time '${total}' clocks, less than the sections' $least"
fi

# The trace unit: work()'s 95 calls, an ENTER and an EXIT record each, and
# a SYNC before the first: 191 records, which the firmware drains by
# polling into trace frames, and the host tool reads the calls back from them.
trace_line=$(printf '%s\n' "$con" | grep '^perfscope-litex: trace')
check "trace unit found, work() as untraced, nothing dropped, every record drained" \
  "perfscope-litex: trace 0, work 140, 191 records, 0 dropped, done" "$trace_line"
make -s -C "$TOP/tools" > /dev/null
# The console log as LiteX wrote it, lines ended by "\n\r" (so each begins
# with the CR), as docs/litex.md reads it: the trace unit's recording is the
# part up to its line, the retire tap's the rest.
elf=$OUT/fw/perfscope_demo.elf
HW_PART='/perfscope-litex: trace /q'
RETIRE_PART='1,/perfscope-litex: trace /d'
sed "$HW_PART" "$OUT/console.log" > "$OUT/hwtrace.log"
sed "$RETIRE_PART" "$OUT/console.log" > "$OUT/retire.log"
# docs/litex.md cuts the log as this test does.
for part in "$HW_PART hwtrace" "$RETIRE_PART retire"; do
  line="sed '${part% *}' build/litex/minimal/console.log > build/litex/minimal/${part##* }.log"
  if grep -qxF "$line" "$TOP/docs/litex.md"; then
    pass "docs/litex.md cuts the ${part##* } recording as the test does"
  else
    fail "docs/litex.md lacks the line: $line"
  fi
done
# calls LOG: "name calls depth;" of each function of the log's trace frames, by calls
calls() {
  "$TOP/build/tools/perfscope" functions --format csv -e "$elf" "$1" 2>&1 \
    | awk -F, '$1 == 1 && $4 > 0 { print $2, $4, $NF }' | sort -k2,2n -k1,1 | awk '{ printf "%s;", $0 }'
}
check "host tool: the trace frames' calls (name, calls, depth)" "work 1 1;move 31 7;hanoi 63 7;" \
  "$(calls "$OUT/hwtrace.log")"

# The retire tap (sim_soc.py builds it on VexRiscv minimal): the calls of
# plain.c, traced.c built with no instrumentation, from the CPU's retire
# stream, and a histogram of one-instruction buckets over its code.
check "retire tap found, plain_work() as work(), nothing dropped, histogram started and written" \
  "perfscope-litex: retire 0, plain_work 140, N records, 0 dropped, hist 0 0, done" \
  "$(printf '%s\n' "$con" | grep '^perfscope-litex: retire' | sed 's/, [0-9]* records,/, N records,/')"
# The same calls as the instrumented build's, but for the second call of
# hanoi in each: a tail call, which GCC makes a loop when no hook follows
# it, so 2^5 calls of hanoi where the hooks see 2^6 - 1. The recording
# begins in perf_retire_start, whose return has no entry, and ends in
# perf_retire_stop, open: the tool says both and counts neither as a call.
check "host tool: the retire tap's calls (name, calls, depth)" "plain_work 1 1;plain_move 31 7;plain_hanoi 32 7;" \
  "$(calls "$OUT/retire.log")"
# Every cycle of plain.c's code is charged to one of its instructions'
# buckets: the histogram's cycles of each function are its Self cycles in
# the calls' table, exactly.
self=$("$TOP/build/tools/perfscope" functions --format csv -e "$elf" "$OUT/retire.log" 2>/dev/null \
         | awk -F, '$1 == 1 && $2 ~ /^plain_/ { print $2, $10 }' | sort)
hist=$("$TOP/build/tools/perfscope" hist -e "$elf" "$OUT/retire.log" 2>/dev/null | awk '$1 ~ /^plain_/ { print $1, $3 }' | sort)
if [ -n "$self" ] && [ "$(printf '%s\n' "$self" | wc -l)" -eq 3 ] && [ "$self" = "$hist" ]; then
  pass "host tool: the histogram's cycles of plain_* are their Self cycles in the calls: $(printf '%s' "$self" | tr '\n' ',')"
else
  fail "host tool: histogram '$(printf '%s' "$hist" | tr '\n' ',')' against the calls' Self '$(printf '%s' "$self" | tr '\n' ',')'"
fi

# docs/litex.md shows this run's report and the constants above.
doc_report=$(sed -n '/^<!-- litex-report -->$/,/^<!-- \/litex-report -->$/p' "$TOP/docs/litex.md" | grep -v '^<!--' | grep -v '^```')
run_report=$(printf '%s\n' "$con" | sed -n '/^--Performance Counter Report--$/,/^perfscope-litex: report/p' | grep -v '^perfscope-litex')
if [ -n "$doc_report" ] && [ "$doc_report" = "$run_report" ]; then
  pass "docs/litex.md shows this run's report"
else
  fail "docs/litex.md's report (<!-- litex-report -->) is not this run's: $(diff <(echo "$doc_report") <(echo "$run_report") | head -5 | tr '\n' ' ')"
fi
# (as prose, wrapped anywhere)
if tr -s ' \n' '  ' < "$TOP/docs/litex.md" | grep -qF "measures bias + K·c with c = $C and bias = $BIAS on this SoC"; then
  pass "docs/litex.md states c = $C, bias = $BIAS"
else
  fail "docs/litex.md does not state \"measures bias + K·c with c = $C and bias = $BIAS on this SoC\""
fi

# A debug variant stops with its reason before anything is built.
msg=$(python sim_soc.py --cpu-type=vexriscv --cpu-variant=minimal+debug --output-dir "$TOP/build/litex/refused" 2>&1)
st=$?
if [ $st -ne 0 ] && printf '%s\n' "$msg" | grep -q 'debug variants do not build' && [ ! -e "$TOP/build/litex/refused" ]; then
  pass "sim_soc.py refuses a debug variant: $msg"
else
  fail "sim_soc.py --cpu-variant=minimal+debug: exit $st, '$msg'"
fi

# docs/litex.md's C lines build as a user pastes them into a main, with
# fw/'s Makefile (its includes before main, the rest inside).
snip=$TOP/build/litex/doc-snippet
rm -rf "$snip" && mkdir -p "$snip"
code=$(awk '/^```c$/ { c = 1; next } c && /^```$/ { exit } c' "$TOP/docs/litex.md")
{ printf '%s\n' "$code" | grep '^#include'; echo 'int main(void)'; echo '{'
  printf '%s\n' "$code" | grep -v '^#include'; echo 'return 0;'; echo '}'; } > "$snip/main.c"
cp fw/Makefile fw/driver-srcs.mk fw/traced.c fw/traced.h fw/plain.c "$snip/"
if nice -n 19 make -s -C "$snip" TOP="$TOP" BUILD_DIR="$OUT" OUT="$snip/out" > "$snip/build.log" 2>&1 \
   && [ -s "$snip/out/perfscope_demo.bin" ]; then
  pass "docs/litex.md's C lines build in a main with fw/'s Makefile"
else
  fail "docs/litex.md's C lines do not build: $(grep -m1 -i 'error' "$snip/build.log")"
fi

# add_perfscope refuses what LiteX would take and build wrong, before it
# touches the SoC: a name that is no C identifier, sections outside 1..7, a
# trace depth the IP does not build, a retire that is no bool, the tap's
# parts without it, a histogram size and a trigger count it does not build.
got=$(python -c 'import sys
import perfscope_litex as p
for kw in ({"name": "perf-scope"}, {"num_sections": 8}, {"trace_depth": 100}, {"retire": 1},
           {"hist_buckets": 64}, {"triggers": 1}, {"retire": True, "hist_buckets": 100},
           {"retire": True, "num_sections": 3, "triggers": 4}):
    try:
        p.add_perfscope(None, **kw)
    except ValueError as e:
        print(e)' 2>&1 | tr '\n' '|')
check "add_perfscope refuses a name that is no C identifier, 8 sections, a trace depth of 100, retire=1, hist_buckets or triggers without retire, 100 buckets, 4 triggers of 3 sections" \
  "perfscope: name 'perf-scope' is not a C identifier (generated/mem.h's PERF-SCOPE_BASE)|perfscope: num_sections must be 1..7, not 8|perfscope: trace_depth must be 0 or a power of two from 16 to 4096, not 100|perfscope: retire must be True or False, not 1|perfscope: hist_buckets and triggers are parts of the retire tap: pass retire=True|perfscope: hist_buckets and triggers are parts of the retire tap: pass retire=True|perfscope: hist_buckets must be 0 or a power of two from 2 to 4096, not 100|perfscope: triggers must be 0..num_sections (3), not 4|" "$got"

# And what LiteX would refuse later, or take with two names for one
# <NAME>_BASE, in a SoC with its CPU, before anything is added: a name
# taken whatever its case, by the map or by the I/O region; an origin
# outside the I/O region, in the CSR region (at its start, and inside it),
# on another origin of the map, over a region, or not aligned; a section
# count or trace depth that is no integer; a clock domain not the bus's;
# and a SoC with no CPU yet (docs/litex.md lists each).
got=$(nice -n 19 python -c 'import os, sys, types
from litex.tools.litex_sim import SimSoC
import perfscope_litex as p
soc = SimSoC(cpu_type="vexriscv", cpu_variant="minimal", integrated_main_ram_size=0x1000, uart_name="sim")
std = SimSoC(cpu_type="vexriscv", cpu_variant="standard", integrated_main_ram_size=0x1000, uart_name="sim")
p.add_perfscope(soc)
sources, std_sources = len(soc.platform.sources), len(std.platform.sources)
for s, kw in ((soc, {"name": "PerfScope"}), (soc, {"name": "csr"}), (soc, {"name": "io0"}),
              (soc, {"name": "p2", "origin": 0x20000000}),
              (soc, {"name": "p2", "origin": 0xf0000000}), (soc, {"name": "p2", "origin": 0xf0000100}),
              (soc, {"name": "p2", "origin": 0xf00f0000}),
              (soc, {"name": "p2", "origin": soc.bus.regions["perfscope"].origin}),
              (soc, {"name": "p2", "origin": 0x80000080}),
              (soc, {"name": "p2", "num_sections": 2.5}), (soc, {"name": "p2", "trace_depth": 16.0}),
              (soc, {"name": "p2", "origin": "0x80000100"}),
              (soc, {"name": "p2", "clock_domain": "por"}),
              (std, {"name": "p2", "retire": True}),
              (types.SimpleNamespace(), {})):
    try:
        p.add_perfscope(s, **kw)
    except ValueError as e:
        print(e)
# A checkout where the edited CPU cannot be written.
cpu_dir, p.CPU_DIR = p.CPU_DIR, os.path.join(os.devnull, "cpu")
try:
    p.add_perfscope(soc, name="p2", retire=True)
except ValueError as e:
    print(e)
p.CPU_DIR = cpu_dir
print("sources added:", len(soc.platform.sources) - sources, len(std.platform.sources) - std_sources)
p.add_perfscope(soc, name="p3", origin=0xf0010000)
print("taken: 0x%x" % soc.bus.regions["p3"].origin)
# The retire tap: the edited CPU in build/cpu, its four ports on the
# instance; a second tap would need a second CPU.
p.add_perfscope(soc, name="p4", retire=True, hist_buckets=64, triggers=2)
cpus = [os.path.relpath(f[0], p.TOP) for f in soc.platform.sources if os.path.basename(f[0]).startswith("VexRiscv")]
print("retire CPU:", *cpus, "ports:", ",".join(sorted(k for k in soc.cpu.cpu_params if "retire" in k)))
try:
    p.add_perfscope(soc, name="p5", retire=True)
except ValueError as e:
    print(e)' 2>/dev/null | tr '\n' '|')
check "add_perfscope refuses taken names, origins outside I/O, in csr, on the map, over a region or unaligned, 2.5 sections, a depth of 16.0, an origin in a string, another clock domain, a retire tap on VexRiscv standard, no CPU, a CPU it cannot write; adds nothing; takes the first origin past csr; a retire tap's CPU and ports, and no second tap" \
  "perfscope: name 'PerfScope' is taken by the SoC's region 'perfscope' (generated/mem.h's PERFSCOPE_BASE): give it another|perfscope: name 'csr' is taken by the SoC's region 'csr' (generated/mem.h's CSR_BASE): give it another|perfscope: name 'io0' is taken by the SoC's region 'io0' (generated/mem.h's IO0_BASE): give it another|perfscope: origin 0x20000000 is outside the CPU's I/O region: perfscope must be uncached|perfscope: origin 0xf0000000 is in the SoC's region 'csr' (0xf0000000..0xf000ffff)|perfscope: origin 0xf0000100 is in the SoC's region 'csr' (0xf0000000..0xf000ffff)|perfscope: origin 0xf00f0000 is in the SoC's region 'vexriscv_debug' (0xf00f0000..0xf00f00ff)|perfscope: origin 0x80000000 overlaps the SoC's region 'perfscope'|perfscope: origin 0x80000080 is not 256-byte aligned|perfscope: num_sections must be an integer, not 2.5|perfscope: trace_depth must be an integer, not 16.0|perfscope: origin must be an integer, not '0x80000100'|perfscope: clock_domain must be 'sys', the domain of the SoC's bus its registers are on, not 'por'|perfscope: retire=True needs VexRiscv minimal, lite, full (the variants soc/vexriscv_retire.py edits), not vexriscv standard|perfscope: the SoC has no CPU with an I/O region yet: call add_perfscope after SoCCore.__init__ (or LiteXSoC.add_cpu)|perfscope: cannot write the edited CPU /dev/null/cpu/VexRiscv_Min.v: Not a directory|sources added: 0 0|taken: 0xf0010000|retire CPU: build/cpu/VexRiscv_Min.v ports: o_retire_firing,o_retire_instruction,o_retire_pc,o_retire_trap|perfscope: retire=True replaces the CPU's Verilog, and this SoC's VexRiscv has its own already (use_external_variant, or another perfscope's retire tap)|" "$got"

# --- 2. a user's own target ----------------------------------------------
# The three lines of user_target.py, each on docs/litex.md word for word.
mapfile -t lines < <(sed -n '/# perfscope: the three lines of docs\/litex.md/,/add_perfscope(self)$/p' \
                     user_target.py | tail -n +2 | sed 's/^ *//')
missing=0
for l in "${lines[@]}"; do
  grep -qxF "$l" "$TOP/docs/litex.md" || { fail "docs/litex.md lacks the line: $l"; missing=1; }
done
[ ${#lines[@]} -eq 3 ] && [ $missing -eq 0 ] && pass "docs/litex.md shows user_target.py's three lines"

rm -rf "$USER_OUT"
if ! PERFSCOPE=$TOP nice -n 19 python user_target.py --output-dir "$USER_OUT" > "$USER_OUT.log" 2>&1; then
  tail -20 "$USER_OUT.log"
  fail "user_target.py failed"
  exit 1
fi
# LiteX places it in VexRiscv's I/O region, the first free 256 bytes.
check "user target: generated/mem.h exports PERFSCOPE_BASE" "#define PERFSCOPE_BASE 0x80000000L" \
  "$(grep 'define PERFSCOPE_BASE' "$USER_OUT/software/include/generated/mem.h")"
check "user target: region uncached (io), 256 bytes" "2147483648 256 io" \
  "$(python -c 'import json, sys; m = json.load(open(sys.argv[1]))["memories"]["perfscope"]
print(m["base"], m["size"], m["type"])' "$USER_OUT/csr.json")"
# Elaborates with the IP's files and include path, as LiteX lists them.
cc=$(sed -n 's/.*CC_SRCS="\([^"]*\)".*/\1/p' "$USER_OUT/gateware/build_sim.sh" | sed 's/--cc //g')
inc=$(sed -n 's/^INC_DIR = //p' "$USER_OUT/gateware/variables.mak")
# shellcheck disable=SC2086  # word lists
errors=$(cd "$USER_OUT/gateware" && verilator --lint-only -Wno-fatal -Wno-lint -Wno-style \
           --top-module sim $inc $cc 2>&1 | grep -c '^%Error')
check "user target: Verilator elaborates it, errors" 0 "$errors"
