#!/usr/bin/env bash
# Installs what perfscope needs and is missing: Debian packages with apt-get,
# Python packages into the project-local .venv from the pinned requirements.
# Safe to run again; it only acts on what is missing or out of date.
set -euo pipefail
cd "$(dirname "$0")/.."

DEBS=(make g++ git python3 python3-venv verilator yosys nextpnr-ice40 fpga-icestorm z3
      gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf picolibc-riscv64-unknown-elf
      libelf-dev clang-14 libclang-rt-14-dev)

missing=()
for p in "${DEBS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -x .venv/bin/python ] || [ requirements.txt -nt .venv/.installed ]; then
  echo "setup: installing Python packages into .venv"
  python3 -m venv .venv
  .venv/bin/pip install -q --disable-pip-version-check -r requirements.txt
  touch .venv/.installed
fi
