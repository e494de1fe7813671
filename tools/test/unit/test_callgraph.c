/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The call graph's accounting (callgraph.c) on small event sequences, each
 * worked out by hand: self against self+children, recursion (a recursive
 * call's self+children is its outermost call's), switch gaps (the time
 * between a SUSPEND and its RESUME belongs to another context), events the
 * buffer lost, exits without an entry, stamps that wrap, stamps that go
 * back (a RESET of G), the hook cost.
 * Read through `functions --format csv --sort none` (first-seen order):
 *
 *   table,name,pc,calls,total,total_pct,total_avg,total_max,total_min,
 *   self,self_pct,self_avg,self_max,self_min,depth
 *
 * Pct are of all self cycles (the recorded time), rounded half up;
 * self+children averages over outer calls, self over all, truncated.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"

#define CSV_HEAD                                                                                    \
	"table,name,pc,calls,total,total_pct,total_avg,total_max,total_min,self,self_pct,self_avg," \
	"self_max,self_min,depth\n"
#define N(a) (sizeof(a) / sizeof *(a))

static const char *const csv[] = { "functions", "--format", "csv", "--sort",
	                           "none",      "dump.log", NULL };

static void events_check(const char *what, const struct event *ev, size_t n, uint32_t lost,
                         const char *const args[], const char *out, const char *err, int status)
{
	struct text t = { 0 };
	events_add(&t, ev, n, lost);
	check_run(what, t.s, args, out, err, status);
	text_free(&t);
}

/* main 0x100 [0, 100) calls a 0x200 [10, 40), which calls b 0x300 [15, 25);
 * then main calls b [50, 60). b: 2 calls of 10, self 20, deepest at 3;
 * a: 30, self 30 - 10 = 20; main: 100, self 100 - 30 - 10 = 60. */
static const struct event nested[] = { { 0x100, 0 }, { 0x200, 10 }, { 0x300, 15 }, { EXIT, 25 },
	                               { EXIT, 40 }, { 0x300, 50 }, { EXIT, 60 },  { EXIT, 100 } };

/* A console that ends its lines with "\n\r" (LiteX's) begins each line
 * with the '\r': the frames read as with "\n". */
static void cr_after_newline(void)
{
	struct text t = { 0 };
	text_add(&t, "booting\n\r");
	events_add(&t, nested, N(nested), 0);
	struct text crlf = { 0 };
	for (const char *c = t.s; *c; c++) {
		const char one[2] = { *c, 0 };
		text_add(&crlf, one);
		if (*c == '\n')
			text_add(&crlf, "\r");
	}
	check_run("callgraph: lines ended by \"\\n\\r\" (LiteX's console)", crlf.s, csv,
	          CSV_HEAD "1,0x00000100,0x00000100,1,100,100.00,100,100,100,60,60.00,60,60,60,1\n"
	                   "1,0x00000200,0x00000200,1,30,30.00,30,30,30,20,20.00,20,20,20,2\n"
	                   "1,0x00000300,0x00000300,2,20,20.00,10,10,10,20,20.00,10,10,10,3\n",
	          "", 0);
	text_free(&t);
	text_free(&crlf);
}

