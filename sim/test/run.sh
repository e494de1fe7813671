#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Misuse of the simulator and its Makefile, and traps, with exact messages
# and exit codes (docs/programmers-guide.md, "Running in simulation").
# usage: run.sh <checkout> <cpu without a divider> <cpu the programs are for> <dir of the programs>
#
#   firmware   +firmware= a directory, an empty file, an ELF, garbage, a
#              byte-wide image, an image bigger than the RAM: exit 2, one line naming the
#              problem and what to pass, nothing simulated; a path of 300
#              characters runs (Verilator's $readmemh took 256), and so
#              does an image with no newline after its last word
#   usage      no +firmware= (no argument at all): exit 2, the usage line
#              with every plusarg the harness takes
#   timeout    +timeout= not a positive number or empty: exit 2, one line;
#              the TIMEOUT line counts from the CPU's release (+hist=)
#   trace      +trace_stall= not 1..1000000 or never, +trace_file without a name or
#              not writable, +trace= not writable: exit 2, one line; a good
#              +trace_file= gets the header
#   plusargs   an argument the harness does not take (+timout=, a file
#              name without +firmware=), or one of its plusargs given
#              twice: exit 2, one line; Verilator's +verilator+seed+ runs,
#              its others and bad values: exit 2, one line
#   outputs    two outputs or an output and the firmware naming one file:
#              exit 2 before anything is written; an output whose writes
#              fail (a file size limit): its line after the run's, exit 2,
#              also for a run that failed itself; +trace= a FIFO: exit 2
#   uart       +uart= (UART build): writes the console, no name or not
#              writable: exit 2, one line; without a UART: exit 2
#   tap parts  +retire_calls, +hist=, +trig= on an IP without the part
#              (RETIRE=0; HIST_BUCKETS=0; TRIGGERS=2): exit 2, the setting
#   retire     +retire_file without a name or not writable: exit 2, one
#              line; a good one holds the calls of the program's retire
#              stream, read back by the host tool; +retire_calls=, +hist=
#              and +trig= malformed, +trig= arming a section twice or
#              with one address, +hist= past 2^32: exit 2, one line
#   exit       a program ending by exit(): its retire stream and histogram
#              end at the exit (_exit's cycles exact, with and without
#              +retire_calls); +trig= alone measures its section, and the
#              harness prints the sections frame after the exit, as
#              +sections does; a trigger hit lost (TRIG_LOST) is said; a
#              program that takes the histogram gets no frame of the run
#   newline    a console whose last line has no newline: stdout is what
#              the program printed, the harness's lines start lines of
#              their own
#   model      +model= neither on nor off: exit 2, one line; records with
#              +model=off: the same exit code, console and trace file as
#              with the model, records taken while it runs and after its
#              exit, and a summary line that says nothing was checked
#   halt       while (1); with interrupts off ends the run, exit 0; with
#              the timer's on it goes on; in a trap handler: exit 124
#   over       a store beyond the RAM: exit 4, one line
#   backlog    records still in the FIFO at the exit all reach the trace
#              file, with and without the model
#   trap       trap (rv32im) divides on VexRiscv_Min: one report line with
#              mcause, mepc and mtval, exit 102
#   nested     trap_nested breaks the handler, then traps: exit 99
#   libc       libc's clocks read MTIME, its sleeps wait on it; a failed
#              assert() exits 134; a
#              program's own times() replaces the runtime's
#   RAM_BYTES  a program bigger than 64 KiB runs on a simulator built for it
#              (and without the retire tap: RETIRE=0 alone builds)
#   make run   FW= and SIMFLAGS file names relative to where the user
#              stands, from two directories; refused in a sub-make, and
#              with a space in a path; each setting the RTL takes
#              (RAM_BYTES, PERF_SECTIONS, BAUD_DIV, TRACE_DEPTH, RETIRE,
#              HIST_BUCKETS, TRIGGERS) out of its range
#   PGO        a simulator built with PGO= runs a program exactly as the
#              default build (exit code, console, summary line, trace
#              file); a PGO= file that does not exist: one line, nothing
#              built
set -u
top=$1 cpu=$2 fw_cpu=$3 fw=$4
sim=$top/build/sim/$cpu/Vsoc_top
# A harness that ignores a bad plusarg can run for ever: every run is cut
# after 2 minutes (exit 137), far more than any of these needs.
limit() { timeout -s KILL 120 "$@"; }
work=$top/build/sim-test/work
rm -rf "$work" && mkdir -p "$work"
status=0
pass() { echo "PASS harness: $1"; }
fail() { echo "FAIL harness: $1"; status=1; }

# expect <name> <exit code> <exact stderr> <plusargs...>: stdout must be
# empty (no simulation, no console output). expect_on <simulator> <name> ...
# runs another simulator.
expect() { expect_on "$sim" "$@"; }
expect_on() {
  local s=$1 name=$2 want_rc=$3 want_err=$4; shift 4
  local rc
  limit "$s" "$@" > "$work/out" 2> "$work/err"; rc=$?
  local err; err=$(cat "$work/err")
  if [ "$rc" -eq "$want_rc" ] && [ "$err" = "$want_err" ] && [ ! -s "$work/out" ]; then
    pass "$name: exit $rc, $err"
  else
    fail "$name: exit $rc (want $want_rc), stdout $(wc -c < "$work/out") bytes, stderr: $(head -c 300 "$work/err") (want: $want_err)"
  fi
}

hint="pass the .hex that soc/fw/fw.mk builds (build/fw/<cpu>/<dir>/<name>.hex)"
mkdir -p "$work/dir"
: > "$work/empty.hex"
cp "$fw/hello.elf" "$work/app.elf"
printf '00000013\nhello world\n' > "$work/garbage.hex"
printf '00000013\n0_0000_0013\n100000013\n' > "$work/wide.hex"
# 16385 words: one past the 64 KiB RAM.
{ cat "$fw/hello.hex"; yes 00000013 | head -n $((16385 - $(wc -l < "$fw/hello.hex"))); } > "$work/big.hex"
printf '@4000\n00000013\n' > "$work/big_at.hex"
printf '@00000000\n13 00 00 00 6F 00 00 00\n' > "$work/bytes.hex"  # objcopy -O verilog's layout
printf '@4000000000000000\n00000013\n' > "$work/far_at.hex"
printf '@3fffffffffffffff\n00000013\n' > "$work/last_at.hex"

expect "firmware is a directory" 2 "sim: firmware $work/dir is a directory; $hint" +firmware="$work/dir"
expect "firmware is empty" 2 "sim: firmware $work/empty.hex is empty; $hint" +firmware="$work/empty.hex"
expect "firmware is missing" 2 "sim: firmware $work/none.hex: No such file or directory; $hint" +firmware="$work/none.hex"
expect "firmware is an ELF" 2 \
  "sim: firmware $work/app.elf is an ELF file; pass the .hex that soc/fw/fw.mk builds next to it ($work/app.hex)" \
  +firmware="$work/app.elf"
expect "firmware is garbage" 2 \
  "sim: firmware $work/garbage.hex: line 2: 'hello' is not a 32-bit hex word for \$readmemh; $hint" \
  +firmware="$work/garbage.hex"
expect "firmware a byte-wide image" 2 \
  "sim: firmware $work/bytes.hex: every word has two hex digits, a byte-wide image (objcopy -O verilog without --verilog-data-width=4?); $hint" \
  +firmware="$work/bytes.hex"
expect "firmware word wider than 32 bits" 2 \
  "sim: firmware $work/wide.hex: line 3: '100000013' is wider than 32 bits; $hint" +firmware="$work/wide.hex"
expect "firmware too big" 2 \
  "sim: firmware $work/big.hex: line 16385: word at byte address 0x10000 is past the end of the RAM (65536 bytes); the image is too big for this simulator (build it and the program with a larger RAM_BYTES: make -C sim RAM_BYTES=<bytes>, and the same for soc/fw/fw.mk)" \
  +firmware="$work/big.hex"
