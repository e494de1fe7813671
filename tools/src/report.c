/*
 * perfscope report: each sections frame as the Nios II performance counter
 * report that perf_print_formatted_report prints on the target, digit for
 * digit (the same rounding), so the host copy can stand in for it.
 */
#include <stdio.h>

#include "commands.h"
#include "session.h"

struct report {
	FILE *f;
	const struct options *o;
	int printed;
};

/* r * m / d rounded half up, for r < d: long division over the bits of m,
 * so that no product needs more than 64 bits. */
static uint64_t scale_round(uint64_t r, uint32_t m, uint64_t d)
{
	uint64_t q = 0, rem = 0; /* r * (the bits of m so far) = q * d + rem, rem < d */
	for (int bit = 31; bit >= 0; bit--) {
		q <<= 1;
		if (rem >= d - rem) {
			rem -= d - rem;
			q++;
		} else {
			rem += rem;
		}
		if (m >> bit & 1u) {
			if (rem >= d - r) {
				rem -= d - r;
				q++;
			} else {
				rem += r;
			}
		}
	}
	return q + (rem >= d - rem);
}

/* whole.frac, frac with `decimals` digits, right-aligned in width. */
static void number(FILE *f, uint64_t whole, uint64_t frac, int decimals, int width)
{
	char s[48];
	if (decimals)
		snprintf(s, sizeof s, "%llu.%0*llu", (unsigned long long)whole, decimals, (unsigned long long)frac);
	else
		snprintf(s, sizeof s, "%llu", (unsigned long long)whole);
	fprintf(f, "%*s", width, s);
}

static void seconds(FILE *f, uint64_t clocks, uint32_t hz, int width)
{
	uint64_t whole = clocks / hz, nanos = scale_round(clocks % hz, 1000000000u, hz);
	if (nanos == 1000000000u) { /* .9999999995 and up is the next second */
		whole++;
		nanos = 0;
	}
	number(f, whole, nanos, 9, width);
}

static void percent(FILE *f, uint64_t part, uint64_t total, int width)
{
	const uint64_t hundredths = total ? part / total * 10000 + scale_round(part % total, 10000, total) : 0;
	number(f, hundredths / 100, hundredths % 100, 2, width);
}

static const char rule[] = "+---------------+--------+-------------+---------------+-----------+\n";

/* As the target's report: "Overflow: counters of total, sort wrapped (...)"
 * if any reported counter wrapped. */
static void overflow(FILE *f, const struct options *o, const struct sections *s, int n)
{
	const uint32_t shown = s->overflow & ((2u << n) - 1);
	if (!shown)
		return;
	fputs("Overflow: counters of", f);
	const char *sep = " ";
	for (int i = 0; i <= n; i++) {
		if (!(shown & (1u << i)))
			continue;
		if (i == 0)
			fprintf(f, "%stotal", sep);
		else if (o->names)
			fprintf(f, "%s%s", sep, o->name[i - 1]);
		else
			fprintf(f, "%ssection %d", sep, i);
		sep = ", ";
	}
	fputs(" wrapped (values are modulo 2^64 clocks, 2^32 occurrences)\n", f);
}

static void report(void *ctx, const struct frame *fr, const struct sections *s)
{
	struct report *r = ctx;
	const uint32_t hz = r->o->clock_hz ? r->o->clock_hz : s->clock_hz;
	const int n = r->o->names ? r->o->names : (int)s->n;
	if (!hz) {
		error_at(fr->in->name, fr->line, "sections frame: no clock frequency in the frame; give --clock-hz");
		return;
	}
	if (n > (int)s->n) {
		error_at(fr->in->name, fr->line, "sections frame: %d names for the %u sections it has", n, s->n);
		return;
	}
	FILE *f = r->f;
	if (r->printed++)
		fputc('\n', f);
	fputs("--Performance Counter Report", f);
	if (r->o->have_bias)
		fprintf(f, ", net of a %u-clock bias per occurrence", r->o->bias);
	fputs("--\nTotal Time: ", f);
	seconds(f, s->time[0], hz, 0);
	fprintf(f, " seconds (%llu clock-cycles)\n%s", (unsigned long long)s->time[0], rule);
	fprintf(f, "| Section       |   %%    | Time (sec)  | Time (clocks) |Occurrences|\n%s", rule);
	for (int i = 1; i <= n; i++) {
		uint64_t time = s->time[i];
		const uint64_t cost = (uint64_t)s->occurrences[i] * r->o->bias;
		if (r->o->have_bias) /* what the marks themselves cost, as perf_section_time_net */
			time = time > cost ? time - cost : 0;
		char unnamed[16];
		snprintf(unnamed, sizeof unnamed, "section %d", i);
		fprintf(f, "|%-15.15s|", r->o->names ? r->o->name[i - 1] : unnamed);
		percent(f, time, s->time[0], 7);
		fputs(" |", f);
		seconds(f, time, hz, 13);
		fputc('|', f);
		number(f, time, 0, 0, 15);
		fputc('|', f);
		number(f, s->occurrences[i], 0, 0, 11);
		fprintf(f, "|\n%s", rule);
	}
	overflow(f, r->o, s, n);
}

void run_report(struct session *s)
{
	struct report r = { .f = s->f, .o = s->o };
	const struct dump_handler h = { .ctx = &r, .sections = report };
	session_decode(s, 0, &h, 1u << FRAME_SECTIONS);
}
