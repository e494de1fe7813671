/* SPDX-License-Identifier: Apache-2.0 */
#include "usage.h"

#include <string.h>

/* One description of the command line: the full --help, each command's
 * own --help and the synopsis all come from these tables. */
static const struct command_help {
	const char *name;
	const char *synopsis; /* after "perfscope NAME" */
	const char *what;
} commands[] = {
	{ "report", "[-c HZ] [--names A,B,...] [--bias CYCLES] [--partial] [-o FILE] [DUMP]",
	  "Each sections frame as the Nios II performance counter report:\n"
	  "section, %, seconds, clocks, occurrences." },
	{ "trace",
	  "[-e ELF] [--chrono] [--function NAME] [--from CYCLE] [--to CYCLE]\n"
	  " [--log LOG] [--partial] [-o FILE] [DUMP]",
	  "Each calltrace frame in the NITRO-SDK layout, stack or log mode,\n"
	  "newest call first, indented by depth, with names; from a trace\n"
	  "stream, the call stack at its end (or at --to)." },
	{ "functions",
	  "[-e ELF] [-s COLUMN] [--source TYPE] [--top N] [--min-pct P]\n"
	  " [--format text|csv|json | --graph] [--hook-cost CYCLES] [--log LOG]\n"
	  " [--partial] [-o FILE] [DUMP]\n"
	  "functions --diff [-e ELF [-e ELF2]] [--log LOG [--log LOG2]] [-s COLUMN]\n"
	  " [--hook-cost CYCLES] [--partial] [-o FILE] DUMP DUMP2",
	  "The IAS function table: calls, self+children and self, each with\n"
	  "total, %, average, maximum and minimum, and the deepest call." },
	{ "gprof",
	  "-e ELF [--hook-cost CYCLES] [--log LOG] [--renames FILE] [--partial]\n"
	  " [-o gmon.out] [DUMP]",
	  "A gmon.out for GNU gprof (riscv64-unknown-elf-gprof ELF gmon.out):\n"
	  "call arcs and exact cycle times from the events frames, or arcs\n"
	  "alone from calltrace frames; with hist frames (in DUMP or LOG), their\n"
	  "buckets are the time, a bin each." },
	{ "chrome",
	  "[-e ELF] [-c HZ] [--from CYCLE] [--to CYCLE] [--format json|perfetto]\n"
	  " [--log LOG] [--partial] [-o FILE] [DUMP]",
	  "The events frames as a Chrome Trace Event JSON timeline (Perfetto\n"
	  "UI, chrome://tracing): one complete event per call, a track per\n"
	  "frame." },
	{ "folded", "[-e ELF] [--hook-cost CYCLES] [--log LOG] [--partial] [-o FILE] [DUMP]",
	  "The events frames as folded stacks weighted by self cycles, for\n"
	  "flamegraph.pl, speedscope and the like." },
	{ "flame",
	  "[-e ELF] [--title TEXT] [--width PIXELS] [--hook-cost CYCLES] [--log LOG]\n"
	  " [--partial] [-o FILE] [DUMP]",
	  "The events frames as a flame graph, a standalone SVG." },
	{ "hot", "[-e ELF] [--partial] [-o FILE] [DUMP]",
	  "The -pg hot-address tables with the function of each address." },
	{ "hist", "[-e ELF] [--partial] [-o FILE] [DUMP]",
	  "Each hist frame (the retire tap's flat profile) as each function's\n"
	  "self cycles summed from its buckets, most first, then OUTSIDE; a\n"
	  "bucket goes to the function of its first byte." },
	{ "patch", "-o FILE ELF",
	  "Makes each hardware trace hook of ELF one instruction\n"
	  "(docs/hooks.md): in every function with the four nops of\n"
	  "-fpatchable-function-entry=4,2, the two at its entry store its\n"
	  "address to TRACE_ENTER, the two before it become its exit (a store to\n"
	  "TRACE_EXIT and a ret), and each ret jumps to that exit. FILE may be\n"
	  "ELF." },
};

