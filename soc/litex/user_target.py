#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A LiteX user's own target, as small as LiteX allows, that adds perfscope
with the three lines of docs/litex.md (soc/litex/test.sh checks that the page
shows them word for word). It knows nothing of the checkout but the path in
PERFSCOPE, as a target in another repository would.

  PERFSCOPE=<checkout> user_target.py --output-dir DIR

generates the SoC (Verilog, headers) without building software or gateware;
test.sh checks what it generated.
"""
import argparse
import os
import sys

from migen import ClockDomain

from litex.build.generic_platform import Pins
from litex.build.sim import SimPlatform
from litex.soc.integration.builder import Builder
from litex.soc.integration.soc_core import SoCCore

PERFSCOPE = os.environ["PERFSCOPE"]


class UserSoC(SoCCore):
    def __init__(self):
        platform = SimPlatform("SIM", [("sys_clk", 0, Pins(1)), ("sys_rst", 0, Pins(1))])
        SoCCore.__init__(self, platform, clk_freq=int(1e6), cpu_type="vexriscv",
                         cpu_variant="lite", integrated_rom_size=0x8000,  # not the example's CPU
                         integrated_sram_size=0x2000, uart_name="stub")
        self.cd_sys = ClockDomain()
        self.comb += self.cd_sys.clk.eq(platform.request("sys_clk"))
        self.comb += self.cd_sys.rst.eq(platform.request("sys_rst"))

        # perfscope: the three lines of docs/litex.md
        sys.path.append(os.path.join(PERFSCOPE, "soc", "litex"))
        from perfscope_litex import add_perfscope
        add_perfscope(self)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--output-dir", required=True)
    args = ap.parse_args()
    Builder(UserSoC(), output_dir=args.output_dir, compile_software=False,
            compile_gateware=False).build(run=False)


if __name__ == "__main__":
    main()
