/* SPDX-License-Identifier: Apache-2.0 */
/* Memory that cannot run out quietly, and small helpers every file needs. */
#ifndef UTIL_H
#define UTIL_H

#include <stddef.h>
#include <stdint.h>

/* Exit statuses (docs/host-tool.md): what a script calling perfscope tests. */
enum {
	EXIT_OK = 0,     /* every output written */
	EXIT_INPUT = 1,  /* the dump or the ELF was bad: what and where is on stderr */
	EXIT_USAGE = 2,  /* the command line was bad */
	EXIT_OUTPUT = 3, /* an output could not be written, or memory ran out */
};

/* These print "perfscope: out of memory" and exit with EXIT_OUTPUT rather
 * than return NULL: no caller could do anything better. */
void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
char *xstrdup(const char *s);

/* Makes room for `need` elements of `size` bytes in *p, which holds *cap;
 * doubles, so appending n elements costs O(n). */
void grow(void *p, size_t *cap, size_t need, size_t size);

/* "s" for a count that is not 1: "%u call%s", n, plural(n). */
static inline const char *plural(unsigned long long n)
{
	return n == 1 ? "" : "s";
}

#endif
