/* SPDX-License-Identifier: Apache-2.0 */
/* The function table's formats for scripts (csv, json), the text table,
 * the call graph view and folded stacks, on one small recording: main
 * 0x100 [0, 100) calls a 0x200 [10, 40), which calls b 0x300 [15, 25),
 * then main calls b [50, 65). b: 2 calls, 10 + 15 = 25, max 15, min 10,
 * deepest at 3; a: 30, self 20; main: 100, self 100 - 30 - 15 = 55. And
 * functions --diff of builds whose GCC clones differ. */
#include <stdio.h>

#include "unit.h"

static const struct event graph[] = { { 0x100, 0 }, { 0x200, 10 }, { 0x300, 15 }, { EXIT, 25 },
	                              { EXIT, 40 }, { 0x300, 50 }, { EXIT, 65 },  { EXIT, 100 } };

/* functions --diff pairs a name one run lacks with the other's name that is
 * the same without GCC's clone suffixes (retire_fns.S: h 0x400, h.part.0
 * 0xc00, h.isra.0.constprop.0 0xf00), one to one: with two candidates,
 * none, but a cold part (h.isra.0.constprop.0.cold 0x4100) is never one.
 * A: main [0, 100) calls h [10, 40); B: main calls h's clone [10, 30); C:
 * main calls h.part.0 [10, 30) and h.isra.0.constprop.0 [40, 50); D: main
 * calls h's clone [10, 30) and its cold part [40, 45). */
static void diff_clones(void)
{
	static const struct event a[] = {
		{ 0x100, 0 }, { 0x400, 10 }, { EXIT, 40 }, { EXIT, 100 }
	};
	static const struct event b[] = {
		{ 0x100, 0 }, { 0xf00, 10 }, { EXIT, 30 }, { EXIT, 100 }
	};
	static const struct event c[] = { { 0x100, 0 },  { 0xc00, 10 }, { EXIT, 30 },
		                          { 0xf00, 40 }, { EXIT, 50 },  { EXIT, 100 } };
	static const struct event d[] = { { 0x100, 0 },   { 0xf00, 10 }, { EXIT, 30 },
		                          { 0x4100, 40 }, { EXIT, 45 },  { EXIT, 100 } };
	struct text ta = { 0 }, tb = { 0 }, tc = { 0 }, td = { 0 };
	events_add(&ta, a, sizeof a / sizeof *a, 0);
	events_add(&tb, b, sizeof b / sizeof *b, 0);
	events_add(&tc, c, sizeof c / sizeof *c, 0);
	events_add(&td, d, sizeof d / sizeof *d, 0);
	tool_write("b.log", tb.s, tb.len);
	tool_write("c.log", tc.s, tc.len);
	tool_write("d.log", td.s, td.len);
	const char *head =
	        " #Calls A #Calls B       Self A       Self B    Self diff    Diff%      "
	        "Self+ch. A      Self+ch. B  Self+ch. diff\n";
	char want[1024];
	snprintf(
	        want, sizeof want,
	        "%-25s%s" /* the name column: "h ~ h.isra.0.constprop.0" and a space */
	        "h ~ h.isra.0.constprop.0         1        1           30           20          -10   "
	        "-33.33              30              20            -10\n"
	        "main                             1        1           70           80          +10   "
	        "+14.29             100             100              0\n",
	        "Name", head);
	check_run("outputs: functions --diff pairs h with its clone h.isra.0.constprop.0", ta.s,
	          (const char *[]){ "functions", "--diff", "-e", UNIT_RETIRE_ELF, "dump.log",
	                            "b.log", NULL },
	          want, "", 0);
	snprintf(
	        want, sizeof want,
	        "%-21s%s" /* "h.isra.0.constprop.0" and a space */
	        "h                            1        -           30            -          -30     gone"
	        "              30               -            -30\n"
	        "h.part.0                     -        1            -           20          +20      new"
	        "               -              20            +20\n"
	        "h.isra.0.constprop.0         -        1            -           10          +10      new"
	        "               -              10            +10\n"
	        "main                         1        1           70           70            0    +0.00"
	        "             100             100              0\n",
	        "Name", head);
	check_run("outputs: functions --diff leaves h unpaired with two clones of it", ta.s,
	          (const char *[]){ "functions", "--diff", "-e", UNIT_RETIRE_ELF, "dump.log",
	                            "c.log", NULL },
	          want, "", 0);
	struct run r;
	tool_run(&r, ta.s,
	         (const char *[]){ "functions", "--diff", "-e", UNIT_RETIRE_ELF, "dump.log",
	                           "d.log", NULL });
	check_contains(
	        "outputs: functions --diff pairs h with its clone, not with the clone's cold part",
	        r.out, "\nh ~ h.isra.0.constprop.0 ");
	run_free(&r);
	text_free(&ta);
	text_free(&tb);
	text_free(&tc);
	text_free(&td);
}

