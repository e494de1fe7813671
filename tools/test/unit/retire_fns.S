/* SPDX-License-Identifier: Apache-2.0 */
/* Functions at fixed addresses for the unit tests' records (test_stream.c,
 * test_hist.c, test_frames.c): linked at 0x100, each 0x100 bytes of
 * nothing but its symbol; retire_twin.S follows. */
	.text
	.macro function name
	.globl \name
	.type \name, @function
\name:
	.space 0x100
	.size \name, 0x100
	.endm
	function main     /* 0x100 */
	function f        /* 0x200 */
	function g        /* 0x300 */
	function h        /* 0x400 */
	.space 0x700      /* 0x500: in no function */
	function h.part.0 /* 0xc00: a name GNU gprof skips, as GCC names a clone */
	function h_part_0 /* 0xd00: the name gprof would read for it, taken */
	function h$part$0 /* 0xe00: another name gprof skips, with h.part.0's new name */
	function h.isra.0.constprop.0 /* 0xf00: a clone of a clone, as GCC names one */
	.space 0x3000     /* 0x1000: in no function (the tests' 0x1010, 0x2020, 0x3030) */
	function _exit    /* 0x4000: the C library's end of a program */
	function h.isra.0.constprop.0.cold /* 0x4100: its cold part, never paired */
	/* 0x4200: twin, a static function, as retire_twin.S's at 0x4300: two
	 * files' functions of one name */
	.type twin, @function
twin:
	.space 0x100
	.size twin, 0x100
