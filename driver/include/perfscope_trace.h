/*
 * perfscope call trace and function cost: what the compiler's entry/exit
 * hooks record, time-stamped by perfscope's global time.
 *
 * Build the code to trace with -finstrument-functions and link one hook
 * library: driver/hooks/calltrace.c (call trace, the NITRO-SDK CALLTRACE
 * library) or driver/hooks/funccost.c (function cost, FUNCTIONCOST); or
 * build it with -pg and link driver/hooks/hot.c (hot addresses). A program
 * links the mode it wants (soc/fw/fw.mk: FW_HOOKS_calltrace, _funccost,
 * _hot); code built without the flags costs nothing. The hooks and this
 * driver are never instrumented themselves.
 *
 * Time stamps are the low 32 bits of perfscope's global time G, so they
 * count only while the global counter runs (PERF_START_MEASURING).
 */
#ifndef PERFSCOPE_TRACE_H
#define PERFSCOPE_TRACE_H

#include <stdint.h>

#include "perfscope.h"
#include "perfscope_frame.h"

/* Functions the hooks must not see: neither instrumented nor patched for
 * the call trace's arguments. */
#define PERF_NO_TRACE __attribute__((no_instrument_function, patchable_function_entry(0, 0)))

/* The compiler's hooks (GCC -finstrument-functions). */
void __cyg_profile_func_enter(void *this_fn, void *call_site) PERF_NO_TRACE;
void __cyg_profile_func_exit(void *this_fn, void *call_site) PERF_NO_TRACE;

/* ---- call trace ---------------------------------------------------------- */

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
	uint32_t depth;      /* calls open now */
	uint32_t mode;       /* enum perf_calltrace_mode */
	const volatile uint32_t *clock; /* perfscope's global time, low word */
	uint32_t wrapped;    /* log mode: the ring has wrapped, all lines hold records */
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
 * Starts tracing into buf (size bytes, 4-byte aligned) in mode, time-stamped
 * by the perfscope at perf_base, and makes it the current trace. In stack
 * mode call it from the outermost level you want traced (as in NITRO: the
 * calls already open when tracing starts are not in the buffer, and their
 * exits count as underflows). Returns the number of lines, or -PERF_EINVAL
 * (NULL or misaligned buf, fewer than one line, bad mode).
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
                        enum perf_calltrace_mode mode) PERF_NO_TRACE;

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

/* ---- function cost ----------------------------------------------------- */

/*
 * Interrupt time. A handler that switches to its own context (buffer or
 * profile) on entry and back on exit keeps its time out of the function it
 * interrupted, except the cycles the switches cannot see: from the
 * interrupt to the first switch's time stamp, and from the second switch's
 * stamp back to the interrupted code. Set them here, once, and the switch
 * back counts them as switched out too (docs/hooks.md gives them for the
 * reference SoC). Function cost and profiles use it; default 0.
 */
void perf_context_set_leak(uint32_t cycles) PERF_NO_TRACE;
uint32_t perf_context_leak(void) PERF_NO_TRACE;

/* One hook event: 8 bytes. fn is the entered function, or one of: */
struct perf_funccost_record {
	uint32_t fn;
	uint32_t stamp; /* G[31:0] */
};
#define PERF_FUNCCOST_EXIT    0xffffffffu /* the innermost open call returned */
/* In frames only (perf_funccost_frame): the buffer's context was switched
 * out, and back in; the time between is not its own. */
#define PERF_FUNCCOST_SUSPEND 0xfffffffeu
#define PERF_FUNCCOST_RESUME  0xfffffffdu

/*
 * The measurement buffer's control area; records follow. Events fill the
 * lines from the start; each time the buffer's context is switched back in,
 * the switch takes a line from the end for the gap, {fn: stamp when
 * switched out, stamp: stamp when back in}. The hooks write below end only,
 * so a switch made while a hook runs never meets its write.
 */
struct perf_funccost {
	struct perf_funccost_record *next; /* where the next event goes */
	struct perf_funccost_record *end;  /* one past the last line events may use */
	const volatile uint32_t *clock;    /* perfscope's global time, low word */
	uint32_t lost;    /* events dropped because the buffer was full (by the hooks) */
	uint32_t lines;
	uint32_t enabled;
	uint32_t out;     /* 1: switched out at out_at */
	uint32_t out_at;
	/* Gaps dropped because the buffer was full, by the switch: a count of
	 * its own, for the switch may interrupt a hook counting in lost. */
	uint32_t lost_gaps;
	struct perf_funccost_record rec[];
};

