#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# soc/fw/fw.mk's usage example is soc/fw/example/: the Makefile there is the
# comment's, word for word; `make` there, as a user types it (relative
# source, default goal, default CPU), builds hello.hex, which runs on the
# simulator; the default CPU is the same everywhere in the checkout; a
# program of the user's builds despite its warnings; printf prints 64-bit
# integers and floating point (FW_PRINTF); new flags rebuild a program, and
# so do other sources and changed headers; a program's own system.h is the
# one read; two sources of one name both link; a directory with a space is
# refused in one line. And make profile as the user runs it: another
# program of the same name, a program that ends with exit(), main's argc
# and argv, FW relative to the shell's directory, FW that is not a source
# (one line each), and a RAM_BYTES of its own on a simulator of its own.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
status=0
pass() { echo "PASS fw example: $1"; }
fail() { echo "FAIL fw example: $1"; status=1; }
# make as a user types it in a shell: no enclosing make's variables.
umake() { env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS make "$@"; }
# <dir> <name> <sources>: a Makefile as the example's, for that program.
mk() {
  mkdir -p "$1"
  sed 's|^TOP := .*|TOP := '"$top"'|; s|fw_program,hello,hello.c|fw_program,'"$2"','"$3"'|' soc/fw/example/Makefile > "$1/Makefile"
}
# <image> <expected console> <what>: runs it on the default CPU (d_top,
# below); PASS if it printed exactly that.
runs_as() {
  local got
  got=$("$top/build/sim/$d_top/Vsoc_top" +firmware="$1" 2>/dev/null)
  if [ "$got" = "$2" ]; then pass "$3: $got"; else fail "$3: printed '$got', not '$2'"; fi
}

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
if (cd soc/fw/example && umake -s) > "$top/build/fw-example.log" 2>&1 \
   && [ -s "$out/hello.hex" ] && [ -s "$out/hello.elf" ] && [ -s "$out/hello.lst" ]; then
  pass "make in soc/fw/example builds build/fw/$d_top/example/hello.hex, .elf and .lst"
else
  tail -10 "$top/build/fw-example.log"; fail "make in soc/fw/example: no build/fw/$d_top/example/hello.hex"
fi
# The image is the same in every build and every clone: no path of the
# checkout in it (its build id, which the run frame carries, covers the
# debug information; the id's bytes steer the frame's table lookups through
# the data cache, so a run's cycles depend on it), and a second build is
# the same ELF, byte for byte.
id1=$(riscv64-unknown-elf-readelf -n "$out/hello.elf" 2>/dev/null | sed -n 's/.*Build ID: //p')
paths=$(strings -a "$out/hello.elf" | grep -cF "$top")
cp "$out/hello.elf" "$top/build/fw-example-first.elf"
rm -rf "$out"
(cd soc/fw/example && umake -s) >> "$top/build/fw-example.log" 2>&1
if [ -n "$id1" ] && [ "$paths" = 0 ] && cmp -s "$top/build/fw-example-first.elf" "$out/hello.elf"; then
  pass "hello.elf: no path of the checkout in it, and a second build the same ELF (build id $id1)"
else
  fail "hello.elf: $paths strings with the checkout's path; a second build $(cmp "$top/build/fw-example-first.elf" "$out/hello.elf" 2>&1 | head -1)"
fi
# The listing interleaves the source, the program's own and the runtime's:
# every source's name in the debug information is found from the
# checkout's top, where fw.mk runs objdump -S.
if grep -qF 'PERF_BEGIN(PERF, 1);' "$out/hello.lst" && grep -qF 'la	gp, __global_pointer$' "$out/hello.lst" \
   && grep -qF 'perf_get_section_time)(void *hw_base_address' "$out/hello.lst"; then
  pass "hello.lst shows the source beside the code: hello.c's, crt0.S's and the driver's"
