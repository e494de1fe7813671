/* SPDX-License-Identifier: Apache-2.0 */
/* Console text for the UART test (tests/uart.sh): every byte value written
 * straight to CONSOLE as fast as the CPU can store, then text through
 * picolibc's stdio. With a UART in the SoC each store waits for the
 * transmitter, so the serial line must carry exactly what the console shows. */
#include <stdio.h>

#include "soc.h"

int main(void)
{
	for (unsigned c = 0; c < 256; c++)
		SOC_REG(SOC_CONSOLE) = c;
	printf("\nperfscope UART test: %d characters of %s\n", 42, "text");
	return 0;
}