expect "firmware @address past the RAM" 2 \
  "sim: firmware $work/big_at.hex: line 2: word at byte address 0x10000 is past the end of the RAM (65536 bytes); the image is too big for this simulator (build it and the program with a larger RAM_BYTES: make -C sim RAM_BYTES=<bytes>, and the same for soc/fw/fw.mk)" \
  +firmware="$work/big_at.hex"
expect "firmware @address the last with a 64-bit byte address" 2 \
  "sim: firmware $work/last_at.hex: line 2: word at byte address 0xfffffffffffffffc is past the end of the RAM (65536 bytes); the image is too big for this simulator (build it and the program with a larger RAM_BYTES: make -C sim RAM_BYTES=<bytes>, and the same for soc/fw/fw.mk)" \
  +firmware="$work/last_at.hex"
expect "firmware @address 2^62 words, past any byte address" 2 \
  "sim: firmware $work/far_at.hex: line 2: word at word address 0x4000000000000000 is past the end of the RAM (65536 bytes); the image is too big for this simulator (build it and the program with a larger RAM_BYTES: make -C sim RAM_BYTES=<bytes>, and the same for soc/fw/fw.mk)" \
  +firmware="$work/far_at.hex"
usage="usage: $sim +firmware=<file.hex> [+timeout=<cycles>] [+trace[=<file.fst>]] [+trace_stall=<n>|never]"
usage+=" [+trace_file=<file>] [+retire_file=<file>] [+retire_calls] [+hist=<base>,<shift>[,<k>]]"
usage+=" [+trig=<n>:<start>:<end>[,...]] [+sections] [+model=on|off] [+uart=<file>]"
usage+=" [+verilator+seed+<n>] [+verilator+rand+reset+<0|1|2>]"
expect "no +firmware=" 2 "sim: no +firmware= given (the program to run); $usage" +timeout=5
expect "no argument" 2 "sim: no +firmware= given (the program to run); $usage"
expect "+firmware= empty" 2 "sim: no +firmware= given (the program to run); $usage" +firmware=
for t in abc -5 0 12x 99999999999999999999; do
  expect "+timeout=$t" 2 \
    "sim: +timeout=$t is not a number of cycles; pass a positive decimal count, e.g. +timeout=20000000" \
    +firmware="$fw/hello.hex" +timeout="$t"
done
expect "+timeout without a value" 2 \
  "sim: +timeout is not a number of cycles; pass a positive decimal count, e.g. +timeout=20000000" \
  +firmware="$fw/hello.hex" +timeout
expect "+timeout= empty" 2 \
  "sim: +timeout= is not a number of cycles; pass a positive decimal count, e.g. +timeout=20000000" \
  +firmware="$fw/hello.hex" +timeout=

