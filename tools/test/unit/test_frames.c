/* SPDX-License-Identifier: Apache-2.0 */
/* Every frame type, written by the driver's writer and read by the
 * command that shows it, output compared byte for byte; the numbers are
 * worked out by hand in the comments. */
#include <stdio.h>
#include <string.h>

#include "unit.h"

#define RULE "+---------------+--------+-------------+---------------+-----------+\n"
#define HEAD "| Section       |   %    | Time (sec)  | Time (clocks) |Occurrences|\n"

static void sections_payload(struct payload *p, uint32_t hz, uint32_t n, const uint64_t *time,
                             const uint32_t *occ, int ovf, uint32_t ovf_word)
{
	pl_u32(p, hz);
	pl_u32(p, n);
	pl_u32(p, 0); /* RUN */
	for (uint32_t i = 0; i <= n; i++) {
		pl_u64(p, time[i]);
		pl_u32(p, occ[i]);
	}
	if (ovf)
		pl_u32(p, ovf_word);
}

/* 50 MHz, 1,000,000 cycles in all: 666667 cycles are 66.6667 % (66.67,
 * rounded up) and 13.33334 ms; 333333 are 33.33 % and 6.66666 ms; 50 are
 * exactly 0.005 %, half a hundredth, rounded up to 0.01, and 1 us. */
#define REPORT(a, b, c)                                                                 \
	"--Performance Counter Report--\n"                                              \
	"Total Time: 0.020000000 seconds (1000000 clock-cycles)\n" RULE HEAD RULE "|" a \
	"|  66.67 |  0.013333340|         666667|          3|\n" RULE "|" b             \
	"|  33.33 |  0.006666660|         333333|         10|\n" RULE "|" c             \
	"|   0.01 |  0.000001000|             50|          1|\n" RULE

static const uint64_t named_time[] = { 1000000, 666667, 333333, 50 };
static const uint32_t named_occ[] = { 1, 3, 10, 1 };

/* At 3 Hz a cycle is 333333333.3 ns: 2 cycles are 666666666.7 ns, rounded
 * to ...667; section 1 is half of it. OVF bits 0 and 1: total and section
 * 1 wrapped. */
#define REPORT_3HZ                                                                    \
	"--Performance Counter Report--\n"                                            \
	"Total Time: 0.666666667 seconds (2 clock-cycles)\n" RULE HEAD RULE           \
	"|section 1      |  50.00 |  0.333333333|              1|          1|\n" RULE \
	"Overflow: counters of total, section 1 wrapped (values are modulo 2^64 clocks, 2^32 occurrences)\n"

static void sections(void)
{
	struct text t = { 0 }, v1 = { 0 };
	struct payload p = { 0 };
	sections_payload(&p, 50000000, 3, named_time, named_occ, 1, 0);
	frame_add(&t, "sections", &p);
	pl_free(&p);
	check_run("sections: report --names, the Nios II layout, byte for byte", t.s,
	          (const char *[]){ "report", "--names", "alpha,beta,gamma", "dump.log", NULL },
	          REPORT("alpha          ", "beta           ", "gamma          "), "", 0);
	check_run(
	        "sections: report --names A (fewer names than sections: those sections)", t.s,
	        (const char *[]){ "report", "--names", "a_name_longer_than_15", "dump.log", NULL },
	        "--Performance Counter Report--\n"
	        "Total Time: 0.020000000 seconds (1000000 clock-cycles)\n" RULE HEAD RULE
	        "|a_name_longer_t|  66.67 |  0.013333340|         666667|          3|\n" RULE,
	        "", 0);

	/* Version 1 frames without and with the OVF word read as version 2. */
	sections_payload(&p, 50000000, 3, named_time, named_occ, 0, 0);
	frame_add_version(&v1, 1, "sections", &p);
	pl_free(&p);
	sections_payload(&p, 50000000, 3, named_time, named_occ, 1, 0);
	frame_add_version(&v1, 1, "sections", &p);
	pl_free(&p);
	check_run("sections: format version 1, without and with the OVF word", v1.s,
	          (const char *[]){ "report", "--names", "alpha,beta,gamma", "dump.log", NULL },
	          REPORT("alpha          ", "beta           ", "gamma          ") "\n" REPORT(
	                  "alpha          ", "beta           ", "gamma          "),
	          "", 0);

	const uint64_t time[] = { 2, 1 };
	const uint32_t occ[] = { 1, 1 };
	sections_payload(&p, 3, 1, time, occ, 1, 3);
	frame_add(&t, "sections", &p);
	pl_free(&p);
	check_run("sections: two frames, unnamed, nanoseconds rounded, overflow line", t.s,
	          (const char *[]){ "report", "dump.log", NULL },
	          REPORT("section 1      ", "section 2      ", "section 3      ") "\n" REPORT_3HZ,
	          "", 0);
	text_free(&t);
	text_free(&v1);
}

