#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The edited CPU is the package's CPU: soc/vexriscv_retire.py adds the
retire stream's ports and nothing else, so every program must run the same
on both, cycle for cycle.

For each CPU variant named, two simulators of the same SoC, perfscope's
retire tap included, are built (make -C sim): the firmware suite's, with
the edited CPU (build/cpu/<cpu>.v), and one with the package's CPU unedited
in the wrapper that drives the same ports from outside it
(build/cpu/<cpu>_package.v, vexriscv_retire.py --package). Every firmware
test of tests/Makefile then runs on both with the settings the firmware
suite gives it (tests/conftest.py), and must end with the same exit line
(exit code and cycle count) and print the same console output, byte for
byte.

The runs skip the reference model (+model=off): it only watches, and the
firmware suite runs every test under it on the edited CPU anyway.

usage: cpu_identity.py [--edited DIR] <cpu>...   (one PASS or FAIL line per
       CPU and test). --edited takes the edited CPUs from DIR/<cpu>.v instead
       of build/cpu, and builds their simulators there: a copy changed by hand
       shows what the test catches.
"""
import argparse
import concurrent.futures
import importlib.util
import pathlib
import re
import subprocess
import sys

TOP = pathlib.Path(__file__).resolve().parents[1]
BUILD = TOP / "build"
EXIT = re.compile(r"^sim: exit (\d+) after (\d+) cycles", re.M)


def suite():
    """tests/conftest.py's tests and their run settings, and the plugin's
    default cycle limit."""
    spec = importlib.util.spec_from_file_location("fw_conftest", TOP / "tests" / "conftest.py")
    conftest = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conftest)  # puts sim/ on the path for the plugin
    from perfscope_pytest.program import DEFAULT_TIMEOUT
    return conftest.TESTS, conftest.RUN_SETTINGS, DEFAULT_TIMEOUT


def make(*args):
    done = subprocess.run(["make", "-s", "--no-print-directory", *args], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    if done.returncode != 0:
        sys.exit("\n".join(done.stdout.splitlines()[-20:]) + f"\nFAIL CPU identity: make {' '.join(args)} failed")


def simulators(cpu, edited):
    """{"edited": (sim_dir, cpu_v), "package": (sim_dir, cpu_v)}: where each
    simulator is built, from which CPU file (edited None: build/cpu)."""
    sims = {}
    for side, cpu_v in (("edited", (edited or BUILD / "cpu") / f"{cpu}.v"),
                        ("package", BUILD / "cpu" / f"{cpu}_package.v")):
        if edited:
            sim_dir = edited / f"sim-{cpu}-{side}"
        else:
            sim_dir = BUILD / "sim" / (f"{cpu}-identity-package" if side == "package" else cpu)
        sims[side] = (sim_dir, cpu_v)
    return sims


def build(cpu, sim_dir, cpu_v):
    """The simulator, built if missing or out of date."""
    make("-C", str(TOP / "sim"), f"CPU={cpu}", f"CPU_V={cpu_v}", f"SIM_DIR={sim_dir}")
    return sim_dir / "Vsoc_top"


def run(sim, hex_file, settings, default_timeout):
    """(exit line, console output) of one run."""
    cmd = [str(sim), f"+firmware={hex_file}", f"+timeout={settings.get('timeout', default_timeout)}",
           "+model=off", *settings.get("plusargs", ())]
    done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    m = EXIT.search(done.stderr.decode(errors="replace"))
    return (m.group(0) if m else f"no exit line (status {done.returncode})"), done.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--edited", type=pathlib.Path)
    ap.add_argument("cpus", nargs="+", metavar="cpu")
    args = ap.parse_args()
    edited = args.edited.resolve() if args.edited else None
    tests, settings, default_timeout = suite()
    failed = 0
    # The CPU files first, one make for all (the edited one may be another
    # directory's), then the simulators two at a time: each build is one
    # compiler run over the model's C++ for most of its time.
    plan = {cpu: simulators(cpu, edited) for cpu in args.cpus}
    make("-C", str(TOP / "soc"), *(str(v) for sims in plan.values() for _, v in sims.values()
                                   if not edited or v.parent != edited))
    for cpu in args.cpus:
        make("-C", str(TOP / "tests"), f"CPU={cpu}", *(str(BUILD / "fw" / cpu / "tests" / f"{t}.hex") for t in tests))
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        built = {(cpu, side): pool.submit(build, cpu, *where) for cpu, sims in plan.items() for side, where in sims.items()}
        built = {k: f.result() for k, f in built.items()}
    for cpu in args.cpus:
        fw = BUILD / "fw" / cpu / "tests"
        sims = {side: built[cpu, side] for side in ("edited", "package")}
        with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
            runs = {(t, side): pool.submit(run, sim, fw / f"{t}.hex", settings.get(t, {}), default_timeout)
                    for t in tests for side, sim in sims.items()}
            for t in tests:
                (e_exit, e_out), (p_exit, p_out) = runs[t, "edited"].result(), runs[t, "package"].result()
                ok = e_exit == p_exit and e_out == p_out and e_exit.startswith("sim: exit")
                failed += not ok
                if ok:
                    print(f"PASS CPU identity: {cpu}, {t}: edited and package CPU give '{e_exit}' and the same "
                          f"{len(e_out)} bytes of console output")
                else:
                    why = [f"edited CPU '{e_exit}', package CPU '{p_exit}'"]
                    if e_out != p_out:
                        at = next((i for i, (a, b) in enumerate(zip(e_out, p_out)) if a != b),
                                  min(len(e_out), len(p_out)))
                        why.append(f"console output differs from byte {at}")
                    print(f"FAIL CPU identity: {cpu}, {t}: {'; '.join(why)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
