/* SPDX-License-Identifier: Apache-2.0 */
/*
 * perfscope gprof: a gmon.out that GNU gprof reads with the firmware's ELF
 * (`riscv64-unknown-elf-gprof app.elf gmon.out`), in the BSD/GNU format:
 * the header ("gmon", version 1), then tagged records, little-endian with
 * the ELF's 32-bit addresses:
 *
 *   0 time histogram: low pc, high pc, bins, rate, dimension (15 bytes),
 *     its abbreviation, then one u16 count per 2-byte bin
 *   1 call arc: the call site in the caller, the callee, the count
 *
 * Time is exact: one sample per cycle ("cycles", rate 1), each function's
 * self cycles spread over the bins of its own histogram record, repeated
 * (gprof adds records of the same range) while 16-bit bins cannot hold
 * them. With a hist frame (the retire tap's histogram) the time is the
 * hardware's instead: one record over its buckets, a bin a bucket,
 * repeated likewise; gprof wants one bin size in a file, so the events'
 * time is then left out. Sampled (k > 0), a sample stands for 2^k cycles
 * and is written as 2^k, dimension "~cycles": gprof's times stay cycles,
 * marked as estimates. Arcs (and time, without a hist frame) come from
 * the events frames; a dump with only call traces gives arcs alone, one
 * per recorded call, each from the caller the records' depths give (a
 * call's caller is the one entered last before it, one level up), and an
 * empty histogram: the records are entries, with no exits, so they give no
 * time, and gprof without a histogram prints -nan for every time (it
 * divides by the bytes a bin covers). An arc's call site is a direct call
 * in the caller found in the ELF (callsites.c), else the caller's entry;
 * an outermost call's caller is the one function that calls it directly,
 * or gprof lists it as <spontaneous>. A recorded call whose caller's record is not in the trace
 * (the ring had dropped it) keeps its own return address as the call site:
 * right unless the call was made from a function GCC inlined, whose calls
 * return into the function it was inlined into.
 */
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "commands.h"
#include "map.h"
#include "output.h"
#include "session.h"
#include "util.h"

#define UNCALLED 0xffffffffu     /* caller of an outermost call */
/* A histogram takes about a byte per 32768 cycles (bins hold 65535 and
 * are 2 bytes): 256 MiB is 9e12 cycles, two days at 50 MHz. More is surely
 * a wrong dump. */
#define MAX_HIST_BYTES (256ull << 20)
#define HIST_HEADER 33 /* tag, range, bins, rate, dimension, abbreviation */

enum { FROM_ENTRY, FROM_SITE }; /* what an arc's from is: the caller's entry, or the call site */

struct arc {
	uint32_t from, to;
	uint64_t count;
};

/* Calls of one depth waiting, in a call trace read newest first, for the
 * record of their caller one level up. */
struct waiting {
	uint32_t fn, site;
	uint64_t count;
};

struct level {
	struct waiting *w;
	size_t n, cap;
};

#define DEPTH_MAX 4096 /* deeper records keep their return address */

struct gmon {
	struct callgraph g;
	struct arc *arc;
	size_t arcs, cap;
	struct map index[2];  /* [FROM_ENTRY or FROM_SITE]: from << 32 | to -> arc */
	struct symtab *st;
	struct level *level;  /* [depth]: calls waiting for their caller */
	size_t levels, top;   /* levels allocated; 1 + the deepest with calls waiting */
	struct hist_head hist; /* the first hist frame's layout; n 0: none */
	uint64_t *hist_cycles; /* [word]: the cycles of every hist frame, added */
	unsigned calltraces;   /* calltrace frames */
};

static void count_arc(struct gmon *m, int kind, uint32_t from, uint32_t to, uint64_t n)
{
	const uint64_t key = (uint64_t)from << 32 | to;
	uint32_t i = map_get(&m->index[kind], key);
	if (i == MAP_NONE) {
		grow(&m->arc, &m->cap, m->arcs + 1, sizeof *m->arc);
		i = (uint32_t)m->arcs++;
		m->arc[i] = (struct arc){ .from = from, .to = to };
		map_put(&m->index[kind], key, i);
	}
	m->arc[i].count += n;
}