#define PERF_FUNCCOST_SIZE(lines) \
	(sizeof(struct perf_funccost) + (lines) * sizeof(struct perf_funccost_record))

int perf_funccost_lines(uint32_t size) PERF_NO_TRACE;
uint32_t perf_funccost_size(int lines) PERF_NO_TRACE;

/*
 * Starts recording entry and exit events into buf (size bytes, 4-byte
 * aligned), time-stamped by the perfscope at perf_base. Summarize with
 * perf_statistics_calc() before the buffer fills: events that find it full
 * are counted in lost and make the statistics incomplete. The buffer that
 * was current, if any, is brought up to date first, so it must still be
 * there. Returns the number of lines or -PERF_EINVAL.
 */
int perf_funccost_init(const void *perf_base, void *buf, uint32_t size) PERF_NO_TRACE;
/* Events the measurement buffer holds now. */
uint32_t perf_funccost_count(const struct perf_funccost *c) PERF_NO_TRACE;
/* Events and gaps it dropped, full, since it was last emptied. */
uint32_t perf_funccost_lost(const struct perf_funccost *c) PERF_NO_TRACE;
/*
 * Makes c current and returns the previous buffer: the context switch of an
 * RTOS or an interrupt wrapper (see perf_calltrace_switch). It stamps the
 * outgoing buffer's switch-out time and records the incoming one's gap, so
 * the statistics leave the time a context was out (plus
 * perf_context_leak()) out of every call open in it. Masks interrupts while
 * it runs. c may be NULL: record nothing.
 */
struct perf_funccost *perf_funccost_switch(struct perf_funccost *c) PERF_NO_TRACE;
int perf_funccost_enable(void) PERF_NO_TRACE;
int perf_funccost_disable(void) PERF_NO_TRACE;
int perf_funccost_restore(int enabled) PERF_NO_TRACE;
void perf_funccost_clear(void) PERF_NO_TRACE;
/* The measurement buffer's raw events as a frame line, for timelines on the
 * host (as perf_calltrace_frame); call it before perf_statistics_calc. */
int perf_funccost_frame(perf_put_fn put, void *ctx) PERF_NO_TRACE;
const struct perf_funccost *perf_funccost_current(void) PERF_NO_TRACE;

/* Per function, cycles from its entry hook to its exit hook. */
struct perf_funcstat {
	uint32_t fn;
	uint32_t calls;       /* every call, recursive ones included */
	uint32_t outer;       /* calls not made from inside the same function */
	uint32_t total_min;   /* self+children of one outer call */
	uint32_t total_max;
	uint32_t self_min;    /* self of one call */
	uint32_t self_max;
	uint32_t pad;
	uint64_t total;       /* self+children, summed over outer calls only */
	uint64_t self;        /* self, summed over every call */
};

/* A call still open when perf_statistics_calc() returns, carried to the next. */
struct perf_funcstat_frame {
	uint32_t fn;
	uint32_t entry;     /* stamp at entry */
	uint32_t children;  /* cycles spent in calls it made */
};

#define PERF_FUNCSTAT_DEPTH 64

/* The statistics buffer: open calls, then one entry per function seen. */
struct perf_statistics {
	uint32_t capacity;  /* entries fn[] holds */
	uint32_t functions; /* entries used */
	uint32_t depth;     /* calls open */
	uint32_t max_depth; /* deepest nesting seen */
	uint32_t dropped;   /* events not counted: deeper than PERF_FUNCSTAT_DEPTH,
	                       exits without entries, functions beyond capacity */
	uint32_t lost;      /* events the measurement buffer lost */
	uint32_t excluded;  /* cycles the context was switched out, so far */
	uint32_t pad;
	struct perf_funcstat_frame stack[PERF_FUNCSTAT_DEPTH];
	struct perf_funcstat fn[];
};

#define PERF_STATISTICS_SIZE(functions) \
	(sizeof(struct perf_statistics) + (functions) * sizeof(struct perf_funcstat))

/* Prepares buf (size bytes, 8-byte aligned) as an empty statistics buffer.
 * Returns the number of functions it holds, or -PERF_EINVAL. */
int perf_statistics_init(void *buf, uint32_t size) PERF_NO_TRACE;

/*
 * Adds the current measurement buffer's events to the statistics and empties
 * it, so long runs can be measured piecewise. Recursion is handled: a
 * function's self+children counts only its outermost activation. Returns
 * the number of events consumed, or -PERF_EINVAL (bad buffer, no
 * measurement buffer).
 */
