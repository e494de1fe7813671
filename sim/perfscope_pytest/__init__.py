# SPDX-License-Identifier: Apache-2.0
"""perfscope's pytest plugin: a user's firmware programs run on every CPU
variant in the Verilator harness under the reference model, one test per
program and CPU, in parallel with pytest-xdist (docs/regressions.md).

A conftest.py loads it and names the programs:

    pytest_plugins = ["perfscope_pytest.plugin"]   # with <perfscope>/sim on the path

    def pytest_perfscope_programs(config):
        return [Program("app", sources=["app.c"], mode="funccost")]
"""
from .harness import NoSectionsFrame, Run, Sections
from .program import Program

__all__ = ["NoSectionsFrame", "Program", "Run", "Sections"]
