/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The trace unit's stream file (docs/trace.md) read by perfscope: every
 * record type, time from SYNCs' windows and TIME_LO (across 2^32, the
 * largest TIME_LO, 53 bits), LOSS in every output (ROLLED too), a flight
 * recording, interrupts charged to themselves, the depth check (wrapping
 * at 0), and each damaged header or record with its exact message. The
 * streams are written by the small record writer below, a test fixture
 * (the hardware is the other writer); every figure is worked out by hand
 * in the comments. Times without a clock show as
 * microseconds: a cycle is 1.000.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"

#define CSV_HEAD                                                                                    \
	"table,name,pc,calls,total,total_pct,total_avg,total_max,total_min,self,self_pct,self_avg," \
	"self_max,self_min,depth\n"
#define INCOMPLETE "perfscope: 1 error: the output is incomplete\n"
/* An error that left standard output empty says so: nothing is incomplete. */
#define NOTHING "perfscope: 1 error: nothing written\n"

enum { SYNC, ENTER, EXIT_, BEGIN, END, IRQ_ENTER, IRQ_EXIT, LOSS };

/* ---- the record writer ---------------------------------------------------- */

struct stream {
	unsigned char b[8192];
	size_t n;
};

static void put32(struct stream *s, uint32_t v)
{
	if (s->n + 4 > sizeof s->b) { /* a test's stream outgrew the fixture */
		fprintf(stderr, "test_stream: a stream of more than %zu bytes\n", sizeof s->b);
		exit(2);
	}
	for (int i = 0; i < 4; i++)
		s->b[s->n++] = (unsigned char)(v >> (8 * i));
}

/* The 16-byte header: "PSTRACE\0", version, bytes per record. */
static void header(struct stream *s, uint32_t version, uint32_t size)
{
	memcpy(s->b, "PSTRACE", 8);
	s->n = 8;
	put32(s, version);
	put32(s, size);
}

static void rec(struct stream *s, uint32_t w0, uint32_t w1)
{
	put32(s, w0);
	put32(s, w1);
}

/* The window of time t, G[52:21], in word 0; word 1's bits 28:0 are
 * reserved: the unit leaves whatever it held there, here a pattern the
 * reader must ignore. */
static void sync_at(struct stream *s, uint64_t t)
{
	rec(s, (uint32_t)(t >> 21), 0x15a5a5a5u);
}

/* An event at time t: its TIME_LO, t[20:0]; depth is the one before it. */
static void event(struct stream *s, unsigned type, uint32_t data, uint32_t depth, uint64_t t)
{
	rec(s, data, (uint32_t)type << 29 | depth << 21 | ((uint32_t)t & 0x1fffffu));
}

/* A LOSS of n records whose first dropped event was at t; rolled: G[20:0]
 * rolled over before it (ROLLED, bit 21). */
static void loss_at(struct stream *s, uint32_t n, uint64_t t, int rolled)
{
	rec(s, n, (uint32_t)LOSS << 29 | (uint32_t) !!rolled << 21 | ((uint32_t)t & 0x1fffffu));
}

static void start(struct stream *s)
{
	header(s, 2, 8);
}

static void check_stream(const char *what, const struct stream *s, const char *const args[],
                         const char *out, const char *err, int status)
{
	tool_write("trace.bin", s->b, s->n);
	check_run(what, NULL, args, out, err, status);
}

static const char *const csv[] = { "functions", "--format",  "csv", "--sort",
	                           "none",      "trace.bin", NULL };

/* ---- the same calls as an events frame ------------------------------------ */

/* main 0x100 [0, 100) calls a 0x200 [10, 40), which calls b 0x300 [15, 25);
 * then main calls b [50, 60) (test_callgraph.c's), as events. */
static const struct event ev[] = { { 0x100, 0 }, { 0x200, 10 }, { 0x300, 15 }, { EXIT, 25 },
	                           { EXIT, 40 }, { 0x300, 50 }, { EXIT, 60 },  { EXIT, 100 } };

/* The calls of ev, and the records of the same stamps, each with the
 * depth the unit gives (the one before the event: an ENTER its caller's,
 * an EXIT its ENTER's + 1). */
static void same_as_events(void)
{
	struct stream s;
	start(&s);
	sync_at(&s, 0);
	event(&s, ENTER, 0x100, 0, 0);
	event(&s, ENTER, 0x200, 1, 10);
	event(&s, ENTER, 0x300, 2, 15);
	event(&s, EXIT_, 0x300, 3, 25);
	event(&s, EXIT_, 0x200, 2, 40);
	event(&s, ENTER, 0x300, 1, 50);
	event(&s, EXIT_, 0x300, 2, 60);
	event(&s, EXIT_, 0x100, 1, 100);
	tool_write("trace.bin", s.b, s.n);
	struct text t = { 0 };
	events_add(&t, ev, sizeof ev / sizeof *ev, 0);
	const char *const *views[] = {
		csv,
		(const char *const[]){ "functions", "trace.bin", NULL },
		(const char *const[]){ "functions", "--graph", "trace.bin", NULL },
		(const char *const[]){ "folded", "trace.bin", NULL },
	};
	for (size_t v = 0; v < sizeof views / sizeof *views; v++) {
		struct run a, b;
		const char *args[8];
		size_t n = 0;
		for (; views[v][n]; n++)
			args[n] = strcmp(views[v][n], "trace.bin") ? views[v][n] : "dump.log";
		args[n] = NULL;
		tool_run(&a, NULL, views[v]);
		tool_run(&b, t.s, args);
		char what[128];
		snprintf(what, sizeof what,
		         "stream: %s %s the same from the stream as from the events frame",
		         views[v][0], views[v][1]);
		/* The table's first line names the source: compared apart. */
		const char *from_stream = a.out, *from_frame = b.out;
		if (v == 1 || v == 2) {
			check_str("stream: the table says it is from a trace stream",
			          strtok(a.out, "\n"),
			          "max call depth seen: 3, functions: 3 (from 1 trace stream)");
			from_stream += strlen(a.out) + 1;
			from_frame += strcspn(b.out, "\n") + 1;
		}
		check_str(what, from_stream, from_frame);
		check_str("stream: nothing on standard error", a.err, "");
		run_free(&a);
		run_free(&b);
	}
	text_free(&t);
	/* And the figures test_callgraph.c works out for these calls. */
	check_stream("stream: the functions table's figures", &s, csv,
	             CSV_HEAD
	             "1,0x00000100,0x00000100,1,100,100.00,100,100,100,60,60.00,60,60,60,1\n"
	             "1,0x00000200,0x00000200,1,30,30.00,30,30,30,20,20.00,20,20,20,2\n"
	             "1,0x00000300,0x00000300,2,20,20.00,10,10,10,20,20.00,10,10,10,3\n",
	             "", 0);
}

/* ---- every record type, time --------------------------------------------- */

/* A SYNC of window 0x1000, which starts at B = 0x2_0000_0000 =
 * 8589934592 (bit 32 and above from the window), then TIME_LOs:
 *   ENTER main 0x100     0    at B
 *   BEGIN 1              5    B + 5
 *   IRQ_ENTER 0x8000000b 15   B + 15   (the depth stays 1: not an ENTER)
 *   ENTER 0x200          18   B + 18   (the handler's call, at depth 1)
 *   EXIT 0x200           25   B + 25   (at depth 2, its ENTER's + 1)
 *   IRQ_EXIT             30   B + 30
 *   END 1                50   B + 50
 *   SYNC of window 0x1001, from B + 2^21 (the records' times from it)
 *   EXIT main            999  B + 2097152 + 999
 * main: 2098151 cycles, self 2098151 - 15 = 2098136; the interrupt 15,
 * self 15 - 7 = 8, at depth 2; 0x200 7 at depth 3. Of the 2098151 self
 * cycles: 100.00 (9999.93 hundredths, rounded), 0.00, 0.00. Section 1:
 * [B + 5, B + 50), 45 cycles. */
