# RTL of the perfscope SoC, for any Makefile that lints, simulates or
# synthesizes it. Set TOP (the repository root) before including; CPU picks
# the VexRiscv variant (VexRiscv_Min, VexRiscv_Lite or VexRiscv_Full; the
# default is VexRiscv_Full, as in the top Makefile, soc/fw/fw.mk and the
# FuseSoC sim target).
#
#   SOC_RTL       our SoC sources, soc_top first
#   PERF_RTL      the perfscope IP: every .v in rtl/
#   CPU_V         the CPU, from the pythondata-cpu-vexriscv package
#   SOC_VLT       Verilator lint waivers for the CPU file only
#   SOC_INCLUDES  include path for perfscope_regs.vh

CPU    ?= VexRiscv_Full
PYTHON ?= $(TOP)/.venv/bin/python

SOC_RTL      := $(addprefix $(TOP)/soc/rtl/,soc_top.v soc_ram.v soc_sysctl.v soc_timer.v soc_uart_tx.v)
PERF_RTL     ?= $(wildcard $(TOP)/rtl/*.v)
SOC_VLT      := $(TOP)/soc/vexriscv.vlt
SOC_INCLUDES := -I$(TOP)/rtl

# The CPU Verilog is never copied into the repository; the pinned Python
# package (requirements.txt) provides it.
VEXRISCV_DIR := $(shell $(PYTHON) -c "import pythondata_cpu_vexriscv as p; print(p.data_location)" 2>/dev/null)
ifeq ($(VEXRISCV_DIR),)
$(error soc.mk: cannot import pythondata_cpu_vexriscv with $(PYTHON); install requirements.txt into $(TOP)/.venv)
endif
CPU_V := $(VEXRISCV_DIR)/$(CPU).v
ifeq ($(filter $(CPU),VexRiscv_Min VexRiscv_Lite VexRiscv_Full),)
$(error soc.mk: unknown CPU '$(CPU)' (VexRiscv_Min, VexRiscv_Lite or VexRiscv_Full))
endif
