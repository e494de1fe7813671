#!/usr/bin/env bash
# make bench: perfscope's decode-and-report throughput and peak memory on a
# generated dump of CALLS calls (an events frame of 2 x CALLS events and a
# calltrace frame of CALLS records, docs/host-tool.md), one command at a
# time, as a Markdown table. A streaming reader keeps the peak memory flat
# whatever CALLS is. The table also goes into docs/host-tool.md.
# usage: bench.sh <perfscope> <gen_dump> <work dir> [CALLS]
set -eu
tool=$1 gen=$2 dir=$3 calls=${4:-10000000}
mkdir -p "$dir"
dump=$dir/dump-$calls.log
if [ ! -s "$dump" ]; then
  "$gen" "$calls" > "$dump.tmp"
  mv "$dump.tmp" "$dump"
fi
mb=$(( $(stat -c %s "$dump") / 1000000 ))
cat "$dump" > /dev/null # every command then reads it from memory, the first as the others
table=$dir/table.md
{
echo "Measured by \`make -C tools bench\` on a generated dump of $calls calls, $mb MB of console log:"
echo
echo "| command | reads | output | seconds | call records/s | goal | input MB/s | output MB/s | peak RSS |"
echo "|---|---|---|---|---|---|---|---|---|"
# command, frame it reads; each writes a file, as a user's run would, which
# is then removed (chrome writes about 230 bytes a call).
while read -r cmd frame out args; do
  # shellcheck disable=SC2086 # args: options, split on purpose
  /usr/bin/time -f "%e %M" -o "$dir/time.txt" "$tool" "$cmd" $args -o "$dir/$out" "$dump"
  read -r secs kb < "$dir/time.txt"
  bytes=$(stat -c %s "$dir/$out")
  case $cmd in chrome|trace) rm -f "$dir/$out" ;; esac
  [ -n "$args" ] && cmd="$cmd $args"
  awk -v c="$cmd" -v f="$frame" -v o="$out" -v s="$secs" -v n="$calls" -v mb="$mb" -v kb="$kb" -v ob="$bytes" \
    'BEGIN { t = s > 0 ? s : 0.01; r = n / t / 1e6; met = (r >= 10) ? "met" : "not met"
             printf "| %s | %s | %s | %.2f | %.1f M | 10 M (%s) | %.0f | %.0f | %.1f MB |\n", c, f, o, s, r, met,
                    mb / t, ob / t / 1e6, kb / 1024 }'
done <<LIST
functions events functions.txt
folded events folded.txt
flame events flame.svg
chrome events trace.json
chrome events trace.pftrace --format perfetto
trace calltrace trace.txt
LIST
} | tee "$table"
"$(dirname "$0")/../../scripts/docfigs.py" splice "$(dirname "$0")/../../docs/host-tool.md" tools-bench "$table"
