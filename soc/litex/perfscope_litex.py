# SPDX-License-Identifier: Apache-2.0
"""perfscope as a LiteX peripheral (docs/litex.md).

In a LiteX target, after the CPU is added (SoCCore.__init__), with PERFSCOPE
the path of the checkout:

    sys.path.append(os.path.join(PERFSCOPE, "soc", "litex"))
    from perfscope_litex import add_perfscope
    add_perfscope(self)

The Verilog comes from rtl/ at the file list of fusesoc.core, read through
scripts/corefiles.py, so this module never names an RTL file itself. The
slave's region goes into LiteX's generated/mem.h as <NAME>_BASE, so firmware
writes PERF_BEGIN(PERFSCOPE_BASE, 1).
"""
import importlib.util
import logging
import os

from migen import ClockSignal, Instance, ResetSignal

from litex.soc.integration.soc import SoCRegion
from litex.soc.interconnect import wishbone

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Loaded from its file rather than through sys.path, so that the checkout's
# scripts/ cannot shadow a module of the user's target.
_spec = importlib.util.spec_from_file_location("perfscope_corefiles", os.path.join(TOP, "scripts", "corefiles.py"))
corefiles = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(corefiles)

# The register window (docs/datasheet.md, "Register map"): 64 words.
WINDOW_BYTES = 0x100


def add_sources(platform):
    """Adds the IP's Verilog of fusesoc.core to a LiteX platform."""
    for path, _type, is_include in corefiles.select("perfscope:perfscope:perfscope", sources=False):
        full = os.path.join(TOP, path)
        if is_include:
            # An include is found through the include path, not compiled.
            if os.path.dirname(full) not in platform.verilog_include_paths:
                platform.add_verilog_include_path(os.path.dirname(full))
        else:
            platform.add_source(full)


