/* SPDX-License-Identifier: Apache-2.0 */
#include "diag.h"

#include "util.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static unsigned errors;
static int quiet;

/* Messages held while a frame is decoded: the first HELD_MAX in full, the
 * rest counted. A corrupted frame can make its decoder say a lot. */
#define HELD_MAX 32
#define HELD_LEN 512
static int holding;
static char held[HELD_MAX][HELD_LEN];
static unsigned held_n, held_errors;

static void message(int hold, const char *kind, const char *file, long line, const char *fmt, va_list ap)
{
	if (quiet)
		return;
	char text[HELD_LEN];
	int n = snprintf(text, sizeof text, "perfscope: ");
	if (file && line > 0)
		n += snprintf(text + n, sizeof text - (size_t)n, "%s:%ld: ", file, line);
	else if (file)
		n += snprintf(text + n, sizeof text - (size_t)n, "%s: ", file);
	if ((size_t)n < sizeof text)
		n += snprintf(text + n, sizeof text - (size_t)n, "%s: ", kind);
	if ((size_t)n < sizeof text)
		vsnprintf(text + n, sizeof text - (size_t)n, fmt, ap);
	if (!hold)
		fprintf(stderr, "%s\n", text);
	else if (held_n++ < HELD_MAX)
		memcpy(held[held_n - 1], text, sizeof text);
}

void error_at(const char *file, long line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	message(holding, "error", file, line, fmt, ap);
	va_end(ap);
	if (holding)
		held_errors++;
	else
		errors++;
}

void warning_at(const char *file, long line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	message(holding, "warning", file, line, fmt, ap);
	va_end(ap);
}

void diag_now(const char *file, long line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	message(0, "error", file, line, fmt, ap);
	va_end(ap);
	errors++;
}

void diag_hold(void)
{
	holding = 1;
	held_n = held_errors = 0;
}

void diag_release(int give)
{
	if (give && !quiet) {
		for (unsigned i = 0; i < held_n && i < HELD_MAX; i++)
			fprintf(stderr, "%s\n", held[i]);
		if (held_n > HELD_MAX)
			fprintf(stderr, "perfscope: %u more message%s about the same frame\n",
			        held_n - HELD_MAX, plural(held_n - HELD_MAX));
	}
	if (give)
		errors += held_errors;
	holding = 0;
	held_n = held_errors = 0;
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
	holding = 0;
	held_n = held_errors = 0;
}
