/* SPDX-License-Identifier: Apache-2.0 */
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(void)
{
	fputs("perfscope: out of memory\n", stderr);
	exit(EXIT_OUTPUT);
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (!p)
		out_of_memory();
	return p;
}

void *xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *xstrdup(const char *s)
{
	const size_t n = strlen(s) + 1;
	return memcpy(xmalloc(n), s, n);
}

void grow(void *p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return;
	size_t n = *cap ? *cap : 16;
	while (n < need) {
		if (n > SIZE_MAX / 2 / size)
			out_of_memory();
		n *= 2;
	}
	void **pp = p;
	void *q = realloc(*pp, n * size);
	if (!q)
		out_of_memory();
	*pp = q;
	*cap = n;
}
