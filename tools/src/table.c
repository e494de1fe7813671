/* SPDX-License-Identifier: Apache-2.0 */
#include "table.h"

#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "input.h"
#include "json.h"
#include "perfscope_profile.h"
#include "util.h"

static void add_row(struct table *t, size_t *cap, struct row r)
{
	grow(&t->rows, cap, t->n + 1, sizeof *t->rows);
	t->rows[t->n++] = r;
}

static struct row frame_row(const struct funcstat_row *r)
{
	return (struct row){ .fn = r->fn, .calls = r->calls, .outer = r->outer, .total = r->total,
	                     .total_min = r->total_min, .total_max = r->total_max, .self = r->self,
	                     .self_min = r->self_min, .self_max = r->self_max };
}

/* Lines of a table's head, and "# " comments in its CSV. */
#define HOOK_NOTE "hook cost: %u cycles a call taken off (--hook-cost)\n"
#define DAMAGED_NOTE                                                                                \
	"damaged: %u recording%s failed its check (see the errors): its events as far as decoded, " \
	"a partial recording\n"
#define PARTIAL_NOTE "a partial recording, its Pct are of the recorded time only\n"
#define UNFINISHED_NOTE                                                                          \
	"unfinished: %llu call%s without %s exit (open at a recording's end or across a loss): " \
	"charged to Self and Self+children, not counted in #Calls, Avg, Max or Min\n"
#define UNFINISHED_ARGS(n) (unsigned long long)(n), plural(n), (n) == 1 ? "its" : "their"
/* The head's first line (table_from_*), every note at once, each number
 * 20 digits and the causes of a loss all named: they fit, nothing is cut. */
#define NOTES_FORMATS HOOK_NOTE DAMAGED_NOTE "lost: : " PARTIAL_NOTE UNFINISHED_NOTE
_Static_assert(sizeof((struct table *)0)->head >= 128 + sizeof(NOTES_FORMATS) + 5 * 20 + 256,
               "a table's head holds its notes");

void table_notes(const struct table *t, char *buf, size_t size, const char *prefix)
{
	size_t len = 0;
	buf[0] = 0;
	if (t->hook_cost)
		len += (size_t)snprintf(buf, size, "%s" HOOK_NOTE, prefix, t->hook_cost);
	if (t->damaged && len < size)
		len += (size_t)snprintf(buf + len, size - len, "%s" DAMAGED_NOTE, prefix,
		                        t->damaged, t->damaged == 1 ? "" : "s");
	/* A target's own table gives no cause: its driver counts the events
	 * lost, not why. */
	if (t->lost && t->lost_why && len < size)
		len += (size_t)snprintf(
		        buf + len, size - len, "%slost: %llu event%s, %s: " PARTIAL_NOTE, prefix,
		        (unsigned long long)t->lost, plural(t->lost), cg_lost_why(t->lost_why));
	else if (t->lost && len < size)
		len += (size_t)snprintf(buf + len, size - len,
		                        "%slost: %llu event%s: " PARTIAL_NOTE, prefix,
		                        (unsigned long long)t->lost, plural(t->lost));
	if (t->unfinished && len < size)
		snprintf(buf + len, size - len, "%s" UNFINISHED_NOTE, prefix,
		         UNFINISHED_ARGS(t->unfinished));
}

void table_from_frame(struct table *t, const struct funcstat_head *h, const struct funcstat_row *rows)
{
	size_t cap = 0;
	*t = (struct table){ 0 };
	if (h->profile) {
		/* The head and the Program row of perf_profile_print. */
		snprintf(t->head, sizeof t->head,
		         "profile %u: %s, %s; entries still on call stack: %u\n"
		         "max call stack depth seen: %u, depth warnings: %u below 0, %u above %d\n"
		         "Total number of cycles: %llu\n",
		         h->id, h->flags & 1 ? "enabled" : "disabled",
		         h->flags & 2 ? "frozen" : "not frozen", h->open, h->max_depth, h->warn_low,
		         h->warn_high, PERF_PROFILE_DEPTH, (unsigned long long)h->counted);
		t->program = 1;
		t->whole = h->counted;
		add_row(t, &cap, (struct row){ .calls = 1, .outer = 1, .total = h->counted,
		                               .total_min = (uint32_t)h->counted, .total_max = (uint32_t)h->counted,
		                               .self = h->outside, .self_min = (uint32_t)h->outside,
		                               .self_max = (uint32_t)h->outside });
	} else {
		int len = snprintf(t->head, sizeof t->head, "max call depth seen: %u, functions: %u", h->max_depth, h->n);
		if (h->dropped || h->lost || h->open)
			len += snprintf(t->head + len, sizeof t->head - (size_t)len,
			                ", still open: %u, events lost: %u, dropped: %u", h->open, h->lost, h->dropped);
		len += snprintf(t->head + len, sizeof t->head - (size_t)len, "\n");
		t->lost = (uint64_t)h->lost + h->dropped;
		table_notes(t, t->head + len, sizeof t->head - (size_t)len, "");
	}
	for (uint32_t i = 0; i < h->n; i++) {
		add_row(t, &cap, frame_row(&rows[i]));
		if (!h->profile)
			t->whole += rows[i].self; /* the driver's % are of all self time */
	}
}

