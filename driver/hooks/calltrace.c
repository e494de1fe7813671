/* Call trace hooks (NITRO-SDK CALLTRACE): -finstrument-functions entry and
 * exit hooks that keep a stack of open calls or a ring of the newest calls,
 * time-stamped by perfscope. The API is in include/perfscope_trace.h.
 *
 * The hooks run on every call, so they are written for few instructions:
 * one pointer to the current trace (NULL while disabled), pointers instead
 * of indices, no interrupt masking (each context has its own trace). */
#include "perfscope_trace.h"

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

uint32_t perf_calltrace_count(const struct perf_calltrace *t)
{
	return t->wrapped ? t->lines : (uint32_t)(t->next - t->rec);
}

int perf_calltrace_init(const void *perf_base, void *buf, uint32_t size,
                        enum perf_calltrace_mode mode)
{
	const int lines = perf_calltrace_lines(size);
	if (!buf || ((uintptr_t)buf & 3u) || lines < 1 ||
	    (mode != PERF_CALLTRACE_STACK && mode != PERF_CALLTRACE_LOG))
		return -PERF_EINVAL;
	struct perf_calltrace *t = buf;
	*t = (struct perf_calltrace){
		.next = t->rec,
		.end = t->rec + lines,
		.mode = mode,
		.clock = (const volatile uint32_t *)PERF_ADDR(perf_base, PERF_REG_TIME_LO(0)),
		.lines = (uint32_t)lines,
		.enabled = 1,
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
			t->hidden++;
			t->overflows++;
			t->depth++;
			return;
		}
		r = t->rec;
		t->wrapped = 1;
	}
	r->fn = (uint32_t)(uintptr_t)this_fn;
	r->site = (uint32_t)(uintptr_t)call_site;
	r->stamp = *t->clock;
	r->depth = t->depth++;
	t->next = r + 1;
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
		perf_out_char(&o, '\n');
	}
	if (t->overflows || t->underflows) {
		perf_out_str(&o, "perf_calltrace_dump: ");
		perf_out_num(&o, t->overflows, 0, 0, 0);
		perf_out_str(&o, " calls not recorded (buffer full), ");
		perf_out_num(&o, t->underflows, 0, 0, 0);
		perf_out_str(&o, " exits without a call\n");
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
	const struct perf_calltrace *t = arg;
	const uint32_t count = perf_calltrace_count(t);
	perf_frame_u32(f, t->mode);
	perf_frame_u32(f, t->lines);
	perf_frame_u32(f, count);
	perf_frame_u32(f, t->depth);
	perf_frame_u32(f, t->overflows);
	perf_frame_u32(f, t->underflows);
	const struct perf_calltrace_record *r = t->next;
	for (uint32_t i = 0; i < count; i++) { /* newest first, as the dump */
		if (r == t->rec)
			r = t->end;
		r--;
		perf_frame_u32(f, r->fn);
		perf_frame_u32(f, r->site);
		perf_frame_u32(f, r->stamp);
		perf_frame_u32(f, r->depth);
	}
}

int perf_calltrace_frame(perf_put_fn put, void *ctx)
{
	return trace ? perf_frame_write("calltrace", trace_payload, trace, put, ctx) : -PERF_EINVAL;
}
