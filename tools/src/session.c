/* SPDX-License-Identifier: Apache-2.0 */
#include "session.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "util.h"

static void release(struct session *s)
{
	for (int i = 0; i < 2; i++) {
		if (s->file[i] && s->file[i] != stdin)
			fclose(s->file[i]);
		free(s->in[i]);
		if (i == 0 || s->st[1] != s->st[0])
			symtab_free(s->st[i]);
	}
}

static int open_all(struct session *s, const struct options *o, int need_elf)
{
	if (need_elf && !o->elfs) {
		error_at(NULL, 0, "%s needs the firmware's ELF: --elf FILE", o->command);
		return EXIT_USAGE;
	}
	for (int i = 0; i < o->inputs; i++) {
		const char *path = o->input[i];
		const int std_in = !path || !strcmp(path, "-");
		s->file[i] = std_in ? stdin : fopen(path, "rb");
		if (!s->file[i]) {
			error_at(path, 0, "cannot open the dump: %s", strerror(errno));
			return EXIT_INPUT;
		}
		s->in[i] = xmalloc(sizeof *s->in[i]);
		input_init(s->in[i], s->file[i], std_in ? "<stdin>" : path);
	}
	for (int i = 0; i < o->elfs; i++)
		if (!(s->st[i] = symtab_load(o->elf[i])))
			return EXIT_INPUT;
	if (o->elfs == 1)
		s->st[1] = s->st[0];
	s->f = output_open(&s->out, o->output);
	return s->f ? EXIT_OK : EXIT_OUTPUT;
}

int session_open(struct session *s, const struct options *o, int need_elf)
{
	*s = (struct session){ .o = o };
	const int status = open_all(s, o, need_elf);
	if (status)
		release(s);
	return status;
}

/* "2 calltrace, 1 events": what an input has instead. */
static void describe(const unsigned seen[FRAME_KINDS + 1], char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = 0;
	for (int k = 0; k <= FRAME_KINDS && len < size; k++)
		if (seen[k])
			len += (size_t)snprintf(buf + len, size - len, "%s%u %s", len ? ", " : "", seen[k],
			                        k < FRAME_KINDS ? frame_type_name[k] : "unknown");
}

unsigned session_decode(struct session *s, int i, const struct dump_handler *h, unsigned want)
{
	unsigned seen[FRAME_KINDS + 1], found = 0;
	struct dump_handler with_elf = *h;
	with_elf.st = s->st[i];
	decode_dump(s->in[i], &with_elf, seen);
	for (int k = 0; k < FRAME_KINDS; k++)
		if (want & 1u << k)
			found += seen[k];
	if (!found) {
		char wanted[96] = "", has[160];
		size_t len = 0;
		for (int k = 0; k < FRAME_KINDS; k++)
			if (want & 1u << k)
				len += (size_t)snprintf(wanted + len, sizeof wanted - len, "%s%s", len ? " or " : "",
				                        frame_type_name[k]);
		describe(seen, has, sizeof has);
		if (*has)
			error_at(s->in[i]->name, 0, "no %s frame for %s (the dump has %s frames)", wanted,
			         s->o->command, has);
		else
			error_at(s->in[i]->name, 0, "no frames at all: not the console output of a perfscope run?");
	}
	return found;
}

int session_close(struct session *s)
{
	int status = EXIT_OK;
	for (int i = 0; i < 2; i++)
		if (i == 0 || s->st[1] != s->st[0])
			symtab_summary(s->st[i]);
	const unsigned errors = diag_errors();
	const int retractable = output_retractable(&s->out);
	if (output_close(&s->out, !errors || s->o->partial))
		status = EXIT_OUTPUT;
	if (errors && status == EXIT_OK) {
		status = EXIT_INPUT;
		if (!s->o->partial && retractable)
			fprintf(stderr, "perfscope: %u error%s: nothing written (--partial writes what was decoded)\n",
			        errors, errors == 1 ? "" : "s");
		else if (!s->o->partial)
			fprintf(stderr, "perfscope: %u error%s: the output is incomplete\n", errors, errors == 1 ? "" : "s");
	}
	release(s);
	return status;
}
