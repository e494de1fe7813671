/* SPDX-License-Identifier: Apache-2.0 */
/*
 * Direct calls in an ELF's code: the call instructions whose target is known
 * without running it (RISC-V jal/c.jal with ra as link, auipc+jalr through
 * ra). gprof wants each call arc to come from a call site inside the caller;
 * function-cost events name the caller but not the site, and an outermost
 * call's caller not at all, so the gprof output finds them here.
 */
#ifndef CALLSITES_H
#define CALLSITES_H

/* The ELF machine number of RISC-V, which older elf.h lack. */
#define EM_RISCV_ 243

#include <gelf.h>
#include <stddef.h>
#include <stdint.h>

struct callsite {
	uint32_t target; /* the called address */
	uint32_t site;   /* address of the call instruction */
};

struct callsites {
	struct callsite *v; /* by target, then site */
	size_t n, cap;
};

/* The offset a jal instruction (any link register) jumps by, sign-extended
 * to 32 bits: add it to the jal's address. */
uint32_t callsites_jal_offset(uint32_t insn);

/* Scans e's executable sections if e is RISC-V code; other ELFs give none. */
void callsites_scan(struct callsites *cs, Elf *e);

/* The calls to target, in site order; *n of them. */
const struct callsite *callsites_to(const struct callsites *cs, uint32_t target, size_t *n);

void callsites_free(struct callsites *cs);

#endif
