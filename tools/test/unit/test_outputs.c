/* SPDX-License-Identifier: Apache-2.0 */
/* The function table's formats for scripts (csv, json), the text table,
 * the call graph view and folded stacks, on one small recording: main
 * 0x100 [0, 100) calls a 0x200 [10, 40), which calls b 0x300 [15, 25),
 * then main calls b [50, 65). b: 2 calls, 10 + 15 = 25, max 15, min 10,
 * deepest at 3; a: 30, self 20; main: 100, self 100 - 30 - 15 = 55. */
#include <stdio.h>

#include "unit.h"

static const struct event graph[] = { { 0x100, 0 }, { 0x200, 10 }, { 0x300, 15 }, { EXIT, 25 },
	                              { EXIT, 40 }, { 0x300, 50 }, { EXIT, 65 },  { EXIT, 100 } };

void test_outputs(void)
{
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
	        "[{\"table\":1,\"lost\":0,\"partial\":false,\"damaged\":0,\"hook_cost\":0,\"unfinished\":0,\"functions\":[\n"
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
