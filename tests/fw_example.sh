#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# soc/fw/fw.mk's usage example is soc/fw/example/: the Makefile there is the
# comment's, word for word; `make` there, as a user types it (relative
# source, default goal, default CPU), builds hello.hex, which runs on the
# simulator; and the default CPU is the same everywhere in the checkout.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
status=0
pass() { echo "PASS fw example: $1"; }
fail() { echo "FAIL fw example: $1"; status=1; }

# The comment's example: the indented lines after "Usage" up to the first
# blank comment line.
comment=$(awk '/^# .*Usage, as/ { f = 1; next } f && /^#   / { print substr($0, 5); n++; next } f && n { exit }' soc/fw/fw.mk)
# The example's licence line is not part of the usage.
example=$(grep -v '^# SPDX-License-Identifier:' soc/fw/example/Makefile)
if [ -n "$comment" ] && [ "$comment" = "$example" ]; then
  pass "soc/fw/example/Makefile is fw.mk's usage example word for word"
else
  fail "soc/fw/example/Makefile differs from fw.mk's usage example: $(diff <(printf '%s\n' "$comment") <(printf '%s\n' "$example") | tr '\n' ' ')"
fi

# One default CPU: the top Makefile's, fw.mk's, soc.mk's (make -C sim) and
# the FuseSoC sim target's.
d_top=$(sed -n 's/^CPU *?= *//p' Makefile)
d_fw=$(sed -n 's/^CPU *?= *//p' soc/fw/fw.mk)
d_soc=$(sed -n 's/^CPU *?= *//p' soc/soc.mk)
d_core=$(awk '/^  CPU:/ { f = 1; next } f && /default:/ { print $2; exit }' soc/soc.core)
if [ -n "$d_top" ] && [ "$d_fw" = "$d_top" ] && [ "$d_soc" = "$d_top" ] && [ "$d_core" = "$d_top" ]; then
  pass "one default CPU, $d_top: Makefile, soc/fw/fw.mk, soc/soc.mk, soc/soc.core"
else
  fail "default CPUs differ: Makefile $d_top, soc/fw/fw.mk $d_fw, soc/soc.mk $d_soc, soc/soc.core $d_core"
fi

# `make` in the example's directory, as from an interactive shell.
out=$top/build/fw/$d_top/example
rm -rf "$out"
if (cd soc/fw/example && env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS make -s) > "$top/build/fw-example.log" 2>&1 \
   && [ -s "$out/hello.hex" ] && [ -s "$out/hello.elf" ] && [ -s "$out/hello.lst" ]; then
  pass "make in soc/fw/example builds build/fw/$d_top/example/hello.hex, .elf and .lst"
else
  tail -10 "$top/build/fw-example.log"; fail "make in soc/fw/example: no build/fw/$d_top/example/hello.hex"
fi
make -s -C sim CPU="$d_top" > /dev/null || fail "make -C sim CPU=$d_top"
"$top/build/sim/$d_top/Vsoc_top" +firmware="$out/hello.hex" > "$top/build/fw-example.out" 2>&1; rc=$?
if [ "$rc" -eq 0 ] && [ "$(sed -n 1p "$top/build/fw-example.out")" = "hello, world" ] \
   && sed -n 2p "$top/build/fw-example.out" | grep -Eq '^hello: perfscope with 7 sections; section 1 ran [1-9][0-9]* cycles in 1 occurrence\(s\)$' \
   && grep -q '^sim: exit 0 after ' "$top/build/fw-example.out"; then
  pass "hello.hex runs on $d_top: $(sed -n 2p "$top/build/fw-example.out")"
else
  tail -5 "$top/build/fw-example.out"; fail "hello.hex on $d_top: exit $rc"
fi
exit $status
