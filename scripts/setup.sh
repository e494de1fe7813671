#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs what perfscope needs and is missing: Debian packages with apt-get,
# Python packages into the project-local .venv from the pinned requirements.
# Safe to run again; it only acts on what is missing or out of date.
#
# The Debian packages whose version decides an exact figure (cell counts,
# cycle counts, lint and proof results) are installed at the versions of
# scripts/debian-pins.txt. One installed at another version is left alone
# (downgrading a developer's toolchain is theirs to decide): setup names it
# and make test's first suite fails on it.
set -euo pipefail
cd "$(dirname "$0")/.."

# The second line is LiteX's (soc/litex): meson and ninja build its picolibc,
# litex_sim's simulator links libevent, json-c and zlib. valgrind counts the
# host instructions of make bench's simulation speed table.
DEBS=(make g++ git python3 python3-venv fpga-icestorm libelf-dev clang-14 libclang-rt-14-dev
      meson ninja-build libevent-dev libjson-c-dev zlib1g-dev valgrind)
declare -A PIN=()
PINNED=()
while read -r pkg version _; do
  case $pkg in ''|'#'*) continue ;; esac
  PIN[$pkg]=$version
  PINNED+=("$pkg")
done < scripts/debian-pins.txt

missing=()
for p in "${DEBS[@]}" "${PINNED[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$p${PIN[$p]:+=${PIN[$p]}}")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  if ! DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null; then
    echo "setup: apt-get could not install ${missing[*]}; a pinned version the mirror no" \
         "longer has needs a new pin in scripts/debian-pins.txt and the figures re-measured" >&2
    exit 1
  fi
fi

# Quiet when every pin holds: setup runs before every make demo, test,
# profile and bench.
for p in "${PINNED[@]}"; do
  v=$(dpkg-query -W -f='${Version}' "$p")
  if [ "$v" != "${PIN[$p]}" ]; then
    echo "setup: $p $v, but ${PIN[$p]} is pinned (apt-get install $p=${PIN[$p]})"
  fi
done

# .venv/.installed is the requirements.txt it was made from: compared by
# content, not by time, so that a clone or a worktree sharing the .venv does
# not reinstall for a file that is only newer.
if [ ! -x .venv/bin/python ] || ! cmp -s requirements.txt .venv/.installed; then
  echo "setup: installing Python packages into .venv"
  python3 -m venv .venv
  .venv/bin/pip install -q --disable-pip-version-check -r requirements.txt
  cp requirements.txt .venv/.installed
fi

# FuseSoC takes every .core under a library's directory as one of it: the
# checkout added as a library would also find the cores of the Python
# packages and FuseSoC's own generator cache in build/. A FUSESOC_IGNORE
# file keeps a directory out.
mkdir -p build
touch .venv/FUSESOC_IGNORE build/FUSESOC_IGNORE
