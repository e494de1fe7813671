/* SPDX-License-Identifier: Apache-2.0 */
/* JSON string text, for names that come from an ELF or a file name. */
#ifndef JSON_H
#define JSON_H

#include <stdio.h>

/* Writes s as a JSON string, quotes included. */
void json_string(FILE *f, const char *s);

/* The same text in a new string (free it). */
char *json_quoted(const char *s);

#endif
