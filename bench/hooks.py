#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The entry/exit hooks' part of `make bench`.

usage: hooks.py <top> <cpu>...

Runs the hook benchmark (hooks_<mode>.hex, bench/hooks.c) and the
interrupt tests (tests/irq.c, tests/irq_profile.c) on every CPU, and the
hook tests' dumps on VexRiscv_Full, then writes

  build/bench/hooks.md      the tables, for build/bench/bench.md
  build/bench/summary.tsv   one line per figure: metric <TAB> cpu <TAB> value
  docs/hooks.md             the figures between its bench-hooks-* and
                            hooks-example-* markers (scripts/docfigs.py splice)

The metrics of summary.tsv, per CPU:
  <mode>_cycles_per_call        cycles a call of an empty function gains, entry
                                and exit together; <mode> is empty (hooks that do
                                nothing), bare_ring, entry_ring, entry_log,
                                calltrace (log mode), calltrace_stack, funccost,
                                profile, pg (-pg hot addresses), calltrace_hw (the
                                trace unit's one-store hooks, docs/trace.md),
                                calltrace_hw_cyg (the trace unit through
                                -finstrument-functions)
  profile_over_funccost         profile_cycles_per_call / funccost_cycles_per_call
  calls_per_kcycle_<workload>   instrumented calls per 1000 cycles of the workload
                                built without instrumentation (-finstrument-functions)
  pg_calls_per_kcycle_<workload>  the same for -pg (_mcount calls)
  plain_cycles_<workload>       the workload's cycles without instrumentation
  slowdown_<mode>_<workload>    cycles instrumented / cycles plain, for <mode> in
                                calltrace, calltrace_stack, funccost, profile, pg,
                                calltrace_hw, calltrace_hw_cyg
  hook_calltrace_hw_cycles_per_call, hook_funccost_hw_cycles_per_call
                                calltrace_hw_cycles_per_call, under the names the
                                comparison with the software hooks uses
  slowdown_callheavy_calltrace_hw, slowdown_callheavy_calltrace_sw
                                slowdown_calltrace_hw_heavy, slowdown_calltrace_heavy
  cycles_per_call_<mode>_<workload>  the cycles the mode adds per call of the workload
  irq_leak_funccost, irq_leak_profile  the cycles of an interrupt the context
                                switches cannot see (tests/irq.c, irq_profile.c)
<workload> is light (32 packets: CRC-32, insertion sort, tokenizer) or heavy
(list, state machine, matrix and CRC-16 kernels of small functions).
"""
import pathlib
import re
import subprocess
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "scripts"))
from docfigs import splice  # noqa: E402 (found through the path above)

TOP = pathlib.Path(sys.argv[1]).resolve()
CPUS = sys.argv[2:]
OUT = TOP / "build" / "bench"
DOC = TOP / "docs" / "hooks.md"
FULL = "VexRiscv_Full"
WORKLOADS = ("light", "heavy")
# bench mode -> metric name
MODES = {"empty": "empty", "bare": "bare_ring", "entry": "entry_ring", "entry_log": "entry_log",
         "log": "calltrace", "stack": "calltrace_stack", "cost": "funccost", "profile": "profile",
         "hot": "pg", "hwtrace": "calltrace_hw", "hwtrace_cyg": "calltrace_hw_cyg"}
SLOWED = ("log", "stack", "cost", "profile", "hot", "hwtrace", "hwtrace_cyg")


def sim(cpu, hexfile):
    out = subprocess.run([str(TOP / "build" / "sim" / cpu / "Vsoc_top"), f"+firmware={hexfile}"],
                         capture_output=True, text=True)
    text = out.stdout + out.stderr
    if out.returncode != 0:
        sys.exit(f"bench: {hexfile} failed on {cpu}:\n{text[-2000:]}")
    return text


def bench_line(cpu, mode):
    text = sim(cpu, TOP / "build" / "fw" / cpu / "bench" / f"hooks_{mode}.hex")
    line = next(l for l in text.splitlines() if l.startswith("BENCH "))
    return {k: float(v) for k, v in (kv.split("=") for kv in line.split()[1:])}


def leak(cpu, test):
    text = sim(cpu, TOP / "build" / "fw" / cpu / "tests" / f"{test}.hex")
    return int(re.search(r"no leak set: leak (\d+)", text).group(1))


def measure(cpu):
    r = {m: bench_line(cpu, m) for m in ("plain", "count", *MODES)}
    plain = r["plain"]
    m = {"irq_leak_funccost": leak(cpu, "irq"), "irq_leak_profile": leak(cpu, "irq_profile")}
    for mode, name in MODES.items():
        m[f"{name}_cycles_per_call"] = r[mode]["call"] - plain["call"]
    m["profile_over_funccost"] = m["profile_cycles_per_call"] / m["funccost_cycles_per_call"]
    # The trace unit records calls; the host tool makes both the call trace
    # and the function cost from the same records, at the same cost.
    m["hook_calltrace_hw_cycles_per_call"] = m["calltrace_hw_cycles_per_call"]
    m["hook_funccost_hw_cycles_per_call"] = m["calltrace_hw_cycles_per_call"]
    for w in WORKLOADS:
        calls, mcount = r["count"][f"calls_{w}"], r["hot"][f"mcount_{w}"]
        m[f"plain_cycles_{w}"] = plain[w]
        m[f"calls_per_kcycle_{w}"] = calls * 1000 / plain[w]
        m[f"pg_calls_per_kcycle_{w}"] = mcount * 1000 / plain[w]
        for mode in SLOWED:
            name = MODES[mode]
            m[f"slowdown_{name}_{w}"] = r[mode][w] / plain[w]
            m[f"cycles_per_call_{name}_{w}"] = (r[mode][w] - plain[w]) / (mcount if mode == "hot" else calls)
    m["slowdown_callheavy_calltrace_hw"] = m["slowdown_calltrace_hw_heavy"]
    m["slowdown_callheavy_calltrace_sw"] = m["slowdown_calltrace_heavy"]
    return m


def fmt(v, digits=1):
    return f"{v:.{digits}f}"


def x(v):
    return f"{v:.2f}x"


def pct(v):
    return f"{(v - 1) * 100:.1f} %"


def md_table(head, rows):
    """A Markdown table: the header cells, then one list of cells per row."""
    return "\n".join(["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
                     + ["| " + " | ".join(r) + " |" for r in rows])


def cost_table(res):
    cols = [("empty", "empty hooks (the floor)"), ("bare_ring", "bare ring: function and stamp"),
            ("entry_ring", "bare ring in the entry nop, no exit"),
            ("entry_log", "log record in the entry nop, exit by return trampoline"),
            ("calltrace", "call trace, log"), ("calltrace_stack", "call trace, stack"),
            ("funccost", "function cost"), ("profile", "profiles"), ("pg", "-pg hot addresses"),
            ("calltrace_hw_cyg", "trace unit, compiler hooks"),
            ("calltrace_hw", "trace unit, one-store hooks: call trace and function cost")]
    return md_table(["CPU"] + [c[1] for c in cols] + ["profiles ÷ function cost"],
                    [[cpu] + [fmt(res[cpu][f"{c[0]}_cycles_per_call"]) for c in cols]
                     + [f"{res[cpu]['profile_over_funccost']:.2f}"] for cpu in CPUS])


NAMES = {"calltrace": "call trace, log", "calltrace_stack": "call trace, stack", "funccost": "function cost",
         "profile": "profiles", "pg": "-pg hot addresses", "calltrace_hw_cyg": "trace unit, compiler hooks",
         "calltrace_hw": "trace unit, one-store hooks"}
KEYS = ("calltrace", "calltrace_stack", "funccost", "profile", "pg", "calltrace_hw_cyg", "calltrace_hw")


def workload_table(res):
    return md_table(["CPU", "workload", "calls per 1000 cycles (-pg)"] + [NAMES[k] for k in KEYS],
                    [[cpu, w, f"{fmt(res[cpu][f'calls_per_kcycle_{w}'], 2)} ({fmt(res[cpu][f'pg_calls_per_kcycle_{w}'], 2)})"]
                     + [x(res[cpu][f"slowdown_{k}_{w}"]) for k in KEYS] for cpu in CPUS for w in WORKLOADS])


def per_call_table(res):
    return md_table(["CPU", "workload"] + [NAMES[k] for k in KEYS],
                    [[cpu, w] + [fmt(res[cpu][f"cycles_per_call_{k}_{w}"]) for k in KEYS]
                     for cpu in CPUS for w in WORKLOADS])


def listing(items):
    items = list(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def per_cpu(values):
    """ "A, B and C", one per CPU in the order of ORDER."""
    return listing(list(values))


ORDER = f"on {CPUS[0]}" if len(CPUS) == 1 else f"on {', '.join(CPUS[:-1])} and {CPUS[-1]}, in that order"


def cost_prose(res):
    cyc = lambda key: per_cpu(fmt(res[c][key]) for c in CPUS)
    return f"""Figures {ORDER}. Empty hooks alone cost {cyc("empty_cycles_per_call")} cycles a call:
the two calls and the registers `-finstrument-functions` makes the function
save and restore around them. A call costs {cyc('funccost_cycles_per_call')}
cycles with function cost, {cyc('calltrace_cycles_per_call')} with the call
trace in log mode, and {cyc('profile_cycles_per_call')} with profiles:
{per_cpu(f"{res[c]['profile_over_funccost']:.2f}" for c in CPUS)} times function cost.
NITRO's hooks take 60–70 plus 20–40 instructions (call trace) and 25–35 plus
20–30 (function cost).
"""


def workload_prose(res):
    light = {c: res[c]["slowdown_funccost_light"] for c in CPUS}
    under = [c for c in CPUS if light[c] < 1.05]
    over = [c for c in CPUS if light[c] >= 1.05]
    if not over:
        verdict = "within IAS's 5 % on every CPU"
    elif not under:
        verdict = "over IAS's 5 % on every CPU"
    else:
        verdict = f"within IAS's 5 % on {listing(under)}, over it on {listing(over)}"
    dens = lambda w: per_cpu(f"{res[c][f'calls_per_kcycle_{w}']:.2f}" for c in CPUS)
    slow = lambda k, w: per_cpu(x(res[c][f"slowdown_{k}_{w}"]) for c in CPUS)
    return f"""Figures {ORDER}. IAS promises under 5 % on a typical program. For
function cost that can hold only for call-light code. The call-light workload makes
{dens('light')} instrumented calls per 1000 cycles; function cost adds
{per_cpu(pct(light[c]) for c in CPUS)} to it, {verdict}, and profiles
{per_cpu(pct(res[c]['slowdown_profile_light']) for c in CPUS)}. The
call-heavy workload makes {dens('heavy')} calls per 1000 cycles; function
cost makes it {slow('funccost', 'heavy')} as slow, the call trace in log mode
{slow('calltrace', 'heavy')}, profiles {slow('profile', 'heavy')} and -pg
{slow('pg', 'heavy')}.
"""


def irq_table(res):
    return md_table(["CPU", "function cost (`irq`)", "profiles (`irq_profile`)"],
                    [[cpu, str(res[cpu]["irq_leak_funccost"]), str(res[cpu]["irq_leak_profile"])] for cpu in CPUS])


# ---- the hook tests' dumps, on VexRiscv_Full -------------------------------

def symbols(elf):
    nm = subprocess.run(["riscv64-unknown-elf-nm", str(elf)], capture_output=True, text=True, check=True)
    return {f[2]: int(f[0], 16) for f in (l.split() for l in nm.stdout.splitlines()) if len(f) == 3}


def dumps(test):
    """The test's console on VexRiscv_Full, and its symbols."""
    base = TOP / "build" / "fw" / FULL / "tests" / test
    return sim(FULL, base.with_suffix(".hex")).splitlines(), symbols(base.with_suffix(".elf"))


def block(lines, start, stop):
    """Lines from the first starting with `start` up to the first after it matching `stop`."""
    i = next(n for n, l in enumerate(lines) if l.startswith(start))
    j = next((n for n in range(i + 1, len(lines)) if re.match(stop, lines[n])), len(lines))
    return lines[i:j]


def fence(lines, legend):
    return "```\n" + "\n".join(lines) + "\n```\n\n" + legend + "\n"


def addresses(sym, names):
    return ", ".join(f"`{n}` at 0x{sym[n]:x}" for n in names)


def examples():
    ex = {}
    lines, sym = dumps("calltrace")
    dumps_ = [i for i, l in enumerate(lines) if l.startswith("perf_calltrace_dump: ra=")]
    names = addresses(sym, ("test1", "test2", "test3"))
    for key, i in zip(("calltrace-stack", "calltrace-log", "calltrace-args"), dumps_):
        n = int(re.search(r" (\d+)/\d+$", lines[i]).group(1))
        ex[key] = fence(lines[i:i + 1 + n], f"(from `tests/calltrace.c` on {FULL}: {names})")
    lines, sym = dumps("funccost")
    ex["funccost"] = fence(block(lines, "max call depth seen:", r"^(?!C-call|Name)"),
                           f"(from `tests/funccost.c` on {FULL}: {addresses(sym, ('top', 'mid', 'leaf', 'rec'))})")
    lines, sym = dumps("profile")
    ex["profile"] = fence(block(lines, "profile 0:", r"^(?!C-call|Name|Program|max call|Total)"),
                          f"(from `tests/profile.c` on {FULL}: {addresses(sym, ('top', 'mid', 'leaf', 'rec'))})")
    lines, sym = dumps("hot")
    ex["hot"] = fence(block(lines, "perf_hot_dump:", r"^(?!No\.|  \d)"),
                      f"(from `tests/hot.c` on {FULL}: {addresses(sym, ('often', 'sometimes', 'rarely'))}; "
                      "the table holds the address of each one's `_mcount` call, rounded down to 16 bytes)")
    return ex


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    res = {cpu: measure(cpu) for cpu in CPUS}
    with open(OUT / "summary.tsv", "w") as f:
        for cpu in CPUS:
            for k, v in res[cpu].items():
                f.write(f"{k}\t{cpu}\t{v:.4f}\n" if isinstance(v, float) else f"{k}\t{cpu}\t{v}\n")
    cost, work, per_call, irq = cost_table(res), workload_table(res), per_call_table(res), irq_table(res)
    (OUT / "hooks.md").write_text(
        "### Entry/exit hooks: cycles added per instrumented call (an empty function), entry and exit together\n\n"
        f"{cost}\n\nReference: NITRO 60-70 + 20-40 instructions (call trace), 25-35 + 20-30 (function cost); "
        "goal: profiles within 1.5 x function cost.\n\n"
        "### Workloads: instrumented calls per 1000 cycles, and slowdown (cycles instrumented / cycles plain)\n\n"
        f"{work}\n\nReference: IAS, under 5 % on a typical program.\n\n"
        "### Cycles each mode adds per call inside the workloads\n\n"
        f"{per_call}\n\n"
        "### Interrupt cycles the context switches cannot see (perf_context_set_leak)\n\n"
        f"{irq}\n")
    note = f"Measured by `make bench` on the reference SoC ({listing(CPUS)}).\n\n"
    splice(DOC, "bench-hooks-cost", note + cost + "\n\n" + cost_prose(res))
    splice(DOC, "bench-hooks-workloads", note + work + "\n\n" + workload_prose(res) + "\n" + per_call + "\n")
    splice(DOC, "bench-hooks-irq", irq + "\n")
    if FULL in CPUS:
        for key, text in examples().items():
            splice(DOC, f"hooks-example-{key}", text)


if __name__ == "__main__":
    main()
