/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Function-cost events (entry: the function's address, exit: 0xffffffff,
 * each with a 32-bit cycle stamp) replayed into what every view of them
 * needs: the tree of call paths with calls and self cycles per path (folded
 * stacks, flame graph, gprof arcs), per-function statistics as the driver
 * keeps them (the IAS table), and each finished call as it closes
 * (timelines). Memory grows with the distinct paths and functions, not with
 * the events, so a dump of any length streams through.
 *
 * Each events frame is one recording: a call still open at its end is
 * closed at its last event, an exit before any entry is ignored, and both
 * are reported as warnings. A call closed so (at a recording's end, or at a
 * trace stream's loss) is unfinished: its exit was never recorded, so its
 * cycles so far are charged (self, self+children, the paths' cycles) but it
 * is no call: calls, min, max and the averages are of finished calls only,
 * as in the driver's own table, which leaves such calls open. So is a call
 * open across a loss (cg_lost) whose exit comes after it: that exit may be
 * another call's, of the same function at the same depth, entered during
 * the loss after this one's exit was lost, and nothing tells the two apart. SUSPEND and RESUME come in pairs: one without
 * the other is a damaged input, an error naming the event (a SUSPEND left
 * open by a buffer that lost events only a warning), and is ignored.
 */
#ifndef CALLGRAPH_H
#define CALLGRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "decode.h"
#include "map.h"
#include "symbols.h"

#define CG_ROOT 0 /* the node above the outermost calls */
/* The call paths a recording may have: a real program's are thousands, a
 * recursion 100,000 deep has 100,000; more is a damaged or hostile
 * recording, whose memory would grow with its length (about 100 bytes a
 * path), and the rest of it is not read. */
#define CG_MAX_NODES (1u << 20)

struct cg_node {
	uint32_t fn;       /* as its stat's */
	uint32_t parent;   /* node index; always below this node's */
	uint32_t stat;     /* index of fn's struct cg_stat */
	uint64_t calls;    /* finished calls */
	uint64_t self;     /* cycles on top of the stack, unfinished calls' too */
	uint64_t total;    /* self and everything called: set by cg_finish */
};

/* Per function, the fields of the driver's struct perf_funcstat. */
struct cg_stat {
	uint32_t fn; /* the function's address, or an interrupt's data */
	int irq;     /* an interrupt (a trace stream's IRQ_ENTER): "irq <data>" */
	uint64_t calls, outer;                /* finished calls */
	uint64_t total, total_min, total_max; /* outer (non-recursive) calls only */
	uint64_t self, self_min, self_max;
	uint64_t open_total, open_self; /* of total and self, the unfinished calls' */
	uint64_t unfinished;            /* calls closed without their exit */
	uint32_t depth;    /* deepest it was called, 1 = outermost */
	uint32_t active;   /* activations open now: a call made while above 0 is recursive */
};

/* A finished call, handed to on_call. */
struct cg_call {
	uint32_t fn;
	int irq;           /* fn is an interrupt's data */
	uint32_t depth;    /* 1 = outermost */
	uint64_t start, end, self; /* on the frame's own clock: its time, without other contexts' */
	uint64_t at, until;        /* on the run's clock, where a timeline places it */
	int open;          /* still open at the frame's end */
};

struct cg_open {
	uint32_t node;
	int recursive;
	uint64_t start, children;
	uint64_t at;       /* the run's clock at its entry */
	uint64_t first;    /* the count of calls entered when this one was */
	int lost;          /* open across a loss: its exit, if one comes, may be another call's */
};

struct callgraph {
	struct cg_node *node;
	size_t nodes, node_cap;
	struct map paths; /* parent << 32 | stat -> node */
	struct cg_stat *stat;
	size_t stats, stat_cap;
	struct map fns; /* irq << 32 | fn -> stat */
	struct cg_open *stack;
	size_t depth, stack_cap;
	uint64_t now; /* this frame's time, the 32-bit stamps unwrapped, less other contexts' */
	uint32_t last;
	uint64_t wall;      /* the run's clock: the stamps unwrapped, other contexts' time kept */
	uint32_t wall_last; /* the stamp of the last event but a RESUME */
	uint32_t gap_left;  /* of this frame's last gap, cycles not yet taken off the time after it */
	uint32_t back;      /* this frame's steps back (a RESET of G), each 0 cycles */
	int started;
	uint32_t max_depth;
	unsigned frames;    /* events frames so far, and trace streams */
	unsigned streams;   /* of those, trace streams (stream.c) */
	uint64_t unmatched; /* this frame's exits without an entry */
	int lost_between;   /* this recording lost records between its events (cg_lost) */
	uint64_t event;     /* index of this frame's next event */
	uint64_t suspended; /* 1 + the index of the SUSPEND waiting for its RESUME, or 0 */
	uint32_t lost;      /* events the frame's buffer lost */
	uint64_t lost_all;  /* events every recording so far lost ... */
	unsigned lost_why;  /* ... and why: CG_LOST_* ORed */
	uint32_t hook_cost; /* cycles the hooks add to each call, taken off (0: none) */
	uint64_t clamped;   /* calls whose time the hook cost took below 0: counted as 0 */
	unsigned damaged;   /* recordings that failed their check: their events as decoded */
	int full;           /* CG_MAX_NODES reached: no event is taken any more */
	uint64_t entered;   /* calls entered so far */
	uint64_t unfinished; /* calls closed without their exit, in every recording */
	struct symtab *st;  /* to check that entries are functions; may be NULL */
	void (*on_call)(void *ctx, const struct frame *f, const struct cg_call *c);
	/* Events lost (why: one CG_LOST_*) at this cycle: at the end of a frame
	 * whose buffer filled, the cycle it filled at. */
	void (*on_lost)(void *ctx, const struct frame *f, uint32_t lost, unsigned why, uint64_t at);
	/* A recording that failed its check (CRC, length, a cut record), at its last event. */
	void (*on_damaged)(void *ctx, const struct frame *f, uint64_t at);
	void *ctx;
};

/* Why events were lost: an events frame's buffer filled; the trace unit's
 * FIFO did (its LOSS records); trace frames are missing from the log; a
 * trace stream starts mid-stream (its records before the first SYNC, which
 * have no time; a flight recording's older ones, overwritten, are not in
 * it at all and not counted). */
enum { CG_LOST_BUFFER = 1, CG_LOST_FIFO = 2, CG_LOST_MISSING = 4, CG_LOST_START = 8 };
/* What the outputs say of a loss: the causes in `why` (CG_LOST_* ORed). */
const char *cg_lost_why(unsigned why);

void cg_init(struct callgraph *g, struct symtab *st);
void cg_free(struct callgraph *g);

/* An events frame's start (with the events its buffer lost), each event,
 * and its end: called by decode.c. */
void cg_begin(struct callgraph *g, const struct frame *f, uint32_t lost);
void cg_event(struct callgraph *g, const struct frame *f, uint32_t fn, uint32_t stamp);
void cg_end(struct callgraph *g, const struct frame *f);

/* A trace stream's calls (stream.c), at absolute times that never go back;
 * the stream is one recording, between cg_begin and cg_end. An exit with
 * no call open is counted as without its entry and returns 0. irq: an
 * interrupt's pseudo-function, its data in fn. cg_close closes every open
 * call at `time`, as cg_end does (a warning says how many). cg_lost counts
 * records the stream lost at `time`, for the reason `why` (on_lost is
 * called). */
void cg_enter_at(struct callgraph *g, const struct frame *f, uint32_t fn, int irq, uint64_t time);
int cg_exit_at(struct callgraph *g, const struct frame *f, uint64_t time);
void cg_close(struct callgraph *g, const struct frame *f, uint64_t time);
void cg_lost(struct callgraph *g, const struct frame *f, uint32_t lost, unsigned why,
             uint64_t time);

/* A recording failed its check after its events so far were taken
 * (decode.c, stream.c): counted, and on_damaged called. */
void cg_damaged(struct callgraph *g, const struct frame *f);

/* After a dump's last recording: a warning if the hook cost took the time
 * of any call below 0 (counted as 0); one if its recordings hold calls of
 * no time at all, or (calls: the report is of calls alone) no call, none
 * lost or damaged, with the likely mistake: an empty report is otherwise
 * all the user sees. */
void cg_summary(const struct callgraph *g, const char *file, int calls);

/* Whether the innermost open call is an interrupt; how many of the open
 * calls are (they are not in the trace unit's depth). */
int cg_top_is_irq(const struct callgraph *g);
size_t cg_irqs_open(const struct callgraph *g);

/* A function's name (symtab_fn_name), or "irq 0x%08x" for an interrupt:
 * written to buf if it is not the ELF's. */
#define CG_NAME_SIZE 16
const char *cg_name(const struct symtab *st, uint32_t fn, int irq, char buf[CG_NAME_SIZE]);

/* Sets every node's total, after the last frame. */
void cg_finish(struct callgraph *g);

#endif
