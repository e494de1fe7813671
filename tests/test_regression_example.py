# SPDX-License-Identifier: Apache-2.0
"""examples/regression run as its README line says (pytest -n 2 there), its
JUnit XML read back with junitparser; then the same suite against a
perfscope whose occurrence counter counts two per start, built with the
plugin's --perfscope-sim-var PERF_RTL=...: every run must fail with the
reference model's first mismatch, word for word as the harness printed it,
as its JUnit failure message. test_plugin_edges runs a suite of its own
through the plugin: flags with quotes, spaces, $ and # as the compiler must
see them, relative -I paths, a console without its last newline, a Nios II
HAL program without a sections frame (and with the harness's, +sections),
a build that fails, a name make cannot take, misspelt CPU and program
names, a sim variable the plugin sets itself, a lock for a long path. One
"PASS x"/"FAIL x" line per check."""
import os
import pathlib
import re
import subprocess
import sys

import junitparser

from conftest import CHECKS, HERE
from perfscope_pytest import build, harness

TOP = HERE.parent
EXAMPLE = TOP / "examples" / "regression"
WORK = TOP / "build" / "regression-example"
CPUS = ("VexRiscv_Min", "VexRiscv_Lite", "VexRiscv_Full")
# The mutation: two occurrences per start instead of one, so the first OCC
# read differs.
OCC_SUM = "word_occ + {31'd0, r_occ_inc}"
OCC_WRONG = "word_occ + {30'd0, r_occ_inc, 1'b0}"


class Checks:
    def __init__(self):
        self.lines = []

    def same(self, what, got, want):
        ok = got == want
        self.lines.append(f"PASS regression example: {what}" if ok
                          else f"FAIL regression example: {what}: expected {want!r} got {got!r}")
        return ok


