# SPDX-License-Identifier: Apache-2.0
"""The hook a conftest.py implements to name its programs."""
import pytest


@pytest.hookspec
def pytest_perfscope_programs(config):
    """The programs to run (perfscope_pytest.Program): a list. Every
    conftest.py that implements it adds its own."""
