/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The runtime `make profile` links into a program: it wraps the program's
 * main (-Wl,--wrap=main), hands it its argc and argv unchanged, records the
 * entry and exit of every instrumented function from main's first
 * instruction to its end with the function-cost hooks, and prints the
 * events frame for perfscope at the end: when the run reaches the C
 * library's _exit (-Wl,--wrap=_exit), after the atexit() handlers of
 * exit(), which crt0.S calls when main returns, from abort() or a failed
 * assert(), or from _exit() itself; or at a trap that the default trap
 * handler gets, which ends the run.
 *
 * The stamps come from the SoC's MTIME, not perfscope's global time: the
 * program under profile owns perfscope and may reset or stop it (the demo
 * does both), which would break the timeline. MTIME counts the same clock
 * cycles and never stops. perf_funccost_init reads its stamps at the
 * perfscope base plus TIME_LO(0)'s offset, so the base given is MTIME's
 * address less that offset.
 */
#include <stddef.h>
#include <stdint.h>

#include "perf_out.h"
#include "perfscope.h"
#include "perfscope_regs.h"
#include "perfscope_funccost.h"
#include "soc.h"
#include "sys/alt_irq.h"

/* The buffers' sizes in entries and exits, PROFILE_EVENTS and
 * PROFILE_IRQ_EVENTS: tools/profile.mk gives both (their defaults are
 * there); more events than fit are counted as lost, and said. */
#if !defined(PROFILE_EVENTS) || !defined(PROFILE_IRQ_EVENTS)
#error "build profile_main.c with -DPROFILE_EVENTS= and -DPROFILE_IRQ_EVENTS= (tools/profile.mk does)"
#endif
/* 2^26 at most, as profile.mk checks: both buffers together stay below
 * the largest object GCC makes (2^31 bytes). */
_Static_assert(PROFILE_EVENTS <= (1u << 26) && PROFILE_IRQ_EVENTS <= (1u << 26),
               "PROFILE_EVENTS and PROFILE_IRQ_EVENTS are at most 2^26");

/* Both buffers in one array, in a section of their own that link.ld puts
 * at the top of .bss, just below the heap and the stack, and a guard of
 * GUARD_WORDS words above them. A program that needs more stack than make
 * profile leaves it (deep recursion, large local arrays) meets the guard
 * before the buffers and before its own data: profile_end finds it written
 * and prints a line instead of the frames, which would be wrong. A frame
 * that skips the guard without writing into it is not seen. */
#define EVENTS_WORDS (PERF_FUNCCOST_SIZE(PROFILE_EVENTS) / 4)
#define IRQ_WORDS    (PERF_FUNCCOST_SIZE(PROFILE_IRQ_EVENTS) / 4)
#define GUARD_WORDS  64
#define GUARD        0x5afe57acu
static uint32_t buffers[EVENTS_WORDS + IRQ_WORDS + GUARD_WORDS] __attribute__((section(".profile_bss")));
#define EVENTS_BUF ((struct perf_funccost *)(void *)buffers)
static uint32_t *const guard = buffers + EVENTS_WORDS + IRQ_WORDS;

/* Interrupts record into a buffer of their own, as docs/hooks.md
 * ("Interrupts and threads") asks of every handler that runs instrumented
 * code: the hooks do not mask interrupts, so a handler's events would cut
 * into those of the hook it interrupted, and its time would count in the
 * calls it interrupted. The trap entry's trap_handler is wrapped here
 * (-Wl,--wrap=trap_handler), and the HAL's alarms mark their interrupt
 * (soc_irq_mark, soc.h). */
#define IRQ_BUF ((struct perf_funccost *)(void *)(buffers + EVENTS_WORDS))
static struct perf_funccost *interrupted; /* the buffer the outermost interrupt switched from */
static unsigned irq_depth;                /* interrupts open: a trap inside a handler nests */
/* The run has ended: nothing more is recorded (interrupts are masked from
 * then on; a trap while the frames print is not counted in them). */
static int ended;
/* The program buffer's events when main returned: the run goes on in
 * exit(), whose atexit() handlers are recorded too; the calls open then
 * are counted at the end, from the events before. */
static uint32_t events_at_return = UINT32_MAX;

void soc_irq_mark(int enter, uint32_t cause) PERF_NO_TRACE;
void __real_trap_handler(unsigned mcause, unsigned mepc);
void __wrap_trap_handler(unsigned mcause, unsigned mepc) PERF_NO_TRACE;
int __real_main(int argc, char **argv);
int __wrap_main(int argc, char **argv) PERF_NO_TRACE;
void __real__exit(int code) __attribute__((noreturn));
void __wrap__exit(int code) PERF_NO_TRACE __attribute__((noreturn));
static void profile_end(void) PERF_NO_TRACE;
static int guard_holds(void) PERF_NO_TRACE;
static int open_calls(const struct perf_funccost *c, uint32_t n) PERF_NO_TRACE;
static void end_calls(void) PERF_NO_TRACE;
void __real_soc_default_trap_handler(unsigned mcause, unsigned mepc);
void __wrap_soc_default_trap_handler(unsigned mcause, unsigned mepc) PERF_NO_TRACE;

/* An interrupt begins (enter 1) or ends: the outermost switches buffers. */
void soc_irq_mark(int enter, uint32_t cause)
{
	(void)cause;
	if (ended)
		return;
	if (enter && irq_depth++ == 0)
		interrupted = perf_funccost_switch(IRQ_BUF);
	else if (!enter && irq_depth && --irq_depth == 0)
		perf_funccost_switch(interrupted);
}

