# SPDX-License-Identifier: Apache-2.0
"""The firmware tests (tests/Makefile's TESTS) through perfscope's pytest
plugin, as a user's regression runs: built by tests/Makefile, run on every
CPU under the reference model (test_firmware.py). Each check's "PASS x" or
"FAIL x" line is printed on a line of its own by the process that reports
(xdist's controller), for scripts/run_tests.sh to count."""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "sim"))
from perfscope_pytest import Program  # noqa: E402 (found through the path above)

pytest_plugins = ["perfscope_pytest.plugin"]

# The one list of the tests is tests/Makefile's, which also builds them.
TESTS = re.search(r"^TESTS\s*:=(.*)$", (HERE / "Makefile").read_text(), re.M).group(1).split()

# How a test runs where it differs from the rest.
RUN_SETTINGS = {
    # The trace test reads its records back by POP, so the stream takes none
    # while it runs (it ends before cycle 1,000,000; the harness drains the
    # rest after).
    "trace": {"plusargs": ("+trace_stall=1000000",)},
    # hwtrace_pop drains the FIFO itself, by POP, into trace frames: the
    # stream takes none while it runs, as on a SoC with no consumer.
    "hwtrace_pop": {"plusargs": ("+trace_stall=never",)},
    # hwtrace_long runs 10 M cycles on purpose.
    "hwtrace_long": {"timeout": 12_000_000},
    # retire.c again, with the IP's retire tap armed by the harness: its
    # calls into the trace stream, its cycles into 64-byte buckets from 0
    # (the program's 64 KiB RAM in the histogram's 1023 buckets).
    "retire_armed": {"plusargs": ("+retire_calls", "+hist=0x0,4")},
    # retire_tap prints the 4096-word histogram, 22 KB of console output:
    # 10.5 M cycles on VexRiscv_Min.
    "retire_tap": {"timeout": 15_000_000},
}

# The report section test_firmware.py puts its check lines in.
CHECKS = "checks"


# Every run also records its retire stream (docs/retire.md), whatever the
# program: test_firmware.py checks that the host tool reads its calls back
# without a warning, and tools/test/check_outputs.py reads retire.c's.
RETIRE = "+retire_file={stem}.retire"


def pytest_perfscope_programs(config):
    programs = []
    for t in TESTS:
        settings = dict(RUN_SETTINGS.get(t, {}))
        settings["plusargs"] = (*settings.get("plusargs", ()), RETIRE)
        programs.append(Program(t, makefile=HERE, **settings))
    return programs


class CheckLines:
    """Prints the check lines of each test's report, or one FAIL line for a
    test that stopped before its checks (a build that failed)."""

    def __init__(self, config):
        self.config = config

    def pytest_runtest_logreport(self, report):
        if not (report.when == "call" or (report.when == "setup" and report.failed)):
            return
        lines = [c for name, c in report.sections if name == f"Captured {CHECKS} call"]
        if not lines and report.failed:
            why = str(report.longrepr).splitlines() or ["no checks reported"]
            lines = [f"FAIL {report.nodeid}: {why[0]}"]
        terminal = self.config.pluginmanager.get_plugin("terminalreporter")
        for text in lines:
            for line in text.splitlines():
                terminal.write_line(line)


def pytest_configure(config):
    # xdist's workers send their reports to the controller, which prints.
    if not hasattr(config, "workerinput"):
        config.pluginmanager.register(CheckLines(config), "perfscope-check-lines")


def pytest_report_teststatus(report):
    """No progress letter for a test's call: its check lines are the progress,
    each on a line of its own for scripts/run_tests.sh."""
    if report.when == "call":
        return report.outcome, "", report.outcome.upper()