/* Every call waiting at depth d, to caller (or, with none, from its site). */
static void settle(struct gmon *m, size_t d, const uint32_t *caller)
{
	struct level *l = &m->level[d];
	for (size_t i = 0; i < l->n; i++) {
		const struct waiting *w = &l->w[i];
		if (caller)
			count_arc(m, FROM_ENTRY, *caller, w->fn, w->count);
		else
			count_arc(m, FROM_SITE, w->site, w->fn, w->count);
	}
	l->n = 0;
}

static void wait_for_caller(struct gmon *m, uint32_t depth, uint32_t fn, uint32_t site)
{
	const size_t had = m->levels;
	grow(&m->level, &m->levels, depth + 1, sizeof *m->level);
	memset(m->level + had, 0, (m->levels - had) * sizeof *m->level);
	struct level *l = &m->level[depth];
	/* Calls repeat: a sibling made just before is likely the same call. */
	for (size_t i = l->n; i > 0 && i + 16 > l->n; i--)
		if (l->w[i - 1].fn == fn && l->w[i - 1].site == site) {
			l->w[i - 1].count++;
			return;
		}
	grow(&l->w, &l->cap, l->n + 1, sizeof *l->w);
	l->w[l->n++] = (struct waiting){ .fn = fn, .site = site, .count = 1 };
	if (m->top < depth + 1u)
		m->top = depth + 1u;
}

static void calltrace_record(void *ctx, const struct frame *f, const struct calltrace_rec *r)
{
	struct gmon *m = ctx;
	symtab_check_function(m->st, r->fn, f->in->name, f->line);
	if (r->depth >= DEPTH_MAX) {
		count_arc(m, FROM_SITE, r->site, r->fn, 1);
		return;
	}
	/* Newest first: the calls waiting one level down are this one's; any
	 * deeper lost their caller's record. */
	while (m->top > r->depth + 1u) {
		m->top--;
		settle(m, m->top, m->top == r->depth + 1u ? &r->fn : NULL);
	}
	wait_for_caller(m, r->depth, r->fn, r->site);
}

/* A full buffer's calls are not in the trace: their arcs are not in gmon.out. */
static void calltrace_begin(void *ctx, const struct frame *f, const struct calltrace_head *h)
{
	struct gmon *m = ctx;
	m->calltraces++;
	if (h->mode == PERF_FRAME_CALLTRACE_LOG && h->overflows)
		warning_at(
		        f->in->name, f->line,
		        "calltrace frame: %u older call%s overwritten (log mode keeps the newest %u): "
		        "their arcs are missing",
		        h->overflows, plural(h->overflows), h->lines);
	else if (h->overflows)
		warning_at(
		        f->in->name, f->line,
		        "calltrace frame: %u call%s not recorded (buffer full): their arcs are missing",
		        h->overflows, plural(h->overflows));
}

/* The end of a trace: what still waits has no caller in it. */
static void calltrace_end(void *ctx, const struct frame *f, int sound)
{
	struct gmon *m = ctx;
	(void)f;
	(void)sound;
	while (m->top > 0)
		settle(m, --m->top, NULL);
}

