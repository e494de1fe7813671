/* SPDX-License-Identifier: Apache-2.0 */
/* picolibc's stdin, stdout and stderr on the SoC's CONSOLE register: every
 * character written becomes one console write the harness prints. There is
 * no input; reads see end of file. */
#include <stdio.h>

#include "soc.h"

static int console_put(char c, FILE *file)
{
    (void)file;
    SOC_REG(SOC_CONSOLE) = (unsigned char)c;
    return (unsigned char)c;
}

static FILE console = FDEV_SETUP_STREAM(console_put, NULL, NULL, _FDEV_SETUP_WRITE);

/* used: picolibc's stdio refers to them from outside the program's code,
 * which -flto does not see. */
FILE *const stdin __attribute__((used)) = &console;
FILE *const stdout __attribute__((used)) = &console;
FILE *const stderr __attribute__((used)) = &console;
