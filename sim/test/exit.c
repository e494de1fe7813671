/* SPDX-License-Identifier: Apache-2.0 */
/* Ends by exit(), from main: the calls of main, exit and _exit are still
 * open at the exit, and the CPU spins in _exit's loop after it. The
 * harness's +retire_file= stream and +hist= histogram must end there. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) int work(int n)
{
    int s = 0;
    for (int i = 0; i < n; i++)
        s += i;
    return s;
}

int main(void)
{
    printf("exit: work %d\n", work(1000));
    exit(0);
}
