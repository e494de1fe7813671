# The SoC's own RTL (soc/rtl/) stops elaboration on a parameter out of
# range, with an error naming the parameter and its range, in Verilator and
# Icarus Verilog; the ends of each range elaborate. (rtl/tb's lint does the
# same for the IP.) Every check prints one PASS or FAIL line.
TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/..)
CPU := VexRiscv_Min
include $(TOP)/soc/soc.mk
VERILATOR ?= verilator
CHECK := VERILATOR=$(VERILATOR) $(TOP)/scripts/param_check.sh
SOC   := $(TOP)/soc/rtl

.PHONY: check
check:
	@st=0; \
	$(CHECK) soc_uart_tx BAUD_DIV soc_uart_tx_error_BAUD_DIV_must_be_1_to_65535 "1 65535" "0 65536" \
	    $(SOC)/soc_uart_tx.v || st=1; \
	$(CHECK) soc_ram RAM_BYTES soc_ram_error_RAM_BYTES_must_be_a_multiple_of_4_from_8 "8 65536" "4 65538" \
	    $(SOC)/soc_ram.v || st=1; \
	$(CHECK) soc_top PERF_SECTIONS soc_top_error_PERF_SECTIONS_must_be_0_to_7 "0 7" "8" \
	    $(SOC_INCLUDES) $(SOC_VLT) $(SOC_RTL) $(PERF_RTL) $(CPU_V) || st=1; \
	$(CHECK) soc_top RAM_BYTES soc_top_error_RAM_BYTES_must_be_a_multiple_of_4_from_8 "65536" "6" \
	    $(SOC_INCLUDES) $(SOC_VLT) $(SOC_RTL) $(PERF_RTL) $(CPU_V) || st=1; \
	exit $$st
