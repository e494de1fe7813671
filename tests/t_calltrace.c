/* Call trace (driver/hooks/calltrace.c) with the NITRO-SDK's own test1/
 * test2/test3 program, built with -finstrument-functions: the live chain in
 * stack mode, order and depth in log mode, ring wrap-around, stack overflow
 * and underflow, enable/disable, and the dump's exact text. Every time stamp
 * the hooks read is checked by the reference model. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "perfscope_trace.h"
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
	check_u64("overflow: dump reports it",
	          strstr(text, "perf_calltrace_dump: 1 calls not recorded (buffer full), 0 exits without a call\n") != NULL, 1);
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

int main(void)
{
	PERF_RESET(PERF);
	PERF_START_MEASURING(PERF);
	stack_mode();
	log_mode();
	overflow();
	underflow_and_enable();
	/* The seed's output, for a person to read. */
	perf_calltrace_init(PERF, big, sizeof big, PERF_CALLTRACE_LOG);
	test1(0x100);
	test1(0x100);
	perf_calltrace_dump();
	perf_calltrace_frame(NULL, NULL); /* tests/frames.py checks it against the dump */
	perf_calltrace_disable();
	return check_failures();
}