static void every_type(void)
{
	struct stream s;
	const uint64_t b = 0x200000000ull;
	start(&s);
	sync_at(&s, b);
	event(&s, ENTER, 0x100, 0, b);
	event(&s, BEGIN, 1, 1, b + 5);
	event(&s, IRQ_ENTER, 0x8000000b, 1, b + 15);
	event(&s, ENTER, 0x200, 1, b + 18);
	event(&s, EXIT_, 0x200, 2, b + 25);
	event(&s, IRQ_EXIT, 0x8000000b, 1, b + 30);
	event(&s, END, 1, 1, b + 50);
	sync_at(&s, b + 0x200000);
	event(&s, EXIT_, 0x100, 1, b + 0x200000 + 999);
	check_stream(
	        "stream: every record type, SYNCs and TIME_LOs, the functions table", &s, csv,
	        CSV_HEAD
	        "1,0x00000100,0x00000100,1,2098151,100.00,2098151,2098151,2098151,2098136,100.00,2098136,2098136,"
	        "2098136,1\n"
	        "1,irq 0x8000000b,0x8000000b,1,15,0.00,15,15,15,8,0.00,8,8,8,2\n"
	        "1,0x00000200,0x00000200,1,7,0.00,7,7,7,7,0.00,7,7,7,3\n",
	        "", 0);
	struct run r;
	tool_run(&r, NULL, (const char *[]){ "chrome", "trace.bin", NULL });
	check_int("stream: chrome, exit status", r.status, 0);
	check_str("stream: chrome, standard error", r.err, "");
	check_contains(
	        "stream: chrome, the stream's track", r.out,
	        "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"trace stream "
	        "(trace.bin)\"}}");
	check_contains(
	        "stream: chrome, the call above 2^32, across two windows", r.out,
	        "\"name\":\"0x00000100\",\"pid\":1,\"tid\":1,\"ts\":8589934592.000,\"dur\":2098151.000,"
	        "\"args\":{\"cycles\":2098151,\"self_cycles\":2098136,\"start_cycle\":8589934592,");
	check_contains(
	        "stream: chrome, the interrupt as a call of its own", r.out,
	        "{\"ph\":\"X\",\"cat\":\"function\",\"name\":\"irq 0x8000000b\",\"pid\":1,\"tid\":1,\"ts\":"
	        "8589934607.000,\"dur\":15.000,\"args\":{\"cycles\":15,\"self_cycles\":8,\"start_cycle\":"
	        "8589934607,\"irq\":\"0x8000000b\",\"depth\":2}}");
	check_contains(
	        "stream: chrome, section 1's track", r.out,
	        "{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":1,\"tid\":1001,\"args\":{\"name\":\"section "
	        "1\"}}");
	check_contains(
	        "stream: chrome, section 1 from BEGIN to END", r.out,
	        "{\"ph\":\"X\",\"cat\":\"section\",\"name\":\"section 1\",\"pid\":1,\"tid\":1001,\"ts\":"
	        "8589934597.000,\"dur\":45.000,\"args\":{\"cycles\":45,\"start_cycle\":8589934597}}");
	check_contains("stream: chrome, nothing lost", r.out,
	               "\"events_lost\":0,\"partial\":false,\"damaged\":0,\"other_elf\":false}}");
	run_free(&r);
	tool_run(&r, NULL,
	         (const char *[]){ "chrome", "--format", "perfetto", "-o", "o.txt", "trace.bin",
	                           NULL });
	check_int("stream: chrome --format perfetto, exit status", r.status, 0);
	check_int("stream: perfetto, the interrupt's name interned",
	          tool_file_has("o.txt", "irq 0x8000000b"), 1);
	check_int("stream: perfetto, the stream's track",
	          tool_file_has("o.txt", "trace stream (trace.bin)"), 1);
	check_int("stream: perfetto, the section's track", tool_file_has("o.txt", "section 1"), 1);
	run_free(&r);
}

/* ---- LOSS ------------------------------------------------------------------ */

/* main 0x100 enters at 0 and calls 0x200 at 10; 4 records are lost from 15;
 * a SYNC at 100 (the unit writes one after a LOSS). */
static void open_two_lose_four(struct stream *s)
{
	start(s);
	sync_at(s, 0);
	event(s, ENTER, 0x100, 0, 0);
	event(s, ENTER, 0x200, 1, 10);
	loss_at(s, 4, 15, 0);
	sync_at(s, 100);
}

/* Their table's head: the loss, and both calls unfinished. */
#define LOST_FOUR_UNFINISHED_TWO                                                                  \
	"# lost: 4 events: a partial recording, its Pct are of the recorded time only\n"          \
	"# unfinished: 2 calls without their exit (open at a recording's end or across a loss): " \
	"charged to Self and Self+children, not counted in #Calls, Avg, Max or Min\n"

