#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks that the Debian packages of scripts/debian-pins.txt are installed at
# their pinned versions: a newer yosys or GCC moves a cell count or a cycle
# count, and the check asserting it would fail on a number with no word of
# why. This fails first, naming the package and the checks it affects.
#
#   scripts/check_pins.sh             every pin: one PASS or FAIL line each
#   scripts/check_pins.sh --guard P…  only packages P, FAIL lines only: for a
#                                     test target to run before its exact checks
# Exits 1 when a version differs. PINS= reads another pin file.
set -u
cd "$(dirname "$0")/.." || exit 1
pins=${PINS:-scripts/debian-pins.txt}

guard=0
if [ "${1:-}" = "--guard" ]; then
  guard=1; shift
fi

st=0
declare -A seen=()
while read -r pkg pinned checks; do
  case $pkg in ''|'#'*) continue ;; esac
  if [ $guard -eq 1 ]; then
    want=0
    for p in "$@"; do [ "$p" = "$pkg" ] && want=1; done
    [ $want -eq 1 ] || continue
  fi
  seen[$pkg]=1
  found=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null)
  status=$(dpkg-query -W -f='${db:Status-Status}' "$pkg" 2>/dev/null)
  if [ "$status" = "installed" ] && [ "$found" = "$pinned" ]; then
    [ $guard -eq 1 ] || echo "PASS pinned $pkg $pinned"
  else
    [ "$status" = "installed" ] || found="nothing"
    echo "FAIL pinned $pkg: $found installed, $pinned pinned; the exact figures of $checks were measured with $pinned"
    st=1
  fi
done < "$pins"

# A guard naming a package the pin file lacks would check nothing.
for p in "$@"; do
  if [ -z "${seen[$p]:-}" ]; then
    echo "FAIL pinned $p: not in $pins"
    st=1
  fi
done
exit $st
