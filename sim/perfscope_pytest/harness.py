# SPDX-License-Identifier: Apache-2.0
"""One run of a program on the Verilator harness (sim/main.cpp) under the
reference model, and what it left: the console, the harness's verdict, the
frames (docs/dump-format.md) decoded by regs/frame_reader.py."""
import dataclasses
import functools
import pathlib
import re
import subprocess
import sys

TOP = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(TOP / "regs"))
import frame_reader  # noqa: E402 (found through the path above)

# sim/main.cpp's exit code for a run that reached +timeout= (the model's 3
# comes with its "sim: MISMATCH" line, which says more).
TIMED_OUT = 124


def exit_cycles(text):
    """The cycles of a run as the harness's "sim: exit N after C cycles" line
    in text says them (its last, which may follow a program's unterminated
    last line where the harness did not start a line of its own), or None
    without one."""
    found = re.findall(r"sim: exit \d+ after (\d+) cycles", text)
    return int(found[-1]) if found else None


def _harness_text(line):
    """The text of a harness's "sim: " line after the prefix, or None for a
    line without one; the prefix may follow a program's unterminated line."""
    at = line.find("sim: ")
    return None if at < 0 else line[at + 5:]


class NoSectionsFrame(LookupError):
    """Run.sections of a run whose console has no sections frame."""


@dataclasses.dataclass(frozen=True)
class Frame:
    """A frame of the console: its type, line (from 0), and the payload as
    frame_reader.read gives it ({"version", "head", ...}); payload is None
    for a type frames.toml does not describe (a program's own), raw keeps
    the bytes."""
    kind: str
    at: int
    raw: bytes
    payload: dict | None


class Sections:
    """A sections frame's counters: cycles(n) and occurrences(n) of section
    n, 0 being the global counter (the whole measurement)."""

    def __init__(self, payload):
        self.clock_hz = payload["head"]["clock_hz"]
        self.count = payload["head"]["n"]
        self._counters = payload["counter"]
        self.overflow = payload["tail"]["overflow"] if payload.get("tail") else 0

    def cycles(self, n):
        return self._counters[n]["time"]

    def occurrences(self, n):
        return self._counters[n]["occurrences"]

    def __repr__(self):
        return "Sections(" + ", ".join(f"{n}: {self.cycles(n)} cycles/{self.occurrences(n)}"
                                       for n in range(self.count + 1)) + ")"


@dataclasses.dataclass(frozen=True)
class Run:
    """A finished run: exit_code is the harness's (0: the firmware exited 0
    and the reference model agreed with every access), console its output,
    stdout and stderr as one stream, also in console_file; trace_file holds
    the trace unit's records."""
    program: str
    cpu: str
    exit_code: int
    console: str
    console_file: pathlib.Path
    trace_file: pathlib.Path

    @classmethod
    def load(cls, program, cpu, exit_code, hex_file):
        """The run of program that left its files beside hex_file."""
        out = pathlib.Path(hex_file).with_suffix(".out")
        return cls(program.name, cpu, exit_code, out.read_text(errors="replace"), out, out.with_suffix(".trace"))

    @functools.cached_property
    def lines(self):
        return self.console.splitlines()

    @property
    def summary(self):
        """The harness's last "sim: " line, without the prefix."""
        return next((t for t in map(_harness_text, reversed(self.lines)) if t is not None), "")

    @property
    def exit_cycles(self):
        """The program's cycles to its exit, None if it did not exit."""
        return exit_cycles(self.console)

    @property
    def mismatch(self):
        """The reference model's first disagreement, as the harness says it on
        the line after "sim: MISMATCH"; None when the model agreed."""
        lines = self.lines
        for i, l in enumerate(lines):
            text = _harness_text(l)
            if text is not None and text.startswith("MISMATCH"):
                after = lines[i + 1] if i + 1 < len(lines) else ""
                return after[5:] if after.startswith("sim: ") else text
        return None

    @property
    def firmware_checks(self):
        """The firmware's own "PASS x" / "FAIL x" lines, as (passed, x)."""
        return [(l.startswith("PASS "), l[5:]) for l in self.lines if l.startswith(("PASS ", "FAIL "))]

    @functools.cached_property
    def _decoded(self):
        """(frames, broken): the frames, and (console line, why) of each
        "@PS" line that is no frame, fails its length or CRC, or does not
        fit its type's layout."""
        frames, broken = [], []
        for f in frame_reader.frames(self.lines):
            if f.kind is None or not f.sound():
                broken.append((f.at + 1, "not a frame" if f.kind is None else "length or CRC-32 wrong"))
                continue
            try:
                payload = frame_reader.read(f.kind, f.payload) if f.kind in frame_reader.TYPES else None
            except frame_reader.FrameError as e:
                broken.append((f.at + 1, f"{f.kind}: {e}"))
                continue
            frames.append(Frame(f.kind, f.at, f.payload, payload))
        return frames, broken

    @property
    def frames(self):
        return self._decoded[0]

    @property
    def broken_frames(self):
        return self._decoded[1]

    def frames_of(self, kind):
        return [f for f in self.frames if f.kind == kind]

    @property
    def sections(self):
        """The last sections frame's counters: the program's own
        (perf_snapshot_frame), or with the plusarg +sections the harness's
        after the exit. NoSectionsFrame, saying so, if there is none."""
        frames = self.frames_of("sections")
        if not frames:
            raise NoSectionsFrame(
                f"{self.program} on {self.cpu}: no sections frame on the console, so no section counters: the "
                "program prints none (perf_snapshot_frame prints one; perf_print_formatted_report a table only); "
                "give its Program plusargs=(\"+sections\",) for the harness's frame of perfscope's counters after "
                "the exit")
        return Sections(frames[-1].payload)

    def failure(self):
        """Why the run failed, in one message, or None if it passed."""
        where = f"{self.program} on {self.cpu}"
        if self.mismatch is not None:
            return f"{where}: the reference model disagreed: {self.mismatch}"
        if self.exit_code == 0:
            if self.broken_frames:
                line, why = self.broken_frames[0]
                return f"{where}: a broken @PS frame at console line {line}: {why}"
            return None
        if self.exit_code == TIMED_OUT:
            return f"{where}: {self.summary or 'timed out'}"
        failed = [what for ok, what in self.firmware_checks if not ok]
        why = f"; its checks that failed: {'; '.join(failed[:5])}" if failed else ""
        last = f"; {self.summary}" if self.summary else ""
        return f"{where}: the harness exited with status {self.exit_code}{why}{last}"


def run(sim, program, hex_file):
    """Runs hex_file on the harness sim and returns its exit code; the console
    goes to <name>.out and the trace unit's records to <name>.trace beside
    the .hex. "{stem}" in a plusarg is that path without the suffix:
    +retire_file={stem}.retire."""
    hex_file = pathlib.Path(hex_file)
    stem = str(hex_file.with_suffix(""))
    cmd = [str(sim), f"+firmware={hex_file}", f"+timeout={program.timeout}",
           f"+trace_file={hex_file.with_suffix('.trace')}", *(a.replace("{stem}", stem) for a in program.plusargs)]
    with open(hex_file.with_suffix(".out"), "w") as f:
        return subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT).returncode
