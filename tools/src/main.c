/* SPDX-License-Identifier: Apache-2.0 */
/*
 * perfscope: from the framed dumps of a run to the reports people already
 * read (usage.c says which). This file parses the command line and hands
 * over to the command; errors in it exit with EXIT_USAGE.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "diag.h"
#include "frame.h"
#include "table.h"
#include "usage.h"
#include "util.h"

#define VERSION "1.2.0" /* perfscope's release, as in CHANGELOG.md and fusesoc.core */

/* What --format takes, the default first (docs/host-tool.md): the function
 * table as text or for scripts; the timeline as Chrome's JSON or Perfetto's
 * protobuf. A command without a list has no --format (usage.c). */
static const char *const table_formats[] = { "text", "csv", "json", NULL };
static const char *const timeline_formats[] = { "json", "perfetto", NULL };

static const struct command {
	const char *name;
	void (*run)(struct session *s);
	int need_elf;
	const char *const *formats;
} commands[] = {
	{ "report", run_report, 0, NULL },
	{ "trace", run_trace, 0, NULL },
	{ "functions", run_functions, 0, table_formats },
	{ "gprof", run_gprof, 1, NULL },
	{ "chrome", run_chrome, 0, timeline_formats },
	{ "folded", run_folded, 0, NULL },
	{ "flame", run_flame, 0, NULL },
	{ "hot", run_hot, 0, NULL },
	{ "hist", run_hist, 0, NULL },
	{ "patch", NULL, 0, NULL },
};


enum {
	OPT_NAMES = 256,
	OPT_BIAS,
	OPT_SOURCE,
	OPT_DIFF,
	OPT_TITLE,
	OPT_WIDTH,
	OPT_PARTIAL,
	OPT_VERSION,
	OPT_TOP,
	OPT_MIN_PCT,
	OPT_FORMAT,
	OPT_GRAPH,
	OPT_CHRONO,
	OPT_FUNCTION,
	OPT_FROM,
	OPT_TO,
	OPT_HOOK_COST,
	OPT_LOG,
	OPT_RENAMES,
	OPT_LAST
};

static const struct option long_options[] = {
	{ "elf", required_argument, NULL, 'e' },
	{ "output", required_argument, NULL, 'o' },
	{ "clock-hz", required_argument, NULL, 'c' },
	{ "names", required_argument, NULL, OPT_NAMES },
	{ "bias", required_argument, NULL, OPT_BIAS },
	{ "sort", required_argument, NULL, 's' },
	{ "source", required_argument, NULL, OPT_SOURCE },
	{ "diff", no_argument, NULL, OPT_DIFF },
	{ "title", required_argument, NULL, OPT_TITLE },
	{ "width", required_argument, NULL, OPT_WIDTH },
	{ "partial", no_argument, NULL, OPT_PARTIAL },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ "top", required_argument, NULL, OPT_TOP },
	{ "min-pct", required_argument, NULL, OPT_MIN_PCT },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "graph", no_argument, NULL, OPT_GRAPH },
	{ "chrono", no_argument, NULL, OPT_CHRONO },
	{ "function", required_argument, NULL, OPT_FUNCTION },
	{ "from", required_argument, NULL, OPT_FROM },
	{ "to", required_argument, NULL, OPT_TO },
	{ "hook-cost", required_argument, NULL, OPT_HOOK_COST },
	{ "log", required_argument, NULL, OPT_LOG },
	{ "renames", required_argument, NULL, OPT_RENAMES },
	{ NULL, 0, NULL, 0 },
};

/* "--elf" for 'e': an option's long name, or NULL for none. */
static const char *long_name(int c)
{
	static char name[32];
	for (const struct option *o = long_options; o->name; o++)
		if (o->val == c) {
			snprintf(name, sizeof name, "--%s", o->name);
			return name;
		}
	return NULL;
}

