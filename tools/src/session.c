/* SPDX-License-Identifier: Apache-2.0 */
#include "session.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "callgraph.h"
#include "diag.h"
#include "stream.h"
#include "util.h"

static void release(struct session *s)
{
	for (int i = 0; i < 2; i++) {
		if (s->file[i] && s->file[i] != stdin)
			fclose(s->file[i]);
		if (s->log_file[i] && s->log_file[i] != stdin)
			fclose(s->log_file[i]);
		free(s->in[i]);
		free(s->log[i]);
		if (i == 0 || s->st[1] != s->st[0])
			symtab_free(s->st[i]);
	}
}

/* --function: an address (0x and hex digits, any case, any leading zeros),
 * or the name of a function of the ELF. */
static int find_function(struct session *s, const struct options *o)
{
	const char *f = o->function;
	if (f[0] == '0' && (f[1] == 'x' || f[1] == 'X')) {
		const size_t digits = strspn(f + 2, "0123456789abcdefABCDEF");
		errno = 0;
		const unsigned long long addr = strtoull(f + 2, NULL, 16);
		if (!digits || f[2 + digits] || errno || addr > UINT32_MAX) {
			error_at(NULL, 0,
			         "--function %s: not an address (0x and hex digits, below 2^32)",
			         f);
			return EXIT_USAGE;
		}
		s->function = (uint32_t)addr;
		return EXIT_OK;
	}
	if (!o->elfs) {
		error_at(NULL, 0,
		         "--function %s: a function name needs -e ELF (or give its address, 0x...)",
		         f);
		return EXIT_USAGE;
	}
	const struct sym *fn = symtab_named(s->st[0], f);
	if (!fn) {
		error_at(NULL, 0, "--function %s: no such function in %s", f, o->elf[0]);
		return EXIT_USAGE;
	}
	/* Two static functions of one name (two files'): neither is taken. */
	const struct sym *other = symtab_named_after(s->st[0], f, fn);
	if (other) {
		error_at(
		        NULL, 0,
		        "--function %s: more than one function of %s has that name (at 0x%08x and 0x%08x): "
		        "give the address of one",
		        f, o->elf[0], fn->addr, other->addr);
		return EXIT_USAGE;
	}
	s->function = fn->addr;
	return EXIT_OK;
}

/* A dump or a console log (what); NULL after saying why not. A directory
 * would open, and fail at its first read. */
static FILE *open_input(const char *path, const char *what)
{
	struct stat st;
	FILE *f = fopen(path, "rb");
	if (!f) {
		error_at(path, 0, "cannot open the %s: %s", what, strerror(errno));
	} else if (!fstat(fileno(f), &st) && S_ISDIR(st.st_mode)) {
		error_at(path, 0, "is a directory");
		fclose(f);
		f = NULL;
	}
	return f;
}

/* Whether path names the standard stream: NULL or "-". */
static int standard(const char *path)
{
	return !path || !strcmp(path, "-");
}

/* Whether two outputs are one file (both the standard output, or one file
 * by name or by device and inode). */
static int same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	if (standard(a) || standard(b))
		return standard(a) && standard(b);
	return !strcmp(a, b) ||
	       (!stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino);
}

/* Whether the input in (standard input: the file a shell's < gave it) is
 * the file whose status is out. */
static int reads(const char *in, const struct stat *out)
{
	struct stat si;
	return !(standard(in) ? fstat(STDIN_FILENO, &si) : stat(in, &si)) &&
	       si.st_dev == out->st_dev && si.st_ino == out->st_ino;
}

/* The input (dump, console log or ELF) an output file would replace, or
 * NULL: written over, the run it came from would be lost. Only a regular
 * file is: /dev/null as both (a script's < /dev/null -o /dev/null) is no
 * loss. */
static const char *input_named(const struct options *o, const char *out)
{
	struct stat so;
	if (standard(out) || stat(out, &so) || !S_ISREG(so.st_mode))
		return NULL;
	for (int i = 0; i < o->inputs; i++)
		if (reads(o->input[i], &so))
			return standard(o->input[i]) ? "<stdin>" : o->input[i];
	for (int i = 0; i < o->logs; i++)
		if (reads(o->log[i], &so))
			return standard(o->log[i]) ? "<stdin>" : o->log[i];
	for (int i = 0; i < o->elfs; i++)
		if (reads(o->elf[i], &so))
			return o->elf[i];
	return NULL;
}

