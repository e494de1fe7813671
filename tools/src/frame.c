/* SPDX-License-Identifier: Apache-2.0 */
#include "frame.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "perf_base64.h"
#include "perf_crc32.h"

#define FRAME_NAME_(name, NAME) [FRAME_##NAME] = #name,
const char *const frame_type_name[FRAME_KINDS] = { PERF_FRAME_TYPES(FRAME_NAME_) };
#undef FRAME_NAME_
#define FRAME_VERSION_(name, NAME) [FRAME_##NAME] = PERF_FRAME_##NAME##_VERSION,
const unsigned frame_version[FRAME_KINDS] = { PERF_FRAME_TYPES(FRAME_VERSION_) };
#undef FRAME_VERSION_
#define FRAME_OLDEST_(name, NAME) [FRAME_##NAME] = PERF_FRAME_##NAME##_OLDEST,
const unsigned frame_oldest[FRAME_KINDS] = { PERF_FRAME_TYPES(FRAME_OLDEST_) };
#undef FRAME_OLDEST_

/* The CRC four bytes a step (common/perf_crc32.h), its tables built once. */
static struct perf_crc32_tables crc_tables;

static void crc_init(void)
{
	if (!crc_tables.t[0][1])
		perf_crc32_tables_init(&crc_tables);
}

static uint32_t crc_block(uint32_t crc, const uint8_t *p, size_t n)
{
	return perf_crc32_block(&crc_tables, crc, p, n);
}

/* ---- base64 (RFC 4648), decoded: the 6-bit value of each character, or -1 --- */

static signed char b64_value[256];

static void b64_init(void)
{
	if (b64_value['A'] || b64_value['B'])
		return;
	memset(b64_value, -1, sizeof b64_value);
	for (uint32_t i = 0; i < 64; i++)
		b64_value[(unsigned char)perf_base64_digit(i)] = (signed char)i;
}

/* ---- header ---------------------------------------------------------------- */

/* Reads a header field up to a space or the line's end; returns its length,
 * or -1 if longer than max (then the rest of it is left unread). *end gets
 * the character after it. After other text on the line (mid), a field also
 * ends at an '@', left unread, which no field of a header holds: the
 * header fails there, and the search for "@PS " goes on from it. */
static int field(struct input *in, char *buf, int max, int mid, int *end)
{
	int n = 0;
	for (;;) {
		const int c = input_peek(in);
		if (mid && c == '@') {
			*end = c;
			buf[n] = 0;
			return n;
		}
		if (c == ' ' || c == '\n' || c == '\r' || c == EOF) {
			*end = c;
			if (c != EOF)
				input_getc(in);
			buf[n] = 0;
			return n;
		}
		if (n == max)
			return -1;
		buf[n++] = (char)input_getc(in);
	}
}

static int parse_u32(const char *s, int hex, uint32_t *v)
{
	uint64_t x = 0;
	if (!*s)
		return -1;
	for (; *s; s++) {
		const int c = (unsigned char)*s;
		int d;
		if (isdigit(c))
			d = c - '0';
		else if (hex && isxdigit(c))
			d = tolower(c) - 'a' + 10;
		else
			return -1;
		x = x * (hex ? 16u : 10u) + (unsigned)d;
		if (x > UINT32_MAX)
			return -1;
	}
	*v = (uint32_t)x;
	return 0;
}

/* A type is a word of lower-case letters, digits and '_': anything else is
 * noise, not a type from a newer driver. */
static int is_type(const char *s)
{
	for (; *s; s++)
		if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) && *s != '_')
			return 0;
	return 1;
}

/* Parses the rest of a header after "@PS "; returns 0 with f filled in, or
 * -1 having reported the problem and skipped its line. After other text on
 * its line (mid), a header that is not a known frame's is part of that
 * text: -1, said nowhere, the line not skipped (*over: its end was taken),
 * so that a frame after it on the line is still found. */
