/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The dump being read, a byte at a time through a buffer, so that a dump of
 * any size streams: nothing keeps more than the buffer. It counts text lines
 * and file bytes for the messages that say where a problem is.
 */
#ifndef INPUT_H
#define INPUT_H

#include <stdint.h>
#include <stdio.h>

struct input {
	FILE *f;
	const char *name;     /* for messages */
	unsigned char buf[1 << 16];
	size_t pos, len;
	uint64_t offset;      /* file offset of the next byte */
	long line;            /* line of the next byte, from 1 */
	int failed;           /* a read error was reported */
	/* From the dump's run frame, if it has one: */
	uint32_t clock_hz;    /* perfscope's clock; 0: unknown */
	uint8_t build_id[64]; /* the firmware's GNU build id */
	uint32_t build_id_len;
	long run_line;        /* the run frame's line; 0: none */
	int other_elf;        /* the run frame's build id is not the ELF's */
};

/* What every output written with another program's ELF says of its names
 * (the error on standard error says it first). */
#define OTHER_ELF_TEXT \
	"ELF: not this run's (its build id differs, see the errors): the names are another program's"
#define OTHER_ELF_NOTE OTHER_ELF_TEXT "\n"

void input_init(struct input *in, FILE *f, const char *name);

/* Refills the buffer; returns 0 at the end of the file or on a read error. */
int input_refill(struct input *in);

/* The next byte, or EOF. input_getc counts lines; input_getbyte, for binary
 * payloads where 0x0a is just a byte, does not. */
static inline int input_getbyte(struct input *in)
{
	if (in->pos == in->len && !input_refill(in))
		return EOF;
	in->offset++;
	return in->buf[in->pos++];
}

static inline int input_getc(struct input *in)
{
	const int c = input_getbyte(in);
	if (c == '\n')
		in->line++;
	return c;
}

/* The next byte without taking it, or EOF. */
static inline int input_peek(struct input *in)
{
	if (in->pos == in->len && !input_refill(in))
		return EOF;
	return in->buf[in->pos];
}

/* Skips the rest of the current line, its newline included. */
void input_skip_line(struct input *in);

#endif
