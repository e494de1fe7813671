/* SPDX-License-Identifier: Apache-2.0 */
/* Stores just past the end of a 64 KiB RAM, as a wild pointer does, or the
 * stack of a program linked for a bigger RAM: the harness stops it there
 * (exit 4). */
int main(void)
{
    *(volatile unsigned *)0x10000 = 1;
    return 0;
}