static void self_and_children(void)
{
	events_check("callgraph: self vs self+children", nested, N(nested), 0, csv,
	             CSV_HEAD
	             "1,0x00000100,0x00000100,1,100,100.00,100,100,100,60,60.00,60,60,60,1\n"
	             "1,0x00000200,0x00000200,1,30,30.00,30,30,30,20,20.00,20,20,20,2\n"
	             "1,0x00000300,0x00000300,2,20,20.00,10,10,10,20,20.00,10,10,10,3\n",
	             "", 0);
	/* Each of the 4 calls costs 5 hook cycles, taken off it and off each
	 * caller once per call inside: main 100 - 4 * 5 = 80, a 30 - 2 * 5 =
	 * 20, b 10 - 5 = 5 twice; self: main 80 - 20 - 5 = 55, a 20 - 5 = 15.
	 * Of 80: 68.75, 25.00, 18.75, 12.50. */
	events_check("callgraph: --hook-cost 5", nested, N(nested), 0,
	             (const char *[]){ "functions", "--format", "csv", "--sort", "none",
	                               "--hook-cost", "5", "dump.log", NULL },
	             "# hook cost: 5 cycles a call taken off (--hook-cost)\n" CSV_HEAD
	             "1,0x00000100,0x00000100,1,80,100.00,80,80,80,55,68.75,55,55,55,1\n"
	             "1,0x00000200,0x00000200,1,20,25.00,20,20,20,15,18.75,15,15,15,2\n"
	             "1,0x00000300,0x00000300,2,10,12.50,5,5,5,10,12.50,5,5,5,3\n",
	             "", 0);
	/* A hook cost of 20 is more than b's 10 cycles (twice) and a's 30
	 * less 2 * 20: 3 of the 4 calls count as 0; main 100 - 4 * 20 = 20.
	 * Said once on standard error, and in every output that takes it off. */
	const char *clamped =
	        "perfscope: dump.log: warning: --hook-cost 20 is more than the measured time of 3 "
	        "of the 4 calls: their time is counted as 0\n";
	events_check("callgraph: --hook-cost more than calls take: a warning", nested, N(nested), 0,
	             (const char *[]){ "functions", "--format", "csv", "--sort", "none",
	                               "--hook-cost", "20", "dump.log", NULL },
	             "# hook cost: 20 cycles a call taken off (--hook-cost)\n" CSV_HEAD
	             "1,0x00000100,0x00000100,1,20,100.00,20,20,20,20,100.00,20,20,20,1\n"
	             "1,0x00000200,0x00000200,1,0,0.00,0,0,0,0,0.00,0,0,0,2\n"
	             "1,0x00000300,0x00000300,2,0,0.00,0,0,0,0,0.00,0,0,0,3\n",
	             clamped, 0);
	events_check(
	        "callgraph: --hook-cost: folded says so first", nested, N(nested), 0,
	        (const char *[]){ "folded", "--hook-cost", "20", "dump.log", NULL },
	        "# perfscope: hook cost: 20 cycles a call taken off (--hook-cost)\n0x00000100 20\n",
	        clamped, 0);
	events_check("callgraph: --hook-cost: gprof warns too", nested, N(nested), 0,
	             (const char *[]){ "gprof", "-e", UNIT_RETIRE_ELF, "--hook-cost", "20", "-o",
	                               "g.out", "dump.log", NULL },
	             "", clamped, 0);
	struct text hc = { 0 };
	struct run r;
	events_add(&hc, nested, N(nested), 0);
	tool_run(&r, hc.s, (const char *[]){ "flame", "--hook-cost", "20", "dump.log", NULL });
	check_contains("callgraph: --hook-cost: the flame graph's subtitle says so", r.out,
	               ">20 cycles; hook cost: 20 cycles a call taken off (--hook-cost); width:");
	check_str("callgraph: --hook-cost: flame warns", r.err, clamped);
	run_free(&r);
	text_free(&hc);
	/* Two frames add up, each its own recording. */
	struct text t = { 0 };
	events_add(&t, nested, N(nested), 0);
	events_add(&t, nested, N(nested), 0);
	check_run("callgraph: two events frames add up", t.s, csv,
	          CSV_HEAD "1,0x00000100,0x00000100,2,200,100.00,100,100,100,120,60.00,60,60,60,1\n"
	                   "1,0x00000200,0x00000200,2,60,30.00,30,30,30,40,20.00,20,20,20,2\n"
	                   "1,0x00000300,0x00000300,4,40,20.00,10,10,10,40,20.00,10,10,10,3\n",
	          "", 0);
	text_free(&t);
}

