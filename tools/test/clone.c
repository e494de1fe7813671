/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A program whose profile holds functions GCC cloned: picolibc's qsort
 * calls med3.constprop.0, a name GNU gprof skips (it would give the clone's
 * time and calls to swapfunc, the function before it), and this file and
 * clone_twin.c each have a static scale.constprop.0, one name for two
 * functions. make test profiles it as built (make profile MODE=retire), and
 * test/check_outputs.py finds the functions of its table in gprof's view,
 * the clones included.
 */
#include <stdlib.h>

int twin(const int *v, int n);

static int cmp(const void *a, const void *b)
{
	const int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* Called with one constant factor only: GCC clones it with the factor in. */
__attribute__((noinline)) static int scale(const int *v, int n, int k)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += v[i] * k;
	return s;
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
	const int sum = scale(v, 200, 3) + scale(v, 100, 3) + twin(v, 200);
	return (v[0] > v[199]) + (sum == 1); /* 0: sorted */
}
