/* SPDX-License-Identifier: Apache-2.0 */
/* The retire tap's histogram (hist frames): perfscope hist's table and
 * perfscope gprof's gmon.out, byte for byte, on the functions of
 * retire_fns.S (main 0x100, f 0x200, g 0x300, h 0x400, 0x100 bytes each,
 * nothing from 0x500, h.part.0 0xc00, h_part_0 0xd00, h$part$0 0xe00,
 * h.isra.0.constprop.0 0xf00),
 * each bad head with its message, GNU gprof's flat profile of the gmon.out,
 * and the names gprof skips: the warning, and --renames. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"

#define SAT 4u /* HIST_CTRL bit 2 */

static void hist_add(struct text *t, uint32_t base, uint32_t shift, uint32_t k, uint32_t status,
                     uint32_t n, const uint32_t *words, uint32_t given)
{
	struct payload p = { 0 };
	pl_u32(&p, base);
	pl_u32(&p, shift);
	pl_u32(&p, k);
	pl_u32(&p, status);
	pl_u32(&p, n);
	for (uint32_t i = 0; i < given; i++)
		pl_u32(&p, words[i]);
	frame_add(t, "hist", &p);
	pl_free(&p);
}

/* 127 buckets of 16 bytes from 0x100 (to 0x8f0), then OUTSIDE: main
 * 100 + 50 (buckets 0 and 15), f 70000 (bucket 16: more than a gprof bin
 * takes at once), g 30 (bucket 40, 0x380), 5 at 0x500 (bucket 64, in no
 * function), OUTSIDE 20: 70205 in all. */
static uint32_t words_a[128];
static void frame_a(struct text *t)
{
	words_a[0] = 100;
	words_a[15] = 50;
	words_a[16] = 70000;
	words_a[40] = 30;
	words_a[64] = 5;
	words_a[127] = 20;
	hist_add(t, 0x100, 2, 0, 0, 128, words_a, 128);
}

/* gmon.out of frame_a: the 20-byte header, then two records of the range
 * 0x100..0x8f0 in 127 bins ("cycles", rate 1), the first with every
 * bucket's count up to 65535, the second with f's 70000 - 65535 = 4465:
 * 20 + 2 * (33 + 254) = 594 bytes, no arcs. */
static size_t le32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (unsigned char)(v >> (8 * i));
	return 4;
}

static size_t gmon_a(unsigned char *g)
{
	size_t n = 0;
	memcpy(g, "gmon\1\0\0\0", 8);
	memset(g + 8, 0, 12);
	n += 20;
	for (int r = 0; r < 2; r++) {
		g[n++] = 0; /* a time histogram */
		n += le32(g + n, 0x100);
		n += le32(g + n, 0x8f0);
		n += le32(g + n, 127);
		n += le32(g + n, 1);
		memset(g + n, 0, 15);
		memcpy(g + n, "cycles", 6);
		n += 15;
		g[n++] = 'c';
		memset(g + n, 0, 254);
		if (r == 0) {
			g[n] = 100;
			g[n + 2 * 15] = 50;
			g[n + 2 * 40] = 30;
			g[n + 2 * 64] = 5;
		}
		const uint32_t f = r == 0 ? 65535 : 4465;
		g[n + 2 * 16] = (unsigned char)f;
		g[n + 2 * 16 + 1] = (unsigned char)(f >> 8);
		n += 254;
	}
	return n;
}

