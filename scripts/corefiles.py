#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The RTL file lists of the checkout, read from its FuseSoC cores.

fusesoc.core (the IP, perfscope:perfscope:perfscope) and soc/soc.core (the
SoC, perfscope:perfscope:soc) are the one list of which files make up what;
every Makefile and syn/fpga.py reads it through this script instead of
writing it again.

  corefiles.py files CORE [--target T | --fileset F ...] [--no-depend]
               [--type TYPE] [--sources | --includes | --incdirs]
      the files of a target (or of the named filesets) of CORE, with those
      of the cores its filesets depend on first, as FuseSoC orders them
      (--no-depend: CORE's own only); paths relative to the checkout root,
      one a line. --sources leaves the
      include files out, --includes keeps only them, --incdirs prints their
      directories (for -I). --type keeps one file_type (verilogSource, ...).
  corefiles.py check
      one PASS or FAIL line each: every file a core names exists, and every
      Verilog file under rtl/, soc/rtl/ and syn/ is in a core.

CORE is a VLNV without its version (perfscope:perfscope:soc). Cores are the
*.core files anywhere in the checkout but build/ and .venv/, as FuseSoC's
--cores-root . finds them. Generated files (the CPU) are not in any list:
generators run only under FuseSoC.
"""
import argparse
import os
import sys

import yaml

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIP_DIRS = {".git", ".venv", "build"}
# Where every Verilog file must belong to a core.
RTL_DIRS = ("rtl", "soc/rtl", "syn")


def find_cores():
    """{name without version: (path of the .core, its parsed YAML)}."""
    cores = {}
    for root, dirs, files in os.walk(TOP):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        for f in sorted(files):
            if f.endswith(".core"):
                path = os.path.join(root, f)
                with open(path) as fh:
                    core = yaml.safe_load(fh)
                cores[unversioned(core["name"])] = (path, core)
    return cores


def unversioned(vlnv):
    return ":".join(vlnv.split(":")[:3])


def fileset_files(path, fileset):
    """[(checkout-relative path, file_type, is_include_file)] of one fileset."""
    out = []
    for entry in fileset.get("files") or []:
        attrs = {}
        if isinstance(entry, dict):
            (name, attrs), = entry.items()
        else:
            name = entry
        full = os.path.normpath(os.path.join(os.path.dirname(path), name))
        out.append((os.path.relpath(full, TOP), attrs.get("file_type", fileset.get("file_type")),
                    bool(attrs.get("is_include_file", False))))
    return out


def collect(cores, name, filesets, seen):
    """The files of `filesets` of core `name`, each dependency's default
    target first unless `seen` is None; a core is visited once."""
    if name not in cores:
        sys.exit(f"corefiles: no core {name} in {TOP} (cores: {', '.join(sorted(cores))})")
    path, core = cores[name]
    out = []
    for fs in filesets:
        if fs not in core.get("filesets", {}):
            sys.exit(f"corefiles: {os.path.relpath(path, TOP)} has no fileset {fs}")
        for dep in core["filesets"][fs].get("depend", []) if seen is not None else []:
            dep = unversioned(dep.lstrip(">=<~^"))
            if dep not in seen:
                seen.add(dep)
                out += collect(cores, dep, target_filesets(cores, dep, "default"), seen)
        out += fileset_files(path, core["filesets"][fs])
    return out


def target_filesets(cores, name, target):
    path, core = cores[name]
    targets = core.get("targets", {})
    if target not in targets:
        sys.exit(f"corefiles: {os.path.relpath(path, TOP)} has no target {target}")
    return targets[target].get("filesets", [])


def select(core, target=None, filesets=None, no_depend=False, type=None, sources=False):
    """[(checkout-relative path, file_type, is_include_file)] of a target
    (default: "default") or of some filesets of `core`, as `files` below;
    sources=True leaves the include files out. syn/fpga.py imports it."""
    cores = find_cores()
    name = unversioned(core)
    found = collect(cores, name, filesets or target_filesets(cores, name, target or "default"),
                    None if no_depend else {name})
    return [f for f in found if (type is None or f[1] == type) and not (sources and f[2])]


def files(args):
    found = select(args.core, args.target, args.fileset, args.no_depend, args.type, args.sources)
    if args.includes or args.incdirs:
        found = [f for f in found if f[2]]
    paths = [os.path.dirname(f[0]) for f in found] if args.incdirs else [f[0] for f in found]
    for p in dict.fromkeys(paths):  # each once, in order
        print(p)


def check():
    cores = find_cores()
    named = set()
    status = 0
    for name, (path, core) in sorted(cores.items()):
        rel = os.path.relpath(path, TOP)
        listed = [f[0] for fs in core.get("filesets", {}).values() for f in fileset_files(path, fs)]
        named.update(listed)
        missing = [f for f in listed if not os.path.isfile(os.path.join(TOP, f))]
        if missing:
            print(f"FAIL core files: {rel} ({name}) names files that do not exist: {' '.join(missing)}")
            status = 1
        else:
            print(f"PASS core files: {rel} ({name}): every file it names exists ({len(listed)})")
    rtl = []
    for d in RTL_DIRS:
        for root, dirs, fs in os.walk(os.path.join(TOP, d)):
            dirs[:] = sorted(dirs)
            rtl += [os.path.relpath(os.path.join(root, f), TOP) for f in sorted(fs) if f.endswith((".v", ".vh"))]
    orphans = sorted(set(rtl) - named)
    if orphans:
        print(f"FAIL core files: Verilog in no core: {' '.join(orphans)}")
        status = 1
    else:
        print(f"PASS core files: each of the {len(set(rtl))} Verilog files under {', '.join(RTL_DIRS)} "
              f"is in a core")
    return status


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("files")
    f.add_argument("core")
    which = f.add_mutually_exclusive_group()
    which.add_argument("--target")
    which.add_argument("--fileset", action="append")
    f.add_argument("--no-depend", action="store_true")
    f.add_argument("--type")
    part = f.add_mutually_exclusive_group()
    part.add_argument("--sources", action="store_true")
    part.add_argument("--includes", action="store_true")
    part.add_argument("--incdirs", action="store_true")
    sub.add_parser("check")
    args = ap.parse_args()
    if args.cmd == "check":
        return check()
    files(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