static void recursion(void)
{
	/* f [0, 100) > f [10, 50) > f [20, 30): self 60, 30, 10 = 100 in 3
	 * calls (avg 33, max 60, min 10); self+children only the outermost's:
	 * 100 in 1 outer call. */
	const struct event direct[] = { { 0x100, 0 }, { 0x100, 10 }, { 0x100, 20 },
		                        { EXIT, 30 }, { EXIT, 50 },  { EXIT, 100 } };
	events_check("callgraph: direct recursion", direct, N(direct), 0, csv,
	             CSV_HEAD
	             "1,0x00000100,0x00000100,3,100,100.00,100,100,100,100,100.00,33,60,10,3\n",
	             "", 0);
	/* a [0, 50) > b [10, 40) > a [20, 25): a self 20 + 5 = 25 in 2 calls
	 * (avg 12.5, truncated 12), self+children 50 from 1 outer call; b
	 * self 30 - 5 = 25, self+children 30. Of 50: 100.00, 50.00, 60.00. */
	const struct event mutual[] = { { 0x100, 0 }, { 0x200, 10 }, { 0x100, 20 },
		                        { EXIT, 25 }, { EXIT, 40 },  { EXIT, 50 } };
	events_check("callgraph: mutual recursion", mutual, N(mutual), 0, csv,
	             CSV_HEAD "1,0x00000100,0x00000100,2,50,100.00,50,50,50,25,50.00,12,20,5,3\n"
	                      "1,0x00000200,0x00000200,1,30,60.00,30,30,30,25,50.00,25,25,25,2\n",
	             "", 0);
}

static void gaps(void)
{
	/* f [0, 70) switched out from 10 to 50: 70 - 40 = 30. */
	const struct event simple[] = {
		{ 0x100, 0 }, { SUSPEND, 10 }, { RESUME, 50 }, { EXIT, 70 }
	};
	events_check("callgraph: a switch gap is left out", simple, N(simple), 0, csv,
	             CSV_HEAD "1,0x00000100,0x00000100,1,30,100.00,30,30,30,30,100.00,30,30,30,1\n",
	             "", 0);
	/* The RESUME's stamp (50, with the leak) is after the next event (45):
	 * the 40-cycle gap takes the 35 cycles to 45, then 5 of g's 15, so g
	 * [45, 60) is 10 and f 70 - 40 = 30, self 20. */
	const struct event leak[] = { { 0x100, 0 },  { SUSPEND, 10 }, { RESUME, 50 },
		                      { 0x200, 45 }, { EXIT, 60 },    { EXIT, 70 } };
	events_check("callgraph: a gap that ends after the events that follow it", leak, N(leak), 0,
	             csv,
	             CSV_HEAD "1,0x00000100,0x00000100,1,30,100.00,30,30,30,20,66.67,20,20,20,1\n"
	                      "1,0x00000200,0x00000200,1,10,33.33,10,10,10,10,33.33,10,10,10,2\n",
	             "", 0);
	/* On a timeline each call sits where it ran, on the run's clock: g at
	 * its stamp, 45, and f over all of [0, 70), the other context's time
	 * too; args has the table's cycles (g 10, f 30, self 20). */
	struct text tl = { 0 };
	struct run r;
	events_add(&tl, leak, N(leak), 0);
	tool_run(&r, tl.s, (const char *[]){ "chrome", "dump.log", NULL });
	check_contains("callgraph: chrome places a call after a switch gap at its stamp", r.out,
	               "\"ts\":45.000,\"dur\":15.000,\"args\":{\"cycles\":10,\"self_cycles\":10,"
	               "\"start_cycle\":45,");
	check_contains("callgraph: chrome spans a call over its switch gap, its cycles without it",
	               r.out,
	               "\"ts\":0.000,\"dur\":70.000,\"args\":{\"cycles\":30,\"self_cycles\":20,"
	               "\"start_cycle\":0,");
	run_free(&r);
	/* --from/--to take the same clock: [62, 65] overlaps f, not g [45, 60). */
	tool_run(&r, tl.s,
	         (const char *[]){ "chrome", "--from", "62", "--to", "65", "dump.log", NULL });
	check_contains("callgraph: chrome --from/--to on the run's clock keep f", r.out,
	               "\"start_cycle\":0,");
	check_int("callgraph: chrome --from/--to on the run's clock leave g out",
	          strstr(r.out, "\"start_cycle\":45,") != NULL, 0);
	run_free(&r);
	text_free(&tl);
	/* Once no call is open the rest of a gap is dropped: f [0, 30) takes
	 * 20 of the 40 (f: 10), leaving 20; at g's entry (35) none is open: 5
	 * taken, 15 dropped, so g [35, 45) keeps its 10. */
	const struct event dropped[] = { { 0x100, 0 }, { SUSPEND, 10 }, { RESUME, 50 },
		                         { EXIT, 30 }, { 0x200, 35 },   { EXIT, 45 } };
	events_check("callgraph: what is left of a gap when no call is open is dropped", dropped,
	             N(dropped), 0, csv,
	             CSV_HEAD "1,0x00000100,0x00000100,1,10,50.00,10,10,10,10,50.00,10,10,10,1\n"
	                      "1,0x00000200,0x00000200,1,10,50.00,10,10,10,10,50.00,10,10,10,1\n",
	             "", 0);
	const struct event lone[] = { { 0x100, 0 }, { RESUME, 10 }, { EXIT, 30 } };
	events_check(
	        "callgraph: a RESUME without a SUSPEND is an error, ignored", lone, N(lone), 0, csv,
	        NULL,
	        "perfscope: dump.log:1: error: events frame, payload byte 20: event 1 is a RESUME without a SUSPEND "
	        "before it: the input is damaged; the event is ignored\n"
	        "perfscope: 1 error: the output is incomplete\n",
	        1);
}

