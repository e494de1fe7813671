# SPDX-License-Identifier: Apache-2.0
"""Builds the Verilator models and the firmware a regression runs, and
runs the programs, each under a file lock: pytest-xdist's workers are
processes, and two of them must never run the same build at once (two
makes writing one model's objects, or one program's .elf, would leave
either broken), nor one program at once (both would write its .out). A
worker that waited finds the build made and make does nothing, or the
run made in this pytest run and takes it."""
import contextlib
import fcntl
import hashlib
import os
import pathlib
import shlex
import subprocess

from . import harness
from .program import PATCHING_MODES

# The make variables of the environment that tie a make to the one that
# started pytest (make test): a sub-make here is a make of its own.
_MAKE_ENV = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")


class BuildError(Exception):
    """A make that failed; the message ends with the tail of its output."""


@contextlib.contextmanager
def file_lock(path):
    """Holds an exclusive lock on path (created) while the block runs."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def lock_file_name(name):
    """A lock's file name: its name, which flattens a path and may exceed
    the 255 bytes a file name can have, then as a hash of it and the tail
    (the program and CPU) of what it locks."""
    if len(name.encode()) <= 200:
        return name
    return hashlib.sha1(name.encode()).hexdigest()[:16] + "-" + name.encode()[-100:].decode(errors="ignore")


def make(args, what):
    env = {k: v for k, v in os.environ.items() if k not in _MAKE_ENV}
    done = subprocess.run(["make", "-s", *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True)
    if done.returncode != 0:
        tail = "\n".join(done.stdout.splitlines()[-30:]) or "(make printed nothing)"
        raise BuildError(f"building {what} failed (make {' '.join(args)}):\n{tail}")


def make_flag(flag):
    """A compiler flag as one word of the shell command line fw.mk's recipes
    run, written into a Makefile line whose value fw_program's $(eval)
    expands once more: shell-quoted, each $ as $$$$ (two expansions
    leave one) and # escaped (no comment)."""
    return shlex.quote(flag).replace("$", "$$$$").replace("#", "\\#")


