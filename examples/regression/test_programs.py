# SPDX-License-Identifier: Apache-2.0
"""The user's tests: each takes perfscope_run, so runs once per program
and CPU; a run that did not exit 0 with the reference model agreeing fails
whatever the test asserts."""
import pytest


def test_runs(perfscope_run):
    """Every program on every CPU measures its two sections once each."""
    sections = perfscope_run.sections
    assert [sections.occurrences(n) for n in (1, 2)] == [1, 1]


@pytest.mark.perfscope(programs=["checksum"], cpus=["VexRiscv_Full"])
def test_adler32_budget(perfscope_run):
    """Section 2, Adler-32 of a kilobyte, takes at most 10,000 cycles on VexRiscv_Full."""
    assert perfscope_run.sections.cycles(2) <= 10_000


@pytest.mark.perfscope(programs=["sort"])
def test_hot_table(perfscope_run):
    """-pg counted one call of insertion_sort and 64 of find: the hot table's
    entries, most hit first, after the program's own calls."""
    hot = perfscope_run.frames_of("hot")[0].payload
    assert [e["hits"] for e in hot["entry"]] == [64, 1]
