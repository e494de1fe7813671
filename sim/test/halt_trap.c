/* SPDX-License-Identifier: Apache-2.0 */
/* A trap handler that hangs, as "unexpected trap: stop here" handlers do:
 * the harness ends the run at once, as a failure (exit 124). */
void trap_handler(unsigned mcause, unsigned mepc)
{
    (void)mcause;
    (void)mepc;
    while (1)
        ;
}

int main(void)
{
    __asm__ volatile("unimp");
    return 0;
}
