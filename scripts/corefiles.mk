# SPDX-License-Identifier: Apache-2.0
# The RTL file lists for Makefiles, from the FuseSoC cores (fusesoc.core,
# soc/soc.core) through scripts/corefiles.py. Set TOP (the repository root)
# before including.
#
#   $(call core_files,<core> <corefiles.py files options>)
#       those files, absolute, e.g.
#       $(call core_files,perfscope:perfscope:perfscope --sources)
#   PERF_RTL      the IP's Verilog sources (its fileset ip)
#   PERF_RETIRE_RTL  the retire tap's (fileset retire): a build with
#                 RETIRE = 1 reads them too; without it they are left out,
#                 as yosys maps the same design differently when it has read
#                 more modules (syn/fpga.py)
#   PERF_VH       its include file (perfscope_regs.vh)
#   PERF_INCLUDES -I of that file's directory

PYTHON ?= $(TOP)/.venv/bin/python

core_files = $(addprefix $(TOP)/,$(shell $(PYTHON) $(TOP)/scripts/corefiles.py files $(1) || echo corefiles.py-failed))

PERF_RTL      := $(call core_files,perfscope:perfscope:perfscope --fileset ip --sources)
PERF_RETIRE_RTL := $(call core_files,perfscope:perfscope:perfscope --fileset retire --no-depend --sources)
PERF_VH       := $(call core_files,perfscope:perfscope:perfscope --includes)
PERF_INCLUDES := $(addprefix -I,$(call core_files,perfscope:perfscope:perfscope --incdirs))
ifneq ($(filter %corefiles.py-failed,$(PERF_RTL) $(PERF_RETIRE_RTL)),)
$(error corefiles.mk: scripts/corefiles.py cannot read the cores with $(PYTHON); install requirements.txt into $(TOP)/.venv)
endif