static void put32(FILE *f, uint32_t v)
{
	const unsigned char b[4] = { (unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
	                             (unsigned char)(v >> 24) };
	fwrite(b, 1, 4, f);
}

/* count arcs from site to to, split where a u32 cannot hold the count. */
static void put_arc(FILE *f, uint32_t site, uint32_t to, uint64_t count)
{
	for (; count; count -= count > UINT32_MAX ? UINT32_MAX : count) {
		fputc(1, f);
		put32(f, site);
		put32(f, to);
		put32(f, (uint32_t)(count > UINT32_MAX ? UINT32_MAX : count));
	}
}

/* The caller of node n's calls for gmon.out: its parent's function; an
 * interrupt's entry if that is a function of the ELF (the retire tap's
 * interrupts are the trap vector's address), else an interrupt is no
 * function and its calls have no caller, as the outermost calls. */
static uint32_t caller(const struct gmon *m, const struct cg_node *n)
{
	if (n->parent == CG_ROOT)
		return UNCALLED;
	const struct cg_stat *p = &m->g.stat[m->g.node[n->parent].stat];
	if (!p->irq)
		return m->g.node[n->parent].fn;
	const struct sym *entry = m->st ? symtab_find(m->st, p->fn) : NULL;
	return entry && entry->addr == p->fn ? p->fn : UNCALLED;
}

/* Calls without a caller (outermost, an interrupt's, the first after a loss
 * or in a flight recording, or from code without hooks) go to gmon.out
 * only where the ELF has one call site of their function. A function with
 * no arc at all is <spontaneous> to gprof (main, a callback), as
 * docs/host-tool.md says; one that has arcs from its known callers too
 * would show a count that looks whole and is not: said. */
static void warn_uncounted(const struct gmon *m)
{
	uint64_t calls = 0;
	unsigned fns = 0;
	uint32_t first = 0, site;
	struct map called = { 0 }; /* the functions with an arc from a known caller */
	for (size_t i = 0; i < m->arcs; i++)
		if (m->arc[i].from != UNCALLED)
			map_put(&called, m->arc[i].to, 1);
	for (size_t i = 0; i < m->arcs; i++) {
		const struct arc *a = &m->arc[i];
		if (a->from != UNCALLED ||
		    map_get(&m->index[FROM_ENTRY], (uint64_t)a->from << 32 | a->to) != i ||
		    map_get(&called, a->to) == MAP_NONE ||
		    symtab_sole_call_site(m->st, a->to, &site))
			continue;
		if (!fns++)
			first = a->to;
		calls += a->count;
	}
	map_free(&called);
	char hex[12];
	if (fns)
		warning_at(
		        m->st->path, 0,
		        "gprof: %llu call%s of %u function%s (%s%s) %s no caller in the recording (an "
		        "interrupt's, the first after a loss or in a flight recording, or from code "
		        "without hooks) and no one call site in the ELF: gmon.out has no arc for "
		        "%s, so gprof counts fewer calls than the function table",
		        (unsigned long long)calls, plural(calls), fns, plural(fns),
		        symtab_fn_name(m->st, first, hex), fns > 1 ? ", ..." : "",
		        calls == 1 ? "has" : "have", calls == 1 ? "it" : "them");
}

static void write_arcs(FILE *f, const struct gmon *m)
{
	for (int kind = FROM_ENTRY; kind <= FROM_SITE; kind++)
		for (size_t i = 0; i < m->arcs; i++) {
			const struct arc *a = &m->arc[i];
			uint32_t site = a->from;
			if (map_get(&m->index[kind], (uint64_t)a->from << 32 | a->to) != i)
				continue;
			if (kind == FROM_SITE)
				put_arc(f, site, a->to, a->count);
			else if (a->from != UNCALLED)
				put_arc(f, symtab_call_site(m->st, a->from, a->to), a->to, a->count);
			else if (symtab_sole_call_site(m->st, a->to, &site))
				put_arc(f, site, a->to, a->count);
		}
}

/* What record r of a bin holding v carries: 65535 a record until v is spent. */
static uint64_t record_share(uint64_t v, uint64_t r)
{
	const uint64_t done = r * 65535;
	return v <= done ? 0 : v - done > 65535 ? 65535 : v - done;
}

static void put16(FILE *f, uint64_t v)
{
	fputc((int)(v & 0xff), f);
	fputc((int)(v >> 8 & 0xff), f);
}

/* A histogram record's head: tag, range, bins, one sample a cycle. */
static void put_hist_head(FILE *f, uint32_t lo, uint32_t hi, uint32_t bins, const char *dimension)
{
	char dim[15] = { 0 }; /* NUL-padded, no NUL needed at the end */
	memcpy(dim, dimension, strlen(dimension));
	fputc(0, f);
	put32(f, lo);
	put32(f, hi);
	put32(f, bins);
	put32(f, 1); /* samples per cycle */
	fwrite(dim, 1, sizeof dim, f);
	fputc('c', f);
}

/* One function's self cycles as ceil(max bin / 65535) records over its
 * extent, each bin of 2 bytes (gprof's unit) getting an equal share. */
static void write_histogram(FILE *f, const struct sym *s, uint64_t cycles, int dry, uint64_t *bytes)
{
	const uint32_t lo = s->addr & ~1u, hi = (s->end + 1) & ~1u;
	const uint32_t bins = hi > lo ? (hi - lo) / 2 : 1;
	const uint64_t share = cycles / bins, extra = cycles % bins;
	const uint64_t most = share + (extra ? 1 : 0), n = (most + 65534) / 65535;
	*bytes += n * (HIST_HEADER + 2ull * bins);
	if (dry)
		return;
	unsigned char *row = xmalloc(2 * (size_t)bins);
	uint64_t filled[2] = { UINT64_MAX, UINT64_MAX }; /* the values row holds */
	for (uint64_t r = 0; r < n; r++) {
		put_hist_head(f, lo, lo + 2 * bins, bins, "cycles");
		/* The first `extra` bins hold share + 1, the others share; each
		 * record takes what is left of them. The row only changes in the
		 * last records. */
		uint64_t left[2];
		for (int k = 0; k < 2; k++)
			left[k] = record_share(share + (k == 0 ? 1 : 0), r);
		if (left[0] != filled[0] || left[1] != filled[1])
			for (uint32_t b = 0; b < bins; b++) {
				const uint64_t here = left[b < extra ? 0 : 1];
				row[2 * b] = (unsigned char)here;
				row[2 * b + 1] = (unsigned char)(here >> 8);
			}
		filled[0] = left[0];
		filled[1] = left[1];
		fwrite(row, 2, bins, f);
	}
	free(row);
}

/* With no time to give, one record of one empty bin, at the ELF's first
 * function: gprof without a histogram divides by the bytes a bin covers,
 * 0, and prints -nan for every time; with it, 0.00. */
static void write_empty_histogram(FILE *f, const struct symtab *st)
{
	const uint32_t lo = st && st->n ? st->v[0].addr & ~1u : 0;
	put_hist_head(f, lo, lo + 2, 1, "cycles");
	put16(f, 0);
}

/* The hist frames' buckets: one range, a bin a bucket, as many records as
 * the fullest bucket needs (one if all are empty). gprof adds a bin's
 * records in 32 bits: a bin past UINT32_MAX is refused. */
static int write_buckets(FILE *f, const struct gmon *m, int dry, uint64_t *bytes)
{
	const struct hist_head *h = &m->hist;
	const uint32_t bins = h->n - 1;
	uint32_t fullest = 0;
	for (uint32_t b = 1; b < bins; b++)
		if (m->hist_cycles[b] > m->hist_cycles[fullest])
			fullest = b;
	const uint64_t most = m->hist_cycles[fullest];
	if (most > UINT32_MAX) {
		error_at(
		        NULL, 0,
		        "gprof: the bucket at 0x%08x holds %llu cycles; a gprof bin holds at most %u",
		        h->base + fullest * hist_bucket_bytes(h), (unsigned long long)most,
		        UINT32_MAX);
		return -1;
	}
	const uint64_t n = most ? (most + 65534) / 65535 : 1;
	*bytes += n * (HIST_HEADER + 2ull * bins);
	for (uint64_t r = 0; !dry && r < n; r++) {
		put_hist_head(f, h->base, (uint32_t)hist_end(h), bins, h->k ? "~cycles" : "cycles");
		for (uint32_t b = 0; b < bins; b++)
			put16(f, record_share(m->hist_cycles[b], r));
	}
	return 0;
}

/* GNU gprof (binutils 2.40) skips a function whose name has a '.' or a '$'
 * in it (GCC's clones: foo.part.0, foo.isra.0, foo.constprop.0) and charges
 * its time and calls to the function before it in the ELF. */
static int gprof_skips(const char *name)
{
	return strpbrk(name, ".$") != NULL;
}

/* gmon.out gives s time or calls: an arc from or to it, a histogram bin in
 * it (the buckets, or without them its own self cycles). */
static int charged(const struct gmon *m, const struct sym *s)
{
	for (size_t i = 0; i < m->arcs; i++)
		if (m->arc[i].to == s->addr ||
		    (m->arc[i].from >= s->addr && m->arc[i].from < s->end))
			return 1;
	if (m->hist.n) {
		const uint32_t bytes = hist_bucket_bytes(&m->hist);
		for (uint32_t b = 0; b + 1 < m->hist.n; b++) {
			const uint64_t lo = m->hist.base + (uint64_t)b * bytes;
			if (m->hist_cycles[b] && lo < s->end && lo + bytes > s->addr)
				return 1;
		}
		return 0;
	}
	for (size_t i = 0; i < m->g.stats; i++)
		if (m->g.stat[i].fn == s->addr && m->g.stat[i].self)
			return 1;
	return 0;
}

/* Whether name is one of the first n of names. */
static int listed(char *const *names, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(names[i], name))
			return 1;
	return 0;
}

