/* SPDX-License-Identifier: Apache-2.0 */
/* Damaged frames: each gives its one exact message, with the log line, the
 * payload byte and the file byte, and the exit status docs/host-tool.md
 * defines (1: the dump had errors, 2: the command line was wrong, 3: the
 * output could not be written). A damaged frame is a good one from the
 * driver's writer with its text changed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "unit.h"

#define INCOMPLETE "perfscope: 1 error: the output is incomplete\n"
/* An error that left standard output empty says so: nothing is incomplete. */
#define NOTHING "perfscope: 1 error: nothing written\n"
/* What report's error adds: where a sections frame comes from. */
#define NO_SECTIONS                                                                          \
	": perf_print_formatted_report prints text, not a frame; the simulator's +sections " \
	"plusarg prints the counters as a sections frame after the program exits, or the "   \
	"program calls perf_snapshot_frame (docs/programmers-guide.md)"

/* The log-mode call trace of test_frames.c: 4 + 6 * 4 + 2 * 16 = 60
 * payload bytes, 20 base64 groups, 80 characters, no padding, after the
 * 28 characters of "@PS calltrace 60 0x........ ". */
static void good_trace(struct text *t, unsigned version, uint32_t count)
{
	struct payload p = { 0 };
	const uint32_t w[] = { 1, 8, count, 0, 0, 0, 0x200, 0x1010, 150, 2, 0x100, 0x2020, 100, 1 };
	for (size_t i = 0; i < sizeof w / sizeof *w; i++)
		pl_u32(&p, w[i]);
	frame_add_version(t, version, "calltrace", &p);
	pl_free(&p);
}

/* A single-valued option given twice is an error of the command line that
 * names both values, as the user spelled the option the second time; last
 * wins was silent. -e and --log are one per dump. */
