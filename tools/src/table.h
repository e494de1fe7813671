/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The function table in the layout of the IAS profile print (calls,
 * self+children and self, each with total, %, average, maximum, minimum),
 * as the driver prints it on the target but with names, a column for the
 * deepest nesting, any sort order, and a comparison of two runs.
 */
#ifndef TABLE_H
#define TABLE_H

#include <stdint.h>
#include <stdio.h>

#include "callgraph.h"
#include "decode.h"
#include "symbols.h"

struct row {
	uint32_t fn;        /* or an interrupt's data (its PC column) */
	int irq;            /* a trace stream's interrupt: "irq <data>" */
	const char *name;   /* set by table_name; NULL: the ELF has none, see hex */
	char hex[CG_NAME_SIZE];
	uint64_t calls, outer;
	uint64_t total, total_min, total_max; /* over outer calls */
	uint64_t self, self_min, self_max;
	uint64_t open_total, open_self; /* of total and self, the unfinished calls' */
	uint32_t depth;     /* deepest call, 1 = outermost; 0: unknown */
};

struct table {
	char head[1024]; /* the lines above the column heads: table.c checks the notes fit */
	struct row *rows;
	size_t n;
	int program;        /* rows[0] is a profile's Program row, kept first */
	unsigned __int128 whole; /* what the Pct columns divide: a sum of 64-bit counts */
	uint64_t lost;      /* events the recording lost: its Pct are partial */
	unsigned lost_why;  /* why (CG_LOST_* ORed); 0: a target's table, which does not say */
	uint32_t hook_cost; /* cycles taken off each call (--hook-cost) */
	unsigned damaged;   /* recordings that failed their check: partial too */
	uint64_t unfinished; /* calls closed without their exit: charged, not counted */
	int other_elf;       /* named from another program's ELF (its build id differs) */
};

/* From a funcstat or profile frame; from the events of a call graph. */
void table_from_frame(struct table *t, const struct funcstat_head *h, const struct funcstat_row *rows);
void table_from_events(struct table *t, const struct callgraph *g);
void table_free(struct table *t);

/* Gives every row its name from st (NULL: addresses). */
void table_name(struct table *t, const struct symtab *st);

/* A row's name; its address if the ELF has none (the row's own copy, so
 * that it moves with the row when the table is sorted). */
static inline const char *row_name(const struct row *r)
{
	return r->name ? r->name : r->hex;
}

/* A column to sort by: its value in a row, or NULL for name and pc. */
struct column {
	const char *name;
	uint64_t (*get)(const struct row *);
};

/* The column called name (usage.c lists them), or NULL. */
const struct column *table_column(const char *name);

/* The width of the name column: the longest name + 1, at least width. */
int table_name_width(const struct table *t, int width);

/* Whether column is one to sort by (usage.c lists them); "none" keeps the
 * frame's order, "diff" (for a comparison) sorts by the change. */
int table_has_column(const char *column, int diff);

void table_sort(struct table *t, const char *column);

/* Keeps the first top rows (0: all) whose self Pct, in hundredths, is at
 * least min_pct; a profile's Program row always stays. */
void table_limit(struct table *t, uint64_t top, uint32_t min_pct);

void table_print(FILE *f, const struct table *t);

/* The lines of t's head that say what its figures lack or were given
 * (hook cost, damaged, lost), each after prefix, into buf: the single
 * table's head and each run's in a comparison. */
void table_notes(const struct table *t, char *buf, size_t size, const char *prefix);

/* The same rows for scripts, the table's number (1 for the first of the
 * dump) in each: CSV with a head line (after "# hook cost", "# damaged"
 * and "# lost" lines where they apply), or one JSON object. */
void table_print_csv(FILE *f, const struct table *t, size_t number);
void table_print_json(FILE *f, const struct table *t, size_t number);

/* Run a against run b, function by function (matched by name), sorted by
 * column. */
void table_print_diff(FILE *f, const struct table *a, const struct table *b, const char *column);

#endif