def pytest_in_example(*args, cwd=EXAMPLE):
    """pytest as a user starts it in the example's directory: the checkout's
    venv, and none of this run's own pytest variables (xdist's run id)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    return subprocess.run([sys.executable, "-B", "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=cwd,
                          env=env, capture_output=True, text=True, timeout=900)


def cases(xml_file):
    """{test name: (outcome, message, properties, system-out)} of a JUnit file."""
    out = {}
    for suite in junitparser.JUnitXml.fromfile(str(xml_file)):
        for case in suite:
            kind = type(case.result[0]).__name__.lower() if case.result else "passed"
            message = case.result[0].message if case.result else None
            props = case.child(junitparser.Properties)
            out[case.name] = (kind, message, {p.name: p.value for p in props} if props is not None else {},
                              case.system_out or "")
    return out


def suite_counts(xml_file):
    suite = next(iter(junitparser.JUnitXml.fromfile(str(xml_file))))
    return {"tests": suite.tests, "failures": suite.failures, "errors": suite.errors, "skipped": suite.skipped}


def run_checks(request, *steps):
    """Each step's checks, into the test's report; the test fails with the first that failed."""
    check = Checks()
    try:
        for step in steps:
            step(check)
    finally:
        request.node.add_report_section("call", CHECKS, "\n".join(check.lines))
    failed = [l for l in check.lines if l.startswith("FAIL ")]
    assert not failed, f"{len(failed)} checks failed, the first: {failed[0]}"


def test_regression_example(request):
    WORK.mkdir(parents=True, exist_ok=True)
    run_checks(request, run_example, run_wrong_ip)


def run_example(check):
    xml = WORK / "example.xml"
    done = pytest_in_example("-n", "2", f"--junitxml={xml}")
    if not check.same("pytest -n 2 in examples/regression exits 0", done.returncode, 0):
        check.lines += [f"  {l}" for l in done.stdout.splitlines()[-15:]]
        return
    check.same("pytest's summary line", done.stdout.splitlines()[-1].strip("= ").split(" in ")[0], "10 passed")
    check.same("JUnit suite counts", suite_counts(xml), {"tests": 10, "failures": 0, "errors": 0, "skipped": 0})
    got = cases(xml)
    want = sorted([f"test_runs[{p}-{c}]" for p in ("checksum", "sort") for c in CPUS]
                  + ["test_adler32_budget[checksum-VexRiscv_Full]"] + [f"test_hot_table[sort-{c}]" for c in CPUS])
    check.same("JUnit test cases: 2 programs x 3 CPUs, the budget on VexRiscv_Full, the hot table on each CPU",
               sorted(got), want)
    for name in (n for n in want if n in got):
        kind, _, props, out = got[name]
        program, cpu = re.fullmatch(r"\w+\[(\w+)-(\w+)\]", name).groups()
        console = TOP / "build" / "fw" / cpu / "regression" / f"{program}.out"
        check.same(f"{name}: passed, properties name the run and its files",
                   (kind, props.get("perfscope_program"), props.get("perfscope_cpu"), props.get("perfscope_exit_code"),
                    props.get("perfscope_console"), props.get("perfscope_trace")),
                   ("passed", program, cpu, "0", str(console), str(console.with_suffix(".trace"))))
        summary = next(l for l in console.read_text().splitlines() if l.startswith("sim: exit "))
        check.same(f"{name}: <system-out> holds the console, the harness's summary last",
                   (console.read_text().splitlines()[0] in out, out.rstrip("\n").splitlines()[-1]), (True, summary))


def run_wrong_ip(check):
    """The IP's sources (fusesoc.core's, as sim/Makefile takes them), copied
    with the occurrence adder of perfscope.v mutated."""
    sources = subprocess.run([sys.executable, "-B", str(TOP / "scripts" / "corefiles.py"), "files",
                              "perfscope:perfscope:perfscope", "--sources"], cwd=TOP, capture_output=True, text=True,
                             check=True).stdout.split()
    rtl = WORK / "wrong-ip" / "rtl"
    rtl.mkdir(parents=True, exist_ok=True)
    for name in sources:
        text = (TOP / name).read_text()
        if name == "rtl/perfscope.v":
            if not check.same("rtl/perfscope.v has the occurrence adder to mutate, once", text.count(OCC_SUM), 1):
                return
            text = text.replace(OCC_SUM, OCC_WRONG)
        copy = rtl / pathlib.Path(name).name
        # Written only when it changes: a new time stamp would rebuild the model.
        if not copy.exists() or copy.read_text() != text:
            copy.write_text(text)
    files = " ".join(str(rtl / pathlib.Path(name).name) for name in sources)
    xml = WORK / "wrong-ip.xml"
    fw_root = WORK / "wrong-ip" / "fw"
    done = pytest_in_example("-n", "2", f"--junitxml={xml}", "--perfscope-cpu=VexRiscv_Min",
                             f"--perfscope-sim-var=PERF_RTL={files}", "--perfscope-sim-var=RAM_BYTES=131072",
                             "-o", f"perfscope_fw_root={fw_root}")
    check.same("the suite against the wrong IP exits 1 (tests failed)", done.returncode, 1)
    # RAM_BYTES reaches the programs' links as well as the models.
    nm = subprocess.run(["riscv64-unknown-elf-nm", str(fw_root / "VexRiscv_Min" / "regression" / "checksum.elf")],
                        capture_output=True, text=True).stdout
    check.same("--perfscope-sim-var=RAM_BYTES=131072: checksum.elf is linked for 128 KiB (__ram_size)",
               re.findall(r"^([0-9a-f]+) \w __ram_size$", nm, re.M), ["00020000"])
    check.same("JUnit suite counts: 3 runs on VexRiscv_Min failed, the VexRiscv_Full budget skipped",
               suite_counts(xml), {"tests": 4, "failures": 3, "errors": 0, "skipped": 1})
    got = cases(xml)
    for program, name in (("checksum", "test_runs[checksum-VexRiscv_Min]"), ("sort", "test_runs[sort-VexRiscv_Min]"),
                          ("sort", "test_hot_table[sort-VexRiscv_Min]")):
        lines = (fw_root / "VexRiscv_Min" / "regression" / f"{program}.out").read_text().splitlines()
        first = lines[next(i for i, l in enumerate(lines) if l.startswith("sim: MISMATCH")) + 1][len("sim: "):]
        check.same(f"{name}: the harness's first mismatch is the wrong occurrence count",
                   re.sub(r"cycle \d+", "cycle N", first),
                   "perfscope mismatch at cycle N: read of OCC(1) (offset 0x18) expected 0x00000001 got 0x00000002")
        kind, message, _, _ = got.get(name, (None, None, None, None))
        check.same(f"{name}: a JUnit failure whose message is that mismatch", (kind, message),
                   ("failure", f"Failed: {program} on VexRiscv_Min: the reference model disagreed: {first}"))


# The edge cases' suite, written into WORK/edges: its files, by name.
EDGE_FILES = {
    "pytest.ini": f"[pytest]\npythonpath = {TOP / 'sim'}\nperfscope_cpus = VexRiscv_Full\n",
    "conftest.py": """from perfscope_pytest import Program

