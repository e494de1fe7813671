/* Host tests of the profile hooks at their limits, under ASan/UBSan. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "hook_calls.h"
#include "perfscope_trace.h"

/* A new profile, counting, made current at t. */
static int counting_at(uint32_t t)
{
	static uint64_t bufs[3][PERF_PROFILE_SIZE(2) / 8];
	static int used;
	const int id = perf_profile_create(bufs[used++], sizeof bufs[0]);
	perf_profile_unfreeze(id);
	perf_profile_enable(id);
	fake_perfscope[0] = t;
	perf_profile_switch(id);
	return id;
}

/* An interrupt that switches from profile frame_thread to frame_isr and
 * back, 10 cycles after each. */
static int frame_thread, frame_isr;

static void frame_interrupt(void)
{
	fake_perfscope[0] += 10;
	perf_profile_switch(frame_isr);
	fake_perfscope[0] += 10;
	perf_profile_switch(frame_thread);
}

int main(void)
{
	perf_profile_attach(fake_perfscope);
	check("bad id refused", (uint64_t)perf_profile_enable(40), (uint64_t)-PERF_EINVAL);
	check("no current profile: mark refused", (uint64_t)perf_profile_mark_enter(), (uint64_t)-PERF_EINVAL);
	static uint64_t small[2];
	check("a buffer too small refused", (uint64_t)perf_profile_create(small, sizeof small), (uint64_t)-PERF_EINVAL);
	void *buf = aligned_alloc(8, PERF_PROFILE_SIZE(1));
	const int id = perf_profile_create(buf, PERF_PROFILE_SIZE(1));
	perf_profile_unfreeze(id);
	perf_profile_enable(id);
	perf_profile_switch(id);
	for (int i = 0; i < PERF_PROFILE_DEPTH + 2; i++)
		__cyg_profile_func_enter((void *)(uintptr_t)(1 + i % 2), NULL);
	const struct perf_profile *p = perf_profile_get(id);
	check("above the depth limit: 2 warnings", p->warn_high, 2);
	for (int i = 0; i < PERF_PROFILE_DEPTH + 3; i++)
		__cyg_profile_func_exit(NULL, NULL);
	check("below 0: 1 warning", p->warn_low, 1);
	check("a table of 1 function drops the other", p->dropped, PERF_PROFILE_DEPTH / 2);
	check("close with nothing open", (uint64_t)perf_profile_close(id), 0);

	/* Intervals longer than 2^31 cycles (calls up to 2^32). */
	const int big = counting_at(0);
	at(10, 1);
	at(0x90000000u, 0);
	at(0x90000010u, 2);
	at(0x90000020u, 0);
	check("an interval of 2^31 cycles or more is counted, and the ones after it",
	      perf_profile_get(big)->counted, 0x90000020u);

	/* The leak comes off the intervals after the switch back, at most all
	 * of each: 100 cycles of it, from 1000 to 1100. */
	const int other = counting_at(0), leaky = counting_at(0);
	perf_context_set_leak(100);
	perf_profile_switch(other);
	fake_perfscope[0] = 1000;
	perf_profile_switch(leaky);
	at(1040, 1);
	at(1080, 0);
	at(1120, 2);
	at(1130, 0);
	perf_context_set_leak(0);
	check("the leak spans events: 30 of the 130 cycles counted", perf_profile_get(leaky)->counted, 30);

	/* An interrupt between the frame's two passes changes neither. */
	static struct line plain, interrupted, after;
	frame_thread = leaky;
	frame_isr = other;
	interrupted.interrupt = frame_interrupt;
	at(2000, 1);
	perf_profile_frame(PERF_PROFILE_CURRENT, put_line, &plain);
	perf_profile_frame(PERF_PROFILE_CURRENT, put_line, &interrupted);
	check("an interrupt during the frame: the frame as before it", strcmp(interrupted.text, plain.text) == 0, 1);
	perf_profile_frame(PERF_PROFILE_CURRENT, put_line, &after);
	check("the interrupt's time is in the next frame", strcmp(after.text, plain.text) != 0, 1);
	free(buf);
	return failures ? 1 : 0;
}
