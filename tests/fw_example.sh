#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# soc/fw/fw.mk's usage example is soc/fw/example/: the Makefile there is the
# comment's, word for word; `make` there, as a user types it (relative
# source, default goal, default CPU), builds hello.hex, which runs on the
# simulator; the default CPU is the same everywhere in the checkout; a
# program of the user's builds despite its warnings; printf prints 64-bit
# integers and floating point (FW_PRINTF); and new flags rebuild a program.
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
# A program of the user's in the style of older public benchmarks (an
# old-style definition), with warnings (an unused variable, a signed and
# unsigned comparison), built with fw.mk as the example is: the warnings
# are shown and the build goes on; with
# FW_WERROR=-Werror, as the checkout's own Makefiles set it, it stops.
warn=$top/build/fw-example-warnings
rm -rf "$warn" && mkdir -p "$warn"
sed 's|^TOP := .*|TOP := '"$top"'|; s|fw_program,hello,hello.c|fw_program,bench,bench.c|' soc/fw/example/Makefile > "$warn/Makefile"
# Its header is in a directory of its own, named relative to where make
# runs (-Iinc): the compiles run elsewhere, so fw.mk makes it absolute.
mkdir -p "$warn/inc"
echo 'static inline int twice(int x) { return 2 * x; }' > "$warn/inc/bench.h"
cat > "$warn/bench.c" <<'C'
#include <stdio.h>
#include "bench.h"
static int sum(n) int n; { int unused; unsigned s = 0; for (int i = 0; i < n; i++) s += i; return s > n ? 1 : 0; }
int main(void) { printf("bench: %d\n", twice(sum(5))); return 0; }
C
if (cd "$warn" && env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS make -s FW_BUILD="$warn/out" FW_EXTRA_CFLAGS=-Iinc) \
     > "$warn/build.log" 2>&1 \
   && [ -s "$warn/out/bench.hex" ] && grep -q 'warning: unused variable' "$warn/build.log"; then
  pass "a program with warnings and FW_EXTRA_CFLAGS=-Iinc builds, its warnings shown ($(grep -c 'warning:' "$warn/build.log") of them)"
else
  tail -5 "$warn/build.log"; fail "a program with warnings and -Iinc: no bench.hex, or no warning shown"
fi
# The same through make profile from the checkout, the paths relative to it.
rel=${warn#"$top"/}
if (env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS make -s profile FW="$rel/bench.c" FW_EXTRA_CFLAGS="-I$rel/inc" \
      MODE=retire) > "$warn/profile.log" 2>&1 \
   && grep -qx 'bench: 2' "$top/build/profile/$d_top/bench-retire/console.log"; then
  pass "make profile FW=$rel/bench.c FW_EXTRA_CFLAGS=-I$rel/inc from the checkout: built, run, reports written"
else
  tail -5 "$warn/profile.log"; fail "make profile FW=$rel/bench.c FW_EXTRA_CFLAGS=-I$rel/inc: see $warn/profile.log"
fi
if (cd "$warn" && env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS make -s FW_BUILD="$warn/werror" FW_EXTRA_CFLAGS=-Iinc \
      FW_WERROR=-Werror) > "$warn/werror.log" 2>&1; then
  fail "FW_WERROR=-Werror: the program with warnings built"
else
  pass "FW_WERROR=-Werror stops at its first warning: $(grep -m1 -o 'error: [^[]*' "$warn/werror.log")"
fi

# printf as a benchmark uses it: 64-bit integers and floating point print
# right with fw.mk's default (FW_PRINTF=double); FW_PRINTF=integer, as the
# checkout's Makefiles set it, prints what docs/programmers-guide.md says
# (the low word, *float*); another value stops with one line. Changing
# FW_PRINTF or FW_EXTRA_CFLAGS rebuilds the program, and only that does.
pf=$top/build/fw-example-printf
rm -rf "$pf" && mkdir -p "$pf"
sed 's|^TOP := .*|TOP := '"$top"'|; s|fw_program,hello,hello.c|fw_program,pf,pf.c|' soc/fw/example/Makefile > "$pf/Makefile"
cat > "$pf/pf.c" <<'C'
#include <stdio.h>
#ifndef SCALE
#define SCALE 1
#endif
int main(void)
{
	volatile double d = 3.25 * SCALE;
	printf("pf: %llu %lld %.3f %g %e\n", 1234567890123ull, -5ll, d, d, d);
	return 0;
}
C
# <build dir> <expected line> [make variable]...: build, run, compare.
pf_run() {
  local dir=$1 want=$2; shift 2
  (cd "$pf" && env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS make FW_BUILD="$dir" "$@") > "$pf/build.log" 2>&1 \
    || { tail -3 "$pf/build.log"; fail "printf: make $*: did not build"; return; }
  "$top/build/sim/$d_top/Vsoc_top" +firmware="$dir/pf.hex" > "$pf/out" 2> /dev/null
  if [ "$(cat "$pf/out")" = "$want" ]; then
    pass "printf with ${*:-the defaults}: $want"
  else
    fail "printf with ${*:-the defaults}: printed '$(cat "$pf/out")', not '$want'"
  fi
}
pf_run "$pf/double" "pf: 1234567890123 -5 3.250 3.25 3.250000e+00"
pf_run "$pf/integer" "pf: 1912276171 -5 *float* *float* *float*" FW_PRINTF=integer
if (cd "$pf" && env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS make -s FW_BUILD="$pf/bad" FW_PRINTF=long) > "$pf/bad.log" 2>&1; then
  fail "FW_PRINTF=long: built"
elif grep -q 'fw.mk: FW_PRINTF=long is none of double, float, integer' "$pf/bad.log"; then
  pass "FW_PRINTF=long: stops, $(grep -o 'FW_PRINTF=long is[^.]*' "$pf/bad.log")"
else
  fail "FW_PRINTF=long: no line naming it: $(tail -1 "$pf/bad.log")"
fi
# The same build directory: a second make does nothing, new flags rebuild.
pf_run "$pf/double" "pf: 1234567890123 -5 3.250 3.25 3.250000e+00"
if grep -q gcc "$pf/build.log"; then
  fail "printf: an unchanged second make rebuilt the program"
else
  pass "printf: an unchanged second make builds nothing"
fi
pf_run "$pf/double" "pf: 1234567890123 -5 6.500 6.5 6.500000e+00" FW_EXTRA_CFLAGS=-DSCALE=2
exit $status