static int header(struct input *in, struct frame *f, long line, int *known, int mid, int *over)
{
	char type[24], bytes[16], crc[16];
	int end = 0; /* 0: a field too long, its line still to skip */
	const char *problem = NULL;

	*over = 0;
	if (field(in, type, 16, mid, &end) <= 0 || end != ' ' || !is_type(type))
		problem = "expected a frame type";
	else if (field(in, bytes, 10, mid, &end) <= 0 || end != ' ' ||
	         parse_u32(bytes, 0, &f->bytes))
		problem = "expected the payload length, a decimal number below 2^32";
	else if (field(in, crc, 10, mid, &end) != 10 || strncmp(crc, "0x", 2) ||
	         parse_u32(crc + 2, 1, &f->crc_claimed))
		problem = "expected the CRC-32 as 0x and 8 hex digits";
	else if (end != ' ' && end != '\n')
		problem = "expected a space and the base64 payload, or a newline and the raw payload";
	if (problem && mid) {
		*over = end == '\n' || end == EOF;
		return -1;
	}
	if (problem) {
		error_at(in->name, line, "malformed frame header: %s", problem);
		if (end != '\n' && end != EOF)
			input_skip_line(in);
		return -1;
	}
	f->raw = end == '\n';
	*known = 0;
	for (int k = 0; k < FRAME_KINDS; k++)
		if (!strcmp(type, frame_type_name[k])) {
			f->kind = (enum frame_kind)k;
			*known = 1;
		}
	if (!*known && mid) {
		*over = f->raw;
		return -1;
	}
	if (!*known)
		warning_at(in->name, line, "unknown frame type '%s' (from a newer driver?), skipped", type);
	else if (mid)
		warning_at(in->name, line,
		           "%s frame after other text on its line: read from its @PS", type);
	return 0;
}

/* Takes the rest of the line up to and including "@PS ": 1 if it is there,
 * else 0 with the line taken, its newline too. The line is searched for
 * '@' with memchr in the input's buffer: logs are mostly text that is not
 * ours, and most lines have none. */
static int find_magic(struct input *in)
{
	static const char magic[] = "@PS ";
	int matched = 0;
	for (;;) {
		if (!matched && in->pos < in->len) {
			const unsigned char *s = in->buf + in->pos;
			const unsigned char *nl = memchr(s, '\n', in->len - in->pos);
			const size_t span = nl ? (size_t)(nl - s) : in->len - in->pos;
			const unsigned char *at = memchr(s, '@', span);
			const size_t skip = at ? (size_t)(at - s) : span;
			in->pos += skip;
			in->offset += skip;
		}
		const int c = input_getc(in);
		if (c == EOF || c == '\n')
			return 0;
		matched = c == magic[matched] ? matched + 1 : c == magic[0];
		if (matched == 4)
			return 1;
	}
}

int frame_next(struct input *in, struct frame *f, unsigned *unknown)
{
	static const char magic[] = "@PS ";
	crc_init();
	b64_init();
	for (;;) {
		/* A console that ends its lines with "\n\r" (LiteX's) begins each
		 * line with the '\r'. */
		while (input_peek(in) == '\r')
			input_getc(in);
		const long line = in->line;
		int matched = 0, c = 0;
		while (matched < 4 && (c = input_peek(in)) == magic[matched]) {
			input_getc(in);
			matched++;
		}
		/* A frame may also follow text that did not end its line (a
		 * printf without a newline, then a frame). */
		const int mid = matched < 4;
		if (mid && (c == EOF || !find_magic(in))) {
			if (c == EOF)
				return 0;
			continue;
		}
		int known, over, found;
		for (;;) {
			*f = (struct frame){ .in = in, .line = line, .crc = PERF_CRC32_INIT };
			found = !header(in, f, line, &known, mid, &over);
			/* After other text, an "@PS " that began no frame was that
			 * text's: the search goes on along the line. */
			if (found || !mid || over || !find_magic(in))
				break;
		}
		if (!found)
			continue;
		f->payload_start = in->offset;
		if (!known) {
			(*unknown)++;
			frame_skip(f);
			continue;
		}
		return 1;
	}
}

/* ---- payload ----------------------------------------------------------------- */

/* The frame's damage: what the content makes no sense as (FRAME_DAMAGED,
 * said once the CRC has vouched for the bytes, diag.h), or the frame itself
 * broken (FRAME_BROKEN: its line, its length, its CRC), said at once. */
