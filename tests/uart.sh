#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs firmware on a simulator built with a UART and checks that the serial
# line, decoded by the harness (+uart=), carries exactly the console text.
# usage: uart.sh <Vsoc_top> <label> <out dir> <test.hex>...
set -u
sim=$1 label=$2 out=$3; shift 3
mkdir -p "$out"
for hex in "$@"; do
  t=$(basename "$hex" .hex)
  "$sim" +firmware="$hex" +uart="$out/$t.uart" +timeout=20000000 > "$out/$t.console" 2> "$out/$t.log"; rc=$?
  summary=$(grep '^sim: ' "$out/$t.log" | tail -1)
  if [ "$rc" -ne 0 ]; then
    tail -5 "$out/$t.log" | sed 's/^/  /'
    echo "FAIL $label $t: simulator exit status $rc: ${summary#sim: }"
  elif [ ! -s "$out/$t.console" ]; then
    echo "FAIL $label $t: no console output"
  elif cmp -s "$out/$t.console" "$out/$t.uart"; then
    echo "PASS $label $t: serial line decodes to the console's $(wc -c < "$out/$t.console") bytes; ${summary#sim: }"
  else
    echo "FAIL $label $t: serial line differs from the console: $(cmp "$out/$t.console" "$out/$t.uart" 2>&1 | head -1)"
  fi
done