/* --renames: "name new" once for each name of a function gprof skips (objcopy
 * renames every symbol of that name: static ones of two files), new with '_'
 * for each '.' and '$', and a '_' more while a function or an earlier new
 * name has it (a.b and a$b), for objcopy --redefine-syms. */
static void write_renames(const struct symtab *st, FILE *f)
{
	char **from = xcalloc(st->n ? st->n : 1, sizeof *from);   /* the names renamed */
	char **given = xcalloc(st->n ? st->n : 1, sizeof *given); /* and their new names */
	size_t n = 0;
	for (size_t i = 0; i < st->n; i++) {
		char *name = st->v[i].sym; /* objcopy renames the ELF's symbols */
		if (!gprof_skips(name) || listed(from, n, name))
			continue;
		char *to = NULL;
		size_t cap = 0, len = strlen(name);
		grow(&to, &cap, len + 1, 1);
		memcpy(to, name, len + 1);
		for (char *p = to; (p = strpbrk(p, ".$"));)
			*p = '_';
		while (symtab_named(st, to) || listed(given, n, to)) {
			grow(&to, &cap, len + 2, 1);
			to[len++] = '_';
			to[len] = '\0';
		}
		fprintf(f, "%s %s\n", name, to);
		from[n] = name;
		given[n++] = to;
	}
	for (size_t i = 0; i < n; i++)
		free(given[i]);
	free(given);
	free(from);
}

