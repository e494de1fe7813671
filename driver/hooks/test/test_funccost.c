/* SPDX-License-Identifier: Apache-2.0 */
/* Host tests of the function-cost hooks and statistics at their limits,
 * under ASan/UBSan, with buffers exactly as large as asked. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "stat_of.h"
#include "../functable.h"
#include "hook_calls.h"
#include "perfscope_funccost.h"

static void call(uintptr_t fn, uint32_t t_in, uint32_t t_out)
{
	fake_perfscope[0] = t_in;
	__cyg_profile_func_enter((void *)fn, NULL);
	fake_perfscope[0] = t_out;
	__cyg_profile_func_exit((void *)fn, NULL);
}

/* The current buffer switched out at `out` and back in at `back`. */
static void interrupt_at(void *isr_buf, uint32_t out, uint32_t back)
{
	fake_perfscope[0] = out;
	struct perf_funccost *was = perf_funccost_switch(isr_buf);
	fake_perfscope[0] = back;
	perf_funccost_switch(was);
}

/* Function 1's self+children after a calc of fresh statistics. */
static uint64_t total_of_calc(void *stats)
{
	perf_statistics_init(stats, PERF_STATISTICS_SIZE(1));
	perf_statistics_calc(stats);
	return ((const struct perf_statistics *)stats)->fn[0].total;
}

/* The IAS table at the counters' limits, 2^32 - 1 calls and 2^64 - 1
 * cycles: every row still splits into its 13 fields at the spaces. */
static void wide_table(void)
{
	const uint32_t most = UINT32_MAX;
	const struct perf_funcstat tab[2] = {
		{ .fn = 0x100, .calls = most, .outer = most, .total_min = most, .total_max = most,
		  .self_min = most, .self_max = most, .total = UINT64_MAX, .self = UINT64_MAX },
		{ .fn = 0x200, .calls = 1, .outer = 1, .total_min = 5, .total_max = 5, .self_min = 5,
		  .self_max = 5, .total = 5, .self = 5 },
	};
	static struct line table;
	struct perf_out o = { put_line, &table, 0 };
	perf_funcstat_print_rows(&o, tab, 2, UINT64_MAX);
	static const char *const want[2][13] = {
		{ "C-call", "0x00000100", "4294967295", "18446744073709551615", "100.00", "4294967297", "4294967295",
		  "4294967295", "18446744073709551615", "100.00", "4294967297", "4294967295", "4294967295" },
		{ "C-call", "0x00000200", "1", "5", "0.00", "5", "5", "5", "5", "0.00", "5", "5", "5" },
	};
	int same = 1, row = 0, field = 0;
	for (char *save, *line = strtok_r(table.text, "\n", &save); line; line = strtok_r(NULL, "\n", &save), row++) {
		field = 0;
		for (char *s2, *w = strtok_r(line, " ", &s2); w; w = strtok_r(NULL, " ", &s2), field++)
			same &= row < 2 && field < 13 && !strcmp(w, want[row][field]);
		same &= field == 13;
	}
	check_u64("table at 2^32 - 1 calls and 2^64 - 1 cycles: every column apart, Pct exact",
	          (uint64_t)(same && row == 2), 1);
}

static int put_dump(int c, void *ctx)
{
	char *end = strchr(ctx, 0);
	if (end - (char *)ctx >= 4095)
		return -1;
	*end = (char)c;
	return c;
}

/* PERF_RESET while recording (common/perf_gap.h): G steps back inside
 * call 2, and again inside call 3, open across a summary. No time passes
 * across a step back; the calls get the time on either side of it. */
static void reset_while_recording(void)
{
	static uint32_t ev[PERF_FUNCCOST_SIZE(16) / 4];
	static uint64_t stats[PERF_STATISTICS_SIZE(4) / 8];
	static char dump[4096];
	const struct perf_statistics *s = (const void *)stats;
	perf_funccost_init(fake_perfscope, ev, sizeof ev);
	perf_statistics_init(stats, sizeof stats);
	at(5000, 1);
	at(5100, 2);
	at(20, 4); /* RESET before it: G restarts */
	at(25, 0);
	at(30, 0); /* 2: 0 + 5 + 5 */
	at(70, 0); /* 1: 100 + 10 + 40 */
	at(90, 3);
	check_u64("calc across a step back", (uint64_t)perf_statistics_calc(stats), 7);
	fake_perfscope[0] = 3; /* RESET between two summaries */
	at(8, 4);
	at(12, 0);
	at(15, 0); /* 3: 0 + 4 + 3 */
	perf_statistics_calc(stats);
	check_u64("function 1: 150 cycles, 140 its own",
	          stat_of(s, 1)->total * 1000 + stat_of(s, 1)->self, 150140);
	check_u64("function 2: the step is 0 cycles: 10 cycles, 5 its own",
	          stat_of(s, 2)->total * 1000 + stat_of(s, 2)->self, 10005);
	check_u64("function 3: the step before the second summary is 0 too: 7 cycles",
	          stat_of(s, 3)->total, 7);
	check_u64("function 4: 2 calls of 5 and 4 cycles",
	          stat_of(s, 4)->calls * 1000 + stat_of(s, 4)->total, 2009);
	check_u64("the two steps back counted", s->back, 2);
	perf_statistics_dump_to(stats, put_dump, dump);
	const char *tail = strstr(dump, "the time stamps");
	check_u64("the dump's last line says so",
	          tail && !strcmp(tail,
	                          "the time stamps went back 2 times (PERF_RESET while recording): "
	                          "no time was counted across them\n"),
	          1);
}

