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

/* stdout of the calls between capture_start() and capture_end() (main.c). */
void capture_start(void);
const char *capture_end(void);

#endif
