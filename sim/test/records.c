/* SPDX-License-Identifier: Apache-2.0 */
/* RECORDS_EVENTS ENTER events for the trace unit (10 by default), then exit
 * RECORDS_EXIT (7) with their records still in the FIFO when run.sh holds
 * the stream with +trace_stall=1000000: the harness takes them after the
 * exit. With the defaults (a SYNC and ten ENTERs) run.sh compares what
 * +model=off writes with what the reference model checked; built as
 * "backlog" (400 events, exit 0) it leaves more records than the harness's
 * register reads after the exit would wait for, whose TRACE_POP_LO would
 * take one out of the stream. */
#include <stdint.h>

#include "perfscope.h"
#include "soc.h"

#ifndef RECORDS_EVENTS
#define RECORDS_EVENTS 10
#endif
#ifndef RECORDS_EXIT
#define RECORDS_EXIT 7
#endif

#define REG(off) (*(volatile uint32_t *)(SOC_PERF_BASE + (off)))

int main(void)
{
    PERF_RESET((void *)SOC_PERF_BASE);
    PERF_START_MEASURING((void *)SOC_PERF_BASE);
    REG(PERF_REG_TRACE_CTRL) = PERF_TRACE_CTRL_ENABLE_MASK;
    for (uint32_t i = 0; i < RECORDS_EVENTS; i++)
        REG(PERF_REG_TRACE_ENTER) = i;
    return RECORDS_EXIT;
}