#define COLUMNS \
	"Name                PC         #Calls Self+children    Pct     Avg     Max     Min          Self    Pct     Avg     Max     Min  Depth\n"

/* A call whose exit the recording lacks is charged, not counted (callgraph.h). */
#define UNFINISHED_1                                                                                    \
	"unfinished: 1 call without its exit (open at a recording's end or across a loss): charged to " \
	"Self and Self+children, not counted in #Calls, Avg, Max or Min\n"

static void lost_and_unmatched(void)
{
	/* The buffer filled after g's exit at 25: f, still open, is closed
	 * there: 25, self 10; g 15. Sorted by self: g first. */
	const struct event lost[] = { { 0x100, 0 }, { 0x200, 10 }, { EXIT, 25 } };
	events_check(
	        "callgraph: lost events: the table says so", lost, N(lost), 6,
	        (const char *[]){ "functions", "dump.log", NULL },
	        "max call depth seen: 2, functions: 2 (from 1 events frame)\n"
	        "lost: 6 events, the buffer was full: a partial recording, its Pct are of the recorded time only\n" UNFINISHED_1
	                COLUMNS
	        "0x00000200          0x00000200      1            15  60.00      15      15      15            15  60.00      15      15      15      2\n"
	        "0x00000100          0x00000100      0            25 100.00       -       -       -            10  40.00       -       -       -      1\n",
	        "perfscope: dump.log:1: warning: events frame: the buffer lost 6 events, so the calls after it filled "
	        "are missing\n"
	        "perfscope: dump.log:1: warning: events frame: 1 call still open at its end: charged up to its "
	        "last event, not counted as a call (unfinished)\n",
	        0);
	events_check("callgraph: lost events: folded says so first", lost, N(lost), 6,
	             (const char *[]){ "folded", "dump.log", NULL },
	             "# perfscope: 6 events lost, the buffer was full: a partial recording\n"
	             "0x00000100 10\n0x00000100;0x00000200 15\n",
	             NULL, 0);
	/* One: no "1 events". */
	events_check(
	        "callgraph: one event lost: singular in the head", lost, N(lost), 1,
	        (const char *[]){ "functions", "--format", "csv", "dump.log", NULL },
	        "# lost: 1 event: a partial recording, its Pct are of the recorded time only\n"
	        "# " UNFINISHED_1 CSV_HEAD
	        "1,0x00000200,0x00000200,1,15,60.00,15,15,15,15,60.00,15,15,15,2\n"
	        "1,0x00000100,0x00000100,0,25,100.00,,,,10,40.00,,,,1\n",
	        "perfscope: dump.log:1: warning: events frame: the buffer lost 1 event, so the calls after it "
	        "filled are missing\n"
	        "perfscope: dump.log:1: warning: events frame: 1 call still open at its end: charged up to its "
	        "last event, not counted as a call (unfinished)\n",
	        0);
	events_check("callgraph: one event lost: singular in folded", lost, N(lost), 1,
	             (const char *[]){ "folded", "dump.log", NULL },
	             "# perfscope: 1 event lost, the buffer was full: a partial recording\n"
	             "0x00000100 10\n0x00000100;0x00000200 15\n",
	             NULL, 0);
	/* An exit before any entry is ignored. */
	const struct event unmatched[] = { { EXIT, 0 }, { 0x100, 10 }, { EXIT, 30 } };
	events_check(
	        "callgraph: an exit without its entry", unmatched, N(unmatched), 0, csv,
	        CSV_HEAD "1,0x00000100,0x00000100,1,20,100.00,20,20,20,20,100.00,20,20,20,1\n",
	        "perfscope: dump.log:1: warning: events frame: 1 exit without its entry (a call made before recording began), ignored\n",
	        0);
	/* Stamps wrap at 2^32: f [0xfffffff0, 0x11) is 33 cycles, g
	 * [0xfffffffa, 0x10) 22: of 33, 66.67 and 33.33 (rounded). */
	const struct event wrap[] = {
		{ 0x100, 0xfffffff0u }, { 0x200, 0xfffffffau }, { EXIT, 0x10 }, { EXIT, 0x11 }
	};
	events_check("callgraph: stamps that wrap at 2^32", wrap, N(wrap), 0, csv,
	             CSV_HEAD "1,0x00000100,0x00000100,1,33,100.00,33,33,33,11,33.33,11,11,11,1\n"
	                      "1,0x00000200,0x00000200,1,22,66.67,22,22,22,22,66.67,22,22,22,2\n",
	             "", 0);
}

