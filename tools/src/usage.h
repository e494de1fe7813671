/* SPDX-License-Identifier: Apache-2.0 */
/* The usage text: the whole of it for --help, a command's own for
 * COMMAND --help, the synopsis when no command is given, a pointer to
 * --help after other mistakes. */
#ifndef USAGE_H
#define USAGE_H

#include <stdio.h>

void usage_full(FILE *f);
void usage_synopsis(FILE *f);
void usage_hint(FILE *f);

/* One command's synopsis, description and options; -1 if there is no such command. */
int usage_command(FILE *f, const char *name);

/* Whether command takes option ("--elf"): the OPTIONS of its --help. */
int usage_takes(const char *command, const char *option);

#endif
