/* SPDX-License-Identifier: Apache-2.0 */
/* Start-up code and trap entry of the perfscope SoC firmware.
 *
 * The whole image, data included, is loaded into RAM by the simulator or the
 * FPGA bitstream, so there is nothing to copy: set up the registers the C
 * ABI and picolibc rely on, zero .bss, run main, and exit() with its
 * return value, which runtime.c's _exit hands to SIMCTRL. */

	/* The object's name in the image's symbol table and its debug
	 * information, from the checkout's top as fw.mk names every source:
	 * else the assembler's, that of the preprocessor's temporary file,
	 * another in every build (the build id, which does not cover the
	 * symbol table, stays). */
	.file	"./soc/fw/crt0.S"

	.section .text.start, "ax"
	.globl _start
	.type	_start, @function
_start:
	/* Relaxation would turn this into a gp-relative load of gp. */
	.option push
	.option norelax
	la	gp, __global_pointer$
	.option pop
	la	sp, __stack
	/* picolibc keeps errno in thread-local storage; the one TLS block is the
	 * image's own .tdata/.tbss, in place. */
	la	tp, __tls_base
	/* The small-CSR VexRiscv variants have no mtvec reset value. */
	la	t0, _trap_entry
	csrw	mtvec, t0

	la	t0, __bss_start        /* .tbss and .bss, word aligned */
	la	t1, __bss_end
1:	bgeu	t0, t1, 2f
	sw	zero, 0(t0)
	addi	t0, t0, 4
	j	1b
2:
	/* main(0, argv, envp), both lists empty: argv[argc] is a null pointer
	 * (C11 5.1.2.2.1), so a program that walks argv or prints argv[0]
	 * when argc > 0 finds the end at once. */
	li	a0, 0
	la	a1, crt0_no_args
	mv	a2, a1
	call	main
	/* A return from main is exit() with its value (C11 5.1.2.2.3): the
	 * atexit() handlers run, then _exit (runtime.c) hands the value to
	 * SIMCTRL. */
	call	exit
	.size	_start, . - _start

	.section .rodata.crt0_no_args, "a"
	.balign	4
crt0_no_args:
	.word	0

/* Trap entry: mtvec in direct mode needs 4-byte alignment. Only the
 * caller-saved registers need saving around a C call; gp and tp never
 * change. trap_handler decides what a trap means. */
	.text
	.balign	4
	.globl	_trap_entry
	.type	_trap_entry, @function
_trap_entry:
	addi	sp, sp, -64
	sw	ra,  0(sp)
	sw	t0,  4(sp)
	sw	t1,  8(sp)
	sw	t2, 12(sp)
	sw	a0, 16(sp)
	sw	a1, 20(sp)
	sw	a2, 24(sp)
	sw	a3, 28(sp)
	sw	a4, 32(sp)
	sw	a5, 36(sp)
	sw	a6, 40(sp)
	sw	a7, 44(sp)
	sw	t3, 48(sp)
	sw	t4, 52(sp)
	sw	t5, 56(sp)
	sw	t6, 60(sp)
	csrr	a0, mcause
	csrr	a1, mepc
	call	trap_handler
	lw	ra,  0(sp)
	lw	t0,  4(sp)
	lw	t1,  8(sp)
	lw	t2, 12(sp)
	lw	a0, 16(sp)
	lw	a1, 20(sp)
	lw	a2, 24(sp)
	lw	a3, 28(sp)
	lw	a4, 32(sp)
	lw	a5, 36(sp)
	lw	a6, 40(sp)
	lw	a7, 44(sp)
	lw	t3, 48(sp)
	lw	t4, 52(sp)
	lw	t5, 56(sp)
	lw	t6, 60(sp)
	addi	sp, sp, 64
	mret
	.size	_trap_entry, . - _trap_entry
