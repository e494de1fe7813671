/* SPDX-License-Identifier: Apache-2.0 */
/* realpath is XSI: beyond the POSIX the Makefile asks for. */
#define _XOPEN_SOURCE 700

#include "output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "util.h"

/* A temporary file next to the target, so that the rename cannot cross
 * file systems, with the permissions a new file would have had. */
static FILE *open_temporary(struct output *o)
{
	const size_t n = strlen(o->path) + sizeof ".tmpXXXXXX";
	o->tmp = xmalloc(n);
	snprintf(o->tmp, n, "%s.tmpXXXXXX", o->path);
	const int fd = mkstemp(o->tmp);
	if (fd < 0)
		return NULL;
	const mode_t mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	return fdopen(fd, "wb");
}

FILE *output_open(struct output *o, const char *path)
{
	struct stat st;
	*o = (struct output){ .name = "standard output" };
	if (!path || !strcmp(path, "-")) {
		o->f = stdout;
		return o->f;
	}
	o->name = path;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		o->f = fopen(path, "wb"); /* /dev/null, a named pipe: nothing to rename */
	} else {
		/* A symbolic link's file is the one written: the rename would
		 * replace the link itself. */
		o->path = o->real = realpath(path, NULL);
		if (!o->path)
			o->path = path;
		o->f = open_temporary(o);
	}
	if (!o->f) {
		error_at(path, 0, "cannot write: %s", strerror(errno));
		free(o->tmp);
		free(o->real);
		o->tmp = o->real = NULL;
	}
	return o->f;
}

int output_close(struct output *o, int keep)
{
	int failed = ferror(o->f) || fflush(o->f);
	if (o->f != stdout && fclose(o->f))
		failed = 1;
	if (o->path && keep && !failed && rename(o->tmp, o->path))
		failed = 1;
	if (failed)
		error_at(o->name, 0, "cannot write: %s", strerror(errno));
	if (o->tmp && (!keep || failed))
		unlink(o->tmp);
	free(o->tmp);
	free(o->real);
	*o = (struct output){ 0 };
	return failed ? -1 : 0;
}