static void fail(struct frame *f, int how, uint32_t at, const char *fmt, va_list ap)
{
	char what[256];
	vsnprintf(what, sizeof what, fmt, ap);
	/* A base64 group of 4 characters carries 3 payload bytes. */
	const uint64_t file_byte = f->payload_start + (f->raw ? at : at / 3 * 4);
	if (how == FRAME_BROKEN)
		diag_now(f->in->name, f->line, "%s frame, payload byte %u (file byte %llu): %s",
		         frame_type_name[f->kind], at, (unsigned long long)file_byte, what);
	else
		error_at(f->in->name, f->line, "%s frame, payload byte %u (file byte %llu): %s",
		         frame_type_name[f->kind], at, (unsigned long long)file_byte, what);
	f->failed = how;
}

void frame_fail(struct frame *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fail(f, FRAME_DAMAGED, f->pos, fmt, ap);
	va_end(ap);
}

void frame_fail_at(struct frame *f, uint32_t at, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fail(f, FRAME_DAMAGED, at, fmt, ap);
	va_end(ap);
}

static void broken(struct frame *f, const char *fmt, ...) PRINTF_LIKE(2, 3);
static void broken(struct frame *f, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fail(f, FRAME_BROKEN, f->pos, fmt, ap);
	va_end(ap);
}

/* Reports a character that cannot be where it is, which the caller read last. */
static int bad_character(struct frame *f, int c, int padding)
{
	char what[16];
	if (isprint(c))
		snprintf(what, sizeof what, "'%c'", c);
	else
		snprintf(what, sizeof what, "byte 0x%02x", (unsigned)c);
	const unsigned long long at = f->in->offset - 1;
	if (padding)
		broken(f, "expected '=' padding after the last payload byte, found %s at file byte %llu", what, at);
	else
		broken(f, "%s at file byte %llu is not a base64 character", what, at);
	return -1;
}

/* Decodes the next 4 characters into f->quantum; the last group of a
 * payload that is not a multiple of 3 bytes is padded with '='. */
static int next_quantum(struct frame *f)
{
	/* The common case in bulk: whole groups already in the input's buffer,
	 * no line end among them. Anything else (the last group, a bad
	 * character, the buffer's end) takes the careful way below. */
	struct input *in = f->in;
	size_t groups = frame_left(f) / 3, avail = (in->len - in->pos) / 4;
	groups = groups < sizeof f->quantum / 3 ? groups : sizeof f->quantum / 3;
	groups = groups < avail ? groups : avail;
	size_t g = 0;
	for (const unsigned char *s = in->buf + in->pos; g < groups; g++, s += 4) {
		const int a = b64_value[s[0]], b = b64_value[s[1]], c = b64_value[s[2]], d = b64_value[s[3]];
		if ((a | b | c | d) < 0)
			break;
		const uint32_t v = (uint32_t)a << 18 | (uint32_t)b << 12 | (uint32_t)c << 6 | (uint32_t)d;
		f->quantum[3 * g] = (uint8_t)(v >> 16);
		f->quantum[3 * g + 1] = (uint8_t)(v >> 8);
		f->quantum[3 * g + 2] = (uint8_t)v;
	}
	if (g) {
		in->pos += 4 * g;
		in->offset += 4 * g;
		f->qlen = (int)(3 * g);
		f->qpos = 0;
		f->crc = crc_block(f->crc, f->quantum, 3 * g); /* the CRC as the bytes are decoded */
		return 0;
	}
	const uint32_t left = frame_left(f);
	const int want = left >= 3 ? 3 : (int)left;
	uint32_t v = 0;
	for (int i = 0; i < 4; i++) {
		const int c = input_getc(f->in);
		if (c == '\n' || c == '\r' || c == EOF) {
			f->line_done = c != '\r'; /* a '\r' leaves its '\n' to be skipped */
			broken(f, "truncated: the line ends after %u of its %u payload bytes", f->pos, f->bytes);
			return -1;
		}
		if ((i > want && c != '=') || (i <= want && b64_value[c] < 0))
			return bad_character(f, c, i > want);
		v = v << 6 | (uint32_t)(i <= want ? b64_value[c] : 0);
	}
	f->quantum[0] = (uint8_t)(v >> 16);
	f->quantum[1] = (uint8_t)(v >> 8);
	f->quantum[2] = (uint8_t)v;
	f->qlen = want;
	f->qpos = 0;
	f->crc = crc_block(f->crc, f->quantum, (size_t)want);
	return 0;
}

