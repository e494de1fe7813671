/* SPDX-License-Identifier: Apache-2.0 */
/* clone.c's second file: a static scale of its own, which GCC clones as
 * scale.constprop.0 too. */
int twin(const int *v, int n);

__attribute__((noinline)) static int scale(const int *v, int n, int k)
{
	int s = 0;
	for (int i = 0; i < n; i += 2)
		s += v[i] * k;
	return s;
}

int twin(const int *v, int n)
{
	return scale(v, n, 5) + scale(v, n / 2, 5);
}
