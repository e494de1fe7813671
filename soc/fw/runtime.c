/* The rest of the C runtime on the SoC: picolibc's _exit (used by exit() and
 * abort()) and the default trap handler. */
#include <stdio.h>
#include <unistd.h>

#include "soc.h"

void _exit(int code)
{
    soc_exit((uint32_t)code);
}

/* A firmware that expects traps (e.g. a timer interrupt) defines its own. */
__attribute__((weak)) void trap_handler(unsigned mcause, unsigned mepc)
{
    unsigned cause = mcause & 0x7fffffffu;
    int interrupt = (mcause >> 31) != 0;

    printf("trap: %s %u at mepc 0x%08x\n",
           interrupt ? "interrupt" : "exception", cause, mepc);
    soc_exit((interrupt ? SOC_EXIT_INTERRUPT : SOC_EXIT_EXCEPTION) + cause);
}