static void loss(void)
{
	/* f [0, 10); 6 records lost from 15; a SYNC (the unit writes one
	 * after a LOSS) of the same window; f [100, 120). The depth after the
	 * loss is the one before it: the reader keeps its stack. f: 2 calls,
	 * 30 cycles, max 20, min 10. */
	struct stream s;
	start(&s);
	sync_at(&s, 0);
	event(&s, ENTER, 0x100, 0, 0);
	event(&s, EXIT_, 0x100, 1, 10);
	loss_at(&s, 6, 15, 0);
	sync_at(&s, 100);
	event(&s, ENTER, 0x100, 0, 100);
	event(&s, EXIT_, 0x100, 1, 120);
	const char *lost =
	        "perfscope: trace.bin: warning: trace stream: 6 records lost in 1 LOSS record (the FIFO "
	        "was full): a partial recording\n";
	check_stream(
	        "stream: LOSS in the table's head", &s,
	        (const char *[]){ "functions", "trace.bin", NULL },
	        "max call depth seen: 1, functions: 1 (from 1 trace stream)\n"
	        "lost: 6 events, the trace FIFO was full: a partial recording, its Pct are of the recorded time only\n"
	        "Name                PC         #Calls Self+children    Pct     Avg     Max     Min          Self    Pct "
	        "    Avg     Max     Min  Depth\n"
	        "0x00000100          0x00000100      2            30 100.00      15      20      10            30 100.00 "
	        "     15      20      10      1\n",
	        lost, 0);
	check_stream(
	        "stream: LOSS in the CSV", &s, csv,
	        "# lost: 6 events: a partial recording, its Pct are of the recorded time only\n" CSV_HEAD
	        "1,0x00000100,0x00000100,2,30,100.00,15,20,10,30,100.00,15,20,10,1\n",
	        lost, 0);
	check_stream(
	        "stream: LOSS first in the folded stacks", &s,
	        (const char *[]){ "folded", "trace.bin", NULL },
	        "# perfscope: 6 events lost, the trace FIFO was full: a partial recording\n0x00000100 30\n",
	        lost, 0);
	struct run r;
	tool_run(&r, NULL, (const char *[]){ "chrome", "trace.bin", NULL });
	check_contains(
	        "stream: LOSS as an instant event at its time", r.out,
	        "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"perfscope\",\"name\":\"6 events lost: the trace FIFO was full\","
	        "\"pid\":1,\"tid\":1,\"ts\":15.000,\"args\":{\"lost\":6,\"cycle\":15}}");
	check_contains("stream: LOSS in chrome's otherData", r.out,
	               "\"events_lost\":6,\"partial\":true,\"damaged\":0,\"other_elf\":false}}");
	run_free(&r);
	tool_run(&r, NULL, (const char *[]){ "flame", "trace.bin", NULL });
	check_contains("stream: LOSS in the flame graph's subtitle", r.out,
	               "30 cycles recorded, 6 events lost: a partial recording");
	run_free(&r);

	/* main 0x100 [0, ...) calls 0x200 at 10; 4 records lost from 15; the
	 * EXIT after it (record 5, file byte 16 + 5 * 8) is at depth 1 where
	 * the loss left depth 2: both calls are closed at 15 (0x200 5 cycles,
	 * main 15, self 10) and that EXIT has no entry. Then 0x300 [110, 130).
	 * Of 35 self cycles: 15 is 42.86 %, 10 28.57, 5 14.29, 20 57.14. */
	open_two_lose_four(&s);
	event(&s, EXIT_, 0x200, 1, 100);
	event(&s, ENTER, 0x300, 0, 110);
	event(&s, EXIT_, 0x300, 1, 130);
	check_stream(
	        "stream: a loss across which the depth changed: the calls open are closed at it",
	        &s, csv,
	        LOST_FOUR_UNFINISHED_TWO CSV_HEAD
	        "1,0x00000100,0x00000100,0,15,42.86,,,,10,28.57,,,,1\n"
	        "1,0x00000200,0x00000200,0,5,14.29,,,,5,14.29,,,,2\n"
	        "1,0x00000300,0x00000300,1,20,57.14,20,20,20,20,57.14,20,20,20,1\n",
	        "perfscope: trace.bin: warning: trace stream, record 5 (file byte 56): EXIT at depth 1 after a loss "
	        "at depth 2: the calls open at the loss are closed there, and the exits of calls entered during "
	        "it are ignored\n"
	        "perfscope: trace.bin: warning: trace stream: 4 records lost in 1 LOSS record (the FIFO was "
	        "full): a partial recording\n"
	        "perfscope: trace.bin: warning: trace stream: 1 exit without its entry (a call entered "
	        "during a loss or before recording began), ignored\n",
	        0);

	/* main 0x100 [0, 110) calls 0x200 at 10; 4 records lost from 15; the
	 * EXIT after it (at 100) carries depth 2, the depth the loss left: the
	 * reader keeps its stack and charges the time as it comes, 0x200 90
	 * cycles, main 20 of its 110. But that exit may be another call of
	 * 0x200's, entered during the loss after this one's exit was lost:
	 * both calls, open across the loss, are unfinished, no call, in no
	 * Avg, Max or Min. */
	open_two_lose_four(&s);
	event(&s, EXIT_, 0x200, 2, 100);
	event(&s, EXIT_, 0x100, 1, 110);
	check_stream(
	        "stream: a loss across which the depth stayed: the calls open across it are unfinished",
	        &s, csv,
	        LOST_FOUR_UNFINISHED_TWO CSV_HEAD
	        "1,0x00000100,0x00000100,0,110,100.00,,,,20,18.18,,,,1\n"
	        "1,0x00000200,0x00000200,0,90,81.82,,,,90,81.82,,,,2\n",
	        "perfscope: trace.bin: warning: trace stream: 4 records lost in 1 LOSS record (the FIFO was "
	        "full): a partial recording\n",
	        0);

	/* f [0, 10); then G[20:0] rolls over and 3 records are lost from
	 * 2^21 + 5 (ROLLED: the LOSS's TIME_LO is of a window no record gives);
	 * a SYNC of window 1; f [2^21 + 100, 2^21 + 120). The LOSS is marked at
	 * 10, the record before it, and the warning says so. */
	start(&s);
	sync_at(&s, 0);
	event(&s, ENTER, 0x100, 0, 0);
	event(&s, EXIT_, 0x100, 1, 10);
	loss_at(&s, 3, 0x200000 + 5, 1);
	sync_at(&s, 0x200000 + 100);
	event(&s, ENTER, 0x100, 0, 0x200000 + 100);
	event(&s, EXIT_, 0x100, 1, 0x200000 + 120);
	check_stream(
	        "stream: a ROLLED LOSS: marked at the record before it, which the warning says", &s,
	        csv,
	        "# lost: 3 events: a partial recording, its Pct are of the recorded time only\n" CSV_HEAD
	        "1,0x00000100,0x00000100,2,30,100.00,15,20,10,30,100.00,15,20,10,1\n",
	        "perfscope: trace.bin: warning: trace stream: 3 records lost in 1 LOSS record (the FIFO "
	        "was full): a partial recording; 1 of the LOSS records is ROLLED, marked at the cycle of "
	        "the record before them: their first drop was at or after it, in a window no record gives\n",
	        0);
	tool_run(&r, NULL, (const char *[]){ "chrome", "trace.bin", NULL });
	check_contains(
	        "stream: a ROLLED LOSS as an instant event at the record before it", r.out,
	        "{\"ph\":\"i\",\"s\":\"t\",\"cat\":\"perfscope\",\"name\":\"3 events lost: the trace FIFO was full\","
	        "\"pid\":1,\"tid\":1,\"ts\":10.000,\"args\":{\"lost\":3,\"cycle\":10}}");
	check_contains(
	        "stream: the calls after a ROLLED LOSS in the SYNC's window", r.out,
	        "\"ts\":2097252.000,\"dur\":20.000,\"args\":{\"cycles\":20,\"self_cycles\":20,"
	        "\"start_cycle\":2097252,");
	run_free(&r);
}

/* main 0x100 enters at 0; then 12 times a LOSS of 1 at 10 + 10 i and an
 * ENTER of 0x200 at 15 + 10 i carrying depth 3, where the loss left depth
 * 1 (the first time) or 4: each closes the calls open at its loss, main at
 * 10, then each 0x200 after 5 cycles, the last at the stream's end (0
 * cycles). Of the 12 warnings of that kind 10 are given, then one line
 * counts the other 2; a warning of another kind, an ENTER at depth 9
 * without a loss (record 26, file byte 224), is still given. */
