#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The driver reads a 64-bit counter as TIME_LO, which latches the high word,
# then TIME_HI; an interrupt handler reading perfscope between the two would
# take the latch and tear the pair (docs/datasheet.md, misuse). Checked on
# the disassembly: every pair of loads at offsets 0 and 4, a few
# instructions apart (the two bases may be copies of one register; sp's
# aside: register restores), lies between a csrrc of mstatus's MIE and the
# csrs that restores it.
# usage: check_pairs.sh OBJDUMP OBJECT...
set -eu
objdump=$1
shift

failed=0
for obj in "$@"; do
	result=$("$objdump" -d --no-show-raw-insn "$obj" | awk -F'\t' '
		/^[0-9a-f]+ <.*>:$/ { fn = $0; sub(/^[^<]*</, "", fn); sub(/>:$/, "", fn)
			if (fn !~ /^\.L/) { masked = 0; lo = -10 } next }
		/^ *[0-9a-f]+:\t/ {
			n++
			if ($2 == "csrrc" && $3 ~ /,mstatus,8$/) masked = 1
			if ($2 == "csrs" && $3 ~ /^mstatus,/) masked = 0
			if ($2 == "lw" && $3 ~ /,0\([a-z0-9]+\)$/ && $3 !~ /\(sp\)$/) { lo = n; lo_masked = masked }
			if ($2 == "lw" && $3 ~ /,4\([a-z0-9]+\)$/ && $3 !~ /\(sp\)$/ && n - lo <= 3) {
				pairs++
				if (!lo_masked || !masked) { bad++; print "unmasked pair in " fn " at " $1 }
				lo = -10
			}
		}
		END { print pairs + 0 " pairs, " bad + 0 " unmasked" }')
	summary=$(printf '%s\n' "$result" | tail -n 1)
	case $summary in
	*" 0 unmasked")
		if [ "${summary%% *}" -gt 0 ]; then
			echo "PASS masked pairs $(basename "$(dirname "$obj")")/$(basename "$obj"): $summary"
		else
			echo "FAIL masked pairs $(basename "$obj"): no TIME_LO/TIME_HI pair found"
			failed=$((failed + 1))
		fi ;;
	*)
		printf '%s\n' "$result" | sed "s|^|FAIL masked pairs $(basename "$obj"): |"
		failed=$((failed + 1)) ;;
	esac
done
[ "$failed" -eq 0 ]
