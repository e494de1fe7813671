# Checks that fusesoc.core works from the checkout: README.md's FuseSoC
# commands word for word with .venv off PATH, the sim target's --CPU and
# --PERF_SECTIONS, and a user's core depending on perfscope (what each
# checks: scripts/fusesoc_test.sh).
.PHONY: test
test:
	@./fusesoc_test.sh
