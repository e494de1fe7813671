# SPDX-License-Identifier: Apache-2.0
# The SoC's RAM in bytes, RAM_BYTES: one default and one check for
# soc/fw/fw.mk, which links programs for it, and sim/Makefile, which builds
# the simulator with it (make profile gives both the same). Set TOP first,
# and RAM_BYTES_WHO to the includer's name for the error.
#
# A whole number of bytes, decimal or 0x hexadecimal, a multiple of 4 from
# 8 (soc/rtl/soc_ram.v's check) to 2 GiB, the lower half of the address
# space (perfscope and the I/O are above): anything else would reach the
# linker as an expression, link a stack the RAM does not have, or stop
# Verilator in a dozen lines. Spaces around it (a comment after it in a
# Makefile) go. At most 16 digits: the shell's arithmetic is 64-bit.
# Afterwards RAM_BYTES is decimal, so that 0x20000 and 131072 name one
# simulator.
RAM_BYTES_DEFAULT := 65536
RAM_BYTES ?= $(RAM_BYTES_DEFAULT)
override RAM_BYTES := $(strip $(RAM_BYTES))
ram_bytes_dec := $(shell case '$(RAM_BYTES)' in (0[xX]*[!0-9a-fA-F]*|0[xX]) ;; ([1-9]*[!0-9]*|0[!xX]*|0|'') ;; \
  (?????????????????*) ;; (*) [ $$(( $(RAM_BYTES) % 4 )) -eq 0 ] && [ $$(( $(RAM_BYTES) )) -ge 8 ] \
  && [ $$(( $(RAM_BYTES) )) -le 2147483648 ] && echo $$(( $(RAM_BYTES) )) ;; esac 2> /dev/null)
ifeq ($(ram_bytes_dec),)
$(error $(RAM_BYTES_WHO): RAM_BYTES=$(RAM_BYTES) is not a multiple of 4 from 8 to 2147483648 (2 GiB), decimal \
  or 0x hexadecimal: the SoC's RAM in bytes, the same for the program and the simulator (default \
  $(RAM_BYTES_DEFAULT)))
endif
override RAM_BYTES := $(ram_bytes_dec)
