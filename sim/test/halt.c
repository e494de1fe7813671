/* SPDX-License-Identifier: Apache-2.0 */
/* Ends as Nios II programs often do, in while (1); with interrupts off:
 * the harness ends the run there, as an exit with 0 (sim/halt_watch.h). */
#include <stdio.h>

int main(void)
{
    printf("halt: done\n");
    while (1)
        ;
}
