/* SPDX-License-Identifier: Apache-2.0 */
/* Built for rv32im and run on VexRiscv_Min, which has no divider: the
 * divide below is an illegal instruction there. The default trap handler
 * (soc/fw/runtime.c) must report mcause, mepc and mtval once and exit with
 * 100 + 2, without dividing (or calling printf) itself. run.sh checks the
 * line against the address of t_trap_div in the ELF. */
int main(void)
{
    volatile int a = 7, b = 2;
    int q;

    __asm__ volatile(".globl t_trap_div\nt_trap_div:\n\tdiv %0, %1, %2" : "=r"(q) : "r"(a), "r"(b));
    return q;  /* 3 on a CPU with a divider */
}