static void hist_table(void)
{
	struct text t = { 0 };
	frame_a(&t);
	/* Pct of 70205: 70000 is 99.708 %, 150 0.214, 30 0.043, 20 0.028, 5 0.007. */
	check_run(
	        "hist: per function, most first, a bucket in no function by its address, OUTSIDE",
	        t.s, (const char *[]){ "hist", "-e", UNIT_RETIRE_ELF, "dump.log", NULL },
	        "hist 1 (dump.log:1): 127 buckets of 16 bytes at 0x00000100..0x000008ef, every cycle counted\n"
	        "Name                PC           Cycles     Pct\n"
	        "f                   0x00000200    70000   99.71\n"
	        "main                0x00000100      150    0.21\n"
	        "g                   0x00000300       30    0.04\n"
	        "0x00000500          0x00000500        5    0.01\n"
	        "OUTSIDE                              20    0.03\n",
	        "", 0);
	check_run(
	        "hist: without the ELF a row is a bucket", t.s,
	        (const char *[]){ "hist", "dump.log", NULL },
	        "hist 1 (dump.log:1): 127 buckets of 16 bytes at 0x00000100..0x000008ef, every cycle counted\n"
	        "Name                PC           Cycles     Pct\n"
	        "0x00000200          0x00000200    70000   99.71\n"
	        "0x00000100          0x00000100      100    0.14\n"
	        "0x000001f0          0x000001f0       50    0.07\n"
	        "0x00000380          0x00000380       30    0.04\n"
	        "0x00000500          0x00000500        5    0.01\n"
	        "OUTSIDE                              20    0.03\n",
	        "", 0);

	/* 256-byte buckets from 0x180, one in 8 cycles sampled, SAT: bucket 0
	 * (0x180..0x27f, main and f) is main's, bucket 2 (0x380, g and h) g's;
	 * 10, 5 and OUTSIDE 1 samples are 80, 40 and 8 cycles of 128. */
	const uint32_t b[] = { 10, 0, 5, 1 };
	struct text s = { 0 };
	text_add(&s, "console text\n");
	hist_add(&s, 0x180, 6, 3, SAT, 4, b, 4);
	check_run(
	        "hist: sampled, a straddling bucket charged to its first byte's function and said, SAT",
	        s.s, (const char *[]){ "hist", "-e", UNIT_RETIRE_ELF, "dump.log", NULL },
	        "hist 1 (dump.log:2): 3 buckets of 256 bytes at 0x00000180..0x0000047f, one cycle in 8 "
	        "sampled (k 3): a sample counts as 8 cycles, at a fixed stride (a loop of a multiple "
	        "of 8 cycles aliases)\n"
	        "Name                PC           Cycles     Pct\n"
	        "main                0x00000100       80   62.50\n"
	        "g                   0x00000300       40   31.25\n"
	        "OUTSIDE                               8    6.25\n"
	        "STRADDLE: 2 buckets (120 cycles) straddle two or more functions and are charged to the "
	        "lower: "
	        "those rows are approximate (buckets of 4 bytes are exact)\n"
	        "SAT: a count saturated: its bucket's cycles, and its row's, are a lower bound\n",
	        "perfscope: dump.log:2: warning: hist frame 1: 2 buckets (120 cycles) straddle two or "
	        "more functions: charged to the lower, approximate\n"
	        "perfscope: dump.log:2: warning: hist frame 1: a count saturated (SAT): its bucket's "
	        "cycles are a lower bound\n",
	        0);
	text_free(&t);
	text_free(&s);
}

/* Runs GNU gprof's flat profile on the ELF and the gmon.out just written;
 * the self cycles of fn, or "" (no gprof, or no line for fn). */
static void gprof_self(const char *fn, char *self, size_t size)
{
	char *gmon = tool_path("gmon.out"), cmd[1024], line[512];
	self[0] = 0;
	snprintf(cmd, sizeof cmd, "riscv64-unknown-elf-gprof -b -p %s %s 2>&1", UNIT_RETIRE_ELF,
	         gmon);
	free(gmon);
	FILE *p = popen(cmd, "r");
	while (p && fgets(line, sizeof line, p)) {
		char name[128];
		double pct, cum, s;
		if (sscanf(line, "%lf %lf %lf %127s", &pct, &cum, &s, name) == 4 &&
		    !strcmp(name, fn))
			snprintf(self, size, "%.2f", s);
	}
	if (p)
		pclose(p);
}

