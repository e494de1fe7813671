# SPDX-License-Identifier: Apache-2.0
"""The pytest side: options, the programs × CPUs parametrization, the
perfscope_run fixture, and the verdict. docs/regressions.md is its manual.

A test that takes the fixture perfscope_run runs once per program (from the
conftest.py hooks pytest_perfscope_programs) and CPU, ids "<program>-<cpu>". The
fixture builds the model and the firmware (locked, see build.py), runs the
program under the reference model and gives the test the Run (harness.py):
console, decoded frames, the section counters. Whatever the test asserts,
a run that did not exit 0 with the model agreeing fails it, with the
model's first mismatch (or the timeout, or the firmware's failed checks)
as the message."""
import pathlib
import re

import pytest

from . import build, harness, hookspecs
from .program import CPUS
PERFSCOPE_TOP = pathlib.Path(__file__).resolve().parents[2]
BUILDER = pytest.StashKey()
PROGRAMS = pytest.StashKey()
RUN = pytest.StashKey()


def pytest_addhooks(pluginmanager):
    pluginmanager.add_hookspecs(hookspecs)


def pytest_addoption(parser):
    group = parser.getgroup("perfscope", "perfscope regressions (docs/regressions.md)")
    group.addoption("--perfscope-cpu", action="append", metavar="CPU", choices=CPUS,
                    help="run on this CPU variant (repeat for more); default: the ini's perfscope_cpus")
    group.addoption("--perfscope-sim-var", action="append", default=[], metavar="NAME=VALUE",
                    help="a make -C sim variable for the models (PERF_SECTIONS=3, PERF_RTL=...); "
                         "models built with any live in build/sim/<cpu>-<hash>")
    parser.addini("perfscope_cpus", "the CPU variants every program runs on", type="args", default=list(CPUS))
    parser.addini("perfscope_top", "the perfscope checkout (default: the one the plugin is in)", type="paths")
    parser.addini("perfscope_fw_root", "firmware and run outputs go to <this>/<cpu>/<suite>/ "
                  "(default: <perfscope_top>/build/fw)", type="paths")
    parser.addini("perfscope_suite", "the suite's directory name under perfscope_fw_root "
                  "(default: the rootdir's name)")
    parser.addini("perfscope_sim_vars", "make -C sim variables, one per line, as --perfscope-sim-var",
                  type="linelist")


def pytest_configure(config):
    config.addinivalue_line("markers", "perfscope(programs=None, cpus=None): run this test on these programs "
                            "(names) and CPU variants only")
    top = (config.getini("perfscope_top") or [PERFSCOPE_TOP])[0]
    fw_root = (config.getini("perfscope_fw_root") or [top / "build" / "fw"])[0]
    suite = config.getini("perfscope_suite") or config.rootpath.name
    sim_vars = [*config.getini("perfscope_sim_vars"), *config.getoption("perfscope_sim_var")]
    for v in sim_vars:
        if not re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", v):
            raise pytest.UsageError(f"perfscope: sim variable {v!r} is not NAME=VALUE")
        # The plugin sets these per test: the CPU from the case, so a CPU=
        # here would build another CPU than the test's id names.
        if v.split("=", 1)[0] in ("CPU", "SIM_DIR"):
            raise pytest.UsageError(f"perfscope: sim variable {v!r}: the plugin sets {v.split('=', 1)[0]} itself; "
                                    "choose CPUs with --perfscope-cpu or the ini's perfscope_cpus")
    config.stash[BUILDER] = build.Builder(top, fw_root, suite, sim_vars)
    # pytest-xdist's load scheduling hands each worker a batch of tests up
    # front, which puts the longest runs, sorted first below, on one worker;
    # one test at a time spreads them (the user's own --maxschedchunk stays).
    if getattr(config.option, "maxschedchunk", 0) is None:
        config.option.maxschedchunk = 1


def programs(config):
    """The programs of every conftest.py's pytest_perfscope_programs, paths resolved."""
    if PROGRAMS not in config.stash:
        try:
            found = [p.resolved(config.rootpath) for ps in config.hook.pytest_perfscope_programs(config=config)
                     for p in ps]
        except ValueError as e:  # a Program's own check: one line, not the conftest's traceback
            raise pytest.Collector.CollectError(f"perfscope: {e}") from None
        names = [p.name for p in found]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise pytest.UsageError(f"perfscope: programs named twice: {', '.join(twice)}")
        config.stash[PROGRAMS] = found
    return config.stash[PROGRAMS]


