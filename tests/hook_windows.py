#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The profile hooks' restart windows in a built program (driver/hooks/profile.c).

An interrupt whose handler switches profiles moves a hook it stopped
before the hook's commit back to the hook's first instruction. That is
right only if the code up to the commit kept what the hook needs to run
again, whatever registers the compiler chose:

- no instruction in a window writes ra or sp, nor, in the entry's, a0
  (this_fn: the exit does not read its arguments);
- every branch and jump in a window stays in the hook's windows, or goes
  to the tail call of its slow path (slow_enter, slow_exit, or a jump
  there), and none is indirect: code the compiler laid out elsewhere
  would run unrestarted;
- each commit label holds the commit, a store (sw), and no code is
  compressed (whose operands this reading does not know);
- the entry's lookup branch starts by masking interrupts
  (csrrci ..., mstatus, 8), for the compiler may use a0 there.

  hook_windows.py <program.elf>...   one PASS or FAIL line per program;
                                     exit 1 if any failed
"""
import re
import subprocess
import sys

WINDOWS = {  # hook: ([(first label, commit label)], tail call, registers kept)
    "entry": ([("__cyg_profile_func_enter", "perf_profile_enter_commit")], "slow_enter", {"ra", "sp", "a0"}),
    "exit": ([("__cyg_profile_func_exit", "perf_profile_exit_commit"),
              ("perf_profile_exit_calls", "perf_profile_exit_calls_commit")], "slow_exit", {"ra", "sp"}),
}
LOOKUP = "perf_profile_enter_lookup"
# Instructions whose first operand is no destination.
NO_RD = re.compile(r"^(s[bhw]|beq|bne|blt|bge|bltu|bgeu|fence\S*|ecall|ebreak|mret|wfi)$")
BRANCH = re.compile(r"^(beq|bne|blt|bge|bltu|bgeu|jal)$")


def symbols(elf):
    out = subprocess.run(["riscv64-unknown-elf-nm", elf], capture_output=True, text=True, check=True).stdout
    return {f[2]: int(f[0], 16) for f in (line.split() for line in out.splitlines()) if len(f) == 3}


def disassemble(elf, start, stop):
    """{address: (mnemonic, [operands], branch target or None)} of [start, stop)."""
    out = subprocess.run(["riscv64-unknown-elf-objdump", "-d", "-M", "no-aliases", "--no-show-raw-insn",
                          f"--start-address={start:#x}", f"--stop-address={stop:#x}", elf],
                         capture_output=True, text=True, check=True).stdout
    code = {}
    for m in re.finditer(r"^\s*([0-9a-f]+):\s+(\S+)\s*([^#<\n]*)(?:<[^>]*>)?", out, re.M):
        ops = [o.strip() for o in m.group(3).split(",") if o.strip()]
        target = int(ops[-1], 16) if BRANCH.match(m.group(2)) and ops else None
        code[int(m.group(1), 16)] = (m.group(2), ops, target)
    return code


def check(elf):
    """The faults of elf's hooks, as lines; none if its windows are sound."""
    sym = symbols(elf)
    names = [n for pairs, tail, _ in WINDOWS.values() for pair in pairs for n in (*pair, tail)] + [LOOKUP]
    missing = [name for name in names if name not in sym]
    if missing:
        return [f"no symbol {missing[0]}: not built with driver/hooks/profile.c, or the compiler renamed it"]
    faults = []
    for hook, (pairs, tail, kept) in WINDOWS.items():
        spans = [(sym[a], sym[b]) for a, b in pairs]
        allowed = {sym[tail]} | ({sym[LOOKUP]} if hook == "entry" else set())
        for first, commit in spans:
            code = disassemble(elf, first, commit + 4)
            if code.get(commit, ("",))[0] != "sw":
                faults.append(f"{hook} hook: no store (sw) at its commit label, {commit:#x}")
            for at, (op, ops, target) in code.items():
                if op.startswith("c."):
                    faults.append(f"{hook} hook: {op} at {at:#x}, compressed code, which this check cannot read")
                    continue
                rd = None if NO_RD.match(op) or not ops else re.sub(r"\(.*", "", ops[0])
                if rd in kept:
                    faults.append(f"{hook} hook: {op} {','.join(ops)} at {at:#x} writes {rd} before the commit")
                if target is not None and target not in allowed and not any(a <= target <= b for a, b in spans):
                    there = disassemble(elf, target, target + 4).get(target)
                    if not (there and there[0] == "jal" and there[1][0] == "zero" and there[2] == sym[tail]):
                        faults.append(f"{hook} hook: {op} at {at:#x} goes to {target:#x}, outside its restart windows")
                if op == "jalr":
                    faults.append(f"{hook} hook: {op} {','.join(ops)} at {at:#x}, an indirect jump before the commit")
    first = disassemble(elf, sym[LOOKUP], sym[LOOKUP] + 4).get(sym[LOOKUP])
    if not first or first[0] != "csrrci" or first[1][1:] != ["mstatus", "8"]:
        said = f"{first[0]} {','.join(first[1])}" if first else "nothing"
        faults.append(f"entry hook: its lookup branch starts with {said}, not by masking interrupts "
                      "(csrrci ..., mstatus, 8)")
    return faults


def line(name, elf):
    """One PASS or FAIL line for elf's hooks, headed by name."""
    faults = check(elf)
    if faults:
        return (f"FAIL {name}: the profile hooks' restart windows: {faults[0]}"
                + (f" (and {len(faults) - 1} more)" if len(faults) > 1 else ""))
    return f"PASS {name}: the profile hooks keep ra, sp and this_fn up to their commits, within their restart windows"


def main():
    lines = [line(elf, elf) for elf in sys.argv[1:]]
    print("\n".join(lines))
    return 0 if lines and all(l.startswith("PASS ") for l in lines) else 1


if __name__ == "__main__":
    sys.exit(main())
