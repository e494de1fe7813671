#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The driver reads a 64-bit value as its low word, whose read latches the
# high word, then the high word: TIME_LO(n) then TIME_HI(n), or
# TRACE_POP_LO then TRACE_POP_HI. An interrupt handler reading perfscope
# between the two would take the latch and tear the pair (docs/datasheet.md,
# misuse). Checked on the disassembly: every load of a high word from a
# base other than sp lies between a csrrc that clears mstatus.MIE and the
# csrs that restores it, and each object holds one. A high word is, for
# `time`, at byte offset 16n + 4 below the control block at 0x80 (the
# driver's perfscope.c, which reads no structure of its own at such an
# offset); for `pop`, at TRACE_POP_HI's 0xb0 (the hooks' hwtrace.c, whose
# own structures have words at 4).
# usage: check_pairs.sh REGS_H OBJDUMP time|pop OBJECT...
set -eu
regs=$1 objdump=$2 kind=$3
shift 3
case $kind in
time | pop) ;;
*) echo "usage: check_pairs.sh REGS_H OBJDUMP time|pop OBJECT..." >&2; exit 2 ;;
esac

# The offsets above are the register map's (regs/perfscope.toml): stop if
# the generated header says otherwise.
for line in 'define PERF_SECTION_STRIDE    0x10u' \
	'define PERF_REG_TIME_HI(n) (PERF_SECTION_STRIDE * (unsigned)(n) + 0x4u)' \
	'define PERF_REG_ID                   0x80u' 'X(TRACE_POP_HI, 0xb0u)'; do
	if ! grep -qF "$line" "$regs"; then
		echo "FAIL masked pairs: $regs no longer has '$line': update check_pairs.sh's offsets"
		exit 1
	fi
done

failed=0
for obj in "$@"; do
	result=$("$objdump" -d --no-show-raw-insn "$obj" | awk -F'\t' -v kind="$kind" '
		/^[0-9a-f]+ <.*>:$/ { fn = $0; sub(/^[^<]*</, "", fn); sub(/>:$/, "", fn)
			if (fn !~ /^\.L/) masked = 0; next }
		/^ *[0-9a-f]+:\t/ {
			if ($2 == "csrrc" && $3 ~ /,mstatus,8$/) masked = 1
			if ($2 == "csrs" && $3 ~ /^mstatus,/) masked = 0
			if ($2 != "lw" || $3 ~ /\(sp\)$/ || !match($3, /,-?[0-9]+\(/)) next
			off = substr($3, RSTART + 1, RLENGTH - 2) + 0
			if (kind == "time" ? off < 128 && off % 16 == 4 : off == 176) {
				his++
				if (!masked) { bad++; print "a high word read unmasked in " fn " at " $1 }
			}
		}
		END { print his + 0 " high-word reads, " bad + 0 " unmasked" }')
	summary=$(printf '%s\n' "$result" | tail -n 1)
	name=$(basename "$(dirname "$obj")")/$(basename "$obj")
	case $summary in
	"0 high-word reads"*)
		echo "FAIL masked pairs $name: no high-word read found"
		failed=$((failed + 1)) ;;
	*" 0 unmasked")
		echo "PASS masked pairs $name: $summary" ;;
	*)
		printf '%s\n' "$result" | sed '$d' | sed "s|^|FAIL masked pairs $name: |"
		failed=$((failed + 1)) ;;
	esac
done
[ "$failed" -eq 0 ]
