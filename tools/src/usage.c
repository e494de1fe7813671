#include "usage.h"

static const char synopsis[] =
	"SYNOPSIS\n"
	"    perfscope report    [-c HZ] [--names A,B,...] [--bias CYCLES] [-o FILE] [DUMP]\n"
	"    perfscope trace     [-e ELF] [-o FILE] [DUMP]\n"
	"    perfscope functions [-e ELF] [-s COLUMN] [--source TYPE] [-o FILE] [DUMP]\n"
	"    perfscope functions --diff [-e ELF [-e ELF2]] [-s COLUMN] [-o FILE] DUMP DUMP2\n"
	"    perfscope gprof     -e ELF [-o gmon.out] [DUMP]\n"
	"    perfscope chrome    [-e ELF] [-c HZ] [-o FILE] [DUMP]\n"
	"    perfscope folded    [-e ELF] [-o FILE] [DUMP]\n"
	"    perfscope flame     [-e ELF] [--title TEXT] [--width PIXELS] [-o FILE] [DUMP]\n"
	"    perfscope hot       [-e ELF] [-o FILE] [DUMP]\n"
	"    perfscope --help | --version\n";

static const char body[] =
	"\n"
	"DESCRIPTION\n"
	"    Reads the framed dumps (\"@PS\" lines, docs/dump-format.md) that the perfscope\n"
	"    driver prints, from a console log or a file of raw frames (DUMP; standard\n"
	"    input if none or -), names addresses from the firmware's ELF symbol table,\n"
	"    and writes one report. Every frame is checked (format version, counts\n"
	"    against its length, CRC-32); the dump streams, whatever its size.\n"
	"\n"
	"COMMANDS\n"
	"    report     Each sections frame as the Nios II performance counter report:\n"
	"               section, %, seconds, clocks, occurrences.\n"
	"    trace      Each calltrace frame in the NITRO-SDK layout, stack or log mode,\n"
	"               newest call first, indented by depth, with names.\n"
	"    functions  The IAS function table: calls, self+children and self, each with\n"
	"               total, %, average, maximum and minimum, and the deepest call.\n"
	"    gprof      A gmon.out for GNU gprof (riscv64-unknown-elf-gprof ELF gmon.out):\n"
	"               call arcs and exact cycle times from the events frames, or arcs\n"
	"               alone from calltrace frames.\n"
	"    chrome     The events frames as a Chrome Trace Event JSON timeline (Perfetto\n"
	"               UI, chrome://tracing): one complete event per call, a track per\n"
	"               frame.\n"
	"    folded     The events frames as folded stacks weighted by self cycles, for\n"
	"               flamegraph.pl, speedscope and the like.\n"
	"    flame      The events frames as a flame graph, a standalone SVG.\n"
	"    hot        The -pg hot-address tables with the function of each address.\n"
	"\n"
	"OPTIONS\n"
	"    -e, --elf ELF       The firmware the dump came from, for names. Given twice\n"
	"                        with --diff, one per dump.\n"
	"    -o, --output FILE   Where the report goes (default standard output; gprof:\n"
	"                        gmon.out). A file appears only if the run succeeds.\n"
	"    -c, --clock-hz HZ   Clock frequency, e.g. 50000000 or 50M: report (instead of\n"
	"                        the frame's), chrome (microseconds instead of cycles).\n"
	"    --names A,B,...     report: section names; as many sections as names.\n"
	"    --bias CYCLES       report: take CYCLES per occurrence off each section, the\n"
	"                        cost of the marks (perf_calibrate), as the net report.\n"
	"    -s, --sort COLUMN   functions: sort by calls, total, total-avg, total-max,\n"
	"                        total-min, self (the default), self-avg, self-max,\n"
	"                        self-min, depth (largest first), name, pc (smallest\n"
	"                        first) or none (frame order); with --diff also diff\n"
	"                        (largest change of self time, the default).\n"
	"    --source TYPE       functions: take the rows from events, funcstat or profile\n"
	"                        frames (default: events if the dump has any, else the\n"
	"                        others, a table per frame).\n"
	"    --diff              functions: compare DUMP (A) with DUMP2 (B), function by\n"
	"                        function; each run's last table.\n"
	"    --title TEXT        flame: the title (default: the dump's name).\n"
	"    --width PIXELS      flame: the width (default 1200).\n"
	"    --partial           On errors, still write what could be decoded.\n"
	"    -h, --help          This text.\n"
	"    --version           The version, and the frame format it reads.\n"
	"\n"
	"DIAGNOSTICS\n"
	"    Problems go to standard error as \"perfscope: FILE:LINE: error: ...\", with the\n"
	"    payload byte and file byte for a frame's contents: truncated or corrupted\n"
	"    frames, bad base64, a format version newer than this perfscope reads, counts\n"
	"    that disagree with the length, addresses the ELF has no function for (the\n"
	"    wrong ELF). A frame of unknown type is a warning and is skipped.\n"
	"\n"
	"EXIT STATUS\n"
	"    0  the report was written\n"
	"    1  the dump or the ELF had errors (no -o FILE written unless --partial)\n"
	"    2  the command line was wrong\n"
	"    3  the output could not be written\n"
	"\n"
	"EXAMPLES\n"
	"    perfscope report --names crc32,sort,tokenize,printf build/demo-output.txt\n"
	"    perfscope functions -e app.elf --sort calls console.log\n"
	"    perfscope gprof -e app.elf console.log && riscv64-unknown-elf-gprof app.elf gmon.out\n"
	"    perfscope flame -e app.elf -o app.svg console.log\n"
	"\n"
	"SEE ALSO\n"
	"    docs/host-tool.md, docs/dump-format.md, docs/hooks.md\n";

void usage_full(FILE *f)
{
	fputs("NAME\n    perfscope - reports from the framed dumps of a perfscope run\n\n", f);
	fputs(synopsis, f);
	fputs(body, f);
}

void usage_synopsis(FILE *f)
{
	fputs(synopsis, f);
}

void usage_hint(FILE *f)
{
	fputs("Try 'perfscope --help' for more information.\n", f);
}
