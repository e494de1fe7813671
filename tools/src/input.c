/* SPDX-License-Identifier: Apache-2.0 */
#include "input.h"

#include <errno.h>
#include <string.h>

#include "diag.h"

void input_init(struct input *in, FILE *f, const char *name)
{
	in->f = f;
	in->name = name;
	in->pos = in->len = 0;
	in->offset = 0;
	in->line = 1;
	in->failed = 0;
	/* No run frame yet: the readers test these (the struct is malloc'ed). */
	in->clock_hz = 0;
	in->build_id_len = 0;
	in->run_line = 0;
	in->other_elf = 0;
}

int input_refill(struct input *in)
{
	if (in->failed)
		return 0;
	in->pos = 0;
	in->len = fread(in->buf, 1, sizeof in->buf, in->f);
	if (in->len == 0 && ferror(in->f)) {
		error_at(in->name, 0, "read error at byte %llu: %s", (unsigned long long)in->offset,
		         strerror(errno));
		in->failed = 1;
	}
	return in->len != 0;
}

void input_skip_line(struct input *in)
{
	for (;;) {
		/* memchr over the buffer: logs are mostly text that is not ours. */
		if (in->pos == in->len && !input_refill(in))
			return;
		const unsigned char *start = in->buf + in->pos;
		const unsigned char *nl = memchr(start, '\n', in->len - in->pos);
		const size_t n = nl ? (size_t)(nl - start) + 1 : in->len - in->pos;
		in->pos += n;
		in->offset += n;
		if (nl) {
			in->line++;
			return;
		}
	}
}
