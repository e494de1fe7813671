# SPDX-License-Identifier: Apache-2.0
"""What a regression builds and how it runs it: one Program per firmware."""
import dataclasses
import pathlib
import re

# soc/fw/fw.mk's profiling modes: each names FW_INSTR_<mode>, FW_HOOKS_<mode>
# and, for those that patch the linked ELF, FW_PATCH_<mode>.
MODES = ("calltrace", "funccost", "profile", "hot", "hwtrace", "hwtrace_cyg")
# The modes whose build runs `perfscope patch`, so needs the host tool.
PATCHING_MODES = ("hwtrace",)
# The harness's cycle limit when a program sets none: the firmware tests'.
DEFAULT_TIMEOUT = 5_000_000
# The CPU variants of the pinned VexRiscv package that the SoC builds.
CPUS = ("VexRiscv_Min", "VexRiscv_Lite", "VexRiscv_Full")


# Compiler flags that name a directory or file, joined to it (-Iinclude) or
# followed by it (-I include).
_PATH_FLAGS = ("-I", "-iquote", "-isystem", "-idirafter", "-include", "-imacros")
# A program's name is its files' and make targets' name.
_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.+-]*")


def _paths(values, base):
    return tuple((base / v).resolve() for v in values)


def _flags(flags, base):
    """cflags with the relative paths of _PATH_FLAGS made absolute from base."""
    out = []
    for i, f in enumerate(flags):
        if i and flags[i - 1] in _PATH_FLAGS and not pathlib.Path(f).is_absolute():
            f = str(base / f)
        else:
            opt = next((o for o in _PATH_FLAGS if f.startswith(o) and len(f) > len(o)), None)
            if opt and not pathlib.Path(f[len(opt):]).is_absolute():
                f = opt + str(base / f[len(opt):])
        out.append(f)
    return tuple(out)


@dataclasses.dataclass(frozen=True)
class Program:
    """A firmware program of a regression.

    Built from its sources with soc/fw/fw.mk's flags (sources, and a hook mode
    of fw.mk: its instrumenting flags on the program's own sources, its hook
    library linked), or, with makefile, by the user's own Makefile that
    includes fw.mk and defines the program (make CPU=... FW_BUILD=...
    <FW_BUILD>/<name>.hex). Relative paths are from pytest's rootdir, the
    directory of the pytest.ini (or of the conftest.py the run starts from).

    name      the program's name: <name>.hex, and the test id's first half
    sources   its own C (or assembly) files, compiled with the mode's flags
    mode      None, or one of MODES
    cflags    more flags for its own sources (-D..., -O...), each one word
              to the compiler as given (no shell or make expansion); a
              relative path of -I, -iquote, -isystem, -idirafter, -include
              or -imacros is from the rootdir
    libs      more sources linked with it, compiled without the mode's flags
    headers   more files a change of which rebuilds it
    makefile  a directory whose Makefile builds it instead
    timeout   the harness's cycle limit (+timeout=)
    plusargs  more harness arguments, e.g. ("+trace_stall=1000000",); "{stem}"
              in one is the run's output path without suffix (<FW_BUILD>/<name>)
    cpus      the CPU variants it runs on (None: every one the run selects)
    """
    name: str
    sources: tuple = ()
    mode: str | None = None
    cflags: tuple = ()
    libs: tuple = ()
    headers: tuple = ()
    makefile: pathlib.Path | None = None
    timeout: int = DEFAULT_TIMEOUT
    plusargs: tuple = ()
    cpus: tuple | None = None

    def __post_init__(self):
        if not isinstance(self.name, str) or not _NAME.fullmatch(self.name):
            raise ValueError(f"program {self.name!r}: a name is its files' (<name>.hex) and make's target: letters, "
                             "digits and '_', then also '.', '+' and '-'; no space, no '/'")
        if bool(self.sources) == (self.makefile is not None):
            raise ValueError(f"program {self.name}: give sources or a makefile directory, one of the two")
        if self.mode is not None and self.mode not in MODES:
            raise ValueError(f"program {self.name}: mode {self.mode!r} is none of fw.mk's: {', '.join(MODES)}")
        # Lists given are kept as tuples: a Program is hashable, a key of the runs.
        for name in ("sources", "cflags", "libs", "headers", "plusargs"):
            object.__setattr__(self, name, tuple(getattr(self, name)))
        if self.cpus is not None:
            if isinstance(self.cpus, str):  # cpus="VexRiscv_Full" would be its letters
                raise ValueError(f"program {self.name}: cpus is a list of CPU variants, e.g. cpus=[{self.cpus!r}]")
            object.__setattr__(self, "cpus", tuple(self.cpus))
            unknown = [c for c in self.cpus if c not in CPUS]
            if unknown:
                # A misspelt variant would leave the program with no test at all.
                raise ValueError(f"program {self.name}: unknown CPU {', '.join(map(repr, unknown))} in cpus "
                                 f"(one of {', '.join(CPUS)})")

    def resolved(self, base):
        """The program with its paths absolute, relative ones taken from base."""
        base = pathlib.Path(base)
        return dataclasses.replace(
            self, sources=_paths(self.sources, base), libs=_paths(self.libs, base),
            headers=_paths(self.headers, base), cflags=_flags(self.cflags, base),
            makefile=None if self.makefile is None else (base / self.makefile).resolve())
