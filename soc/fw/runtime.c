/* SPDX-License-Identifier: Apache-2.0 */
/* The rest of the C runtime on the SoC: picolibc's _exit (used by exit() and
 * abort()) and the default trap handler. The other system calls are in
 * syscalls.c. */
#include <stdint.h>
#include <unistd.h>

#include "perfscope_frame.h"
#include "soc.h"

/* perfscope's clock, which the driver's run frame tells the host tool. */
const uint32_t perf_clock_hz = SOC_CLOCK_HZ;

void _exit(int code)
{
    soc_exit((uint32_t)code);
}

/* The default handler's output: console stores, hex digits by shifts and
 * masks. Nothing here calls the C library, multiplies or divides, so it runs
 * on every CPU whatever -march built it (a program built for rv32im that
 * traps on VexRiscv_Min, which has no divider, must not trap again here).
 * Both are global so that a test can break one (sim/test/trap_nested.c). */
__attribute__((noinline, cold)) void soc_trap_puts(const char *s)
{
    while (*s)
        SOC_REG(SOC_CONSOLE) = (unsigned char)*s++;
}

__attribute__((noinline, cold)) void soc_trap_put_hex(uint32_t v)
{
    SOC_REG(SOC_CONSOLE) = '0';
    SOC_REG(SOC_CONSOLE) = 'x';
    for (int shift = 28; shift >= 0; shift -= 4) {
        const uint32_t d = (v >> shift) & 0xfu;
        SOC_REG(SOC_CONSOLE) = d < 10 ? '0' + d : 'a' + (d - 10);
    }
}

static volatile uint32_t trap_depth;

/* A firmware that expects traps (e.g. a timer interrupt) defines its own.
 * This one reports the trap on one line,
 *   trap: exception, mcause 0x00000002 mepc 0x000001a4 mtval 0x02c5c533
 * and exits with 100 + cause (120 + cause for an interrupt). A trap while it
 * runs (it cannot cause one itself, but a broken image can) ends the run at
 * once with SOC_EXIT_TRAP_IN_TRAP instead of looping. */
__attribute__((cold)) void soc_default_trap_handler(unsigned mcause, unsigned mepc)
{
    const uint32_t depth = trap_depth;
    uint32_t mtval;

    trap_depth = depth + 1;
    if (depth != 0) {
        if (depth == 1)
            soc_trap_puts("\ntrap: trap inside the trap handler\n");
        soc_exit(SOC_EXIT_TRAP_IN_TRAP);
    }
    __asm__ volatile("csrr %0, mtval" : "=r"(mtval));
    const int interrupt = (mcause >> 31) != 0;
    const uint32_t code = (interrupt ? SOC_EXIT_INTERRUPT : SOC_EXIT_EXCEPTION) + (mcause & 0x7fffffffu);

    soc_trap_puts(interrupt ? "trap: interrupt, mcause " : "trap: exception, mcause ");
    soc_trap_put_hex(mcause);
    soc_trap_puts(" mepc ");
    soc_trap_put_hex(mepc);
    soc_trap_puts(" mtval ");
    soc_trap_put_hex(mtval);
    soc_trap_puts("\n");
    soc_exit(code);
}

/* The trap entry's trap_handler is the default handler unless the program
 * defines its own: a weak alias, so that the default keeps a name of its
 * own (soc.h), which make profile's runtime (profile_main.c) tells it by,
 * and a program's handler hands traps on to. Not the other way round: with
 * -flto, GCC binds an alias of a weak function to whichever definition
 * wins, and a handler that handed a trap on to the default called itself. */
extern __typeof__(soc_default_trap_handler) trap_handler
    __attribute__((weak, cold, alias("soc_default_trap_handler")));
