/* SPDX-License-Identifier: Apache-2.0 */
/* Time on a timeline (chrome's JSON and its Perfetto form). */
#ifndef TIMELINE_H
#define TIMELINE_H

#include <stdint.h>
#include <stdio.h>

#include "frame.h"
#include "input.h"

/* A recording's track: "events frame 2 (app.log:14)", or "trace stream
 * (trace.bin)"; its id is the frame's index. Section n of a trace stream
 * has a track of its own, TIMELINE_SECTION_TRACK + n, "section n". */
#define TIMELINE_SECTION_TRACK 1000
static inline int timeline_track_name(char *buf, size_t size, const struct frame *fr)
{
	if (fr->stream)
		return snprintf(buf, size, "trace stream (%s)", fr->in->name);
	return snprintf(buf, size, "events frame %d (%s:%ld)", fr->index, fr->in->name, fr->line);
}

/* The clock a timeline uses: --clock-hz, else the run frame's, else none
 * (0: a cycle shows as a microsecond). */
static inline uint32_t timeline_hz(uint32_t option, const struct input *in)
{
	return option ? option : in->clock_hz;
}

/* A cycle count in nanoseconds, exact to the nanosecond, or with no clock
 * one cycle as a microsecond. Start and end are converted apart and the
 * duration is their difference, so a call never seems to outlast its
 * caller by a rounding. */
static inline uint64_t timeline_ns(uint64_t cycles, uint32_t hz)
{
	return hz ? cycles / hz * 1000000000u + cycles % hz * 1000000000u / hz : cycles * 1000u;
}

#endif