static int usage_error(const char *fmt, ...) PRINTF_LIKE(1, 2);
static int usage_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("perfscope: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	usage_hint(stderr);
	return EXIT_USAGE;
}

/* The option c as the user spelled it: "-o" if given short, else "--output". */
static const char *spelled(int c, int given_long)
{
	static char name[4];
	if (given_long || c >= OPT_NAMES)
		return long_name(c);
	snprintf(name, sizeof name, "-%c", c);
	return name;
}

/* A single-valued option given a second time is refused, not overridden:
 * "-o a.txt ... -o b.txt" would otherwise write b.txt alone, and a script
 * that appends an option to a default command line would never learn that
 * its own value won. -e and --log are one per dump (--diff reads two), and
 * flags say the same thing twice. first[] keeps each option's first value. */
static int given_twice(int c, int given_long, const char *value, const char *first[])
{
	const struct option *o = long_options;
	while (o->name && o->val != c)
		o++;
	if (!o->name || o->has_arg != required_argument || c == 'e' || c == OPT_LOG)
		return 0;
	if (!first[c]) {
		first[c] = value;
		return 0;
	}
	return usage_error("%s given twice (%s, %s): give it once", spelled(c, given_long),
	                   first[c], value);
}

/* A positive number below 2^32, with an optional k, M or G (x 1000^n). */
static int number(const char *s, uint32_t *v)
{
	char *end;
	if (*s < '0' || *s > '9')
		return -1;
	unsigned long long x = strtoull(s, &end, 10);
	const char *suffixes = "kMG";
	const char *k = *end ? strchr(suffixes, *end) : NULL;
	if (k) {
		for (const char *p = suffixes; p <= k; p++)
			x = x > UINT32_MAX ? x : x * 1000;
		end++;
	}
	if (*end || x > UINT32_MAX)
		return -1;
	*v = (uint32_t)x;
	return 0;
}

/* A cycle count below 2^64, decimal. */
static int cycles(const char *s, uint64_t *v)
{
	char *end;
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return *end || errno ? -1 : 0;
}

/* A percentage from 0 to 100 with up to 2 decimals, in hundredths. */
static int percent(const char *s, uint32_t *v)
{
	unsigned whole = 0, frac = 0, digits = 0;
	const char *p = s;
	for (; *p >= '0' && *p <= '9' && whole <= 100; p++)
		whole = whole * 10 + (unsigned)(*p - '0');
	if (p == s)
		return -1;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9' && digits < 2; p++, digits++)
			frac = frac * 10 + (unsigned)(*p - '0');
	if (*p || whole > 100)
		return -1;
	*v = whole * 100 + (digits == 1 ? frac * 10 : frac);
	return *v > 10000 ? -1 : 0;
}

/* Whether format is one of cmd's; else buf gets them, "text, csv or json". */
static int takes_format(const struct command *cmd, const char *format, char *buf, size_t size)
{
	size_t n = 0, len = 0;
	for (; cmd->formats[n]; n++)
		if (!strcmp(format, cmd->formats[n]))
			return 1;
	buf[0] = 0;
	for (size_t i = 0; i < n && len < size; i++) {
		const char *before = i == 0 ? "" : i + 1 < n ? ", " : " or ";
		len += (size_t)snprintf(buf + len, size - len, "%s%s", before, cmd->formats[i]);
	}
	return 0;
}

/* --names: every comma ends a name, an empty one too: "a,,c" leaves section
 * 2 unnamed, where strtok would name it c. -1 if there are too many. */
static int split_names(char *n, struct options *o)
{
	for (o->names = 0;;) {
		char *comma = strchr(n, ',');
		if (o->names == PERF_MAX_SECTIONS)
			return -1;
		if (comma)
			*comma = '\0';
		o->name[o->names++] = n;
		if (!comma)
			return 0;
		n = comma + 1;
	}
}

static int version(void)
{
	printf("perfscope %s (frame format version %d)\n", VERSION, FRAME_VERSION);
	return EXIT_OK;
}

