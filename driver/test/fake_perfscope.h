/* SPDX-License-Identifier: Apache-2.0 */
/*
 * A model of the perfscope IP for the host tests: the driver compiled with
 * this header first (the Makefile uses -include) reaches it through
 * PERF_MMIO_READ32/PERF_MMIO_WRITE32 instead of a bus. It follows the
 * datasheet's semantics, with time advancing by fake.ticks clock cycles at
 * every access, and logs every access so tests can check which registers the
 * driver touches and in which order.
 */
#ifndef FAKE_PERFSCOPE_H
#define FAKE_PERFSCOPE_H

#include <stdint.h>

#include "perfscope_regs.h"

/* Where the fake decodes: the reference SoC's address, never dereferenced. */
#define FAKE_BASE ((void *)(uintptr_t)0x80000000u)

struct fake_access {
	char op;         /* 'r' or 'w' */
	uint32_t offset; /* byte offset in the window */
	uint32_t value;  /* read or written */
};

struct fake {
	uint32_t id, config; /* what ID and CONFIG read */
	unsigned sections;   /* sections that exist: others read 0, ignore writes */
	unsigned ticks;      /* clock cycles from one access to the next */
	uint32_t run;        /* R[n] in bit n */
	uint64_t time[PERF_MAX_SECTIONS + 1];
	uint32_t occ[PERF_MAX_SECTIONS + 1];
	uint32_t ovf;        /* OVF: set by wraps, cleared by RESET and by 1s written */
	int latch_valid;     /* a TIME_LO read latched the high word of latch_section */
	unsigned latch_section;
	uint32_t latch_hi;
	/* The trace unit, with CONFIG's TRACE field set: TRACE_CTRL's ENABLE and
	 * OVERWRITE as written (TRACE_CTRL reads 0, they read back in
	 * TRACE_DROPS bits 30 and 31), the records in the FIFO and the most
	 * there have been (TRACE_STATUS reads the level and, in bits 31:16, the
	 * mark less the level), and the drops (TRACE_DROPS bits 15:0). CLEAR
	 * zeroes the level, the mark and the drops. The FIFO's records are
	 * trace_rec[trace_head ..], trace_level of them: TRACE_POP_LO takes the
	 * oldest, returns its word 0 and puts word 1 in the latch TIME_LO's
	 * reads fill, which TRACE_POP_HI reads; an empty FIFO returns 0 and
	 * latches 0xf0000000. */
	uint32_t trace_ctrl, trace_level, trace_high, trace_drops;
	uint64_t trace_rec[128];
	unsigned trace_head;
	struct fake_access log[64];
	unsigned log_len;    /* accesses so far, even past the end of log */
	unsigned stray;      /* accesses outside the window or not word aligned */
};

extern struct fake fake;

/* Power-on state of an instance with num_sections sections; empty log, ticks 0. */
void fake_power_on(unsigned num_sections);
void fake_clear_log(void);

/* The accesses since the last fake_clear_log() as text, e.g. "r30 r34" (hex
 * byte offsets), with values=1 each write's value too: "r84 wa0=4". */
const char *fake_accesses(int values);

uint32_t fake_read32(uintptr_t addr);
void fake_write32(uintptr_t addr, uint32_t value);

#define PERF_MMIO_READ32(addr) fake_read32(addr)
#define PERF_MMIO_WRITE32(addr, v) fake_write32((addr), (v))

#endif
