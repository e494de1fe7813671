#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks the iCEBreaker bitstream that make -C soc/litex bitstream built
# with litex-boards' target and perfscope (icebreaker.py), one PASS or FAIL
# line a check:
#  - icepack wrote a whole UP5K bitstream;
#  - LiteX exported perfscope's base, in VexRiscv's I/O region;
#  - yosys kept the IP: its counter RAM is the 6 block RAMs it takes on its
#    own (docs/datasheet.md, docs/fpga.md), so the bus reaches it;
#  - the SoC's critical path, as nextpnr reports it, runs through no cell
#    of perfscope: adding the IP does not set the SoC's clock.
# Usage: board_check.sh BUILD_DIR LOG
set -u
out=$1
log=$2
gw=$out/gateware
pass() { echo "PASS litex board: $*"; }
fail() { echo "FAIL litex board: $*"; }

# The UP5K's bitstream is always this long (icepack writes every bank).
size=$(stat -c %s "$gw/icebreaker.bin" 2>/dev/null || echo 0)
if [ "$size" -eq 104090 ]; then pass "icebreaker.bin, a whole UP5K bitstream ($size bytes)"
else fail "icebreaker.bin is $size bytes, not a UP5K bitstream's 104090"; fi

base=$(grep 'define PERFSCOPE_BASE' "$out/software/include/generated/mem.h")
if [ "$base" = "#define PERFSCOPE_BASE 0x80000000L" ]; then pass "generated/mem.h: $base"
else fail "generated/mem.h: '$base', not PERFSCOPE_BASE 0x80000000L"; fi

brams=$(python3 -c 'import json, sys
cells = json.load(open(sys.argv[1]))["modules"]["icebreaker"]["cells"]
print(sum(1 for n, c in cells.items() if n.startswith("perfscope.") and c["type"] == "SB_RAM40_4K"))' "$gw/icebreaker.json")
if [ "$brams" = 6 ]; then pass "the netlist holds perfscope's 6 block RAMs"
else fail "the netlist holds $brams block RAMs of perfscope, not 6"; fi

# nextpnr reports after placement and after routing: take the last report.
crit=$(awk '/Critical path report for clock/ {f = 1; b = ""; next}
            /Critical path report/ {f = 0} f {b = b $0 "\n"} END {printf "%s", b}' "$log")
if [ -z "$crit" ]; then
  fail "no critical path report in $log"
elif printf '%s\n' "$crit" | grep -q 'perfscope\.'; then
  fail "the critical path runs through perfscope: $(printf '%s\n' "$crit" | grep -m1 'perfscope\.')"
else
  pass "the critical path ($(printf '%s\n' "$crit" | grep -m1 -o 'Source [^ .]*' | head -1)...) runs through no cell of perfscope"
fi
