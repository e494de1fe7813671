# SPDX-License-Identifier: Apache-2.0
# make profile: builds a program with every function of its own sources
# instrumented (function cost, driver/hooks/funccost.c) and soc/fw/profile_main.c
# around its main, runs it on the simulated SoC, and turns the console
# output into every report perfscope makes, in build/profile/<cpu>/<name>/:
#
#   console.log   what the program printed, frames included
#   functions.txt the IAS function table       gmon.out, gprof.txt  gprof's view
#   trace.json    Chrome/Perfetto timeline      folded.txt, flame.svg  flame graphs
#   report.txt    the Nios II section report, if the program prints a sections frame
#
#   make -C tools profile FW="/abs/app.c /abs/util.c" [CPU=VexRiscv_Full]
#        [SECTIONS=name,name,...] [PROFILE_EVENTS=2048] [CLOCK_HZ=50000000]
#
# The program is named after its first source; its own code is instrumented,
# the runtime, driver and C library are not (their time counts in the caller).
TOP := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))..)
ifeq ($(strip $(FW)),)
$(error make profile FW="<program sources>": which program to profile)
endif
CPU            ?= VexRiscv_Full
CLOCK_HZ       ?= 50000000
PROFILE_EVENTS ?= 2048
NAME     := $(basename $(notdir $(firstword $(FW))))
FW_BUILD := $(TOP)/build/profile/$(CPU)/$(NAME)
# override: the user's own FW_EXTRA_CFLAGS (command line or environment)
# come on top of these, never instead of them.
override FW_EXTRA_CFLAGS += -Wl,--wrap=main -DPROFILE_EVENTS=$(PROFILE_EVENTS)
include $(TOP)/soc/fw/fw.mk
$(eval $(call fw_program,$(NAME),$(FW),$(FW_INSTR_funccost),$(FW_HOOKS_funccost) $(TOP)/soc/fw/profile_main.c))

PERFSCOPE := $(TOP)/build/tools/perfscope
SIM       := $(TOP)/build/sim/$(CPU)/Vsoc_top
OUT       := $(FW_BUILD)
ELF       := $(OUT)/$(NAME).elf

.PHONY: profile
profile: $(OUT)/$(NAME).hex
	@$(MAKE) -s --no-print-directory -C $(TOP)/sim CPU=$(CPU)
	@$(SIM) +firmware=$(OUT)/$(NAME).hex > $(OUT)/console.log 2>&1 || \
	  { tail -5 $(OUT)/console.log; echo "profile: $(NAME) failed on $(CPU), see $(OUT)/console.log"; exit 1; }
	@$(PERFSCOPE) functions -e $(ELF) -o $(OUT)/functions.txt $(OUT)/console.log
	@$(PERFSCOPE) gprof -e $(ELF) -o $(OUT)/gmon.out $(OUT)/console.log
	@$(CROSS)gprof -b $(ELF) $(OUT)/gmon.out > $(OUT)/gprof.txt
	@$(PERFSCOPE) chrome -e $(ELF) -c $(CLOCK_HZ) -o $(OUT)/trace.json $(OUT)/console.log
	@$(PERFSCOPE) folded -e $(ELF) -o $(OUT)/folded.txt $(OUT)/console.log
	@$(PERFSCOPE) flame -e $(ELF) --title "$(NAME) on $(CPU)" -o $(OUT)/flame.svg $(OUT)/console.log
	@if grep -q '^@PS sections ' $(OUT)/console.log; then \
	  $(PERFSCOPE) report -c $(CLOCK_HZ) $(if $(SECTIONS),--names $(SECTIONS)) -o $(OUT)/report.txt $(OUT)/console.log; fi
	@echo "profile: $(NAME) on $(CPU): reports in $(OUT)"
