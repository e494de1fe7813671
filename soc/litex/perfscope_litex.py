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

With retire=True the CPU is the installed VexRiscv with its retire stream on
ports (soc/vexriscv_retire.py, written into the checkout's build/cpu/), and
perfscope's retire tap reads it (docs/retire.md): the calls of a program
built with no instrumentation, a flat-profile histogram, trigger addresses.
"""
import importlib.util
import logging
import os

from migen import ClockSignal, Instance, ResetSignal, Signal

from litex.soc.integration.soc import SoCRegion
from litex.soc.interconnect import wishbone

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Loaded from its file rather than through sys.path, so that the checkout's
# scripts/ cannot shadow a module of the user's target.
def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, os.path.join(TOP, path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


corefiles = _load("perfscope_corefiles", os.path.join("scripts", "corefiles.py"))
vexriscv_retire = _load("perfscope_vexriscv_retire", os.path.join("soc", "vexriscv_retire.py"))

# LiteX's VexRiscv variants whose package file soc/vexriscv_retire.py edits.
RETIRE_VARIANTS = {"minimal": "VexRiscv_Min", "lite": "VexRiscv_Lite", "full": "VexRiscv_Full"}
# Where the edited CPU goes: the checkout's build/cpu/, as soc/soc.mk writes it.
CPU_DIR = os.path.join(TOP, "build", "cpu")

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


def edited_cpu(variant):
    """The path of the package's VexRiscv variant with its retire stream on
    ports, written into build/cpu/ if it is not there as the edit makes it
    (soc/soc.mk writes the same file; an unchanged one keeps its time)."""
    import pythondata_cpu_vexriscv
    try:
        text = vexriscv_retire.edited(variant, pythondata_cpu_vexriscv.data_location)
    except ValueError as e:
        raise ValueError(f"perfscope: {e}") from None
    path = os.path.join(CPU_DIR, f"{variant}.v")
    try:
        with open(path) as f:
            if f.read() == text:
                return path
    except OSError:
        pass
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(CPU_DIR, exist_ok=True)
        with open(tmp, "w") as f:
            f.write(text)
        os.replace(tmp, path)
    except OSError as e:
        if os.path.exists(tmp):  # a write cut short leaves no stray file
            os.remove(tmp)
        raise ValueError(f"perfscope: cannot write the edited CPU {path}: {e.strerror}") from None
    return path


def add_perfscope(soc, name="perfscope", origin=None, num_sections=7, clock_domain="sys", trace_depth=0,
                  retire=False, hist_buckets=0, triggers=0):
    """Adds a perfscope with num_sections sections to soc's bus as `name`,
    a C identifier (generated/mem.h defines <NAME>_BASE).

    origin: the byte address of the 256-byte window; None lets LiteX place it
    in the CPU's uncached I/O region (VexRiscv: 0x8000_0000 and up), else it
    must lie there and be 256-byte aligned. Counts are in cycles of
    clock_domain, the domain of the SoC's bus: "sys". trace_depth: the trace
    unit's FIFO records (docs/trace.md), 0 (none) or a power of two from 16
    to 4096; its stream has no consumer here, and the firmware drains the
    FIFO by polling (perf_hwtrace_frame).

    retire: the retire tap on the CPU's retire stream (docs/retire.md), for
    VexRiscv minimal, lite or full: the calls it finds go into the trace
    unit (a trace_depth); hist_buckets: its histogram's words, 0 (none) or a
    power of two from 2 to 4096; triggers: the sections 1..triggers that
    take trigger addresses, 0..num_sections. Returns the Wishbone
    interface."""
    # Every argument is checked before anything is added to the SoC: a
    # value that got through would fail later, far from here (Verilator,
    # migen, LiteX's bus), or silently (two names one <NAME>_BASE).
    # The name becomes <NAME>_BASE in generated/mem.h: a C identifier.
    if not isinstance(name, str) or not name.isidentifier() or not name.isascii():
        base = f"{name.upper()}_BASE" if isinstance(name, str) else "<NAME>_BASE"
        raise ValueError(f"perfscope: name {name!r} is not a C identifier (generated/mem.h's {base})")
    for arg, value in (("num_sections", num_sections), ("trace_depth", trace_depth), ("origin", origin),
                       ("hist_buckets", hist_buckets), ("triggers", triggers)):
        if value is not None or arg != "origin":
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"perfscope: {arg} must be an integer, not {value!r}")
    if not isinstance(retire, bool):
        raise ValueError(f"perfscope: retire must be True or False, not {retire!r}")
    if not 1 <= num_sections <= 7:
        raise ValueError(f"perfscope: num_sections must be 1..7, not {num_sections}")
    if trace_depth and not (16 <= trace_depth <= 4096 and trace_depth & (trace_depth - 1) == 0):
        raise ValueError(f"perfscope: trace_depth must be 0 or a power of two from 16 to 4096, not {trace_depth}")
    # The retire tap's parts: only with it, in the ranges the IP builds.
    if (hist_buckets or triggers) and not retire:
        raise ValueError("perfscope: hist_buckets and triggers are parts of the retire tap: pass retire=True")
    if hist_buckets and not (2 <= hist_buckets <= 4096 and hist_buckets & (hist_buckets - 1) == 0):
        raise ValueError(f"perfscope: hist_buckets must be 0 or a power of two from 2 to 4096, not {hist_buckets}")
    if not 0 <= triggers <= num_sections:
        raise ValueError(f"perfscope: triggers must be 0..num_sections ({num_sections}), not {triggers}")
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
    # The tap reads ports that only the edited package CPU has.
    cpu_variant = str(getattr(soc.cpu, "variant", ""))
    if retire and (getattr(soc.cpu, "name", None) != "vexriscv" or cpu_variant not in RETIRE_VARIANTS):
        raise ValueError(f"perfscope: retire=True needs VexRiscv {', '.join(RETIRE_VARIANTS)} (the variants "
                         f"soc/vexriscv_retire.py edits), not {getattr(soc.cpu, 'name', '?')} {cpu_variant}")
    if retire and getattr(soc.cpu, "external_variant", None):
        raise ValueError("perfscope: retire=True replaces the CPU's Verilog, and this SoC's VexRiscv has its own "
                         "already (use_external_variant, or another perfscope's retire tap)")
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
    # The edited CPU before anything is added: a package file other than
    # the one the edit was written for is refused here.
    cpu_verilog = edited_cpu(RETIRE_VARIANTS[cpu_variant]) if retire else None
    add_sources(soc.platform)
    # The retire stream: from the edited CPU's ports, or nothing.
    rt = {"firing": 0, "pc": 0, "insn": 0, "trap": 0}
    if retire:
        rt = {"firing": Signal(), "pc": Signal(32), "insn": Signal(32), "trap": Signal()}
        soc.cpu.use_external_variant(cpu_verilog)
        soc.cpu.cpu_params.update(o_retire_firing=rt["firing"], o_retire_pc=rt["pc"],
                                  o_retire_instruction=rt["insn"], o_retire_trap=rt["trap"])
    # Word addressed with the bus's full 30-bit word address (LiteX's
    # address_width=30 would mean bytes and silently keep 28 bits); the
    # decoder compares the upper bits, the IP decodes the low 6.
    bus = wishbone.Interface(data_width=32, adr_width=30, addressing="word")
    setattr(soc, f"{name}_ip", Instance("perfscope",
        p_NUM_SECTIONS=num_sections,
        p_TRACE_DEPTH=trace_depth,
        p_RETIRE=int(retire),
        p_HIST_BUCKETS=hist_buckets,
        p_TRIGGERS=triggers,
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
        # Without the retire tap (RETIRE 0) its inputs are ignored.
        i_i_rt_firing=rt["firing"],
        i_i_rt_pc=rt["pc"],
        i_i_rt_insn=rt["insn"],
        i_i_rt_trap=rt["trap"],
    ))
    soc.bus.add_slave(name, bus, SoCRegion(origin=origin, size=WINDOW_BYTES, cached=False))
    return bus
