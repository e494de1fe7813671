/* SPDX-License-Identifier: Apache-2.0 */
/* Waits in while (1); with the timer interrupt on, which may still come:
 * the run goes on, and the handler exits with 7. */
#include <stdio.h>

#include "soc.h"

void trap_handler(unsigned mcause, unsigned mepc)
{
    (void)mepc;
    printf("halt_irq: trap 0x%x\n", mcause);
    soc_exit(7);
}

int main(void)
{
    soc_set_mtimecmp(soc_mtime() + 20000);
    __asm__ volatile("csrs mie, %0\n\tcsrs mstatus, %1" : : "r"(1u << 7), "r"(1u << 3));  /* MTIE, MIE */
    while (1)
        ;
}
