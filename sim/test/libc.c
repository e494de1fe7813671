/* SPDX-License-Identifier: Apache-2.0 */
/* The C library's clocks and abort() on the SoC (soc/fw/runtime.c), as a
 * public benchmark uses them: clock(), gettimeofday(), times() (in
 * sysconf(_SC_CLK_TCK) ticks, as Dhrystone's HZ must be) and time() read MTIME,
 * each between two reads of MTIME, at SOC_CLOCK_HZ; usleep() and sleep()
 * wait at least their time, and at most 1000 cycles more (the 64-bit
 * arithmetic on rv32i); then a failed assert() prints its message and ends
 * the run with 128 + SIGABRT. run.sh checks the
 * output and the exit code. */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>

#include "soc.h"

/* cycles at SOC_CLOCK_HZ in units of 1 / per_second */
static uint64_t scaled(uint64_t cycles, uint64_t per_second)
{
    return cycles * per_second / SOC_CLOCK_HZ;
}

static int within(const char *what, uint64_t lo, uint64_t got, uint64_t hi)
{
    const int ok = lo <= got && got <= hi;
    printf("libc: %s %s\n", what, ok ? "within MTIME" : "OUT OF RANGE");
    return ok;
}

int main(void)
{
    int ok = 1;
    uint64_t m0 = soc_mtime();
    const clock_t c = clock();
    uint64_t m1 = soc_mtime();
    ok &= within("clock()", scaled(m0, CLOCKS_PER_SEC), (uint64_t)c, scaled(m1, CLOCKS_PER_SEC));

    struct timeval tv;
    m0 = soc_mtime();
    gettimeofday(&tv, NULL);
    m1 = soc_mtime();
    ok &= within("gettimeofday()", scaled(m0, 1000000u), (uint64_t)tv.tv_sec * 1000000u + (uint64_t)tv.tv_usec,
                 scaled(m1, 1000000u));
    struct tms tm;
    const long tck = sysconf(_SC_CLK_TCK);
    m0 = soc_mtime();
    const clock_t ticks = times(&tm);
    m1 = soc_mtime();
    ok &= within("times() in sysconf(_SC_CLK_TCK) ticks", scaled(m0, (uint64_t)tck), (uint64_t)ticks,
                 scaled(m1, (uint64_t)tck));
    m0 = soc_mtime();
    const time_t t = time(NULL);
    m1 = soc_mtime();
    ok &= within("time()", scaled(m0, 1), (uint64_t)t, scaled(m1, 1));

    const uint64_t us = SOC_CLOCK_HZ / 1000000u; /* cycles a microsecond */
    m0 = soc_mtime();
    usleep(100);
    m1 = soc_mtime();
    ok &= within("usleep(100)", 100 * us, m1 - m0, 100 * us + 1000);
    m0 = soc_mtime();
    sleep(0);
    m1 = soc_mtime();
    ok &= within("sleep(0)", 0, m1 - m0, 1000);
    fflush(stdout);
    assert(!ok); /* fails when every clock was right: abort() */
    return 1;
}
