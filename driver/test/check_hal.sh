#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Compiles hal_program.c, a program written to the Nios II HAL, with the
# compiler and flags given: once with the HAL includes, once with perfscope.h
# alone and system.h's macros overridden by -D as a board would (a system.h
# macro without its #ifndef guard is then a redefinition error). One PASS or
# FAIL line for each, with the compiler's messages on failure.
# usage: check_hal.sh LABEL OUTDIR CC [FLAGS...]
set -u
label=$1 out=$2
shift 2
src=$(dirname "$0")/hal_program.c
mkdir -p "$out"
failed=0

check() {
	name=$1 obj=$2
	shift 2
	if msg=$("$@" -c -o "$out/$obj" "$src" 2>&1); then
		echo "PASS HAL program compiles ($label, $name)"
	else
		printf '%s\n' "$msg" | head -20 | sed 's/^/  /'
		echo "FAIL HAL program compiles ($label, $name)"
		failed=1
	fi
}

check "HAL includes" hal.o "$@"
check "perfscope.h alone, -D over system.h" perfscope_h.o "$@" -DPERFSCOPE_H_ONLY \
	-DPERFORMANCE_COUNTER_0_BASE=0x80000100 -DALT_CPU_FREQ=12000000
exit $failed
