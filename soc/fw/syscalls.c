/* SPDX-License-Identifier: Apache-2.0 */
/* The system calls picolibc's clock(), time(), gettimeofday() and abort()
 * (a failed assert()) end in, on the SoC, the two sleeps it declares but
 * leaves to the system, usleep() and sleep(), sysconf(_SC_CLK_TCK), and
 * write() and read() on the console. Each is a section of its own
 * (-ffunction-sections), which the link (picolibc.specs: --gc-sections)
 * drops unless the program calls it: a program that calls none of them is
 * the same image, byte for byte, as without them. All are weak: a
 * program's own definition (a benchmark's port layer) takes their place. */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>

#include "soc.h"

void soc_trap_puts(const char *s); /* runtime.c: console stores only */

/* Time is MTIME, the cycles since reset, at SOC_CLOCK_HZ: what clock()
 * (CLOCKS_PER_SEC ticks), time() and gettimeofday() (seconds since reset)
 * report. Whole seconds and the rest are scaled apart, so nothing
 * overflows before 2^64 cycles. */
static uint64_t mtime_scaled(uint64_t per_second)
{
    const uint64_t t = soc_mtime();
    return t / SOC_CLOCK_HZ * per_second + t % SOC_CLOCK_HZ * per_second / SOC_CLOCK_HZ;
}

__attribute__((weak)) clock_t times(struct tms *buf)
{
    const clock_t ticks = (clock_t)mtime_scaled(CLOCKS_PER_SEC);
    if (buf)
        *buf = (struct tms){ .tms_utime = ticks };
    return ticks;
}

__attribute__((weak)) int gettimeofday(struct timeval *tv, void *tz)
{
    (void)tz;
    if (tv) {
        const uint64_t us = mtime_scaled(1000000u);
        *tv = (struct timeval){ .tv_sec = (time_t)(us / 1000000u), .tv_usec = (suseconds_t)(us % 1000000u) };
    }
    return 0;
}

/* times() counts CLK_TCK ticks a second (picolibc's CLOCKS_PER_SEC), as
 * POSIX has sysconf(_SC_CLK_TCK) say; <sys/param.h>'s HZ, 60, is not it.
 * Nothing else is known: -1 with EINVAL. */
__attribute__((weak)) long sysconf(int name)
{
    if (name == _SC_CLK_TCK)
        return CLK_TCK;
    errno = EINVAL;
    return -1;
}

/* The sleeps wait on MTIME, busy (the SoC has nothing else to run), for
 * at least the time asked: a cycle count rounded up, from the time read
 * before it is worked out, so that the arithmetic (64 bits, a library call
 * on rv32i) falls inside the wait instead of after it. */
static void wait_until(uint64_t end)
{
    while (soc_mtime() < end)
        ;
}

__attribute__((weak)) int usleep(useconds_t us)
{
    const uint64_t start = soc_mtime();
    /* A clock of whole megahertz (the SoC's 50 MHz) needs no division. */
    if (SOC_CLOCK_HZ % 1000000u == 0)
        wait_until(start + (uint64_t)us * (SOC_CLOCK_HZ / 1000000u));
    else
        wait_until(start + ((uint64_t)us * SOC_CLOCK_HZ + 999999u) / 1000000u);
    return 0;
}

__attribute__((weak)) unsigned sleep(unsigned seconds)
{
    const uint64_t start = soc_mtime();
    wait_until(start + (uint64_t)seconds * SOC_CLOCK_HZ);
    return 0;
}

/* write() to standard output or error is the console's, as printf's is;
 * read() of standard input sees end of file, as scanf's does. Any other
 * descriptor is EBADF: the SoC has no files. */
__attribute__((weak)) ssize_t write(int fd, const void *buf, size_t n)
{
    if (fd != 1 && fd != 2) {
        errno = EBADF;
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        SOC_REG(SOC_CONSOLE) = ((const unsigned char *)buf)[i];
    return (ssize_t)n;
}

__attribute__((weak)) ssize_t read(int fd, void *buf, size_t n)
{
    (void)buf;
    (void)n;
    if (fd != 0) {
        errno = EBADF;
        return -1;
    }
    return 0;
}

/* abort() raises SIGABRT, which by default kills the one process: the run
 * ends with 128 + the signal, as a shell reports it (SIGABRT: 134), after
 * assert() has printed its message. Any other signal raised ends it the
 * same way, through _exit as exit() ends it (no atexit() handler runs):
 * a recording of the run's calls then ends inside _exit, which the host
 * tool takes for the program's end (docs/host-tool.md). */
__attribute__((weak)) pid_t getpid(void)
{
    return 1;
}

__attribute__((weak)) int kill(pid_t pid, int sig)
{
    (void)pid;
    if (sig == 0) /* is the process there: it is */
        return 0;
    soc_trap_puts("abort: killed by signal ");
    if (sig >= 10)
        SOC_REG(SOC_CONSOLE) = '0' + (unsigned)sig / 10u % 10u;
    SOC_REG(SOC_CONSOLE) = '0' + (unsigned)sig % 10u;
    soc_trap_puts("\n");
    _exit(SOC_EXIT_SIGNAL + sig);
}
