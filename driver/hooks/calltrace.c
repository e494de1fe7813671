/* SPDX-License-Identifier: Apache-2.0 */
/* Call trace hooks (NITRO-SDK CALLTRACE): -finstrument-functions entry and
 * exit hooks that keep a stack of open calls or a ring of the newest calls,
 * time-stamped by perfscope. The API is in include/perfscope_calltrace.h.
 *
 * The hooks run on every call, so they are written for few instructions:
 * one pointer to the current trace (NULL while disabled), pointers instead
 * of indices, no interrupt masking (each context has its own trace). */
#include "perfscope_calltrace.h"

#include <stddef.h>

#include "../perf_internal.h"

static struct perf_calltrace *current; /* NULL: not recording */
static struct perf_calltrace *trace;   /* the initialised trace, enabled or not */

int perf_calltrace_lines(uint32_t size)
{
	if (size < sizeof(struct perf_calltrace))
		return 0;
	return (int)((size - sizeof(struct perf_calltrace)) / sizeof(struct perf_calltrace_record));
}

uint32_t perf_calltrace_size(int lines)
{
	return (uint32_t)PERF_CALLTRACE_SIZE((uint32_t)(lines > 0 ? lines : 0));
}

int perf_calltrace_args_lines(uint32_t size)
{
	if (size < sizeof(struct perf_calltrace))
		return 0;
	return (int)((size - sizeof(struct perf_calltrace)) /
	             (sizeof(struct perf_calltrace_record) + sizeof(struct perf_calltrace_args)));
}

uint32_t perf_calltrace_args_size(int lines)
{
	return (uint32_t)PERF_CALLTRACE_ARGS_SIZE((uint32_t)(lines > 0 ? lines : 0));
}

uint32_t perf_calltrace_count(const struct perf_calltrace *t)
{
	return t->wrapped ? t->lines : (uint32_t)(t->next - t->rec);
}

/* Log mode: the older calls the ring overwrote, from the wraps and where
 * the next record goes (each wrap but the last overwrote every line),
 * saturating. Counted at the dump, not by the hooks: no instruction a call. */
