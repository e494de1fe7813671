/* SPDX-License-Identifier: Apache-2.0 */
#include "tool.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "unit.h"

static const char *tool;
static char dir[] = "/tmp/perfscope-unit.XXXXXX";

void tool_setup(const char *path)
{
	tool = path;
	if (access(tool, X_OK) || !mkdtemp(dir)) {
		fprintf(stderr, "unit: cannot run %s or make %s\n", tool, dir);
		exit(2);
	}
}

static char *path_in(const char *name)
{
	char *p = malloc(strlen(dir) + strlen(name) + 2);
	if (!p)
		exit(2);
	sprintf(p, "%s/%s", dir, name);
	return p;
}

/* The whole of the file at path (free it), or NULL; its length in *n. */
static char *slurp_n(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t len = 0, cap = 4096;
	char *s = malloc(cap);
	size_t got;
	while (s && (got = fread(s + len, 1, cap - len - 1, f)) > 0) {
		len += got;
		if (cap - len < 2)
			s = realloc(s, cap *= 2);
	}
	fclose(f);
	if (!s)
		exit(2);
	s[len] = 0;
	*n = len;
	return s;
}

static char *slurp(const char *path)
{
	size_t n;
	return slurp_n(path, &n);
}

int tool_file_has(const char *name, const char *part)
{
	char *p = path_in(name);
	size_t n = 0;
	char *s = slurp_n(p, &n);
	free(p);
	int found = 0;
	for (size_t i = 0, k = strlen(part); s && !found && i + k <= n; i++)
		found = !memcmp(s + i, part, k);
	free(s);
	return found;
}

void tool_write(const char *name, const void *data, size_t n)
{
	char *p = path_in(name);
	FILE *f = fopen(p, "wb");
	free(p);
	if (!f || fwrite(data, 1, n, f) != n || fclose(f)) {
		fprintf(stderr, "unit: cannot write %s\n", name);
		exit(2);
	}
}

char *tool_file_n(const char *name, size_t *n)
{
	char *p = path_in(name);
	char *s = slurp_n(p, n);
	free(p);
	return s;
}

char *tool_file(const char *name)
{
	size_t n;
	return tool_file_n(name, &n);
}

char *tool_path(const char *name)
{
	return path_in(name);
}

void check_golden(const char *what, const char *dump, const char *const args[], const char *name)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/%s", UNIT_EXPECTED, name);
	char *want = slurp(path);
	if (!want) {
		fprintf(stderr, "unit: cannot read %s\n", path);
		exit(2);
	}
	check_run(what, dump, args, want, "", 0);
	free(want);
}

static void remove_in(const char *name)
{
	char *p = path_in(name);
	remove(p);
	free(p);
}

void tool_cleanup(void)
{
	const char *names[] = {
		"dump.log", "out.txt", "err.txt", "o.txt", "trace.bin", "gmon.out"
	};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		remove_in(names[i]);
	rmdir(dir);
}

void tool_run(struct run *r, const char *dump, const char *const args[])
{
	remove_in("dump.log");
	if (dump) {
		char *p = path_in("dump.log");
		FILE *f = fopen(p, "wb");
		free(p);
		if (!f || fputs(dump, f) < 0 || fclose(f)) {
			fputs("unit: cannot write dump.log\n", stderr);
			exit(2);
		}
	}
	size_t n = 0;
	while (args[n])
		n++;
	const char **argv = calloc(n + 2, sizeof *argv);
	argv[0] = "perfscope";
	memcpy(argv + 1, args, n * sizeof *argv);
	fflush(stdout);
	const pid_t pid = fork();
	if (pid == 0) {
		if (chdir(dir))
			_exit(126);
		const int i = open("/dev/null", O_RDONLY);
		const int o = open("out.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
		const int e = open("err.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (i < 0 || o < 0 || e < 0 || dup2(i, 0) < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0)
			_exit(126);
		execv(tool, (char *const *)argv);
		_exit(127);
	}
	free(argv);
	int st = 0;
	if (pid < 0 || waitpid(pid, &st, 0) != pid) {
		fputs("unit: cannot run perfscope\n", stderr);
		exit(2);
	}
	r->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	r->out = tool_file("out.txt");
	r->err = tool_file("err.txt");
	if (!r->out || !r->err)
		exit(2);
}

void run_free(struct run *r)
{
	free(r->out);
	free(r->err);
}

void check_contains(const char *what, const char *text, const char *part)
{
	check_str(what, strstr(text, part) ? part : text, part);
}

/* Equal texts pass whole; else the first line that differs is shown. */
static void check_text(const char *what, const char *got, const char *want)
{
	if (!strcmp(got, want)) {
		check_str(what, got, want);
		return;
	}
	int line = 1;
	for (;;) {
		const size_t g = strcspn(got, "\n"), w = strcspn(want, "\n");
		if (g != w || strncmp(got, want, g) || !got[g] || !want[w])
			break;
		got += g + 1;
		want += w + 1;
		line++;
	}
	char name[600], gl[300], wl[300];
	snprintf(name, sizeof name, "%s, line %d", what, line);
	snprintf(gl, sizeof gl, "%.*s", (int)strcspn(got, "\n") + (got[strcspn(got, "\n")] == '\n'),
	         got);
	snprintf(wl, sizeof wl, "%.*s",
	         (int)strcspn(want, "\n") + (want[strcspn(want, "\n")] == '\n'), want);
	check_str(name, gl, wl);
}

void check_run(const char *what, const char *dump, const char *const args[], const char *out,
               const char *err, int status)
{
	struct run r;
	tool_run(&r, dump, args);
	char name[512];
	snprintf(name, sizeof name, "%s: exit status", what);
	check_int(name, r.status, status);
	if (out) {
		snprintf(name, sizeof name, "%s: standard output", what);
		check_text(name, r.out, out);
	}
	if (err) {
		snprintf(name, sizeof name, "%s: standard error", what);
		check_text(name, r.err, err);
	}
	run_free(&r);
}
