/* SPDX-License-Identifier: Apache-2.0 */
/* A program with its own times(), as a benchmark's port layer may have: it
 * links (the runtime's is weak) and clock() reads it. run.sh checks the
 * line. */
#include <stdio.h>
#include <sys/times.h>
#include <time.h>

clock_t times(struct tms *buf)
{
    *buf = (struct tms){ .tms_utime = 4242 };
    return 4242;
}

int main(void)
{
    printf("libc_own: clock() %ld\n", (long)clock());
    return 0;
}