/* The program reset G while the hooks recorded (driver/common/perf_gap.h):
 * a step of 2^31 or more is the clock going back, 0 cycles, and the frame
 * gets one warning however many steps it has. main 0x100 [5000, 70) calls
 * a 0x200 [5100, 30) across a reset, which calls b 0x300 [20, 25): a 0 + 5
 * + 5 = 10, self 5; main 100 + 10 + 40 = 150, self 140. Then b [90, 9)
 * calls a [2, 6) across a second reset: a 4, b 0 + 4 + 3 = 7, self 3. Of
 * the 157 self cycles: main 95.54 and 89.17; a 14 (8.92), self 9 (5.73);
 * b 12 (7.64), self 8 (5.10). */
static void clock_back(void)
{
	const struct event back[] = { { 0x100, 5000 }, { 0x200, 5100 }, { 0x300, 20 }, { EXIT, 25 },
		                      { EXIT, 30 },    { EXIT, 70 },    { 0x300, 90 }, { 0x200, 2 },
		                      { EXIT, 6 },     { EXIT, 9 } };
	events_check(
	        "callgraph: stamps that go back (a RESET of G): 0 cycles, one warning a frame",
	        back, N(back), 0, csv,
	        CSV_HEAD "1,0x00000100,0x00000100,1,150,95.54,150,150,150,140,89.17,140,140,140,1\n"
	                 "1,0x00000200,0x00000200,2,14,8.92,7,10,4,9,5.73,4,5,4,2\n"
	                 "1,0x00000300,0x00000300,2,12,7.64,6,7,5,8,5.10,4,5,3,3\n",
	        "perfscope: dump.log:1: warning: events frame: the time stamps went back 2 times: the program "
	        "reset perfscope's global counter while the hooks recorded; no time is counted across a reset "
	        "(make profile stamps from MTIME, or perf_funccost_init on a clock the program does not reset: "
	        "docs/hooks.md)\n",
	        0);
	/* Just under 2^31 forwards is time: f [0, 0x7fffffff) keeps it all. */
	const struct event far[] = { { 0x100, 0 }, { EXIT, 0x7fffffffu } };
	events_check("callgraph: a step just under 2^31 cycles is time, not a reset", far, N(far),
	             0, csv,
	             CSV_HEAD
	             "1,0x00000100,0x00000100,1,2147483647,100.00,2147483647,2147483647,2147483647,"
	             "2147483647,100.00,2147483647,2147483647,2147483647,1\n",
	             "", 0);
}

