/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Time a context was switched out, kept out of the calls it interrupted:
 * the one rule of the function-cost statistics (driver/hooks/funccost.c),
 * the profiles (driver/hooks/profile.c) and the host tool's replay of
 * function-cost events (tools/src/callgraph.c), so that all three count
 * every cycle alike.
 *
 * A gap is the time from a switch out to the switch back plus the leak
 * (perf_context_set_leak), the cycles of the interrupt the switches cannot
 * see. The leak is a fixed figure and may be more than the handler took, so
 * the gap's end may fall after events that follow it: it is taken off the
 * time after it, at most all of that time, so that no clock runs backwards.
 * It belongs to the calls the switch interrupted: once none is open, the
 * rest is dropped, for the context switched to gets a leak of its own, and
 * its calls are its own.
 */
#ifndef PERF_GAP_H
#define PERF_GAP_H

#include <stdint.h>

/*
 * Of the *left cycles of a gap still to take, takes those that fall in the
 * d cycles after it; *left keeps the rest while calls are open (open != 0),
 * else drops it. Returns the cycles taken. Function cost and the host take
 * the gap over as many events as it spans; a profile takes only its leak
 * (the switch excludes the time out itself), once, off the interrupted
 * call's own time so far. Without a branch on the amounts: a profile's
 * hooks run the same instructions with or without a leak.
 */
static inline __attribute__((no_instrument_function)) uint32_t
perf_gap_take(uint32_t *left, uint32_t d, uint32_t open)
{
	const uint32_t within = 0u - (uint32_t)(d < *left);
	const uint32_t part = (d & within) | (*left & ~within);
	*left = open ? *left - part : 0;
	return part;
}

/*
 * The clock going back: of two consecutive stamps, the later less the
 * earlier is d modulo 2^32. G runs forwards; it steps back only when the
 * program resets it (PERF_RESET, or a STOP and a RESET) while the hooks
 * record, as Embench's initialise_board() or a CoreMark port's
 * portable_init() does. Taken modulo 2^32, that step reads as a time of
 * nearly 2^32 cycles, charged silently to every call open across it. So a
 * d of 2^31 or more, negative as a signed 32-bit difference, is the clock
 * going back: no time passes across it (the calls open get none of it), the
 * gap still to take (*left) spans the reset and is dropped, and *back counts
 * it. Returns the cycles d stands for.
 *
 * Why 2^31: a step back and a long time forwards are the same bits; half
 * the range goes to each. The limit this puts on a recording replaces the
 * old one of 2^32: two consecutive events more than 2^31 cycles apart
 * (about 43 s at 50 MHz with no call, return or switch in between) are
 * misread as a reset, and that time is not counted. The driver's
 * perf_statistics_calc and the host tool's replay of an events frame apply
 * this one rule, so both count the same steps and the same cycles.
 */
static inline __attribute__((no_instrument_function)) uint32_t
perf_stamp_step(uint32_t d, uint32_t *left, uint32_t *back)
{
	if (d < 0x80000000u)
		return d;
	*left = 0;
	(*back)++;
	return 0;
}

#endif
