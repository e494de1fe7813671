/* SPDX-License-Identifier: Apache-2.0 */
/* The example's traced code (traced.c): work() = 145 + fib(10) = 200. */
#ifndef TRACED_H
#define TRACED_H

unsigned leaf(unsigned x);
unsigned fib(unsigned n);
unsigned work(void);

#endif