static void capped(void)
{
	struct stream s;
	start(&s);
	sync_at(&s, 0);
	event(&s, ENTER, 0x100, 0, 0);
	for (unsigned i = 0; i < 12; i++) {
		loss_at(&s, 1, 10 + 10 * i, 0);
		event(&s, ENTER, 0x200, 3, 15 + 10 * i);
	}
	event(&s, ENTER, 0x300, 9, 125);
	char err[4096];
	size_t n = 0;
	for (unsigned i = 0; i < 10; i++)
		n += (size_t)snprintf(
		        err + n, sizeof err - n,
		        "perfscope: trace.bin: warning: trace stream, record %u (file byte %u): "
		        "ENTER at depth 3 after a loss at depth %u: the calls open at the loss are "
		        "closed there, and the exits of calls entered during it are ignored\n",
		        3 + 2 * i, 16 + 8 * (3 + 2 * i), i ? 4 : 1);
	snprintf(
	        err + n, sizeof err - n,
	        "perfscope: trace.bin: warning: trace stream, record 26 (file byte 224): ENTER at depth 9, "
	        "where the records before it give depth 4: a record is missing or damaged; depths are "
	        "checked from this one on\n"
	        "perfscope: trace.bin: warning: trace stream: ... and 2 more like it (a depth after a loss "
	        "other than the depth at it)\n"
	        "perfscope: trace.bin: warning: trace stream: 12 records lost in 12 LOSS records (the FIFO "
	        "was full): a partial recording\n"
	        "perfscope: trace.bin: warning: trace stream: 2 calls still open at its end: charged up to its last "
	        "event, not counted as calls (unfinished)\n");
	/* 0x200: 12 calls, 11 of 5 cycles and the last of 0; of 65 self
	 * cycles main's 10 are 15.38 %, 0x200's 55 84.62 %. */
	check_stream(
	        "stream: a warning given per record: 10 of a kind, then a line counts the rest", &s,
	        csv,
	        "# lost: 12 events: a partial recording, its Pct are of the recorded time only\n"
	        "# unfinished: 14 calls without their exit (open at a recording's end or across a loss): charged "
	        "to Self and Self+children, not counted in #Calls, Avg, Max or Min\n" CSV_HEAD
	        "1,0x00000100,0x00000100,0,10,15.38,,,,10,15.38,,,,1\n"
	        "1,0x00000200,0x00000200,0,55,84.62,,,,55,84.62,,,,1\n"
	        "1,0x00000300,0x00000300,0,0,0.00,,,,0,0.00,,,,2\n",
	        err, 0);
}

/* functions --diff: above the table, each run's lines of what its figures
 * lack or were given, as its own table's head says them. A: the calls of
 * ev, an events frame whose buffer lost 3 events; B: a stream of
 * one call 0x100 [0, 100), cut short. With a hook cost of 5 (docs: A's
 * main 80, self 55, a 20, self 15, b 2 x 5; B's call 95). */
static void diff_notes(void)
{
	struct stream s;
	start(&s);
	sync_at(&s, 0);
	event(&s, ENTER, 0x100, 0, 0);
	event(&s, EXIT_, 0x100, 1, 100);
	s.n += 3;
	tool_write("trace.bin", s.b, s.n);
	struct text t = { 0 };
	events_add(&t, ev, sizeof ev / sizeof *ev, 3);
	check_run(
	        "stream: functions --diff says each run's hook cost, damage and lost events", t.s,
	        (const char *[]){ "functions", "--diff", "--hook-cost", "5", "dump.log",
	                          "trace.bin", NULL },
	        "A: hook cost: 5 cycles a call taken off (--hook-cost)\n"
	        "A: lost: 3 events, the buffer was full: a partial recording, its Pct are of the recorded "
	        "time only\n"
	        "B: hook cost: 5 cycles a call taken off (--hook-cost)\n"
	        "B: damaged: 1 recording failed its check (see the errors): its events as far as decoded, a "
	        "partial recording\n"
	        "Name                 #Calls A #Calls B       Self A       Self B    Self diff    Diff%      "
	        "Self+ch. A      Self+ch. B  Self+ch. diff\n"
	        "0x00000100                  1        1           55           95          +40   +72.73     "
	        "         80              95            +15\n"
	        "0x00000200                  1        -           15            -          -15     gone     "
	        "         20               -            -20\n"
	        "0x00000300                  2        -           10            -          -10     gone     "
	        "         10               -            -10\n",
	        "perfscope: dump.log:1: warning: events frame: the buffer lost 3 events, so the calls after "
	        "it filled are missing\n"
	        "perfscope: trace.bin: error: trace stream, record 3 (file byte 40): truncated: the file ends "
	        "after 3 of its 8 bytes\n" INCOMPLETE,
	        1);
	text_free(&t);
}

/* ---- a flight recording, interrupts, the depth check ----------------------- */

static void flight(void)
{
	/* Three records before the first SYNC, then 0x200 [1010, 1030) at
	 * depth 1 (the first record sets the depth), then the EXIT of a call
	 * entered before: ignored. */
	struct stream s;
	start(&s);
	event(&s, ENTER, 0x300, 5, 1);
	event(&s, EXIT_, 0x300, 6, 2);
	event(&s, BEGIN, 2, 5, 3);
	sync_at(&s, 1000);
	event(&s, ENTER, 0x200, 1, 1010);
	event(&s, EXIT_, 0x200, 2, 1030);
	event(&s, EXIT_, 0x100, 1, 1035);
	/* The records skipped are lost, and every output says so: the older
	 * ones the FIFO overwrote are in no count. */
	const char *err =
	        "perfscope: trace.bin: warning: trace stream: 3 records before the first SYNC skipped (a flight "
	        "recording starts mid-stream): a partial recording\n"
	        "perfscope: trace.bin: warning: trace stream: 1 exit without its entry (a call entered during a loss "
	        "or before recording began), ignored\n";
	check_stream(
	        "stream: a flight recording starts at its first SYNC", &s, csv,
	        "# lost: 3 events: a partial recording, its Pct are of the recorded time only\n" CSV_HEAD
	        "1,0x00000200,0x00000200,1,20,100.00,20,20,20,20,100.00,20,20,20,1\n",
	        err, 0);
	check_stream(
	        "stream: a flight recording starts at its first SYNC: the table's head", &s,
	        (const char *[]){ "functions", "trace.bin", NULL },
	        "max call depth seen: 1, functions: 1 (from 1 trace stream)\n"
	        "lost: 3 events, the recording starts mid-stream (its records before the first SYNC; "
	        "older ones, overwritten or never read, are not counted): a partial recording, its Pct are "
	        "of the recorded time only\n"
	        "Name                PC         #Calls Self+children    Pct     Avg     Max     Min          Self    Pct "
	        "    Avg     Max     Min  Depth\n"
	        "0x00000200          0x00000200      1            20 100.00      20      20      20            20 100.00 "
	        "     20      20      20      1\n",
	        err, 0);
}

/* Function fn [0, 50), interrupted [10, 40) by irq `irq`. */
static void interrupted(struct stream *s, uint32_t fn, uint32_t irq)
{
	start(s);
	sync_at(s, 0);
	event(s, ENTER, fn, 0, 0);
	event(s, IRQ_ENTER, irq, 1, 10);
	event(s, IRQ_EXIT, irq, 1, 40);
	event(s, EXIT_, fn, 1, 50);
}

