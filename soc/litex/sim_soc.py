#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""litex_sim with perfscope: LiteX's simulation SoC plus the three lines of
docs/litex.md. Takes every option of litex_sim, e.g.

  sim_soc.py --cpu-type=vexriscv --cpu-variant=minimal \
      --integrated-main-ram-size=0x10000 --ram-init=fw.bin --non-interactive

soc/litex/Makefile runs it (make litex).
"""
import os
import sys

from litex.tools import litex_sim

sys.path.append(os.path.dirname(os.path.abspath(__file__)))
from perfscope_litex import RETIRE_VARIANTS, add_perfscope  # noqa: E402  (beside this script)

# The debug variants of the PyPI VexRiscv lack the halted port LiteX 2024.04
# and later connect (docs/litex.md); refuse them here instead of failing in
# Verilator with a missing pin.
def is_debug_variant(variant):
    return "debug" in variant.split("+")


class PerfscopeSimSoC(litex_sim.SimSoC):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        # At a fixed address, so that the firmware's listing and the docs
        # show one; add_perfscope(self) alone would let LiteX place it.
        # With the trace unit, which the firmware drains by polling, and on
        # the CPUs it reads the retire tap with a histogram.
        retire = self.cpu.name == "vexriscv" and self.cpu.variant in RETIRE_VARIANTS
        add_perfscope(self, origin=0x8200_0000, trace_depth=512, retire=retire,
                      hist_buckets=128 if retire else 0)


def main():
    args = sys.argv[1:]
    for i, arg in enumerate(args):
        variant = arg.split("=", 1)[1] if arg.startswith("--cpu-variant=") else \
            args[i + 1] if arg == "--cpu-variant" and i + 1 < len(args) else ""
        if is_debug_variant(variant):
            sys.exit(f"sim_soc.py: --cpu-variant {variant}: the debug variants do not build "
                     "with this LiteX, use one without +debug (docs/litex.md)")
    # litex_sim.main() builds whatever class this name holds: both of its
    # SoCs (the one it sizes memories with and the one it builds) get perfscope.
    litex_sim.SimSoC = PerfscopeSimSoC
    litex_sim.main()


if __name__ == "__main__":
    main()
