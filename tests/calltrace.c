/* SPDX-License-Identifier: Apache-2.0 */
/* Call trace (driver/hooks/calltrace.c) with the NITRO-SDK's own test1/
 * test2/test3 program, built with -finstrument-functions: the live chain in
 * stack mode, order and depth in log mode, ring wrap-around, stack overflow
 * and underflow, enable/disable, and the dump's exact text. Every time stamp
 * the hooks read is checked by the reference model. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lib/check.h"
#include "perfscope_calltrace.h"
#include "soc.h"

#define PERF ((void *)SOC_PERF_BASE)
#define LINES(n) ((sizeof(struct perf_calltrace) + (n) * sizeof(struct perf_calltrace_record)) / 4)

static uint32_t big[LINES(32)], small[LINES(4)], tiny[LINES(2)];
static uint32_t site[4];                      /* return address of test1..test3 */
static struct perf_calltrace seen;            /* the trace as test3 saw it */
static uint32_t seen_count;
static struct perf_calltrace_record seen_rec[4];
static char text[1024];
static unsigned text_len;

static PERF_NO_TRACE int put_text(int c, void *ctx)
{
	(void)ctx;
	if (text_len + 1 >= sizeof text)
		return -1;
	text[text_len++] = (char)c;
	text[text_len] = '\0';
	return c;
}

/* Helpers are not traced: only test1..test3 are. */
static PERF_NO_TRACE void snapshot(void)
{
	const struct perf_calltrace *t = perf_calltrace_current();
	seen = *t;
	seen_count = perf_calltrace_count(t);
	memcpy(seen_rec, t->rec, sizeof seen_rec);
}

__attribute__((noinline)) int test3(int a)
{
	site[3] = (uint32_t)(uintptr_t)__builtin_return_address(0);
	snapshot();
	return a + 4;
}

__attribute__((noinline)) int test2(int a)
{
	site[2] = (uint32_t)(uintptr_t)__builtin_return_address(0);
	return test3(a + 2) + 0;
}

__attribute__((noinline)) int test1(int a)
{
	site[1] = (uint32_t)(uintptr_t)__builtin_return_address(0);
	return test2(a + 1) + 0;
}

static PERF_NO_TRACE uint32_t fn(int (*f)(int))
{
	return (uint32_t)(uintptr_t)f;
}

/* A record's line in the dump, as the driver must print it. */
static PERF_NO_TRACE void expect_line(char *out, size_t size, const struct perf_calltrace_record *r)
{
	snprintf(out, size, "%*sfn=0x%08lx ra=0x%08lx t=%lu d=%lu\n", (int)(2 * r->depth), "",
	         (unsigned long)r->fn, (unsigned long)r->site, (unsigned long)r->stamp,
	         (unsigned long)r->depth);
}

/* The i-th newest record of a log-mode trace. */
static PERF_NO_TRACE const struct perf_calltrace_record *newest(const struct perf_calltrace *t, int i)
{
	const struct perf_calltrace_record *r = t->next - 1 - i;
	return r < t->rec ? r + t->lines : r;
}

static void stack_mode(void)
{
	check_u64("stack: init returns the lines", (uint64_t)perf_calltrace_init(PERF, big, sizeof big, PERF_CALLTRACE_STACK), 32);
	check_u64("stack: test1(0x100) returns 0x107", (uint64_t)test1(0x100), 0x107);
	check_u64("stack: three calls open in test3", seen_count, 3);
	int (*const chain[])(int) = {test1, test2, test3};
	for (int i = 0; i < 3; i++) {
		char what[64];
		snprintf(what, sizeof what, "stack: record %d is test%d", i, i + 1);
		check_u64(what, seen_rec[i].fn, fn(chain[i]));
		snprintf(what, sizeof what, "stack: record %d call site", i);
		check_u64(what, seen_rec[i].site, site[i + 1]);
		snprintf(what, sizeof what, "stack: record %d depth", i);
		check_u64(what, seen_rec[i].depth, (uint64_t)i);
	}
	check_u64("stack: stamps increase", seen_rec[0].stamp < seen_rec[1].stamp &&
	          seen_rec[1].stamp < seen_rec[2].stamp, 1);
	check_u64("stack: all popped after the return", perf_calltrace_count(perf_calltrace_current()), 0);

	/* The dump of the chain test3 saw, newest first. */
	struct perf_calltrace *t = (struct perf_calltrace *)big;
	t->next = t->rec + 3;
	memcpy(t->rec, seen_rec, 3 * sizeof seen_rec[0]);
	char want[512];
	int len = snprintf(want, sizeof want, "perf_calltrace_dump: ra=0x%08lx stack 3/32\n", 0x1234ul);
	for (int i = 2; i >= 0; i--)
		expect_line(want + len, sizeof want - (size_t)len, &seen_rec[i]), len = (int)strlen(want);
	text_len = 0;
	check_u64("stack: dump succeeds", (uint64_t)perf_calltrace_dump_to(0x1234, put_text, NULL), 0);
	check_u64("stack: dump text", strcmp(text, want) == 0, 1);
	if (strcmp(text, want) != 0)
		printf("got:\n%swant:\n%s", text, want);
	fputs(text, stdout); /* for a person to read */
	t->next = t->rec;
}

