#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# make test's firmware phase (tests/test_firmware.py: every firmware test on
# every CPU, through perfscope's pytest plugin) timed serial (-p no:xdist)
# and with pytest-xdist's -n 2, side by side: a table, and the parallel
# time as a fraction of the serial one into build/bench/summary.tsv
# (fwtest_parallel_fraction; docs/regressions.md's goal is at most 0.60 on
# 2 cores), and the table into docs/regressions.md. Firmware and models are built first, so both time the runs,
# not the builds. The best of 3 runs each, taken in turn, as other jobs
# share the machine.
# usage: fwtest_parallel.sh <top> <cpu>...
set -euo pipefail
top=$1; shift
summary=$top/build/bench/summary.tsv
for cpu in "$@"; do
  make -s -C "$top/tests" CPU="$cpu" fw-all > /dev/null
  make -s -C "$top/sim" CPU="$cpu"
done
cpus=("${@/#/--perfscope-cpu=}")

# Wall-clock seconds of one pytest run of the firmware tests with these options.
seconds() {
  local t0 t1
  t0=$(date +%s%N)
  (cd "$top/tests" && "$top/.venv/bin/python" -B -m pytest -p no:cacheprovider -q "${cpus[@]}" "$@" test_firmware.py) \
    > "$top/build/bench/fwtest.log" 2>&1 || { tail -20 "$top/build/bench/fwtest.log" >&2; echo "bench: the firmware tests failed ($*)" >&2; exit 1; }
  t1=$(date +%s%N)
  awk -v ns=$((t1 - t0)) 'BEGIN { printf "%.2f", ns / 1e9 }'
}

# The smaller of two numbers.
least() { awk -v a="$1" -v b="$2" 'BEGIN { print (b < a ? b : a) }'; }

serial=1e9 parallel=1e9
for _ in 1 2 3; do
  s=$(seconds -p no:xdist)
  p=$(seconds -n 2)
  serial=$(least "$serial" "$s")
  parallel=$(least "$parallel" "$p")
done
runs=$(sed -n 's/^\([0-9]*\) passed.*/\1/p' "$top/build/bench/fwtest.log")

table=$top/build/bench/fwtest.md
{
  printf 'Firmware tests through the pytest plugin (%s runs: %s), wall time, best of 3:\n\n' "$runs" "$*"
  echo "| serial (-p no:xdist) | -n 2 (pytest-xdist) | -n 2 as a fraction of serial |"
  echo "|---|---|---|"
  awk -v s="$serial" -v p="$parallel" -v tsv="$summary" 'BEGIN {
    printf "| %.2f s | %.2f s | %.2f |\n", s, p, p / s
    printf "fwtest_serial_seconds\tall\t%.2f\nfwtest_parallel_seconds\tall\t%.2f\nfwtest_parallel_fraction\tall\t%.4f\n", s, p, p / s >> tsv
  }'
} > "$table"
cat "$table"
# docs/regressions.md shows the table as this run measured it.
"$top/scripts/docfigs.py" splice "$top/docs/regressions.md" bench-fwtest "$table"