/* Options, with the commands that take them (NULL: every command). */
static const struct option_help {
	const char *commands;
	const char *text;
} options[] = {
	{ "trace functions gprof chrome folded flame hot hist",
	  "-e, --elf ELF       The firmware the dump came from, for names. Given twice\n"
	  "                    with functions --diff, one per dump." },
	{ "trace functions gprof chrome folded flame",
	  "--log LOG           With a trace stream as DUMP: the run's console log, for\n"
	  "                    the clock and build id of its run frame (DUMP is then\n"
	  "                    read as a stream whatever it starts with). Given twice\n"
	  "                    with functions --diff, one per dump." },
	{ NULL, "-o, --output FILE   Where the report goes (default standard output; gprof:\n"
	        "                    gmon.out). A file appears only if the run succeeds." },
	{ "report chrome",
	  "-c, --clock-hz HZ   Clock frequency, e.g. 50000000 or 50M: report (instead of\n"
	  "                    the frame's), chrome (microseconds instead of cycles)." },
	{ "report", "--names A,B,...     report: section names; as many sections as names." },
	{ "report", "--bias CYCLES       report: take CYCLES per occurrence off each section, the\n"
	            "                    cost of the marks (perf_calibrate), as the net report." },
	{ "functions",
	  "-s, --sort COLUMN   functions: sort by calls, total, total-avg, total-max,\n"
	  "                    total-min, self (the default), self-avg, self-max,\n"
	  "                    self-min, depth (largest first), name, pc (smallest\n"
	  "                    first) or none (frame order); with --diff also diff\n"
	  "                    (largest change of self time, the default)." },
	{ "functions",
	  "--source TYPE       functions: take the rows from events, funcstat or profile\n"
	  "                    frames (default: events if the dump has any, else the\n"
	  "                    others, a table per frame)." },
	{ "functions",
	  "--diff              functions: compare DUMP (A) with DUMP2 (B), function by\n"
	  "                    function; each run's last table." },
	{ "functions", "--top N             functions: the first N rows only, after sorting." },
	{ "functions",
	  "--min-pct P         functions: only rows with a self Pct of at least P (e.g.\n"
	  "                    0.5)." },
	{ "functions chrome",
	  "--format FORMAT     functions: text (the default), csv or json, for scripts;\n"
	  "                    chrome: json (the default) or perfetto, Perfetto's binary\n"
	  "                    protobuf trace (smaller, and it loads fast)." },
	{ "functions",
	  "--graph             functions: each function's callers and callees with the\n"
	  "                    calls and the exact cycles of every arc (events only)." },
	{ "trace", "--chrono            trace: oldest call first (the frame's records are kept in\n"
	           "                    memory to turn them round)." },
	{ "trace", "--function NAME     trace: only the records of the function NAME of the ELF\n"
	           "                    (-e), or of the function at an address (0x...)." },
	{ "trace chrome",
	  "--from CYCLE        trace: records stamped at CYCLE or later (stamps are\n"
	  "                    G[31:0], so a window within 2^32 cycles; a trace stream:\n"
	  "                    calls entered then or later); chrome: calls that end at\n"
	  "                    or after CYCLE of the timeline." },
	{ "trace chrome",
	  "--to CYCLE          trace: records stamped at CYCLE or before (a trace stream:\n"
	  "                    the stack after its last record at or before CYCLE);\n"
	  "                    chrome: calls that start at or before CYCLE." },
	{ "functions gprof folded flame",
	  "--hook-cost CYCLES  events: take CYCLES off every call's own time, and off its\n"
	  "                    callers' for each call inside them: what the entry and exit\n"
	  "                    hooks add to a call (make bench measures it per CPU and mode)." },
	{ "gprof",
	  "--renames FILE      gprof: for objcopy --redefine-syms, a name GNU gprof reads\n"
	  "                    for each name of an ELF function that it skips (one\n"
	  "                    with a '.' or '$', as GCC names a clone): '_' for each.\n"
	  "                    gprof on the ELF objcopy writes shows those functions." },
	{ "flame", "--title TEXT        flame: the title (default: the dump's name)." },
	{ "flame", "--width PIXELS      flame: the width (default 1200)." },
	{ "report trace functions gprof chrome folded flame hot hist",
	  "--partial           On errors, still write what could be decoded." },
	{ NULL, "-h, --help          This text; after a command, that command's." },
	{ NULL, "--version           The version, and the frame format it reads." },
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void indented(FILE *f, const char *text, const char *indent)
{
	fputs(indent, f);
	for (const char *p = text; *p; p++) {
		fputc(*p, f);
		if (*p == '\n')
			fputs(indent, f);
	}
	fputc('\n', f);
}

/* Whether the word cmd is in the space-separated list. */
static int listed(const char *list, const char *cmd)
{
	const size_t n = strlen(cmd);
	for (const char *p = list; (p = strstr(p, cmd)); p += n)
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == 0))
			return 1;
	return 0;
}

/* "perfscope NAME ARGS", a line for each form of the command. */
static void synopsis_of(FILE *f, const struct command_help *c)
{
	const char *line = c->synopsis;
	for (int first = 1; *line; first = 0) {
		const char *end = strchr(line, '\n');
		const int n = end ? (int)(end - line) : (int)strlen(line);
		if (first)
			fprintf(f, "    perfscope %-9s %.*s\n", c->name, n, line);
		else if (*line == ' ') /* the same form, continued */
			fprintf(f, "    %20s%.*s\n", "", n - 1, line + 1);
		else
			fprintf(f, "    perfscope %.*s\n", n, line);
		line += n + (end ? 1 : 0);
	}
}