else
  fail "hello.lst has no source lines of hello.c, crt0.S or driver/perfscope.c ($(riscv64-unknown-elf-addr2line -e "$out/hello.elf" 0))"
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
# The programmers' guide's two programs, the 60-second version and the HAL
# program it says builds as it is, taken from the guide as a reader copies
# them (the first C block after each heading or sentence): each builds with
# FW_WERROR=-Werror and runs, exit 0, printing its report.
guide=$top/build/fw-example-guide
rm -rf "$guide"
for g in "quick:### The 60-second version" "hal:This HAL program builds as it is:"; do
  name=${g%%:*} at=${g#*:}
  mk "$guide" "$name" "$name.c"
  awk -v at="$at" 'index($0, at) { seen = 1 } seen && /^```c$/ { on = 1; next } on && /^```$/ { exit } on' \
    docs/programmers-guide.md > "$guide/$name.c"
  if [ -s "$guide/$name.c" ] && (cd "$guide" && umake -s FW_BUILD="$guide/out" FW_WERROR=-Werror) > "$guide/$name.log" 2>&1 \
     && "$top/build/sim/$d_top/Vsoc_top" +firmware="$guide/out/$name.hex" > "$guide/$name.out" 2>&1 \
     && grep -q '^--Performance Counter Report--$' "$guide/$name.out"; then
    pass "the guide's program after '$at' builds with -Werror and runs, printing its report"
  else
    tail -5 "$guide/$name.log" "$guide/$name.out" 2>/dev/null; fail "the guide's program after '$at' does not build or run"
  fi
done
# A program of the user's in the style of older public benchmarks (an
# old-style definition), with warnings (an unused variable, a signed and
# unsigned comparison), built with fw.mk as the example is: the warnings
# are shown and the build goes on; with
# FW_WERROR=-Werror, as the checkout's own Makefiles set it, it stops.
warn=$top/build/fw-example-warnings
rm -rf "$warn"
mk "$warn" bench bench.c
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
# A link flag's path is taken from there too: the map file lands beside
# the Makefile.
if (cd "$warn" && umake -s FW_BUILD="$warn/out" FW_EXTRA_CFLAGS="-Iinc -Wl,-Map=bench.map") \
     > "$warn/build.log" 2>&1 \
   && [ -s "$warn/out/bench.hex" ] && grep -q 'warning: unused variable' "$warn/build.log" && [ -s "$warn/bench.map" ]; then
  pass "a program with warnings, FW_EXTRA_CFLAGS=-Iinc and -Wl,-Map=bench.map builds, its warnings shown ($(grep -c 'warning:' "$warn/build.log") of them), its map beside its Makefile"
else
  tail -5 "$warn/build.log"; fail "a program with warnings, -Iinc and -Wl,-Map=bench.map: no bench.hex, no warning shown, or no bench.map in $warn"
fi
# The same through make profile from the checkout, the paths relative to it.
rel=${warn#"$top"/}
if (umake -s profile FW="$rel/bench.c" FW_EXTRA_CFLAGS="-I$rel/inc" \
      MODE=retire) > "$warn/profile.log" 2>&1 \
   && grep -qx 'bench: 2' "$top/build/profile/$d_top/bench-retire/console.log"; then
  pass "make profile FW=$rel/bench.c FW_EXTRA_CFLAGS=-I$rel/inc from the checkout: built, run, reports written"
else
  tail -5 "$warn/profile.log"; fail "make profile FW=$rel/bench.c FW_EXTRA_CFLAGS=-I$rel/inc: see $warn/profile.log"
fi
if (cd "$warn" && umake -s FW_BUILD="$warn/werror" FW_EXTRA_CFLAGS=-Iinc \
      FW_WERROR=-Werror) > "$warn/werror.log" 2>&1; then
  fail "FW_WERROR=-Werror: the program with warnings built"
else
  pass "FW_WERROR=-Werror stops at its first warning: $(grep -m1 -o 'error: [^[]*' "$warn/werror.log")"
fi

# A K&R program built with its dialect and a warning flag of its own in
# FW_EXTRA_CFLAGS: they reach its sources only, not the runtime's, which
# build as C11 with -Werror; the linker flag reaches the link.
kr=$top/build/fw-example-kr
rm -rf "$kr"
mk "$kr" kr kr.c
printf '#include <stdio.h>\nint add(a, b)\nint a, b;\n{\n    return a + b;\n}\nmain()\n{\n    printf("kr %%d\\n", add(2, 3));\n    return 0;\n}\n' > "$kr/kr.c"
if (cd "$kr" && umake -s FW_BUILD="$kr/out" FW_EXTRA_CFLAGS="-std=gnu89 -Wconversion -Wl,--print-memory-usage") > "$kr/build.log" 2>&1 \
   && grep -q '^ *ram: ' "$kr/build.log"; then
  runs_as "$kr/out/kr.hex" "kr 5" "FW_EXTRA_CFLAGS=\"-std=gnu89 -Wconversion -Wl,...\": a K&R program builds, the runtime as C11, the link with -Wl"
else
  fail "FW_EXTRA_CFLAGS=\"-std=gnu89 -Wconversion -Wl,--print-memory-usage\": $(grep -m1 'error' "$kr/build.log")"
fi

# printf as a benchmark uses it: 64-bit integers and floating point print
# right with fw.mk's default (FW_PRINTF=double); FW_PRINTF=integer, as the
# checkout's Makefiles set it, prints what docs/programmers-guide.md says
# (the low word, *float*); another value stops with one line. Changing
# FW_PRINTF or FW_EXTRA_CFLAGS rebuilds the program, and only that does.
pf=$top/build/fw-example-printf
rm -rf "$pf"
mk "$pf" pf pf.c
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
  (cd "$pf" && umake FW_BUILD="$dir" "$@") > "$pf/build.log" 2>&1 \
    || { tail -3 "$pf/build.log"; fail "printf: make $*: did not build"; return; }
  runs_as "$dir/pf.hex" "$want" "printf with ${*:-the defaults}"
}
pf_run "$pf/double" "pf: 1234567890123 -5 3.250 3.25 3.250000e+00"
pf_run "$pf/integer" "pf: 1912276171 -5 *float* *float* *float*" FW_PRINTF=integer
if (cd "$pf" && umake -s FW_BUILD="$pf/bad" FW_PRINTF=long) > "$pf/bad.log" 2>&1; then
  fail "FW_PRINTF=long: built"
elif grep -q 'fw.mk: FW_PRINTF=long is none of double, float, integer' "$pf/bad.log"; then
  pass "FW_PRINTF=long: stops, $(grep -o 'FW_PRINTF=long is[^.]*' "$pf/bad.log")"
else
  fail "FW_PRINTF=long: no line naming it: $(tail -1 "$pf/bad.log")"
fi
# FW_BUILD empty (the files would go to /) or with a space, and FW_WERROR
# not -Werror (gcc took it for a file to link): one line each, nothing built.
for v in "FW_BUILD=:fw.mk: FW_BUILD is empty: the directory the program's files go to (default build/fw/<CPU>/<directory>)" \
         "FW_BUILD=$pf/sp ace:fw.mk: FW_BUILD is \"$pf/sp ace\", a path with a space, which make cannot handle; give one without spaces" \
         "FW_WERROR=yes:fw.mk: FW_WERROR=yes is neither empty nor -Werror (stop on a warning in the program's own sources)"; do
  arg=${v%%:*} want=${v#*:}
  (cd "$pf" && umake -s "$arg") > "$pf/bad.log" 2>&1; rc=$?
  if [ "$rc" -ne 0 ] && grep -qF "*** $want.  Stop." "$pf/bad.log" && [ "$(wc -l < "$pf/bad.log")" = 1 ]; then
    pass "$arg: stops with one line"
  else
    fail "$arg: exit $rc, not the line '$want': $(head -3 "$pf/bad.log" | tr '\n' ' ')"
  fi
done
# The same build directory: a second make does nothing, new flags rebuild.
pf_run "$pf/double" "pf: 1234567890123 -5 3.250 3.25 3.250000e+00"
if grep -q gcc "$pf/build.log"; then
  fail "printf: an unchanged second make rebuilt the program"
else
  pass "printf: an unchanged second make builds nothing"
fi
pf_run "$pf/double" "pf: 1234567890123 -5 6.500 6.5 6.500000e+00" FW_EXTRA_CFLAGS=-DSCALE=2
# What a build is made of. fw.mk rebuilds a program when anything it is
# built from changes, whatever the files' times: another program's sources
# in the same FW_BUILD (<name>.flags holds their paths) and any header its
# compiles read (gcc -MMD), wherever it is.
dep=$top/build/fw-example-deps
rm -rf "$dep" && mkdir -p "$dep"
# Two programs of one name in directories of one name share
# build/fw/<cpu>/fw-example-same/prog.hex; the second's files are older.
# Then the second's Makefile builds it from another source, older too.
for n in ONE TWO; do
  mk "$dep/$n/fw-example-same" prog prog.c
  printf '#include <stdio.h>\nint main(void) { printf("I am program %s\\n"); return 0; }\n' "$n" \
    > "$dep/$n/fw-example-same/prog.c"
done
touch -d 2020-01-01 "$dep/TWO/fw-example-same/prog.c" "$dep/TWO/fw-example-same/Makefile"
same=$top/build/fw/$d_top/fw-example-same
rm -rf "$same"
for n in ONE TWO; do
  (cd "$dep/$n/fw-example-same" && umake -s) > "$dep/$n.log" 2>&1
  runs_as "$same/prog.hex" "I am program $n" "a program of the same name from another directory rebuilds, its files older"
done
sed 's/program TWO/program THREE/' "$dep/TWO/fw-example-same/prog.c" > "$dep/TWO/fw-example-same/prog3.c"
sed -i 's/fw_program,prog,prog.c/fw_program,prog,prog3.c/' "$dep/TWO/fw-example-same/Makefile"
touch -d 2020-01-01 "$dep/TWO/fw-example-same/prog3.c" "$dep/TWO/fw-example-same/Makefile"
(cd "$dep/TWO/fw-example-same" && umake -s) > "$dep/THREE.log" 2>&1
runs_as "$same/prog.hex" "I am program THREE" "a program built from another source, older than its image, rebuilds"
# Headers: one in a directory given by FW_EXTRA_CFLAGS=-Iinclude, one
# beside the source, in another directory than the Makefile's.
hd=$dep/headers
mk "$hd" hdr src/hdr.c
mkdir -p "$hd/include" "$hd/src"
echo '#define VALUE 2' > "$hd/include/cfg.h"
echo '#define LOCAL 5' > "$hd/src/local.h"
printf '#include <stdio.h>\n#include "cfg.h"\n#include "local.h"\nint main(void) { printf("VALUE=%%d LOCAL=%%d\\n", VALUE, LOCAL); return 0; }\n' \
  > "$hd/src/hdr.c"
# [<header> <its new line>] <expected>: change it, make, run.
hdr_step() {
  local what="a first build"
  if [ $# -eq 3 ]; then echo "$2" > "$hd/$1"; what="$1 changed to '$2'"; shift 2; fi
  (cd "$hd" && umake -s FW_BUILD="$hd/out" FW_EXTRA_CFLAGS=-Iinclude) \
    > "$hd/build.log" 2>&1 || { tail -3 "$hd/build.log"; fail "headers: $what: did not build"; return; }
  runs_as "$hd/out/hdr.hex" "$1" "headers: $what: rebuilt"
}
hdr_step "VALUE=2 LOCAL=5"
hdr_step include/cfg.h '#define VALUE 3' "VALUE=3 LOCAL=5"
hdr_step src/local.h '#define LOCAL 6' "VALUE=3 LOCAL=6"
(cd "$hd" && umake FW_BUILD="$hd/out" FW_EXTRA_CFLAGS=-Iinclude) > "$hd/again.log" 2>&1
if grep -q gcc "$hd/again.log"; then
  fail "headers: an unchanged make rebuilt the program"
else
  pass "headers: an unchanged make builds nothing"
fi

# A Nios II HAL program with its own system.h (a 100 MHz board, a macro of
# its own): it is the one read, beside the sources or in a directory given
# with -I, whether the program includes it before or after
# altera_avalon_performance_counter.h, as "system.h" or <system.h>; without
# one, soc/fw/system.h.
sys_src() {
  printf '#include <stdio.h>\n'
  case $1 in
    after) printf '#include "altera_avalon_performance_counter.h"\n#include "system.h"\n' ;;
    angle) printf '#include <system.h>\n#include <altera_avalon_performance_counter.h>\n' ;;
    *) printf '#include "system.h"\n#include "altera_avalon_performance_counter.h"\n' ;;
  esac
  printf '#ifndef MY_BOARD_LED_BASE\n#define MY_BOARD_LED_BASE 0\n#endif\n'
  printf 'int main(void) { printf("freq %%lu %%lu led %%#x\\n", (unsigned long)ALT_CPU_FREQ, alt_get_cpu_freq(), MY_BOARD_LED_BASE); return 0; }\n'
}
sys_h='#ifndef __SYSTEM_H_
#define __SYSTEM_H_
#define ALT_CPU_FREQ 100000000
#define PERFORMANCE_COUNTER_0_BASE 0x80000000
#define MY_BOARD_LED_BASE 0x90000000
#endif'
for where in beside include none; do
  sd=$dep/system-$where
  mkdir -p "$sd"
  {
    echo "TOP := $top"
    echo "include \$(TOP)/soc/fw/fw.mk"
    for order in before after angle; do echo "\$(eval \$(call fw_program,$order,$order.c))"; done
  } > "$sd/Makefile"
  for order in before after angle; do sys_src "$order" > "$sd/$order.c"; done
  flags=()
  want="freq 100000000 100000000 led 0x90000000"
  case $where in
    beside) printf '%s\n' "$sys_h" > "$sd/system.h" ;;
    include) mkdir -p "$sd/board" && printf '%s\n' "$sys_h" > "$sd/board/system.h"; flags=(FW_EXTRA_CFLAGS=-Iboard) ;;
    none) want="freq 50000000 50000000 led 0" ;;
  esac
  if ! (cd "$sd" && umake -s FW_BUILD="$sd/out" "${flags[@]}") > "$sd/build.log" 2>&1; then
    tail -3 "$sd/build.log"; fail "system.h $where: did not build"; continue
  fi
  for order in before after angle; do
    how="included $order altera_avalon_performance_counter.h"
    [ "$order" = angle ] && how="included as <system.h> before <altera_avalon_performance_counter.h>"
    runs_as "$sd/out/$order.hex" "$want" "system.h $where, $how"
  done
