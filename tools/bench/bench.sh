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
table=$dir/table.md
{
echo "Measured by \`make -C tools bench\` on a generated dump of $calls calls, $mb MB of console log:"
echo
echo "| command | reads | output | seconds | call records/s | MB/s | peak RSS |"
echo "|---|---|---|---|---|---|---|"
# command, frame it reads, output file (/dev/null: too large to keep)
while read -r cmd frame out; do
  /usr/bin/time -f "%e %M" -o "$dir/time.txt" "$tool" "$cmd" -o "$out" "$dump"
  read -r secs kb < "$dir/time.txt"
  awk -v c="$cmd" -v f="$frame" -v o="$(basename "$out")" -v s="$secs" -v n="$calls" -v mb="$mb" -v kb="$kb" \
    'BEGIN { t = s > 0 ? s : 0.01; printf "| %s | %s | %s | %.2f | %.1f M | %.0f | %.1f MB |\n", c, f, o, s, n / t / 1e6, mb / t, kb / 1024 }'
done <<LIST
functions events $dir/functions.txt
folded events $dir/folded.txt
flame events $dir/flame.svg
chrome events /dev/null
trace calltrace /dev/null
LIST
} | tee "$table"
"$(dirname "$0")/../../scripts/docfigs.py" splice "$(dirname "$0")/../../docs/host-tool.md" tools-bench "$table"
