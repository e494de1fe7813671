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

# The HAL headers in the dialects HAL code is built in, -Werror with the
# flags given: C89 (-ansi), C99 -pedantic, and C++98, C++17 and C++20 (a
# HAL application's main.cpp; C++20 warns of a volatile store's value used),
# whose calls must reach the driver's C names.
# C89 and C++98 without -pedantic, which the HAL's own alt_types.h (long
# long) and the driver's variadic report macro do not pass.
dialect_prog='#include "altera_avalon_performance_counter.h"
#include "alt_types.h"
#include "io.h"
int f(void);
int f(void)
{
	alt_u64 t;
	PERF_RESET(PERFORMANCE_COUNTER_0_BASE);
	PERF_START_MEASURING(PERFORMANCE_COUNTER_0_BASE);
	PERF_BEGIN(PERFORMANCE_COUNTER_0_BASE, 1);
	PERF_END(PERFORMANCE_COUNTER_0_BASE, 1);
	PERF_STOP_MEASURING(PERFORMANCE_COUNTER_0_BASE);
	t = perf_get_total_time((void *)PERFORMANCE_COUNTER_0_BASE);
	return (int)(t + perf_get_num_starts((void *)PERFORMANCE_COUNTER_0_BASE, 1)
	             + (alt_u32)IORD(PERFORMANCE_COUNTER_0_BASE, 0));
}
'
# The flags given, but their C dialect (-std=c11 draws a warning from C++),
# and without -Wpedantic for the old dialects.
flags_but() {  # <1: drop -Wpedantic too> <flags>...
	ped=$1
	shift
	for a in "$@"; do
		case $a in
		-std=*) ;;
		-Wpedantic) [ "$ped" = 1 ] || printf '%s ' "$a" ;;
		*) printf '%s ' "$a" ;;
		esac
	done
}
for dialect in "c -ansi" "c -std=c99 -pedantic" "c++ -std=c++98" "c++ -std=gnu++17 -pedantic" "c++ -std=gnu++20"; do
	lang=${dialect%% *}
	old=0
	case $dialect in *-ansi | *c++98) old=1 ;; esac
	# shellcheck disable=SC2046,SC2086 # lists of flags
	if msg=$(printf '%s' "$dialect_prog" | $(flags_but $old "$@") -Werror -x $dialect -c -o "$out/dialect.o" - 2>&1) \
		&& { [ "$lang" = c ] || nm "$out/dialect.o" | grep -q ' U perf_get_total_time$'; }; then
		echo "PASS HAL headers in $dialect -Werror ($label)"
	else
		printf '%s\n' "$msg" | head -8 | sed 's/^/  /'
		echo "FAIL HAL headers in $dialect -Werror ($label): $(nm "$out/dialect.o" 2>/dev/null | grep perf_get_total | tr -s ' ')"
		failed=1
	fi
done

# A section number the compiler knows outside 0..7 draws the header's
# warning, and the mark calls perf_section_out_of_range() instead of making
# its store; -Werror turns the warning into a stop. 0 and 7 build without a
# warning, and so does one known only at run time.
for n in -1 0 7 8 15 'n'; do
	want=builds
	case $n in -1 | 8 | 15) want=warns ;; esac
	prog=$(printf '#include "altera_avalon_performance_counter.h"\nvoid f(int n) { PERF_BEGIN(PERFORMANCE_COUNTER_0_BASE, %s); PERF_END(PERFORMANCE_COUNTER_0_BASE, %s); (void)n; }\n' "$n" "$n")
	if msg=$(printf '%s' "$prog" | "$@" -Wno-error -x c -c -o "$out/section.o" - 2>&1); then
		got=builds
		if printf '%s' "$msg" | grep -q 'the section number is not 0\.\.7, the mark does nothing' \
			&& nm "$out/section.o" | grep -q ' U perf_section_out_of_range$'; then
			got=warns
		fi
	else
		got=refused
	fi
	if [ "$want" = warns ] && printf '%s' "$prog" | "$@" -Werror -x c -c -o "$out/section.o" - > /dev/null 2>&1; then
		got="builds with -Werror"
	fi
	if [ "$got" = "$want" ]; then
		what=$want
		[ "$want" = warns ] && what="warns, the mark does nothing, -Werror stops the build"
		echo "PASS PERF_BEGIN/PERF_END with section $n: $what ($label)"
	else
		printf '%s\n' "$msg" | head -5 | sed 's/^/  /'
		echo "FAIL PERF_BEGIN/PERF_END with section $n: $got, not $want ($label)"
		failed=1
	fi
done
exit $failed
