/* The usage text: the whole of it for --help, the synopsis when no command
 * is given, a pointer to --help after other mistakes. */
#ifndef USAGE_H
#define USAGE_H

#include <stdio.h>

void usage_full(FILE *f);
void usage_synopsis(FILE *f);
void usage_hint(FILE *f);

#endif
