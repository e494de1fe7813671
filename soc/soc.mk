# SPDX-License-Identifier: Apache-2.0
# RTL of the perfscope SoC, for any Makefile that lints, simulates or
# synthesizes it, read from soc/soc.core and fusesoc.core (through
# scripts/corefiles.mk). Set TOP (the repository root) before including;
# CPU picks the VexRiscv variant (VexRiscv_Min, VexRiscv_Lite or
# VexRiscv_Full; the default is VexRiscv_Full, as in the top Makefile,
# soc/fw/fw.mk and the FuseSoC sim target).
#
#   SOC_RTL       our SoC sources (soc/soc.core's soc fileset), soc_top's tree
#   SIM_TOP_RTL   the simulation wrapper soc_sim_top (fileset sim_top)
#   PERF_RTL      the perfscope IP (fusesoc.core), PERF_RETIRE_RTL its retire
#                 tap's parts (scripts/corefiles.mk)
#   CPU_V         the CPU: the pythondata-cpu-vexriscv package's, with its
#                 retire stream on ports (soc/vexriscv_retire.py, into build/cpu)
#   CPU_PACKAGE_V the package's CPU unedited, with the same ports tied to 0,
#                 for the test that the edit changes nothing else (make -C soc identity)
#   CPU_DIR       build/cpu, where the rules below write both
#   SOC_VLT       Verilator lint waivers for the CPU file only
#   SOC_INCLUDES  include path for perfscope_regs.vh

CPU    ?= VexRiscv_Full
PYTHON ?= $(TOP)/.venv/bin/python
include $(TOP)/scripts/corefiles.mk

SOC_RTL      := $(call core_files,perfscope:perfscope:soc --fileset soc --no-depend)
SIM_TOP_RTL  := $(call core_files,perfscope:perfscope:soc --fileset sim_top)
SOC_VLT      := $(call core_files,perfscope:perfscope:soc --fileset waivers)
SOC_INCLUDES := $(PERF_INCLUDES)

# The CPU Verilog is never copied into the repository; the pinned Python
# package (requirements.txt) provides it.
VEXRISCV_DIR := $(shell $(PYTHON) -c "import pythondata_cpu_vexriscv as p; print(p.data_location)" 2>/dev/null)
ifeq ($(VEXRISCV_DIR),)
$(error soc.mk: cannot import pythondata_cpu_vexriscv with $(PYTHON); install requirements.txt into $(TOP)/.venv)
endif
CPU_DIR       := $(TOP)/build/cpu
CPU_V         := $(CPU_DIR)/$(CPU).v
CPU_PACKAGE_V := $(CPU_DIR)/$(CPU)_package.v
ifeq ($(filter $(CPU),VexRiscv_Min VexRiscv_Lite VexRiscv_Full),)
$(error soc.mk: unknown CPU '$(CPU)' (VexRiscv_Min, VexRiscv_Lite or VexRiscv_Full))
endif

# The edit checks the package file's SHA-256 and stops the build if it is
# not the file it was written for.
$(CPU_DIR)/VexRiscv_%_package.v: $(VEXRISCV_DIR)/VexRiscv_%.v $(TOP)/soc/vexriscv_retire.py
	@mkdir -p $(@D)
	@$(PYTHON) $(TOP)/soc/vexriscv_retire.py --package VexRiscv_$* $@
$(CPU_DIR)/VexRiscv_%.v: $(VEXRISCV_DIR)/VexRiscv_%.v $(TOP)/soc/vexriscv_retire.py
	@mkdir -p $(@D)
	@$(PYTHON) $(TOP)/soc/vexriscv_retire.py VexRiscv_$* $@
