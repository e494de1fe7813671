/* SPDX-License-Identifier: Apache-2.0 */
/* Host test of the frame line against a vector made independently
 * (Python: struct.pack('<II', 1, 0xdeadbeef), zlib.crc32, base64). */
#include <string.h>

#include "check.h"
#include "perfscope_frame.h"

static char line[128];
static unsigned len;

static int put(int c, void *ctx)
{
	(void)ctx;
	if (len + 1 >= sizeof line)
		return -1;
	line[len++] = (char)c;
	return c;
}

static void payload(struct perf_frame *f, const void *arg)
{
	(void)arg;
	perf_frame_u32(f, 0xdeadbeefu);
}

int main(void)
{
	check_u64("frame written", (uint64_t)perf_frame_write("test", payload, NULL, put, NULL), 0);
	/* The program's first frame comes after its run frame (no clock, no
	 * build id on the host); format version 2, then the payload; CRCs and
	 * base64 from zlib and Python. */
	check_u64(
	        "frame lines: the run frame, then version 2, the payload, its CRC",
	        strcmp(line,
	               "@PS run 12 0x97ee58f0 AgAAAAAAAAAAAAAA\n@PS test 8 0x1c196717 AgAAAO++rd4=\n") ==
	                0,
	        1);
	len = 0;
	memset(line, 0, sizeof line);
	check_u64("a failing output is reported",
	          (uint64_t)perf_frame_write("test", payload, NULL, put, NULL) == 0 &&
	                  perf_frame_write("t", payload, NULL, put, NULL) == 0 &&
	                  perf_frame_write("t", payload, NULL, put, NULL) == 0 &&
	                  perf_frame_write("t", payload, NULL, put, NULL) == -PERF_EIO,
	          1);
	return check_failures() != 0;
}
