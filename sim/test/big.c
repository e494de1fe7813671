/* SPDX-License-Identifier: Apache-2.0 */
/* An image bigger than the SoC's default 64 KiB of RAM: 80,000 bytes of
 * table, the second half of it above 64 KiB. run.sh builds it with
 * RAM_BYTES=131072, runs it on a simulator built with the same, and checks
 * the sum. */
#include <stdint.h>
#include <stdio.h>

#define WORDS 20000

static const volatile uint32_t table[WORDS] = {
    [0 ... WORDS / 2 - 1] = 0x11111111u,
    [WORDS / 2 ... WORDS - 1] = 0x22222222u,
};

int main(void)
{
    uint32_t sum = 0;
    for (int i = 0; i < WORDS; i++)
        sum += table[i] * (uint32_t)(i + 1);
    printf("big: %d words, sum 0x%08lx\n", WORDS, (unsigned long)sum);
    return 0;
}
