/* SPDX-License-Identifier: Apache-2.0 */
/* Asynchronous interrupts for the hooks' host tests: SIGALRM from an
 * interval timer runs a handler at whatever instruction the test is at,
 * inside a hook or not, as a machine interrupt would on the target. The
 * fake perfscope clock only moves by tick(), one atomic instruction, so
 * the handler's ticks and the interrupted code's never mix. */
#ifndef HOOKS_IRQ_SIGNAL_H
#define HOOKS_IRQ_SIGNAL_H

#include <signal.h>
#include <stdint.h>
#include <sys/time.h>

#include "hook_calls.h"

static volatile sig_atomic_t irq_count;
static void (*irq_handler)(void);

static void tick(uint32_t cycles)
{
	__atomic_fetch_add(&fake_perfscope[0], cycles, __ATOMIC_RELAXED);
}

/* What the tests' handlers run: function 3, 7 cycles, after 1000 cycles
 * of the handler's own. */
static inline void isr_work(void)
{
	tick(1000);
	enter(3);
	tick(7);
	leave();
}

static void on_alarm(int sig)
{
	(void)sig;
	irq_count++;
	irq_handler();
}

/* Interrupts every `usec` microseconds, each running handler(). */
static void irq_start(void (*handler)(void), long usec)
{
	irq_handler = handler;
	irq_count = 0;
	struct sigaction sa = { .sa_handler = on_alarm };
	sigemptyset(&sa.sa_mask);
	sigaction(SIGALRM, &sa, NULL);
	const struct itimerval it = { { 0, usec }, { 0, usec } };
	setitimer(ITIMER_REAL, &it, NULL);
}

/* No interrupt after this returns. */
static void irq_stop(void)
{
	const struct itimerval off = { { 0, 0 }, { 0, 0 } };
	setitimer(ITIMER_REAL, &off, NULL);
	signal(SIGALRM, SIG_IGN);
}

#endif
