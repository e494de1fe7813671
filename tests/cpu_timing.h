/* SPDX-License-Identifier: Apache-2.0 */
/* Timing of perfscope marks on each CPU of the reference SoC, as measured
 * and explained in docs/datasheet.md ("Measured on the reference SoC").
 * The firmware tests assert these exactly. */
#ifndef CPU_TIMING_H
#define CPU_TIMING_H

/* A section around K nops measures T(K) = max(MARK_DISTANCE, BIAS + K * NOP_CYCLES).
 * MARK_DISTANCE: cycles between two marks written back to back (the time of
 *                an empty section): the CPU's closest two stores.
 * BIAS:          what the marks add to the instructions they bracket; what
 *                perf_calibrate returns.
 * NOP_CYCLES:    cycles per nop. */
#if defined(CPU_VexRiscv_Min)
#define MARK_DISTANCE 3
#define BIAS          1
#define NOP_CYCLES    2  /* no cache: every nop is fetched over the bus */
#elif defined(CPU_VexRiscv_Lite)
#define MARK_DISTANCE 3
#define BIAS          1
#define NOP_CYCLES    1  /* from the instruction cache */
#elif defined(CPU_VexRiscv_Full)
#define MARK_DISTANCE 2
#define BIAS          1
#define NOP_CYCLES    1  /* from the instruction cache */
#else
#error "no timing table for this CPU"
#endif

/* IRQ_LEAK: cycles of an interrupt that the two perf_funccost_switch calls
 * of tests/irq.c's handler cannot see (trap entry until the first
 * switch's time stamp, the second's stamp until the interrupted code runs
 * again), for an interrupt that lands on a nop. Only VexRiscv_Min has a
 * figure that does not move with the code's layout in the caches. */
#if defined(CPU_VexRiscv_Min)
#define IRQ_LEAK         393
/* The same with perf_profile_switch (irq_profile): trap entry until the
 * first switch's time stamp, which it takes before parking the hooks, and
 * the second's stamp until the interrupted code runs again, through the
 * rest of that switch (the thread profile's rebase waits for its first
 * event, which takes the leak). */
#define IRQ_LEAK_PROFILE 465
#endif

/* IRQ_JITTER: how far two interrupts at the same point of the same code
 * can take a different number of cycles into the handler: one on
 * VexRiscv_Lite, whose instruction fetch does not always stand in the same
 * state when the interrupt comes. */
#if defined(CPU_VexRiscv_Lite)
#define IRQ_JITTER 1
#else
#define IRQ_JITTER 0
#endif

#endif
