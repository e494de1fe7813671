#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make bench: perfscope's decode-and-report throughput and peak memory on a
# generated dump of CALLS calls (an events frame of 2 x CALLS events, a
# calltrace frame of CALLS records, a sections and a hot frame;
# docs/host-tool.md), one command at a
# time, as a Markdown table. A streaming reader keeps the peak memory flat
# whatever CALLS is. The table also goes into docs/host-tool.md.
# usage: [RUNS=<n>] speed.sh <perfscope> <gen_dump> <work dir> [CALLS]   (RUNS: runs a command, 3)
set -eu
tool=$1 gen=$2 dir=$3 calls=${4:-10000000}
RUNS=${RUNS:-3}
mkdir -p "$dir"
dump=$dir/dump-v2-$calls.log # v2: with the sections and hot frames
if [ ! -s "$dump" ]; then
  "$gen" "$calls" > "$dump.tmp"
  mv "$dump.tmp" "$dump"
fi
# gprof wants the ELF: the generated program's functions, FN(i) of
# gen_dump.c (0x1000 + 0x40 i, 93 of them), 16 nops each.
elf=$dir/program.elf
if [ ! -s "$elf" ]; then
  for i in $(seq 0 92); do printf '.globl f%d\n.type f%d,@function\nf%d:\n.fill 16,4,0x13\n.size f%d,64\n' "$i" "$i" "$i" "$i"; done \
    > "$dir/program.S"
  riscv64-unknown-elf-gcc -march=rv32i -mabi=ilp32 -nostdlib -Wl,-Ttext=0x1000 -Wl,-e,f0 -o "$elf" "$dir/program.S"
fi
mb=$(( $(stat -c %s "$dump") / 1000000 ))
cat "$dump" > /dev/null # every command then reads it from memory, the first as the others
table=$dir/table.md
{
echo "Measured by \`make -C tools bench\` on a generated dump of $calls calls, $mb MB of console log; each command's fastest of $RUNS runs:"
echo
echo "| command | reads | output | seconds | call records/s | goal | input MB/s | output MB/s | peak RSS |"
echo "|---|---|---|---|---|---|---|---|---|"
# Each line: the command, the frames it reads, how many records a call
# gives them, its output file, options. Each writes a file, as a user's run
# would; the large ones are removed after.
# The fastest of RUNS runs: a wall-clock time on a shared machine only ever
# errs long, by a tenth or more from one run to the next.
while read -r cmd frame per out args; do
  secs='' kb=0
  for _ in $(seq "$RUNS"); do
    # shellcheck disable=SC2086 # args: options, split on purpose
    /usr/bin/time -f "%e %M" -o "$dir/time.txt" "$tool" "$cmd" $args -o "$dir/$out" "$dump"
    read -r s k < "$dir/time.txt"
    if [ -z "$secs" ] || awk -v a="$s" -v b="$secs" 'BEGIN { exit !(a < b) }'; then secs=$s; fi
    [ "$k" -gt "$kb" ] && kb=$k
  done
  bytes=$(stat -c %s "$dir/$out")
  case $cmd in chrome|trace) rm -f "$dir/$out" ;; esac
  case $args in -e*|"") ;; *) cmd="$cmd $args" ;; esac # the ELF is not news
  awk -v c="$cmd" -v f="$frame" -v o="$out" -v s="$secs" -v n="$((calls * per))" -v mb="$mb" -v kb="$kb" -v ob="$bytes" \
    'BEGIN { t = s > 0 ? s : 0.01; r = n / t / 1e6; met = (r >= 10) ? "met" : "not met"
             printf "| %s | %s | %s | %.2f | %.1f M | 10 M (%s) | %.0f | %.0f | %.1f MB |\n", c, f, o, s, r, met,
                    mb / t, ob / t / 1e6, kb / 1024 }'
done <<LIST
functions events 1 functions.txt
folded events 1 folded.txt
flame events 1 flame.svg
gprof events,calltrace 2 gmon.out -e $elf
chrome events 1 trace.json
chrome events 1 trace.pftrace --format perfetto
trace calltrace 1 trace.txt
report sections 1 report.txt
hot hot 1 hot.txt
LIST
} | tee "$table"
"$(dirname "$0")/../../scripts/docfigs.py" splice "$(dirname "$0")/../../docs/host-tool.md" tools-bench "$table"