int perf_statistics_calc(void *stat_buf) PERF_NO_TRACE;

/*
 * Prints the statistics in the IAS profile layout, functions by address,
 * cycles as unit, % of the cycles all outermost calls took:
 *
 *   max call depth seen: 3, functions: 3
 *   Name       PC         #Calls Self+children    Pct     Avg     Max     Min       Self    Pct     Avg     Max     Min
 *   C-call     0x00000214      1          1204 100.00    1204    1204    1204        310  25.74     310     310     310
 *
 * Returns 0, -PERF_EINVAL, or -PERF_EIO if put failed.
 */
int perf_statistics_dump(const void *stat_buf) PERF_NO_TRACE;
int perf_statistics_dump_to(const void *stat_buf, perf_put_fn put, void *ctx) PERF_NO_TRACE;
/* The statistics as a frame line for the host tool (as perf_calltrace_frame). */
int perf_statistics_frame(const void *stat_buf, perf_put_fn put, void *ctx) PERF_NO_TRACE;

/* ---- profiles (IAS) ----------------------------------------------------- */

/*
 * IAS-style profiles, a third -finstrument-functions hook library
 * (driver/hooks/profile.c). Up to PERF_PROFILES profiles, typically one per
 * thread; at most one, the current one, follows the calls. A profile tracks
 * its call stack and charges every cycle, while enabled, to the function on
 * top (self) and to every function on the stack (self+children):
 *
 * - disabled: still tracks the stack, counts nothing;
 * - frozen: stops tracking the stack and charges everything to the top
 *   (for code the hooks cannot follow, such as a context switch); unfreeze
 *   it in the same stack state;
 * - mark enter/exit: a user block, charged like a function and listed as
 *   USER_DEFINED_BLOCK; enters and exits must nest with the calls;
 * - close: pops what is still on the stack, completing its counts;
 * - a warning is counted when the depth would go below 0 or above
 *   PERF_PROFILE_DEPTH.
 *
 * A profile is created frozen and disabled, as in IAS. Every function
 * takes a profile id, or PERF_PROFILE_CURRENT, and returns 0 or a negative
 * error (-PERF_EINVAL for a bad id or buffer).
 */
#define PERF_PROFILES           32
#define PERF_PROFILE_DEPTH      64
#define PERF_PROFILE_CURRENT    (-1)
#define PERF_PROFILE_USER_BLOCK 0xfffffffeu /* fn of a mark-entered block */

/* An open call (driver/hooks/profile.c says how the hooks use it). */
struct perf_profile_frame {
	uint32_t fn;
	uint32_t self;          /* self+children of the calls it has made so far */
	uint64_t counted_entry; /* low word: the profile's time at entry; high: its row's offset */
};

struct perf_profile {
	uint32_t enabled, frozen;
	uint32_t depth, max_depth;
	uint32_t hidden;          /* calls above PERF_PROFILE_DEPTH, not tracked */
	uint32_t warn_low, warn_high;
	uint64_t counted;         /* cycles counted while enabled */
	uint64_t outside;         /* of those, cycles with the stack empty */
	uint32_t capacity, functions;
	uint32_t dropped;         /* calls of functions beyond capacity (at most 4095 rows) */
	uint32_t index_mask;      /* the rows' hash index: buckets - 1 */
	struct perf_profile_frame stack[PERF_PROFILE_DEPTH];
	struct perf_funcstat fn[];
};

#define PERF_PROFILE_SIZE(functions) \
	(sizeof(struct perf_profile) + (functions) * sizeof(struct perf_funcstat))

/* Sets the perfscope whose global time the profiles count. */
void perf_profile_attach(const void *perf_base) PERF_NO_TRACE;
/* Creates a profile in buf (size bytes, 8-byte aligned); returns its id. */
int perf_profile_create(void *buf, uint32_t size) PERF_NO_TRACE;
int perf_profile_reset(int id) PERF_NO_TRACE;
int perf_profile_freeze(int id) PERF_NO_TRACE;
int perf_profile_unfreeze(int id) PERF_NO_TRACE;
int perf_profile_enable(int id) PERF_NO_TRACE;
int perf_profile_disable(int id) PERF_NO_TRACE;
/* Makes id the current profile (PERF_PROFILE_NONE: none). */
#define PERF_PROFILE_NONE (-2)
int perf_profile_switch(int id) PERF_NO_TRACE;
int perf_profile_mark_enter(void) PERF_NO_TRACE;
int perf_profile_mark_exit(void) PERF_NO_TRACE;
int perf_profile_close(int id) PERF_NO_TRACE;
const struct perf_profile *perf_profile_get(int id) PERF_NO_TRACE;