static void log_mode(void)
{
	perf_calltrace_init(PERF, big, sizeof big, PERF_CALLTRACE_LOG);
	test1(0x100);
	test1(0x200);
	const struct perf_calltrace *t = perf_calltrace_current();
	check_u64("log: six records kept", perf_calltrace_count(t), 6);
	check_u64("log: nothing open", t->depth, 0);
	static const int order[] = {3, 2, 1, 3, 2, 1}; /* newest first */
	int (*const f[])(int) = {0, test1, test2, test3};
	int ok = 1;
	for (int i = 0; i < 6; i++) {
		const struct perf_calltrace_record *r = newest(t, i);
		ok &= r->fn == fn(f[order[i]]) && r->depth == (uint32_t)order[i] - 1;
	}
	check_u64("log: newest first test3, test2, test1, test3, test2, test1 at depths 2, 1, 0", ok, 1);

	perf_calltrace_init(PERF, small, sizeof small, PERF_CALLTRACE_LOG);
	for (int i = 0; i < 3; i++)
		test1(i);
	t = perf_calltrace_current();
	check_u64("ring: four lines", t->lines, 4);
	check_u64("ring: keeps exactly four", perf_calltrace_count(t), 4);
	ok = 1;
	for (int i = 0; i < 4; i++) {
		const struct perf_calltrace_record *r = newest(t, i);
		ok &= r->fn == fn(f[order[i]]);
	}
	check_u64("ring: the newest four are test3, test2, test1, test3", ok, 1);
	text_len = 0;
	perf_calltrace_dump_to(0, put_text, NULL);
	check_u64(
	        "ring: dump counts the five older calls overwritten (nine in four lines)",
	        strstr(text,
	               "perf_calltrace_dump: 5 older calls overwritten (log mode keeps the newest 4)\n") !=
	                NULL,
	        1);
}

static void overflow(void)
{
	perf_calltrace_init(PERF, tiny, sizeof tiny, PERF_CALLTRACE_STACK);
	test1(0);
	check_u64("overflow: test3 saw two records", seen_count, 2);
	check_u64("overflow: and one call not recorded", seen.hidden, 1);
	const struct perf_calltrace *t = perf_calltrace_current();
	check_u64("overflow: all popped after the return", perf_calltrace_count(t) + t->hidden + t->depth, 0);
	check_u64("overflow: counted once", t->overflows, 1);
	text_len = 0;
	perf_calltrace_dump_to(0, put_text, NULL);
	static const char said[] =
	        "perf_calltrace_dump: 1 call not recorded (buffer full), 0 exits without a call\n";
	check_u64("overflow: dump reports it", strstr(text, said) != NULL, 1);
}

__attribute__((noinline)) void start_inside(void)
{
	perf_calltrace_init(PERF, big, sizeof big, PERF_CALLTRACE_STACK);
}

static void underflow_and_enable(void)
{
	start_inside(); /* its exit has no entry in the trace */
	const struct perf_calltrace *t = perf_calltrace_current();
	check_u64("underflow: an exit without a call is counted", t->underflows, 1);
	check_u64("disable: returns the previous state", (uint64_t)perf_calltrace_disable(), 1);
	test1(0);
	check_u64("disable: nothing recorded", seen_count + perf_calltrace_count(t), 0);
	check_u64("restore: returns the previous state", (uint64_t)perf_calltrace_restore(1), 0);
	test1(0);
	check_u64("restore: recording again", seen_count, 3);
	perf_calltrace_clear();
	check_u64("clear: empty, counts zero", perf_calltrace_count(t) + t->depth + t->underflows + t->overflows, 0);
}

/* GCC inlines inl() into twice(): the inlined copies call the entry hook
 * but run no entry nop, so no trampoline stages their arguments. */
static inline __attribute__((always_inline)) int inl(int a)
{
	return a * 3;
}

__attribute__((noinline)) int twice(int a)
{
	return inl(a) + inl(a + 1);
}

/* Not instrumented, but built with the entry nop: it runs the trampoline
 * and no hook. */
__attribute__((noinline, no_instrument_function)) int quiet(int a)
{
	return a + 1;
}

#define ARGS_LINES(n) (PERF_CALLTRACE_ARGS_SIZE(n) / 4)
static uint32_t big_args[ARGS_LINES(32)], small_args[ARGS_LINES(4)], tiny_args[ARGS_LINES(2)];

/* a0 of the i-th newest record of a log-mode trace with arguments. */
static PERF_NO_TRACE uint32_t newest_a0(const struct perf_calltrace *t, int i)
{
	return perf_calltrace_args_of(t, newest(t, i))->a[0];
}

/* PERF_CALLTRACE_ARGS: a0-a3 as each function found them, the seed's
 * test1(0x100) giving test2 0x101 and test3 0x103. */
