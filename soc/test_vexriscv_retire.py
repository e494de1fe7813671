#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks of soc/vexriscv_retire.py, the edit that puts the CPU's retire
stream on ports, on the pinned package's three variants:

- the edited file differs from the package's only by added lines: the
  four ports, their four assignments and the header comment;
- the package's CPU for the identity test (--package) is the package's
  file with module VexRiscv renamed VexRiscv_package and nothing else
  changed, followed by a module VexRiscv with the edited CPU's ports that
  instantiates it and drives the retire ports as the edit does, from the
  CPU's signals read by hierarchical reference;
- a package file that is not byte for byte the expected one is refused,
  with a message naming the file and the SHA-256;
- a file without one of the signals the edit needs is refused, naming it.

usage: test_vexriscv_retire.py   (prints one PASS or FAIL line per check)
"""
import difflib
import os
import pathlib
import shutil
import sys
import tempfile

import pythondata_cpu_vexriscv

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import vexriscv_retire  # noqa: E402 (found through the path above)

failures = 0


def check(ok, what):
    global failures
    print(f"{'PASS' if ok else 'FAIL'} CPU edit: {what}")
    failures += not ok


def refusal(variant, data_location):
    try:
        vexriscv_retire.edited(variant, data_location)
    except ValueError as e:
        return str(e)
    return None


def main():
    data = pythondata_cpu_vexriscv.data_location
    for variant in vexriscv_retire.SHA256:
        package = pathlib.Path(data, f"{variant}.v").read_text().splitlines()
        edited = vexriscv_retire.edited(variant, data).splitlines()
        ops = [op for op in difflib.SequenceMatcher(None, package, edited, autojunk=False).get_opcodes()
               if op[0] != "equal"]
        added = [line for op in ops for line in edited[op[3]:op[4]]]
        check(all(op[0] == "insert" for op in ops) and len(added) == 9,
              f"{variant}: the package's file with 9 lines added and none changed "
              f"({len(added)} added, {sum(op[0] != 'insert' for op in ops)} other changes)")
        wrapped = vexriscv_retire.edited(variant, data, package=True).splitlines()
        inner = wrapped[1:1 + len(package)]
        renamed = [i for i, (a, b) in enumerate(zip(package, inner)) if a != b]
        wrapper = "\n".join(wrapped[1 + len(package):])
        drives = [f"assign {name} = {driver};" for name, _, driver in vexriscv_retire.PORTS]
        drives += [f"assign {name} = u_cpu.{name};" for name, _ in vexriscv_retire.SIGNALS]
        check(len(renamed) == 1 and inner[renamed[0]] == package[renamed[0]].replace(
                  "module VexRiscv (", "module VexRiscv_package (")
              and "\nmodule VexRiscv (" in wrapper and all(d in wrapper for d in drives),
              f"{variant} --package: the package's file with only its module renamed "
              f"({len(renamed)} line changed), in a wrapper that drives the 4 retire ports from its signals")
    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(data, "VexRiscv_Min.v")
        shutil.copy(src, tmp)
        copy = pathlib.Path(tmp, "VexRiscv_Min.v")
        copy.write_text(copy.read_text().replace("module VexRiscv (", "module VexRiscv  (", 1))
        why = refusal("VexRiscv_Min", tmp) or ""
        check(why.startswith(f"{copy} is not pythondata-cpu-vexriscv") and "SHA-256" in why,
              f"a changed package file is refused: {why[:80]}...")
    text = src.read_text()
    for signal in ("lastStageIsFiring", "CsrPlugin_interruptJump"):
        try:
            vexriscv_retire.edit(text.replace(f"{signal} /* verilator public */", f"{signal}_x"))
            why = ""
        except ValueError as e:
            why = str(e)
        check(signal in why, f"a file without {signal}'s declaration is refused: {why}")
    return 1 if failures else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONDONTWRITEBYTECODE", "1")
    sys.exit(main())
