#include "check.h"

#include <stdio.h>
#include <string.h>

static unsigned passed, failed;

static void pass(const char *name)
{
	passed++;
	printf("PASS %s\n", name);
}

void check_u64(const char *name, uint64_t expected, uint64_t got)
{
	if (expected == got) {
		pass(name);
		return;
	}
	failed++;
	printf("FAIL %s: expected %llu (0x%llx) got %llu (0x%llx)\n", name,
	       (unsigned long long)expected, (unsigned long long)expected,
	       (unsigned long long)got, (unsigned long long)got);
}

void check_int(const char *name, long long expected, long long got)
{
	if (expected == got) {
		pass(name);
		return;
	}
	failed++;
	printf("FAIL %s: expected %lld got %lld\n", name, expected, got);
}

/* Shows s on one line as a C string literal, so whitespace differences are visible. */
static void print_quoted(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '\n')
			fputs("\\n", stdout);
		else if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else
			putchar(*s);
	}
	putchar('"');
}

void check_str(const char *name, const char *expected, const char *got)
{
	if (strcmp(expected, got) == 0) {
		pass(name);
		return;
	}
	failed++;
	printf("FAIL %s: expected ", name);
	print_quoted(expected);
	fputs(" got ", stdout);
	print_quoted(got);
	putchar('\n');
}

int check_summary(void)
{
	printf("%u passed, %u failed\n", passed, failed);
	return failed != 0;
}

/* The test program: every suite, then the verdict as exit code. */
int main(void)
{
	test_macros();
	test_driver();
	test_report();
	test_misuse();
	return check_summary();
}
