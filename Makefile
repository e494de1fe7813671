# perfscope top level: dispatches to the directories, each of which owns its build.
#   make demo    install what is missing, build the SoC and the demo, run it
#   make test    every test; ends with "N passed, N failed"
#   make bench   cycle costs and simulation speed, as tables
#   make lint    verilator -Wall on the IP and the SoC
CPU ?= VexRiscv_Full
export PATH := $(CURDIR)/.venv/bin:$(PATH)

.PHONY: all setup demo test bench lint regs clean
all: test

setup:
	@scripts/setup.sh

demo: setup
	@$(MAKE) -s -C demo run CPU=$(CPU)

test: setup
	@scripts/run_tests.sh

bench: setup
	@$(MAKE) -s -C bench run

lint: setup
	@$(MAKE) -s -C rtl/tb lint
	@$(MAKE) -s -C soc lint

regs:
	@$(MAKE) -s -C regs gen

clean:
	rm -rf build