/* The trap entry's handler, the program's or the default, in that buffer.
 * The default ends the run at any trap it gets (its line, then 100 +
 * cause): the calls recorded up to the trap go out first, those open
 * ending there. */
void __wrap_trap_handler(unsigned mcause, unsigned mepc)
{
	if (__real_trap_handler == __real_soc_default_trap_handler)
		profile_end();
	soc_irq_mark(1, mcause);
	__real_trap_handler(mcause, mepc);
	soc_irq_mark(0, mcause);
}

/* The calls open after the first n events of buffer c (0 if it lost
 * events: it cannot tell how many are open). */
static int open_calls(const struct perf_funccost *c, uint32_t n)
{
	int open = 0;
	for (uint32_t i = 0; i < n; i++)
		open += c->rec[i].fn == PERF_FUNCCOST_EXIT ? -1 : 1;
	return perf_funccost_lost(c) == 0 ? open : 0;
}

/* Ends the calls still open in the current buffer, each by the exit hook's
 * own event. */
static void end_calls(void)
{
	const struct perf_funccost *const c = perf_funccost_current();
	for (int i = open_calls(c, perf_funccost_count(c)); i > 0; i--)
		__cyg_profile_func_exit(NULL, NULL);
}

/* The guard as __wrap_main wrote it. */
static int guard_holds(void)
{
	for (int i = 0; i < GUARD_WORDS; i++)
		if (guard[i] != GUARD)
			return 0;
	return 1;
}

/* Ends the calls still open, stops the recording and prints the frames,
 * once. From exit() or _exit() those are main's and the calls it was made
 * from: each ends here, as if it had returned. When main returned none
 * should have been: a longjmp left them, and as the exits are paired with
 * entries by depth, the calls around them were charged wrongly; a line
 * says so, which make profile adds to its warnings. Interrupts stay
 * masked to the end of the run, which every caller goes on to: a handler
 * would be recorded, or print into the frames. */
static void profile_end(void)
{
	if (ended)
		return;
	(void)alt_irq_disable_all();
	ended = 1;
	/* perfscope's counters stop with the program: what follows is the
	 * runtime's, not the program's (make profile's report.txt reads them
	 * after the exit). */
	PERF_STOP_MEASURING((void *)SOC_PERF_BASE);
	if (irq_depth) { /* the run ends inside a handler: its calls end, then the program's */
		irq_depth = 0;
		end_calls();
		perf_funccost_switch(interrupted);
	}
	const int left_open = events_at_return == UINT32_MAX ? 0 : open_calls(EVENTS_BUF, events_at_return);
	end_calls();
	perf_funccost_disable();
	if (!guard_holds()) {
		struct perf_out o = { perf_put_stdout, NULL, 0 };
		perf_out_str(&o, "\nprofile: error: the stack grew into the events buffers below it (");
		perf_out_num(&o, (uint64_t)(sizeof buffers), 0, 0, 0);
		perf_out_str(&o, " bytes), so the calls recorded are damaged and no frame is printed: a "
		                 "larger RAM_BYTES or a smaller PROFILE_EVENTS leaves the stack room, and "
		                 "MODE=retire needs no buffer\n");
		return;
	}
	/* What follows begins a line: the program's output may not have ended
	 * its last (a blank line if it did), and the host tool reads a frame
	 * after other text only with a warning. */
	perf_put_stdout('\n', NULL);
	if (left_open > 0) {
		struct perf_out o = { perf_put_stdout, NULL, 0 };
		perf_out_str(&o, "profile: warning: ");
		perf_out_num(&o, (uint64_t)left_open, 0, 0, 0);
		perf_out_str(&o, left_open == 1 ? " call was" : " calls were");
		perf_out_str(&o, " still open when main returned (a longjmp out of them, or threads that "
		                 "switch stacks?): exits pair with the newest open call, so the calls made after "
		                 "them are counted deeper, and their time in the wrong functions; MODE=retire "
		                 "follows a longjmp, the hook libraries threads (docs/programmers-guide.md 6.3)\n");
	}
	perf_funccost_frame(NULL, NULL);
	/* Then the interrupts' buffer, if a handler recorded anything. The
	 * time since its last handler is no gap of its recording: the switch
	 * that prints it adds none (and needs no free line for one). */
	if (perf_funccost_count(IRQ_BUF) || perf_funccost_lost(IRQ_BUF)) {
		IRQ_BUF->out = 0;
		perf_funccost_switch(IRQ_BUF);
		perf_funccost_disable();
		perf_funccost_frame(NULL, NULL);
	}
}

int __wrap_main(int argc, char **argv)
{
	const void *const mtime = (const void *)(uintptr_t)(SOC_MTIME_LO - PERF_REG_TIME_LO(0));
	perf_funccost_init(mtime, IRQ_BUF, IRQ_WORDS * 4);       /* then switched out by ... */
	perf_funccost_init(mtime, EVENTS_BUF, EVENTS_WORDS * 4); /* ... the program's */
	for (int i = 0; i < GUARD_WORDS; i++)
		guard[i] = GUARD;
	const int status = __real_main(argc, argv);
	events_at_return = perf_funccost_count(EVENTS_BUF);
	return status;
}

/* A program's own handler that hands a trap to the default one
 * (soc_default_trap_handler, soc.h) ends the run there too. */
void __wrap_soc_default_trap_handler(unsigned mcause, unsigned mepc)
{
	profile_end();
	__real_soc_default_trap_handler(mcause, mepc);
}

/* Every end of the run but a return from main or a trap comes here,
 * exit()'s after the program's atexit() handlers. */
void __wrap__exit(int code)
{
	profile_end();
	__real__exit(code);
}
