/* SPDX-License-Identifier: Apache-2.0 */
/* The driver's host test suites, which main.c runs in turn. */
#ifndef SUITES_H
#define SUITES_H

void test_macros(void);
void test_driver(void);
void test_report(void);
void test_misuse(void);
void test_hwtrace(void);
void test_retire(void);

#endif