class Builder:
    """The builds and runs of one pytest process: each is made (or found up
    to date) once per process, and with xdist once per pytest run.

    top        the perfscope checkout (soc/fw/fw.mk, sim/Makefile)
    fw_root    firmware goes to <fw_root>/<cpu>/<suite>/
    suite      the last directory of that path: one per regression suite
    sim_vars   more variables for make -C sim (PERF_SECTIONS=3, PERF_RTL=...);
               RAM_BYTES goes to the firmware's builds too;
               with any, each CPU's model gets its own directory
    """

    def __init__(self, top, fw_root, suite, sim_vars=()):
        self.top = pathlib.Path(top)
        self.fw_root = pathlib.Path(fw_root)
        self.suite = suite
        self.sim_vars = tuple(sim_vars)
        # The RAM's size is the firmware's link as much as the model's.
        self.fw_vars = tuple(v for v in self.sim_vars if v.startswith("RAM_BYTES="))
        self.locks = self.top / "build" / "locks"
        self._made = {}  # what once() made in this process, by the lock's name
        self.run_id = os.environ.get("PYTEST_XDIST_TESTRUNUID")

    def once(self, lock_name, make_it):
        """make_it()'s result (a string, "" for None), made once per process,
        under the lock. With xdist, the first worker to take the lock makes it
        and leaves the run's id (PYTEST_XDIST_TESTRUNUID, the same in every
        worker of one pytest run) and the result beside the lock: the others
        take that result and skip even make's check (for a model, a third
        of a second) or the program's second run."""
        if lock_name not in self._made:
            lock = self.locks / f"{lock_file_name(lock_name)}.lock"
            stamp = lock.with_suffix(".run")
            with file_lock(lock):
                made = stamp.read_text().split("\n", 1) if self.run_id and stamp.exists() else None
                if made and made[0] == self.run_id:
                    result = made[1]
                else:
                    result = make_it() or ""
                    if self.run_id:
                        stamp.write_text(f"{self.run_id}\n{result}")
            self._made[lock_name] = result
        return self._made[lock_name]

    def run(self, program, cpu, sim, hex_file):
        """The program's run on the harness sim (harness.Run): one per pytest
        run, as two workers running it at once would write one .out."""
        code = self.once("run" + str(hex_file.with_suffix("")).replace("/", "-"),
                         lambda: str(harness.run(sim, program, hex_file)))
        return harness.Run.load(program, cpu, int(code), hex_file)

    def sim_dir(self, cpu):
        """build/sim/<cpu>, as make -C sim keeps it, or with sim_vars
        build/sim/<cpu>-<hash of them>, so a variant never rebuilds the
        model the plain runs use."""
        name = cpu
        if self.sim_vars:
            name += "-" + hashlib.sha1("\n".join(self.sim_vars).encode()).hexdigest()[:10]
        return self.top / "build" / "sim" / name

    def model(self, cpu):
        """The harness for cpu, built if missing or out of date."""
        sim_dir = self.sim_dir(cpu)
        self.once(f"sim-{sim_dir.name}", lambda: make(
            ["-C", str(self.top / "sim"), f"CPU={cpu}", f"SIM_DIR={sim_dir}", *self.sim_vars], f"the {cpu} model"))
        return sim_dir / "Vsoc_top"

    def host_tool(self):
        """build/tools/perfscope, which fw.mk's patching modes run: built here,
        locked, before a firmware make would build it unlocked."""
        self.once("tools", lambda: make(["-C", str(self.top / "tools")], "the host tool"))

    def fw_build(self, cpu):
        return self.fw_root / cpu / self.suite

    def firmware(self, program, cpu):
        """The program's .hex for cpu (with .elf and .lst beside it)."""
        out = self.fw_build(cpu)
        files = [str(out / f"{program.name}.hex"), str(out / f"{program.name}.lst")]

        def build():
            if program.makefile is not None:
                self.host_tool()  # the Makefile's programs may patch; their modes are its own
                make(["-C", str(program.makefile), f"CPU={cpu}", f"FW_BUILD={out}", *self.fw_vars, *files],
                     f"{program.name} for {cpu}")
            else:
                if program.mode in PATCHING_MODES:
                    self.host_tool()
                mk = out / f"{program.name}.mk"
                text = self.fw_makefile(program, cpu, out)
                if not mk.exists() or mk.read_text() != text:
                    mk.parent.mkdir(parents=True, exist_ok=True)
                    mk.write_text(text)
                # From the first source's directory: fw.mk counts the headers
                # beside the including Makefile, $(CURDIR)/*.h, as the program's.
                make(["-C", str(program.sources[0].parent), "-f", str(mk), *files], f"{program.name} for {cpu}")
        # The lock's name is the output's path: one lock per file made.
        self.once("fw" + str(out / program.name).replace("/", "-"), build)
        return out / f"{program.name}.hex"

    def fw_makefile(self, program, cpu, out):
        """A Makefile that builds the program with fw.mk, as a user's would."""
        mode = program.mode
        instr = [f"$(FW_INSTR_{mode})"] if mode else []
        libs = [str(p) for p in program.libs] + ([f"$(FW_HOOKS_{mode})"] if mode else [])
        patch = f"$(FW_PATCH_{mode})" if mode else ""
        # fw_program's arguments are comma-separated: a flag with a comma
        # (-Wl,...) goes through a variable.
        return "\n".join([
            f"# {program.name} for {cpu}, written by perfscope's pytest plugin (sim/perfscope_pytest/build.py).",
            f"TOP := {self.top}",
            f"CPU := {cpu}",
            f"FW_BUILD := {out}",
            f"FW_EXTRA_CFLAGS += -DCPU_{cpu}",
            *(v.replace("=", " := ", 1) for v in self.fw_vars),
            "include $(TOP)/soc/fw/fw.mk",
            "FW_HEADERS += " + " ".join(str(p) for p in program.headers),
            "PROGRAM_CFLAGS := " + " ".join([*instr, *map(make_flag, program.cflags)]),
            "PROGRAM_LIBS := " + " ".join(libs),
            f"$(eval $(call fw_program,{program.name},{' '.join(str(p) for p in program.sources)},"
            f"$(PROGRAM_CFLAGS),$(PROGRAM_LIBS),{patch}))",
            "",
        ])
