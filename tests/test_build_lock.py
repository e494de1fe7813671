# SPDX-License-Identifier: Apache-2.0
"""The plugin's build lock (sim/perfscope_pytest/build.py), with two real
processes as two xdist workers are: their builds of one thing never overlap,
and in one run (one PYTEST_XDIST_TESTRUNUID) the second finds it made."""
import multiprocessing
import pathlib
import time

from conftest import CHECKS
from perfscope_pytest import build


def worker(top, run_id, log):
    builder = build.Builder(top, top / "fw", "suite")
    builder.run_id = run_id

    def slow_build():
        with open(log, "a") as f:
            f.write(f"start {multiprocessing.current_process().name}\n")
        time.sleep(0.3)
        with open(log, "a") as f:
            f.write(f"end {multiprocessing.current_process().name}\n")
    builder.once("sim-model", slow_build)


def two_workers(top, run_ids):
    log = top / f"log-{'-'.join(run_ids)}"
    procs = [multiprocessing.get_context("fork").Process(target=worker, args=(top, r, log), name=f"gw{i}")
             for i, r in enumerate(run_ids)]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
    return [l.split()[0] for l in pathlib.Path(log).read_text().splitlines()], [p.exitcode for p in procs]


def test_build_lock(tmp_path, request):
    lines = []

    def same(what, got, want):
        lines.append(f"PASS build lock: {what}" if got == want else f"FAIL build lock: {what}: expected {want!r} got {got!r}")
    # Two runs (no shared id): each builds, one after the other.
    same("two processes of two runs build one after the other, never at once",
         two_workers(tmp_path, ["run-a", "run-b"]), (["start", "end", "start", "end"], [0, 0]))
    # One run: the worker that takes the lock second finds the build made.
    same("two workers of one run: one builds, the other finds it made",
         two_workers(tmp_path, ["run-c", "run-c"]), (["start", "end"], [0, 0]))
    request.node.add_report_section("call", CHECKS, "\n".join(lines))
    failed = [l for l in lines if l.startswith("FAIL ")]
    assert not failed, failed[0]
