/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The host tool's unit tests: frames written by the driver's frame writer,
 * read by the perfscope binary as a user runs it, every output compared
 * exactly; no firmware, simulator or cross compiler.
 *
 *   usage: unit PERFSCOPE      (make -C tools unit)
 */
#include <stdio.h>

#include "unit.h"

int main(int argc, char **argv)
{
	if (argc != 2) {
		fputs("usage: unit PERFSCOPE\n", stderr);
		return 2;
	}
	tool_setup(argv[1]);
	test_modules();
	test_frames();
	test_errors();
	test_callgraph();
	test_outputs();
	test_stream();
	test_hist();
	tool_cleanup();
	return check_summary();
}
