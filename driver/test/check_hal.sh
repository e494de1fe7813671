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

# A section number the compiler knows outside 0..7 stops the build, with the
# header's message; 0 and 7 build, and so does one known only at run time.
for n in -1 0 7 8 15 'n'; do
	want=builds
	case $n in -1 | 8 | 15) want=refused ;; esac
	if msg=$(printf '#include "altera_avalon_performance_counter.h"\nvoid f(int n) { PERF_BEGIN(PERFORMANCE_COUNTER_0_BASE, %s); PERF_END(PERFORMANCE_COUNTER_0_BASE, %s); (void)n; }\n' \
		"$n" "$n" | "$@" -x c -c -o "$out/section.o" - 2>&1); then
		got=builds
	else
		got=refused
	fi
	if [ "$got" = "$want" ] && { [ "$want" = builds ] || printf '%s' "$msg" | grep -q 'the section number is not 0\.\.7'; }; then
		echo "PASS PERF_BEGIN/PERF_END with section $n: $want ($label)"
	else
		printf '%s\n' "$msg" | head -5 | sed 's/^/  /'
		echo "FAIL PERF_BEGIN/PERF_END with section $n: $got, not $want ($label)"
		failed=1
	fi
done
exit $failed
