# SPDX-License-Identifier: Apache-2.0
# Prints the driver sources soc/fw/fw.mk links into every program
# (FW_DRIVER_SRCS), so the LiteX firmware takes the one list instead of
# writing it again. Run as: make -s -f driver-srcs.mk TOP=<checkout>
CPU := VexRiscv_Min
include $(TOP)/soc/fw/fw.mk
.PHONY: print
print:
	@echo $(FW_DRIVER_SRCS)