/* Says which functions gprof would show under another's name. */
static void warn_skipped_names(const struct gmon *m)
{
	unsigned n = 0;
	const char *first = NULL;
	for (size_t i = 0; m->st && i < m->st->n; i++)
		if (gprof_skips(m->st->v[i].sym) && charged(m, &m->st->v[i]) && !n++)
			first = m->st->v[i].sym;
	if (n)
		warning_at(m->st->path, 0,
		           "gprof gives the time and calls of a function whose name has a '.' or "
		           "'$' to the function before it; %u here (%s%s): --renames writes "
		           "new names for objcopy --redefine-syms (docs/host-tool.md)",
		           n, first, n == 1 ? "" : ", ...");
}

/* 0, or -1 after an error: nothing but the header written. */
static int write_gmon(FILE *f, const struct gmon *m)
{
	static const unsigned char header[20] = { 'g', 'm', 'o', 'n', 1 }; /* version 1, 12 spare */
	fwrite(header, 1, sizeof header, f);
	uint64_t bytes = 0;
	for (int dry = 1; dry >= 0; dry--) { /* measure first: refuse an absurd file */
		if (m->hist.n && write_buckets(f, m, dry, &bytes))
			return -1;
		for (size_t i = 0; !m->hist.n && i < m->g.stats; i++) {
			const struct cg_stat *c = &m->g.stat[i];
			const struct sym *s = symtab_find(m->st, c->fn);
			if (c->self && s && s->addr == c->fn &&
			    !c->irq) /* an interrupt has no address */
				write_histogram(f, s, c->self, dry, &bytes);
		}
		if (dry && bytes > MAX_HIST_BYTES) {
			if (m->hist.n) /* a record of every bucket for each 65535 cycles of the fullest */
				error_at(
				        NULL, 0,
				        "gprof: the time histogram would take %llu bytes, more than 256 MiB: "
				        "too many buckets for the cycles of the fullest; take fewer",
				        (unsigned long long)bytes);
			else
				error_at(
				        NULL, 0,
				        "gprof: the time histogram would take %llu bytes: the cycle counts are implausible",
				        (unsigned long long)bytes);
			return -1;
		}
	}
	if (!bytes)
		write_empty_histogram(f, m->st);
	write_arcs(f, m);
	return 0;
}

/* Every hist frame of one layout adds to the histogram; what gmon.out
 * cannot hold (OUTSIDE) or holds short (SAT) is said. */
