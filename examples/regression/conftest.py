# SPDX-License-Identifier: Apache-2.0
"""A user's regression: the programs, for perfscope's pytest plugin, which
runs each on every CPU of pytest.ini's perfscope_cpus under the reference
model (docs/regressions.md)."""
from perfscope_pytest import Program

pytest_plugins = ["perfscope_pytest.plugin"]


def pytest_perfscope_programs(config):
    return [
        Program("checksum", sources=["checksum.c"]),
        # -pg and the hot-address hooks (soc/fw/fw.mk's "hot" mode).
        Program("sort", sources=["sort.c"], mode="hot"),
    ]
