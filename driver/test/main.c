/* SPDX-License-Identifier: Apache-2.0 */
/* The driver's host test program: every suite, then the verdict as exit code. */
#include "check.h"
#include "suites.h"

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