/* --bias is taken off each occurrence and a section's net time is at
 * least 0 (perf_section_time_net): 40000 a call is more than beta's
 * 333333 / 10 and gamma's 50, said once; 50 takes gamma to exactly 0. */
static void bias(void)
{
	struct text t = { 0 };
	struct payload p = { 0 };
	sections_payload(&p, 50000000, 3, named_time, named_occ, 1, 0);
	frame_add(&t, "sections", &p);
	pl_free(&p);
	check_run(
	        "sections: report --bias more than a section's time: a warning names them", t.s,
	        (const char *[]){ "report", "--names", "alpha,beta,gamma", "--bias", "40000",
	                          "dump.log", NULL },
	        NULL,
	        "perfscope: dump.log:1: warning: sections frame: --bias 40000 (cycles an occurrence) is more "
	        "than the time of beta, gamma: their net time is 0 (clamped)\n",
	        0);
	check_run(
	        "sections: report --bias, unnamed sections by number", t.s,
	        (const char *[]){ "report", "--bias", "40000", "dump.log", NULL }, NULL,
	        "perfscope: dump.log:1: warning: sections frame: --bias 40000 (cycles an occurrence) is more "
	        "than the time of section 2, section 3: their net time is 0 (clamped)\n",
	        0);
	check_run("sections: report --bias that takes a section to exactly 0: no warning", t.s,
	          (const char *[]){ "report", "--bias", "50", "dump.log", NULL }, NULL, "", 0);
	text_free(&t);
}

static void calltrace_head(struct payload *p, uint32_t mode, uint32_t lines, uint32_t count,
                           uint32_t open, uint32_t overflows, uint32_t underflows)
{
	pl_u32(p, mode);
	pl_u32(p, lines);
	pl_u32(p, count);
	pl_u32(p, open);
	pl_u32(p, overflows);
	pl_u32(p, underflows);
}

static void calltrace_rec(struct payload *p, uint32_t fn, uint32_t site, uint32_t stamp,
                          uint32_t depth)
{
	pl_u32(p, fn);
	pl_u32(p, site);
	pl_u32(p, stamp);
	pl_u32(p, depth);
}