static void interrupts(void)
{
	/* f 0x100 [0, 50) interrupted [10, 40) by irq 7: f self 20 (40 %), the
	 * interrupt 30 (60 %) as f's child. */
	struct stream s;
	interrupted(&s, 0x100, 7);
	check_stream("stream: an interrupt's time is its own, not the function's it interrupted",
	             &s, csv,
	             CSV_HEAD
	             "1,0x00000100,0x00000100,1,50,100.00,50,50,50,20,40.00,20,20,20,1\n"
	             "1,irq 0x00000007,0x00000007,1,30,60.00,30,30,30,30,60.00,30,30,30,2\n",
	             "", 0);
	check_stream("stream: the interrupt a child of what ran, in the folded stacks", &s,
	             (const char *[]){ "folded", "trace.bin", NULL },
	             "0x00000100 20\n0x00000100;irq_0x00000007 30\n", "", 0);
	check_stream("stream: trace, the stack at --to, newest first", &s,
	             (const char *[]){ "trace", "--to", "20", "trace.bin", NULL },
	             "trace stream (trace.bin): the stack at cycle 20 (--to), 2 calls open\n"
	             "  irq 0x00000007: t=10\n"
	             "0x00000100: t=0\n",
	             "", 0);
	check_stream(
	        "stream: trace --chrono --function", &s,
	        (const char *[]){ "trace", "--chrono", "--to", "39", "--function", "0x00000100",
	                          "trace.bin", NULL },
	        "trace stream (trace.bin): the stack at cycle 39 (--to), 2 calls open, oldest first\n"
	        "0x00000100: t=0\n",
	        "", 0);
	check_stream(
	        "stream: trace --function, a short address", &s,
	        (const char *[]){ "trace", "--to", "39", "--function", "0x100", "trace.bin", NULL },
	        "trace stream (trace.bin): the stack at cycle 39 (--to), 2 calls open\n"
	        "0x00000100: t=0\n",
	        "", 0);
	check_stream("stream: trace -e ELF --function NAME", &s,
	             (const char *[]){ "trace", "-e", UNIT_RETIRE_ELF, "--to", "39", "--function",
	                               "main", "trace.bin", NULL },
	             "trace stream (trace.bin): the stack at cycle 39 (--to), 2 calls open\n"
	             "main: t=0\n",
	             "", 0);
	check_stream("stream: trace -e ELF --function ADDRESS", &s,
	             (const char *[]){ "trace", "-e", UNIT_RETIRE_ELF, "--to", "39", "--function",
	                               "0x0100", "trace.bin", NULL },
	             "trace stream (trace.bin): the stack at cycle 39 (--to), 2 calls open\n"
	             "main: t=0\n",
	             "", 0);
	check_stream("stream: trace, the stack at the end", &s,
	             (const char *[]){ "trace", "trace.bin", NULL },
	             "trace stream (trace.bin): the stack at its end, 0 calls open\n", "", 0);
	/* A record at --to is in: the interrupt entered at 10. */
	check_stream("stream: trace --to the cycle of a record", &s,
	             (const char *[]){ "trace", "--to", "10", "trace.bin", NULL },
	             "trace stream (trace.bin): the stack at cycle 10 (--to), 2 calls open\n"
	             "  irq 0x00000007: t=10\n"
	             "0x00000100: t=0\n",
	             "", 0);
	/* An interrupt whose data is a function's address is not that
	 * function: f 0x8 [0, 50) and irq 8 [10, 40) are two rows, and in
	 * --graph two functions, irq 8 called by 0x8. */
	interrupted(&s, 8, 8);
	check_stream("stream: irq 8 and the function at 0x8 apart", &s, csv,
	             CSV_HEAD
	             "1,0x00000008,0x00000008,1,50,100.00,50,50,50,20,40.00,20,20,20,1\n"
	             "1,irq 0x00000008,0x00000008,1,30,60.00,30,30,30,30,60.00,30,30,30,2\n",
	             "", 0);
	check_stream("stream: irq 8 and the function at 0x8 apart, --graph", &s,
	             (const char *[]){ "functions", "--graph", "trace.bin", NULL },
	             "max call depth seen: 2, functions: 2 (from 1 trace stream)\n\n"
	             "irq 0x00000008                    calls           cycles\n"
	             "  <- 0x00000008                       1               30\n"
	             "  == irq 0x00000008                   1               30  self 30\n\n"
	             "0x00000008                        calls           cycles\n"
	             "  <- <outside the recording>          1               50\n"
	             "  == 0x00000008                       1               50  self 20\n"
	             "  -> irq 0x00000008                   1               30\n",
	             "", 0);
}

/* main 0x100 calls f 0x200 [1, 5); then an interrupt (data irq) calls f
 * [11, 15) too. */
static void irq_calls_f(struct stream *s, uint32_t irq)
{
	start(s);
	sync_at(s, 0);
	event(s, ENTER, 0x100, 0, 0);
	event(s, ENTER, 0x200, 1, 1);
	event(s, EXIT_, 0x200, 2, 5);
	event(s, IRQ_ENTER, irq, 1, 10);
	event(s, ENTER, 0x200, 1, 11);
	event(s, EXIT_, 0x200, 2, 15);
	event(s, IRQ_EXIT, irq, 1, 20);
	event(s, EXIT_, 0x100, 1, 30);
}

/* gprof: an interrupt whose data is a function's entry (the retire tap's:
 * the trap vector's address) is the caller of what it calls, an arc of
 * gmon.out; one whose data is not (a one-store hook's mcause) calls f
 * from no function of the ELF, and f, which main calls too, would show
 * gprof one call of two: said. */
static void gprof_irq_callers(void)
{
	struct stream s;
	const char *gprof[] = { "gprof", "-e", UNIT_RETIRE_ELF, "trace.bin", NULL };
	size_t with_entry = 0, without = 0;
	irq_calls_f(&s, 0x300);
	check_stream(
	        "stream: gprof, an interrupt at g's entry calls f: g is its caller, nothing said",
	        &s, gprof, "", "", 0);
	free(tool_file_n("gmon.out", &with_entry));
	irq_calls_f(&s, 7);
	check_stream(
	        "stream: gprof, an interrupt of data 7 calls f: the call gprof does not count is said",
	        &s, gprof, "",
	        "perfscope: " UNIT_RETIRE_ELF ": warning: gprof: 1 call of 1 function (f) has no "
	        "caller in the recording (an interrupt's, the first after a loss or in a flight "
	        "recording, or from code without hooks) and no one call site in the ELF: "
	        "gmon.out has no arc for it, so gprof counts fewer calls than the function "
	        "table\n",
	        0);
	free(tool_file_n("gmon.out", &without));
	check_u64("stream: gprof, the interrupt at g's entry: one arc more (13 bytes), g -> f",
	          with_entry, without + 13);
}

/* More than 255 calls open (docs/datasheet.md, misuse): the unit's 8-bit
 * depth wraps, and perfscope pairs each EXIT with the last ENTER still
 * open. f 0x100 recurses 300 deep: call i (0..299) enters at cycle i, at
 * depth i mod 256, and exits at 599 - i, at depth (i + 1) mod 256. Each
 * call's self time is 2 but the innermost's, 1: 599 in all, 1 on average
 * (whole cycles); self+children counts the outermost call, 599; the
 * deepest is 300, and no depth warning. */
static void deep(void)
{
	struct stream s;
	start(&s);
	sync_at(&s, 0);
	for (uint32_t i = 0; i < 300; i++)
		event(&s, ENTER, 0x100, i & 255, i);
	for (uint32_t i = 300; i-- > 0;)
		event(&s, EXIT_, 0x100, (i + 1) & 255, 599 - i);
	check_stream("stream: 300 calls open, the depth wrapping at 256", &s, csv,
	             CSV_HEAD
	             "1,0x00000100,0x00000100,300,599,100.00,599,599,599,599,100.00,1,2,1,300\n",
	             "", 0);
}

