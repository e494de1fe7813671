/* Call trace hooks (NITRO-SDK CALLTRACE): -finstrument-functions entry and
 * exit hooks that keep a stack of open calls or a ring of the newest calls,
 * time-stamped by perfscope. The API is in include/perfscope_trace.h. */
#include "perfscope_trace.h"

#include <stddef.h>

#include "../perf_internal.h"

static struct perf_calltrace *trace;

int perf_calltrace_lines(uint32_t size)
{
	if (size < sizeof(struct perf_calltrace))
		return 0;
	return (int)((size - sizeof(struct perf_calltrace)) / sizeof(struct perf_calltrace_record));
}

uint32_t perf_calltrace_size(int lines)
{
	return (uint32_t)(sizeof(struct perf_calltrace) +
	                  (uint32_t)(lines > 0 ? lines : 0) * sizeof(struct perf_calltrace_record));
}

int perf_calltrace_init(const void *perf_base, void *buf, uint32_t size,
                        enum perf_calltrace_mode mode)
{
	const int lines = perf_calltrace_lines(size);
	if (!buf || ((uintptr_t)buf & 3u) || lines < 1 ||
	    (mode != PERF_CALLTRACE_STACK && mode != PERF_CALLTRACE_LOG))
		return -PERF_EINVAL;
	const uint32_t mstatus = perf_irq_save();
	struct perf_calltrace *t = buf;
	*t = (struct perf_calltrace){
		.perf_base = perf_base,
		.mode = mode,
		.enabled = 1,
		.lines = (uint32_t)lines,
	};
	trace = t;
	perf_irq_restore(mstatus);
	return lines;
}

static int set_enabled(int enabled)
{
	if (!trace)
		return 0;
	const int was = (int)trace->enabled;
	trace->enabled = enabled != 0;
	return was;
}

int perf_calltrace_enable(void) { return set_enabled(1); }
int perf_calltrace_disable(void) { return set_enabled(0); }
int perf_calltrace_restore(int enabled) { return set_enabled(enabled); }

void perf_calltrace_clear(void)
{
	if (!trace)
		return;
	const uint32_t mstatus = perf_irq_save();
	trace->count = trace->head = trace->depth = 0;
	trace->hidden = trace->overflows = trace->underflows = 0;
	perf_irq_restore(mstatus);
}

const struct perf_calltrace *perf_calltrace_current(void)
{
	return trace;
}

void __cyg_profile_func_enter(void *this_fn, void *call_site)
{
	struct perf_calltrace *t = trace;
	if (!t || !t->enabled)
		return;
	const uint32_t mstatus = perf_irq_save();
	struct perf_calltrace_record *r = NULL;
	if (t->mode == PERF_CALLTRACE_LOG) {
		r = &t->rec[t->head];
		t->head = t->head + 1 == t->lines ? 0 : t->head + 1;
		if (t->count < t->lines)
			t->count++;
	} else if (t->count < t->lines && !t->hidden) {
		r = &t->rec[t->count++];
	} else {
		/* Full: the call stays open, unrecorded, so its exit pops nothing. */
		t->hidden++;
		t->overflows++;
	}
	if (r) {
		r->fn = (uint32_t)(uintptr_t)this_fn;
		r->site = (uint32_t)(uintptr_t)call_site;
		r->stamp = perf_trace_now(t->perf_base);
		r->depth = t->depth;
	}
	t->depth++;
	perf_irq_restore(mstatus);
}

void __cyg_profile_func_exit(void *this_fn, void *call_site)
{
	(void)this_fn;
	(void)call_site;
	struct perf_calltrace *t = trace;
	if (!t || !t->enabled)
		return;
	const uint32_t mstatus = perf_irq_save();
	if (t->depth == 0) {
		t->underflows++;
	} else {
		t->depth--;
		if (t->mode == PERF_CALLTRACE_STACK) {
			if (t->hidden)
				t->hidden--;
			else if (t->count)
				t->count--;
		}
	}
	perf_irq_restore(mstatus);
}

int perf_calltrace_dump_to(uint32_t ra, perf_put_fn put, void *ctx)
{
	const struct perf_calltrace *t = trace;
	if (!t || !put)
		return -PERF_EINVAL;
	struct perf_out o = { put, ctx, 0 };
	perf_out_str(&o, "perf_calltrace_dump: ra=");
	perf_out_hex(&o, ra);
	perf_out_str(&o, t->mode == PERF_CALLTRACE_LOG ? " log " : " stack ");
	perf_out_num(&o, t->count, 0, 0, 0);
	perf_out_char(&o, '/');
	perf_out_num(&o, t->lines, 0, 0, 0);
	perf_out_char(&o, '\n');
	/* Newest first: the top of the stack, or the slot before head. */
	for (uint32_t i = 0; i < t->count; i++) {
		uint32_t slot = t->mode == PERF_CALLTRACE_LOG
		                ? (t->head + t->lines - 1 - i) % t->lines
		                : t->count - 1 - i;
		const struct perf_calltrace_record *r = &t->rec[slot];
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