done

# Two sources of the same name in different directories: both are linked.
dup=$dep/dup
mk "$dup" dup "main.c a/util.c b/util.c"
mkdir -p "$dup/a" "$dup/b"
echo 'int fa(void) { return 1; }' > "$dup/a/util.c"
echo 'int fb(void) { return 2; }' > "$dup/b/util.c"
printf '#include <stdio.h>\nint fa(void);\nint fb(void);\nint main(void) { printf("fa %%d fb %%d\\n", fa(), fb()); return 0; }\n' > "$dup/main.c"
if (cd "$dup" && umake -s FW_BUILD="$dup/out") > "$dup/build.log" 2>&1; then
  runs_as "$dup/out/dup.hex" "fa 1 fb 2" "sources main.c a/util.c b/util.c: both util.c linked"
else
  tail -3 "$dup/build.log"; fail "sources main.c a/util.c b/util.c: did not build"
fi

# A directory with a space in its path: make cannot have it, and says so.
sp="$dep/sp ace"
mk "$sp" hello "$top/soc/fw/example/hello.c"
(cd "$sp" && umake -s) > "$dep/space.log" 2>&1
want="fw.mk: CURDIR is \"$sp\", a path with a space, which make cannot handle; move or copy the program (or the checkout) to a path without spaces"
if [ "$(grep -c . "$dep/space.log")" -eq 1 ] && grep -qF "*** $want.  Stop." "$dep/space.log"; then
  pass "make in a directory with a space: one line, $want"
else
  fail "make in a directory with a space: not the one line: $(head -3 "$dep/space.log" | tr '\n' ' ')"
fi

# make profile as the user types it, from the shell (make -C where the
# user is not in the checkout): each program's reports are in
# build/profile/<cpu>/<name>/.
prof=$dep/profile
mkdir -p "$prof"
pdir=$top/build/profile/$d_top
uprof() { umake -s -C "$top" profile "$@"; }
# Another program of the same name, its files older, is rebuilt.
for n in ONE TWO; do
  mkdir -p "$prof/$n"
  printf '#include <stdio.h>\nint main(void) { printf("I am program %s\\n"); return 0; }\n' "$n" > "$prof/$n/fwx_same.c"
done
touch -d 2020-01-01 "$prof/TWO/fwx_same.c"
rm -rf "$pdir"/fwx_*
for n in ONE TWO; do
  uprof FW="$prof/$n/fwx_same.c" > "$prof/same.log" 2>&1
  got=$(sed -n 1p "$pdir/fwx_same/console.log" 2>/dev/null)
  if [ "$got" = "I am program $n" ]; then
    pass "make profile FW=$n/fwx_same.c: rebuilt after the other program of its name: $got"
  else
    tail -3 "$prof/same.log"; fail "make profile FW=$n/fwx_same.c: ran '$got', not 'I am program $n'"
  fi
