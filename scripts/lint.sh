#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Lint of everything that is not Verilog (verilator -Wall lints that, in
# rtl/tb, soc and syn): make lint runs it, and make test as its own suite.
#
#   scripts/lint.sh [spdx] [shellcheck] [ruff] [clang-format]   (default: all)
#
# Each tool prints one PASS line when it finds nothing, else one FAIL line a
# finding ("FAIL lint: TOOL: FILE:LINE: RULE ..."). The files are those of the
# checkout: tracked, plus new ones not yet added that .gitignore does not
# ignore, so a new file is linted before its first commit.
#
#   - spdx: scripts/spdx.py --check, the license line in every source file
#   - every shell script (*.sh, and a #! line naming sh or bash) with ShellCheck
#   - ruff: every Python script, with ruff.toml's rules
#   - clang-format: the C of driver/, tools/, tests/, bench/ and demo/ (tabs,
#     .clang-format), on the lines changed since LINT_BASE only: when this
#     check was added, 36 of 130 C files were laid out as clang-format-14
#     would, the code having been formatted by hand; reformatting the rest
#     would touch every file for no change in behaviour. LINT_BASE defaults
#     to HEAD~1: the last commit and the uncommitted changes, which a CI
#     clone of the submitted head has too (HEAD when there is no HEAD~1);
#     files not yet added are checked whole. The C and C++ of soc/, sim/,
#     rtl/ and syn/ are indented by 4 spaces, a style this .clang-format does
#     not describe, and are not checked.
#
# Generated files are linted where their generator is.
set -u
cd "$(dirname "$0")/.." || exit 1
CLANG_FORMAT=${CLANG_FORMAT:-clang-format-14}
CLANG_FORMAT_DIFF=${CLANG_FORMAT_DIFF:-clang-format-diff-14}
RUFF=${RUFF:-.venv/bin/ruff}   # requirements.txt's, which setup installs

if ! git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
  echo "lint: not a git checkout: no list of the files to lint, nothing linted"
  exit 0
fi
# New files not yet added count too, so that one is checked before its
# first commit, but only in the checkout's own directories: a user's
# program in a directory of its own, or at the top, is not the product's.
untracked() {
  local dirs
  mapfile -t dirs < <(git ls-tree -d --name-only HEAD)
  git ls-files --others --exclude-standard -- "${dirs[@]}"
}
mapfile -t FILES < <({ git ls-files --cached; untracked; } | sort -u)
exists() { for f in "$@"; do [ -f "$f" ] && printf '%s\n' "$f"; done; }
mapfile -t FILES < <(exists "${FILES[@]}")

status=0

# report TOOL WHAT: reads "FILE:LINE: TEXT" findings on stdin and prints each
# as a FAIL line, or one PASS line when there are none.
report() {
  local tool=$1 what=$2 n=0
  while IFS= read -r line; do
    [ -n "$line" ] || continue
    echo "FAIL lint: $tool: $line"
    n=$((n + 1))
  done
  if [ $n -eq 0 ]; then
    echo "PASS lint: $tool: $what"
  else
    status=1
  fi
}

run_spdx() {
  lint_run spdx "every source file names its license" \
    's/^spdx: ([^:]*): (.*)$/\1:1: \2 (scripts\/spdx.py --fix adds it)/p' \
    python3 -B scripts/spdx.py --check
}

# scripts NAME_PATTERN SHEBANG_REGEX: the files of the checkout named so, or
# with no suffix and a first line that matches.
scripts() {
  local f name first
  for f in "${FILES[@]}"; do
    name=${f##*/}
    # shellcheck disable=SC2254 # the pattern is meant to match as a pattern
    case $name in
      $1) printf '%s\n' "$f" ;;
      *.*) ;;
      *) IFS= read -r first < "$f" 2>/dev/null || first=
         [[ $first =~ $2 ]] && printf '%s\n' "$f" ;;
    esac
  done
}

# lint_run TOOL WHAT SED CMD...: runs CMD, turns its findings into
# "FILE:LINE: TEXT" with SED, and reports them. A tool that exits non-zero
# with no finding did not run (not installed, a bad configuration): a FAIL.
lint_run() {
  local tool=$1 what=$2 expr=$3 out rc findings
  shift 3
  out=$("$@" 2>&1); rc=$?
  findings=$(printf '%s\n' "$out" | sed -nE "$expr")
  if [ $rc -ne 0 ] && [ -z "$findings" ]; then
    echo "FAIL lint: $tool: $1 exited with status $rc: $(printf '%s\n' "$out" | head -3 | tr '\n' ' ')"
    status=1
    return
  fi
  report "$tool" "$what" <<< "$findings"
}