static void args_mode(void)
{
	check_u64("args: init patches the entries and returns the lines",
	          (uint64_t)perf_calltrace_init(PERF, big_args, sizeof big_args, PERF_CALLTRACE_LOG | PERF_CALLTRACE_ARGS), 32);
	test1(0x100);
	test1(0x200);
	const struct perf_calltrace *t = perf_calltrace_current();
	static const uint32_t want[] = {0x203, 0x201, 0x200, 0x103, 0x101, 0x100}; /* newest first */
	int ok = perf_calltrace_count(t) == 6;
	for (int i = 0; i < 6; i++)
		ok &= newest_a0(t, i) == want[i];
	check_u64("args: log mode, newest first a0 = 0x203 0x201 0x200 0x103 0x101 0x100", ok, 1);

	/* The dump's line of the newest record, arguments at its end. */
	const struct perf_calltrace_record *r = newest(t, 0);
	const struct perf_calltrace_args *a = perf_calltrace_args_of(t, r);
	char want_line[160], line[160];
	expect_line(line, sizeof line, r);
	line[strlen(line) - 1] = '\0';
	snprintf(want_line, sizeof want_line, "%s a0=0x%08lx a1=0x%08lx a2=0x%08lx a3=0x%08lx\n", line,
	         (unsigned long)a->a[0], (unsigned long)a->a[1], (unsigned long)a->a[2], (unsigned long)a->a[3]);
	text_len = 0;
	perf_calltrace_dump_to(0, put_text, NULL);
	check_u64("args: the dump prints a0-a3", strstr(text, want_line) != NULL, 1);

	/* Ring wrap-around: the arguments wrap with their records. */
	perf_calltrace_init(PERF, small_args, sizeof small_args, PERF_CALLTRACE_LOG | PERF_CALLTRACE_ARGS);
	for (int i = 0; i < 3; i++)
		test1(i);
	t = perf_calltrace_current();
	check_u64("args: ring of four keeps a0 = 5 3 2 4, newest first",
	          newest_a0(t, 0) == 5 && newest_a0(t, 1) == 3 && newest_a0(t, 2) == 2 && newest_a0(t, 3) == 4, 1);
	check_u64("args: a function that is not traced leaves the oldest record's a0 = 4",
	          (uint64_t)quiet(0x77) + newest_a0(t, 3), 0x78 + 4);

	/* Inlined calls: a0-a3 = 0, not twice()'s nor what the lines held. */
	memset(small_args, 0xa5, sizeof small_args);
	perf_calltrace_init(PERF, small_args, sizeof small_args, PERF_CALLTRACE_LOG | PERF_CALLTRACE_ARGS);
	check_u64("args: twice(0x40) = 0xc0 + 0xc3", (uint64_t)twice(0x40), 0x183);
	ok = perf_calltrace_count(t) == 3 && newest(t, 2)->fn == fn(twice) && newest_a0(t, 2) == 0x40;
	for (int i = 0; i < 2; i++) {
		const struct perf_calltrace_args *z = perf_calltrace_args_of(t, newest(t, i));
		ok &= newest(t, i)->fn == fn(inl) && (z->a[0] | z->a[1] | z->a[2] | z->a[3]) == 0;
	}
	check_u64("args: twice keeps a0 = 0x40, its two inlined inl() calls a0-a3 = 0", ok, 1);

	/* Stack mode, full: the call not recorded writes no arguments. */
	perf_calltrace_init(PERF, tiny_args, sizeof tiny_args, PERF_CALLTRACE_STACK | PERF_CALLTRACE_ARGS);
	test1(0x10);
	t = perf_calltrace_current();
	check_u64("args: stack full, test1 and test2 keep a0 = 0x10, 0x11",
	          perf_calltrace_args_of(t, &t->rec[0])->a[0] == 0x10 && perf_calltrace_args_of(t, &t->rec[1])->a[0] == 0x11, 1);
	check_u64("args: and test3 was not recorded", t->overflows, 1);
	check_u64("args: a stack trace without arguments still works after patching",
	          (uint64_t)perf_calltrace_init(PERF, big, sizeof big, PERF_CALLTRACE_STACK) + (uint64_t)test1(0x100), 32 + 0x107);
	check_u64("args: and records the chain", seen_count, 3);
}

int main(void)
{
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	stack_mode();
	log_mode();
	overflow();
	underflow_and_enable();
	args_mode();
	/* The seed's output, for a person to read, without and with the
	 * arguments. tests/frames.py checks each frame against its dump. */
	perf_calltrace_init(PERF, big, sizeof big, PERF_CALLTRACE_LOG);
	test1(0x100);
	test1(0x100);
	perf_calltrace_dump();
	perf_calltrace_frame(NULL, NULL);
	perf_calltrace_init(PERF, big_args, sizeof big_args, PERF_CALLTRACE_LOG | PERF_CALLTRACE_ARGS);
	test1(0x100);
	test1(0x200);
	perf_calltrace_dump();
	perf_calltrace_frame(NULL, NULL);
	perf_calltrace_disable();
	return check_failures();
}