done
# A program that ends with exit(), from main or below it: its frame is
# printed, every call still open ends where exit() was called.
cat > "$prof/fwx_exit.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
__attribute__((noinline)) int work(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; return s; }
int main(void) { printf("work %d\n", work(1000)); exit(0); }
C
cat > "$prof/fwx_exit_deep.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
__attribute__((noinline)) void quit(int n) { printf("quit %d\n", n); exit(0); }
__attribute__((noinline)) int work(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; if (n == 3) quit(n); return s; }
int main(void) { printf("work %d\n", work(100)); work(3); return 1; }
C
for t in "fwx_exit:main 1,work 1" "fwx_exit_deep:main 1,quit 1,work 2"; do
  name=${t%%:*} want=${t#*:}
  uprof FW="$prof/$name.c" > "$prof/$name.log" 2>&1
  got=$(awk 'NR > 2 { printf "%s%s %s", sep, $1, $3; sep = "," }' "$pdir/$name/functions.txt" 2>/dev/null)
  if [ "$got" = "$want" ] && ! grep -Eq 'warning|error' "$prof/$name.log"; then
    pass "make profile of a program that ends with exit() ($name.c): one frame, every call ended: $got"
  else
    fail "make profile FW=$name.c: functions '$got', not '$want'; $(grep -Em1 'warning|error' "$prof/$name.log")"
  fi
done
# A program that ends in abort() (a failed assert()): exit 134 and its
# reports, its calls ended where abort() was called, instrumented (the
# runtime's frame from _exit) and from the retire stream (the run ends
# inside _exit: no call unfinished); CLOCK_HZ as the host tool takes it,
# with a suffix.
cat > "$prof/fwx_abort.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
__attribute__((noinline)) void check(int n) { if (n == 3) abort(); }
__attribute__((noinline)) int work(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; check(n); return s; }
int main(void) { printf("work %d\n", work(100)); work(3); return 0; }
C
uprof FW="$prof/fwx_abort.c" CLOCK_HZ=50M > "$prof/abort.log" 2>&1; rc=$?
uprof FW="$prof/fwx_abort.c" MODE=retire > "$prof/abort_retire.log" 2>&1; rc_retire=$?
got=$(awk 'NR > 2 { printf "%s%s %s", sep, $1, $3; sep = "," }' "$pdir/fwx_abort/functions.txt" 2>/dev/null)
got_retire=$(awk '$1 ~ /^(main|work|check|abort|_exit)$/ { printf "%s%s %s", sep, $1, $3; sep = "," }' \
  "$pdir/fwx_abort-retire/functions.txt" 2>/dev/null)
if [ "$rc" -eq 0 ] && [ "$rc_retire" -eq 0 ] && [ "$got" = "main 1,check 2,work 2" ] \
   && grep -qx "profile: fwx_abort exited with 134 on $d_top; its reports follow" "$prof/abort.log" \
   && [ "$got_retire" = "work 2,main 1,check 2,abort 1,_exit 1" ] \
   && ! grep -q '^unfinished' "$pdir/fwx_abort-retire/functions.txt"; then
  pass "make profile of a program that ends in abort(): exit 134, every call ended: $got; from the retire stream: $got_retire"
else
  fail "make profile FW=fwx_abort.c: exit $rc/$rc_retire, functions '$got', retire '$got_retire'; $(grep -m1 -E 'error|unfinished' "$prof/abort.log" "$pdir/fwx_abort-retire/functions.txt")"
fi
# Programs that trap (an illegal instruction): exit 102 with their
# reports, their calls ended at the trap, as exit()'s are, without the
# warning of calls left open at main's return (the runtime prints them
# before the default handler's line); make profile quotes the trap's line.
# fwx_trap traps after output without a newline, under the default
# handler; fwx_fwd's own handler hands the trap to soc_default_trap_handler.
cat > "$prof/fwx_trap.c" <<'C'
#include <stdio.h>
__attribute__((noinline)) int f(int x) { if (x == 3) __asm__ volatile(".word 0"); return x + 1; }
int main(void) { int s = 0; printf("sum"); for (int i = 0; i < 5; i++) s += f(i); printf("%d\n", s); return 0; }
C
cat > "$prof/fwx_fwd.c" <<'C'
#include "soc.h"
void trap_handler(unsigned mcause, unsigned mepc) { soc_default_trap_handler(mcause, mepc); }
__attribute__((noinline)) int f(int x) { if (x == 2) __asm__ volatile(".word 0"); return x + 1; }
int main(void) { int s = 0; for (int i = 0; i < 4; i++) s += f(i); return s; }
C
for t in "fwx_trap:f 4,main 1" "fwx_fwd:f 3,main 1,trap_handler 1"; do
  name=${t%%:*} want=${t#*:}
  uprof FW="$prof/$name.c" > "$prof/$name.log" 2>&1; rc=$?
  got=$(awk 'NR > 2 { print $1, $3 }' "$pdir/$name/functions.txt" 2>/dev/null | sort | paste -sd,)
  if [ "$rc" -eq 0 ] && [ "$got" = "$want" ] && ! grep -q 'warning' "$prof/$name.log" \
     && grep -qE "^profile: $name exited with 102 on $d_top \(trap: exception, mcause 0x00000002 mepc 0x[0-9a-f]{8} mtval 0x00000000\); its reports follow$" "$prof/$name.log"; then
    pass "make profile of $name, which traps: exit 102 named with the trap's line, its reports: $got"
  else
    fail "make profile FW=$name.c: exit $rc, functions '$got' (want '$want'); $(grep -m2 -E '^profile|warning|error' "$prof/$name.log" | tr '\n' ' ')"
  fi
done
# A program whose last output has no newline: the runtime starts its
# frames on a line of their own, so they are read without a warning.
printf '#include <stdio.h>\n__attribute__((noinline)) int work(int n) { return n * 3; }\nint main(void) { int s = 0; for (int i = 0; i < 5; i++) s += work(i); printf("result %%d", s); return 0; }\n' \
  > "$prof/fwx_nonl.c"
uprof FW="$prof/fwx_nonl.c" > "$prof/nonl.log" 2>&1; rc=$?
if [ "$rc" -eq 0 ] && [ "$(sed -n 1p "$pdir/fwx_nonl/console.log")" = "result 30" ] \
   && grep -qE '^work +0x[0-9a-f]+ +5 ' "$pdir/fwx_nonl/functions.txt" && ! grep -q 'warning' "$prof/nonl.log"; then
  pass "make profile of a program whose output ends without a newline: its frames on lines of their own, read without a warning"
else
  fail "make profile FW=fwx_nonl.c: exit $rc, $(head -c 120 "$pdir/fwx_nonl/console.log" 2>/dev/null); $(grep -m1 warning "$prof/nonl.log")"
fi
# A program that ends in while (1); prints no frame: one line says so and
# names MODE=retire, which profiles it up to the loop: work's call, and
# main, which never returned, unfinished (charged, not counted as a call).
printf '#include <stdio.h>\n__attribute__((noinline)) int work(int n) { return n * 3; }\nint main(void) { printf("w %%d\\n", work(5)); while (1); }\n' \
  > "$prof/fwx_halt.c"
uprof FW="$prof/fwx_halt.c" > "$prof/halt.log" 2>&1; rc=$?
uprof FW="$prof/fwx_halt.c" MODE=retire > "$prof/halt_retire.log" 2>&1; rc_retire=$?
got=$(awk '$1 == "work" || $1 == "main" { printf "%s%s %s", sep, $1, $3; sep = "," }' "$pdir/fwx_halt-retire/functions.txt" 2>/dev/null)
if [ "$rc" -ne 0 ] && [ "$(grep -c '^profile: ' "$prof/halt.log")" = 1 ] \
   && grep -qx "profile: fwx_halt stopped in while (1); on $d_top instead of returning from main or calling exit(), which print the calls' frame; MODE=retire records it up to the loop" "$prof/halt.log" \
   && [ "$rc_retire" -eq 0 ] && [ "$got" = "main 0,work 1" ] \
   && grep -q '^unfinished: 1 call without its exit' "$pdir/fwx_halt-retire/functions.txt"; then
  pass "make profile of a program ending in while (1);: one line naming MODE=retire, which gives its calls: $got"
else
  fail "make profile FW=fwx_halt.c: exit $rc, $(grep -m1 '^profile: ' "$prof/halt.log"); MODE=retire exit $rc_retire, calls '$got'"
fi
# Another MODE stops with one line naming the two and where the other hook
# libraries are built, before anything is built.
uprof FW="$prof/fwx_halt.c" MODE=hwtrace > "$prof/mode.log" 2>&1; rc=$?
if [ "$rc" -ne 0 ] && grep -q "make profile: MODE=hwtrace is neither funccost (instrumented) nor retire (as built, from the retire stream); the other hook libraries (calltrace, profile, hot, hwtrace) are built with soc/fw/fw.mk, docs/hooks.md" "$prof/mode.log" \
   && [ "$(grep -c 'make profile:' "$prof/mode.log")" = 1 ]; then
  pass "make profile MODE=hwtrace: one line naming funccost, retire and fw.mk, exit $rc"
else
  fail "make profile MODE=hwtrace: exit $rc, $(head -c 400 "$prof/mode.log")"
fi
# A recording that lost events says so at the head of gprof.txt too, and
# warnings.txt keeps each warning once; a later run of the same program
# that fails leaves no report of the earlier.
printf '#include <stdio.h>\n__attribute__((noinline)) int leaf(int n) { return n + 1; }\nint main(void) { int s = 0; for (int i = 0; i < 40; i++) s += leaf(i); printf("s %%d\\n", s); return 0; }\n' \
  > "$prof/fwx_lost.c"
uprof FW="$prof/fwx_lost.c" PROFILE_EVENTS=16 > "$prof/lost.log" 2>&1; rc=$?
head1=$(head -1 "$pdir/fwx_lost/gprof.txt" 2>/dev/null)
kept=$(grep -c 'the buffer lost 66 events' "$pdir/fwx_lost/warnings.txt" 2>/dev/null)
uprof FW="$prof/fwx_lost.c" PROFILE_EVENTS=16 SIMFLAGS=+timeout=100 > "$prof/lost2.log" 2>&1; rc2=$?
left=$(for f in functions.txt gmon.out gprof.txt flame.svg; do [ -e "$pdir/fwx_lost/$f" ] && printf '%s ' "$f"; done)
said=$(grep -c 'the buffer lost 66 events' "$prof/lost.log")
if [ "$rc" -eq 0 ] && [ "${head1%%,*}" = "lost: 66 events" ] && [ "$said" = 1 ] && [ "$kept" = 1 ] \
   && [ "$rc2" -ne 0 ] && [ -z "$left" ]; then
  pass "make profile: the lost events said once, kept once in warnings.txt, and at gprof.txt's head ('${head1%%,*}, ...'); a failed run leaves no earlier report"
else
  fail "make profile FW=fwx_lost.c: exit $rc, the loss said $said times and kept $kept, gprof.txt begins '$head1'; the failed run (exit $rc2) left '$left'"
fi
# NAME= names the program and its reports' directory.
uprof FW="$prof/fwx_lost.c" NAME=fwx_named > "$prof/named.log" 2>&1; rc=$?
if [ "$rc" -eq 0 ] && [ -s "$pdir/fwx_named/functions.txt" ] && [ -s "$pdir/fwx_named/fwx_named.elf" ]; then
  pass "make profile NAME=fwx_named: the program and its reports are named so"
else
  fail "make profile NAME=fwx_named: exit $rc, no functions.txt or fwx_named.elf in $pdir/fwx_named"
fi
# A later run that fails to build (its events buffer does not fit the RAM)
# leaves no report of the earlier either, and one line names RAM_BYTES.
uprof FW="$prof/fwx_lost.c" NAME=fwx_named PROFILE_EVENTS=16384 > "$prof/toobig.log" 2>&1; rc=$?
left=$(for f in functions.txt gmon.out gprof.txt flame.svg console.log warnings.txt; do
  [ -e "$pdir/fwx_named/$f" ] && printf '%s ' "$f"; done)
want="fw.mk: fwx_named does not fit the SoC's RAM_BYTES=65536: build and run it with a larger RAM_BYTES (make profile takes one for both)"
if [ "$rc" -ne 0 ] && grep -qxF "$want" "$prof/toobig.log" && [ -z "$left" ]; then
  pass "make profile PROFILE_EVENTS=16384: the build fails with one line naming RAM_BYTES, and no earlier report is left"
else
  fail "make profile PROFILE_EVENTS=16384: exit $rc, left '$left', $(grep -m1 'fw.mk:' "$prof/toobig.log" || echo 'no fw.mk line')"
fi
# main's argc and argv are what fw.mk's own build of the program gets.
printf '#include <stdio.h>\nint main(int argc, char **argv) { printf("argc=%%d argv[argc]=%%s\\n", argc, argv && !argv[argc] ? "null" : "NOT NULL"); return 0; }\n' \
  > "$prof/fwx_args.c"
mk "$prof/args" fwx_args "$prof/fwx_args.c"
(cd "$prof/args" && umake -s FW_BUILD="$prof/args/out") > "$prof/args.log" 2>&1
plain=$("$top/build/sim/$d_top/Vsoc_top" +firmware="$prof/args/out/fwx_args.hex" 2>/dev/null)
uprof FW="$prof/fwx_args.c" >> "$prof/args.log" 2>&1
got=$(sed -n 1p "$pdir/fwx_args/console.log" 2>/dev/null)
if [ "$plain" = "argc=0 argv[argc]=null" ] && [ "$got" = "$plain" ]; then
  pass "make profile passes main's argc and argv as fw.mk's build has them: $got"
else
  fail "make profile: main got '$got', fw.mk's build '$plain' (both should be 'argc=0 argv[argc]=null')"
fi
# FW relative to the shell's directory, under make -C, with a relative -I.
mkdir -p "$prof/rel/inc"
echo '#define REL 7' > "$prof/rel/inc/rel.h"
printf '#include <stdio.h>\n#include "rel.h"\nint main(void) { printf("rel %%d\\n", REL); return 0; }\n' > "$prof/rel/fwx_rel.c"
(cd "$prof" && uprof FW=rel/fwx_rel.c FW_EXTRA_CFLAGS=-Irel/inc) > "$prof/rel.log" 2>&1
got=$(sed -n 1p "$pdir/fwx_rel/console.log" 2>/dev/null)
if [ "$got" = "rel 7" ]; then
  pass "make -C <checkout> profile FW=rel/fwx_rel.c FW_EXTRA_CFLAGS=-Irel/inc: from the shell's directory, $got"
else
  tail -3 "$prof/rel.log"; fail "make -C <checkout> profile FW=rel/fwx_rel.c from $prof: ran '$got', not 'rel 7'"
fi
# FW that make profile cannot build, or cannot take: one line each saying
# so, and no compiler run.
mkdir -p "$prof/sp ace"
cp "$prof/fwx_args.c" "$prof/sp ace/fwx_space.c"
for t in "$prof/args/out/fwx_args.elf:not a C, C++ or assembly source" "$prof/args/out/fwx_args.hex:not a C, C++ or assembly source" \
         "$prof:a directory" "$prof/fwx_none.c:no such file" "$prof/sp ace/fwx_space.c:"; do
  f=${t%:*} why=${t##*:}
  if [ -n "$why" ]; then
    want="make profile: FW=$f: $why; FW is the program's C, C++ or assembly sources (.c, .cc, .cpp, .cxx, .S, .s), which make profile builds"
  else
    want="make profile: FW=\"$f\" is one file with a space in its path, and make cannot handle one; copy or move it (or link it) to a path without spaces"
  fi
  uprof FW="$f" > "$prof/bad.log" 2>&1
  if grep -qF "*** $want.  Stop." "$prof/bad.log" && ! grep -q 'elf-gcc ' "$prof/bad.log"; then
    pass "make profile FW=${f#"$prof"/}: stops with one line, ${why:-one file with a space in its path}"
  else
    fail "make profile FW=${f#"$prof"/}: not the line '$want': $(grep -v '^setup: ' "$prof/bad.log" | head -3 | tr '\n' ' ')"
  fi
done
# PROFILE_EVENTS or PROFILE_IRQ_EVENTS that is not a whole number from 1 to
# 2^26: one line, no compiler run (0 would build a program that prints no
# frame, 2^28 an object larger than GCC makes, 2^29 a buffer whose size
# wraps to none, 20 digits the compiler's errors).
for v in PROFILE_EVENTS=0 PROFILE_EVENTS=abc PROFILE_EVENTS=012 PROFILE_EVENTS=536870912 PROFILE_EVENTS=268435456 \
         PROFILE_IRQ_EVENTS=0 PROFILE_IRQ_EVENTS=x1 PROFILE_IRQ_EVENTS=67108865 PROFILE_IRQ_EVENTS=99999999999999999999; do
  uprof FW="$prof/fwx_args.c" "$v" > "$prof/events.log" 2>&1
  case $v in
  PROFILE_EVENTS=*) held="the program's buffer holds (default 2048)" ;;
  *) held="the interrupts' buffer holds (default 256)" ;;
  esac
  want="make profile: $v is not a whole number from 1 to 67108864 (2^26): the entries and exits ${held/holds/holds, 8 bytes each}"
  if grep -qF "*** $want.  Stop." "$prof/events.log" && ! grep -q 'elf-gcc ' "$prof/events.log"; then
    pass "make profile $v: stops with one line"
  else
    fail "make profile $v: not the line '$want': $(head -3 "$prof/events.log" | tr '\n' ' ')"
  fi
done
# CLOCK_HZ, RAM_BYTES, NAME (../x would write outside build/profile/) and
# HIST_WORDS the same, before anything is built or
# simulated (the linker, the host tool after the run, or the simulator's
# elaboration would meet them; a HIST_WORDS the simulator was not built
# with would leave the histogram's size as it was).
for v in "CLOCK_HZ=abc:make profile: CLOCK_HZ=abc is not a clock in Hz from 1 to 2^32 - 1 (50000000 or 50M): the clock the timeline's times are counted in (default 50000000)" \
         "CLOCK_HZ=5G:make profile: CLOCK_HZ=5G is not a clock in Hz from 1 to 2^32 - 1 (50000000 or 50M): the clock the timeline's times are counted in (default 50000000)" \
         "RAM_BYTES=abc:fw.mk: RAM_BYTES=abc is not a multiple of 4 from 8 to 2147483648 (2 GiB), decimal or 0x hexadecimal: the SoC's RAM in bytes, the same for the program and the simulator (default 65536)" \
         "RAM_BYTES=65538:fw.mk: RAM_BYTES=65538 is not a multiple of 4 from 8 to 2147483648 (2 GiB), decimal or 0x hexadecimal: the SoC's RAM in bytes, the same for the program and the simulator (default 65536)" \
         "RAM_BYTES=4294967296:fw.mk: RAM_BYTES=4294967296 is not a multiple of 4 from 8 to 2147483648 (2 GiB), decimal or 0x hexadecimal: the SoC's RAM in bytes, the same for the program and the simulator (default 65536)" \
         "NAME=../x:make profile: NAME=../x is not a file name of letters, digits, '_', '.', '+' and '-', not beginning with '.' or '-': the program's name (default: its first source's, without the suffix)" \
         "NAME=:make profile: NAME= is not a file name of letters, digits, '_', '.', '+' and '-', not beginning with '.' or '-': the program's name (default: its first source's, without the suffix)" \
         "HIST_WORDS=8192:make profile: HIST_WORDS=8192: the histogram's words are a power of two, 2 to 4096 (default 4096)" \
         "HIST_WORDS=1000:make profile: HIST_WORDS=1000: the histogram's words are a power of two, 2 to 4096 (default 4096)"; do
  arg=${v%%:*} want=${v#*:}
  uprof FW="$prof/fwx_args.c" "$arg" > "$prof/setting.log" 2>&1; rc=$?
  if [ "$rc" -ne 0 ] && grep -qF "*** $want.  Stop." "$prof/setting.log" && ! grep -q 'elf-gcc \|^sim: ' "$prof/setting.log"; then
    pass "make profile $arg: stops with one line, before building"
  else
    fail "make profile $arg: exit $rc, not the line '$want': $(head -3 "$prof/setting.log" | tr '\n' ' ')"
  fi
done
# A run that times out shows the log's tail as a terminal can take it: a
# frame's line of base64 is cut to its head.
printf '#include <stdio.h>\nint main(void) { for (int i = 0; i < 600; i++) putchar(0x41 + i %% 26); putchar(10); for (volatile int n = 0;; n++) ; }\n' \
  > "$prof/fwx_long.c"
uprof FW="$prof/fwx_long.c" SIMFLAGS=+timeout=300000 > "$prof/long.log" 2>&1; rc=$?
widest=$(awk '{ if (length($0) > w) w = length($0) } END { print w + 0 }' "$prof/long.log")
if [ "$rc" -ne 0 ] && grep -qx 'ABCDEFGHIJKLMNOPQRSTUVWXYZ.* \[\.\.\.\]' "$prof/long.log" && [ "$widest" -le 166 ] \
   && grep -q '^profile: fwx_long failed on .*a longer run needs SIMFLAGS=+timeout=<cycles>$' "$prof/long.log"; then
  pass "make profile of a run that times out after a 600-character line: the tail cut to $widest characters a line"
else
  fail "make profile FW=fwx_long.c: exit $rc, widest line $widest characters: $(grep -c . "$prof/long.log") lines"
fi
# RAM_BYTES of its own: a simulator of its own; the default one stays.
# Given in hexadecimal, it reaches fw.mk and the simulator as one number
# (the simulator must take the RAM fw.mk linked for).
cp soc/fw/example/hello.c "$prof/fwx_ram.c"
uprof FW="$prof/fwx_ram.c" RAM_BYTES=0x20000 > "$prof/ram.log" 2>&1
if [ "$(sed -n 1p "$pdir/fwx_ram/console.log" 2>/dev/null)" = "hello, world" ] \
   && grep -q -- '-GRAM_BYTES=131072 ' "$top/build/sim/$d_top-ram131072/config" \
   && grep -q -- '-GRAM_BYTES=65536 ' "$top/build/sim/$d_top/config"; then
  pass "make profile RAM_BYTES=0x20000: run on build/sim/$d_top-ram131072/, build/sim/$d_top/ left at 65536"
else
  tail -3 "$prof/ram.log"; fail "make profile RAM_BYTES=0x20000: not run on its own simulator, or build/sim/$d_top/ rebuilt"
fi
# A program that exits with another code than 0 (an old benchmark's main
# that returns nothing) still gets its reports, after a line saying so.
printf 'static int f(int x) { return x + 1; }\nint main(void) { return f(6); }\n' > "$prof/fwx_code.c"
uprof FW="$prof/fwx_code.c" > "$prof/code.log" 2>&1
if grep -qx "profile: fwx_code exited with 7 on $d_top; its reports follow" "$prof/code.log" \
   && grep -q '^f ' "$pdir/fwx_code/functions.txt" 2>/dev/null; then
  pass "make profile of a program that exits with 7: says so, and writes its reports"
else
  tail -3 "$prof/code.log"; fail "make profile of a program that exits with 7: no line, or no reports"
fi
# A timer interrupt whose handler (the guide's chapter 6.1, its own
# trap_handler) runs instrumented code while the program's calls run: its
# calls go into a buffer of their own, a second events frame, so every
# call is counted once (a handler writing into the program's buffer lost
# calls there and mixed them up).
cat > "$prof/fwx_irq.c" <<'C'
#include "perfscope.h"
#include "soc.h"
#define PERF ((void *)SOC_PERF_BASE)
void tick(void) { soc_set_mtimecmp(soc_mtime() + 5000); }
void trap_handler(unsigned mcause, unsigned mepc)
{
	(void)mepc;
	if (mcause != 0x80000007u)
		soc_exit(SOC_EXIT_EXCEPTION + (mcause & 0xffu));
	PERF_BEGIN(PERF, 6);
	tick();
	PERF_END(PERF, 6);
}
static volatile unsigned sink;
void small(void) { sink++; }
void busy(int n) { for (int i = 0; i < n; i++) small(); }
int main(void)
{
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	tick();
	__asm__ volatile("csrs mie, %0" : : "r"(1u << 7));
	__asm__ volatile("csrsi mstatus, 8");
	for (int i = 0; i < 200; i++)
		busy(2);
	__asm__ volatile("csrci mstatus, 8");
	return perf_get_num_starts(PERF, 6) == 6 ? 0 : 1;
}
C
uprof FW="$prof/fwx_irq.c" > "$prof/irq.log" 2>&1
t=$pdir/fwx_irq/functions.txt
if grep -q '^max call depth seen: 3, functions: 7 (from 2 events frames)$' "$t" 2>/dev/null \
   && grep -qE '^small +0x[0-9a-f]+ +400 ' "$t" && grep -qE '^busy +0x[0-9a-f]+ +200 ' "$t" \
   && grep -qE '^trap_handler +0x[0-9a-f]+ +6 ' "$t" && grep -qE '^tick +0x[0-9a-f]+ +7 ' "$t" \
   && [ "$(grep -c '^@PS events ' "$pdir/fwx_irq/console.log")" = 2 ]; then
  pass "make profile of a program whose timer interrupt runs instrumented code: 6 handler runs and 400 calls around them, exact, the handler's in a frame of its own"
else
  tail -3 "$prof/irq.log"; fail "make profile of a program whose timer interrupt runs instrumented code: $(head -8 "$t" 2>/dev/null | tr '\n' '|')"
fi
# PROFILE_IRQ_EVENTS sizes the interrupts' buffer: 4 hold the first
# handler run's trap_handler, tick and soc_mtime entries and soc_mtime's
# exit; the other 44 entries and exits, and the gaps of the 5 runs after
# the first, are lost, and said (49: the switch that prints the buffer at
# the end adds no gap of its own).
uprof FW="$prof/fwx_irq.c" PROFILE_IRQ_EVENTS=4 > "$prof/irq4.log" 2>&1
if grep -q '^lost: 49 events, the buffer was full' "$t" 2>/dev/null && grep -qE '^trap_handler +0x[0-9a-f]+ +0 ' "$t" \
   && grep -qE '^small +0x[0-9a-f]+ +400 ' "$t"; then
  pass "make profile PROFILE_IRQ_EVENTS=4: the interrupts' buffer holds 4 entries and exits, the 44 others and 5 gaps are lost and said"
else
  tail -3 "$prof/irq4.log"; fail "make profile PROFILE_IRQ_EVENTS=4: $(head -3 "$t" 2>/dev/null | tr '\n' '|')"
fi
# The same program leaving interrupts on when main returns, with section 5
# begun just before and never ended. The handler goes on running while the
# runtime prints its frames, and is not recorded there (6 runs and 7 ticks,
# none lost: a handler that recorded into the interrupts' buffer then
# counted 28 runs and thousands of lost events); and perfscope's counters
# stop with the program, so section 5 counts the return from main through
# exit() to the runtime, a few hundred cycles, not the printing of the
# frames after it (over 900,000).
sed 's/__asm__ volatile("csrci mstatus, 8");/PERF_BEGIN(PERF, 5);/' "$prof/fwx_irq.c" > "$prof/fwx_irqon.c"
uprof FW="$prof/fwx_irqon.c" > "$prof/irqon.log" 2>&1
t=$pdir/fwx_irqon/functions.txt
s5=$(awk -F'|' '$2 ~ /^section 5 / { gsub(/ /, "", $5); print $5 }' "$pdir/fwx_irqon/report.txt" 2>/dev/null)
if grep -qE '^trap_handler +0x[0-9a-f]+ +6 ' "$t" 2>/dev/null && grep -qE '^tick +0x[0-9a-f]+ +7 ' "$t" \
   && ! grep -q '^lost:' "$t" && [ -n "$s5" ] && [ "$s5" -gt 0 ] && [ "$s5" -lt 1000 ]; then
  pass "make profile of a program that returns with interrupts on: the handler's 6 runs, none while the frames print; section 5 stops with the program ($s5 cycles)"
else
  tail -3 "$prof/irqon.log"; fail "make profile of a program that returns with interrupts on: section 5 '$s5' cycles, $(head -8 "$t" 2>/dev/null | tr '\n' '|')"
fi

# A program whose stack grows into make profile's buffers (a frame that
# reaches 32 bytes below the end of .bss, as a large local array would) but
# runs on to its end: the runtime finds the guard above the buffers written
# and prints a line instead of the frames, which make profile stops with
# (the reports were wrong without a word).
cat > "$prof/fwx_stack.c" <<'C'
#include <alloca.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
extern char __bss_end[];
__attribute__((noinline)) void big_frame(void)
{
	char here;
	char *const p = alloca((size_t)(&here - __bss_end) + 32);
	memset(p, 0x11, 64);
	__asm__ volatile("" : : "r"(p) : "memory");
}
int main(void)
{
	big_frame();
	printf("returned\n");
	return 0;
}
C
uprof FW="$prof/fwx_stack.c" > "$prof/stack.log" 2>&1; rc=$?
if [ "$rc" -ne 0 ] && grep -q '^profile: error: the stack grew into the events buffers below it ([0-9]* bytes), so the calls recorded are damaged and no frame is printed' "$prof/stack.log" \
   && ! grep -q '^@PS events ' "$pdir/fwx_stack/console.log" && [ ! -e "$pdir/fwx_stack/functions.txt" ]; then
  pass "make profile of a program whose stack grew into the events buffers: stops with the runtime's line, no reports"
else
  fail "make profile of a program whose stack grew into the events buffers: exit $rc, $(grep -v '^make' "$prof/stack.log" | head -2 | tr '\n' '|')"
fi
# A program that ends the run itself (soc_exit, bypassing exit() and _exit)
# prints no events frame: make profile says so and stops, with its code or
# without, instead of "its reports follow" and the host tool's error.
printf '#include "soc.h"\nint main(void)\n{\n\tsoc_exit(CODE);\n\treturn 0;\n}\n' > "$prof/fwx_socexit.c"
for code in 5 0; do
  uprof FW="$prof/fwx_socexit.c" FW_EXTRA_CFLAGS=-DCODE=$code > "$prof/socexit.log" 2>&1; rc=$?
  if [ $code = 5 ]; then
    want="profile: fwx_socexit exited with 5 on $d_top; it printed no events frame before, so there are no reports"
  else
    want="profile: fwx_socexit printed no events frame on $d_top, so there are no reports (see $pdir/fwx_socexit/console.log)"
  fi
  if [ "$rc" -ne 0 ] && grep -qxF "$want" "$prof/socexit.log" && ! grep -q '^perfscope:' "$prof/socexit.log"; then
    pass "make profile of a program that ends in soc_exit($code): no events frame, said, no reports"
  else
    fail "make profile of a program that ends in soc_exit($code): exit $rc, $(grep -v '^make' "$prof/socexit.log" | head -2 | tr '\n' '|')"
  fi
done
# An atexit() handler's calls are recorded whether main returns or calls
# exit(): the recording ends in _exit, after the handlers.
cat > "$prof/fwx_atexit.c" <<'C'
#include <stdio.h>
#include <stdlib.h>
void helper(void) { }
void at_end(void) { helper(); helper(); }
void work(void) { helper(); }
int main(void)
{
	atexit(at_end);
	work();
	work();
#ifdef BY_EXIT
	exit(0);
#endif
	return 0;
}
C
for how in return exit; do
  extra=()
  [ $how = exit ] && extra=(FW_EXTRA_CFLAGS=-DBY_EXIT)
  uprof FW="$prof/fwx_atexit.c" NAME="fwx_atexit_$how" "${extra[@]}" > "$prof/atexit.log" 2>&1
  t=$pdir/fwx_atexit_$how/functions.txt
  if grep -qE '^at_end +0x[0-9a-f]+ +1 ' "$t" 2>/dev/null && grep -qE '^helper +0x[0-9a-f]+ +4 ' "$t"; then
    pass "make profile of a program with an atexit() handler, main ending by $how: the handler's calls recorded"
  else
    tail -3 "$prof/atexit.log"; fail "make profile of a program with an atexit() handler, main ending by $how: $(head -7 "$t" 2>/dev/null | tr '\n' '|')"
  fi
done

# A C++ program: every report names its functions as the source spells
# them (demangled, as gprof.txt does), and the CSV quotes a name with a
# comma in it.
cat > "$prof/fwx_cxx.cpp" <<'C'
#include <stdio.h>
namespace geo {
template <typename T> struct Vec {
	T x, y;
	__attribute__((noinline)) T dot(const Vec &o) const { return x * o.x + y * o.y; }
};
__attribute__((noinline)) int area(int w, int h) { return w * h; }
__attribute__((noinline)) long area(long w, long h, long d) { return w * h * d; }
}
int main()
{
	geo::Vec<int> a{1, 2}, b{3, 4};
	long s = 0;
	for (int i = 0; i < 10; i++)
		s += a.dot(b) + geo::area(i, 2) + geo::area(1L, 2L, (long)i);
	printf("s %ld\n", s);
	return 0;
}
C
uprof FW="$prof/fwx_cxx.cpp" > "$prof/cxx.log" 2>&1
c=$pdir/fwx_cxx
rows=$(build/tools/perfscope functions --format csv -e "$c/fwx_cxx.elf" "$c/console.log" 2>&1 | python3 -c '
import csv, sys
print(";".join(sorted(r[1] + "|" + r[3] for r in list(csv.reader(sys.stdin))[1:])))')
want='geo::Vec<int>::dot(geo::Vec<int> const&) const|10;geo::area(int, int)|10;geo::area(long, long, long)|10;main|1'
if grep -qE '^geo::area\(long, long, long\) +0x[0-9a-f]+ +10 ' "$c/functions.txt" 2>/dev/null \
   && grep -qE '^main;geo::Vec<int>::dot\(geo::Vec<int>_const&\)_const [0-9]+$' "$c/folded.txt" \
   && grep -q '"name":"geo::area(int, int)"' "$c/trace.json" && grep -q 'geo::Vec&lt;int&gt;::dot' "$c/flame.svg" \
   && [ "$rows" = "$want" ]; then
  pass "make profile of a C++ program: its functions by their C++ names in every report, the CSV's quoted"
else
  tail -3 "$prof/cxx.log"; fail "make profile of a C++ program: functions.txt '$(sed -n 3,6p "$c/functions.txt" 2>/dev/null | cut -c1-48 | tr '\n' '|')', CSV '$rows'"
fi

# A program built with -flto, profiled from the retire stream: LTO's marker
# symbols (lto1.c.9b856589: weak, hidden, of .debug_info) fall inside
# vfprintf and main, and gprof took them for functions and gave them those
# functions' cycles; gprof.elf has them local, so gprof.txt's flat profile
# gives every function the self cycles functions.txt gives it (but
# __riscv_save_N and __riscv_restore_N, entries into shared code, and _start
# and _exit, as tools/test/check_outputs.py compares them).
cat > "$prof/fwx_lto1.c" <<'C'
#include <stdio.h>
long long work(int n);
int main(void)
{
	long long s = 0;
	for (int i = 0; i < 20; i++) {
		s += work(i);
		printf("lto: %d %lld %llx\n", i, s, (unsigned long long)s * 977);
	}
	return 0;
}
C
cat > "$prof/fwx_lto2.c" <<'C'
__attribute__((noinline)) long long work(int n)
{
	long long s = 0;
	for (int i = 0; i < n * 10; i++)
		s += (long long)(i ^ n) * 1000003 / 7;
	return s;
}
C
uprof FW="$prof/fwx_lto1.c $prof/fwx_lto2.c" NAME=fwx_lto MODE=retire FW_EXTRA_CFLAGS=-flto > "$prof/lto.log" 2>&1
l=$pdir/fwx_lto-retire
skip='^(__riscv_(save|restore)_[0-9]+|_start|_exit) '
flat=$(awk '/^Flat profile/,/Call graph/' "$l/gprof.txt" 2>/dev/null | awk '$3 ~ /^[0-9]+\.00$/ { sub(/\.00$/, "", $3); print $NF, $3 }' \
         | grep -vE "$skip" | sort)
table=$(awk 'NR > 2 && $9 > 0 { print $1, $9 }' "$l/functions.txt" 2>/dev/null | grep -vE "$skip" | sort)
if [ -n "$flat" ] && [ "$flat" = "$table" ] && ! grep -qE '\.c\.[0-9a-f]{8}$' "$l/gprof.txt"; then
  pass "make profile MODE=retire of a program built with -flto: gprof's flat profile gives each function its self cycles ($(echo "$flat" | grep vfprintf))"
else
  tail -3 "$prof/lto.log"; fail "make profile MODE=retire of a program built with -flto: gprof's flat profile '$(echo "$flat" | tr '\n' ';')' is not functions.txt's '$(echo "$table" | tr '\n' ';')'"
fi

# A .text more than HIST_WORDS - 1 buckets of 512 bytes hold: the cycles
# past them are OUTSIDE, which make profile says in warnings.txt and at
# gprof.txt's head (its percentages are of the rest).
uprof FW="$prof/fwx_lto1.c $prof/fwx_lto2.c" NAME=fwx_lto16 MODE=retire HIST_WORDS=16 > "$prof/lto16.log" 2>&1
l=$pdir/fwx_lto16-retire
size=$(( 0x$(riscv64-unknown-elf-objdump -h "$l/fwx_lto16.elf" 2>/dev/null | awk '$2 == ".text" { print $3 }') ))
outside=$(awk '$1 == "OUTSIDE" { print $2 " cycles (" $3 " %)" }' "$l/hist.txt" 2>/dev/null)
if [ "$size" -gt 7680 ] && [ "${outside%% *}" -gt 0 ] \
   && grep -qxF "profile: warning: .text ($size bytes) is more than HIST_WORDS=16 holds (15 buckets of 512 bytes): the cycles past them are OUTSIDE, in no function of hist.txt or gprof.txt; pass a larger HIST_WORDS (at most 4096)" "$l/warnings.txt" \
   && grep -qxF "OUTSIDE: $outside outside the buckets, in no function below: .text is more than HIST_WORDS=16 holds" "$l/gprof.txt" 2> /dev/null; then
  pass "make profile MODE=retire HIST_WORDS=16 of a $size-byte .text: warnings.txt and gprof.txt's head say OUTSIDE's $outside"
else
  tail -3 "$prof/lto16.log"; fail "make profile MODE=retire HIST_WORDS=16: .text $size bytes, OUTSIDE '$outside': no warning, or no line in gprof.txt"
fi

# A longjmp out of four calls: their exits never come, the exits after
# it pair with them, and the table is wrong around them; the runtime counts
# the calls still open when main returns and make profile warns, in its
# output and warnings.txt.
cat > "$prof/fwx_jmp.c" <<'C'
#include <setjmp.h>
static jmp_buf env;
__attribute__((noinline)) void leaf(void) { longjmp(env, 1); }
__attribute__((noinline)) void deep(int k) { if (k == 0) leaf(); else deep(k - 1); }
int main(void)
{
	if (setjmp(env) == 0)
		deep(2);
	return 0;
}
C
uprof FW="$prof/fwx_jmp.c" > "$prof/jmp.log" 2>&1
want="profile: warning: 4 calls were still open when main returned (a longjmp out of them, or threads that switch stacks?): exits pair with the newest open call, so the calls made after them are counted deeper, and their time in the wrong functions; MODE=retire follows a longjmp, the hook libraries threads (docs/programmers-guide.md 6.3)"
if grep -qxF "$want" "$prof/jmp.log" && grep -qxF "$want" "$pdir/fwx_jmp/warnings.txt" 2>/dev/null; then
  pass "make profile of a program that longjmps out of 4 calls: warns that they were still open when main returned"
else
  tail -3 "$prof/jmp.log"; fail "make profile of a program that longjmps out of 4 calls: no warning '$want'"
fi

# docs/retire.md's three programs, taken as a reader copies them (the
# first C block after each sentence), built with FW_WERROR=-Werror and run
# as the page says: the calls' stream counts leaf's 10 calls and work's
# one; the histogram's frame charges cycles to both; the trigger
# addresses give section 1 its 10 occurrences.
rdoc=$top/build/fw-example-retire
rm -rf "$rdoc"
for g in "calls:With RETIRE_CTRL.CALLS set and the trace unit enabled" \
         "hist:K = 0 is exact, and K > 0 is for runs it cannot hold" "trig:keep coming two cycles apart"; do
  name=${g%%:*} at=${g#*:}
  mk "$rdoc/$name" "$name" "$name.c"
  awk -v at="$at" 'index($0, at) { seen = 1 } seen && /^```c$/ { on = 1; next } on && /^```$/ { exit } on' \
    docs/retire.md > "$rdoc/$name/$name.c"
  if ! [ -s "$rdoc/$name/$name.c" ] || ! (cd "$rdoc/$name" && umake -s FW_BUILD="$rdoc/$name" FW_WERROR=-Werror) \
       > "$rdoc/$name/build.log" 2>&1; then
    tail -5 "$rdoc/$name/build.log"; fail "docs/retire.md's program after '$at' does not build"
    continue
  fi
  "$top/build/sim/$d_top/Vsoc_top" +firmware="$rdoc/$name/$name.hex" +trace_file="$rdoc/$name/$name.trace" \
    > "$rdoc/$name/console.log" 2>&1
  case $name in
  calls) got=$(build/tools/perfscope functions --format csv -e "$rdoc/$name/$name.elf" "$rdoc/$name/$name.trace" 2>/dev/null \
               | awk -F, '$2 == "work" || $2 == "leaf" { printf "%s %s;", $2, $4 }') want="work 1;leaf 10;" ;;
  hist) got=$(build/tools/perfscope hist -e "$rdoc/$name/$name.elf" "$rdoc/$name/console.log" 2>/dev/null \
              | awk '($1 == "work" || $1 == "leaf") && $3 > 0 { print $1 } $1 == "OUTSIDE" { print "OUTSIDE " $2 }' \
              | sort | tr '\n' ';')
        want="OUTSIDE 0;leaf;work;" ;;
  trig) got=$(grep '^|spin_loop ' "$rdoc/$name/console.log" | awk -F'|' '{ gsub(/ /, "", $6); print $6 }') want=10 ;;
  esac
  if grep -q '^sim: exit 0 after ' "$rdoc/$name/console.log" && [ "$got" = "$want" ]; then
    pass "docs/retire.md's $name program builds with -Werror and runs as the page says: $got"
  else
    tail -3 "$rdoc/$name/console.log"; fail "docs/retire.md's $name program: '$got', not '$want'"
  fi
done

exit $status