static void hist_frame(void *ctx, const struct frame *f, const struct hist_head *h,
                       const uint32_t *words)
{
	struct gmon *m = ctx;
	const struct hist_head *first = &m->hist;
	if (!first->n) {
		m->hist = *h;
		m->hist_cycles = xcalloc(h->n, sizeof *m->hist_cycles);
	} else if (h->base != first->base || h->shift != first->shift || h->k != first->k ||
	           h->n != first->n) {
		error_at(
		        f->in->name, f->line,
		        "hist frame %d: base 0x%08x, shift %u, k %u, n %u, where hist frame 1 has 0x%08x, "
		        "%u, %u, %u: one gmon.out holds one histogram layout",
		        f->index, h->base, h->shift, h->k, h->n, first->base, first->shift,
		        first->k, first->n);
		return;
	}
	for (uint32_t i = 0; i < h->n; i++)
		m->hist_cycles[i] += (uint64_t)words[i] << h->k;
	const uint64_t outside = (uint64_t)words[h->n - 1] << h->k;
	if (outside)
		warning_at(
		        f->in->name, f->line,
		        "hist frame %d: %llu cycles outside the buckets (OUTSIDE: at an address outside "
		        "them, or before the first instruction retired) are in no bin of gmon.out",
		        f->index, (unsigned long long)outside);
	if (h->status & PERF_HIST_CTRL_SAT_MASK)
		warning_at(
		        f->in->name, f->line,
		        "hist frame %d: a count saturated (SAT): its bucket's time in gmon.out is "
		        "a lower bound",
		        f->index);
}

void run_gprof(struct session *s)
{
	struct gmon m = { .st = s->st[0] };
	cg_init(&m.g, m.st);
	m.g.hook_cost = s->o->hook_cost;
	const struct dump_handler h = { .ctx = &m,
		                        .events = &m.g,
		                        .calltrace_begin = calltrace_begin,
		                        .calltrace_record = calltrace_record,
		                        .calltrace_end = calltrace_end,
		                        .hist = hist_frame };
	if (session_decode(s, 0, &h,
	                   1u << FRAME_EVENTS | 1u << FRAME_CALLTRACE | 1u << FRAME_HIST)) {
		if (m.g.frames) { /* arcs from the call paths; call traces are ignored */
			m.arcs = 0;
			map_free(&m.index[FROM_ENTRY]);
			map_free(&m.index[FROM_SITE]);
			cg_finish(&m.g); /* the nodes' totals, for the unfinished calls' */
			uint64_t open_calls = 0, open_cycles = 0;
			uint32_t open_fn = 0;
			for (size_t i = 1; i < m.g.nodes; i++) {
				const struct cg_node *n = &m.g.node[i];
				if (m.g.stat[n->stat].irq)
					continue;
				if (!n->calls) { /* only unfinished calls: no arc */
					const struct cg_node *p = &m.g.node[n->parent];
					if (n->parent && !open_calls++)
						open_fn = n->fn;
					/* The cycles once: not again below one counted. */
					if (n->parent && (p->calls || !p->parent))
						open_cycles += n->total;
					continue;
				}
				count_arc(&m, FROM_ENTRY, caller(&m, n), n->fn, n->calls);
			}
			/* An arc carries finished calls only: gprof then charges an
			 * unfinished call's time to no caller, and shares the time of
			 * the calls it made among their other callers. */
			char hex[12];
			if (open_calls && m.st)
				warning_at(
				        s->in[0]->name, 0,
				        "gprof: %llu call%s below the outermost still open when the "
				        "recording ended (%s%s) %s no arc in gmon.out: gprof charges "
				        "%llu cycles of them and of what they called to no caller, or "
				        "to other callers of the same functions; the function table "
				        "has them where they were spent",
				        (unsigned long long)open_calls, plural(open_calls),
				        symtab_fn_name(m.st, open_fn, hex),
				        open_calls > 1 ? ", ..." : "",
				        open_calls == 1 ? "has" : "have",
				        (unsigned long long)open_cycles);
		}
		if (!m.g.frames && !m.hist.n && m.calltraces)
			warning_at(
			        s->in[0]->name, 0,
			        "gprof: call traces record entries, not exits: gmon.out has their "
			        "calls and arcs, no time (gprof's times are 0)");
		if (m.g.frames && m.st)
			warn_uncounted(&m);
		if (!write_gmon(s->f, &m)) {
			if (s->renames)
				write_renames(m.st, s->renames);
			else
				warn_skipped_names(&m);
		}
	}
	free(m.arc);
	map_free(&m.index[FROM_ENTRY]);
	map_free(&m.index[FROM_SITE]);
	for (size_t d = 0; d < m.levels; d++)
		free(m.level[d].w);
	free(m.level);
	free(m.hist_cycles);
	cg_free(&m.g);
}
