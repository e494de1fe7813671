/* SPDX-License-Identifier: Apache-2.0 */
/*
 * functions --diff: two runs' function tables side by side, matched by name
 * (addresses move between builds), with the change of calls, self and
 * self+children; a function only one run has shows "-" in the other.
 * A name one run lacks is paired with a name of the other that is the same
 * without GCC's clone suffixes (energy ~ energy.constprop.0): a build with
 * other flags, -finstrument-functions among them, clones other functions.
 * Above the table, each run's lines of what its figures lack or were given
 * (lost events, damage, the hook cost), as its own table's head says them:
 * a partial run makes every change it shows suspect.
 */
#include <stdlib.h>
#include <string.h>

#include "input.h"
#include "table.h"
#include "util.h"

struct pair {
	const struct row *a, *b; /* NULL where the run lacks the function */
	int clone;               /* a and b paired by their names without clone suffixes */
};

/* Whether name[0, len) ends in ".word" for one of words. */
static int ends_in(const char *name, size_t len, const char *const *words, size_t *dot)
{
	for (; *words; words++) {
		const size_t n = strlen(*words);
		if (len > n + 1 && name[len - n - 1] == '.' && !memcmp(name + len - n, *words, n)) {
			*dot = len - n - 1;
			return 1;
		}
	}
	return 0;
}

/* len less a ".N" (N digits) that name[0, len) ends in, if it does. */
static size_t without_number(const char *name, size_t len)
{
	size_t digits = 0;
	while (digits < len && name[len - 1 - digits] >= '0' && name[len - 1 - digits] <= '9')
		digits++;
	return digits && digits < len && name[len - 1 - digits] == '.' ? len - 1 - digits : len;
}

static const char *const cold[] = { "cold", NULL };

/* The length of name without GCC's clone suffixes, taken off the end one by
 * one: .constprop.N, .isra.N, .part.N, .lto_priv.N, .cold (.cold.N before
 * GCC 10), and chains of them (foo.isra.0.constprop.0, foo.part.0.cold). */
static size_t unsuffixed_len(const char *name)
{
	static const char *const numbered[] = { "constprop", "isra", "part",
		                                "lto_priv",  "cold", NULL };
	size_t len = strlen(name), dot;
	for (;;) {
		const size_t bare = without_number(name, len);
		if (bare < len && ends_in(name, bare, numbered, &dot))
			len = dot;
		else if (ends_in(name, len, cold, &dot))
			len = dot;
		else
			return len;
	}
}

/* Whether name is a function's cold part (foo.cold, foo.part.0.cold,
 * foo.cold.1): code GCC moved out of the function, never the function, so
 * no clone pairs with it and it does not stand in another's way. */
static int is_cold(const char *name)
{
	size_t dot;
	return ends_in(name, without_number(name, strlen(name)), cold, &dot);
}

/* Whether the names of x and y are the same without clone suffixes. */
static int same_unsuffixed(const struct row *x, const struct row *y)
{
	const char *a = row_name(x), *b = row_name(y);
	const size_t n = unsuffixed_len(a);
	return n == unsuffixed_len(b) && !memcmp(a, b, n);
}

/* The pairs of one side only, A's (side_a) or B's, whose name is r's
 * without clone suffixes: how many, and in *at the first. */
static size_t candidates(const struct pair *p, size_t n, const struct row *r, int side_a,
                         size_t *at)
{
	size_t found = 0;
	for (size_t k = 0; k < n; k++) {
		const struct row *o = side_a ? p[k].a : p[k].b;
		if (o && !(side_a ? p[k].b : p[k].a) && !is_cold(row_name(o)) &&
		    same_unsuffixed(o, r) && !found++)
			*at = k;
	}
	return found;
}

/* Each name of A that B lacks takes the one name B alone has that is the
 * same without clone suffixes, if that one is the only such in A too (two
 * candidates on either side: which is which is unknown, so neither is
 * paired). Only the unpaired are compared, each with each: few in a diff
 * of one program's builds. Returns the pairs left. */
static size_t pair_clones(struct pair *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t j = 0, mine = 0;
		if (!p[i].a || p[i].b || is_cold(row_name(p[i].a)) ||
		    candidates(p, n, p[i].a, 0, &j) != 1 || candidates(p, n, p[j].b, 1, &mine) != 1)
			continue;
		p[i].b = p[j].b;
		p[i].clone = 1;
		p[j].b = NULL; /* empty: dropped below */
	}
	size_t kept = 0;
	for (size_t i = 0; i < n; i++)
		if (p[i].a || p[i].b)
			p[kept++] = p[i];
	return kept;
}

/* The name column: each run's names, and "a ~ b" for a clone's pair, with a
 * space after. */
static int name_width(const struct table *a, const struct table *b, const struct pair *p, size_t n)
{
	int w = table_name_width(b, table_name_width(a, 20));
	for (size_t k = 0; k < n; k++) {
		const size_t len =
		        p[k].clone ? strlen(row_name(p[k].a)) + strlen(row_name(p[k].b)) + 4 : 0;
		w = (int)len > w ? (int)len : w;
	}
	return w;
}

