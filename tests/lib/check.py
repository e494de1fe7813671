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
    """PASS if got == want; else FAIL naming both, or for two texts the
    first line that differs."""
    if got == want or not (isinstance(got, str) and isinstance(want, str)):
        return check(what, got == want, f"expected {want!r} got {got!r}")
    g, w = got.splitlines(), want.splitlines()
    for i in range(max(len(g), len(w))):
        a = g[i] if i < len(g) else "<end>"
        b = w[i] if i < len(w) else "<end>"
        if a != b:
            return check(what, False, f"line {i + 1}: got {a!r}, want {b!r}")
    return check(what, False, "differs in line endings")


def failures():
    return _failures
