/* SPDX-License-Identifier: Apache-2.0 */
/* The default trap handler's guard: this program breaks the handler's hex
 * printer (its first instruction becomes 0, an illegal instruction; the
 * RAM is code and data, and VexRiscv_Min has no instruction cache), then
 * traps. The handler starts its report, traps inside itself, and must stop
 * at once with exit code 99 instead of looping. */
#include <stdint.h>

void soc_trap_put_hex(uint32_t v);  /* soc/fw/runtime.c */

int main(void)
{
    *(volatile uint32_t *)(uintptr_t)&soc_trap_put_hex = 0;
    __asm__ volatile(".word 0");
    return 0;
}
