#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

static unsigned errors;
static int quiet;

static void message(const char *kind, const char *file, long line, const char *fmt, va_list ap)
{
	if (quiet)
		return;
	fputs("perfscope: ", stderr);
	if (file && line > 0)
		fprintf(stderr, "%s:%ld: ", file, line);
	else if (file)
		fprintf(stderr, "%s: ", file);
	fprintf(stderr, "%s: ", kind);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void error_at(const char *file, long line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	message("error", file, line, fmt, ap);
	va_end(ap);
	errors++;
}

void warning_at(const char *file, long line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	message("warning", file, line, fmt, ap);
	va_end(ap);
}

void error_count(void)
{
	errors++;
}

unsigned diag_errors(void)
{
	return errors;
}

void diag_reset(int be_quiet)
{
	errors = 0;
	quiet = be_quiet;
}
