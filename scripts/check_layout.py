#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The README's layout table must match the tree.

Every directory the table names (a `dir/` in its first column) must exist,
and every tracked directory down to two levels must be named there, so that
a directory added, moved or removed without the table fails make test.
Prints PASS/FAIL lines; exits 1 on a mismatch.
"""
import pathlib
import re
import subprocess
import sys

TOP = pathlib.Path(__file__).resolve().parent.parent
DEPTH = 2


def table_dirs(readme):
    """The directories named in the first column of the "## Layout" table."""
    m = re.search(r"^## Layout\n(.*?)(?=^## )", readme, re.S | re.M)
    if not m:
        sys.exit("FAIL layout: README.md has no \"## Layout\" section")
    named = set()
    for row in m.group(1).splitlines():
        if row.startswith("|") and not row.startswith("|---"):
            named.update(re.findall(r"`([\w./-]+)/`", row.split("|")[1]))
    return named


def tree_dirs():
    files = subprocess.run(["git", "ls-files"], cwd=TOP, capture_output=True, text=True,
                           check=True).stdout.split()
    dirs = set()
    for f in files:
        parts = f.split("/")[:-1]
        if parts and not parts[0].startswith("."):
            for k in range(1, min(len(parts), DEPTH) + 1):
                dirs.add("/".join(parts[:k]))
    return dirs


def main():
    named = table_dirs((TOP / "README.md").read_text())
    tree = tree_dirs()
    missing = sorted(d for d in named if not (TOP / d).is_dir())
    unnamed = sorted(tree - named)
    if missing:
        print(f"FAIL layout: README.md names directories the tree lacks: {', '.join(missing)}")
    if unnamed:
        print(f"FAIL layout: directories missing from README.md's layout table: {', '.join(unnamed)}")
    if missing or unnamed:
        return 1
    print(f"PASS layout: README.md's layout table names the {len(tree)} directories of the tree, "
          f"two levels deep, and no other")
    return 0


if __name__ == "__main__":
    sys.exit(main())