static void calltrace(void)
{
	struct text t = { 0 };
	struct payload p = { 0 };
	/* Log mode, two records, newest first: 0x200 (depth 2) inside 0x100. */
	calltrace_head(&p, 1, 8, 2, 0, 0, 0);
	calltrace_rec(&p, 0x200, 0x1010, 150, 2);
	calltrace_rec(&p, 0x100, 0x2020, 100, 1);
	frame_add(&t, "calltrace", &p);
	pl_free(&p);
	/* Stack mode with the arguments flag, one record and its a0-a3; 1 call
	 * open, 3 not recorded, 4 exits without a call. */
	calltrace_head(&p, 0x100, 4, 1, 1, 3, 4);
	calltrace_rec(&p, 0x300, 0x3030, 77, 1);
	pl_u32(&p, 1);
	pl_u32(&p, 2);
	pl_u32(&p, 3);
	pl_u32(&p, 0xffffffff);
	frame_add(&t, "calltrace", &p);
	pl_free(&p);
	const char *second =
	        "calltrace 2 (dump.log:2): stack mode, 1 of 4 lines, 1 call open%s\n"
	        "  0x00000300: lr=0x00003030 <0x00003030>, t=77, a0=0x00000001, a1=0x00000002, "
	        "a2=0x00000003, a3=0xffffffff\n"
	        "3 calls not recorded (buffer full), 4 exits without a call\n";
	char want[1024], tail[512];
	snprintf(tail, sizeof tail, second, "");
	snprintf(want, sizeof want,
	         "calltrace 1 (dump.log:1): log mode, 2 of 8 lines, 0 calls open\n"
	         "    0x00000200: lr=0x00001010 <0x00001010>, t=150\n"
	         "  0x00000100: lr=0x00002020 <0x00002020>, t=100\n\n%s",
	         tail);
	check_run("calltrace: log mode, stack mode with a0-a3: trace", t.s,
	          (const char *[]){ "trace", "dump.log", NULL }, want, "", 0);
	snprintf(tail, sizeof tail, second, ", oldest first");
	snprintf(want, sizeof want,
	         "calltrace 1 (dump.log:1): log mode, 2 of 8 lines, 0 calls open, oldest first\n"
	         "  0x00000100: lr=0x00002020 <0x00002020>, t=100\n"
	         "    0x00000200: lr=0x00001010 <0x00001010>, t=150\n\n%s",
	         tail);
	check_run("calltrace: trace --chrono, oldest call first", t.s,
	          (const char *[]){ "trace", "--chrono", "dump.log", NULL }, want, "", 0);
	check_run("calltrace: trace --function 0x200 --from 120", t.s,
	          (const char *[]){ "trace", "--function", "0x00000200", "--from", "120",
	                            "dump.log", NULL },
	          "calltrace 1 (dump.log:1): log mode, 2 of 8 lines, 0 calls open\n"
	          "    0x00000200: lr=0x00001010 <0x00001010>, t=150\n\n"
	          "calltrace 2 (dump.log:2): stack mode, 1 of 4 lines, 1 call open\n"
	          "3 calls not recorded (buffer full), 4 exits without a call\n",
	          "", 0);
	/* --function NAME or its address, in any hex form, with the ELF
	 * (retire_fns.S: main 0x100, f 0x200, g 0x300) or without. */
	const char *f_only = "calltrace 1 (dump.log:1): log mode, 2 of 8 lines, 0 calls open\n"
	                     "    f: lr=0x00001010 <0x00001010>, t=150\n\n"
	                     "calltrace 2 (dump.log:2): stack mode, 1 of 4 lines, 1 call open\n"
	                     "3 calls not recorded (buffer full), 4 exits without a call\n";
	const char *const forms[] = { "f", "0x200", "0x00000200", "0X0200", "0x00000000000200" };
	for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
		char what[96];
		snprintf(what, sizeof what, "calltrace: trace -e ELF --function %s", forms[i]);
		check_run(what, t.s,
		          (const char *[]){ "trace", "-e", UNIT_RETIRE_ELF, "--function", forms[i],
		                            "dump.log", NULL },
		          f_only, "", 0);
	}
	check_run("calltrace: trace --function 0x300 (short), no ELF", t.s,
	          (const char *[]){ "trace", "--function", "0x300", "dump.log", NULL },
	          "calltrace 1 (dump.log:1): log mode, 2 of 8 lines, 0 calls open\n\n"
	          "calltrace 2 (dump.log:2): stack mode, 1 of 4 lines, 1 call open\n"
	          "  0x00000300: lr=0x00003030 <0x00003030>, t=77, a0=0x00000001, a1=0x00000002, "
	          "a2=0x00000003, a3=0xffffffff\n"
	          "3 calls not recorded (buffer full), 4 exits without a call\n",
	          "", 0);
	check_run("calltrace: trace --function NAME that two functions have: an error, exit 2", t.s,
	          (const char *[]){ "trace", "-e", UNIT_RETIRE_ELF, "--function", "twin",
	                            "dump.log", NULL },
	          "",
	          "perfscope: error: --function twin: more than one function of " UNIT_RETIRE_ELF
	          " has that name (at 0x00004200 and 0x00004300): give the address of one\n",
	          2);
	check_run("calltrace: trace --function NAME that the ELF has not: an error, exit 2", t.s,
	          (const char *[]){ "trace", "-e", UNIT_RETIRE_ELF, "--function", "tset2",
	                            "dump.log", NULL },
	          "",
	          "perfscope: error: --function tset2: no such function in " UNIT_RETIRE_ELF "\n",
	          2);
	check_run(
	        "calltrace: trace --function NAME without the ELF: an error, exit 2", t.s,
	        (const char *[]){ "trace", "--function", "f", "dump.log", NULL }, "",
	        "perfscope: error: --function f: a function name needs -e ELF (or give its address, 0x...)\n",
	        2);
	check_run(
	        "calltrace: trace --function 0x and no hex: an error, exit 2", t.s,
	        (const char *[]){ "trace", "--function", "0x2g0", "dump.log", NULL }, "",
	        "perfscope: error: --function 0x2g0: not an address (0x and hex digits, below 2^32)\n",
	        2);
	check_run(
	        "calltrace: trace --function 0x0x200: not an address, exit 2", t.s,
	        (const char *[]){ "trace", "--function", "0x0x200", "dump.log", NULL }, "",
	        "perfscope: error: --function 0x0x200: not an address (0x and hex digits, below 2^32)\n",
	        2);
	check_run(
	        "calltrace: trace --function past 2^32: not an address, exit 2", t.s,
	        (const char *[]){ "trace", "--function", "0x100000000", "dump.log", NULL }, "",
	        "perfscope: error: --function 0x100000000: not an address (0x and hex digits, below 2^32)\n",
	        2);
	/* gprof: the 3 calls the second frame's buffer had no room for have no arc. */
	check_run(
	        "calltrace: gprof says how many calls were not recorded", t.s,
	        (const char *[]){ "gprof", "-e", UNIT_RETIRE_ELF, "-o", "g.out", "dump.log", NULL },
	        "",
	        "perfscope: dump.log:2: warning: calltrace frame: 3 calls not recorded (buffer full): their arcs "
	        "are missing\n"
	        "perfscope: dump.log: warning: gprof: call traces record entries, not exits: gmon.out has "
	        "their calls and arcs, no time (gprof's times are 0)\n",
	        0);
	text_free(&t);
}