static void depth_check(void)
{
	/* 0x200's ENTER (record 2, file byte 32) says depth 3 where f's ENTER
	 * left 1: a warning, and the depths after it are checked from 3 on
	 * (its EXIT at 4, f's at 3): no more warnings. */
	struct stream s;
	start(&s);
	sync_at(&s, 0);
	event(&s, ENTER, 0x100, 0, 0);
	event(&s, ENTER, 0x200, 3, 10);
	event(&s, EXIT_, 0x200, 4, 20);
	event(&s, EXIT_, 0x100, 3, 30);
	check_stream(
	        "stream: a depth that disagrees is a warning naming the record", &s, csv,
	        CSV_HEAD "1,0x00000100,0x00000100,1,30,100.00,30,30,30,20,66.67,20,20,20,1\n"
	                 "1,0x00000200,0x00000200,1,10,33.33,10,10,10,10,33.33,10,10,10,2\n",
	        "perfscope: trace.bin: warning: trace stream, record 2 (file byte 32): ENTER at depth 3, where the "
	        "records before it give depth 1: a record is missing or damaged; depths are checked from this "
	        "one on\n",
	        0);
	/* The depth is mod 256: the unit's depth was 0 inside main (a CLEAR
	 * there), so main's EXIT at 0 leaves 255; 0x200's ENTER at 255 leaves
	 * 0, its EXIT carries 0. No depth warning: main's EXIT has no entry,
	 * 0x200 [10, 20). */
	start(&s);
	sync_at(&s, 0);
	event(&s, EXIT_, 0x100, 0, 5);
	event(&s, ENTER, 0x200, 255, 10);
	event(&s, EXIT_, 0x200, 0, 20);
	check_stream(
	        "stream: an EXIT at depth 0 wraps to 255", &s, csv,
	        CSV_HEAD "1,0x00000200,0x00000200,1,10,100.00,10,10,10,10,100.00,10,10,10,1\n",
	        "perfscope: trace.bin: warning: trace stream: 1 exit without its entry (a call made before recording began), ignored\n",
	        0);
	/* A SYNC of window 0 (record 3, file byte 40) after the time reached
	 * W = 2^21 + 10 in window 1: the time stays, the window starting at
	 * W, so f [2^21, 2^21 + 10 + 10) is 20. */
	start(&s);
	sync_at(&s, 0x200000);
	event(&s, ENTER, 0x100, 0, 0x200000);
	event(&s, BEGIN, 1, 1, 0x200000 + 10);
	sync_at(&s, 0);
	event(&s, EXIT_, 0x100, 1, 10);
	check_stream(
	        "stream: a SYNC that goes back in time", &s, csv,
	        CSV_HEAD "1,0x00000100,0x00000100,1,20,100.00,20,20,20,20,100.00,20,20,20,1\n",
	        "perfscope: trace.bin: warning: trace stream, record 3 (file byte 40): SYNC of the window from "
	        "cycle 0, before cycle 2097162 that the records before it reached: G was RESET or the stream "
	        "is damaged; the time stays, and later SYNCs follow it\n",
	        0);
	/* G RESET while recording: window 0 continues from W = 2^21 + 10, and
	 * so does the SYNC of window 1 after it (from W + 2^21 on), with one
	 * warning: f's EXIT at 2^21 + 30 is at W + 2^21 + 30, f 2^21 + 40 =
	 * 2097192 cycles. */
	start(&s);
	sync_at(&s, 0x200000);
	event(&s, ENTER, 0x100, 0, 0x200000);
	event(&s, BEGIN, 1, 1, 0x200000 + 10);
	sync_at(&s, 0);
	sync_at(&s, 0x200000);
	event(&s, EXIT_, 0x100, 1, 0x200000 + 30);
	check_stream(
	        "stream: later SYNCs follow one that went back in time", &s, csv,
	        CSV_HEAD
	        "1,0x00000100,0x00000100,1,2097192,100.00,2097192,2097192,2097192,2097192,100.00,"
	        "2097192,2097192,2097192,1\n",
	        "perfscope: trace.bin: warning: trace stream, record 3 (file byte 40): SYNC of the window from "
	        "cycle 0, before cycle 2097162 that the records before it reached: G was RESET or the stream "
	        "is damaged; the time stays, and later SYNCs follow it\n",
	        0);
	/* G RESET from 10 to 5, in the same window: its SYNC gives no new
	 * window, the END at 5 (record 4, file byte 48) is before 10. The
	 * time stays and later records follow it, through the next SYNC too,
	 * with one warning: f's EXIT at 15 is at 20, f [0, 20). */
	start(&s);
	sync_at(&s, 0);
	event(&s, ENTER, 0x100, 0, 0);
	event(&s, BEGIN, 1, 1, 10);
	sync_at(&s, 5);
	event(&s, END, 1, 1, 5);
	sync_at(&s, 10);
	event(&s, EXIT_, 0x100, 1, 15);
	check_stream(
	        "stream: a record that goes back in time in its window", &s, csv,
	        CSV_HEAD "1,0x00000100,0x00000100,1,20,100.00,20,20,20,20,100.00,20,20,20,1\n",
	        "perfscope: trace.bin: warning: trace stream, record 4 (file byte 48): END at cycle 5, before "
	        "cycle 10 that the records before it reached: G was RESET or the stream is damaged; the time "
	        "stays, and later SYNCs follow it\n",
	        0);
	/* The largest times: window 0xffffffff, TIME_LO 0x1ffff0 and the
	 * largest, 0x1fffff: f [2^53 - 16, 2^53 - 1), 15 cycles, 53 bits. */
	start(&s);
	sync_at(&s, (1ull << 53) - 16);
	event(&s, ENTER, 0x100, 0, (1ull << 53) - 16);
	event(&s, EXIT_, 0x100, 1, (1ull << 53) - 1);
	tool_write("trace.bin", s.b, s.n);
	struct run r;
	tool_run(&r, NULL, (const char *[]){ "chrome", "trace.bin", NULL });
	check_int("stream: 53-bit times, exit status", r.status, 0);
	check_contains(
	        "stream: 53-bit times: the last window and the largest TIME_LO", r.out,
	        "\"args\":{\"cycles\":15,\"self_cycles\":15,\"start_cycle\":9007199254740976,");
	run_free(&r);
}

/* ---- the run's console log ------------------------------------------------- */

static void console_log(void)
{
	/* The driver's run frame gives 25 MHz: a cycle is 40 ns. f [0, 50):
	 * 0 and 2 us; the interrupt [10, 40): 0.4 us for 1.2 us. */
	struct stream s;
	interrupted(&s, 0x100, 7);
	tool_write("trace.bin", s.b, s.n);
	struct run r;
	tool_run(&r, driver_run_frame,
	         (const char *[]){ "chrome", "--log", "dump.log", "trace.bin", NULL });
	check_int("stream: --log, exit status", r.status, 0);
	check_contains("stream: --log gives the run frame's clock", r.out,
	               "\"clock_hz\":25000000,\"clock_from\":\"the run frame\"");
	check_contains(
	        "stream: --log, times at that clock", r.out,
	        "\"name\":\"irq 0x00000007\",\"pid\":1,\"tid\":1,\"ts\":0.400,\"dur\":1.200,");
	run_free(&r);
	check_run(
	        "stream: --log without a run frame", "console text\n",
	        (const char *[]){ "folded", "--log", "dump.log", "trace.bin", NULL },
	        "0x00000100 20\n0x00000100;irq_0x00000007 30\n",
	        "perfscope: dump.log: warning: no run frame: the trace stream's clock and build id are unknown\n",
	        0);
	check_run(
	        "stream: a command that reads no calls", NULL,
	        (const char *[]){ "report", "trace.bin", NULL }, "",
	        "perfscope: trace.bin: error: no sections frame for report: this is a trace stream (docs/trace.md), "
	        "which holds calls, not frames\n" NOTHING,
	        1);
	check_run(
	        "stream: --log once per dump", NULL,
	        (const char *[]){ "folded", "--log", "a.log", "--log", "b.log", "trace.bin", NULL },
	        "",
	        "perfscope: --log given twice (a.log, b.log) for one dump: a second --log is for the "
	        "second dump of --diff\nTry 'perfscope --help' for more information.\n",
	        2);
	check_run(
	        "stream: --log is not an option of report", NULL,
	        (const char *[]){ "report", "--log", "a.log", "trace.bin", NULL }, "",
	        "perfscope: --log is not an option of report\nTry 'perfscope --help' for more information.\n",
	        2);
}