static int by_name(const void *x, const void *y)
{
	const struct row *const *a = x, *const *b = y;
	return strcmp(row_name(*a), row_name(*b));
}

static const struct row **sorted_by_name(const struct table *t)
{
	const struct row **v = xcalloc(t->n, sizeof *v);
	for (size_t i = 0; i < t->n; i++)
		v[i] = &t->rows[i];
	qsort(v, t->n, sizeof *v, by_name);
	return v;
}

static uint64_t diff_magnitude(const struct pair *p)
{
	const uint64_t a = p->a ? p->a->self : 0, b = p->b ? p->b->self : 0;
	return a > b ? a - b : b - a;
}

/* qsort passes no context: the column of the sort under way (NULL: the
 * change in self time). */
static const struct column *by;

static int compare_pairs(const void *x, const void *y)
{
	const struct pair *p = x, *q = y;
	const struct row *rp = p->b ? p->b : p->a, *rq = q->b ? q->b : q->a;
	if (!by) { /* the default: the largest change first */
		const uint64_t dp = diff_magnitude(p), dq = diff_magnitude(q);
		if (dp != dq)
			return dp > dq ? -1 : 1;
	} else if (by->get) {
		const uint64_t vp = by->get(rp), vq = by->get(rq);
		if (vp != vq)
			return vp > vq ? -1 : 1;
	}
	return strcmp(row_name(rp), row_name(rq));
}

/* A column's field, right-aligned in width: a value as wide or wider
 * keeps a space before it, so that it never runs into the one before. */
static void field(FILE *f, int width, const char *s)
{
	fprintf(f, " %*s", width - 1, s);
}

static void cell(FILE *f, int width, const struct row *r, uint64_t v)
{
	char s[32];
	snprintf(s, sizeof s, "%llu", (unsigned long long)v);
	field(f, width, r ? s : "-");
}

static void change(FILE *f, int width, uint64_t a, uint64_t b)
{
	char s[32];
	snprintf(s, sizeof s, "%s%llu", b > a ? "+" : b < a ? "-" : "", (unsigned long long)(b > a ? b - a : a - b));
	field(f, width, s);
}

/* "A: lost: ...": the run's notes, each line after side. */
static void notes(FILE *f, const struct table *t, const char *side)
{
	char buf[sizeof t->head];
	table_notes(t, buf, sizeof buf, side);
	fputs(buf, f);
	if (t->other_elf)
		fprintf(f, "%s" OTHER_ELF_NOTE, side);
}

void table_print_diff(FILE *f, const struct table *a, const struct table *b, const char *column)
{
	by = table_column(column); /* NULL: "diff" */
	const struct row **va = sorted_by_name(a), **vb = sorted_by_name(b);
	struct pair *pairs = xcalloc(a->n + b->n, sizeof *pairs);
	size_t n = 0, i = 0, j = 0;
	while (i < a->n || j < b->n) { /* merge by name */
		const int c = i == a->n ? 1 : j == b->n ? -1 : strcmp(row_name(va[i]), row_name(vb[j]));
		pairs[n++] = (struct pair){ .a = c <= 0 ? va[i++] : NULL, .b = c >= 0 ? vb[j++] : NULL };
	}
	n = pair_clones(pairs, n);
	qsort(pairs, n, sizeof *pairs, compare_pairs);
	const int w = name_width(a, b, pairs, n);
	notes(f, a, "A: ");
	notes(f, b, "B: ");
	fprintf(f, "%-*s%9s%9s%13s%13s%13s%9s%16s%16s%15s\n", w, "Name", "#Calls A", "#Calls B", "Self A",
	        "Self B", "Self diff", "Diff%", "Self+ch. A", "Self+ch. B", "Self+ch. diff");
	for (size_t k = 0; k < n; k++) {
		const struct row *x = pairs[k].a, *y = pairs[k].b;
		const uint64_t sa = x ? x->self : 0, sb = y ? y->self : 0;
		const uint64_t ta = x ? x->total : 0, tb = y ? y->total : 0;
		char rel[40]; /* 2^64 - 1 cycles from 1: "+1844674407370955161500.00" */
		if (!x)
			snprintf(rel, sizeof rel, "new");
		else if (!y)
			snprintf(rel, sizeof rel, "gone");
		else if (!sa)
			snprintf(rel, sizeof rel, "%s", sb ? "+inf" : "0.00");
		else
			snprintf(rel, sizeof rel, "%+.2f", 100.0 * ((double)sb - (double)sa) / (double)sa);
		if (pairs[k].clone)
			fprintf(f, "%s ~ %-*s", row_name(x), w - 3 - (int)strlen(row_name(x)),
			        row_name(y));
		else
			fprintf(f, "%-*s", w, row_name(x ? x : y));
		cell(f, 9, x, x ? x->calls : 0);
		cell(f, 9, y, y ? y->calls : 0);
		cell(f, 13, x, sa);
		cell(f, 13, y, sb);
		change(f, 13, sa, sb);
		field(f, 9, rel);
		cell(f, 16, x, ta);
		cell(f, 16, y, tb);
		change(f, 15, ta, tb);
		fputc('\n', f);
	}
	free(pairs);
	free(va);
	free(vb);
}