void usage_synopsis(FILE *f)
{
	fputs("SYNOPSIS\n", f);
	for (size_t i = 0; i < N(commands); i++)
		synopsis_of(f, &commands[i]);
	fputs("    perfscope --help | COMMAND --help | --version\n", f);
}

static const char description[] =
        "DESCRIPTION\n"
        "    Reads the framed dumps (\"@PS\" lines, docs/dump-format.md) that the perfscope\n"
        "    driver prints, from a console log or a file of raw frames (DUMP; standard\n"
        "    input if none or -, but none on a terminal is an error), names addresses\n"
        "    from the firmware's ELF symbol table, and writes one report. Every frame\n"
        "    is checked (format version, counts against its length, CRC-32) before\n"
        "    anything is said of its content; the dump streams, whatever its size.\n"
        "    DUMP may also be the stream file of perfscope's trace unit (docs/trace.md),\n"
        "    known by its first bytes (\"PSTRACE\"), for the commands that read calls:\n"
        "    trace, functions, gprof, chrome, folded and flame; --log names the run's\n"
        "    console log beside it. The same commands read the trace frames a program\n"
        "    drains the unit into (perf_hwtrace_frame), in a console log, as one such\n"
        "    stream.\n";

static const char rest[] =
        "DIAGNOSTICS\n"
        "    Problems go to standard error as \"perfscope: FILE:LINE: error: ...\", with the\n"
        "    payload byte and file byte for a frame's contents: truncated or corrupted\n"
        "    frames, bad base64, a format version newer than this perfscope reads, counts\n"
        "    that disagree with the length, addresses the ELF has no function for (the\n"
        "    wrong ELF). A frame of unknown type is a warning and is skipped. A recording\n"
        "    whose buffer lost events says so in the output too.\n"
        "\n"
        "EXIT STATUS\n"
        "    0  the report was written\n"
        "    1  the dump or the ELF had errors (no -o FILE written unless --partial)\n"
        "    2  the command line was wrong\n"
        "    3  the output could not be written\n"
        "\n"
        "EXAMPLES\n"
        "    make demo > demo.log && perfscope report --names crc32,sort,tokenize,printf demo.log\n"
        "    perfscope functions -e app.elf --sort calls console.log\n"
        "    perfscope gprof -e app.elf console.log && riscv64-unknown-elf-gprof app.elf gmon.out\n"
        "    perfscope flame -e app.elf -o app.svg console.log\n"
        "    perfscope hist -e app.elf console.log\n"
        "    perfscope chrome -e app.elf --log console.log -o trace.json trace.bin\n"
        "    perfscope patch -o app.elf app.elf\n"
        "\n"
        "SEE ALSO\n"
        "    docs/host-tool.md, docs/dump-format.md, docs/hooks.md\n";

void usage_full(FILE *f)
{
	fputs("NAME\n    perfscope - reports from the framed dumps of a perfscope run\n\n", f);
	usage_synopsis(f);
	fputs("\n", f);
	fputs(description, f);
	fputs("\nCOMMANDS\n", f);
	for (size_t i = 0; i < N(commands); i++) {
		fprintf(f, "    %-10s ", commands[i].name);
		for (const char *p = commands[i].what; *p; p++) {
			fputc(*p, f);
			if (*p == '\n')
				fputs("               ", f);
		}
		fputc('\n', f);
	}
	fputs("\nOPTIONS\n", f);
	for (size_t i = 0; i < N(options); i++)
		indented(f, options[i].text, "    ");
	fputs("\n", f);
	fputs(rest, f);
}

int usage_command(FILE *f, const char *name)
{
	for (size_t i = 0; i < N(commands); i++) {
		const struct command_help *c = &commands[i];
		if (strcmp(c->name, name))
			continue;
		fputs("SYNOPSIS\n", f);
		synopsis_of(f, c);
		fputs("\nDESCRIPTION\n", f);
		indented(f, c->what, "    ");
		fputs("\nOPTIONS\n", f);
		for (size_t k = 0; k < N(options); k++)
			if (!options[k].commands || listed(options[k].commands, name))
				indented(f, options[k].text, "    ");
		fputs("\nSee 'perfscope --help' for the diagnostics and exit status.\n", f);
		return 0;
	}
	return -1;
}

int usage_takes(const char *command, const char *option)
{
	const size_t n = strlen(option);
	for (size_t k = 0; k < N(options); k++) {
		const char *t = strstr(options[k].text, "--");
		if (t && !strncmp(t, option, n) && (t[n] == ' ' || t[n] == 0))
			return !options[k].commands || listed(options[k].commands, command);
	}
	return 0;
}

void usage_hint(FILE *f)
{
	fputs("Try 'perfscope --help' for more information.\n", f);
}
