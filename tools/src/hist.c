/* SPDX-License-Identifier: Apache-2.0 */
/*
 * perfscope hist: each hist frame, the retire tap's flat profile
 * (docs/retire.md), as the self cycles of each function summed from the
 * buckets inside it, most first, then OUTSIDE:
 *
 *   hist 1 (app.log:40): 255 buckets of 16 bytes at 0x00000100..0x000010ef, every cycle counted
 *   Name                PC           Cycles     Pct
 *   crc32               0x00000200     5000   50.00
 *   0x00000ff0          0x00000ff0       10    0.10
 *   OUTSIDE                              90    0.90
 *
 * A bucket goes whole to the function its first byte is in, so with
 * buckets wider than an instruction one that straddles two functions is
 * charged to the lower (gprof shares it out by the bytes of each instead);
 * the table then says how many did and their cycles, under it and on
 * standard error, as those rows are approximate.
 * A bucket in no function of the ELF, or every bucket without one, is a
 * row of its own named by its address. Pct are of all the frame's cycles,
 * OUTSIDE's included. Sampled (k > 0), a sample counts as 2^k cycles. A
 * count that saturated (SAT) is said under the table and on standard
 * error, as a partial recording's lost events are; so is an ELF that is
 * not the run's (its build id), whose names would look right.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "fmt.h"
#include "map.h"
#include "session.h"
#include "util.h"

struct hist_row {
	uint32_t pc; /* the function's entry, or the bucket's address */
	uint64_t cycles;
};

struct hist {
	FILE *f;
	const struct symtab *st;
	int printed;
};

/* Most cycles first, then the lower address. */
static int by_cycles(const void *a, const void *b)
{
	const struct hist_row *x = a, *y = b;
	if (x->cycles != y->cycles)
		return x->cycles < y->cycles ? 1 : -1;
	return (x->pc > y->pc) - (x->pc < y->pc);
}

/* The buckets' cycles summed per function (or bucket): *n rows, unsorted;
 * the buckets with cycles that straddle two or more functions, and their cycles,
 * in *straddle. */
struct straddle {
	uint32_t buckets;
	uint64_t cycles;
};

static struct hist_row *rows_of(const struct hist *t, const struct hist_head *h,
                                const uint32_t *words, size_t *n, struct straddle *straddle)
{
	struct hist_row *row = NULL;
	size_t cap = 0;
	struct map index = { 0 }; /* row pc -> row */
	*n = 0;
	for (uint32_t b = 0; b + 1 < h->n; b++) {
		if (!words[b])
			continue;
		const uint32_t at = h->base + b * hist_bucket_bytes(h);
		const struct sym *s = symtab_find(t->st, at);
		const uint32_t pc = s ? s->addr : at;
		const struct sym *end = symtab_find(t->st, at + hist_bucket_bytes(h) - 1);
		if (end && end != s) {
			straddle->buckets++;
			straddle->cycles += (uint64_t)words[b] << h->k;
		}
		uint32_t i = map_get(&index, pc);
		if (i == MAP_NONE) {
			grow(&row, &cap, *n + 1, sizeof *row);
			i = (uint32_t)(*n)++;
			row[i] = (struct hist_row){ .pc = pc };
			map_put(&index, pc, i);
		}
		row[i].cycles += (uint64_t)words[b] << h->k;
	}
	map_free(&index);
	return row;
}

static void table(void *ctx, const struct frame *fr, const struct hist_head *h,
                  const uint32_t *words)
{
	struct hist *t = ctx;
	size_t n;
	struct straddle straddle = { 0 };
	struct hist_row *row = rows_of(t, h, words, &n, &straddle);
	qsort(row, n, sizeof *row, by_cycles);
	const uint64_t outside = (uint64_t)words[h->n - 1] << h->k;
	uint64_t whole = outside;
	int name_w = 20, cycles_w = 9;
	for (size_t i = 0; i < n; i++) {
		char hex[12];
		const int len = 1 + (int)strlen(symtab_fn_name(t->st, row[i].pc, hex));
		name_w = len > name_w ? len : name_w;
		whole += row[i].cycles;
	}
	cycles_w = 1 + fmt_digits(whole) > cycles_w ? 1 + fmt_digits(whole) : cycles_w;

	if (t->printed++)
		fputc('\n', t->f);
	fprintf(t->f, "hist %d (%s:%ld): %u bucket%s of %u bytes at 0x%08x..0x%08x, ", fr->index,
	        fr->in->name, fr->line, h->n - 1, plural(h->n - 1), hist_bucket_bytes(h), h->base,
	        (uint32_t)(hist_end(h) - 1));
	if (h->k)
		fprintf(t->f,
		        "one cycle in %u sampled (k %u): a sample counts as %u cycles, at a fixed "
		        "stride (a loop of a multiple of %u cycles aliases)\n",
		        1u << h->k, h->k, 1u << h->k, 1u << h->k);
	else
		fputs("every cycle counted\n", t->f);
	fprintf(t->f, "%-*sPC        %*s     Pct\n", name_w, "Name", cycles_w, "Cycles");
	for (size_t i = 0; i < n; i++) {
		char hex[12];
		const uint64_t pct = fmt_hundredths(row[i].cycles, whole);
		fprintf(t->f, "%-*s0x%08x%*llu %4llu.%02llu\n", name_w,
		        symtab_fn_name(t->st, row[i].pc, hex), row[i].pc, cycles_w,
		        (unsigned long long)row[i].cycles, (unsigned long long)(pct / 100),
		        (unsigned long long)(pct % 100));
	}
	const uint64_t pct = fmt_hundredths(outside, whole);
	fprintf(t->f, "%-*s%10s%*llu %4llu.%02llu\n", name_w, "OUTSIDE", "", cycles_w,
	        (unsigned long long)outside, (unsigned long long)(pct / 100),
	        (unsigned long long)(pct % 100));
	if (straddle.buckets) {
		fprintf(t->f,
		        "STRADDLE: %u bucket%s (%llu cycles) %s two or more functions and %s charged to the "
		        "lower: those rows are approximate (buckets of 4 bytes are exact)\n",
		        straddle.buckets, plural(straddle.buckets),
		        (unsigned long long)straddle.cycles,
		        straddle.buckets == 1 ? "straddles" : "straddle",
		        straddle.buckets == 1 ? "is" : "are");
		warning_at(
		        fr->in->name, fr->line,
		        "hist frame %d: %u bucket%s (%llu cycles) %s two or more functions: charged to "
		        "the lower, approximate",
		        fr->index, straddle.buckets, plural(straddle.buckets),
		        (unsigned long long)straddle.cycles,
		        straddle.buckets == 1 ? "straddles" : "straddle");
	}
	/* A bucket takes the name of whatever function of the ELF holds its
	 * address: with another program's ELF the names look right and are not. */
	if (fr->in->other_elf)
		fputs(OTHER_ELF_NOTE, t->f);
	if (h->status & PERF_HIST_CTRL_SAT_MASK) {
		fputs("SAT: a count saturated: its bucket's cycles, and its row's, are a lower bound\n",
		      t->f);
		warning_at(
		        fr->in->name, fr->line,
		        "hist frame %d: a count saturated (SAT): its bucket's cycles are a lower bound",
		        fr->index);
	}
	free(row);
}

void run_hist(struct session *s)
{
	struct hist t = { .f = s->f, .st = s->st[0] };
	const struct dump_handler h = { .ctx = &t, .hist = table };
	session_decode(s, 0, &h, 1u << FRAME_HIST);
}
