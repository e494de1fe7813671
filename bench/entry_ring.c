/* SPDX-License-Identifier: Apache-2.0 */
/* The floors the hook benchmark measures against: hooks with the cheapest
 * call this SoC allows. No -finstrument-functions: the program is built
 * with -fpatchable-function-entry=1 -fno-ipa-ra and each entry nop becomes
 * `jal t0, <trampoline>`, before the prologue, so the function keeps its
 * own frame (a leaf stays a leaf) and the trampoline uses only temporaries
 * no caller keeps across a call.
 *   entry_ring: the function address and a 32-bit perfscope time stamp into
 *     a ring; no exit, so no call depth.
 *   entry_log: a log-mode record (function, call site, stamp, depth); the
 *     exit is a return trampoline the entry puts in ra, with the real return
 *     address on a shadow stack, so the depth is exact. Calls deeper than
 *     the shadow stack are recorded at its depth and return directly.
 * Not part of the driver. */
#include <stdint.h>

#include "../driver/perf_internal.h"
#include "perfscope_hooks.h"
#include "soc.h"

/* 2 KiB, so the wrap is one andi and one or; 4 KiB-aligned, so that lui
 * alone gives its base: 256 records of 8 bytes for entry_ring, 128 of 16
 * for entry_log. */
uint32_t entry_ring_buf[512] __attribute__((aligned(4096)));
uint32_t *entry_ring_next = entry_ring_buf;
uint32_t entry_depth;
uint32_t entry_shadow[64];

__asm__(
	"	.text\n"
	"	.balign	4\n"
	"	.type	entry_ring, @function\n"
	"entry_ring:\n"
	"	lui	t1, %hi(entry_ring_next)\n"
	"	lw	t3, %lo(entry_ring_next)(t1)\n"
	"	lui	t4, 0x80000\n"          /* SOC_PERF_BASE: TIME_LO(0) */
	"	lw	t4, 0(t4)\n"
	"	addi	t5, t0, -4\n"           /* the patched nop: the function's entry */
	"	sw	t5, 0(t3)\n"
	"	sw	t4, 4(t3)\n"
	"	addi	t3, t3, 8\n"
	"	andi	t3, t3, 0x7ff\n"
	"	lui	t5, %hi(entry_ring_buf)\n"
	"	or	t3, t3, t5\n"
	"	sw	t3, %lo(entry_ring_next)(t1)\n"
	"	jr	t0\n"
	"	.size	entry_ring, . - entry_ring\n"
	"	.type	entry_log, @function\n"
	"entry_log:\n"                     /* t2, a nested function's static chain, is left alone */
	"	lui	t1, %hi(entry_ring_next)\n"
	"	lw	t3, %lo(entry_ring_next)(t1)\n"
	"	lui	t4, 0x80000\n"
	"	lw	t4, 0(t4)\n"
	"	addi	t5, t0, -4\n"
	"	sw	t5, 0(t3)\n"
	"	sw	ra, 4(t3)\n"
	"	sw	t4, 8(t3)\n"
	"	lui	t6, %hi(entry_depth)\n"
	"	lw	t4, %lo(entry_depth)(t6)\n"
	"	sw	t4, 12(t3)\n"
	"	addi	t3, t3, 16\n"
	"	andi	t3, t3, 0x7ff\n"
	"	lui	t5, %hi(entry_ring_buf)\n"
	"	or	t3, t3, t5\n"
	"	sw	t3, %lo(entry_ring_next)(t1)\n"
	"	sltiu	t5, t4, 64\n"          /* shadow stack full: return directly */
	"	beqz	t5, 1f\n"
	"	slli	t5, t4, 2\n"
	"	lui	t3, %hi(entry_shadow)\n"
	"	add	t5, t5, t3\n"
	"	sw	ra, %lo(entry_shadow)(t5)\n"
	"	addi	t4, t4, 1\n"
	"	sw	t4, %lo(entry_depth)(t6)\n"
	"	lui	ra, %hi(entry_log_return)\n"
	"	addi	ra, ra, %lo(entry_log_return)\n"
	"1:	jr	t0\n"
	"entry_log_return:\n"              /* a0, a1: the return value, untouched */
	"	lui	t6, %hi(entry_depth)\n"
	"	lw	t4, %lo(entry_depth)(t6)\n"
	"	addi	t4, t4, -1\n"
	"	sw	t4, %lo(entry_depth)(t6)\n"
	"	slli	t5, t4, 2\n"
	"	lui	t3, %hi(entry_shadow)\n"
	"	add	t5, t5, t3\n"
	"	lw	ra, %lo(entry_shadow)(t5)\n"
	"	jr	ra\n"
	"	.size	entry_log, . - entry_log\n");
void entry_ring(void);
void entry_log(void);
void entry_ring_init(int log) PERF_NO_TRACE;

extern const uint32_t __perf_patch_start[], __perf_patch_end[];

/* Patches every entry nop to call entry_log (log != 0) or entry_ring. */
PERF_NO_TRACE void entry_ring_init(int log)
{
	const uintptr_t trampoline = log ? (uintptr_t)entry_log : (uintptr_t)entry_ring;
	_Static_assert(SOC_PERF_BASE == 0x80000000u, "entry_ring's lui");
	for (const uint32_t *p = __perf_patch_start; p < __perf_patch_end; p++)
		*(uint32_t *)(uintptr_t)*p = perf_rv_jal_t0((int32_t)(trampoline - *p));
	__asm__ volatile(".word 0x0000100f" ::: "memory"); /* fence.i */
}
