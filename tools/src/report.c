/* SPDX-License-Identifier: Apache-2.0 */
/*
 * perfscope report: each sections frame as the Nios II performance counter
 * report that perf_print_formatted_report prints on the target, rendered by
 * the same code (driver/common/perf_report.c), so the host's report is the
 * target's digit for digit.
 */
#include <stdio.h>

#include "commands.h"
#include "perfscope.h"
#include "session.h"

struct report {
	FILE *f;
	const struct options *o;
	int printed;
};

static int put_file(int c, void *ctx)
{
	return fputc(c, ctx);
}

/* --bias more than a section's time: its net time is 0 (perf_section_time_net),
 * which a mistyped bias would make look like a sound report. */
static void bias_check(const struct frame *fr, const struct sections *s, uint32_t bias, int n,
                       const char *const *names)
{
	char list[512];
	size_t len = 0;
	list[0] = 0;
	for (int i = 1; i <= n && len < sizeof list; i++)
		if ((uint64_t)s->occurrences[i] * bias > s->time[i]) {
			if (names && *names[i - 1])
				len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
				                        len ? ", " : "", names[i - 1]);
			else
				len += (size_t)snprintf(list + len, sizeof list - len,
				                        "%ssection %d", len ? ", " : "", i);
		}
	if (len)
		warning_at(
		        fr->in->name, fr->line,
		        "sections frame: --bias %u (cycles an occurrence) is more than the time of %s: "
		        "their net time is 0 (clamped)",
		        bias, list);
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
	struct perf_snapshot snap = { .num_sections = (int)s->n,
		                      .run = s->run,
		                      .overflow = s->overflow };
	for (uint32_t i = 0; i <= s->n; i++) {
		snap.time[i] = s->time[i];
		snap.occurrences[i] = s->occurrences[i];
	}
	const char *const *names = r->o->names ? (const char *const *)r->o->name : NULL;
	if (r->printed++)
		fputc('\n', r->f);
	if (r->o->have_bias) {
		bias_check(fr, s, r->o->bias, n, names);
		perf_report_write_net(&snap, hz, r->o->bias, n, names, put_file, r->f);
	} else {
		perf_report_write(&snap, hz, n, names, put_file, r->f);
	}
}

void run_report(struct session *s)
{
	struct report r = { .f = s->f, .o = s->o };
	const struct dump_handler h = { .ctx = &r, .sections = report };
	session_decode(s, 0, &h, 1u << FRAME_SECTIONS);
}
