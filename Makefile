# SPDX-License-Identifier: Apache-2.0
# perfscope top level: dispatches to the directories, each of which owns its build.
#   make demo    install what is missing, build the SoC and the demo, run it
#   make test    every test; ends with "N passed, N failed"
#   make bench   cycle costs and simulation speed, as tables
#   make profile FW=<program.c> [MODE=retire]   every host-tool report of one run (MODE=retire: built as it is, from its retire stream)
#   make fuzz    the host tool's decoder under libFuzzer, bounded
#   make formal  formal proofs (NUM_SECTIONS 1, 2, 7) and the mutations that show they bite (the longest target)
#   make stress  random bus operations in each of rtl/tb's builds against the reference model
#   make docs    rewrite the figures in the README and docs/ from the runs that measure them
#   make lint    verilator -Wall on the Verilog; license lines, ShellCheck, ruff, clang-format on the rest
#   make synth   FPGA bitstreams: iCEBreaker (iCE40 UP5K), ULX3S 85F (ECP5)
#   make bench-fpga  area and fmax on the FPGAs, into docs/fpga.md
#   make litex   perfscope in a LiteX SoC: litex_sim runs VexRiscv and the report (docs/litex.md)
CPU ?= VexRiscv_Full
export PATH := $(CURDIR)/.venv/bin:$(PATH)

.PHONY: all setup demo test bench lint regs tools profile fuzz clean synth bench-fpga formal stress docs litex
all: test

setup:
	@scripts/setup.sh

demo: setup
	@$(MAKE) -s -C demo run CPU=$(CPU)

test: setup
	@scripts/run_tests.sh

bench: setup
	@$(MAKE) -s -C bench run
	@$(MAKE) -s -C tools bench

tools: setup
	@$(MAKE) -s -C tools

# make profile FW=<program.c ...> [MODE=retire]: run it instrumented (or as built), reports in build/profile/
# Relative FW and FW_USER_DIR (whence a relative -I in FW_EXTRA_CFLAGS is
# taken) are the user's: from the shell's directory, as sim/Makefile's run
# takes them, also under make -C; from the checkout's when another make
# runs this one (its PWD is not the user's then). make splits FW at spaces,
# so a path with one in it is refused with a line that says so.
ifeq ($(MAKELEVEL),0)
PROFILE_USER_DIR := $(if $(filter /%,$(PWD)),$(PWD))
endif
PROFILE_USER_DIR := $(or $(PROFILE_USER_DIR),$(CURDIR))
profile_path = $(foreach p,$(1),$(if $(filter /%,$(p)),$(p),$(abspath $(PROFILE_USER_DIR)/$(p))))
ifneq ($(filter profile,$(MAKECMDGOALS)),)
ifneq ($(words $(PROFILE_USER_DIR)),1)
$(error make profile: the directory "$(PROFILE_USER_DIR)" has a space in its path, and make cannot handle one; \
  run it from a directory without spaces)
endif
ifneq ($(words $(FW)),1)
ifneq ($(shell cd '$(PROFILE_USER_DIR)' && test -e '$(subst ','\'',$(FW))' && echo y),)
$(error make profile: FW="$(FW)" is one file with a space in its path, and make cannot handle one; \
  copy or move it (or link it) to a path without spaces)
endif
endif
endif
profile: setup
	@$(MAKE) -s -C tools profile FW="$(call profile_path,$(FW))" CPU=$(CPU) \
	  FW_USER_DIR=$(call profile_path,$(or $(FW_USER_DIR),.))

fuzz: setup
	@$(MAKE) -s -C tools fuzz

# verilator -Wall on the Verilog; scripts/lint.sh on the rest (license lines,
# ShellCheck, ruff, clang-format on changed C lines). Every lint runs, even
# after one failed, so one pass shows every finding.
lint: setup
	@st=0; \
	$(MAKE) -s -C rtl/tb lint || st=1; \
	$(MAKE) -s -C soc lint || st=1; \
	$(MAKE) -s -C syn lint || st=1; \
	scripts/lint.sh || st=1; \
	exit $$st

synth: setup
	@$(MAKE) -s -C syn synth

bench-fpga: setup
	@$(MAKE) -s -C syn bench

litex: setup
	@$(MAKE) -s -C soc/litex run

formal: setup
	@$(MAKE) -s -C formal

stress: setup
	@$(MAKE) -s -C rtl/tb stress

# The runs make test makes for the figures (firmware tests, the demo, make
# profile of the demo), then every figure rewritten from them.
docs: setup
	@$(MAKE) -s -C tests test demo-test > /dev/null
	@$(MAKE) -s -C tools test > /dev/null
	@python3 -B scripts/docfigs.py write

regs:
	@$(MAKE) -s -C regs gen

clean:
	rm -rf build