/* An interrupt that switches the buffer out to frame_isr_buf and back. */
static void *frame_isr_buf;

static void frame_interrupt(void)
{
	interrupt_at(frame_isr_buf, fake_perfscope[0] + 10, fake_perfscope[0] + 20);
}

int main(void)
{
	run_frame_written();
	check_u64("statistics refuse a misaligned buffer",
	          (uint64_t)perf_statistics_init((char *)fake_perfscope + 4, 4096),
	          (uint64_t)-PERF_EINVAL);
	check_u64("no measurement buffer: calc refuses",
	          (uint64_t)perf_statistics_calc(fake_perfscope), (uint64_t)-PERF_EINVAL);

	/* 4 events of room, 10 events: 6 lost, never written past. */
	void *events = malloc(PERF_FUNCCOST_SIZE(4));
	check_u64("init: 4 lines",
	          (uint64_t)perf_funccost_init(fake_perfscope, events, PERF_FUNCCOST_SIZE(4)), 4);
	for (uintptr_t f = 1; f <= 5; f++)
		call(f, (uint32_t)(10 * f), (uint32_t)(10 * f + 3));
	check_u64("full: 6 events lost", perf_funccost_current()->lost, 6);

	/* A statistics buffer for 1 function: the second function is dropped. */
	void *stats = aligned_alloc(8, PERF_STATISTICS_SIZE(1));
	check_u64("statistics: 1 function",
	          (uint64_t)perf_statistics_init(stats, PERF_STATISTICS_SIZE(1)), 1);
	check_u64("calc consumes 4 events", (uint64_t)perf_statistics_calc(stats), 4);
	const struct perf_statistics *s = stats;
	check_u64("function 1: one call of 3 cycles", s->fn[0].calls * 100 + s->fn[0].total, 103);
	check_u64("function 2: no room, dropped", s->dropped, 1);
	check_u64("the loss is carried into the statistics", s->lost, 6);

	/* Deeper than PERF_FUNCSTAT_DEPTH: the excess is dropped, not written. */
	void *old = events; /* init brings the current buffer up to date: free it after */
	events = malloc(PERF_FUNCCOST_SIZE(2 * (PERF_FUNCSTAT_DEPTH + 3)));
	perf_funccost_init(fake_perfscope, events, PERF_FUNCCOST_SIZE(2 * (PERF_FUNCSTAT_DEPTH + 3)));
	free(old);
	for (int i = 0; i < PERF_FUNCSTAT_DEPTH + 3; i++)
		__cyg_profile_func_enter((void *)1, NULL);
	for (int i = 0; i < PERF_FUNCSTAT_DEPTH + 3; i++)
		__cyg_profile_func_exit((void *)1, NULL);
	perf_statistics_init(stats, PERF_STATISTICS_SIZE(1));
	perf_statistics_calc(stats);
	/* The 3 calls past the depth are dropped once each: at the end their
	 * exits find no call open, and an exit with none is no drop. */
	check_u64("too deep: the 3 calls past the depth dropped", s->dropped, 3);
	check_u64("too deep: depth capped", s->max_depth, PERF_FUNCSTAT_DEPTH);

	/* Context switches: the time a context is out is not its calls'. */
	void *main_ev = malloc(PERF_FUNCCOST_SIZE(6));
	void *isr_ev = malloc(PERF_FUNCCOST_SIZE(4));
	perf_funccost_init(fake_perfscope, isr_ev, PERF_FUNCCOST_SIZE(4));
	perf_funccost_init(fake_perfscope, main_ev, PERF_FUNCCOST_SIZE(6));
	free(events);
	fake_perfscope[0] = 100;
	__cyg_profile_func_enter((void *)1, NULL);
	fake_perfscope[0] = 110;                        /* interrupt: out at 110 */
	struct perf_funccost *was = perf_funccost_switch(isr_ev);
	check_u64("switch returns the previous buffer", was == main_ev, 1);
	call(2, 120, 150);                              /* the handler's own call */
	fake_perfscope[0] = 160;                        /* back at 160 (+5 leak) */
	perf_context_set_leak(5);
	perf_funccost_switch(was);
	fake_perfscope[0] = 200;
	__cyg_profile_func_exit((void *)1, NULL);
	check_u64("the gap takes a line from the end",
	          (uint64_t)(perf_funccost_current()->end - perf_funccost_current()->rec), 5);
	perf_statistics_init(stats, PERF_STATISTICS_SIZE(1));
	perf_statistics_calc(stats);
	check_u64("switched out 110..165: function 1 took 100 - 55 cycles",
	          s->fn[0].total * 10 + s->fn[0].calls, 451);
	check_u64("the excluded time is kept for open calls", s->excluded, 55);
	check_u64("calc frees the gap's line",
	          (uint64_t)(perf_funccost_current()->end - perf_funccost_current()->rec), 6);

	/* A hook interrupted after it found next: its event lands after the
	 * gap's line was taken, stamped before the switch; the stamp orders it. */
	perf_context_set_leak(0);
	fake_perfscope[0] = 300;
	__cyg_profile_func_enter((void *)1, NULL);
	fake_perfscope[0] = 310;
	perf_funccost_switch(isr_ev);
	fake_perfscope[0] = 330;
	perf_funccost_switch(main_ev);
	fake_perfscope[0] = 305;                        /* the interrupted exit's stamp */
	__cyg_profile_func_exit((void *)1, NULL);
	fake_perfscope[0] = 340;                        /* the summary, after the switch back */
	perf_statistics_init(stats, PERF_STATISTICS_SIZE(1));
	perf_statistics_calc(stats);
	check_u64("an event stamped before the switch counts before the gap: 5 cycles, then 20 out",
	          s->fn[0].total * 10 + s->excluded, 70);

	/* No line to spare for a gap: it is lost, counted, nothing overwritten. */
	perf_funccost_clear();
	for (int i = 0; i < 5; i++)
		__cyg_profile_func_enter((void *)1, NULL);
	perf_funccost_switch(isr_ev);
	perf_funccost_switch(main_ev);
	check_u64("a gap without a free line is lost",
	          perf_funccost_lost(perf_funccost_current()) * 10 +
	                  perf_funccost_count(perf_funccost_current()),
	          15);

	/* Events and gaps just under 2^31 cycles apart (common/perf_gap.h):
	 * a call lasts up to 2^32 cycles, the stream orders it. */
	perf_funccost_clear();
	at(0, 1);
	interrupt_at(isr_ev, 0x7ffffff0u, 0x800000f0u);
	at(0x800001e0u, 0);
	check_u64("an entry over 2^31 cycles before the summary comes before the gap",
	          total_of_calc(stats), 0x800000e0u);
	at(0, 1);
	interrupt_at(isr_ev, 10, 0x7ffffff0u);
	at(0x80000000u, 0);
	check_u64("an exit after a gap of nearly 2^31 cycles comes after the gap",
	          total_of_calc(stats), 10 + 0x10);


	/* A leak larger than the handler's real overhead: the gap ends at 260,
	 * after the exit at 170; no stamp may move back in time. */
	perf_context_set_leak(100);
	at(100, 1);
	interrupt_at(isr_ev, 110, 160);
	at(170, 0);
	check_u64("a leak longer than the time after the gap: 10 cycles, not wrapped",
	          total_of_calc(stats), 10);
	at(1100, 1);
	interrupt_at(isr_ev, 1110, 1160);
	fake_perfscope[0] = 1170;                       /* a summary before the gap ends */
	perf_statistics_init(stats, PERF_STATISTICS_SIZE(1));
	perf_statistics_calc(stats);
	at(1200, 0);
	perf_statistics_calc(stats);
	check_u64("the gap's rest, after a summary, still comes off the next events: 10 cycles",
	          s->fn[0].total, 10);
	perf_funccost_clear();
	interrupt_at(isr_ev, 3000, 3010);               /* as the handler's context is switched in */
	call(2, 3020, 3060);
	check_u64("no call open across the gap: a call inside the leak keeps its 40 cycles",
	          total_of_calc(stats), 40);
	perf_context_set_leak(0);

	/* An interrupt between the frame's two passes changes neither. */
	perf_funccost_clear();
	call(1, 2000, 2010);
	static struct line plain, interrupted, after;
	perf_funccost_frame(put_line, &plain);
	frame_isr_buf = isr_ev;
	interrupted.interrupt = frame_interrupt;
	perf_funccost_frame(put_line, &interrupted);
	check_u64("an interrupt during the frame: the frame as before it",
	          strcmp(interrupted.text, plain.text) == 0, 1);
	perf_funccost_frame(put_line, &after);
	check_u64("the interrupt's gap is in the next frame", after.len > plain.len, 1);
	reset_while_recording();
	free(main_ev);
	free(isr_ev);
	free(stats);
	wide_table();
	return check_failures() != 0;
}