def pytest_generate_tests(metafunc):
    if "perfscope_run" not in metafunc.fixturenames:
        return
    config = metafunc.config
    cpus = config.getoption("perfscope_cpu") or config.getini("perfscope_cpus")
    unknown = [c for c in cpus if c not in CPUS]
    if unknown:
        raise pytest.UsageError(f"perfscope: unknown CPU {', '.join(unknown)} (one of {', '.join(CPUS)})")
    marker = metafunc.definition.get_closest_marker("perfscope")
    only_programs = marker.kwargs.get("programs") if marker else None
    only_cpus = marker.kwargs.get("cpus") if marker else None
    # A misspelt name in the marker would leave the test with no case, which
    # pytest reports as a skip: stop at collection instead.
    where = f"perfscope marker of {metafunc.definition.nodeid}"
    for what, names, known in (("programs", only_programs, [p.name for p in programs(config)]),
                               ("cpus", only_cpus, CPUS)):
        if names is None:
            continue
        if isinstance(names, str):
            raise pytest.Collector.CollectError(f"perfscope: the {where}: {what} is a list, e.g. {what}=[{names!r}]")
        unknown = [n for n in names if n not in known]
        if unknown:
            raise pytest.Collector.CollectError(f"perfscope: the {where}: unknown {what[:-1]} {', '.join(map(repr, unknown))} "
                                    f"(one of {', '.join(known) or 'none: no pytest_perfscope_programs gives any'})")
    cases = [(p, cpu) for p in programs(config) for cpu in cpus
             if (only_programs is None or p.name in only_programs)
             and (only_cpus is None or cpu in only_cpus)
             and (p.cpus is None or cpu in p.cpus)]
    metafunc.parametrize("perfscope_case", cases, ids=[f"{p.name}-{cpu}" for p, cpu in cases])


def pytest_collection_modifyitems(items):
    """The longest runs first, so that with xdist no worker starts one when
    the others are almost done: by their cycle limit, then by CPU, the
    larger variants (later in CPUS) simulating fewer cycles a second."""
    def limit(item):
        case = item.callspec.params.get("perfscope_case") if hasattr(item, "callspec") else None
        return (-case[0].timeout, -CPUS.index(case[1])) if isinstance(case, tuple) else (0, 0)
    items.sort(key=limit)


def _shortened(value, limit=400):
    """A payload's repr, cut to limit characters: an events frame holds thousands."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


@pytest.fixture
def perfscope_run(perfscope_case, request):
    """The Run of this test's program on its CPU (harness.Run): made once in
    a pytest run, and shared by its tests of the same program and CPU."""
    program, cpu = perfscope_case
    builder = request.config.stash[BUILDER]
    try:
        sim = builder.model(cpu)
        hex_file = builder.firmware(program, cpu)
    except build.BuildError as e:
        # Raised outside the handler: not also shown as the cause.
        failed = str(e)
    else:
        failed = None
    if failed is not None:
        pytest.fail(failed, pytrace=False)
    run = builder.run(program, cpu, sim, hex_file)
    node = request.node
    node.stash[RUN] = run
    # The console as the test's captured stdout: the terminal shows it with
    # a failure, and --junitxml puts it in <system-out> (junit_logging).
    node.add_report_section("run", "stdout", run.console)
    node.add_report_section("run", "perfscope frames", "\n".join(
        f"console line {f.at + 1}: {f.kind} ({len(f.raw)} bytes): {_shortened(f.payload if f.payload is not None else f.raw)}"
        for f in run.frames) or "no frames")
    for name, value in (("perfscope_program", program.name), ("perfscope_cpu", cpu),
                        ("perfscope_exit_code", run.exit_code), ("perfscope_summary", run.summary),
                        ("perfscope_console", str(run.console_file)), ("perfscope_trace", str(run.trace_file))):
        node.user_properties.append((name, value))
    return run


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """The run's verdict, after the test's own assertions and instead of
    them: a test of a failed run fails with why the run failed."""
    try:
        return (yield)
    except harness.NoSectionsFrame as e:  # its message says it all
        raise pytest.fail.Exception(str(e), pytrace=False) from None
    finally:
        run = item.stash.get(RUN, None)
        failure = run.failure() if run is not None else None
        if failure is not None:
            raise pytest.fail.Exception(failure, pytrace=False) from None