run_shellcheck() {
  local sh
  mapfile -t sh < <(scripts '*.sh' '^#!.*[/ ](ba)?sh( |$)')
  # -f gcc: "FILE:LINE:COL: level: text [SCnnnn]" becomes "FILE:LINE: SCnnnn text".
  lint_run shellcheck "$(shellcheck --version 2>/dev/null | sed -n 's/^version: //p') finds nothing in ${#sh[@]} shell scripts" \
    's/^([^:]+):([0-9]+):[0-9]+: [a-z]+: (.*) \[(SC[0-9]+)\]$/\1:\2: \4 \3/p' \
    shellcheck -f gcc "${sh[@]}"
}

run_ruff() {
  local py
  mapfile -t py < <(scripts '*.py' '^#!.*python')
  # concise: "FILE:LINE:COL: CODE text" becomes "FILE:LINE: CODE text".
  lint_run ruff "$("$RUFF" --version 2>/dev/null) finds nothing in ${#py[@]} Python scripts" \
    's/^([^:]+):([0-9]+):[0-9]+: (.*)$/\1:\2: \3/p' \
    "$RUFF" check --quiet --no-cache --output-format concise "${py[@]}"
}

# The C that .clang-format describes; generated files are laid out by their
# generator and skipped.
C_FILES='(driver|tools|tests|bench|demo)/.*\.[ch]'
# shellcheck disable=SC2317 # called through clang_format_findings
generated() { head -3 "$1" | grep -q 'Do not edit'; }

# clang_format_findings BASE: "FILE:LINE: text" for each place where
# clang-format would change a C line changed since BASE, or any line of a C
# file not yet added.
# shellcheck disable=SC2317 # called through lint_run
clang_format_findings() {
  local base=$1 f
  set -o pipefail
  # The whole diff, not one restricted to the C files: git finds a renamed
  # file's source only when it sees both. clang-format-diff prints a unified
  # diff of what it would change in the changed lines: a finding per hunk,
  # at the hunk's first line.
  git diff -U0 -M --no-color "$base" \
    | "$CLANG_FORMAT_DIFF" -p1 -regex "$C_FILES" -binary "$CLANG_FORMAT" \
    | awk -v base="$base" '/^\+\+\+ / { sub(/^\+\+\+ /, ""); sub(/\t.*/, ""); f = $0 }
           /^@@ / { split($3, a, ","); sub(/^\+/, "", a[1]);
                    print f ":" a[1] ": changed lines not laid out as .clang-format says" \
                      " (git diff -U0 -M " base " | clang-format-diff-14 -p1 -i lays them out)" }' \
    | while IFS= read -r line; do generated "${line%%:*}" || printf '%s\n' "$line"; done \
    || return 1
  while IFS= read -r f; do
    if ! [[ $f =~ ^$C_FILES$ ]] || generated "$f"; then continue; fi
    "$CLANG_FORMAT" --dry-run "$f" 2>&1 \
      | sed -nE 's/^([^:]+):([0-9]+):[0-9]+: warning: .*$/\1:\2: not laid out as .clang-format says (clang-format-14 -i fixes it)/p' \
      | uniq || return 1
  done < <(untracked)
}

run_clang_format() {
  local base=HEAD~1 n
  git rev-parse -q --verify HEAD~1 > /dev/null || base=HEAD
  base=${LINT_BASE:-$base}
  n=$( { git diff --name-only -M "$base"; untracked; } | grep -cxE "$C_FILES")
  lint_run clang-format \
    "$("$CLANG_FORMAT" --version 2>/dev/null | sed -E 's/.*version ([0-9.]+).*/\1/') finds nothing to change in the lines changed since $base ($n C files)" \
    's/^(.+)$/\1/p' clang_format_findings "$base"
}

tools=("$@")
[ ${#tools[@]} -gt 0 ] || tools=(spdx shellcheck ruff clang-format)
for t in "${tools[@]}"; do
  case $t in
    spdx) run_spdx ;;
    shellcheck) run_shellcheck ;;
    ruff) run_ruff ;;
    clang-format) run_clang_format ;;
    *) echo "FAIL lint: no tool named $t"; status=1 ;;
  esac
done
exit $status
