/* SPDX-License-Identifier: Apache-2.0 */
/* chrome --format perfetto: the timeline in Perfetto's protobuf format (perfetto.c). */
#ifndef PERFETTO_H
#define PERFETTO_H

#include "callgraph.h"
#include "session.h"

/* Decodes the events frames of s into g and writes the trace to s->f. */
void perfetto_write(struct session *s, struct callgraph *g);

#endif
