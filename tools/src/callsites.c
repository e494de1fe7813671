/* SPDX-License-Identifier: Apache-2.0 */
#include "callsites.h"

#include <stdlib.h>

#include "util.h"

#define LINK_RA 1 /* x1: the register a call links through */

static void add(struct callsites *cs, uint32_t site, uint32_t target)
{
	grow(&cs->v, &cs->cap, cs->n + 1, sizeof *cs->v);
	cs->v[cs->n++] = (struct callsite){ .target = target, .site = site };
}

static uint32_t sign_extend(uint32_t v, int bits)
{
	const uint32_t m = 1u << (bits - 1);
	return (v ^ m) - m;
}

/* The jal immediate: imm[20|10:1|11|19:12] in bits 31:12. */
uint32_t callsites_jal_offset(uint32_t i)
{
	return sign_extend((i >> 31 & 1u) << 20 | (i >> 21 & 0x3ffu) << 1 | (i >> 20 & 1u) << 11 |
	                   (i >> 12 & 0xffu) << 12, 21);
}

/* c.jal offset (RV32C): imm[11|4|9:8|10|6|7|3:1|5] in bits 12:2. */
static uint32_t cjal_offset(uint32_t i)
{
	return sign_extend((i >> 12 & 1u) << 11 | (i >> 11 & 1u) << 4 | (i >> 9 & 3u) << 8 |
	                   (i >> 8 & 1u) << 10 | (i >> 7 & 1u) << 6 | (i >> 6 & 1u) << 7 |
	                   (i >> 3 & 7u) << 1 | (i >> 2 & 1u) << 5, 12);
}

/* Walks one section's instructions; the length of each is in its low bits. */
static void scan_code(struct callsites *cs, const uint8_t *p, size_t size, uint32_t addr)
{
	uint32_t auipc_ra = 0, auipc_pc = 0; /* the last instruction, if an auipc into ra */
	int after_auipc = 0;
	for (size_t at = 0; at + 2 <= size;) {
		const uint32_t pc = addr + (uint32_t)at;
		uint32_t i = (uint32_t)p[at] | (uint32_t)p[at + 1] << 8;
		int was_auipc = 0;
		if ((i & 3u) != 3u) {
			if ((i & 0xe003u) == 0x2001u) /* c.jal */
				add(cs, pc, pc + cjal_offset(i));
			at += 2;
		} else {
			if (at + 4 > size)
				break;
			i |= (uint32_t)p[at + 2] << 16 | (uint32_t)p[at + 3] << 24;
			const uint32_t op = i & 0x7fu, rd = i >> 7 & 0x1fu, rs1 = i >> 15 & 0x1fu;
			if (op == 0x6f && rd == LINK_RA) {
				add(cs, pc, pc + callsites_jal_offset(i));
			} else if (op == 0x17 && rd == LINK_RA) {
				auipc_ra = i & 0xfffff000u;
				auipc_pc = pc;
				was_auipc = 1;
			} else if (op == 0x67 && rd == LINK_RA && rs1 == LINK_RA && after_auipc) {
				add(cs, pc, auipc_pc + auipc_ra + sign_extend(i >> 20, 12));
			}
			at += 4;
		}
		after_auipc = was_auipc;
	}
}

static int by_target(const void *a, const void *b)
{
	const struct callsite *x = a, *y = b;
	if (x->target != y->target)
		return x->target < y->target ? -1 : 1;
	return x->site < y->site ? -1 : x->site > y->site;
}

void callsites_scan(struct callsites *cs, Elf *e)
{
	GElf_Ehdr eh;
	*cs = (struct callsites){ 0 };
	if (!gelf_getehdr(e, &eh) || eh.e_machine != EM_RISCV_ || eh.e_ident[EI_DATA] != ELFDATA2LSB)
		return;
	for (Elf_Scn *scn = elf_nextscn(e, NULL); scn; scn = elf_nextscn(e, scn)) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS || !(sh.sh_flags & SHF_EXECINSTR))
			continue;
		for (Elf_Data *d = elf_getdata(scn, NULL); d; d = elf_getdata(scn, d))
			if (d->d_buf)
				scan_code(cs, d->d_buf, d->d_size, (uint32_t)(sh.sh_addr + d->d_off));
	}
	if (cs->n) /* an ELF without calls has no array: qsort wants one */
		qsort(cs->v, cs->n, sizeof *cs->v, by_target);
}

const struct callsite *callsites_to(const struct callsites *cs, uint32_t target, size_t *n)
{
	size_t lo = 0, hi = cs->n;
	*n = 0;
	if (!cs->n)
		return NULL;
	while (lo < hi) { /* the first call to target or above */
		const size_t mid = lo + (hi - lo) / 2;
		if (cs->v[mid].target < target)
			lo = mid + 1;
		else
			hi = mid;
	}
	size_t end = lo;
	while (end < cs->n && cs->v[end].target == target)
		end++;
	*n = end - lo;
	return cs->v + lo;
}

void callsites_free(struct callsites *cs)
{
	free(cs->v);
	*cs = (struct callsites){ 0 };
}
