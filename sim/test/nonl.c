/* SPDX-License-Identifier: Apache-2.0 */
/* Its console's last line has no newline: the harness's own lines after it
 * must start on a line of their own, and stdout stay what it printed. */
#include <stdio.h>

int main(void)
{
    printf("result: 42");
    return 0;
}
