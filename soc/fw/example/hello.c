/* SPDX-License-Identifier: Apache-2.0 */
/* The smallest program for the perfscope SoC, and soc/fw/fw.mk's usage
 * example: `make` here builds it (see the Makefile beside it). It measures
 * one section and prints what perfscope counted. */
#include <stdio.h>

#include "perfscope.h"
#include "soc.h"

#define PERF ((void *)SOC_PERF_BASE)

int main(void)
{
    int sections = perf_probe(PERF);

    if (sections < 0) {
        printf("hello: no perfscope at 0x%08x (%d)\n", SOC_PERF_BASE, sections);
        return 1;
    }
    PERF_RESET(PERF);
    PERF_START_MEASURING(PERF);
    PERF_BEGIN(PERF, 1);
    printf("hello, world\n");
    PERF_END(PERF, 1);
    PERF_STOP_MEASURING(PERF);
    /* Casts to unsigned long, as FW_PRINTF=integer's printf has no %llu (the
     * checkout's tests build this file so); the run is short. */
    printf("hello: perfscope with %d sections; section 1 ran %lu cycles in %lu occurrence(s)\n", sections,
           (unsigned long)perf_get_section_time(PERF, 1), (unsigned long)perf_get_num_starts(PERF, 1));
    return 0;
}