void table_from_events(struct table *t, const struct callgraph *g)
{
	size_t cap = 0;
	*t = (struct table){ 0 };
	const unsigned frames = g->frames - g->streams;
	char from[96];
	if (frames && g->streams) /* a log of events frames and trace frames */
		snprintf(from, sizeof from, "%u events frame%s and %u trace stream%s", frames,
		         frames == 1 ? "" : "s", g->streams, g->streams == 1 ? "" : "s");
	else
		snprintf(from, sizeof from, "%u %s%s", g->streams ? g->streams : frames,
		         g->streams ? "trace stream" : "events frame",
		         (g->streams ? g->streams : frames) == 1 ? "" : "s");
	const int len = snprintf(t->head, sizeof t->head,
	                         "max call depth seen: %u, functions: %zu (from %s)\n",
	                         g->max_depth, g->stats, from);
	t->lost = g->lost_all;
	t->lost_why = g->lost_why;
	t->hook_cost = g->hook_cost;
	t->damaged = g->damaged;
	t->unfinished = g->unfinished;
	table_notes(t, t->head + len, sizeof t->head - (size_t)len, "");
	for (size_t i = 0; i < g->stats; i++) {
		const struct cg_stat *s = &g->stat[i];
		add_row(t, &cap,
		        (struct row){ .fn = s->fn,
		                      .irq = s->irq,
		                      .calls = s->calls,
		                      .outer = s->outer,
		                      .total = s->total,
		                      .total_min = s->total_min,
		                      .total_max = s->total_max,
		                      .self = s->self,
		                      .self_min = s->self_min,
		                      .self_max = s->self_max,
		                      .open_total = s->open_total,
		                      .open_self = s->open_self,
		                      .depth = s->depth });
		t->whole += s->self;
	}
}

void table_free(struct table *t)
{
	free(t->rows);
	*t = (struct table){ 0 };
}

void table_name(struct table *t, const struct symtab *st)
{
	for (size_t i = 0; i < t->n; i++) {
		struct row *r = &t->rows[i];
		const char *name;
		if (t->program && i == 0)
			r->name = "Program";
		else if (r->fn == PERF_FRAME_PROFILE_USER_BLOCK)
			r->name = "USER_DEFINED_BLOCK";
		else if ((name = cg_name(st, r->fn, r->irq, r->hex)) != r->hex)
			r->name = name;
	}
}

/* ---- sorting ------------------------------------------------------------- */

static uint64_t avg(uint64_t sum, uint64_t n) { return n ? sum / n : 0; }
/* A minimum with no call behind it sorts as 0 (and is shown as "-":
 * no_value). */
static uint64_t min_of(uint64_t min, uint64_t n) { return n ? min : 0; }

static uint64_t c_calls(const struct row *r) { return r->calls; }
static uint64_t c_total(const struct row *r) { return r->total; }
/* Averages are of finished calls: the unfinished ones' time is left out. */
static uint64_t c_total_avg(const struct row *r)
{
	return avg(r->total - r->open_total, r->outer);
}
static uint64_t c_total_max(const struct row *r) { return r->total_max; }
static uint64_t c_total_min(const struct row *r) { return min_of(r->total_min, r->outer); }
static uint64_t c_self(const struct row *r) { return r->self; }
static uint64_t c_self_avg(const struct row *r)
{
	return avg(r->self - r->open_self, r->calls);
}
static uint64_t c_self_max(const struct row *r) { return r->self_max; }
static uint64_t c_self_min(const struct row *r) { return min_of(r->self_min, r->calls); }
static uint64_t c_depth(const struct row *r) { return r->depth; }

/* Numbers sort largest first; name and pc smallest first. */
static const struct column columns[] = {
	{ "calls", c_calls },         { "total", c_total },       { "total-avg", c_total_avg },
	{ "total-max", c_total_max }, { "total-min", c_total_min }, { "self", c_self },
	{ "self-avg", c_self_avg },   { "self-max", c_self_max }, { "self-min", c_self_min },
	{ "depth", c_depth },         { "name", NULL },           { "pc", NULL },
};

