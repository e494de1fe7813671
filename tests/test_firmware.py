# SPDX-License-Identifier: Apache-2.0
"""Each firmware test on each CPU (conftest.py): the firmware's own checks,
tests/frames.py's on its framed dumps, and the run's exit under the
reference model, one "PASS <cpu> <test>: x"/"FAIL <cpu> <test>: x" line each."""
import subprocess
import sys

import hook_windows
from conftest import CHECKS, HERE
from perfscope_pytest import plugin

sys.path.insert(0, str(HERE.parent / "regs"))
import frame_reader  # noqa: E402 (found through the path above)


def retire_check(name, run):
    """The run's retire stream read back by the host tool: its calls and
    returns balance, with no warning."""
    stem = run.console_file.with_suffix("")
    tool = HERE.parent / "build" / "tools" / "perfscope"
    got = subprocess.run([str(tool), "functions", "--format", "csv", "-e", f"{stem}.elf", f"{stem}.retire"],
                         capture_output=True, text=True)
    calls = sum(int(line.split(",")[3]) for line in got.stdout.splitlines()
                if not line.startswith(("#", "table,")))
    if got.returncode == 0 and not got.stderr and calls:
        return f"PASS {name}: its retire stream reads back without a warning, {calls} calls"
    why = got.stderr.strip().splitlines()[:1] or [f"exit status {got.returncode}, {calls} calls"]
    return f"FAIL {name}: its retire stream: {why[0]}"


def calls(path):
    """(type, word0, depth, time) of the calls, returns, jumps and traps of
    a trace file: its records but the SYNCs (a LOSS, with no depth, and
    perhaps no time, matches no event)."""
    return [(r["type"], r["word0"], r.get("depth"), r.get("time"))
            for r in frame_reader.trace_records(path.read_bytes()) if r["type"] != "SYNC"]


def same_run(want, got):
    """Whether got is want, but for a constant offset in depth and in time."""
    return (all(w[:2] == g[:2] for w, g in zip(want, got)) and len({w[2] - g[2] for w, g in zip(want, got)}) == 1
            and len({w[3] - g[3] for w, g in zip(want, got)}) == 1)


def armed_checks(name, run, request):
    """retire_armed is retire.c with the harness arming perfscope's retire
    tap (+retire_calls, +hist=): its run must take exactly the cycles of
    the plain run (the tap costs nothing), and the IP's records must be the
    harness's own decoder's, event for event, at the same distances in
    time (the IP stamps G, started by the arming; the harness cycles)."""
    builder = request.config.stash[plugin.BUILDER]
    plain_program = next(p for p in plugin.programs(request.config) if p.name == "retire")
    plain = builder.run(plain_program, run.cpu, builder.model(run.cpu), builder.firmware(plain_program, run.cpu))
    lines = []
    armed_cycles, plain_cycles = run.exit_cycles, plain.exit_cycles
    ok = armed_cycles is not None and armed_cycles == plain_cycles
    lines.append(f"{'PASS' if ok else 'FAIL'} {name}: the retire tap armed costs no cycle: exit after "
                 f"{armed_cycles} cycles, as without it ({plain_cycles})")
    stem = run.console_file.with_suffix("")
    oracle, ip = calls(stem.with_suffix(".retire")), calls(stem.with_suffix(".trace"))
    # The IP records from the arming to the disarming at the exit; the
    # harness's decoder from cycle 0 to the end of the simulation.
    at = next((j for j in range(len(oracle) - len(ip) + 1) if ip and same_run(oracle[j:j + len(ip)], ip)), None)
    lines.append(f"{'PASS' if at is not None else 'FAIL'} {name}: the IP's {len(ip)} retire records are the "
                 f"harness's own from its record {at} of {len(oracle)}, event for event, at the same distances in time")
    hist = run.frames_of("hist")
    words = hist[0].payload["word"] if len(hist) == 1 else []
    lines.append(f"{'PASS' if words else 'FAIL'} {name}: the harness printed the histogram, "
                 f"{sum(w['count'] for w in words)} cycles in {len(words)} words")
    return lines


def test_firmware(perfscope_run, request):
    run = perfscope_run
    name = f"{run.cpu} {run.program}"
    lines = [f"{'PASS' if ok else 'FAIL'} {name}: {what}" for ok, what in run.firmware_checks]
    frames = subprocess.run([sys.executable, "-B", str(HERE / "frames.py"), name, str(run.console_file)],
                            capture_output=True, text=True)
    frame_lines = frames.stdout.splitlines()
    lines += frame_lines
    # A frames.py that stops without a FAIL line of its own (a crash) fails too.
    if frames.returncode != 0 and not any(l.startswith("FAIL ") for l in frame_lines):
        lines += [f"  {l}" for l in frames.stderr.splitlines()[-5:]]
        lines.append(f"FAIL {name}: tests/frames.py stopped before checking every frame")
    lines.append(retire_check(name, run))
    if run.program in ("profile", "irq_profile"):
        # The profile hooks' code as this CPU's build laid it out: what a
        # restart after an interrupt needs is kept (tests/hook_windows.py).
        lines.append(hook_windows.line(name, str(run.console_file.with_suffix(".elf"))))
    if run.program == "retire_armed":
        lines += armed_checks(name, run, request)
    if run.exit_code == 0:
        lines.append(f"PASS {name}: {run.summary}")
    else:
        lines += [f"  {l}" for l in [l for l in run.lines if not l.startswith("PASS ")][-15:]]
        lines.append(f"FAIL {name}: simulator exit status {run.exit_code}: {run.summary}")
    request.node.add_report_section("call", CHECKS, "\n".join(lines))
    failed = [l for l in lines if l.startswith("FAIL ")]
    assert not failed, f"{len(failed)} checks failed, the first: {failed[0]}"
