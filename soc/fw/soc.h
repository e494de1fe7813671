/* SPDX-License-Identifier: Apache-2.0 */
/* Addresses and helpers of the perfscope reference SoC (soc/README.md).
 * Everything at 0x8000_0000 and above is uncached I/O on VexRiscv. The
 * addresses are usable from assembly too. */
#ifndef SOC_H
#define SOC_H

/* The clock the reference SoC is taken to run at in simulation (the run
 * frame's perf_clock_hz, runtime.c); a build for a board passes its own. */
#ifndef SOC_CLOCK_HZ
#define SOC_CLOCK_HZ      50000000u
#endif
/* The Nios II HAL's system clock rate (sys/alt_alarm.h): ticks of MTIME. */
#ifndef SOC_TICKS_PER_SECOND
#define SOC_TICKS_PER_SECOND 1000u
#endif

#define SOC_RAM_BASE      0x00000000u  /* RAM_BYTES of RAM, reset vector 0 */
#define SOC_PERF_BASE     0x80000000u  /* perfscope, 256 bytes */

#define SOC_CONSOLE       0x80001000u  /* write: bits 7:0 are a character */
#define SOC_SIMCTRL       0x80001004u  /* write: exit with this code */
#define SOC_SCRATCH       0x80001008u  /* plain read/write register */

#define SOC_MTIME_LO      0x80002000u  /* cycles since reset, read-only */
#define SOC_MTIME_HI      0x80002004u
#define SOC_MTIMECMP_LO   0x80002008u  /* timer interrupt while MTIME >= */
#define SOC_MTIMECMP_HI   0x8000200cu  /* MTIMECMP; resets to all ones */

/* Exit codes of the default trap handler: 100 + mcause for exceptions,
 * 120 + cause for unexpected interrupts (machine timer: 127), and 99 for a
 * trap inside the handler itself. */
#define SOC_EXIT_EXCEPTION 100
#define SOC_EXIT_INTERRUPT 120
#define SOC_EXIT_TRAP_IN_TRAP 99
/* abort() (a failed assert()): 128 + the signal, SIGABRT's 6, as a shell
 * reports a process the signal killed. */
#define SOC_EXIT_SIGNAL 128

#ifndef __ASSEMBLER__
#include <stdint.h>

#define SOC_REG(addr) (*(volatile uint32_t *)(uintptr_t)(addr))

/* MTIME never tears: re-read if the high word moved during the low read. */
static inline uint64_t soc_mtime(void)
{
    uint32_t hi, lo;
    do {
        hi = SOC_REG(SOC_MTIME_HI);
        lo = SOC_REG(SOC_MTIME_LO);
    } while (hi != SOC_REG(SOC_MTIME_HI));
    return ((uint64_t)hi << 32) | lo;
}

/* Writing the high word first to all ones keeps a half-written compare
 * value from firing early. */
static inline void soc_set_mtimecmp(uint64_t when)
{
    SOC_REG(SOC_MTIMECMP_HI) = 0xffffffffu;
    SOC_REG(SOC_MTIMECMP_LO) = (uint32_t)when;
    SOC_REG(SOC_MTIMECMP_HI) = (uint32_t)(when >> 32);
}

/* End the simulation with `code` (0 = pass); the CPU then spins. */
static inline __attribute__((noreturn)) void soc_exit(uint32_t code)
{
    SOC_REG(SOC_SIMCTRL) = code;
    for (;;)
        ;
}

/* Called by the trap entry in crt0.S with the CPU's mcause and mepc, with
 * interrupts disabled; returning resumes at mepc. The default (weak)
 * handler prints the cause and exits, see SOC_EXIT_*. */
void trap_handler(unsigned mcause, unsigned mepc);
/* The default handler, whichever trap_handler the program has. */
void soc_default_trap_handler(unsigned mcause, unsigned mepc);

/* Marks the start (enter 1) and end (enter 0) of an interrupt the HAL's
 * alarms take without trap_handler: a weak reference in hal.c. A program
 * with hook libraries defines it to switch them to the interrupt's own
 * buffer (docs/hooks.md, "Interrupts and threads"), as make profile's
 * runtime (profile_main.c) does. */
void soc_irq_mark(int enter, uint32_t cause);

#endif /* __ASSEMBLER__ */
#endif /* SOC_H */