static int open_all(struct session *s, const struct options *o, int need_elf)
{
	const char *outs[2] = { o->output, o->renames };
	for (int i = 0; i < 2; i++) {
		const char *in = input_named(o, outs[i]);
		if (in) {
			error_at(NULL, 0,
			         "the output %s is the input %s: give the output a name of its own",
			         outs[i], in);
			return EXIT_USAGE;
		}
	}
	if (need_elf && !o->elfs) {
		error_at(NULL, 0, "%s needs the firmware's ELF: --elf FILE", o->command);
		return EXIT_USAGE;
	}
	for (int i = 0; i < o->inputs; i++) {
		const char *path = o->input[i];
		const int std_in = standard(path);
		/* A forgotten DUMP would otherwise wait for a dump typed in; "-"
		 * still reads the terminal, for one who means it. */
		if (!path && isatty(fileno(stdin))) {
			error_at(NULL, 0,
			         "no DUMP given, and standard input is a terminal: name the "
			         "dump, pipe it in, or give - to type it");
			return EXIT_USAGE;
		}
		if (!(s->file[i] = std_in ? stdin : open_input(path, "dump")))
			return EXIT_INPUT;
		s->in[i] = xmalloc(sizeof *s->in[i]);
		input_init(s->in[i], s->file[i], std_in ? "<stdin>" : path);
	}
	for (int i = 0; i < o->logs; i++) {
		const char *path = o->log[i];
		const int std_in = standard(path);
		if (std_in && standard(o->input[i])) {
			error_at(NULL, 0, "--log - and the dump cannot both be standard input");
			return EXIT_USAGE;
		}
		if (!(s->log_file[i] = std_in ? stdin : open_input(path, "console log")))
			return EXIT_INPUT;
		s->log[i] = xmalloc(sizeof *s->log[i]);
		input_init(s->log[i], s->log_file[i], std_in ? "<stdin>" : path);
	}
	for (int i = 0; i < o->elfs; i++)
		if (!(s->st[i] = symtab_load(o->elf[i])))
			return EXIT_INPUT;
	if (o->elfs == 1)
		s->st[1] = s->st[0];
	if (o->function) {
		const int status = find_function(s, o);
		if (status)
			return status;
	}
	if (o->renames && same_file(o->renames, o->output)) {
		error_at(NULL, 0,
		         "--renames %s and the output %s are the same file: give each its own",
		         o->renames, o->output ? o->output : "-");
		return EXIT_USAGE;
	}
	s->f = output_open(&s->out, o->output);
	if (!s->f)
		return EXIT_OUTPUT;
	if (o->renames && !(s->renames = output_open(&s->renames_out, o->renames)))
		return EXIT_OUTPUT;
	return EXIT_OK;
}

int session_open(struct session *s, const struct options *o, int need_elf)
{
	*s = (struct session){ .o = o };
	const int status = open_all(s, o, need_elf);
	if (status) {
		if (s->f) /* the output opened, a later one did not: nothing is kept */
			output_close(&s->out, 0);
		release(s);
	}
	return status;
}

/* "2 calltrace frames, 1 events frame": what an input has instead. */
static void describe(const unsigned seen[FRAME_KINDS + 1], char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = 0;
	for (int k = 0; k <= FRAME_KINDS && len < size; k++)
		if (seen[k])
			len += (size_t)snprintf(buf + len, size - len, "%s%u %s frame%s",
			                        len ? ", " : "", seen[k],
			                        k < FRAME_KINDS ? frame_type_name[k] : "unknown",
			                        seen[k] == 1 ? "" : "s");
}

/* "sections or hot": the frame types in want. */
static void wanted_types(unsigned want, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = 0;
	for (int k = 0; k < FRAME_KINDS && len < size; k++)
		if (want & 1u << k)
			len += (size_t)snprintf(buf + len, size - len, "%s%s", len ? " or " : "",
			                        frame_type_name[k]);
}

/* The run frame of a trace stream's console log: its clock and build id
 * (checked against the ELF's) become the stream's. Its hist frames go to
 * h's hist (gprof's histogram), the stream holding calls only. */