/*
 * Prints a profile in the IAS layout: status, the depth seen, the total of
 * counted cycles, then one row per function plus a Program row for the
 * whole profile, % of the total:
 *
 *   profile 0: enabled, not frozen; entries still on call stack: 0
 *   max call stack depth seen: 2, depth warnings: 0 below 0, 0 above 64
 *   Total number of cycles: 293
 *   Name                PC         #Calls Self+children    Pct ...
 *   Program             0x00000000      1           293 100.00 ...
 */
int perf_profile_print(int id) PERF_NO_TRACE;
int perf_profile_print_to(int id, perf_put_fn put, void *ctx) PERF_NO_TRACE;
/* A profile as a frame line for the host tool (as perf_calltrace_frame). */
int perf_profile_frame(int id, perf_put_fn put, void *ctx) PERF_NO_TRACE;

/* ---- hot addresses (-pg) ------------------------------------------------ */

/*
 * GCC's -pg calls _mcount at the start of every function. The hot-address
 * table counts those calls per address (the function's _mcount call site,
 * rounded down to a granule) in a fixed table kept sorted by hits, as in
 * the bare-metal -pg profiler this follows: the most-hit addresses stay,
 * the least-hit entry makes room for a new address. With decay, every hit
 * adds PERF_HOT_STEP and takes one from one entry in turn, so addresses hot
 * only early fade. Hooks mask interrupts: the one table serves every
 * context. No perfscope access: this mode counts, it does not time.
 */
void _mcount(void *caller_ra) PERF_NO_TRACE;

struct perf_hot_entry {
	uint32_t addr;  /* address rounded down to the granule */
	uint32_t hits;  /* weighted hits (PERF_HOT_STEP each with decay) */
};

struct perf_hot {
	uint32_t lines;      /* entries the table holds */
	uint32_t used;       /* entries in use, sorted by hits, most first */
	uint32_t total;      /* sum of hits */
	uint32_t calls;      /* _mcount calls counted */
	uint32_t ignored;    /* _mcount calls in ignored ranges */
	uint32_t granule;    /* power of two, bytes */
	uint32_t decay;      /* 1: decay on */
	uint32_t decay_next; /* the entry the next hit decays */
	const uint32_t *ignore; /* pairs {start, end}: addresses not counted */
	uint32_t ignore_pairs;
	struct perf_hot_entry entry[];
};

#define PERF_HOT_SIZE(lines) (sizeof(struct perf_hot) + (lines) * sizeof(struct perf_hot_entry))
#define PERF_HOT_STEP  10  /* hit weight with decay */
#define PERF_HOT_DECAY 1u  /* perf_hot_init flag */

/*
 * Starts counting into buf (size bytes, 4-byte aligned) with addresses
 * rounded down to granule bytes (a power of two, 1 to keep exact call
 * sites) and flags (PERF_HOT_DECAY). Returns the number of entries or
 * -PERF_EINVAL.
 */
int perf_hot_init(void *buf, uint32_t size, uint32_t granule, unsigned flags) PERF_NO_TRACE;

/* Addresses in [pairs[2i], pairs[2i+1]) are not counted (an idle loop, say).
 * The array must stay valid. Returns 0 or -PERF_EINVAL. */
int perf_hot_ignore(const uint32_t *pairs, uint32_t npairs) PERF_NO_TRACE;

/* Stops and restarts counting; each returns the previous state. */
int perf_hot_enable(void) PERF_NO_TRACE;
int perf_hot_disable(void) PERF_NO_TRACE;

const struct perf_hot *perf_hot_current(void) PERF_NO_TRACE;

/*
 * Prints the table, most hit first, the ratio in 1/1024ths of all hits:
 *
 *   perf_hot_dump: 412 calls, 0 ignored, 3/30 entries, granule 1, decay off
 *   No.  addr        hits   ratio
 *     0  0x000001d8   300    746
 */
int perf_hot_dump(void) PERF_NO_TRACE;
int perf_hot_dump_to(perf_put_fn put, void *ctx) PERF_NO_TRACE;
/* The table as a frame line for the host tool (as perf_calltrace_frame). */
int perf_hot_frame(perf_put_fn put, void *ctx) PERF_NO_TRACE;

#endif /* PERFSCOPE_TRACE_H */
