/* SPDX-License-Identifier: Apache-2.0 */
/* The driver's host test program: every suite, then the verdict as exit code. */
#define _POSIX_C_SOURCE 200809L /* dup, dup2, fileno: to capture stdout */

#include <stdio.h>
#include <unistd.h>

#include "check.h"
#include "suites.h"

static FILE *captured;
static int saved_stdout;

void capture_start(void)
{
	fflush(stdout);
	captured = tmpfile();
	saved_stdout = dup(STDOUT_FILENO);
	dup2(fileno(captured), STDOUT_FILENO);
}

const char *capture_end(void)
{
	static char text[2048];
	fflush(stdout);
	dup2(saved_stdout, STDOUT_FILENO);
	close(saved_stdout);
	rewind(captured);
	text[fread(text, 1, sizeof text - 1, captured)] = '\0';
	fclose(captured);
	return text;
}

int main(void)
{
	test_macros();
	test_driver();
	test_report();
	test_misuse();
	test_hwtrace();
	test_retire();
	return check_summary();
}