static void twice(const char *dump)
{
	static const struct {
		const char *args[9];
		const char *err;
	} cases[] = {
		{ { "functions", "-o", "a.txt", "-o", "b.txt", "dump.log" },
		  "-o given twice (a.txt, b.txt)" },
		{ { "functions", "-o", "a.txt", "--output", "b.txt", "dump.log" },
		  "--output given twice (a.txt, b.txt)" },
		{ { "functions", "--top", "5", "--top", "3", "dump.log" },
		  "--top given twice (5, 3)" },
		{ { "functions", "--format", "json", "--format", "csv", "dump.log" },
		  "--format given twice (json, csv)" },
		{ { "functions", "-s", "calls", "-s", "self", "dump.log" },
		  "-s given twice (calls, self)" },
		{ { "functions", "--hook-cost", "5", "--hook-cost", "9", "dump.log" },
		  "--hook-cost given twice (5, 9)" },
		{ { "chrome", "-c", "50M", "-c", "100M", "dump.log" },
		  "-c given twice (50M, 100M)" },
		{ { "trace", "--function", "0x100", "--function", "0x200", "dump.log" },
		  "--function given twice (0x100, 0x200)" },
		{ { "flame", "--title", "A", "--title", "B", "dump.log" },
		  "--title given twice (A, B)" },
		{ { "report", "--names", "a,b", "--names", "c", "dump.log" },
		  "--names given twice (a,b, c)" },
		{ { "patch", "-o", "a.elf", "-o", "b.elf", "x.elf" },
		  "-o given twice (a.elf, b.elf)" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char what[128], err[256];
		snprintf(what, sizeof what, "errors: twice: %s", cases[i].err);
		snprintf(
		        err, sizeof err,
		        "perfscope: %s: give it once\nTry 'perfscope --help' for more information.\n",
		        cases[i].err);
		check_run(what, dump, cases[i].args, "", err, 2);
	}
	check_run(
	        "errors: twice: -e for one dump", dump,
	        (const char *[]){ "functions", "-e", "a.elf", "-e", "b.elf", "dump.log", NULL }, "",
	        "perfscope: --elf given twice (a.elf, b.elf) for one dump: a second --elf is for the "
	        "second dump of --diff\nTry 'perfscope --help' for more information.\n",
	        2);
	check_run("errors: twice: a flag said twice is the flag", dump,
	          (const char *[]){ "trace", "--chrono", "--chrono", "dump.log", NULL }, NULL, "",
	          0);
}

static void errors(void)
{
	struct text t = { 0 };
	struct header h;
	char want[1024], crc[11];
	const char *trace[] = { "trace", "dump.log", NULL };

	good_trace(&t, 2, 2);
	if (header_of(t.s, &h) || h.payload - t.s != 28 || h.payload_len != 80) {
		check_str(
		        "errors: the good frame is 60 bytes, 80 characters after a 28-character header",
		        t.s, "");
		return;
	}
	memcpy(crc, h.crc, 10);
	crc[10] = 0;

	/* The CRC: all 60 bytes read, the error at the end of the 20th group. */
	memcpy(h.crc, "0xdeadbeef", 10);
	snprintf(want, sizeof want,
	         "perfscope: dump.log:1: error: calltrace frame, payload byte 60 (file byte 108): "
	         "CRC-32 is %s, the header says 0xdeadbeef: the frame is corrupted\n" INCOMPLETE,
	         crc);
	/* Its records stream out before the CRC is checked: the output says so. */
	check_run("errors: CRC mismatch", t.s, trace,
	          "calltrace 1 (dump.log:1): log mode, 2 of 8 lines, 0 calls open\n"
	          "    0x00000200: lr=0x00001010 <0x00001010>, t=150\n"
	          "  0x00000100: lr=0x00002020 <0x00002020>, t=100\n"
	          "damaged: it failed its check (see the errors): its records as far as decoded\n",
	          want, 1);
	memcpy(h.crc, crc, 10);

	/* Damaged copies of the good frame, each with the error it gives. */
	char *len64 = strdup(t.s), *len57 = strdup(t.s), *cut = strdup(t.s), *cut_mid = strdup(t.s),
	     *bad = strdup(t.s);
	/* A length that is not the payload's. 64 for the 60 bytes there are:
	 * the line ends after all 60 (80 characters, file byte 28 + 80). 57 (19
	 * groups): the line goes on after them, at file byte 28 + 76. */
	memcpy(len64 + 14, "64", 2);
	memcpy(len57 + 14, "57", 2);
	/* Cut after 8 groups: 24 payload bytes, file byte 28 + 32; the same cut
	 * in the middle of a group, where the group is not counted. */
	strcpy(cut + 28 + 32, "\n");
	strcpy(cut_mid + 28 + 34, "\n");
	/* A character outside base64 at character 6: the group from 4 holds
	 * payload byte 3. */
	bad[28 + 6] = '*';
	/* A count the length cannot hold: checked after the 7 header words, 28
	 * bytes in (9 groups, file byte 28 + 36): 7 records need 112 bytes,
	 * 60 - 28 = 32 are there. */
	struct text counted = { 0 }, v3 = { 0 };
	good_trace(&counted, 2, 7);
	/* A newer format version: the writer of version 3. */
	good_trace(&v3, 3, 2);
	const struct {
		const char *what, *dump, *error;
	} damaged[] = {
		{ "bad length (64 for 60 bytes)", len64,
		  "payload byte 60 (file byte 108): truncated: the line ends after 60 of its 64 payload bytes" },
		{ "bad length (57 for 60 bytes)", len57,
		  "payload byte 57 (file byte 104): the line goes on after the 57 payload bytes the header gives" },
		{ "a record count the payload cannot hold", counted.s,
		  "payload byte 28 (file byte 64): 7 call records need 112 bytes after the header, the payload has 32" },
		{ "truncated payload", cut,
		  "payload byte 24 (file byte 60): truncated: the line ends after 24 of its 60 payload bytes" },
		{ "truncated inside a base64 group", cut_mid,
		  "payload byte 24 (file byte 60): truncated: the line ends after 24 of its 60 payload bytes" },
		{ "a character outside base64", bad,
		  "payload byte 3 (file byte 32): '*' at file byte 34 is not a base64 character" },
		{ "unknown version 3", v3.s,
		  "payload byte 0 (file byte 28): format version 3 is newer than the version 2 this perfscope "
		  "reads: update perfscope" },
	};
	for (size_t i = 0; i < sizeof damaged / sizeof *damaged; i++) {
		char what[128];
		snprintf(what, sizeof what, "errors: %s", damaged[i].what);
		snprintf(want, sizeof want,
		         "perfscope: dump.log:1: error: calltrace frame, %s\n" NOTHING,
		         damaged[i].error);
		check_run(what, damaged[i].dump, trace, "", want, 1);
	}
	free(len64);
	free(len57);
	free(cut);
	free(cut_mid);
	free(bad);
	text_free(&counted);
	text_free(&v3);

	/* An unknown type is a warning; the good frame after it is read. */
	struct text unknown = { 0 };
	struct payload p = { 0 };
	pl_u32(&p, 42);
	frame_add(&unknown, "sensors", &p);
	pl_free(&p);
	text_add(&unknown, t.s);
	check_run(
	        "errors: unknown type, skipped with a warning", unknown.s, trace,
	        "calltrace 1 (dump.log:2): log mode, 2 of 8 lines, 0 calls open\n"
	        "    0x00000200: lr=0x00001010 <0x00001010>, t=150\n"
	        "  0x00000100: lr=0x00002020 <0x00002020>, t=100\n",
	        "perfscope: dump.log:1: warning: unknown frame type 'sensors' (from a newer driver?), skipped\n",
	        0);
	text_free(&unknown);

	/* A bad frame is skipped and the next one read: the CRC error names line 2. */
	struct text two = { 0 };
	text_add(&two, "console text\n");
	good_trace(&two, 2, 2);
	char *second = strstr(two.s, "@PS");
	second[28 + 79] = second[28 + 79] == 'A' ? 'B' : 'A';
	check_run("errors: other lines skipped, a corrupted frame names its line", two.s,
	          (const char *[]){ "trace", "-o", "o.txt", "dump.log", NULL }, "", NULL, 1);
	char *o = tool_file("o.txt");
	check_str("errors: no -o file after an error", o ? o : "(none)", "(none)");
	free(o);
	text_free(&two);

	check_run(
	        "errors: no frames at all", "just a program's output\n", trace, "",
	        "perfscope: dump.log: error: no frames at all: not the console output of a perfscope run?\n" NOTHING,
	        1);
	check_run(
	        "errors: no frame of the type", t.s, (const char *[]){ "hot", "dump.log", NULL },
	        "",
	        "perfscope: dump.log: error: no hot frame for hot (the dump has 1 calltrace frame)\n" NOTHING,
	        1);
	/* A Nios II HAL program's report is text: the error says what gives
	 * report a sections frame. */
	check_run(
	        "errors: report of a HAL program's text report", "--Performance Counter Report--\n",
	        (const char *[]){ "report", "dump.log", NULL }, "",
	        "perfscope: dump.log: error: no frames at all, so no sections frame for report" NO_SECTIONS
	        "\n" NOTHING,
	        1);
	check_run(
	        "errors: report of a dump without a sections frame", t.s,
	        (const char *[]){ "report", "dump.log", NULL }, "",
	        "perfscope: dump.log: error: no sections frame for report (the dump has 1 calltrace "
	        "frame)" NO_SECTIONS "\n" NOTHING,
	        1);
	check_run(
	        "errors: an unknown command, exit 2", t.s,
	        (const char *[]){ "profile", "dump.log", NULL }, "",
	        "perfscope: unknown command 'profile'\nTry 'perfscope --help' for more information.\n",
	        2);
	check_run(
	        "errors: an option of another command, exit 2", t.s,
	        (const char *[]){ "trace", "--sort", "calls", "dump.log", NULL }, "",
	        "perfscope: --sort is not an option of trace\nTry 'perfscope --help' for more information.\n",
	        2);
	/* A directory as the dump, the console log or the ELF: one line. */
	char *dir = tool_path("adir");
	mkdir(dir, 0777);
	check_run("errors: a directory as the dump", t.s, (const char *[]){ "trace", "adir", NULL },
	          "", "perfscope: adir: error: is a directory\n", 1);
	check_run("errors: a directory as --log", t.s,
	          (const char *[]){ "functions", "--log", "adir", "dump.log", NULL }, "",
	          "perfscope: adir: error: is a directory\n", 1);
	check_run("errors: a directory as the ELF", t.s,
	          (const char *[]){ "trace", "-e", "adir", "dump.log", NULL }, "",
	          "perfscope: adir: error: is a directory\n", 1);
	check_run("errors: a text file as the ELF", t.s,
	          (const char *[]){ "trace", "-e", "dump.log", "dump.log", NULL }, "",
	          "perfscope: dump.log: error: not an ELF file\n", 1);
	check_run("errors: a directory to patch", NULL,
	          (const char *[]){ "patch", "-o", "out.elf", "adir", NULL }, "",
	          "perfscope: adir: error: cannot read the ELF: Is a directory\n", 1);
	rmdir(dir);
	free(dir);
	check_run(
	        "errors: --sort diff without --diff", t.s,
	        (const char *[]){ "functions", "-s", "diff", "dump.log", NULL }, "",
	        "perfscope: --sort diff needs --diff\nTry 'perfscope --help' for more information.\n",
	        2);
	/* Each command takes the formats docs/host-tool.md gives it, and the
	 * error lists exactly those. */
	check_run("errors: functions --format perfetto, exit 2", t.s,
	          (const char *[]){ "functions", "--format", "perfetto", "dump.log", NULL }, "",
	          "perfscope: --format perfetto: functions writes text, csv or json\n"
	          "Try 'perfscope --help' for more information.\n",
	          2);
	check_run("errors: chrome --format csv, exit 2", t.s,
	          (const char *[]){ "chrome", "--format", "csv", "dump.log", NULL }, "",
	          "perfscope: --format csv: chrome writes json or perfetto\n"
	          "Try 'perfscope --help' for more information.\n",
	          2);
	check_run("errors: --format of a command without formats, exit 2", t.s,
	          (const char *[]){ "folded", "--format", "json", "dump.log", NULL }, "",
	          "perfscope: --format is not an option of folded\n"
	          "Try 'perfscope --help' for more information.\n",
	          2);
	twice(t.s);
	struct run help;
	tool_run(&help, NULL, (const char *[]){ "functions", "--help", NULL });
	check_contains(
	        "errors: functions' synopsis lists --hook-cost and --partial", help.out,
	        "SYNOPSIS\n"
	        "    perfscope functions [-e ELF] [-s COLUMN] [--source TYPE] [--top N] [--min-pct P]\n"
	        "                        [--format text|csv|json | --graph] [--hook-cost CYCLES] [--log LOG]\n"
	        "                        [--partial] [-o FILE] [DUMP]\n"
	        "    perfscope functions --diff [-e ELF [-e ELF2]] [--log LOG [--log LOG2]] [-s COLUMN]\n"
	        "                        [--hook-cost CYCLES] [--partial] [-o FILE] DUMP DUMP2\n");
	run_free(&help);
	tool_run(&help, NULL, (const char *[]){ "gprof", "--help", NULL });
	check_contains(
	        "errors: gprof's synopsis lists --hook-cost, --renames and --partial", help.out,
	        "    perfscope gprof     -e ELF [--hook-cost CYCLES] [--log LOG] [--renames FILE] [--partial]\n"
	        "                        [-o gmon.out] [DUMP]\n");
	run_free(&help);
	check_run("errors: an output that cannot be written, exit 3", t.s,
	          (const char *[]){ "trace", "-o", "no/such/dir/out.txt", "dump.log", NULL }, "",
	          NULL, 3);
	text_free(&t);
}

void test_errors(void)
{
	errors();
}