/* A log-mode ring that wrapped: the frame's overflows word counts the older
 * calls overwritten, which trace and gprof say, apart from the exits
 * without a call. */
static void calltrace_wrapped(void)
{
	struct text t = { 0 };
	struct payload p = { 0 };
	calltrace_head(&p, 1, 2, 2, 0, 5, 1);
	calltrace_rec(&p, 0x200, 0x1010, 150, 2);
	calltrace_rec(&p, 0x100, 0x2020, 100, 1);
	frame_add(&t, "calltrace", &p);
	pl_free(&p);
	check_run("calltrace: a wrapped log says how many older calls it overwrote", t.s,
	          (const char *[]){ "trace", "dump.log", NULL },
	          "calltrace 1 (dump.log:1): log mode, 2 of 2 lines, 0 calls open\n"
	          "    0x00000200: lr=0x00001010 <0x00001010>, t=150\n"
	          "  0x00000100: lr=0x00002020 <0x00002020>, t=100\n"
	          "5 older calls overwritten (log mode keeps the newest 2): a partial recording\n"
	          "1 exit without a call\n",
	          "", 0);
	check_run(
	        "calltrace: gprof of a wrapped log says its arcs are missing", t.s,
	        (const char *[]){ "gprof", "-e", UNIT_RETIRE_ELF, "-o", "g.out", "dump.log", NULL },
	        "",
	        "perfscope: dump.log:1: warning: calltrace frame: 5 older calls overwritten (log mode keeps "
	        "the newest 2): their arcs are missing\n"
	        "perfscope: dump.log: warning: gprof: call traces record entries, not exits: gmon.out has "
	        "their calls and arcs, no time (gprof's times are 0)\n",
	        0);
	text_free(&t);
}

static void hot(void)
{
	struct text t = { 0 };
	struct payload p = { 0 };
	/* 100 calls, 5 ignored, granule 4, decay off, 95 hits in 2 entries.
	 * Ratio in 1/1024ths, truncated: 60 * 1024 / 95 = 646.7, 35 * 1024 / 95 = 377.3. */
	const uint32_t head[] = { 100, 5, 4, 0, 95, 2, 0x1000, 60, 0x2004, 35 };
	for (size_t i = 0; i < sizeof head / sizeof *head; i++)
		pl_u32(&p, head[i]);
	frame_add(&t, "hot", &p);
	pl_free(&p);
	check_golden("hot: the table with its ratios", t.s,
	             (const char *[]){ "hot", "dump.log", NULL }, "hot.txt");
	text_free(&t);
}

static void row(struct payload *p, uint32_t fn, uint32_t calls, uint32_t outer, uint32_t tmin,
                uint32_t tmax, uint32_t smin, uint32_t smax, uint64_t total, uint64_t self)
{
	const uint32_t w[] = { fn, calls, outer, tmin, tmax, smin, smax };
	for (size_t i = 0; i < 7; i++)
		pl_u32(p, w[i]);
	pl_u64(p, total);
	pl_u64(p, self);
}

