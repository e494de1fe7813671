#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""litex-boards' iCEBreaker target with perfscope: its BaseSoC plus the three
lines of docs/litex.md. Takes every option of the target, e.g.

  icebreaker.py --cpu-type=vexriscv --cpu-variant=minimal --build --no-compile-software

soc/litex/Makefile's bitstream target runs it (LiteX's flow: yosys, nextpnr-ice40,
icepack) and board_check.sh checks what it built.
"""
import os
import sys

from litex_boards.targets import icebreaker

sys.path.append(os.path.dirname(os.path.abspath(__file__)))
from perfscope_litex import add_perfscope  # noqa: E402  (beside this script)


class IcebreakerSoC(icebreaker.BaseSoC):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        add_perfscope(self)


if __name__ == "__main__":
    # The target's main() builds whatever class this name holds.
    icebreaker.BaseSoC = IcebreakerSoC
    icebreaker.main()