static void hist_gmon(void)
{
	struct text t = { 0 };
	frame_a(&t);
	const char *gprof[] = { "gprof", "-e", UNIT_RETIRE_ELF, "dump.log", NULL };
	check_run("hist: gprof from a hist frame alone: OUTSIDE said on standard error", t.s, gprof,
	          "",
	          "perfscope: dump.log:1: warning: hist frame 1: 20 cycles outside the buckets "
	          "(OUTSIDE: at an address outside them, or before the first instruction retired) "
	          "are in no bin of gmon.out\n",
	          0);
	unsigned char want[640];
	const size_t want_n = gmon_a(want);
	size_t n = 0;
	char *got = tool_file_n("gmon.out", &n);
	check_u64("hist: gmon.out is 594 bytes: 2 records of 127 bins", n, want_n);
	size_t at = 0;
	while (got && at < n && at < want_n && got[at] == (char)want[at])
		at++;
	check_u64("hist: gmon.out byte for byte (the first byte that differs)", at, want_n);
	free(got);

	char self[32];
	gprof_self("f", self, sizeof self);
	check_str("hist: riscv64-unknown-elf-gprof's flat profile: f's self cycles", self,
	          "70000.00");

	/* Two frames of one layout add up; the events frame gives the arc
	 * main -> f (its call site: main's entry, no call in the ELF) and no
	 * time of its own. 65535 + 65535 + 9 = 2 * 65535 + 9: three records. */
	struct text two = { 0 };
	const uint32_t w2[] = { 0, 65535, 0, 0 }, w3[] = { 1, 65544, 0, 0 };
	hist_add(&two, 0x100, 6, 0, 0, 4, w2, 4);
	hist_add(&two, 0x100, 6, 0, 0, 4, w3, 4);
	const struct event ev[] = { { 0x100, 0 }, { 0x200, 10 }, { EXIT, 1000 }, { EXIT, 1100 } };
	events_add(&two, ev, 4, 0);
	check_run("hist: gprof, two hist frames and an events frame", two.s, gprof, "", "", 0);
	got = tool_file_n("gmon.out", &n);
	/* 20 + 3 * (33 + 3 * 2) + the arc's 13 */
	check_u64("hist: two frames: three records of 3 bins and an arc", n, 20 + 3 * 39 + 13);
	if (got && n == 20 + 3 * 39 + 13) {
		const unsigned char *r = (const unsigned char *)got + 20;
		char bins[64];
		unsigned v[9];
		for (int i = 0; i < 9; i++) /* record i / 3, bin i % 3 */
			v[i] = r[39 * (i / 3) + 33 + 2 * (i % 3)] |
			       r[39 * (i / 3) + 34 + 2 * (i % 3)] << 8;
		snprintf(bins, sizeof bins, "%u %u %u / %u %u %u / %u %u %u", v[0], v[1], v[2],
		         v[3], v[4], v[5], v[6], v[7], v[8]);
		check_str("hist: two frames: the bins of each record", bins,
		          "1 65535 0 / 0 65535 0 / 0 9 0");
		const unsigned char *a = r + 3 * 39;
		snprintf(bins, sizeof bins, "%u 0x%x 0x%x %u", a[0],
		         a[1] | a[2] << 8 | a[3] << 16 | (unsigned)a[4] << 24,
		         a[5] | a[6] << 8 | a[7] << 16 | (unsigned)a[8] << 24,
		         a[9] | a[10] << 8 | a[11] << 16 | (unsigned)a[12] << 24);
		check_str("hist: two frames: the arc main -> f, once", bins, "1 0x100 0x200 1");
	}
	free(got);

	/* Sampled: k 2 writes a sample as 4 cycles, dimension "~cycles". */
	struct text k2 = { 0 };
	const uint32_t w4[] = { 3, 0 };
	hist_add(&k2, 0x200, 0, 2, 0, 2, w4, 2);
	check_run("hist: gprof, sampled", k2.s, gprof, "", "", 0);
	got = tool_file_n("gmon.out", &n);
	check_u64("hist: sampled: one record of one bin", n, 20 + 33 + 2);
	if (got && n == 20 + 33 + 2)
		check_str("hist: sampled: dimension ~cycles, the bin 3 samples x 4",
		          (got[20 + 17] == '~' && !memcmp(got + 20 + 18, "cycles", 7) &&
		           got[53] == 12 && got[54] == 0)
		                  ? "yes"
		                  : "no",
		          "yes");
	free(got);
	gprof_self("f", self, sizeof self);
	check_str("hist: sampled: gprof's self time of f, in cycles", self, "12.00");

	/* Exactly 65535 fills one record; an empty histogram is one record too. */
	struct text full = { 0 }, empty = { 0 };
	const uint32_t w6[] = { 65535, 0 }, w7[] = { 0, 0 };
	hist_add(&full, 0x200, 0, 0, 0, 2, w6, 2);
	hist_add(&empty, 0x200, 0, 0, 0, 2, w7, 2);
	check_run("hist: gprof, a bucket of 65535 cycles", full.s, gprof, "", "", 0);
	free(tool_file_n("gmon.out", &n));
	check_u64("hist: 65535 cycles: one record", n, 20 + 33 + 2);
	check_run("hist: gprof, every bucket empty", empty.s, gprof, "", "", 0);
	free(tool_file_n("gmon.out", &n));
	check_u64("hist: every bucket empty: one record", n, 20 + 33 + 2);
	text_free(&full);
	text_free(&empty);

	/* A trace stream's console log lends its hist frames, as its run
	 * frame: the histogram of a retire-stream run. An empty stream, so
	 * the time is the log's. */
	struct text log = { 0 };
	text_add(&log, driver_run_frame);
	hist_add(&log, 0x200, 0, 0, SAT, 2, w4, 2);
	static const unsigned char stream[16] = { 'P', 'S', 'T', 'R', 'A', 'C', 'E',
		                                  0,   2,   0,   0,   0,   8 };
	tool_write("trace.bin", stream, sizeof stream);
	check_run(
	        "hist: gprof of a trace stream takes the hist frames of its --log", log.s,
	        (const char *[]){ "gprof", "-e", UNIT_RETIRE_ELF, "--log", "dump.log", "trace.bin",
	                          NULL },
	        "",
	        "perfscope: dump.log:2: warning: hist frame 1: a count saturated (SAT): its bucket's "
	        "time in gmon.out is a lower bound\n",
	        0);
	got = tool_file_n("gmon.out", &n);
	check_u64("hist: --log: one record of one bin", n, 20 + 33 + 2);
	check_int("hist: --log: the bin holds the log's 3 cycles", got && n == 55 ? got[53] : -1,
	          3);
	free(got);
	text_free(&log);
	/* A log of hist frames alone (make profile MODE=retire: the harness
	 * prints them, the program no frame) lent what it was given for: no
	 * "no run frame" warning. */
	struct text hist_only = { 0 };
	text_add(&hist_only, "console text\n");
	hist_add(&hist_only, 0x200, 0, 0, 0, 2, w4, 2);
	check_run("hist: a --log of hist frames only lends them without a run frame's warning",
	          hist_only.s,
	          (const char *[]){ "gprof", "-e", UNIT_RETIRE_ELF, "--log", "dump.log",
	                            "trace.bin", NULL },
	          "", "", 0);
	text_free(&hist_only);

	/* Frames of two layouts cannot share one gmon.out. */
	hist_add(&k2, 0x200, 1, 2, 0, 2, w4, 2);
	check_run(
	        "hist: gprof, a second frame of another layout", k2.s, gprof, NULL,
	        "perfscope: dump.log:2: error: hist frame 2: base 0x00000200, shift 1, k 2, n 2, where "
	        "hist frame 1 has 0x00000200, 0, 2, 2: one gmon.out holds one histogram layout\n"
	        "perfscope: 1 error: nothing written (--partial writes what was decoded)\n",
	        1);

	/* A bucket of more cycles than a gprof bin adds up to. */
	struct text big = { 0 };
	const uint32_t w5[] = { 0x40000000, 0 };
	hist_add(&big, 0x200, 0, 2, 0, 2, w5, 2);
	check_run(
	        "hist: gprof, a bucket past a gprof bin", big.s, gprof, NULL,
	        "perfscope: error: gprof: the bucket at 0x00000200 holds 4294967296 cycles; a gprof "
	        "bin holds at most 4294967295\n"
	        "perfscope: 1 error: nothing written (--partial writes what was decoded)\n",
	        1);
	/* 4095 buckets, one of 0xffffffff = 65535 * 65537 cycles: 65537 records of 33 + 8190
	 * bytes, past the 256 MiB gmon.out perfscope writes. */
	static uint32_t w8[4096];
	w8[7] = 0xffffffffu;
	struct text wide = { 0 };
	hist_add(&wide, 0x100, 0, 0, 0, 4096, w8, 4096);
	check_run(
	        "hist: gprof, a gmon.out past 256 MiB", wide.s, gprof, NULL,
	        "perfscope: error: gprof: the time histogram would take 538910751 bytes, more than "
	        "256 MiB: too many buckets for the cycles of the fullest; take fewer\n"
	        "perfscope: 1 error: nothing written (--partial writes what was decoded)\n",
	        1);
	text_free(&wide);
	text_free(&t);
	text_free(&two);
	text_free(&k2);
	text_free(&big);
}

