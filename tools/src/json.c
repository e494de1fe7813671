/* SPDX-License-Identifier: Apache-2.0 */
#include "json.h"

#include <string.h>

#include "util.h"

void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		const unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

char *json_quoted(const char *s)
{
	char *q = xmalloc(6 * strlen(s) + 3), *p = q; /* \u00XX is the longest escape */
	*p++ = '"';
	for (; *s; s++) {
		const unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\') {
			*p++ = '\\';
			*p++ = (char)c;
		} else if (c < 0x20) {
			p += sprintf(p, "\\u%04x", c);
		} else {
			*p++ = (char)c;
		}
	}
	*p++ = '"';
	*p = 0;
	return q;
}