/* qsort passes no context: the column of the sort under way. */
static const struct column *by;

static int compare(const void *pa, const void *pb)
{
	const struct row *a = pa, *b = pb;
	if (by->get) {
		const uint64_t x = by->get(a), y = by->get(b);
		if (x != y)
			return x > y ? -1 : 1;
	} else if (by->name[0] == 'n') {
		const int c = strcmp(row_name(a), row_name(b));
		if (c)
			return c;
	}
	return a->fn < b->fn ? -1 : a->fn > b->fn;
}

const struct column *table_column(const char *name)
{
	for (size_t i = 0; i < sizeof columns / sizeof columns[0]; i++)
		if (!strcmp(name, columns[i].name))
			return &columns[i];
	return NULL;
}

int table_has_column(const char *column, int diff)
{
	return table_column(column) || !strcmp(column, diff ? "diff" : "none");
}

void table_sort(struct table *t, const char *column)
{
	const size_t skip = t->program ? 1 : 0; /* the Program row stays on top */
	if ((by = table_column(column)) && t->n > skip)
		qsort(t->rows + skip, t->n - skip, sizeof *t->rows, compare);
}

/* ---- printing ---------------------------------------------------------------- */

int table_name_width(const struct table *t, int width)
{
	for (size_t i = 0; i < t->n; i++) {
		const int len = (int)strlen(row_name(&t->rows[i])) + 1;
		width = len > width ? len : width;
	}
	return width;
}

/* The columns after Name and PC, each as wide as its head or its widest
 * value and a space, so that no two ever touch. */
enum { C_CALLS, C_TOTAL, C_TPCT, C_TAVG, C_TMAX, C_TMIN, C_SELF, C_SPCT, C_SAVG, C_SMAX, C_SMIN, C_DEPTH, C_N };
static const char *const head[C_N] = { "#Calls", "Self+children", "Pct", "Avg", "Max", "Min",
	                               "Self", "Pct", "Avg", "Max", "Min", "Depth" };
static const int least[C_N] = { 7, 14, 7, 8, 8, 8, 14, 7, 8, 8, 8, 7 }; /* the layout's usual widths */

static void row_values(const struct table *t, const struct row *r, uint64_t v[C_N])
{
	v[C_CALLS] = r->calls;
	v[C_TOTAL] = r->total;
	v[C_TPCT] = fmt_hundredths(r->total, t->whole);
	v[C_TAVG] = c_total_avg(r);
	v[C_TMAX] = r->total_max;
	v[C_TMIN] = min_of(r->total_min, r->outer);
	v[C_SELF] = r->self;
	v[C_SPCT] = fmt_hundredths(r->self, t->whole);
	v[C_SAVG] = c_self_avg(r);
	v[C_SMAX] = r->self_max;
	v[C_SMIN] = min_of(r->self_min, r->calls);
	v[C_DEPTH] = r->depth;
}

/* A column without a value: an unknown depth; Avg, Max and Min of a
 * function with no finished call (its calls all unfinished: a loss, a
 * longjmp, the end), and Self+children's of one whose finished calls were
 * all recursive, its outermost one unfinished (Self+children counts
 * outermost calls only). Text "-", CSV empty, JSON null. */
static int no_value(const struct row *r, int col)
{
	if (col == C_DEPTH)
		return !r->depth;
	if (col == C_SAVG || col == C_SMAX || col == C_SMIN)
		return !r->calls;
	return (col == C_TAVG || col == C_TMAX || col == C_TMIN) && !r->outer;
}

static void print_value(FILE *f, const struct row *r, int col, int width, uint64_t v)
{
	if (col == C_TPCT || col == C_SPCT)
		fprintf(f, "%*llu.%02llu", width - 3, (unsigned long long)(v / 100), (unsigned long long)(v % 100));
	else if (no_value(r, col))
		fprintf(f, "%*s", width, "-");
	else
		fprintf(f, "%*llu", width, (unsigned long long)v);
}

void table_print(FILE *f, const struct table *t)
{
	const int w = table_name_width(t, 20);
	int width[C_N];
	uint64_t v[C_N];
	for (int c = 0; c < C_N; c++)
		width[c] = least[c];
	for (size_t i = 0; i < t->n; i++) {
		row_values(t, &t->rows[i], v);
		for (int c = 0; c < C_N; c++) {
			const int need = 1 + fmt_digits(c == C_TPCT || c == C_SPCT ? v[c] / 100 : v[c]) +
			                 (c == C_TPCT || c == C_SPCT ? 3 : 0);
			width[c] = need > width[c] ? need : width[c];
		}
	}
	fprintf(f, "%s%s%-*sPC        ", t->head, t->other_elf ? OTHER_ELF_NOTE : "", w, "Name");
	for (int c = 0; c < C_N; c++)
		fprintf(f, "%*s", width[c], head[c]);
	fputc('\n', f);
	for (size_t i = 0; i < t->n; i++) {
		const struct row *r = &t->rows[i];
		fprintf(f, "%-*s0x%08x", w, row_name(r), r->fn);
		row_values(t, r, v);
		for (int c = 0; c < C_N; c++)
			print_value(f, r, c, width[c], v[c]);
		fputc('\n', f);
	}
}

