# Checks that fusesoc.core works from the checkout: the lint target, and the
# sim target running a firmware test to exit 0 under the reference model.
TOP      := $(abspath ..)
WORK     := $(TOP)/build/fusesoc
FW       := $(TOP)/build/fw/VexRiscv_Min/tests/t_semantics.hex
FUSESOC  := PATH=$(TOP)/.venv/bin:$$PATH fusesoc --cores-root $(TOP)

.PHONY: test
test:
	@mkdir -p $(WORK)
	@cd $(WORK) && if $(FUSESOC) run --target lint perfscope > lint.log 2>&1; \
	  then echo "PASS fusesoc: lint target"; else tail -20 lint.log; echo "FAIL fusesoc: lint target"; fi
	@$(MAKE) -s --no-print-directory -C $(TOP)/tests CPU=VexRiscv_Min $(FW)
	@cd $(WORK) && if $(FUSESOC) run --target sim perfscope --firmware=$(FW) > sim.log 2>&1 \
	     && grep -q '^sim: exit 0 ' sim.log; \
	  then echo "PASS fusesoc: sim target runs t_semantics to exit 0"; else tail -20 sim.log; echo "FAIL fusesoc: sim target"; fi
