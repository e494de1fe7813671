/* SPDX-License-Identifier: Apache-2.0 */
/* The hook benchmark's two workloads (work_light.c, work_heavy.c), built
 * with the program's instrumenting flags. */
#ifndef WORK_H
#define WORK_H

void light_init(void);
void light_round(unsigned i); /* one packet: CRC-32, sort, tokenizer */
void heavy_round(unsigned i); /* one round of list, state machine, matrix, CRC-16 */

#endif
