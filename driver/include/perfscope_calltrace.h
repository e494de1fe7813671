/* SPDX-License-Identifier: Apache-2.0 */
/*
 * perfscope call trace (driver/hooks/calltrace.c, the NITRO-SDK CALLTRACE
 * library): -finstrument-functions entry and exit hooks that keep a stack
 * of the open calls or a ring of the newest, time-stamped by perfscope.
 * What the hook libraries share is in perfscope_hooks.h.
 */
#ifndef PERFSCOPE_CALLTRACE_H
#define PERFSCOPE_CALLTRACE_H

#include <stdint.h>

#include "perfscope_hooks.h"

/* C++ programs call the library as C. */
#ifdef __cplusplus
extern "C" {
#endif

enum perf_calltrace_mode {
	PERF_CALLTRACE_STACK, /* entry pushes a record, exit pops it: the live chain */
	PERF_CALLTRACE_LOG,   /* entry appends to a ring that keeps the newest records */
};
/* Or'ed into the mode at init: each record also keeps a0-a3 at entry. */
#define PERF_CALLTRACE_ARGS 0x100u

/* One call: 16 bytes. */
struct perf_calltrace_record {
	uint32_t fn;    /* entry address of the called function */
	uint32_t site;  /* call site: the return address into the caller */
	uint32_t stamp; /* G[31:0] at entry */
	uint32_t depth; /* calls open when this one was made (0: outermost) */
};

/* The argument registers at a call's entry, with PERF_CALLTRACE_ARGS. */
struct perf_calltrace_args {
	uint32_t a[4];
};

/*
 * The control area at the start of a call trace buffer; records follow. The
 * hooks keep pointers rather than indices: fewer instructions per call.
 */
struct perf_calltrace {
	struct perf_calltrace_record *next; /* where the next record goes */
	struct perf_calltrace_record *end;  /* one past the last line */
	uint32_t depth;                     /* calls open now */
	uint32_t mode;                      /* enum perf_calltrace_mode */
	const volatile uint32_t *clock;     /* perfscope's global time, low word */
	uint32_t wrapped;    /* log mode: times the ring wrapped, saturating; 0: not yet */
	uint32_t hidden;     /* stack mode: open calls not recorded (buffer full) */
	uint32_t overflows;  /* stack mode: entries that found the buffer full */
	uint32_t underflows; /* exits with no call open */
	uint32_t lines;      /* records the buffer holds */
	uint32_t enabled;
	/* With PERF_CALLTRACE_ARGS: bytes from a record to its arguments
	 * (struct perf_calltrace_args), which follow the records; else 0. */
	uint32_t args_delta;
	/* With PERF_CALLTRACE_ARGS: a0-a3 as the trampoline found them at the
	 * entry of staged_fn, until that function's entry hook takes them. */
	uint32_t staged_fn;
	struct perf_calltrace_args staged;
	struct perf_calltrace_record rec[];
};

/* The arguments of record r of trace t (which must keep them). */
static inline PERF_NO_TRACE const struct perf_calltrace_args *
perf_calltrace_args_of(const struct perf_calltrace *t, const struct perf_calltrace_record *r)
{
	return (const struct perf_calltrace_args *)(const void *)((const char *)r + t->args_delta);
}

/* Records a trace holds now. */
uint32_t perf_calltrace_count(const struct perf_calltrace *t) PERF_NO_TRACE;

/* Bytes of a buffer for lines records, for static buffers: 16 a line, 32
 * with the arguments (NITRO: 8 and 24). */
#define PERF_CALLTRACE_SIZE(lines) \
	(sizeof(struct perf_calltrace) + (lines) * sizeof(struct perf_calltrace_record))
#define PERF_CALLTRACE_ARGS_SIZE(lines) \
	(PERF_CALLTRACE_SIZE(lines) + (lines) * sizeof(struct perf_calltrace_args))

/* Records a buffer of size bytes holds (0 if it cannot hold the control area). */
int perf_calltrace_lines(uint32_t size) PERF_NO_TRACE;
/* Bytes a buffer needs for lines records. */
uint32_t perf_calltrace_size(int lines) PERF_NO_TRACE;
/* The same for records with the arguments. */
int perf_calltrace_args_lines(uint32_t size) PERF_NO_TRACE;
uint32_t perf_calltrace_args_size(int lines) PERF_NO_TRACE;

/*
 * Starts tracing into buf (size bytes, 4-byte aligned) in mode (a uint32_t, as in
 * C++ a mode | ARGS is no enum), time-stamped by the perfscope at perf_base, and
 * makes it the current trace. In stack mode call it from the outermost level
 * you want traced (as in NITRO: the calls already open when tracing starts are
 * not in the buffer, and their exits count as underflows). Returns the number
 * of lines, or -PERF_EINVAL (NULL or misaligned buf, fewer than one line, bad mode).
 *
 * With PERF_CALLTRACE_ARGS in mode, each record also keeps a0-a3 as the
 * function found them. The compiler's hooks cannot see them (a0 and a1
 * carry the hook's own arguments by then), so the program must be built
 * with -fpatchable-function-entry=1 -fno-ipa-ra as well (FW_INSTR_calltrace
 * does): the first such init patches the nop at every function's entry
 * into a call of a trampoline (12 instructions) that stages a0-a3 with the
 * function's address; the entry hook of that function copies them into
 * its record. A record of a call that ran no entry nop (a function GCC
 * inlined) has a0-a3 = 0. -PERF_ENOSYS if the program has no patchable
 * entries. The patch stays for the rest of the run; traces without
 * arguments then pay the trampoline's few cycles a call. Functions with
 * __attribute__((interrupt)) must be PERF_NO_TRACE: the trampoline runs
 * before their prologue saves the temporaries.
 *
 * Each context (thread, interrupt handler) traces into its own buffer, as
 * in NITRO: the hooks do not mask interrupts, so code that runs in an
 * interrupt must switch to its own trace first (perf_calltrace_switch) or
 * not be instrumented.
 */
int perf_calltrace_init(const void *perf_base, void *buf, uint32_t size,
                        uint32_t mode) PERF_NO_TRACE;

/* Enable, disable or restore recording; each returns the previous state (1 = enabled). */
int perf_calltrace_enable(void) PERF_NO_TRACE;
int perf_calltrace_disable(void) PERF_NO_TRACE;
int perf_calltrace_restore(int enabled) PERF_NO_TRACE;

/* Empties the buffer and zeroes depth and the over/underflow counts. */
void perf_calltrace_clear(void) PERF_NO_TRACE;

/*
 * Prints the current trace, newest record first, each indented two spaces
 * per level of depth:
 *
 *   perf_calltrace_dump: ra=0x000003a4 stack 3/32
 *     fn=0x00000244 ra=0x000002b0 t=1204 d=2
 *     fn=0x0000022c ra=0x00000298 t=1180 d=1
 *   fn=0x00000214 ra=0x000004f8 t=1152 d=0
 *
 * A last line reports overflows and underflows if there were any. The
 * _to variant writes through put (as perf_report_write); both return 0 or
 * -PERF_EINVAL if no trace was initialised, -PERF_EIO if put failed.
 */
int perf_calltrace_dump(void) PERF_NO_TRACE;
int perf_calltrace_dump_to(uint32_t ra, perf_put_fn put, void *ctx) PERF_NO_TRACE;

/* The current trace as a frame line (include/perfscope_frame.h) for the
 * host tool; put NULL writes to stdout. Returns 0, -PERF_EINVAL, -PERF_EIO. */
int perf_calltrace_frame(perf_put_fn put, void *ctx) PERF_NO_TRACE;

/* The current trace, for tests and the host tool's dump. */
const struct perf_calltrace *perf_calltrace_current(void) PERF_NO_TRACE;

/*
 * Makes t (initialised by perf_calltrace_init) the current trace and
 * returns the previous one: the context switch an RTOS or an interrupt
 * wrapper makes, so that each context's calls go to its own buffer.
 */
struct perf_calltrace *perf_calltrace_switch(struct perf_calltrace *t) PERF_NO_TRACE;

#ifdef __cplusplus
}
#endif

#endif /* PERFSCOPE_CALLTRACE_H */
