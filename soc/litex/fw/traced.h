/* SPDX-License-Identifier: Apache-2.0 */
/* The example's traced code (traced.c): work() moves 5 discs and returns
 * the sum of 4 * from + to over the 31 moves, 140. */
#ifndef TRACED_H
#define TRACED_H

void move(unsigned from, unsigned to);
void hanoi(unsigned n, unsigned from, unsigned to, unsigned via);
unsigned work(void);
/* The same code built with no instrumentation (plain.c). */
void plain_move(unsigned from, unsigned to);
void plain_hanoi(unsigned n, unsigned from, unsigned to, unsigned via);
unsigned plain_work(void);

#endif
