# SPDX-License-Identifier: Apache-2.0
"""Each firmware test on each CPU (conftest.py): the firmware's own checks,
tests/frames.py's on its framed dumps, and the run's exit under the
reference model, one "PASS <cpu> <test>: x"/"FAIL <cpu> <test>: x" line each."""
import subprocess
import sys

from conftest import CHECKS, HERE


def retire_check(name, run):
    """The run's retire stream read back by the host tool: its calls and
    returns balance, with no warning."""
    stem = run.console_file.with_suffix("")
    tool = HERE.parent / "build" / "tools" / "perfscope"
    got = subprocess.run([str(tool), "functions", "--format", "csv", "-e", f"{stem}.elf", f"{stem}.retire"],
                         capture_output=True, text=True)
    calls = sum(int(line.split(",")[3]) for line in got.stdout.splitlines()[1:])
    if got.returncode == 0 and not got.stderr and calls:
        return f"PASS {name}: its retire stream reads back without a warning, {calls} calls"
    why = got.stderr.strip().splitlines()[:1] or [f"exit status {got.returncode}, {calls} calls"]
    return f"FAIL {name}: its retire stream: {why[0]}"


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
    if run.exit_code == 0:
        lines.append(f"PASS {name}: {run.summary}")
    else:
        lines += [f"  {l}" for l in [l for l in run.lines if not l.startswith("PASS ")][-15:]]
        lines.append(f"FAIL {name}: simulator exit status {run.exit_code}: {run.summary}")
    request.node.add_report_section("call", CHECKS, "\n".join(lines))
    failed = [l for l in lines if l.startswith("FAIL ")]
    assert not failed, f"{len(failed)} checks failed, the first: {failed[0]}"