static void read_log(struct session *s, int i, const struct dump_handler *h)
{
	struct input *log = s->log[i], *in = s->in[i];
	unsigned seen[FRAME_KINDS + 1];
	const struct dump_handler run_hist = { .ctx = h->ctx, .st = s->st[i], .hist = h->hist };
	decode_dump(log, &run_hist, seen);
	if (!log->run_line) {
		/* A log given for its hist frames (make profile MODE=retire, whose
		 * program prints none of its own) lent what it was asked for. */
		if (!seen[FRAME_HIST])
			warning_at(
			        log->name, 0,
			        "no run frame: the trace stream's clock and build id are unknown");
		return;
	}
	in->clock_hz = log->clock_hz;
	memcpy(in->build_id, log->build_id, log->build_id_len);
	in->build_id_len = log->build_id_len;
	in->run_line = log->run_line;
}

/* A trace stream serves the commands that read events, and trace. */
static unsigned stream_decode_for(struct session *s, int i, const struct dump_handler *h,
                                  unsigned want)
{
	if (s->log[i])
		read_log(s, i, h);
	if (!(want & 1u << FRAME_EVENTS) && !((want & 1u << FRAME_CALLTRACE) && h->stack)) {
		char wanted[96];
		wanted_types(want, wanted, sizeof wanted);
		error_at(s->in[i]->name, 0,
		         "no %s frame for %s: this is a trace stream (docs/trace.md), which holds "
		         "calls, not frames",
		         wanted, s->o->command);
		return 0;
	}
	struct dump_handler with_elf = *h;
	with_elf.st = s->st[i];
	return (unsigned)stream_decode(s->in[i], &with_elf);
}

/* What gives the frame a command wants, where the program may have printed
 * the same figures as text instead: a Nios II HAL program's
 * perf_print_formatted_report prints the report alone, no frame. */
static const char *where_from(unsigned want)
{
	if (want == 1u << FRAME_SECTIONS)
		return ": perf_print_formatted_report prints text, not a frame; the simulator's "
		       "+sections plusarg prints the counters as a sections frame after the program exits, "
		       "or the program calls perf_snapshot_frame (docs/programmers-guide.md)";
	return "";
}

static unsigned frames_decode_for(struct session *s, int i, const struct dump_handler *h,
                                  unsigned want)
{
	unsigned seen[FRAME_KINDS + 1], found = 0;
	struct dump_handler with_elf = *h;
	with_elf.st = s->st[i];
	decode_dump(s->in[i], &with_elf, seen);
	for (int k = 0; k < FRAME_KINDS; k++)
		if (want & 1u << k)
			found += seen[k];
	/* Trace frames (perf_hwtrace_frame) serve whatever a trace stream does. */
	if (h->events || h->stream)
		found += seen[FRAME_TRACE];
	if (!found) {
		char wanted[96], has[320];
		wanted_types(want, wanted, sizeof wanted);
		describe(seen, has, sizeof has);
		if (*has)
			error_at(s->in[i]->name, 0, "no %s frame for %s (the dump has %s)%s",
			         wanted, s->o->command, has, where_from(want));
		else if (*where_from(want))
			error_at(s->in[i]->name, 0, "no frames at all, so no %s frame for %s%s",
			         wanted, s->o->command, where_from(want));
		else
			error_at(s->in[i]->name, 0, "no frames at all: not the console output of a perfscope run?");
	}
	return found;
}

unsigned session_decode(struct session *s, int i, const struct dump_handler *h, unsigned want)
{
	const unsigned found = s->log[i] || stream_is(s->in[i]) ? stream_decode_for(s, i, h, want)
	                                                        : frames_decode_for(s, i, h, want);
	if (h->events)
		cg_summary(h->events, s->in[i]->name, !h->hist); /* gprof has the histogram too */
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
	const int written = output_written(&s->out);
	if (output_close(&s->out, !errors || s->o->partial))
		status = EXIT_OUTPUT;
	if (s->renames && output_close(&s->renames_out, !errors || s->o->partial))
		status = EXIT_OUTPUT;
	if (errors && status == EXIT_OK) {
		status = EXIT_INPUT;
		if (!s->o->partial && retractable)
			fprintf(stderr, "perfscope: %u error%s: nothing written (--partial writes what was decoded)\n",
			        errors, errors == 1 ? "" : "s");
		else if (!s->o->partial && !written)
			fprintf(stderr, "perfscope: %u error%s: nothing written\n", errors,
			        plural(errors));
		else if (!s->o->partial)
			fprintf(stderr, "perfscope: %u error%s: the output is incomplete\n", errors,
			        plural(errors));
	}
	release(s);
	return status;
}