pytest_plugins = ["perfscope_pytest.plugin"]


def pytest_perfscope_programs(config):
    return [
        Program("msg_space", sources=["msg.c"], cflags=['-DMSG="hello world"', "-DN=1"]),
        Program("msg_shell", sources=["msg.c"], cflags=["-DMSG=\\"$x #y it's a,b\\"", "-DN=2"]),
        Program("inc_joined", sources=["src/main.c"], cflags=["-Iinclude"]),
        Program("inc_apart", sources=["src/main.c"], cflags=["-iquote", "./include"]),
        Program("nonl", sources=["nonl.c"]),
        Program("hal", sources=["hal.c"]),
        Program("hal_sections", sources=["hal.c"], plusargs=("+sections",)),
        Program("broken", sources=["broken.c"]),
    ]
""",
    "test_edges.py": """import re


def test_edge(perfscope_run):
    run = perfscope_run
    if run.program == "nonl":
        assert run.summary.startswith("exit 0 after ") and run.exit_cycles > 0
    if run.program.startswith("hal"):
        said = re.search(r"^s1 (\\d+) n1 (\\d+)$", run.console, re.M).groups()
        assert (run.sections.cycles(1), run.sections.occurrences(1)) == tuple(map(int, said))
""",
    "msg.c": '#include <stdio.h>\nint main(void) { printf("%s %d\\n", MSG, N); return 0; }\n',
    "include/cfg.h": "#define ROUNDS 3\n",
    "src/main.c": '#include <stdio.h>\n#include "cfg.h"\nint main(void) { printf("rounds %d\\n", ROUNDS); return 0; }\n',
    "nonl.c": '#include <stdio.h>\nint main(void) { printf("result: 42"); return 0; }\n',
    # The HAL's report only, no frame: the counts also on a line of their own.
    "hal.c": """#include <stdio.h>
#include "system.h"
#include "altera_avalon_performance_counter.h"

static volatile alt_u32 sink;

int main(void)
{
    PERF_RESET(PERFORMANCE_COUNTER_0_BASE);
    PERF_START_MEASURING(PERFORMANCE_COUNTER_0_BASE);
    PERF_BEGIN(PERFORMANCE_COUNTER_0_BASE, 1);
    for (int i = 0; i < 100; i++)
        sink += i;
    PERF_END(PERFORMANCE_COUNTER_0_BASE, 1);
    PERF_STOP_MEASURING(PERFORMANCE_COUNTER_0_BASE);
    printf("s1 %lu n1 %lu\\n", (unsigned long)perf_get_section_time((void *)PERFORMANCE_COUNTER_0_BASE, 1),
           (unsigned long)perf_get_num_starts((void *)PERFORMANCE_COUNTER_0_BASE, 1));
    return perf_print_formatted_report((void *)PERFORMANCE_COUNTER_0_BASE, alt_get_cpu_freq(), 1, "loop");
}
""",
    "broken.c": "int main(void) { return undeclared; }\n",
}
BAD_NAME_CONFTEST = """from perfscope_pytest import Program

pytest_plugins = ["perfscope_pytest.plugin"]


def pytest_perfscope_programs(config):
    return [Program("my prog", sources=["msg.c"])]
"""


def test_plugin_edges(request):
    run_checks(request, run_edges)


def run_edges(check):
    # A console whose last line has no newline, read by a harness that did
    # not start its own line: the summary and the cycles still found.
    glued = harness.Run("p", "VexRiscv_Full", 0, "result: 42sim: exit 0 after 1234 cycles; 64 perfscope reads checked\n",
                        pathlib.Path("p.out"), pathlib.Path("p.trace"))
    check.same("a 'sim: exit' line glued to the program's last: summary and exit_cycles",
               (glued.summary, glued.exit_cycles), ("exit 0 after 1234 cycles; 64 perfscope reads checked", 1234))

    suite = WORK / "edges"
    for name, text in EDGE_FILES.items():
        (suite / name).parent.mkdir(parents=True, exist_ok=True)
        (suite / name).write_text(text)
    fw_root = WORK / "edges-fw"
    xml = WORK / "edges.xml"
    done = pytest_in_example("-p", "no:xdist", f"--junitxml={xml}", "-o", f"perfscope_fw_root={fw_root}", cwd=suite)
    check.same("the edge suite: 6 passed, hal failed, broken an error", (done.returncode, suite_counts(xml)),
               (1, {"tests": 8, "failures": 1, "errors": 1, "skipped": 0}))
    got = cases(xml)
    out = fw_root / "VexRiscv_Full" / "edges"

    def first_line(program):
        f = out / f"{program}.out"
        return f.read_text().splitlines()[0] if f.exists() else None

    for program, line in (("msg_space", "hello world 1"), ("msg_shell", "$x #y it's a,b 2"),
                          ("inc_joined", "rounds 3"), ("inc_apart", "rounds 3")):
        outcome = got.get(f"test_edge[{program}-VexRiscv_Full]", ("none",))[0]
        check.same(f"{program}: passed, its cflags reached the compiler as given", (outcome, first_line(program)),
                   ("passed", line))
    check.same("nonl: passed, its summary and cycles found after 'result: 42'",
               (got.get("test_edge[nonl-VexRiscv_Full]", ("none",))[0], first_line("nonl")), ("passed", "result: 42"))
    check.same("hal_sections: passed, the harness's sections frame (+sections) as the program counted",
               got.get("test_edge[hal_sections-VexRiscv_Full]", ("none",))[0], "passed")
    check.same("hal: a failure that says what to print or pass", got.get("test_edge[hal-VexRiscv_Full]", (None, None))[:2],
               ("failure", "Failed: hal on VexRiscv_Full: no sections frame on the console, so no section counters: "
                "the program prints none (perf_snapshot_frame prints one; perf_print_formatted_report a table only); "
                "give its Program plusargs=(\"+sections\",) for the harness's frame of perfscope's counters after the "
                "exit"))
    kind, message = got.get("test_edge[broken-VexRiscv_Full]", (None, ""))[:2]
    # Counted above pytest's short summary, which repeats whole messages when
    # the environment says CI (pytest's running_on_ci) and cuts them otherwise.
    report = done.stdout.split("short test summary info")[0]
    check.same("broken: an error, make's output in pytest's report once (not again as the cause of another)",
               (kind, message.splitlines()[0] if message else None, report.count("error: 'undeclared' undeclared")),
               ("error", "failed on setup with \"Failed: building broken for VexRiscv_Full failed (make -C "
                f"{suite} -f {out}/broken.mk {out}/broken.hex {out}/broken.lst):", 1))

    bad = WORK / "edges-bad-name"
    bad.mkdir(parents=True, exist_ok=True)
    for name, text in (("pytest.ini", EDGE_FILES["pytest.ini"]), ("conftest.py", BAD_NAME_CONFTEST),
                       ("test_edges.py", EDGE_FILES["test_edges.py"]), ("msg.c", EDGE_FILES["msg.c"])):
        (bad / name).write_text(text)
    done = pytest_in_example("-p", "no:xdist", "-o", f"perfscope_fw_root={fw_root}", cwd=bad)
    line = ("perfscope: program 'my prog': a name is its files' (<name>.hex) and make's target: letters, digits and "
            "'_', then also '.', '+' and '-'; no space, no '/'")
    check.same("Program('my prog'): pytest stops at collection, the reason in one line, no traceback",
               (done.returncode, done.stdout.splitlines().count(line), "Traceback" in done.stdout), (2, 1, False))

    # Names that would select nothing: each stops at collection with one
    # line, where pytest would otherwise make no test or report a skip.
    misspelt = (
        ("Program(cpus=['VexRiscv_full'])",
         'return [Program("msg", sources=["msg.c"], cpus=["VexRiscv_full"])]', "def test_a(perfscope_run):\n    pass\n",
         (), "perfscope: program msg: unknown CPU 'VexRiscv_full' in cpus (one of VexRiscv_Min, VexRiscv_Lite, "
         "VexRiscv_Full)"),
        ("the marker's programs=['ex_7']", 'return [Program("msg", sources=["msg.c"])]',
         "import pytest\n\n\n@pytest.mark.perfscope(programs=['ex_7'])\ndef test_a(perfscope_run):\n    pass\n",
         (), "perfscope: the perfscope marker of test_a.py::test_a: unknown program 'ex_7' (one of msg)"),
        ("the marker's cpus=['VexRiscv_full']", 'return [Program("msg", sources=["msg.c"])]',
         "import pytest\n\n\n@pytest.mark.perfscope(cpus=['VexRiscv_full'])\ndef test_a(perfscope_run):\n    pass\n",
         (), "perfscope: the perfscope marker of test_a.py::test_a: unknown cpu 'VexRiscv_full' (one of VexRiscv_Min, "
         "VexRiscv_Lite, VexRiscv_Full)"),
        ("--perfscope-sim-var=CPU=VexRiscv_Min", 'return [Program("msg", sources=["msg.c"])]',
         "def test_a(perfscope_run):\n    pass\n", ("--perfscope-sim-var=CPU=VexRiscv_Min",),
         "ERROR: perfscope: sim variable 'CPU=VexRiscv_Min': the plugin sets CPU itself; choose CPUs with "
         "--perfscope-cpu or the ini's perfscope_cpus"),
    )
    for i, (what, programs, test, args, line) in enumerate(misspelt):
        d = WORK / f"edges-misspelt-{i}"
        d.mkdir(parents=True, exist_ok=True)
        (d / "pytest.ini").write_text(EDGE_FILES["pytest.ini"])
        (d / "msg.c").write_text(EDGE_FILES["msg.c"])
        (d / "conftest.py").write_text('from perfscope_pytest import Program\n\npytest_plugins = '
                                       '["perfscope_pytest.plugin"]\n\n\ndef pytest_perfscope_programs(config):\n'
                                       f'    {programs}\n')
        (d / "test_a.py").write_text(test)
        done = pytest_in_example("-p", "no:xdist", "-o", f"perfscope_fw_root={fw_root}", *args, cwd=d)
        said = (done.stdout + done.stderr).splitlines()
        check.same(f"{what}: pytest stops before any run, the reason in one line, no traceback",
                   (done.returncode != 0, said.count(line), "Traceback" in done.stdout, "passed" in done.stdout),
                   (True, 1, False, False))

    # A lock's name flattens the path it locks: past 255 bytes it would be
    # no file name. Short names stay as they are.
    long_name = "fw" + "-deep" * 80 + "-VexRiscv_Full-suite-prog"
    short = build.lock_file_name(long_name)
    check.same("a lock's name for a 400-character path: under 255 bytes, unique, ending in the program's",
               (len(short.encode()) <= 255, short != build.lock_file_name(long_name + "x"),
                short.endswith("-VexRiscv_Full-suite-prog"), build.lock_file_name("fw-a-b")),
               (True, True, True, "fw-a-b"))
