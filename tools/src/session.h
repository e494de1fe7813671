/* SPDX-License-Identifier: Apache-2.0 */
/*
 * What every command does around its own work: open the dump(s) and the
 * ELF(s), open the output, and at the end decide from the errors whether the
 * output is kept and what the exit status is.
 */
#ifndef SESSION_H
#define SESSION_H

#include <stdio.h>

#include "decode.h"
#include "input.h"
#include "options.h"
#include "output.h"
#include "symbols.h"

struct session {
	const struct options *o;
	FILE *file[2];
	struct input *in[2];
	FILE *log_file[2]; /* --log: the console log beside a trace stream */
	struct input *log[2];
	struct symtab *st[2];  /* NULL without --elf; st[1] == st[0] if one ELF serves both */
	uint32_t function;     /* trace --function: the address of the function it names */
	struct output out;
	FILE *f;               /* the output */
	struct output renames_out;
	FILE *renames; /* gprof --renames: a second output, kept as the first */
};

/* Opens inputs, ELFs and the output; returns EXIT_OK or the exit status to
 * give up with. need_elf: the command cannot work without one. A
 * --function NAME or 0x... is looked up here, before any output. */
int session_open(struct session *s, const struct options *o, int need_elf);

/* Decodes input i with h; returns how many frames of the kinds in `want`
 * (a mask of 1 << FRAME_x) it has, having reported "no ... frame" if none.
 * A trace stream (stream.h; or any input given --log) counts as one events
 * frame, and for trace as one calltrace frame if h->stack is set; its
 * --log is read first, for the run frame's clock and build id. Then a
 * warning if --hook-cost took any call of h->events below 0. */
unsigned session_decode(struct session *s, int i, const struct dump_handler *h, unsigned want);

/* Keeps or discards the output and closes everything; returns the exit status. */
int session_close(struct session *s);

#endif
