/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The Nios II HAL's ALT_ERRNO on the reference SoC: the C library's errno,
 * which the SoC's runtime and HAL set (the HAL reaches it through a
 * function pointer, for its thread-aware builds; one thread here).
 */
#ifndef __ALT_ERRNO_H__
#define __ALT_ERRNO_H__

#include <errno.h>

#define ALT_ERRNO errno

#endif
