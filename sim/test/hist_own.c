/* SPDX-License-Identifier: Apache-2.0 */
/* Measures itself with the histogram, as a program built to would: under
 * the harness's +hist= the histogram is then the program's, and the
 * harness says so instead of printing a frame of the run. */
#include <stdio.h>

#include "perfscope_retire.h"
#include "soc.h"

#define P ((void *)SOC_PERF_BASE)

__attribute__((noinline)) static int work(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += i;
    return s;
}

int main(void)
{
    const int started = perf_hist_start(P, 0, 4, 0);
    const int s = work(100);
    perf_hist_stop(P);
    printf("hist_own: start %d, work %d\n", started, s);
    return 0;
}