void table_limit(struct table *t, uint64_t top, uint32_t min_pct)
{
	const size_t skip = t->program ? 1 : 0;
	size_t kept = skip;
	for (size_t i = skip; i < t->n; i++)
		if ((!top || kept - skip < top) &&
		    fmt_hundredths(t->rows[i].self, t->whole) >= min_pct)
			t->rows[kept++] = t->rows[i];
	t->n = kept;
}

static const char *const key[C_N] = { "calls", "total", "total_pct", "total_avg", "total_max", "total_min",
	                              "self", "self_pct", "self_avg", "self_max", "self_min", "depth" };

static void plain_value(FILE *f, int col, uint64_t v)
{
	if (col == C_TPCT || col == C_SPCT)
		fprintf(f, "%llu.%02llu", (unsigned long long)(v / 100), (unsigned long long)(v % 100));
	else
		fprintf(f, "%llu", (unsigned long long)v);
}

/* A CSV field (RFC 4180): quoted, its quotes doubled, if it has a comma, a
 * quote or a line break, as a demangled C++ name's arguments do. */
static void csv_field(FILE *f, const char *v)
{
	if (!strpbrk(v, ",\"\r\n")) {
		fputs(v, f);
		return;
	}
	fputc('"', f);
	for (; *v; v++) {
		if (*v == '"')
			fputc('"', f);
		fputc(*v, f);
	}
	fputc('"', f);
}

void table_print_csv(FILE *f, const struct table *t, size_t number)
{
	uint64_t v[C_N];
	if (t->hook_cost)
		fprintf(f, "# " HOOK_NOTE, t->hook_cost);
	if (t->damaged)
		fprintf(f, "# " DAMAGED_NOTE, t->damaged, t->damaged == 1 ? "" : "s");
	if (t->lost)
		fprintf(f, "# lost: %llu event%s: " PARTIAL_NOTE, (unsigned long long)t->lost,
		        plural(t->lost));
	if (t->unfinished)
		fprintf(f, "# " UNFINISHED_NOTE, UNFINISHED_ARGS(t->unfinished));
	if (t->other_elf)
		fputs("# " OTHER_ELF_NOTE, f);
	fputs("table,name,pc", f);
	for (int c = 0; c < C_N; c++)
		fprintf(f, ",%s", key[c]);
	fputc('\n', f);
	for (size_t i = 0; i < t->n; i++) {
		const struct row *r = &t->rows[i];
		fprintf(f, "%zu,", number);
		csv_field(f, row_name(r));
		fprintf(f, ",0x%08x", r->fn);
		row_values(t, r, v);
		for (int c = 0; c < C_N; c++) {
			fputc(',', f);
			if (!no_value(r, c)) /* empty, as "-" and null */
				plain_value(f, c, v[c]);
		}
		fputc('\n', f);
	}
}

void table_print_json(FILE *f, const struct table *t, size_t number)
{
	uint64_t v[C_N];
	fprintf(f,
	        "{\"table\":%zu,\"lost\":%llu,\"partial\":%s,\"damaged\":%u,\"hook_cost\":%u,"
	        "\"unfinished\":%llu,\"other_elf\":%s,\"functions\":[",
	        number, (unsigned long long)t->lost, t->lost || t->damaged ? "true" : "false",
	        t->damaged, t->hook_cost, (unsigned long long)t->unfinished,
	        t->other_elf ? "true" : "false");
	for (size_t i = 0; i < t->n; i++) {
		const struct row *r = &t->rows[i];
		fputs(i ? ",\n{\"name\":" : "\n{\"name\":", f);
		json_string(f, row_name(r));
		fprintf(f, ",\"pc\":\"0x%08x\"", r->fn);
		row_values(t, r, v);
		for (int c = 0; c < C_N; c++) {
			fprintf(f, ",\"%s\":", key[c]);
			if (no_value(r, c))
				fputs("null", f);
			else
				plain_value(f, c, v[c]);
		}
		fputc('}', f);
	}
	fputs("\n]}", f);
}