static uint32_t overwritten(const struct perf_calltrace *t)
{
	if (!t->wrapped)
		return 0;
	const uint64_t n = (uint64_t)(t->wrapped - 1) * t->lines + (uint64_t)(t->next - t->rec);
	return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

#if defined(__riscv)
/*
 * The argument trampoline. A patched function starts with `jal t0, this`,
 * before its prologue, when a0-a3 still hold its arguments and the
 * temporaries are free (the program is built with -fno-ipa-ra, so no
 * caller keeps anything in them across a call; t2, the static chain of a
 * nested function, is left alone). It stages a0-a3 with the function's
 * address (the patched nop's, t0 - 4) in the current trace if it keeps
 * arguments. It writes no record line: the entry hook that follows takes
 * the staged values only if they are its function's, since a function GCC
 * inlined calls the entry hook without running any nop, and a function
 * that is not instrumented runs a nop without calling the hook.
 */
_Static_assert(offsetof(struct perf_calltrace, args_delta) == 44 &&
               offsetof(struct perf_calltrace, staged_fn) == 48 &&
               offsetof(struct perf_calltrace, staged) == 52,
               "the trampoline's offsets");
__asm__(
	"	.text\n"
	"	.balign	4\n"
	"	.type	perf_calltrace_entry_args, @function\n"
	"perf_calltrace_entry_args:\n"
	"	lui	t1, %hi(current)\n"
	"	lw	t1, %lo(current)(t1)\n"
	"	beqz	t1, 1f\n"
	"	lw	t3, 44(t1)\n"          /* args_delta */
	"	beqz	t3, 1f\n"
	"	addi	t3, t0, -4\n"
	"	sw	t3, 48(t1)\n"          /* staged_fn */
	"	sw	a0, 52(t1)\n"          /* staged */
	"	sw	a1, 56(t1)\n"
	"	sw	a2, 60(t1)\n"
	"	sw	a3, 64(t1)\n"
	"1:	jr	t0\n"
	"	.size	perf_calltrace_entry_args, . - perf_calltrace_entry_args\n");
void perf_calltrace_entry_args(void);

/* The entries link.ld collects from -fpatchable-function-entry=1; weak, so
 * that a program linked without them gets -PERF_ENOSYS. */
extern const uint32_t __perf_patch_start[] __attribute__((weak));
extern const uint32_t __perf_patch_end[] __attribute__((weak));

#define RV_NOP   0x00000013u
#define RV_FENCE_I ".word 0x0000100f" /* fence.i, without asking -march for Zifencei */

static int patch_entries(void)
{
	static int patched;
	if (patched)
		return 0;
	const uint32_t *p = __perf_patch_start, *end = __perf_patch_end;
	if (!p || p == end)
		return -PERF_ENOSYS;
	/* Every entry must be a nop within jal's reach before any is patched. */
	for (const uint32_t *q = p; q < end; q++) {
		const int32_t off = (int32_t)((uintptr_t)perf_calltrace_entry_args - *q);
		if (*(const uint32_t *)(uintptr_t)*q != RV_NOP || off < -(1 << 20) || off >= (1 << 20))
			return -PERF_ENOSYS;
	}
	for (; p < end; p++)
		*(uint32_t *)(uintptr_t)*p = perf_rv_jal_t0((int32_t)((uintptr_t)perf_calltrace_entry_args - *p));
	__asm__ volatile(RV_FENCE_I ::: "memory");
	patched = 1;
	return 0;
}
#else
static int patch_entries(void)
{
	return -PERF_ENOSYS; /* the trampoline is RISC-V code */
}
#endif

int perf_calltrace_init(const void *perf_base, void *buf, uint32_t size, uint32_t mode)
{
	const int args = (mode & PERF_CALLTRACE_ARGS) != 0;
	mode &= ~PERF_CALLTRACE_ARGS;
	const int lines = args ? perf_calltrace_args_lines(size) : perf_calltrace_lines(size);
	if (!buf || ((uintptr_t)buf & 3u) || lines < 1 ||
	    (mode != PERF_CALLTRACE_STACK && mode != PERF_CALLTRACE_LOG))
		return -PERF_EINVAL;
	if (args) {
		const int err = patch_entries();
		if (err)
			return err;
	}
	struct perf_calltrace *t = buf;
	*t = (struct perf_calltrace){
		.next = t->rec,
		.end = t->rec + lines,
		.mode = mode,
		.clock = (const volatile uint32_t *)PERF_ADDR(perf_base, PERF_REG_TIME_LO(0)),
		.lines = (uint32_t)lines,
		.enabled = 1,
		.args_delta = args ? (uint32_t)lines * sizeof(struct perf_calltrace_record) : 0,
	};
	trace = current = t;
	return lines;
}

struct perf_calltrace *perf_calltrace_switch(struct perf_calltrace *t)
{
	struct perf_calltrace *was = trace;
	trace = t;
	current = t && t->enabled ? t : NULL;
	return was;
}

static int set_enabled(int enabled)
{
	if (!trace)
		return 0;
	const int was = (int)trace->enabled;
	trace->enabled = enabled != 0;
	current = enabled ? trace : NULL;
	return was;
}

int perf_calltrace_enable(void) { return set_enabled(1); }
int perf_calltrace_disable(void) { return set_enabled(0); }
int perf_calltrace_restore(int enabled) { return set_enabled(enabled); }

void perf_calltrace_clear(void)
{
	struct perf_calltrace *t = trace;
	if (!t)
		return;
	t->next = t->rec;
	t->depth = t->wrapped = t->hidden = t->overflows = t->underflows = 0;
}

const struct perf_calltrace *perf_calltrace_current(void)
{
	return trace;
}

void __cyg_profile_func_enter(void *this_fn, void *call_site)
{
	struct perf_calltrace *t = current;
	if (!t)
		return;
	struct perf_calltrace_record *r = t->next;
	if (r == t->end) {
		if (t->mode == PERF_CALLTRACE_STACK) {
			/* Full: the call stays open, unrecorded; its exit pops nothing. */
			t->staged_fn = 0;
			t->hidden++;
			t->overflows++;
			t->depth++;
			return;
		}
		r = t->rec;
		/* The dump counts the older calls overwritten from the wraps. */
		t->wrapped += t->wrapped != UINT32_MAX;
	}
	const uint32_t fn = (uint32_t)(uintptr_t)this_fn;
	r->fn = fn;
	r->site = (uint32_t)(uintptr_t)call_site;
	r->stamp = *t->clock;
	r->depth = t->depth++;
	t->next = r + 1;
	if (__builtin_expect(t->args_delta != 0, 0)) { /* out of line: plain traces fall through */
		struct perf_calltrace_args *a = (struct perf_calltrace_args *)(void *)((char *)r + t->args_delta);
		if (t->staged_fn == fn) {
			*a = t->staged;
			t->staged_fn = 0; /* an inlined copy of fn must not take them again */
		} else {
			*a = (struct perf_calltrace_args){ { 0, 0, 0, 0 } };
		}
	}
}

void __cyg_profile_func_exit(void *this_fn, void *call_site)
{
	(void)this_fn;
	(void)call_site;
	struct perf_calltrace *t = current;
	if (!t)
		return;
	if (t->depth == 0) {
		t->underflows++;
		return;
	}
	t->depth--;
	if (t->mode == PERF_CALLTRACE_STACK) {
		if (t->hidden)
			t->hidden--;
		else
			t->next--;
	}
}

int perf_calltrace_dump_to(uint32_t ra, perf_put_fn put, void *ctx)
{
	const struct perf_calltrace *t = trace;
	if (!t || !put)
		return -PERF_EINVAL;
	struct perf_out o = { put, ctx, 0 };
	const uint32_t count = perf_calltrace_count(t);
	perf_out_str(&o, "perf_calltrace_dump: ra=");
	perf_out_hex(&o, ra);
	perf_out_str(&o, t->mode == PERF_CALLTRACE_LOG ? " log " : " stack ");
	perf_out_num(&o, count, 0, 0, 0);
	perf_out_char(&o, '/');
	perf_out_num(&o, t->lines, 0, 0, 0);
	perf_out_char(&o, '\n');
	/* Newest first: walking back from next, around the ring in log mode. */
	const struct perf_calltrace_record *r = t->next;
	for (uint32_t i = 0; i < count; i++) {
		if (r == t->rec)
			r = t->end;
		r--;
		perf_out_repeat(&o, ' ', 2 * (int)(r->depth < 32 ? r->depth : 32));
		perf_out_str(&o, "fn=");
		perf_out_hex(&o, r->fn);
		perf_out_str(&o, " ra=");
		perf_out_hex(&o, r->site);
		perf_out_str(&o, " t=");
		perf_out_num(&o, r->stamp, 0, 0, 0);
		perf_out_str(&o, " d=");
		perf_out_num(&o, r->depth, 0, 0, 0);
		if (t->args_delta) {
			const struct perf_calltrace_args *a = perf_calltrace_args_of(t, r);
			for (int k = 0; k < 4; k++) {
				perf_out_str(&o, " a");
				perf_out_char(&o, (char)('0' + k));
				perf_out_char(&o, '=');
				perf_out_hex(&o, a->a[k]);
			}
		}
		perf_out_char(&o, '\n');
	}
	if (t->overflows || t->underflows) {
		perf_out_str(&o, "perf_calltrace_dump: ");
		perf_out_num(&o, t->overflows, 0, 0, 0);
		perf_out_str(&o, t->overflows == 1 ? " call" : " calls");
		perf_out_str(&o, " not recorded (buffer full), ");
		perf_out_num(&o, t->underflows, 0, 0, 0);
		perf_out_str(&o, t->underflows == 1 ? " exit" : " exits");
		perf_out_str(&o, " without a call\n");
	}
	const uint32_t lost = overwritten(t);
	if (lost) {
		perf_out_str(&o, "perf_calltrace_dump: ");
		perf_out_num(&o, lost, 0, 0, 0);
		perf_out_str(&o, lost == 1 ? " older call" : " older calls");
		perf_out_str(&o, " overwritten (log mode keeps the newest ");
		perf_out_num(&o, t->lines, 0, 0, 0);
		perf_out_str(&o, ")\n");
	}
	return o.failed ? -PERF_EIO : 0;
}

int perf_calltrace_dump(void)
{
	return perf_calltrace_dump_to((uint32_t)(uintptr_t)__builtin_return_address(0),
	                              perf_put_stdout, NULL);
}

static void trace_payload(struct perf_frame *f, const void *arg)
{
	/* The frame carries the API's mode numbers as they are. */
	_Static_assert(PERF_CALLTRACE_STACK == PERF_FRAME_CALLTRACE_STACK &&
	                       PERF_CALLTRACE_LOG == PERF_FRAME_CALLTRACE_LOG &&
	                       PERF_CALLTRACE_ARGS == PERF_FRAME_CALLTRACE_ARGS,
	               "the API's modes are the frame's");
	const struct perf_calltrace *t = arg;
	const struct perf_frame_calltrace_head h = {
		.mode = t->mode | (t->args_delta ? PERF_FRAME_CALLTRACE_ARGS : 0),
		.lines = t->lines,
		.count = perf_calltrace_count(t),
		.open = t->depth,
		.overflows = t->mode == PERF_CALLTRACE_LOG ? overwritten(t) : t->overflows,
		.underflows = t->underflows,
	};
	PERF_FRAME_PUT(f, PERF_FRAME_CALLTRACE_HEAD_FIELDS, &h);
	const struct perf_calltrace_record *r = t->next;
	for (uint32_t i = 0; i < h.count; i++) { /* newest first, as the dump */
		if (r == t->rec)
			r = t->end;
		r--;
		PERF_FRAME_PUT(f, PERF_FRAME_CALLTRACE_RECORD_FIELDS, r);
		if (t->args_delta)
			PERF_FRAME_PUT(f, PERF_FRAME_CALLTRACE_ARGS_FIELDS,
			               perf_calltrace_args_of(t, r));
	}
}

int perf_calltrace_frame(perf_put_fn put, void *ctx)
{
	return trace ? perf_frame_write("calltrace", trace_payload, trace, put, ctx) : -PERF_EINVAL;
}