/* ---- damaged streams --------------------------------------------------------- */

static void damaged(void)
{
	struct stream s;
	char want[512];
	const struct {
		const char *what;
		const char *error;
	} cases[] = {
		{ "a header cut short",
		  "file byte 10: the header is cut short: the file ends after 10 of its 16 bytes" },
		{ "a wrong magic",
		  "file byte 7: not a trace stream: it does not start with \"PSTRACE\" and a zero "
		  "byte (docs/trace.md)" },
		{ "a newer version",
		  "file byte 8: record format version 3 is newer than the version 2 this perfscope "
		  "reads: update perfscope" },
		{ "version 0",
		  "file byte 8: record format version 0 is not a version (this perfscope reads 2)" },
		{ "records of 16 bytes",
		  "file byte 12: records of 16 bytes; version 2 records are 8" },
		{ "a truncated last record",
		  "record 1 (file byte 24): truncated: the file ends after 3 of its 8 bytes" },
		{ "an older version",
		  "file byte 8: record format version 1 is older than the version 2 this perfscope "
		  "reads: read it with the perfscope of the IP that recorded it" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		start(&s);
		switch (i) {
		case 0: s.n = 10; break;
		case 1: s.b[7] = 'S'; break;
		case 2: header(&s, 3, 8); break;
		case 3: header(&s, 0, 8); break;
		case 4: header(&s, 2, 16); break;
		case 5:
			sync_at(&s, 0);
			s.n += 3;
			break;
		case 6: /* a v1 stream's records, a SYNC and an ENTER: not read */
			header(&s, 1, 8);
			rec(&s, 0, 0);
			rec(&s, 0x100, (uint32_t)ENTER << 29);
			break;
		}
		char what[128];
		snprintf(what, sizeof what, "stream: %s", cases[i].what);
		snprintf(want, sizeof want, "perfscope: trace.bin: error: trace stream, %s\n%s",
		         cases[i].error, i == 5 ? INCOMPLETE : NOTHING);
		/* The records before a truncated one are read: an empty table,
		 * which says the stream is damaged. */
		check_stream(
		        what, &s, csv,
		        i == 5 ? "# damaged: 1 recording failed its check (see the errors): its events as "
		                 "far as decoded, a partial recording\n" CSV_HEAD
		               : "",
		        want, 1);
	}
	start(&s);
	sync_at(&s, 0);
	s.n += 3;
	check_stream(
	        "stream: a truncated last record: trace says it is damaged", &s,
	        (const char *[]){ "trace", "trace.bin", NULL },
	        "trace stream (trace.bin): the stack at its end, 0 calls open\n"
	        "damaged: it failed its check (see the errors): its records as far as decoded\n",
	        NULL, 1);
	/* With --log the dump is a stream whatever it starts with. */
	memcpy(s.b, "console text\n", 13);
	s.n = 13;
	tool_write("trace.bin", s.b, s.n);
	check_run(
	        "stream: --log with a dump that is not a stream", "",
	        (const char *[]){ "functions", "--log", "dump.log", "trace.bin", NULL }, "",
	        "perfscope: dump.log: warning: no run frame: the trace stream's clock and build id are unknown\n"
	        "perfscope: trace.bin: error: trace stream, file byte 0: not a trace stream: it does not start with "
	        "\"PSTRACE\" and a zero byte (docs/trace.md)\n" NOTHING,
	        1);
	/* Without it, a file that does not start "PSTRACE" is a console log. */
	check_stream(
	        "stream: a dump not starting \"PSTRACE\" is a console log", &s, csv, "",
	        "perfscope: trace.bin: error: no frames at all: not the console output of a perfscope run?\n" NOTHING,
	        1);
}

/* ---- the retire tap's records ---------------------------------------------- */

#define RETIRE 1u /* bit 0 of an ENTER's or EXIT's word 0 */

/* main 0x100 calls f 0x200 at 10; at 15 f jumps inside itself, at 20 it
 * tail-calls g 0x300 (a jump to g's entry); at 30 g returns into main
 * (0x150), at 100 main returns into code outside every function. The
 * depths are the unit's: a jump leaves it as it is. */
static void tail_call(struct stream *s)
{
	start(s);
	sync_at(s, 0);
	event(s, ENTER, 0x100, 0, 0);
	event(s, ENTER, 0x200, 1, 10);
	event(s, ENTER, 0x250 | RETIRE, 2, 15);
	event(s, ENTER, 0x300 | RETIRE, 2, 20);
	event(s, EXIT_, 0x150 | RETIRE, 2, 30);
	event(s, EXIT_, 0x000 | RETIRE, 1, 100);
}

static void retire(void)
{
	static const char *const elf_csv[] = { "functions", "-e",        UNIT_RETIRE_ELF,
		                               "--format",  "csv",       "--sort",
		                               "none",      "trace.bin", NULL };
	struct stream s;
	/* With the ELF: f [10, 20), then g [20, 30) in its place, as main's
	 * callee; the jump to 0x250 is inside f. main self 100 - 10 - 10 = 80. */
	tail_call(&s);
	check_stream(
	        "stream: retire tap: a jump to a function's entry is a tail call, other jumps nothing",
	        &s, elf_csv,
	        CSV_HEAD "1,main,0x00000100,1,100,100.00,100,100,100,80,80.00,80,80,80,1\n"
	                 "1,f,0x00000200,1,10,10.00,10,10,10,10,10.00,10,10,10,2\n"
	                 "1,g,0x00000300,1,10,10.00,10,10,10,10,10.00,10,10,10,2\n",
	        "", 0);
	/* Without it no jump is known to be a call: g's time is f's, f
	 * [10, 30); a return ends the call on top. */
	check_stream(
	        "stream: retire tap: without the ELF a jump is nothing and a return ends one call",
	        &s, csv,
	        CSV_HEAD "1,0x00000100,0x00000100,1,100,100.00,100,100,100,80,80.00,80,80,80,1\n"
	                 "1,0x00000200,0x00000200,1,20,20.00,20,20,20,20,20.00,20,20,20,2\n",
	        "", 0);
	/* A longjmp: main > f 10 > g 20 > h 30; h returns into g (0x380) at
	 * 35 and is called again at 40; at 50 it returns into main (0x180),
	 * past g and f, which end there too; main returns at 100. The unit's
	 * depth is one too deep after it, and its records agree with that.
	 * h 5 + 10 = 15 in 2 calls; g 30, self 15; f 40, self 10; main self
	 * 100 - 40 = 60. */
	start(&s);
	sync_at(&s, 0);
	event(&s, ENTER, 0x100, 0, 0);
	event(&s, ENTER, 0x200, 1, 10);
	event(&s, ENTER, 0x300, 2, 20);
	event(&s, ENTER, 0x400, 3, 30);
	event(&s, EXIT_, 0x380 | RETIRE, 4, 35);
	event(&s, ENTER, 0x400, 3, 40);
	event(&s, EXIT_, 0x180 | RETIRE, 4, 50);
	event(&s, EXIT_, 0x000 | RETIRE, 3, 100);
	check_stream(
	        "stream: retire tap: a return past the calls above its target's function ends them",
	        &s, elf_csv,
	        CSV_HEAD "1,main,0x00000100,1,100,100.00,100,100,100,60,60.00,60,60,60,1\n"
	                 "1,f,0x00000200,1,40,40.00,40,40,40,10,10.00,10,10,10,2\n"
	                 "1,g,0x00000300,1,30,30.00,30,30,30,15,15.00,15,15,15,3\n"
	                 "1,h,0x00000400,2,15,15.00,7,10,5,15,15.00,7,10,5,4\n",
	        "", 0);
	/* A return into a function none of the open calls is of: f, called by
	 * main at 10, returns at 20 into g, which no call on this stack is of,
	 * as when a thread switches to its own stack. The calls cannot follow
	 * it, and say so; main stays open until its return at 100. */
	start(&s);
	sync_at(&s, 0);
	event(&s, ENTER, 0x100, 0, 0);
	event(&s, ENTER, 0x200, 1, 10);
	event(&s, EXIT_, 0x350 | RETIRE, 2, 20);
	event(&s, EXIT_, 0x000 | RETIRE, 1, 100);
	check_stream(
	        "stream: retire tap: a return into another stack (threads) is said", &s, elf_csv,
	        CSV_HEAD "1,main,0x00000100,1,100,100.00,100,100,100,90,90.00,90,90,90,1\n"
	                 "1,f,0x00000200,1,10,10.00,10,10,10,10,10.00,10,10,10,2\n",
	        "perfscope: trace.bin: warning: trace stream, record 3 (file byte 40): a return to "
	        "0x00000350, in g, outside every open call (1): a switch to another stack (threads)? "
	        "The calls stay open, and the ones after nest in them\n",
	        0);
	/* The simulator's retire file ends with an END of section 0 at the
	 * exit's cycle: no section, the time the open calls count up to. main
	 * [0, 70) calls f at 10, both open at 70: main self 10, f 60. */
	start(&s);
	sync_at(&s, 0);
	event(&s, ENTER, 0x100, 0, 0);
	event(&s, ENTER, 0x200, 1, 10);
	event(&s, END, 0, 2, 70);
	check_stream(
	        "stream: END of section 0 ends the recording: the open calls count up to it", &s,
	        elf_csv,
	        "# unfinished: 2 calls without their exit (open at a recording's end or across a loss): charged "
	        "to Self and Self+children, not counted in #Calls, Avg, Max or Min\n" CSV_HEAD
	        "1,main,0x00000100,0,70,100.00,,,,10,14.29,,,,1\n"
	        "1,f,0x00000200,0,60,85.71,,,,60,85.71,,,,2\n",
	        "perfscope: trace.bin: warning: trace stream: 2 calls still open at its end: charged up to its last "
	        "event, not counted as calls (unfinished)\n",
	        0);
	/* A program that ended in _exit (0x4000), called by f at 50: main, f
	 * and _exit ended with it, at 70, and are calls; no warning. main self
	 * 10, f 40, _exit 20. Then the same with _exit not the innermost: at
	 * -O0 it calls soc_exit (g, 0x300, at 60), whose store ends the run:
	 * every open call ended with the program, g self 10, _exit 10. */
	static const char *const exit_what[2] = {
		"stream: a recording that ends in _exit ended with the program: its open calls are calls",
		"stream: a recording that ends in a call _exit made ended with the program: its open calls are calls"
	};
	static const char *const exit_rows[2] = {
		"1,_exit,0x00004000,1,20,28.57,20,20,20,20,28.57,20,20,20,3\n",
		"1,_exit,0x00004000,1,20,28.57,20,20,20,10,14.29,10,10,10,3\n"
		"1,g,0x00000300,1,10,14.29,10,10,10,10,14.29,10,10,10,4\n"
	};
	for (int k = 0; k < 2; k++) {
		char want[512];
		snprintf(want, sizeof want, "%s%s%s",
		         CSV_HEAD "1,main,0x00000100,1,70,100.00,70,70,70,10,14.29,10,10,10,1\n",
		         "1,f,0x00000200,1,60,85.71,60,60,60,40,57.14,40,40,40,2\n", exit_rows[k]);
		start(&s);
		sync_at(&s, 0);
		event(&s, ENTER, 0x100, 0, 0);
		event(&s, ENTER, 0x200, 1, 10);
		event(&s, ENTER, 0x4000, 2, 50);
		if (k)
			event(&s, ENTER, 0x300, 3, 60);
		event(&s, END, 0, 3 + k, 70);
		check_stream(exit_what[k], &s, elf_csv, want, "", 0);
	}
	/* The same end in _exit, after a loss at 15 that main and f were open
	 * across: _exit, entered after it at 100, ended with the program at
	 * 120 and is a call; main and f stay unfinished, as they would at an
	 * exit. */
	open_two_lose_four(&s);
	event(&s, ENTER, 0x4000, 2, 100);
	event(&s, END, 0, 3, 120);
	check_stream(
	        "stream: a recording that ends in _exit: the calls open across a loss stay unfinished",
	        &s, elf_csv,
	        LOST_FOUR_UNFINISHED_TWO CSV_HEAD
	        "1,main,0x00000100,0,120,100.00,,,,10,8.33,,,,1\n"
	        "1,f,0x00000200,0,110,91.67,,,,90,75.00,,,,2\n"
	        "1,_exit,0x00004000,1,20,16.67,20,20,20,20,16.67,20,20,20,3\n",
	        "perfscope: trace.bin: warning: trace stream: 4 records lost in 1 LOSS record (the FIFO was "
	        "full): a partial recording\n",
	        0);
	/* A recursion whose outermost call is still open at the end: f's two
	 * inner calls are finished, and Self+children, of outermost calls
	 * only, has no Avg, Max or Min for it (empty, not 0). f [10, -) calls
	 * f [20, 50), which calls f [30, 40); the end at 70. */
	start(&s);
	sync_at(&s, 0);
	event(&s, ENTER, 0x100, 0, 0);
	event(&s, ENTER, 0x200, 1, 10);
	event(&s, ENTER, 0x200, 2, 20);
	event(&s, ENTER, 0x200, 3, 30);
	event(&s, EXIT_, 0x200, 4, 40);
	event(&s, EXIT_, 0x200, 3, 50);
	event(&s, END, 0, 2, 70);
	check_stream(
	        "stream: a recursion whose outermost call is unfinished: no Self+children Avg, Max or Min",
	        &s, elf_csv,
	        "# unfinished: 2 calls without their exit (open at a recording's end or across a loss): charged "
	        "to Self and Self+children, not counted in #Calls, Avg, Max or Min\n" CSV_HEAD
	        "1,main,0x00000100,0,70,100.00,,,,10,14.29,,,,1\n"
	        "1,f,0x00000200,2,60,85.71,,,,60,85.71,15,20,10,4\n",
	        "perfscope: trace.bin: warning: trace stream: 2 calls still open at its end: charged up to "
	        "its last event, not counted as calls (unfinished)\n",
	        0);
}

void test_stream(void)
{
	gprof_irq_callers();
	same_as_events();
	every_type();
	loss();
	capped();
	diff_notes();
	flight();
	interrupts();
	retire();
	depth_check();
	deep();
	console_log();
	damaged();
}