/* Each bad head: one error naming the frame, the field's payload byte and
 * what is wrong; nothing written. */
static void hist_errors(void)
{
	static const uint32_t zero[8];
	const struct {
		const char *what;
		uint32_t base, shift, k, n, given;
		const char *error;
	} bad[] = {
		{ "n 1", 0x100, 0, 0, 1, 1,
		  "payload byte 20 (file byte 47): n 1 is not a power of two from 2 to 4096 (the buckets, then OUTSIDE)" },
		{ "n 6", 0x100, 0, 0, 6, 6,
		  "payload byte 20 (file byte 47): n 6 is not a power of two from 2 to 4096 (the buckets, then OUTSIDE)" },
		{ "n 8192", 0x100, 0, 0, 8192, 0,
		  "payload byte 20 (file byte 47): n 8192 is not a power of two from 2 to 4096 (the buckets, then OUTSIDE)" },
		{ "shift 8", 0x100, 8, 0, 2, 2,
		  "payload byte 8 (file byte 31): shift 8: a bucket is 4 << shift bytes, shift 0 to 7" },
		{ "k 8", 0x100, 0, 8, 2, 2,
		  "payload byte 12 (file byte 39): k 8: one cycle in 2^k is charged, k 0 to 7" },
		{ "base 0x102", 0x102, 0, 0, 2, 2,
		  "payload byte 4 (file byte 27): base 0x00000102 is not 4-byte aligned" },
		{ "past 2^32", 0xfffffe00, 7, 0, 2, 2,
		  "payload byte 4 (file byte 27): 1 bucket of 512 bytes from base 0xfffffe00 ends at or past 2^32" },
		{ "words missing", 0x100, 0, 0, 4, 3,
		  "payload byte 24 (file byte 55): 4 words need 16 bytes after the header, the payload has 12" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		struct text t = { 0 };
		hist_add(&t, bad[i].base, bad[i].shift, bad[i].k, 0, bad[i].n, zero, bad[i].given);
		char what[128], want[512];
		snprintf(what, sizeof what, "hist: error: %s", bad[i].what);
		snprintf(want, sizeof want,
		         "perfscope: dump.log:1: error: hist frame, %s\n"
		         "perfscope: 1 error: nothing written\n",
		         bad[i].error);
		check_run(what, t.s, (const char *[]){ "hist", "dump.log", NULL }, "", want, 1);
		text_free(&t);
	}
	check_run("hist: a dump without a hist frame", driver_run_frame,
	          (const char *[]){ "hist", "dump.log", NULL }, "",
	          "perfscope: dump.log: error: no hist frame for hist (the dump has 1 run frame)\n"
	          "perfscope: 1 error: nothing written\n",
	          1);
}

/* GNU gprof gives a function whose name has a '.' (h.part.0, as GCC names a
 * clone) to the function before it: perfscope gprof says so when gmon.out
 * charges one, with an arc to it here, and not for h, the one before it. */
static void gprof_skipped_names(void)
{
	struct text t = { 0 }, u = { 0 };
	const struct event to_clone[] = {
		{ 0x100, 0 }, { 0xc00, 10 }, { EXIT, 100 }, { EXIT, 200 }
	};
	const struct event to_h[] = { { 0x100, 0 }, { 0x400, 10 }, { EXIT, 100 }, { EXIT, 200 } };
	const char *gprof[] = { "gprof", "-e", UNIT_RETIRE_ELF, "dump.log", NULL };
	events_add(&t, to_clone, 4, 0);
	events_add(&u, to_h, 4, 0);
	check_run("gprof: a call of h.part.0, a name gprof skips: said on standard error", t.s,
	          gprof, "",
	          "perfscope: " UNIT_RETIRE_ELF ": warning: gprof gives the time and calls of a "
	          "function whose name has a '.' or '$' to the function before it; 1 here "
	          "(h.part.0): --renames writes new names for objcopy --redefine-syms "
	          "(docs/host-tool.md)\n",
	          0);
	check_run("gprof: a call of h, the function before it: nothing said", u.s, gprof, "", "",
	          0);
	/* --renames: a name for objcopy instead of the warning; h_part_0 is
	 * taken, so h.part.0 gets h_part_0_, and h$part$0 h_part_0__;
	 * h.isra.0.constprop.0 h_isra_0_constprop_0, and its cold part
	 * h_isra_0_constprop_0_cold. */
	const char *renames[] = { "gprof",    "-e", UNIT_RETIRE_ELF, "--renames", "gprof.syms",
		                  "dump.log", NULL };
	check_run("gprof --renames: a call of h.part.0: nothing said", t.s, renames, "", "", 0);
	char *syms = tool_file("gprof.syms");
	check_str(
	        "gprof --renames: the names for gprof of h.part.0, h$part$0, h.isra.0.constprop.0 and its cold part",
	        syms ? syms : "",
	        "h.part.0 h_part_0_\nh$part$0 h_part_0__\nh.isra.0.constprop.0 h_isra_0_constprop_0\n"
	        "h.isra.0.constprop.0.cold h_isra_0_constprop_0_cold\n");
	free(syms);
	/* --renames is an output as -o is: kept only when the run had no error
	 * (a call of 0x104, inside main, is one), refused when it is -o's
	 * file, and a file that cannot be written is exit status 3. */
	struct text bad = { 0 };
	const struct event inside[] = { { 0x104, 0 }, { EXIT, 100 } };
	events_add(&bad, inside, 2, 0);
	const char *renames_bad[] = { "gprof", "-e",       UNIT_RETIRE_ELF, "--renames", "bad.syms",
		                      "-o",    "bad.gmon", "dump.log",      NULL };
	check_run(
	        "gprof --renames: a run with an error writes neither file", bad.s, renames_bad, "",
	        "perfscope: dump.log:1: error: no function starts at 0x00000104 in " UNIT_RETIRE_ELF
	        ": is it the ELF of this run?\n"
	        "perfscope: 1 error: nothing written (--partial writes what was decoded)\n",
	        1);
	char *bad_syms = tool_file("bad.syms");
	check_int("gprof --renames: no names file after the error", bad_syms != NULL, 0);
	free(bad_syms);
	const char *renames_same[] = { "gprof",     "-e",       UNIT_RETIRE_ELF,
		                       "--renames", "same.out", "-o",
		                       "same.out",  "dump.log", NULL };
	check_run(
	        "gprof --renames: the same file as -o is refused", t.s, renames_same, "",
	        "perfscope: error: --renames same.out and the output same.out are the same file: give "
	        "each its own\n",
	        2);
	const char *renames_dir[] = {
		"gprof", "-e", UNIT_RETIRE_ELF, "--renames", "no/such/dir/x.syms", "dump.log", NULL
	};
	check_run("gprof --renames: a file that cannot be written: exit 3", t.s, renames_dir, "",
	          "perfscope: no/such/dir/x.syms: error: cannot write: No such file or directory\n",
	          3);
	text_free(&bad);
	text_free(&t);
	text_free(&u);
}

/* GNU gprof's brief output (-b) for the gmon.out just written, in out,
 * cut at size - 1 bytes; "" without gprof. */
static void gprof_brief(char *out, size_t size)
{
	char *gmon = tool_path("gmon.out"), cmd[1024];
	snprintf(cmd, sizeof cmd, "riscv64-unknown-elf-gprof -b %s %s 2>&1", UNIT_RETIRE_ELF, gmon);
	free(gmon);
	FILE *p = popen(cmd, "r");
	size_t n = p ? fread(out, 1, size - 1, p) : 0;
	out[n] = 0;
	if (p)
		pclose(p);
}

/* Call traces alone: their records are entries without exits, so no time,
 * but GNU gprof without a histogram divides by the bytes a bin covers, 0,
 * and prints -nan for every time: gmon.out has one empty bin, at the ELF's
 * first function, and gprof prints 0.00. */
static void gprof_calltrace_alone(void)
{
	struct text t = { 0 };
	struct payload p = { 0 };
	const uint32_t head[] = { 1, 8, 2, 0, 0, 0 };      /* log mode, 2 records */
	const uint32_t recs[] = { 0x200, 0x110,  150, 2,   /* f, newest first */
		                  0x100, 0x1000, 100, 1 }; /* main */
	for (size_t i = 0; i < sizeof head / sizeof *head; i++)
		pl_u32(&p, head[i]);
	for (size_t i = 0; i < sizeof recs / sizeof *recs; i++)
		pl_u32(&p, recs[i]);
	frame_add(&t, "calltrace", &p);
	pl_free(&p);
	check_run("gprof: call traces alone: the warning says they give no time", t.s,
	          (const char *[]){ "gprof", "-e", UNIT_RETIRE_ELF, "dump.log", NULL }, "",
	          "perfscope: dump.log: warning: gprof: call traces record entries, not exits: "
	          "gmon.out has their calls and arcs, no time (gprof's times are 0)\n",
	          0);
	size_t n = 0;
	unsigned char *g = (unsigned char *)tool_file_n("gmon.out", &n);
	/* 20 + a record of one bin at main (0x100..0x102) + the arcs main -> f
	 * and, from its return address, to main */
	char got[96] = "";
	if (g && n == 20 + 35 + 2 * 13)
		snprintf(got, sizeof got, "tag %u 0x%x..0x%x bins %u count %u, tag %u", g[20],
		         g[21] | g[22] << 8, g[25] | g[26] << 8, g[29], g[53] | g[54] << 8, g[55]);
	check_str("gprof: call traces alone: an empty histogram record, then the arcs", got,
	          "tag 0 0x100..0x102 bins 1 count 0, tag 1");
	free(g);
	char text[4096];
	gprof_brief(text, sizeof text);
	check_contains("gprof: call traces alone: GNU gprof's flat profile: f, 0.00 cycles, 1 call",
	               text, "  0.00      0.00     0.00        1     0.00     0.00  f\n");
	check_str("gprof: call traces alone: no -nan in GNU gprof's output",
	          strstr(text, "nan") ? text : "", "");
	text_free(&t);
}

void test_hist(void)
{
	hist_table();
	hist_gmon();
	gprof_calltrace_alone();
	gprof_skipped_names();
	hist_errors();
}
