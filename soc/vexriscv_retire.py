#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The installed VexRiscv with its retire stream on ports.

usage: vexriscv_retire.py [--package] <VexRiscv_Min|VexRiscv_Lite|VexRiscv_Full> <out.v>

Every variant of the pinned pythondata-cpu-vexriscv keeps, marked
`/* verilator public */`, the signals of its write-back stage and of its
trap logic:

  lastStageIsFiring        an instruction retires in this cycle, exactly
                           once per instruction (the count equals minstret;
                           lastStageIsValid is not: a load that misses
                           VexRiscv_Full's data cache is valid twice)
  lastStagePc [31:0]       its address
  lastStageInstruction     its code
  CsrPlugin_hadException   the CPU jumps to the trap vector in this cycle,
  CsrPlugin_interruptJump  for an exception or an interrupt: the next
                           instruction to retire is the handler's first

This script copies the variant's file to <out.v> with four output ports
added to module VexRiscv, each driven by those signals and nothing else:
retire_firing, retire_pc, retire_instruction and retire_trap. No other line
changes, so the CPU is the same CPU (`make -C soc identity` shows every
firmware test's exit cycle and console output unchanged). The package's file must be the one
this edit was written for, byte for byte (its SHA-256 below): any other
fails the build, so that a new package version is read before it is edited.

With --package it writes the package's CPU unedited instead, its module
renamed VexRiscv_package, inside a module VexRiscv with the same four ports,
driven by the same signals read from outside the CPU by hierarchical
reference, and those signals again, public under their names, for the
harness (sim/retire_oracle.h): the CPU as the package has it, in a SoC that
connects the ports, for the test that compares the two (`make -C soc
identity`). Verilator reads hierarchical references; synthesis tools need
not, and only that test builds it.
"""
import hashlib
import os
import re
import sys

PACKAGE = "pythondata-cpu-vexriscv 1.0.1.post407"
SHA256 = {
    "VexRiscv_Min": "a2f6dbdab57278866f6b371b5b7d8b74bc813444757ef06195e8559f0d02e279",
    "VexRiscv_Lite": "e1e86261c0b628a3f337dba3bac71fb5b3cd1bd469d5896b7a33b597d7c77901",
    "VexRiscv_Full": "506a6e6dd161ab96459bf4e08c2388435cb0ffb5f5e591c843b2f042fa4a3eee",
}
# The ports: name, range, what drives it.
PORTS = (
    ("retire_firing", "", "lastStageIsFiring"),
    ("retire_pc", "[31:0]", "lastStagePc"),
    ("retire_instruction", "[31:0]", "lastStageInstruction"),
    ("retire_trap", "", "CsrPlugin_hadException || CsrPlugin_interruptJump"),
)
# The drivers' signals, by name and range.
SIGNALS = (
    ("lastStageIsFiring", ""),
    ("lastStagePc", "[31:0]"),
    ("lastStageInstruction", "[31:0]"),
    ("CsrPlugin_hadException", ""),
    ("CsrPlugin_interruptJump", ""),
)
# The declarations the drivers must have, once each, in module VexRiscv.
DECLARATIONS = (
    r"wire\s+\[31:0\]\s+lastStageInstruction /\* verilator public \*/ ;",
    r"wire\s+\[31:0\]\s+lastStagePc /\* verilator public \*/ ;",
    r"wire\s+lastStageIsFiring /\* verilator public \*/ ;",
    r"wire\s+CsrPlugin_interruptJump /\* verilator public \*/ ;",
    r"reg\s+CsrPlugin_hadException /\* verilator public \*/ ;",
)
INSERT_AFTER = "  assign lastStageIsFiring = writeBack_arbitration_isFiring;\n"


def check(ok, what):
    if not ok:
        raise ValueError(what)


def edit(text):
    """The Verilog of one variant with the four ports added; ValueError if
    the text is not shaped as this edit expects."""
    header = re.search(r"^module VexRiscv \(\n", text, re.M)
    check(header, "no 'module VexRiscv (' header")
    end = re.compile(r"^endmodule\n", re.M).search(text, header.end())
    check(end, "module VexRiscv has no endmodule")
    body = text[header.end():end.start()]
    for decl in DECLARATIONS:
        n = len(re.findall(rf"^  {decl}\n", body, re.M))
        check(n == 1, f"{n} declarations matching '{decl}' in module VexRiscv, not 1")
    check(body.count(INSERT_AFTER) == 1, f"not one '{INSERT_AFTER.strip()}' in module VexRiscv")
    for name, _, _ in PORTS:
        check(not re.search(rf"\b{name}\b", text), f"{name} is already a name in the file")
    ports = "".join(f"  output {rng:<12}{name},\n" for name, rng, _ in PORTS)
    assigns = "".join(f"  assign {name} = {driver};\n" for name, _, driver in PORTS)
    at = header.end() + body.index(INSERT_AFTER) + len(INSERT_AFTER)
    return text[:header.end()] + ports + text[header.end():at] + assigns + text[at:]


def wrapped(text):
    """The Verilog of one variant as the package has it, module VexRiscv
    renamed VexRiscv_package, and a module VexRiscv around it with the
    edited CPU's ports, the four retire ports driven as the edit drives them
    from the CPU's signals, read by hierarchical reference."""
    header = re.search(r"^module VexRiscv \((.*?)\n\);", text, re.S | re.M)
    check(header, "no 'module VexRiscv (' header")
    ports = []
    for line in filter(str.strip, header.group(1).splitlines()):
        p = re.fullmatch(r"\s*(input|output)\s+(?:wire\s+|reg\s+)?(\[[^\]]+\])?\s*(\w+),?", line)
        check(p, f"cannot read the port {line.strip()!r}")
        ports.append((p.group(1), p.group(2) or "", p.group(3)))
    decls = [f"  {d:<6} wire {r:<8} {n}" for d, r, n in ports]
    decls += [f"  output wire {rng:<8} {name}" for name, rng, _ in PORTS]
    conns = ",\n".join(f"    .{n} ({n})" for _, _, n in ports)
    reads = "".join(f"  wire {rng:<8} {name} /* verilator public */ ;\n  assign {name} = u_cpu.{name};\n"
                    for name, rng in SIGNALS)
    drives = "".join(f"  assign {name} = {driver};\n" for name, _, driver in PORTS)
    renamed = text[:header.start()] + "module VexRiscv_package (" + text[header.start() + len("module VexRiscv ("):]
    return (renamed + "\n// The package's CPU with the edited CPU's ports (soc/vexriscv_retire.py --package).\n"
            "module VexRiscv (\n" + ",\n".join(decls) + "\n);\n"
            + "  VexRiscv_package u_cpu (\n" + conns + "\n  );\n" + reads + drives + "endmodule\n")


def edited(variant, data_location, package=False):
    """The edited text of the package's variant file (with package: the
    package's CPU in the wrapper); ValueError, naming the file, if it is not
    the expected one."""
    src = os.path.join(data_location, f"{variant}.v")
    with open(src, "rb") as f:
        data = f.read()
    if hashlib.sha256(data).hexdigest() != SHA256[variant]:
        raise ValueError(f"{src} is not {PACKAGE}'s {variant}.v (its SHA-256 differs): check that "
                         "the signals soc/vexriscv_retire.py names still mean what it says, then "
                         "update its SHA256 table")
    try:
        text = wrapped(data.decode()) if package else edit(data.decode())
    except ValueError as e:
        raise ValueError(f"{src}: {e}") from None
    what = "unedited, in a module that drives the retire ports from outside it" if package else \
        "with its retire stream on ports"
    return f"// {variant} of {PACKAGE} {what} (soc/vexriscv_retire.py)\n" + text


def main():
    args = sys.argv[1:]
    package = args[:1] == ["--package"]
    args = args[package:]
    if len(args) != 2 or args[0] not in SHA256:
        sys.exit(f"usage: vexriscv_retire.py [--package] <{'|'.join(SHA256)}> <out.v>")
    variant, out = args
    try:
        import pythondata_cpu_vexriscv
    except ImportError as e:
        sys.exit(f"vexriscv_retire: {e}: install requirements.txt into the checkout's .venv (make setup does)")
    try:
        text = edited(variant, pythondata_cpu_vexriscv.data_location, package)
    except ValueError as e:
        sys.exit(f"vexriscv_retire: {e}")
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, out)


if __name__ == "__main__":
    main()