int main(int argc, char **argv)
{
	/* A standard descriptor the caller closed would be the first file
	 * opened (a report's temporary as 2 took the warnings): each gets
	 * /dev/null. A file size limit (ulimit -f) makes a write fail with
	 * EFBIG, reported as any write error, instead of killing the tool. */
	for (int fd = 0; fd <= 2; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF &&
		    open("/dev/null", fd ? O_WRONLY : O_RDONLY) != fd)
			return EXIT_OUTPUT;
	signal(SIGXFSZ, SIG_IGN);
	if (argc < 2) {
		usage_synopsis(stderr);
		return usage_error("no command");
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage_full(stdout);
		return EXIT_OK;
	}
	if (!strcmp(argv[1], "--version"))
		return version();
	const struct command *cmd = NULL;
	for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
		if (!strcmp(argv[1], commands[i].name))
			cmd = &commands[i];
	if (!cmd)
		return usage_error("unknown command '%s'", argv[1]);

	struct options o = { .command = cmd->name, .to = UINT64_MAX };
	const char *first[OPT_LAST] = { 0 };
	char *names = NULL;
	int c, index = -1;
	opterr = 0;
	optind = 2;
	while ((c = getopt_long(argc, argv, ":e:o:c:s:h", long_options, &index)) != -1) {
		/* Refused where the command's --help does not list it (usage.c),
		 * rather than silently ignored. */
		const char *name = long_name(c);
		if (name && !usage_takes(cmd->name, name))
			return usage_error("%s is not an option of %s", name, cmd->name);
		if (given_twice(c, index >= 0, optarg, first))
			return EXIT_USAGE;
		index = -1;
		/* A file name that is empty ("$OUT" unset) names no file. */
		if ((c == 'e' || c == 'o' || c == OPT_LOG || c == OPT_RENAMES) && optarg &&
		    !*optarg)
			return usage_error("%s needs a file name, not an empty one", long_name(c));
		switch (c) {
		case 'e':
			if (o.elfs == 2)
				return usage_error("more than two --elf");
			o.elf[o.elfs++] = optarg;
			break;
		case OPT_LOG:
			if (o.logs == 2)
				return usage_error("more than two --log");
			o.log[o.logs++] = optarg;
			break;
		case 'o': o.output = optarg; break;
		case 'c':
			if (number(optarg, &o.clock_hz) || !o.clock_hz)
				return usage_error("--clock-hz %s: not a frequency in Hz below 2^32", optarg);
			break;
		case OPT_NAMES: names = optarg; break;
		case OPT_BIAS:
			if (number(optarg, &o.bias))
				return usage_error("--bias %s: not a number of cycles", optarg);
			o.have_bias = 1;
			break;
		case 's': o.sort = optarg; break;
		case OPT_SOURCE: o.source = optarg; break;
		case OPT_DIFF: o.diff = 1; break;
		case OPT_TITLE: o.title = optarg; break;
		case OPT_WIDTH:
			if (number(optarg, &o.width) || o.width < 200 || o.width > 100000)
				return usage_error("--width %s: not a width from 200 to 100000 pixels", optarg);
			break;
		case OPT_TOP:
			if (number(optarg, &o.top) || !o.top)
				return usage_error("--top %s: not a number of rows from 1", optarg);
			break;
		case OPT_MIN_PCT:
			if (percent(optarg, &o.min_pct))
				return usage_error("--min-pct %s: not a percentage from 0 to 100, 2 decimals at most", optarg);
			break;
		case OPT_FORMAT: {
			char formats[64];
			if (!takes_format(cmd, optarg, formats, sizeof formats))
				return usage_error("--format %s: %s writes %s", optarg, cmd->name,
				                   formats);
			o.format = optarg;
			break;
		}
		case OPT_GRAPH: o.graph = 1; break;
		case OPT_CHRONO: o.chrono = 1; break;
		case OPT_FUNCTION: o.function = optarg; break;
		case OPT_FROM:
			if (cycles(optarg, &o.from))
				return usage_error("--from %s: not a cycle count below 2^64", optarg);
			break;
		case OPT_TO:
			if (cycles(optarg, &o.to))
				return usage_error("--to %s: not a cycle count below 2^64", optarg);
			break;
		case OPT_HOOK_COST:
			if (number(optarg, &o.hook_cost))
				return usage_error("--hook-cost %s: not a number of cycles", optarg);
			break;
		case OPT_RENAMES: o.renames = optarg; break;
		case OPT_PARTIAL: o.partial = 1; break;
		case 'h': usage_command(stdout, cmd->name); return EXIT_OK;
		case OPT_VERSION: return version();
		case ':': return usage_error("%s needs a value", argv[optind - 1]);
		default: {
			/* A short option is named by its letter: in a cluster (-xq)
			 * optind has not moved past its word. A long option that
			 * takes no value given one (--partial=1) is said so. */
			const char *word = argv[optind - 1];
			const char *eq = strchr(word, '=');
			if (optopt && eq && word[0] == '-' && word[1] == '-')
				return usage_error("%.*s takes no value", (int)(eq - word), word);
			if (optopt > 0 && optopt < OPT_NAMES)
				return usage_error("unknown option '-%c'", optopt);
			return usage_error("unknown option '%s'", word);
		}
		}
	}
	/* Split after the loop, so that a --names given twice is named whole. */
	if (names && split_names(names, &o))
		return usage_error("--names: more than the %d sections perfscope has",
		                   PERF_MAX_SECTIONS);
	const int dumps = argc - optind;
	if (!cmd->run) { /* patch: an ELF in, an ELF out, no dump */
		if (dumps != 1 || !o.output || o.partial)
			return usage_error("patch takes one ELF and -o FILE, and no --partial");
		return run_patch(argv[optind], o.output);
	}
	if (dumps > (o.diff ? 2 : 1) || (o.diff && dumps != 2))
		return usage_error("%s %s", cmd->name, o.diff ? "--diff compares two dumps" : "reads one dump");
	o.inputs = dumps ? dumps : 1;
	for (int i = 0; i < dumps; i++)
		o.input[i] = argv[optind + i];
	/* -e and --log are one per dump: a second is the second dump's. */
	if (o.elfs > o.inputs)
		return usage_error("--elf given twice (%s, %s) for one dump: a second --elf is for "
		                   "the second dump of --diff",
		                   o.elf[0], o.elf[1]);
	if (o.logs > o.inputs)
		return usage_error("--log given twice (%s, %s) for one dump: a second --log is for "
		                   "the second dump of --diff",
		                   o.log[0], o.log[1]);
	if (!strcmp(cmd->name, "gprof") && !o.output)
		o.output = "gmon.out";
	if (o.graph && (o.diff || (o.format && strcmp(o.format, "text"))))
		return usage_error("--graph is a text view of one dump: not with --diff or --format %s",
		                   o.format ? o.format : "");
	if (o.from > o.to)
		return usage_error("--from %llu is after --to %llu", (unsigned long long)o.from,
		                   (unsigned long long)o.to);
	if (o.diff && o.format && strcmp(o.format, "text"))
		return usage_error("--diff writes text only");
	if (o.sort && !o.diff && !strcmp(o.sort, "diff"))
		return usage_error("--sort diff needs --diff");
	if (o.sort && !table_has_column(o.sort, o.diff))
		return usage_error("--sort %s: no such column", o.sort);
	if (o.source && strcmp(o.source, "events") && strcmp(o.source, "funcstat") && strcmp(o.source, "profile"))
		return usage_error("--source %s: not events, funcstat or profile", o.source);
	struct session s;
	const int status = session_open(&s, &o, cmd->need_elf);
	if (status)
		return status;
	cmd->run(&s);
	return session_close(&s);
}
