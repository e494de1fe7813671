/* SPDX-License-Identifier: Apache-2.0 */
/*
 * traced.c again, built as it is, with no instrumenting flag (fw/Makefile),
 * under its own names: plain_work() makes the same calls as work(), and
 * perfscope's retire tap finds them in the CPU's retire stream
 * (docs/retire.md) with no store of the program's. soc/litex/test.sh
 * compares the calls of the two.
 */
#define move plain_move
#define hanoi plain_hanoi
#define work plain_work
#include "traced.c"
