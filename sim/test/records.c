/* SPDX-License-Identifier: Apache-2.0 */
/* Ten ENTER events for the trace unit, then exit 7 with their records (a
 * SYNC and ten ENTERs) still in the FIFO when run.sh holds the stream with
 * +trace_stall=1000000: the harness takes them after the exit, so run.sh can
 * compare what +model=off writes with what the reference model checked. */
#include <stdint.h>

#include "perfscope.h"
#include "soc.h"

#define REG(off) (*(volatile uint32_t *)(SOC_PERF_BASE + (off)))

int main(void)
{
    PERF_RESET((void *)SOC_PERF_BASE);
    PERF_START_MEASURING((void *)SOC_PERF_BASE);
    REG(PERF_REG_TRACE_CTRL) = PERF_TRACE_CTRL_ENABLE_MASK;
    for (uint32_t i = 0; i < 10; i++)
        REG(PERF_REG_TRACE_ENTER) = i;
    return 7;
}
