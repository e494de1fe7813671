/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A program whose profile holds functions GCC cloned: picolibc's qsort
 * calls med3.constprop.0, a name GNU gprof skips (it would give the clone's
 * time and calls to swapfunc, the function before it). make test profiles
 * it as built (make profile MODE=retire), and test/check_outputs.py finds
 * every function of its table in gprof's view, the clone included.
 */
#include <stdlib.h>

static int cmp(const void *a, const void *b)
{
	const int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

int main(void)
{
	static int v[200];
	unsigned s = 1;
	for (int i = 0; i < 200; i++) {
		s = s * 1103515245u + 12345u;
		v[i] = (int)(s >> 8);
	}
	qsort(v, 200, sizeof v[0], cmp);
	return v[0] > v[199]; /* 0: sorted */
}
