#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# The "one store" promise of perfscope.h, checked on the disassembly of
# onestore.c: each function must be exactly its expected instructions. Only
# RESET needs a register for its data (it stores 1); the rest store x0.
# usage: check_onestore.sh OBJDUMP OBJECT...
set -eu
objdump=$1
shift

expect='one_reset: li a[0-9]+,1;sw a[0-9]+,0\(a0\);ret
one_start: sw zero,4\(a0\);ret
one_stop: sw zero,0\(a0\);ret
one_begin3: sw zero,52\(a0\);ret
one_end3: sw zero,48\(a0\);ret'

failed=0
for obj in "$@"; do
	# One line per function: "name: insn;insn;...", operands without comments.
	bodies=$("$objdump" -d --no-show-raw-insn "$obj" | awk -F'\t' '
		/^[0-9a-f]+ <.*>:$/ { name = $0; sub(/^[^<]*</, "", name); sub(/>:$/, "", name); order[++n] = name; next }
		/^ *[0-9a-f]+:\t/ { ins = $2 ($3 == "" ? "" : " " $3); sub(/ *#.*/, "", ins)
			body[name] = body[name] (body[name] == "" ? "" : ";") ins }
		END { for (i = 1; i <= n; i++) print order[i] ": " body[order[i]] }')
	while IFS= read -r want; do
		fn=${want%%:*}
		got=$(printf '%s\n' "$bodies" | grep "^$fn: " || true)
		if printf '%s\n' "$got" | grep -Eqx "$want"; then
			echo "PASS one store $(basename "$obj") $got"
		else
			echo "FAIL one store $(basename "$obj") $fn: expected /$want/ got '$got'"
			failed=$((failed + 1))
		fi
	done <<WANT
$expect
WANT
done
[ "$failed" -eq 0 ]