def add_perfscope(soc, name="perfscope", origin=None, num_sections=7, clock_domain="sys", trace_depth=0):
    """Adds a perfscope with num_sections sections to soc's bus as `name`,
    a C identifier (generated/mem.h defines <NAME>_BASE).

    origin: the byte address of the 256-byte window; None lets LiteX place it
    in the CPU's uncached I/O region (VexRiscv: 0x8000_0000 and up), else it
    must lie there and be 256-byte aligned. Counts are in cycles of
    clock_domain, the domain of the SoC's bus: "sys". trace_depth: the trace
    unit's FIFO records (docs/trace.md), 0 (none) or a power of two from 16
    to 4096; its stream has no consumer here, and the firmware drains the
    FIFO by polling (perf_hwtrace_frame). Returns the Wishbone interface."""
    # Every argument is checked before anything is added to the SoC: a
    # value that got through would fail later, far from here (Verilator,
    # migen, LiteX's bus), or silently (two names one <NAME>_BASE).
    # The name becomes <NAME>_BASE in generated/mem.h: a C identifier.
    if not isinstance(name, str) or not name.isidentifier() or not name.isascii():
        base = f"{name.upper()}_BASE" if isinstance(name, str) else "<NAME>_BASE"
        raise ValueError(f"perfscope: name {name!r} is not a C identifier (generated/mem.h's {base})")
    for arg, value in (("num_sections", num_sections), ("trace_depth", trace_depth), ("origin", origin)):
        if value is not None or arg != "origin":
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"perfscope: {arg} must be an integer, not {value!r}")
    if not 1 <= num_sections <= 7:
        raise ValueError(f"perfscope: num_sections must be 1..7, not {num_sections}")
    if trace_depth and not (16 <= trace_depth <= 4096 and trace_depth & (trace_depth - 1) == 0):
        raise ValueError(f"perfscope: trace_depth must be 0 or a power of two from 16 to 4096, not {trace_depth}")
    if origin is not None and origin % WINDOW_BYTES:
        raise ValueError(f"perfscope: origin 0x{origin:x} is not {WINDOW_BYTES}-byte aligned")
    # The registers are on the SoC's bus, which LiteX runs in sys (a
    # ClockDomainsRenamer around the SoC renames both): in another domain
    # the counts would be of another clock, or migen would fail at the
    # build, far from here.
    if clock_domain != "sys":
        raise ValueError(f"perfscope: clock_domain must be 'sys', the domain of the SoC's bus its registers "
                         f"are on, not {clock_domain!r}")
    # The CPU's I/O region decides where the window goes.
    bus_handler = getattr(soc, "bus", None)
    if getattr(soc, "platform", None) is None or getattr(soc, "cpu", None) is None or \
            not getattr(bus_handler, "io_regions", None):
        raise ValueError("perfscope: the SoC has no CPU with an I/O region yet: call add_perfscope after "
                         "SoCCore.__init__ (or LiteXSoC.add_cpu)")
    taken = {n.upper(): n for n in list(bus_handler.regions) + list(bus_handler.io_regions)
             + list(getattr(soc, "mem_map", {}))}
    if name.upper() in taken:
        raise ValueError(f"perfscope: name {name!r} is taken by the SoC's region {taken[name.upper()]!r} "
                         f"(generated/mem.h's {name.upper()}_BASE): give it another")
    if origin is not None:
        # The SoC's map names regions its bus adds later: the CSR bridge's at
        # finalization, 2^(address_width + 2) bytes (LiteX's add_csr_bridge);
        # another's size is not known yet, only its origin.
        csr = getattr(soc, "csr", None)
        for n, at in getattr(soc, "mem_map", {}).items():
            size = 2 ** (csr.address_width + 2) if n == "csr" and csr is not None else WINDOW_BYTES
            if n not in bus_handler.regions and at <= origin < at + size:
                raise ValueError(f"perfscope: origin 0x{origin:x} is in the SoC's region {n!r} "
                                 f"(0x{at:x}..0x{at + size - 1:x})")
        region = SoCRegion(origin=origin, size=WINDOW_BYTES, cached=False)
        if not bus_handler.check_region_is_io(region):
            raise ValueError(f"perfscope: origin 0x{origin:x} is outside the CPU's I/O region: perfscope must "
                             "be uncached")
        overlap = bus_handler.check_regions_overlap({**bus_handler.regions, name: region})
        if overlap:
            raise ValueError(f"perfscope: origin 0x{origin:x} overlaps the SoC's region "
                             f"{[n for n in overlap if n != name][0]!r}")
    # VexRiscv_Min has no instruction cache: on LiteX's shared bus its
    # fetches keep the arbiter and its posted mark stores wait behind them,
    # so a section can measure a few cycles instead of its code's (a
    # crossbar gives the data path to perfscope its own way: docs/litex.md).
    if str(getattr(soc.cpu, "variant", "")).startswith("minimal") and \
            getattr(bus_handler, "interconnect", None) == "shared":
        logging.getLogger("perfscope").warning(
            "VexRiscv minimal on LiteX's shared bus: marks can reach perfscope late and sections measure too "
            "little; build the SoC with bus_interconnect=\"crossbar\" (docs/litex.md)")
    add_sources(soc.platform)
    # Word addressed with the bus's full 30-bit word address (LiteX's
    # address_width=30 would mean bytes and silently keep 28 bits); the
    # decoder compares the upper bits, the IP decodes the low 6.
    bus = wishbone.Interface(data_width=32, adr_width=30, addressing="word")
    setattr(soc, f"{name}_ip", Instance("perfscope",
        p_NUM_SECTIONS=num_sections,
        p_TRACE_DEPTH=trace_depth,
        i_i_clk=ClockSignal(clock_domain),
        i_i_reset=ResetSignal(clock_domain),
        i_i_wb_cyc=bus.cyc,
        i_i_wb_stb=bus.stb,
        i_i_wb_we=bus.we,
        i_i_wb_addr=bus.adr[:6],
        i_i_wb_data=bus.dat_w,
        i_i_wb_sel=bus.sel,
        # A classic LiteX master holds STB until ACK; the IP stalls from the
        # cycle after acceptance through its ACK, so it takes each request
        # once and the stall output is not needed.
        o_o_wb_ack=bus.ack,
        o_o_wb_data=bus.dat_r,
        # The trace unit's stream has no consumer: the firmware pops its
        # records (TRACE_POP_LO, perf_hwtrace_frame). The IP never errs,
        # so the bus's ERR keeps its reset value 0.
        i_i_trace_ready=0,
        # No retire tap (RETIRE 0): its inputs are ignored.
        i_i_rt_firing=0,
        i_i_rt_pc=0,
        i_i_rt_insn=0,
        i_i_rt_trap=0,
    ))
    soc.bus.add_slave(name, bus, SoCRegion(origin=origin, size=WINDOW_BYTES, cached=False))
    return bus
