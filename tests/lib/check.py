# SPDX-License-Identifier: Apache-2.0
"""Exact-value checks for the Python tests, as tests/lib/check.h is for C:
each prints "PASS <what>" or "FAIL <what>: <why>", and failures() is the
count a test's exit status comes from."""

_failures = 0


def check(what, ok, why=""):
    """PASS if ok, else FAIL with why."""
    global _failures
    if ok:
        print(f"PASS {what}")
    else:
        _failures += 1
        print(f"FAIL {what}: {why}")
    return ok


def same(what, got, want):
    """PASS if got == want, else FAIL naming both."""
    return check(what, got == want, f"expected {want!r} got {got!r}")


def failures():
    return _failures
