#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The repository holds sources only: no tracked file may be one .gitignore
# ignores (build output, .venv, __pycache__) or a compiled artifact. Runs in
# make test, so a generated file committed by mistake fails before it lands.
set -u
cd "$(dirname "$0")/.." || exit 1
if ! git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
  echo "PASS tree: not a git checkout, nothing to check"
  exit 0
fi
bad=$( { git ls-files -ci --exclude-standard
         git ls-files | grep -E '(\.(pyc|pyo|o|a|so|elf|vcd|fst)$|(^|/)__pycache__/)'; } | sort -u)
if [ -z "$bad" ]; then
  echo "PASS tree: no generated or ignored file is tracked"
else
  echo "FAIL tree: generated or ignored files are tracked: ${bad//$'\n'/ }"
fi