void test_outputs(void)
{
	diff_clones();

	struct text t = { 0 };
	events_add(&t, graph, sizeof graph / sizeof *graph, 0);

	check_run(
	        "outputs: functions (text, sorted by self)", t.s,
	        (const char *[]){ "functions", "dump.log", NULL },
	        "max call depth seen: 3, functions: 3 (from 1 events frame)\n"
	        "Name                PC         #Calls Self+children    Pct     Avg     Max     Min          Self    Pct     Avg     Max     Min  Depth\n"
	        "0x00000100          0x00000100      1           100 100.00     100     100     100            55  55.00      55      55      55      1\n"
	        "0x00000300          0x00000300      2            25  25.00      12      15      10            25  25.00      12      15      10      3\n"
	        "0x00000200          0x00000200      1            30  30.00      30      30      30            20  20.00      20      20      20      2\n",
	        "", 0);
	check_run(
	        "outputs: functions --format csv --sort total --top 2", t.s,
	        (const char *[]){ "functions", "--format", "csv", "--sort", "total", "--top", "2",
	                          "dump.log", NULL },
	        "table,name,pc,calls,total,total_pct,total_avg,total_max,total_min,self,self_pct,self_avg,self_max,"
	        "self_min,depth\n"
	        "1,0x00000100,0x00000100,1,100,100.00,100,100,100,55,55.00,55,55,55,1\n"
	        "1,0x00000200,0x00000200,1,30,30.00,30,30,30,20,20.00,20,20,20,2\n",
	        "", 0);
	check_run(
	        "outputs: functions --format json --min-pct 25", t.s,
	        (const char *[]){ "functions", "--format", "json", "--min-pct", "25", "dump.log",
	                          NULL },
	        "[{\"table\":1,\"lost\":0,\"partial\":false,\"damaged\":0,\"hook_cost\":0,\"unfinished\":0,\"other_elf\":false,\"functions\":[\n"
	        "{\"name\":\"0x00000100\",\"pc\":\"0x00000100\",\"calls\":1,\"total\":100,\"total_pct\":100.00,"
	        "\"total_avg\":100,\"total_max\":100,\"total_min\":100,\"self\":55,\"self_pct\":55.00,\"self_avg\":55,"
	        "\"self_max\":55,\"self_min\":55,\"depth\":1},\n"
	        "{\"name\":\"0x00000300\",\"pc\":\"0x00000300\",\"calls\":2,\"total\":25,\"total_pct\":25.00,"
	        "\"total_avg\":12,\"total_max\":15,\"total_min\":10,\"self\":25,\"self_pct\":25.00,\"self_avg\":12,"
	        "\"self_max\":15,\"self_min\":10,\"depth\":3}\n"
	        "]}]\n",
	        "", 0);
	check_run("outputs: functions --graph, each arc's calls and cycles", t.s,
	          (const char *[]){ "functions", "--graph", "dump.log", NULL },
	          "max call depth seen: 3, functions: 3 (from 1 events frame)\n\n"
	          "0x00000100                        calls           cycles\n"
	          "  <- <outside the recording>          1              100\n"
	          "  == 0x00000100                       1              100  self 55\n"
	          "  -> 0x00000200                       1               30\n"
	          "  -> 0x00000300                       1               15\n\n"
	          "0x00000300                        calls           cycles\n"
	          "  <- 0x00000100                       1               15\n"
	          "  <- 0x00000200                       1               10\n"
	          "  == 0x00000300                       2               25  self 25\n\n"
	          "0x00000200                        calls           cycles\n"
	          "  <- 0x00000100                       1               30\n"
	          "  == 0x00000200                       1               30  self 20\n"
	          "  -> 0x00000300                       1               10\n",
	          "", 0);
	check_golden("outputs: folded, one line per path with its self cycles", t.s,
	             (const char *[]){ "folded", "dump.log", NULL }, "folded.txt");
	text_free(&t);
}
