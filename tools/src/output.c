/* SPDX-License-Identifier: Apache-2.0 */
/* realpath is XSI, fopencookie GNU: beyond the POSIX the Makefile asks for. */
#define _GNU_SOURCE

#include "output.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "util.h"

/* The temporaries not yet renamed or removed: a run that ends in exit()
 * before output_close (memory ran out) removes them, as a failed run's. */
static const char *pending[4];

static void remove_pending(void)
{
	for (size_t i = 0; i < sizeof pending / sizeof pending[0]; i++)
		if (pending[i])
			unlink(pending[i]);
}

static void set_pending(const char *tmp, const char *was)
{
	static int registered;
	if (!registered)
		registered = atexit(remove_pending) == 0;
	for (size_t i = 0; i < sizeof pending / sizeof pending[0]; i++)
		if (pending[i] == was) {
			pending[i] = tmp;
			return;
		}
}

/* A temporary file next to the target, so that the rename cannot cross
 * file systems, with the permissions a new file would have had. */
static FILE *open_temporary(struct output *o)
{
	const size_t n = strlen(o->path) + sizeof ".tmpXXXXXX";
	o->tmp = xmalloc(n);
	/* The target's name and a suffix, or, for a name that leaves no room
	 * for the suffix within NAME_MAX, a short name beside it. */
	const char *slash = strrchr(o->path, '/');
	const char *base = slash ? slash + 1 : o->path;
	if (strlen(base) + sizeof ".tmpXXXXXX" - 1 <= NAME_MAX)
		snprintf(o->tmp, n, "%s.tmpXXXXXX", o->path);
	else
		snprintf(o->tmp, n, "%.*s.psXXXXXX", (int)(base - o->path), o->path);
	const int fd = mkstemp(o->tmp);
	if (fd < 0)
		return NULL;
	set_pending(o->tmp, NULL);
	const mode_t mask = umask(0);
	umask(mask);
	fchmod(fd, 0666 & ~mask);
	FILE *f = fdopen(fd, "wb");
	if (!f) {
		const int err = errno;
		close(fd);
		unlink(o->tmp);
		set_pending(NULL, o->tmp);
		errno = err;
	}
	return f;
}

/* Standard output, counted: whether a run that failed wrote anything
 * there decides what its last line says ("nothing written" or "the output
 * is incomplete"), and a pipe has no position to ask. */
static ssize_t counted_write(void *cookie, const char *buf, size_t n)
{
	struct output *o = cookie;
	size_t done = 0;
	while (done < n) {
		const ssize_t w = write(STDOUT_FILENO, buf + done, n - done);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			break;
		done += (size_t)w;
	}
	o->written += done;
	return (ssize_t)done; /* 0 on an error, as fopencookie's write must: never negative */
}

static FILE *open_stdout(struct output *o)
{
	FILE *f = fopencookie(o, "wb", (cookie_io_functions_t){ .write = counted_write });
	if (f && isatty(STDOUT_FILENO))
		setvbuf(f, NULL, _IOLBF, BUFSIZ); /* a terminal sees each line, as stdout's */
	return f;
}

/* The file a symbolic link names that does not exist yet (realpath fails
 * on it with ENOENT), through a chain of links, each relative to its own
 * directory, as the kernel follows them; NULL if path is no link, or the
 * chain does not end in 40 links (ELOOP, as the kernel's limit). */
static char *dangling_target(const char *path)
{
	char *at = xstrdup(path);
	for (int hops = 0; hops < 40; hops++) {
		struct stat st;
		char target[PATH_MAX];
		if (lstat(at, &st) != 0 || !S_ISLNK(st.st_mode)) {
			if (hops)
				return at;
			free(at);
			return NULL;
		}
		const ssize_t n = readlink(at, target, sizeof target - 1);
		if (n <= 0)
			break;
		target[n] = 0;
		const char *slash = strrchr(at, '/');
		const size_t dir = target[0] == '/' || !slash ? 0 : (size_t)(slash - at) + 1;
		char *next = xmalloc(dir + (size_t)n + 1);
		memcpy(next, at, dir);
		memcpy(next + dir, target, (size_t)n + 1);
		free(at);
		at = next;
	}
	free(at);
	errno = ELOOP;
	return NULL;
}

FILE *output_open(struct output *o, const char *path)
{
	struct stat st;
	*o = (struct output){ .name = "standard output" };
	if (!path || !strcmp(path, "-")) {
		o->f = open_stdout(o);
		if (!o->f)
			error_at(NULL, 0, "standard output: cannot write: %s", strerror(errno));
		return o->f;
	}
	o->name = path;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		o->f = fopen(path, "wb"); /* /dev/null, a named pipe: nothing to rename */
	} else {
		/* A symbolic link's file is the one written: the rename would
		 * replace the link itself. */
		o->path = o->real = realpath(path, NULL);
		if (!o->path && errno == ENOENT) {
			/* A new file, or the one a link names, not there yet. */
			o->path = o->real = dangling_target(path);
			if (!o->path && errno != ELOOP)
				o->path = path;
		}
		if (o->path)
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
	if (fclose(o->f))
		failed = 1;
	if (o->path && keep && !failed && rename(o->tmp, o->path))
		failed = 1;
	if (failed)
		error_at(o->name, 0, "cannot write: %s", strerror(errno));
	if (o->tmp && (!keep || failed))
		unlink(o->tmp);
	if (o->tmp)
		set_pending(NULL, o->tmp);
	free(o->tmp);
	free(o->real);
	*o = (struct output){ 0 };
	return failed ? -1 : 0;
}
