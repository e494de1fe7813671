#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The SoC's C runtime (soc/fw/) as a user's program meets it, built with
# fw.mk as soc/fw/example/ is and run on the default CPU's simulator:
#
#   write/read   write() to standard output and error is the console's,
#                to another descriptor EBADF; read() of standard input is
#                end of file
#   -flto        a program built with link-time optimisation links and runs
#                (the console's streams survive it)
#   constructor  a program with a constructor or a destructor does not
#                link, with the one line link.ld gives (crt0.S runs none)
#   too big      a program bigger than the RAM less the stack does not
#                link, with link.ld's line saying what to change
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
status=0
pass() { echo "PASS fw runtime: $1"; }
fail() { echo "FAIL fw runtime: $1"; status=1; }

cpu=$(sed -n 's/^CPU *?= *//p' soc/fw/fw.mk)
work=$top/build/fw-runtime
rm -rf "$work" && mkdir -p "$work"
{
  echo "TOP := $top"
  echo "include \$(TOP)/soc/fw/fw.mk"
  for p in io lto ctor dtor big; do echo "\$(eval \$(call fw_program,$p,$p.c))"; done
} > "$work/Makefile"
cat > "$work/io.c" <<'C'
#include <errno.h>
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	char c;
	write(1, "out\n", 4);
	write(2, "err\n", 4);
	const int bad = write(5, "x", 1) == -1 && errno == EBADF;
	printf("io: fd 5 %s, read %d\n", bad ? "EBADF" : "WRITTEN", (int)read(0, &c, 1));
	return 0;
}
C
cat > "$work/lto.c" <<'C'
#include <stdio.h>
int main(void) { printf("lto: %d\n", 42); return 0; }
C
cat > "$work/ctor.c" <<'C'
#include <stdio.h>
static int x;
__attribute__((constructor)) static void init(void) { x = 5; }
int main(void) { printf("ctor: %d\n", x); return 0; }
C
cat > "$work/big.c" <<'C'
#include <stdio.h>
static volatile char table[62000];
int main(void) { table[5] = 1; printf("big: %d\n", table[5]); return 0; }
C
cat > "$work/dtor.c" <<'C'
#include <stdio.h>
__attribute__((destructor)) static void fini(void) { printf("dtor\n"); }
int main(void) { return 0; }
C
# make in the program's directory, as a user types it.
user_make() { (cd "$work" && env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS make -s FW_BUILD="$work/out" "$@"); }
make -s -C sim CPU="$cpu" > /dev/null || fail "make -C sim CPU=$cpu"
sim=$top/build/sim/$cpu/Vsoc_top

# <program> <expected console> [make variable]...
run() {
  local p=$1 want=$2; shift 2
  if ! user_make "$@" "$work/out/$p.hex" > "$work/$p.log" 2>&1; then
    tail -3 "$work/$p.log"; fail "$p: did not build"; return
  fi
  timeout -s KILL 120 "$sim" +firmware="$work/out/$p.hex" > "$work/$p.out" 2> /dev/null; local rc=$?
  if [ "$rc" -eq 0 ] && [ "$(cat "$work/$p.out")" = "$want" ]; then
    pass "$p${*:+ ($*)}: $(tr '\n' '|' < "$work/$p.out")"
  else
    fail "$p${*:+ ($*)}: exit $rc, printed '$(tr '\n' '|' < "$work/$p.out")', not '$(printf '%s' "$want" | tr '\n' '|')'"
  fi
}
run io "$(printf 'out\nerr\nio: fd 5 EBADF, read 0')"
run lto "lto: 42" FW_EXTRA_CFLAGS=-flto

# <program> <why it must not link> <link.ld's line>: the link stops with it.
link_stops() {
  local p=$1 why=$2 msg=$3
  if user_make "$work/out/$p.hex" > "$work/$p.log" 2>&1; then
    fail "$p: linked, $why"
  elif grep -qF "$msg" "$work/$p.log"; then
    pass "$p: the link stops: $msg"
  else
    tail -3 "$work/$p.log"; fail "$p: the link failed without saying why"
  fi
}
for p in ctor dtor; do
  link_stops $p "and crt0.S would not run its $p" 'constructors and destructors are not supported (crt0.S runs none)'
done
link_stops big "a 62000-byte table in 64 KiB with the stack" \
  'RAM too small for the image and __stack_size of stack: build it and the simulator with a larger RAM_BYTES, or with FW_PRINTF=integer for a smaller printf'
exit $status
