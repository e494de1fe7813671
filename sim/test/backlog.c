/* SPDX-License-Identifier: Apache-2.0 */
/* 400 ENTER events, then exit 0 with their records (and two SYNCs) still
 * in the FIFO when run.sh holds the stream with +trace_stall=1000000: the
 * harness takes every one after the exit, before its reads of perfscope's
 * registers, whose TRACE_POP_LO would take one out of the stream. */
#include <stdint.h>

#include "perfscope.h"
#include "soc.h"

#define REG(off) (*(volatile uint32_t *)(SOC_PERF_BASE + (off)))

int main(void)
{
    PERF_RESET((void *)SOC_PERF_BASE);
    PERF_START_MEASURING((void *)SOC_PERF_BASE);
    REG(PERF_REG_TRACE_CTRL) = PERF_TRACE_CTRL_ENABLE_MASK;
    for (uint32_t i = 0; i < 400; i++)
        REG(PERF_REG_TRACE_ENTER) = i;
    return 0;
}