/* An events frame that fails its CRC: its events are used (they stream),
 * and every output written says it is damaged. */
static void damaged(void)
{
	struct text t = { 0 };
	struct header h;
	struct run r;
	events_add(&t, nested, N(nested), 0);
	if (header_of(t.s, &h)) {
		check_str("callgraph: damaged: the frame's header", t.s, "");
		return;
	}
	memcpy(h.crc, "0xdeadbeef", 10);
	const char *note =
	        "damaged: 1 recording failed its check (see the errors): its events as far as "
	        "decoded, a partial recording\n";
	char want[2048];
	tool_run(&r, t.s,
	         (const char *[]){ "functions", "--partial", "-o", "p.txt", "dump.log", NULL });
	char *p = tool_file("p.txt");
	snprintf(
	        want, sizeof want,
	        "max call depth seen: 3, functions: 3 (from 1 events frame)\n%s" COLUMNS
	        "0x00000100          0x00000100      1           100 100.00     100     100     100            60  60.00      60      60      60      1\n"
	        "0x00000200          0x00000200      1            30  30.00      30      30      30            20  20.00      20      20      20      2\n"
	        "0x00000300          0x00000300      2            20  20.00      10      10      10            20  20.00      10      10      10      3\n",
	        note);
	check_str("callgraph: damaged: functions --partial -o says so in the table's head",
	          p ? p : "(none)", want);
	check_int("callgraph: damaged: functions --partial: exit status", r.status, 1);
	free(p);
	run_free(&r);
	snprintf(want, sizeof want, "# %s" CSV_HEAD, note);
	tool_run(&r, t.s, csv);
	char first[512];
	snprintf(first, sizeof first, "%.*s", (int)strlen(want), r.out ? r.out : "");
	check_str("callgraph: damaged: the CSV says so first", first, want);
	run_free(&r);
	tool_run(&r, t.s, (const char *[]){ "functions", "--format", "json", "dump.log", NULL });
	check_contains("callgraph: damaged: the JSON is partial", r.out,
	               "[{\"table\":1,\"lost\":0,\"partial\":true,\"damaged\":1,\"hook_cost\":0,");
	run_free(&r);
	tool_run(&r, t.s, (const char *[]){ "folded", "dump.log", NULL });
	check_str("callgraph: damaged: folded says so first", r.out,
	          "# perfscope: 1 damaged recording (failed its check): a partial recording\n"
	          "0x00000100 60\n0x00000100;0x00000200 20\n0x00000100;0x00000200;0x00000300 10\n"
	          "0x00000100;0x00000300 10\n");
	run_free(&r);
	tool_run(&r, t.s, (const char *[]){ "flame", "dump.log", NULL });
	check_contains("callgraph: damaged: the flame graph's subtitle says so", r.out,
	               ">100 cycles recorded, 1 damaged recording: a partial recording; width:");
	run_free(&r);
	tool_run(&r, t.s, (const char *[]){ "chrome", "dump.log", NULL });
	check_contains(
	        "callgraph: damaged: chrome marks where", r.out,
	        "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"perfscope\",\"name\":\"damaged: the recording "
	        "failed its check\",\"pid\":1,\"tid\":1,\"ts\":100.000,\"args\":{\"cycle\":100}}");
	check_contains("callgraph: damaged: chrome's otherData says so", r.out,
	               "\"events_lost\":0,\"partial\":true,\"damaged\":1,\"other_elf\":false}}\n");
	run_free(&r);
	tool_run(&r, t.s,
	         (const char *[]){ "chrome", "--format", "perfetto", "-o", "t.pftrace", "--partial",
	                           "dump.log", NULL });
	check_int("callgraph: damaged: perfetto marks where",
	          tool_file_has("t.pftrace", "damaged: the recording failed its check"), 1);
	run_free(&r);
	text_free(&t);
}

void test_callgraph(void)
{
	damaged();
	self_and_children();
	cr_after_newline();
	recursion();
	gaps();
	lost_and_unmatched();
	clock_back();
}