/* The next payload byte (its CRC counted as it was read or decoded); also
 * after the content failed. */
static int next_byte(struct frame *f, uint8_t *b)
{
	if (f->failed == FRAME_BROKEN)
		return -1;
	if (f->raw) {
		const int c = input_getbyte(f->in);
		if (c == EOF) {
			f->line_done = 1;
			broken(f, "truncated: the file ends after %u of its %u payload bytes", f->pos, f->bytes);
			return -1;
		}
		*b = (uint8_t)c;
		f->crc = crc_block(f->crc, b, 1);
	} else {
		if (f->qpos == f->qlen && next_quantum(f))
			return -1;
		*b = f->quantum[f->qpos++];
	}
	f->pos++;
	return 0;
}

static int payload_byte(struct frame *f, uint8_t *b)
{
	if (f->failed)
		return -1;
	if (f->pos == f->bytes) {
		frame_fail(f, "a record goes past the %u payload bytes the header gives", f->bytes);
		return -1;
	}
	return next_byte(f, b);
}

int frame_u32(struct frame *f, uint32_t *v)
{
	if (!f->failed && !f->raw && f->qlen - f->qpos >= 4 && f->bytes - f->pos >= 4) { /* the common case */
		const uint8_t *q = f->quantum + f->qpos;
		*v = (uint32_t)q[0] | (uint32_t)q[1] << 8 | (uint32_t)q[2] << 16 | (uint32_t)q[3] << 24;
		f->qpos += 4;
		f->pos += 4;
		return 0;
	}
	uint32_t x = 0;
	for (int i = 0; i < 4; i++) {
		uint8_t b;
		if (payload_byte(f, &b))
			return -1;
		x |= (uint32_t)b << (8 * i);
	}
	*v = x;
	return 0;
}

int frame_u64(struct frame *f, uint64_t *v)
{
	uint32_t lo, hi;
	if (frame_u32(f, &lo) || frame_u32(f, &hi))
		return -1;
	*v = (uint64_t)hi << 32 | lo;
	return 0;
}

/* Moves past what is left of the frame: its line, or its raw bytes. */
static void move_past(struct frame *f)
{
	if (f->line_done)
		return;
	if (!f->raw) {
		input_skip_line(f->in);
		return;
	}
	for (uint32_t n = frame_left(f); n > 0; n--)
		if (input_getbyte(f->in) == EOF)
			return;
}

/* A fuzzer would almost never get a CRC right, and so never reach what only
 * sound frames feed: its build (the customary macro) takes the CRC on trust. */
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
#define CRC_CHECKED 0
#else
#define CRC_CHECKED 1
#endif

/* Takes the payload bytes left unread into the CRC: it covers every byte,
 * also those a damaged content, or a command that skips the frame, left. */
static void read_rest(struct frame *f)
{
	uint8_t b;
	while (frame_left(f) && !next_byte(f, &b))
		;
}

/* Says a CRC that is not the header's (the frame broken). */
static void check_crc(struct frame *f)
{
	if (CRC_CHECKED && f->failed != FRAME_BROKEN && ~f->crc != f->crc_claimed)
		broken(f, "CRC-32 is 0x%08x, the header says 0x%08x: the frame is corrupted",
		       ~f->crc, f->crc_claimed);
}

int frame_end(struct frame *f)
{
	if (!f->failed && frame_left(f))
		frame_fail(f, "%u payload bytes left over after the last record", frame_left(f));
	read_rest(f);
	if (f->failed != FRAME_BROKEN && !f->raw) {
		int c = input_getc(f->in);
		if (c == '\r')
			c = input_getc(f->in);
		if (c == '\n' || c == EOF)
			f->line_done = 1;
		else
			broken(f, "the line goes on after the %u payload bytes the header gives", f->bytes);
	}
	check_crc(f);
	move_past(f);
	return !f->failed;
}

/* A frame the command does not read. A base64 frame is its line. A raw
 * frame is as many bytes as its header says, whatever follows: its CRC is
 * checked, so that a header line that lost its payload, whose length then
 * takes the lines after it, frames included, is said, not skipped. */
void frame_skip(struct frame *f)
{
	if (f->raw) {
		read_rest(f);
		check_crc(f);
	}
	move_past(f);
}