static void funcstat(void)
{
	struct text t = { 0 };
	struct payload p = { 0 };
	/* Max depth 3, 2 functions, nothing open, lost or dropped. Pct are of
	 * all self cycles, 60 + 40 = 100; self+children Avg over outer calls
	 * (30 / 3 = 10), self Avg over all calls (40 / 4 = 10). */
	const uint32_t head[] = { 3, 2, 0, 0, 0 };
	for (size_t i = 0; i < 5; i++)
		pl_u32(&p, head[i]);
	row(&p, 0x100, 1, 1, 100, 100, 60, 60, 100, 60);
	row(&p, 0x200, 4, 3, 5, 20, 2, 15, 30, 40);
	frame_add(&t, "funcstat", &p);
	pl_free(&p);
	check_golden("funcstat: functions --source funcstat", t.s,
	             (const char *[]){ "functions", "--source", "funcstat", "--sort", "none",
	                               "dump.log", NULL },
	             "funcstat.txt");
	/* A target's table has no depth: "-" in the text, an empty field here. */
	check_run("funcstat: --format csv, the unknown depth an empty field", t.s,
	          (const char *[]){ "functions", "--source", "funcstat", "--sort", "none",
	                            "--format", "csv", "dump.log", NULL },
	          "table,name,pc,calls,total,total_pct,total_avg,total_max,total_min,self,self_pct,"
	          "self_avg,self_max,self_min,depth\n"
	          "1,0x00000100,0x00000100,1,100,100.00,100,100,100,60,60.00,60,60,60,\n"
	          "1,0x00000200,0x00000200,4,30,30.00,10,20,5,40,40.00,10,15,2,\n",
	          "", 0);
	text_free(&t);

	/* Profile 7, enabled, 1000 cycles counted, 200 of them with the stack
	 * empty: the Program row; Pct are of the 1000. 0x100: avg 400 / 2 and
	 * 300 / 2; a marked block is USER_DEFINED_BLOCK. Sorted by self. */
	pl_u32(&p, 7);
	pl_u32(&p, 1);
	pl_u32(&p, 0);
	pl_u32(&p, 2);
	pl_u32(&p, 0);
	pl_u32(&p, 0);
	pl_u64(&p, 1000);
	pl_u64(&p, 200);
	pl_u32(&p, 2);
	row(&p, 0x100, 2, 2, 100, 300, 50, 250, 400, 300);
	row(&p, 0xfffffffe, 1, 1, 500, 500, 500, 500, 500, 500);
	frame_add(&t, "profile", &p);
	pl_free(&p);
	check_golden("profile: functions --source profile, the Program row first", t.s,
	             (const char *[]){ "functions", "--source", "profile", "dump.log", NULL },
	             "profile.txt");
	check_run("profile: --format csv, the unknown depth an empty field", t.s,
	          (const char *[]){ "functions", "--source", "profile", "--format", "csv",
	                            "dump.log", NULL },
	          "table,name,pc,calls,total,total_pct,total_avg,total_max,total_min,self,self_pct,"
	          "self_avg,self_max,self_min,depth\n"
	          "1,Program,0x00000000,1,1000,100.00,1000,1000,1000,200,20.00,200,200,200,\n"
	          "1,USER_DEFINED_BLOCK,0xfffffffe,1,500,50.00,500,500,500,500,50.00,500,500,500,\n"
	          "1,0x00000100,0x00000100,2,400,40.00,200,300,100,300,30.00,150,250,50,\n",
	          "", 0);
	text_free(&t);
}

/* The run frame: its clock times the timeline. The driver's own run frame
 * says UNIT_CLOCK_HZ, 25 MHz: 1000 cycles are 40 us. */
static void run(void)
{
	struct text t = { 0 };
	text_add(&t, driver_run_frame);
	const struct event ev[] = { { 0x100, 1000 }, { EXIT, 2000 } };
	events_add(&t, ev, 2, 0);
	struct run r;
	tool_run(&r, t.s, (const char *[]){ "chrome", "dump.log", NULL });
	check_int("run: chrome with the driver's run frame: exit status", r.status, 0);
	check_contains("run: chrome times the call at the run frame's 25 MHz: 40 us from 40 us",
	               r.out, "\"ts\":40.000,\"dur\":40.000,\"args\":{\"cycles\":1000,");
	/* JSON is chrome's default, and may be asked for by name. */
	check_run("run: chrome --format json writes what chrome writes", t.s,
	          (const char *[]){ "chrome", "--format", "json", "dump.log", NULL }, r.out, "", 0);
	run_free(&r);
	tool_run(&r, t.s, (const char *[]){ "chrome", "-c", "1000000", "dump.log", NULL });
	check_contains("run: --clock-hz 1000000 overrides it: 1000 us from 1000 us", r.out,
	               "\"ts\":1000.000,\"dur\":1000.000,");
	run_free(&r);
	text_free(&t);
}

void test_frames(void)
{
	sections();
	bias();
	calltrace();
	calltrace_wrapped();
	hot();
	funcstat();
	run();
}
