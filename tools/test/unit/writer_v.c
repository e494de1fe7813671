/* SPDX-License-Identifier: Apache-2.0 */
/* The driver's frame writer built again with format version VERSION (1 or
 * 3) in place of PERF_FRAME_VERSION and of each type's own version
 * (perfscope_frames.h), its functions named with a _vVERSION suffix:
 * frames of an older driver, and of a newer one. */
#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define perf_frame_u32 CAT(perf_frame_u32_v, VERSION)
#define perf_frame_u64 CAT(perf_frame_u64_v, VERSION)
#define perf_frame_write CAT(perf_frame_write_v, VERSION)
#define perf_snapshot_frame CAT(perf_snapshot_frame_v, VERSION)

#include "perfscope_frame.h"

#undef PERF_FRAME_VERSION
#define PERF_FRAME_VERSION VERSION
#undef PERF_FRAME_SECTIONS_VERSION
#define PERF_FRAME_SECTIONS_VERSION VERSION
#undef PERF_FRAME_CALLTRACE_VERSION
#define PERF_FRAME_CALLTRACE_VERSION VERSION
#undef PERF_FRAME_EVENTS_VERSION
#define PERF_FRAME_EVENTS_VERSION VERSION
#undef PERF_FRAME_FUNCSTAT_VERSION
#define PERF_FRAME_FUNCSTAT_VERSION VERSION
#undef PERF_FRAME_PROFILE_VERSION
#define PERF_FRAME_PROFILE_VERSION VERSION
#undef PERF_FRAME_HOT_VERSION
#define PERF_FRAME_HOT_VERSION VERSION
#undef PERF_FRAME_RUN_VERSION
#define PERF_FRAME_RUN_VERSION VERSION

#include "perf_frame.c"