# A firmware path longer than the 256 characters of Verilator's buffer for
# the name $readmemh gets (it crashed, exit 139): the harness hands soc_ram
# /dev/fd/<n> instead.
long=$work/long
while [ ${#long} -lt 290 ]; do long=$long/0123456789abcdefghijklmnopqrstuvwxyz; done
mkdir -p "$long" && cp "$fw/hello.hex" "$long/hello.hex"
limit "$top/build/sim/$fw_cpu/Vsoc_top" +firmware="$long/hello.hex" > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" -eq 0 ] && [ "$(head -1 "$work/out")" = "hello, world" ] && grep -q '^sim: exit 0 after ' "$work/err"; then
  pass "+firmware= a path of ${#long}+10 characters: hello runs, exit 0"
else
  fail "+firmware= a path of ${#long}+10 characters: exit $rc (want 0): $(head -c 300 "$work/err")"
fi

# An image whose last word has no newline after it: Verilator's $readmemh
# dropped that word (the program ran into a zero), so the harness hands it
# the image with one.
printf '0040006f\n0000006f' > "$work/nonl.hex"  # j 4; at 4: j . (a halt: exit 0)
limit "$top/build/sim/$fw_cpu/Vsoc_top" +firmware="$work/nonl.hex" +timeout=2000 > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" -eq 0 ] && grep -q '^sim: exit 0 after ' "$work/err"; then
  pass "+firmware= an image without a newline after its last word: that word loads, the program halts, exit 0"
else
  fail "+firmware= an image without a newline after its last word: exit $rc (want 0): $(head -c 300 "$work/err")"
fi

# The trace stream's plusargs: refused before anything is simulated.
for t in abc -5 0 12x 1000001 99999999999999999999 Never; do
  expect "+trace_stall=$t" 2 \
    "sim: +trace_stall=$t is not a number of cycles; pass a decimal count from 1 to 1000000, or never, e.g. +trace_stall=4" \
    +firmware="$fw/hello.hex" +trace_stall="$t"
done
expect "+trace_stall without a value" 2 \
  "sim: +trace_stall is not a number of cycles; pass a decimal count from 1 to 1000000, or never, e.g. +trace_stall=4" \
  +firmware="$fw/hello.hex" +trace_stall
expect "+trace_file without a value" 2 "sim: +trace_file needs a file name, e.g. +trace_file=run.trace" \
  +firmware="$fw/hello.hex" +trace_file
expect "+trace_file= empty" 2 "sim: +trace_file needs a file name, e.g. +trace_file=run.trace" \
  +firmware="$fw/hello.hex" +trace_file=
expect "+trace_file in a directory that does not exist" 2 \
  "sim: cannot write +trace_file=$work/none/x.trace: No such file or directory" \
  +firmware="$fw/hello.hex" +trace_file="$work/none/x.trace"
# Verilator's FST writer would run on without the file, and without a word.
expect "+trace= in a directory that does not exist" 2 \
  "sim: cannot write +trace=$work/none/x.fst: No such file or directory" \
  +firmware="$fw/hello.hex" +trace="$work/none/x.fst"
# A command line refused for one output leaves the others as they were:
# they are emptied only once the command line is taken, the FST writer's
# own failure (its .hier file a directory) included.
rm -rf "$work/hier.fst" "$work/hier.fst.hier" && mkdir "$work/hier.fst.hier"
for fst in none/x.fst hier.fst; do
  case $fst in
  none/*) why="No such file or directory" ;;
  *) why="the FST writer could not create it or its .hier file next to it" ;;
  esac
  echo "an earlier run's" > "$work/keep.trace"
  expect "+trace_file= of a file, then +trace=$fst refused" 2 "sim: cannot write +trace=$work/$fst: $why" \
    +firmware="$fw/hello.hex" +trace_file="$work/keep.trace" +trace="$work/$fst"
  if [ "$(cat "$work/keep.trace")" = "an earlier run's" ]; then
    pass "a command line refused for +trace=$fst leaves +trace_file='s file as it was"
  else
    fail "a command line refused for +trace=$fst emptied +trace_file='s file"
  fi
done

# A good +trace_file= gets the header even when no record leaves; a stall
# changes nothing for a program that traces nothing.
limit "$top/build/sim/$fw_cpu/Vsoc_top" +firmware="$fw/hello.hex" +trace_file="$work/hello.trace" +trace_stall=7 > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" -eq 0 ] && [ "$(od -An -c -N8 "$work/hello.trace" | tr -d ' ')" = 'PSTRACE\0' ] \
   && [ "$(stat -c %s "$work/hello.trace")" -eq 16 ] && grep -q ', 0 trace records checked$' "$work/err"; then
  pass "+trace_file=: the 16-byte PSTRACE header, no record; +trace_stall=7 runs"
else
  fail "+trace_file=: exit $rc, $(od -An -c -N16 "$work/hello.trace" 2>&1 | head -1); $(tail -1 "$work/err")"
fi

# Arguments the harness does not take: refused before anything runs.
args_hint="it takes +firmware= +timeout= +trace[=] +trace_stall= +trace_file= +retire_file= +retire_calls +hist= +trig= +sections +model= +uart= +verilator+seed+<n> +verilator+rand+reset+<0|1|2> (sim/main.cpp)"
expect "+timout=100, a misspelt plusarg" 2 "sim: +timout=100 is not an argument of this harness; $args_hint" \
  +firmware="$fw/hello.hex" +timout=100
expect "+timeout[=5, a known name with a [" 2 "sim: +timeout[=5 is not an argument of this harness; $args_hint" \
  +firmware="$fw/hello.hex" "+timeout[=5"
expect "a file name without +firmware=" 2 "sim: $fw/hello.hex is not an argument of this harness; $args_hint" \
  "$fw/hello.hex"
expect "+sections with a value" 2 "sim: +sections takes no value" +firmware="$fw/hello.hex" +sections=1
# A plusarg given twice, with or without the same value: refused before
# anything runs, whichever of the harness's it is (the first would win).
expect "+firmware= given twice" 2 \
  "sim: +firmware is given twice (+firmware=$fw/hello.hex +firmware=$fw/records.hex); pass it once" \
  +firmware="$fw/hello.hex" +firmware="$fw/records.hex"
expect "+trace and +trace=" 2 "sim: +trace is given twice (+trace +trace=$work/x.fst); pass it once" \
  +firmware="$fw/hello.hex" +trace +trace="$work/x.fst"
for a in +timeout=5 +trace +trace_stall=4 +trace_file="$work/x.trace" +retire_file="$work/x.retire" +retire_calls \
         +hist=0x0,0 +trig=1:0x100:0x200 +sections +model=off +uart="$work/x.uart"; do
  expect "${a%%=*} given twice" 2 "sim: ${a%%=*} is given twice ($a $a); pass it once" +firmware="$fw/hello.hex" "$a" "$a"
done
limit "$top/build/sim/$fw_cpu/Vsoc_top" +firmware="$fw/hello.hex" +verilator+seed+5 > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" -eq 0 ] && [ "$(head -1 "$work/out")" = "hello, world" ]; then
  pass "+verilator+seed+5, Verilator's own: taken, hello runs"
else
  fail "+verilator+seed+5: exit $rc: $(head -c 300 "$work/err")"
fi
# Verilator's others, and bad values: Verilator printed on stdout and
# exited 134, the firmware's abort() code.
vl_takes="it takes +verilator+seed+<n> and +verilator+rand+reset+<0|1|2> (sim/main.cpp)"
for a in +verilator+bogus +verilator+help +verilator+version +verilator+debug +verilator+prof+exec+start+5; do
  expect "$a" 2 "sim: $a is not a Verilator runtime argument this harness takes; $vl_takes" +firmware="$fw/hello.hex" "$a"
done
for a in +verilator+seed+abc +verilator+seed+0 +verilator+seed+ +verilator+seed+2147483648; do
  expect "$a" 2 "sim: $a is not +verilator+seed+<n>; its value is a decimal number from 1 to 2147483647" \
    +firmware="$fw/hello.hex" "$a"
done
expect "+verilator+rand+reset+3" 2 \
  "sim: +verilator+rand+reset+3 is not +verilator+rand+reset+<0|1|2>; its value is a decimal number from 0 to 2" \
  +firmware="$fw/hello.hex" +verilator+rand+reset+3

# The retire stream's recording (docs/retire.md).
expect "+retire_file without a value" 2 "sim: +retire_file needs a file name, e.g. +retire_file=run.retire" \
  +firmware="$fw/hello.hex" +retire_file
expect "+retire_file in a directory that does not exist" 2 \
  "sim: cannot write +retire_file=$work/none/x.retire: No such file or directory" \
  +firmware="$fw/hello.hex" +retire_file="$work/none/x.retire"
limit "$top/build/sim/$fw_cpu/Vsoc_top" +firmware="$fw/hello.hex" +retire_file="$work/hello.retire" > "$work/out" 2>&1; rc=$?
calls=$("$top/build/tools/perfscope" functions --format csv -e "$fw/hello.elf" "$work/hello.retire" 2> "$work/err" \
  | awk -F, 'NR > 1 && $2 == "main" { print $4 }')
if [ "$rc" -eq 0 ] && [ "$calls" = 1 ] && [ ! -s "$work/err" ]; then
  pass "+retire_file=: the retire stream of hello, main called once, read back without a warning"
else
  fail "+retire_file=: exit $rc, main called ${calls:-no} times: $(head -1 "$work/err")"
fi

# A program ending by exit() (sim/test/exit.c): main, exit and _exit are
# open at the exit, and the CPU spins in _exit's loop after it. The calls
# end at the exit, with a SYNC at its cycle: _exit runs 3 cycles from its
# first instruction's retire (lui, sw, and the exit's cycle), 4 with
# +retire_calls, whose calls end when the IP's do, a cycle later. The
# histogram stops 2 cycles after the exit (5 after the calls' switch-off):
# 5 and 8 cycles.
full=$top/build/sim/$fw_cpu/Vsoc_top
tool=$top/build/tools/perfscope
# exit.c, nonl.c, halt*.c, over.c, hist_own.c and records.c as backlog and many, built here as sim/test/Makefile builds its programs.
progs=$work/progs
mkdir -p "$progs"
printf '%s\n' "TOP := $top" "CPU := $fw_cpu" "FW_BUILD := $progs" 'FW_WERROR := -Werror' 'FW_PRINTF := integer' \
  "include \$(TOP)/soc/fw/fw.mk" "\$(eval \$(call fw_program,exit,$top/sim/test/exit.c))" \
  "\$(eval \$(call fw_program,nonl,$top/sim/test/nonl.c))" "\$(eval \$(call fw_program,halt,$top/sim/test/halt.c))" \
  "\$(eval \$(call fw_program,halt_irq,$top/sim/test/halt_irq.c))" \
  "\$(eval \$(call fw_program,halt_trap,$top/sim/test/halt_trap.c))" \
  "\$(eval \$(call fw_program,over,$top/sim/test/over.c))" \
  "\$(eval \$(call fw_program,hist_own,$top/sim/test/hist_own.c))" \
  "\$(eval \$(call fw_program,backlog,$top/sim/test/records.c,-DRECORDS_EVENTS=400 -DRECORDS_EXIT=0))" \
  "\$(eval \$(call fw_program,many,$top/sim/test/records.c,-DRECORDS_EVENTS=1000 -DRECORDS_EXIT=0))" > "$progs/Makefile"
if ! limit env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS make -s -C "$progs" fw-all > "$progs/build.log" 2>&1; then
  tail -5 "$progs/build.log"; fail "sim/test/exit.c, nonl.c, halt*.c, over.c, hist_own.c, backlog and many (records.c) did not build"
fi
for calls in "" +retire_calls; do
  limit "$full" +firmware="$progs/exit.hex" +retire_file="$work/exit.retire" +hist=0x0,0 ${calls:+"$calls"} \
    > "$work/out" 2> "$work/err"; rc=$?
  got=$("$tool" functions --format csv -e "$progs/exit.elf" "$work/exit.retire" 2> /dev/null \
    | awk -F, '$2 == "_exit" || $2 == "exit" || $2 == "main" { printf "%s %s, ", $2, $5 }')
  got="$got$("$tool" hist -e "$progs/exit.elf" "$work/out" | awk '$1 == "_exit" { print "hist _exit " $3 }')"
  want="main 6456, exit 103, _exit 3, hist _exit 5"
  [ -n "$calls" ] && want="main 6457, exit 104, _exit 4, hist _exit 8"
  if [ "$rc" -eq 0 ] && [ "$got" = "$want" ] && grep -q '^sim: exit 0 after 6699 cycles' "$work/err"; then
    pass "exit() ${calls:-without +retire_calls}: the calls and the histogram end at the exit: $got"
  else
    fail "exit() ${calls:-without +retire_calls}: exit $rc, $got (want $want); $(tail -1 "$work/err")"
  fi
done

# +trig= on a program built as it is: section 1 from work's first
# instruction to its ret, the global counter started by the harness with
# the arming and stopped after the exit (16 cycles more than the
# program's); after the exit the harness prints the sections frame, its
# clock the SoC's.
start=$(riscv64-unknown-elf-nm "$progs/exit.elf" | awk '$3 == "work" { print $1 }')
end=$(riscv64-unknown-elf-objdump -d "$progs/exit.elf" | awk '/<work>:/ { w = 1 } w && $3 == "ret" { sub(":", "", $1); print $1; exit }')
clock=$(awk '$2 == "SOC_CLOCK_HZ" && $1 == "#define" { sub("u$", "", $3); print $3 }' "$top/soc/fw/soc.h")
sections() {  # the last sections frame of a console: clock, RUN, then cycles/occurrences of 0..2
  python3 -B -c 'import sys; sys.path.insert(0, sys.argv[1] + "/regs"); import frame_reader as r
f = [f for f in r.frames(open(sys.argv[2]).read().splitlines()) if f.kind == "sections" and f.sound()][-1]
p = r.read("sections", f.payload)
print(p["head"]["clock_hz"], p["head"]["run"], *("%d/%d" % (c["time"], c["occurrences"]) for c in p["counter"][0:3]))' \
    "$top" "$1"
}
limit "$full" +firmware="$progs/exit.hex" +trig="1:0x$start:0x$end" > "$work/out" 2> "$work/err"; rc=$?
got=$(sections "$work/out" 2>&1)
if [ "$rc" -eq 0 ] && [ "$got" = "$clock 0 6715/1 4006/1 0/0" ] && [ "$(head -1 "$work/out")" = "exit: work 499500" ] \
   && grep -q '^sim: exit 0 after 6699 cycles;' "$work/err" \
   && [ "$(grep -c '^@PS sections ' "$work/out")" = 1 ]; then
  pass "+trig=1:0x$start:0x$end alone: section 1 counts work's call, 4006 cycles, the global 6715, in the frame the harness prints after the exit (clock $clock)"
else
  fail "+trig=1:0x$start:0x$end alone: exit $rc, frame: $got (want $clock 0 6715/1 4006/1 0/0); $(tail -1 "$work/err")"
fi
# Two armed addresses on one instruction: work's first ENDs section 1 and
# would BEGIN section 2; the lower section acts, and the lost hit is said
# after the run (TRIG_LOST), not left to a section that never ran.
main=$(riscv64-unknown-elf-nm "$progs/exit.elf" | awk '$3 == "main" { print $1 }')
limit "$full" +firmware="$progs/exit.hex" +trig="1:0x$main:0x$start,2:0x$start:0x$end" > "$work/out" 2> "$work/err"; rc=$?
got=$(sections "$work/out" 2>&1)
lost="sim: warning: +trig=: 1 trigger hit was not acted on (TRIG_LOST: a hit in the cycle after another, or two armed addresses on one instruction): the sections' times and counts miss it"
if [ "$rc" -eq 0 ] && [ "${got##* }" = "0/0" ] && [ "$(echo "$got" | cut -d' ' -f4 | cut -d/ -f2)" = 1 ] \
   && [ "$(head -1 "$work/err")" = "$lost" ] && grep -q '^sim: exit 0 after 6699 cycles;' "$work/err"; then
  pass "+trig= with section 1's end at section 2's start: section 2 0/0, and the lost hit said: $lost"
else
  fail "+trig= with section 1's end at section 2's start: exit $rc, frame: $got; $(head -c 300 "$work/err")"
fi
# A program that takes the histogram itself (perf_hist_start) under +hist=:
# its measurement, not the run's, so the harness prints no frame of its
# own (make profile's gprof would add the program's twice) and says why.
limit "$full" +firmware="$progs/hist_own.hex" +hist=0x0,0 > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" -eq 0 ] && [ "$(head -1 "$work/out")" = "hist_own: start 0, work 4950" ] \
   && ! grep -q '^@PS hist ' "$work/out" \
   && grep -qx "sim: warning: +hist=: the program wrote the histogram's registers itself (cycle [0-9]*: its perf_hist_start or perf_hist_stop), so the histogram is its measurement, not the run's: the run's hist frame is left out" "$work/err"; then
  pass "+hist= with a program that takes the histogram itself: no frame of the run, and a line saying why"
else
  fail "+hist= with a program that takes the histogram itself: exit $rc, $(grep -c '^@PS hist ' "$work/out") hist frames; $(head -c 300 "$work/err")"
fi
# hello reports its section 1 itself: the harness's frame after the exit
# holds the same counts.
limit "$full" +firmware="$fw/hello.hex" +sections > "$work/out" 2> "$work/err"; rc=$?
said=$(sed -n 's/^hello: perfscope with 7 sections; section 1 ran \([0-9]*\) cycles in \([0-9]*\) occurrence(s)$/\1\/\2/p' "$work/out")
got=$(sections "$work/out" 2>&1)
if [ "$rc" -eq 0 ] && [ -n "$said" ] && [[ "$got" == "$clock 0 "*" $said 0/0" ]] && [ "$(tail -1 "$work/out" | cut -c1-13)" = "@PS sections " ]; then
  pass "+sections: the frame of perfscope's counters after the exit, last on the console, section 1 as hello reports it ($said)"
else
  fail "+sections: exit $rc, frame: $got (want $clock 0 <global> ${said:-?} 0/0)"
fi

# A console whose last line has no newline (sim/test/nonl.c): stdout holds
# exactly what the program printed; the harness's line starts a line of its
# own on stderr, so also where both share a pipe, and so does its frame.
limit "$full" +firmware="$progs/nonl.hex" > "$work/out" 2> "$work/err"; rc=$?
limit "$full" +firmware="$progs/nonl.hex" +sections > "$work/both" 2>&1
if [ "$rc" -eq 0 ] && [ "$(od -An -c "$work/out" | tr -d ' \n')" = 'result:42' ] \
   && [ "$(head -c 1 "$work/err" | od -An -c | tr -d ' ')" = '\n' ] && grep -q '^sim: exit 0 after ' "$work/err" \
   && [ "$(sed -n 1p "$work/both")" = "result: 42" ] && [ "$(sed -n 2p "$work/both" | cut -c1-13)" = "@PS sections " ] \
   && [ "$(sed -n 3p "$work/both" | cut -c1-18)" = "sim: exit 0 after " ]; then
  pass "no newline at the console's end: stdout 'result: 42' as printed, the frame and 'sim: exit 0 after ...' on lines of their own"
else
  fail "no newline at the console's end: exit $rc, stdout $(od -An -c "$work/out" | head -1), both: $(head -c 200 "$work/both")"
fi

# A program that stops in while (1) (sim/halt_watch.h): with interrupts
# off the run ends there, as an exit with 0, with a line naming the loop;
# with the timer's on it goes on until the interrupt exits 7; in a trap
# handler it ends at once as a failure, 124.
self_jump() {  # the address of <function>'s jump to itself in <elf>
  riscv64-unknown-elf-objdump -d --no-show-raw-insn "$1" \
    | awk -v f="<$2>:" '$2 == f { w = 1; next } /^$/ { w = 0 } w && $2 == "j" && $1 == $3 ":" { print $3; exit }'
}
loop=$(self_jump "$progs/halt.elf" main)
limit "$full" +firmware="$progs/halt.hex" +sections > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" -eq 0 ] && [ -n "$loop" ] && [ "$(head -1 "$work/out")" = "halt: done" ] \
   && [ "$(tail -1 "$work/out" | cut -c1-13)" = "@PS sections " ] \
   && [ "$(grep -c '^sim: ' "$work/err")" = 2 ] && grep -qx "sim: the program stopped in an endless loop at 0x$(printf %08x "0x$loop") with interrupts off (while (1);), taken as its exit with 0" "$work/err" \
   && grep -q '^sim: exit 0 after 756 cycles;' "$work/err"; then
  pass "while (1); with interrupts off: the run ends at the loop (0x$loop), exit 0 after 756 cycles, the sections frame after it"
else
  fail "while (1); with interrupts off: exit $rc, loop ${loop:-not found}: $(head -c 300 "$work/err")"
fi
limit "$full" +firmware="$progs/halt_irq.hex" > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" -eq 7 ] && [ "$(cat "$work/out")" = "halt_irq: trap 0x80000007" ] && ! grep -q 'endless loop' "$work/err"; then
  pass "while (1); with the timer interrupt on: the run goes on, the handler exits 7"
else
  fail "while (1); with the timer interrupt on: exit $rc (want 7), $(head -c 300 "$work/out") $(head -c 300 "$work/err")"
fi
loop=$(self_jump "$progs/halt_trap.elf" trap_handler)
limit "$full" +firmware="$progs/halt_trap.hex" > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" -eq 124 ] && [ -n "$loop" ] && [ "$(cat "$work/err")" = "sim: the program hangs in a trap handler, in an endless loop at 0x$(printf %08x "0x$loop") with interrupts off, after 313 cycles" ]; then
  pass "a trap handler's while (1);: the run ends at once (0x$loop, after 313 cycles), exit 124"
else
  fail "a trap handler's while (1);: exit $rc (want 124), loop ${loop:-not found}: $(head -c 300 "$work/err")"
fi

# A store beyond the RAM (sim/test/over.c) stops the program there, with
# what to build for a program linked for a bigger RAM: exit 4.
limit "$full" +firmware="$progs/over.hex" > "$work/out" 2> "$work/err"; rc=$?
want="sim: the program reached 0x00010000, beyond the RAM's 65536 bytes, after 242 cycles: one linked for a bigger RAM_BYTES runs on a simulator built with it (make -C sim RAM_BYTES=<bytes>)"
if [ "$rc" -eq 4 ] && [ "$(cat "$work/err")" = "$want" ]; then
  pass "a store beyond the RAM: the run stops there, exit 4, one line with the address and what to build"
else
  fail "a store beyond the RAM: exit $rc (want 4): $(head -c 300 "$work/err")"
fi

# Outputs naming one file: refused before anything is written, the firmware
# intact.
uart_sim=$top/build/sim/$fw_cpu-uart-test/Vsoc_top  # sim/test/Makefile: BAUD_DIV=16 HIST_BUCKETS=0 TRIGGERS=2
cp "$fw/hello.hex" "$work/fw.hex"
rm -f "$work/same.out" "$work/a.out" "$work/b.out"
expect "+trace_file= and +retire_file= one new file" 2 \
  "sim: +trace_file=$work/same.out and +retire_file=$work/dir/../same.out are the same file; give each output a file of its own" \
  +firmware="$work/fw.hex" +trace_file="$work/same.out" +retire_file="$work/dir/../same.out"
echo keep > "$work/a.out" && ln -f "$work/a.out" "$work/b.out"
expect "+retire_file= and +trace= one existing file (a hard link)" 2 \
  "sim: +retire_file=$work/a.out and +trace=$work/b.out are the same file; give each output a file of its own" \
  +firmware="$work/fw.hex" +retire_file="$work/a.out" +trace="$work/b.out"
[ "$(cat "$work/a.out")" = keep ] || fail "+retire_file= and +trace= one file: it was written to"
for a in +trace_file +retire_file +trace; do
  expect "$a= the firmware" 2 \
    "sim: $a=$work/fw.hex is the firmware's file (+firmware=$work/fw.hex), which it would overwrite; write it to another file" \
    +firmware="$work/fw.hex" "$a=$work/fw.hex"
done
expect_on "$uart_sim" "+uart= the firmware (UART build)" 2 \
  "sim: +uart=$work/fw.hex is the firmware's file (+firmware=$work/fw.hex), which it would overwrite; write it to another file" \
  +firmware="$work/fw.hex" +uart="$work/fw.hex"
if cmp -s "$fw/hello.hex" "$work/fw.hex"; then
  pass "the firmware named by an output: left as it was"
else
  fail "the firmware named by an output: it changed ($(stat -c %s "$work/fw.hex") bytes)"
fi

# +uart= on a simulator with a UART: the console as the serial line sent
# it; without a name or a file that cannot be written: refused before the
# run; on one without a UART: refused.
limit "$uart_sim" +firmware="$fw/hello.hex" +uart="$work/hello.uart" > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" -eq 0 ] && [ -s "$work/out" ] && cmp -s "$work/out" "$work/hello.uart"; then
  pass "+uart=: the decoded serial line is the console ($(wc -c < "$work/out") bytes)"
else
  fail "+uart=: exit $rc, $(wc -c < "$work/hello.uart") bytes for $(wc -c < "$work/out"): $(tail -1 "$work/err")"
fi
expect_on "$uart_sim" "+uart without a value (UART build)" 2 "sim: +uart needs a file name, e.g. +uart=run.uart" \
  +firmware="$fw/hello.hex" +uart
expect_on "$uart_sim" "+uart= empty (UART build)" 2 "sim: +uart needs a file name, e.g. +uart=run.uart" \
  +firmware="$fw/hello.hex" +uart=
expect_on "$uart_sim" "+uart= in a directory that does not exist (UART build)" 2 \
  "sim: cannot write +uart=$work/none/x.uart: No such file or directory" +firmware="$fw/hello.hex" +uart="$work/none/x.uart"
expect "+uart= without a UART" 2 "sim: +uart=<file> needs a simulator built with a UART (BAUD_DIV=<n>)" \
  +firmware="$fw/hello.hex" +uart="$work/x.uart"

# Outputs whose writes fail while the run goes on: a file size limit of 0
# (ulimit -f, SIGXFSZ ignored) makes every write to a regular file fail
# with EFBIG, as a full disk would with ENOSPC; stdout and stderr go
# through pipes. The line comes after the run's own, and exit 2 replaces
# the run's code, also a failure's (a timeout, abort()'s 134). many leaves
# 1004 records, 8 KB, and libc's retire stream is 10 KB: more than stdio's
# buffer, flushed while the run goes on.
starved() {  # <simulator> <plusargs...>: stdout to $work/out, stderr to $work/err, exit code to $work/rc
  { { (trap '' XFSZ; ulimit -f 0; exec timeout -s KILL 120 "$@"); echo $? > "$work/rc"; } 2>&1 1>&3 \
      | cat > "$work/err"; } 3>&1 | cat > "$work/out"
}
# <what> <the run's line, a grep -E pattern> <plusarg=file that fails> <simulator> <plusargs...>:
# stderr is the run's line, then the output's, and the exit code 2.
write_fails() {
  local what=$1 run=$2 out=$3; shift 3
  starved "$@"
  local want="sim: cannot write $out: File too large"
  if [ "$(cat "$work/rc")" = 2 ] && [ "$(wc -l < "$work/err")" = 2 ] && sed -n 1p "$work/err" | grep -qE "$run" \
     && [ "$(sed -n 2p "$work/err")" = "$want" ]; then
    pass "$what: exit 2, after the run's line: $want"
  else
    fail "$what: exit $(cat "$work/rc") (want 2): $(head -c 400 "$work/err")"
  fi
}
write_fails "+trace_file= whose writes fail (8 KB)" '^sim: exit 0 after .*, 1004 trace records checked$' \
  "+trace_file=$work/many.trace" "$full" +firmware="$progs/many.hex" +trace_file="$work/many.trace"
write_fails "+retire_file= whose writes fail (10 KB), a program that aborts: not 134" '^sim: exit 134 after ' \
  "+retire_file=$work/libc.retire" "$full" +firmware="$fw/libc.hex" +retire_file="$work/libc.retire"
write_fails "+trace_file= whose writes fail, a timeout: not 124" \
  '^sim: TIMEOUT: no exit after 100 cycles \(\+timeout=100\)$' \
  "+trace_file=$work/x.trace" "$full" +firmware="$fw/hello.hex" +trace_file="$work/x.trace" +timeout=100
write_fails "+uart= whose write fails" '^sim: exit 0 after ' \
  "+uart=$work/x.uart" "$uart_sim" +firmware="$fw/hello.hex" +uart="$work/x.uart"
# The console on standard output the same, the harness itself ignoring
# SIGXFSZ (it killed the run, exit 153, unexplained); a console that cannot
# be written at all (> /dev/full) exited 0.
{ { (ulimit -f 0; exec timeout -s KILL 120 "$full" +firmware="$fw/hello.hex" > "$work/console.out"); echo $? > "$work/rc"; } \
    2>&1 | cat > "$work/err"; }
want="sim: cannot write the console to standard output: File too large"
if [ "$(cat "$work/rc")" = 2 ] && grep -q '^sim: exit 0 after ' "$work/err" && [ "$(tail -1 "$work/err")" = "$want" ]; then
  pass "the console to a file past its size limit: exit 2, after the run's line: $want"
else
  fail "the console to a file past its size limit: exit $(cat "$work/rc") (want 2): $(head -c 400 "$work/err")"
fi
# The FST writer tells nothing of its writes, and deletes the file it
# writes first: +trace= is a regular file or none.
rm -f "$work/fifo" && mkfifo "$work/fifo"
expect "+trace= a FIFO" 2 \
  "sim: cannot write +trace=$work/fifo: not a regular file (the FST writer deletes the file it writes and creates it anew)" \
  +firmware="$fw/hello.hex" +trace="$work/fifo"
[ -p "$work/fifo" ] || fail "+trace= a FIFO: the FIFO is gone"

# The TIMEOUT line counts the cycles from the CPU's release, as the
# timeout does, not the harness's arming of the tap before it.
limit "$full" +firmware="$fw/hello.hex" +hist=0,4 +timeout=100 > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" -eq 124 ] && [ "$(cat "$work/err")" = "sim: TIMEOUT: no exit after 100 cycles (+timeout=100)" ]; then
  pass "+hist=0,4 +timeout=100: exit 124 after 100 cycles of the program"
else
  fail "+hist=0,4 +timeout=100: exit $rc (want 124): $(head -c 300 "$work/err")"
fi

# The retire tap's parts in an IP built without them: the setting to
# build with.
expect_on "$uart_sim" "+hist= without a histogram (HIST_BUCKETS=0)" 2 \
  "sim: +hist= needs perfscope with a histogram (CONFIG.HIST 0); build the simulator with HIST_BUCKETS=<n>" \
  +firmware="$fw/hello.hex" +hist=0x0,0
expect_on "$uart_sim" "+trig=3 with 2 triggers (TRIGGERS=2)" 2 \
  "sim: +trig=: section 3 has no trigger addresses in this perfscope (CONFIG.TRIGGERS 2); build the simulator with TRIGGERS=3 or more (at most PERF_SECTIONS, 7 here)" \
  +firmware="$fw/hello.hex" +trig=1:0x100:0x200,3:0x300:0x400

# The retire tap armed by the harness (docs/retire.md): malformed arguments.
expect "+retire_calls with a value" 2 "sim: +retire_calls takes no value" \
  +firmware="$fw/hello.hex" +retire_calls=1
expect "+hist without a value" 2 \
  "sim: +hist is not <base>,<shift>[,<k>]; pass a 4-byte aligned address and shift and k of 0..7, e.g. +hist=0x0,0" \
  +firmware="$fw/hello.hex" +hist
expect "+hist with shift 8" 2 \
  "sim: +hist=0x0,8 is not <base>,<shift>[,<k>]; pass a 4-byte aligned address and shift and k of 0..7, e.g. +hist=0x0,0" \
  +firmware="$fw/hello.hex" +hist=0x0,8
expect "+hist with an unaligned base" 2 \
  "sim: +hist=0x2,0 is not <base>,<shift>[,<k>]; pass a 4-byte aligned address and shift and k of 0..7, e.g. +hist=0x0,0" \
  +firmware="$fw/hello.hex" +hist=0x2,0
expect "+trig with section 0" 2 \
  "sim: +trig=0:0x100:0x200 is not <n>:<start>:<end>[,...]; pass a section 1..7 and two even addresses, e.g. +trig=1:0x1a0:0x1f4" \
  +firmware="$fw/hello.hex" +trig=0:0x100:0x200
expect "+trig with an odd address" 2 \
  "sim: +trig=1:0x100:0x201 is not <n>:<start>:<end>[,...]; pass a section 1..7 and two even addresses, e.g. +trig=1:0x1a0:0x1f4" \
  +firmware="$fw/hello.hex" +trig=1:0x100:0x201
expect "+trig with one address to start and end" 2 \
  "sim: +trig=1:0x100:0x100 arms section 1 with one address, 0x00000100, to start and end; the section would never run (END acts first): pass two, e.g. +trig=1:0x1a0:0x1f4" \
  +firmware="$fw/hello.hex" +trig=1:0x100:0x100
expect "+hist whose buckets end past 2^32" 2 \
  "sim: +hist=0xfffff000,7: its 4095 buckets of 512 bytes from 0xfffff000 end at or past 2^32, which gmon.out cannot hold; pass a lower base or a smaller shift" \
  +firmware="$fw/hello.hex" +hist=0xfffff000,7
expect "+trig with section 1 twice" 2 \
  "sim: +trig=1:0x10:0x20,1:0x30:0x40 arms section 1 twice; a section takes one <start>:<end>, e.g. +trig=1:0x1a0:0x1f4,2:0x200:0x260" \
  +firmware="$fw/hello.hex" +trig=1:0x10:0x20,1:0x30:0x40

# The reference model switched off, or not.
expect "+model=maybe" 2 "sim: +model=maybe is neither on nor off; pass +model=off to run without the reference model" \
  +firmware="$fw/hello.hex" +model=maybe
expect "+model without a value" 2 "sim: +model is neither on nor off; pass +model=off to run without the reference model" \
  +firmware="$fw/hello.hex" +model
# records leaves a SYNC and ten ENTERs: +trace_stall=1 takes them as they
# come, 1000000 after the exit.
for stall in 1 1000000; do
  for m in on off; do
    limit "$top/build/sim/$fw_cpu/Vsoc_top" +firmware="$fw/records.hex" +trace_stall=$stall +model=$m \
      +trace_file="$work/records-$m.trace" > "$work/out-$m" 2> "$work/err-$m"
    echo $? > "$work/rc-$m"
  done
  on=$(cat "$work/err-on") off=$(cat "$work/err-off")
  cycles=${on#sim: exit 7 after }; cycles=${cycles%% *}
  if [ "$(cat "$work/rc-on") $(cat "$work/rc-off")" = "7 7" ] && [ -n "$cycles" ] \
     && [ "$on" = "sim: exit 7 after $cycles cycles; 64 perfscope reads checked, 13 writes seen, 11 trace records checked" ] \
     && [ "$off" = "sim: exit 7 after $cycles cycles; not checked (+model=off), 11 trace records taken" ] \
     && [ "$(stat -c %s "$work/records-off.trace")" -eq $((16 + 11 * 8)) ] \
     && cmp -s "$work/records-on.trace" "$work/records-off.trace" && cmp -s "$work/out-on" "$work/out-off"; then
    pass "+model=off, +trace_stall=$stall: exit 7, the same 11 records in the trace file, unchecked: $off"
  else
    fail "+model=off, +trace_stall=$stall: exit $(cat "$work/rc-on")/$(cat "$work/rc-off"), $on / $off," \
      "$(stat -c %s "$work/records-on.trace" "$work/records-off.trace" | tr '\n' ' ')bytes"
  fi
done

# backlog (records.c with 400 events) leaves 402 records in the FIFO at its exit: every one reaches
# the trace file, none is taken by the harness's TRACE_POP_LO read.
for m in on off; do
  limit "$top/build/sim/$fw_cpu/Vsoc_top" +firmware="$progs/backlog.hex" +trace_stall=1000000 +model=$m \
    +trace_file="$work/backlog-$m.trace" > "$work/out" 2> "$work/err"; rc=$?
  n=$(( ($(stat -c %s "$work/backlog-$m.trace") - 16) / 8 ))
  if [ "$rc" -eq 0 ] && [ "$n" -eq 402 ] && grep -Eq '(402 trace records checked|402 trace records taken)$' "$work/err"; then
    pass "+model=$m, a FIFO of 402 records at the exit: all 402 in the trace file"
  else
    fail "+model=$m, a FIFO of 402 records at the exit: exit $rc, $n records in the file: $(tail -1 "$work/err")"
  fi
done

# +timeout= still bites.
limit "$sim" +firmware="$fw/hello.hex" +timeout=100 > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" -eq 124 ] && grep -qx 'sim: TIMEOUT: no exit after 100 cycles (+timeout=100)' "$work/err"; then
  pass "+timeout=100 stops hello after 100 cycles, exit 124"
else
  fail "+timeout=100: exit $rc, $(head -c 300 "$work/err")"
fi

# The default trap handler on a CPU without the instructions it was built
# for: exactly one report, the values from the ELF.
addr=$(riscv64-unknown-elf-nm "$fw/trap.elf" | awk '$3 == "t_trap_div" { print $1 }')
insn=$(riscv64-unknown-elf-objdump -d "$fw/trap.elf" | awk -v a="$(printf '%x' "0x$addr")" '$1 == a":" { print $2; exit }')
want="trap: exception, mcause 0x00000002 mepc 0x$addr mtval 0x$insn"
limit "$sim" +firmware="$fw/trap.hex" +timeout=1000000 > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" -eq 102 ] && [ "$(cat "$work/out")" = "$want" ] && grep -q '^sim: exit 102 after ' "$work/err"; then
  pass "trap: rv32im divide on $cpu reported once ($want), exit 102"
else
  fail "trap: exit $rc (want 102), $(grep -c 'trap:' "$work/out") trap lines, stdout: $(head -c 200 "$work/out") (want: $want); $(tail -1 "$work/err")"
fi

want=$(printf 'trap: exception, mcause \ntrap: trap inside the trap handler')
limit "$sim" +firmware="$fw/trap_nested.hex" +timeout=1000000 > "$work/out" 2> "$work/err"; rc=$?
nested="sim: a trap inside the trap handler (no mret since the first) before this exit 99: the handler stopped it (a corrupted or cut-short image?)"
if [ "$rc" -eq 99 ] && [ "$(cat "$work/out")" = "$want" ] && grep -q '^sim: exit 99 after ' "$work/err" \
   && grep -qxF "$nested" "$work/err"; then
  pass "trap inside the trap handler: stops at once, exit 99, and a line says it was the handler"
else
  fail "trap inside the trap handler: exit $rc (want 99), stdout: $(head -c 200 "$work/out"); $(cat "$work/err")"
fi
# A cut-short image (a copy that stopped at 1000 bytes) runs into the words
# it lacks; the same line tells its 99 from a program's own exit(99).
head -c 1000 "$fw/trap_nested.hex" > "$work/cut.hex"
limit "$sim" +firmware="$work/cut.hex" +timeout=1000000 > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" -eq 99 ] && [ "$(head -1 "$work/err")" = "$nested" ]; then
  pass "a cut-short image: exit 99, and the line says the trap handler stopped it"
else
  fail "a cut-short image: exit $rc (want 99): $(cat "$work/err")"
fi

# The C library on the SoC: clock(), gettimeofday() and time() from MTIME,
# the sleeps on it, and a failed assert(): its message, then abort() ends
# the run with 134. The file it names is relative to the checkout, as
# fw.mk maps its path (-ffile-prefix-map).
line=$(grep -n 'assert(!ok)' "$top/sim/test/libc.c" | cut -d: -f1)
want=$(printf '%s\n' 'libc: clock() within MTIME' 'libc: gettimeofday() within MTIME' \
  'libc: times() in sysconf(_SC_CLK_TCK) ticks within MTIME' 'libc: time() within MTIME' \
  'libc: usleep(100) within MTIME' 'libc: sleep(0) within MTIME' \
  "assertion \"!ok\" failed: file \"./sim/test/libc.c\", line $line, function: main" 'abort: killed by signal 6')
limit "$top/build/sim/$fw_cpu/Vsoc_top" +firmware="$fw/libc.hex" +timeout=1000000 > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" -eq 134 ] && [ "$(cat "$work/out")" = "$want" ] && grep -q '^sim: exit 134 after ' "$work/err"; then
  pass "libc: clock(), gettimeofday(), times() (sysconf(_SC_CLK_TCK) ticks) and time() read MTIME, usleep() and sleep() wait on it; a failed assert() prints its message and exits 134"
else
  fail "libc: exit $rc (want 134), stdout: $(head -c 400 "$work/out"); $(tail -1 "$work/err")"
fi

limit "$top/build/sim/$fw_cpu/Vsoc_top" +firmware="$fw/libc_own.hex" +timeout=1000000 > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" -eq 0 ] && [ "$(cat "$work/out")" = "libc_own: clock() 4242" ]; then
  pass "libc: a program's own times() takes the runtime's place (clock() 4242)"
else
  fail "libc: a program's own times(): exit $rc, stdout: $(head -c 200 "$work/out"); $(tail -1 "$work/err")"
fi

# A program bigger than the 64 KiB default: with RAM_BYTES for fw.mk and
# for the simulator, it runs, its data read back from above 64 KiB. The
# simulator is built without the retire tap, by RETIRE=0 alone (soc_sim_top
# then ignores the histogram's and the triggers' defaults).
big=$work/big
mkdir -p "$big"
sed 's|^TOP := .*|TOP := '"$top"'|; s|fw_program,hello,hello.c|fw_program,big,'"$top"'/sim/test/big.c|' \
  "$top/soc/fw/example/Makefile" > "$big/Makefile"
if limit env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS make -s -C "$big" CPU="$fw_cpu" RAM_BYTES=131072 FW_BUILD="$big" \
     FW_WERROR=-Werror > "$big/build.log" 2>&1 \
   && limit env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS make -s -C "$top/sim" CPU="$fw_cpu" RAM_BYTES=131072 RETIRE=0 \
     SIM_DIR="$top/build/sim/$fw_cpu-ram128k" >> "$big/build.log" 2>&1; then
  limit "$top/build/sim/$fw_cpu-ram128k/Vsoc_top" +firmware="$big/big.hex" > "$work/out" 2> "$work/err"; rc=$?
  size=$(stat -c %s "$big/big.bin")
  if [ "$rc" -eq 0 ] && [ "$size" -gt 65536 ] && [ "$(cat "$work/out")" = "big: 20000 words, sum 0x53f14798" ]; then
    pass "RAM_BYTES=131072 RETIRE=0: a $size-byte image runs (big: 20000 words, sum 0x53f14798)"
  else
    fail "RAM_BYTES=131072 RETIRE=0: exit $rc, $size bytes, stdout: $(head -c 200 "$work/out"); $(tail -1 "$work/err")"
  fi
else
  tail -5 "$big/build.log"; fail "RAM_BYTES=131072 RETIRE=0: the program or the simulator did not build"
fi
# The same simulator, without the retire tap: what arms it is refused, with
# RETIRE=1 to build with (its other settings follow by default).
for a in +retire_calls +hist=0x0,0 +trig=1:0x100:0x200; do
  flag=${a%%=*}; [ "$flag" = "$a" ] || flag+="="
  expect_on "$top/build/sim/$fw_cpu-ram128k/Vsoc_top" "$a without the retire tap (RETIRE=0)" 2 \
    "sim: $flag needs perfscope with its retire tap (CONFIG.RETIRE 0); build the simulator with RETIRE=1" \
    +firmware="$fw/hello.hex" "$a"
done

# make -C sim run with paths relative to where the user stands, as from an
# interactive shell (no enclosing make: its MAKELEVEL would say otherwise).
user_make() { limit env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS make "$@"; }
rel=${fw#"$top"/}
(cd "$top" && user_make -s -C sim run CPU="$fw_cpu" FW="$rel/hello.hex") > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" -eq 0 ] && grep -qx 'hello, world' "$work/out"; then
  pass "make -C sim run FW=$rel/hello.hex from the checkout runs it"
else
  fail "make -C sim run FW=$rel/hello.hex from the checkout: exit $rc: $(tail -3 "$work/err")"
fi
rm -f "$fw/hello.fst"
(cd "$fw" && user_make -s -C ../../../sim run CPU="$fw_cpu" FW=hello.hex SIMFLAGS=+trace=hello.fst) \
  > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" -eq 0 ] && grep -qx 'hello, world' "$work/out" && [ -s "$fw/hello.fst" ]; then
  pass "make -C ../../../sim run FW=hello.hex SIMFLAGS=+trace=hello.fst from $rel: runs it, trace written there"
else
  fail "make -C ../../../sim run FW=hello.hex from $rel: exit $rc, trace $(ls "$fw/hello.fst" 2>&1): $(tail -3 "$work/err")"
fi
rm -f "$fw/hello.fst"
# A make inside a make cannot tell where its user stands (this script's
# own make's flags left out: without -s it would print its directory).
(cd "$top" && limit env -u MAKEFLAGS -u MFLAGS MAKELEVEL=1 make -s -C sim run CPU="$fw_cpu" FW="$rel/hello.hex") \
  > "$work/out" 2> "$work/err"; rc=$?
if [ "$rc" -ne 0 ] && grep -q "sim/Makefile: FW=$rel/hello.hex is relative, and this make (MAKELEVEL=1) cannot tell where it was started" "$work/err" \
   && [ ! -s "$work/out" ]; then
  pass "make -C sim run FW=<relative> in a sub-make: refused, asks for an absolute path"
else
  fail "make -C sim run FW=<relative> in a sub-make: exit $rc: $(head -c 300 "$work/err")"
fi
# A path with a space, given or where the user stands, is refused in one
# line (make would split it), and so is a RAM_BYTES that is no number.
mkdir -p "$work/sp ace"
cp "$fw/hello.hex" "$work/sp ace/hello.hex"
spaced() {  # <directory> <want> <make argument>...
  local dir=$1 want=$2; shift 2
  (cd "$dir" && user_make -s -C "$top/sim" "$@") > "$work/out" 2> "$work/err"; rc=$?
  if [ "$rc" -ne 0 ] && grep -qF "*** $want.  Stop." "$work/err" && [ "$(wc -l < "$work/err")" = 1 ] \
     && [ ! -s "$work/out" ]; then
    pass "make -C sim $* from ${dir#"$top"/}: refused in one line, exit $rc"
  else
    fail "make -C sim $* from ${dir#"$top"/}: exit $rc: $(head -c 300 "$work/err")"
  fi
}
spaced "$top" "sim/Makefile: FW=\"$work/sp ace/hello.hex\" is more than one file, or one with a space in its path, which make cannot handle: run the simulator itself (build/sim/<cpu>/Vsoc_top +firmware=...)" \
  run CPU="$fw_cpu" FW="$work/sp ace/hello.hex"
spaced "$work/sp ace" "sim/Makefile: the directory \"$work/sp ace\" has a space in its path, and make cannot handle one; run it from a directory without spaces, or run the simulator itself (build/sim/<cpu>/Vsoc_top +firmware=...)" \
  run CPU="$fw_cpu" FW=hello.hex
# Each setting the RTL takes, out of its range: one line naming it, before
# Verilator (a dozen lines, or an elaboration error naming a module).
spaced "$top" "sim/Makefile: RAM_BYTES=64k is not a multiple of 4 from 8 to 2147483648 (2 GiB), decimal or 0x hexadecimal: the SoC's RAM in bytes, the same for the program and the simulator (default 65536)" \
  CPU="$fw_cpu" RAM_BYTES=64k
spaced "$top" "sim/Makefile: RAM_BYTES=4294967296 is not a multiple of 4 from 8 to 2147483648 (2 GiB), decimal or 0x hexadecimal: the SoC's RAM in bytes, the same for the program and the simulator (default 65536)" \
  CPU="$fw_cpu" RAM_BYTES=4294967296
spaced "$top" "sim/Makefile: PERF_SECTIONS=8 is not 0 to 7: perfscope's sections (0: the SoC without perfscope; default 7)" \
  CPU="$fw_cpu" PERF_SECTIONS=8
spaced "$top" "sim/Makefile: BAUD_DIV=abc is not 0 to 65535: clock cycles per UART bit (0: no UART; default 0)" \
  CPU="$fw_cpu" BAUD_DIV=abc
spaced "$top" "sim/Makefile: TRACE_DEPTH=100 is not 0 or a power of two from 16 to 4096: the trace FIFO's records (0: no trace unit; default 512)" \
  CPU="$fw_cpu" TRACE_DEPTH=100
spaced "$top" "sim/Makefile: HIST_BUCKETS=1 is not 0 or a power of two from 2 to 4096: the retire tap's histogram words (0: none; default 4096)" \
  CPU="$fw_cpu" HIST_BUCKETS=1
spaced "$top" "sim/Makefile: TRIGGERS=4 is not 0 to PERF_SECTIONS (3): the sections with trigger addresses (default PERF_SECTIONS)" \
  CPU="$fw_cpu" PERF_SECTIONS=3 TRIGGERS=4
spaced "$top" "sim/Makefile: RETIRE=yes is not 0 or 1: the retire tap (default 1)" CPU="$fw_cpu" RETIRE=yes
# PGO=: the same simulator, built with profile-guided optimization trained
# on hello, runs records exactly as the default build. Two compiles and the
# training run: the build gets 10 minutes.
pgo=$top/build/sim/$fw_cpu-pgo-test
make_pgo() { timeout -s KILL 600 env -u MAKELEVEL -u MAKEFLAGS -u MFLAGS make -s -C "$top/sim" CPU="$fw_cpu" \
               SIM_DIR="$pgo" "$@"; }
if make_pgo PGO="$fw/hello.hex" > "$work/pgo-build.log" 2>&1; then
  for s in default pgo; do
    dir=$top/build/sim/$fw_cpu; [ $s = pgo ] && dir=$pgo
    limit "$dir/Vsoc_top" +firmware="$fw/records.hex" +trace_file="$work/pgo-$s.trace" > "$work/pgo-out-$s" \
      2> "$work/pgo-err-$s"
    echo $? > "$work/pgo-rc-$s"
  done
  if cmp -s "$work/pgo-rc-default" "$work/pgo-rc-pgo" && cmp -s "$work/pgo-out-default" "$work/pgo-out-pgo" \
     && cmp -s "$work/pgo-err-default" "$work/pgo-err-pgo" && cmp -s "$work/pgo-default.trace" "$work/pgo-pgo.trace" \
     && [ "$(cat "$work/pgo-rc-pgo")" = 7 ]; then
    pass "PGO=hello.hex: records runs as on the default build: $(cat "$work/pgo-err-pgo")"
  else
    fail "PGO=hello.hex: records differs from the default build: exit $(cat "$work/pgo-rc-pgo"), $(cat "$work/pgo-err-pgo")"
  fi
else
  tail -5 "$work/pgo-build.log"; fail "PGO=hello.hex: the simulator did not build"
fi
make_pgo PGO="$work/missing.hex" > "$work/out" 2> "$work/err"
want="sim/Makefile: PGO=$work/missing.hex: no such firmware file"
if [ "$(head -1 "$work/out")" = "$want" ]; then
  pass "PGO=<missing file>: refused before building: $want"
else
  fail "PGO=<missing file>: stdout $(head -c 200 "$work/out"), stderr $(head -c 200 "$work/err")"
fi

exit $status
