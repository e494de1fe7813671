/* SPDX-License-Identifier: Apache-2.0 */
/* A second static function named twin (0x4300, after retire_fns.S's), as
 * two files of a program may each have one. */
	.text
	.type twin, @function
twin:
	.space 0x100
	.size twin, 0x100
