# SPDX-License-Identifier: Apache-2.0
"""Frames ("@PS" lines, docs/dump-format.md) read and built by the one
description of their layouts, regs/frames.toml, at run time: the tests'
reader, independent of the host tool's C decoder but not of the contract.

    for f in frames(text_lines): f.kind, f.size, f.crc, f.payload, f.sound()
    read(kind, payload)  -> {"version": v, "head": {...}, "record": [{...}], ...}
    pack(kind, {"head": {...}, "record": [...]}, version=None) -> payload bytes
    line(kind, payload) / raw(kind, payload): a frame around a payload
"""
import base64
import pathlib
import re
import struct
import tomllib
import zlib

with open(pathlib.Path(__file__).resolve().parent / "frames.toml", "rb") as _f:
    DESCRIPTION = tomllib.load(_f)
TYPES = {fr["name"]: fr for fr in DESCRIPTION["frame"]}
LINE = re.compile(r"@PS (\w+) (\d+) 0x([0-9a-f]{8}) ([A-Za-z0-9+/=]*)")


class FrameError(Exception):
    """A payload that does not fit its type's layout."""


def version(kind):
    return TYPES[kind]["version"]


def oldest(kind):
    return TYPES[kind]["oldest"]


def values(kind):
    """The type's special values by name: {"EXIT": 0xffffffff, ...}."""
    return {v["name"]: v["value"] for v in TYPES[kind].get("values", [])}


def fields(part):
    """A part's (name, type, n) fields; n is None for a single value."""
    if "same_as" in part:
        kind, name = part["same_as"].split(".")
        part = next(p for p in TYPES[kind]["part"] if p["name"] == name)
    return [(f["name"], f["type"], f.get("n")) for f in part["fields"]]


def _fmt(part):
    return "<" + "".join({"u32": "I", "u64": "Q"}[t] * (n or 1) for _, t, n in fields(part))


def _unpack(part, data, at):
    vals = list(struct.unpack_from(_fmt(part), data, at))
    rec = {}
    for name, _, n in fields(part):
        rec[name] = vals[:n] if n else vals[0]
        del vals[:n or 1]
    return rec, at + struct.calcsize(_fmt(part))


def _count(part, head):
    return head[part["count"]] + part.get("count_add", 0)


def _following(kind, part, head):
    """The parts that follow each record of part in this frame: those whose
    flag's bits the head has set."""
    out = []
    for p in TYPES[kind]["part"]:
        if p.get("each") == part["name"]:
            flag = next(v for v in TYPES[kind]["values"] if v["name"] == p["flag"])
            if head[flag["field"]] & flag["value"]:
                out.append(p)
    return out


def read(kind, payload):
    """The payload's version and parts, by name; FrameError if it does not
    fit the layout exactly."""
    if len(payload) < 4:
        raise FrameError("no version word")
    ver = struct.unpack_from("<I", payload)[0]
    if not oldest(kind) <= ver <= version(kind):
        raise FrameError(f"format version {ver}, not {oldest(kind)} to {version(kind)}")
    out, at = {"version": ver}, 4
    try:
        for part in TYPES[kind]["part"]:
            name = part["name"]
            if "each" in part:
                continue  # read with each record of its part, below
            if "bytes" in part:
                n = out["head"][part["bytes"]]
                out[name] = payload[at:at + n]
                if len(out[name]) != n or any(payload[at + n:at + (n + 3) // 4 * 4]):
                    raise FrameError(f"{name}: {n} bytes and zero padding expected")
                at += (n + 3) // 4 * 4
            elif "count" in part:
                out[name] = []
                for _ in range(_count(part, out["head"])):
                    rec, at = _unpack(part, payload, at)
                    for p in _following(kind, part, out["head"]):
                        rec[p["name"]], at = _unpack(p, payload, at)
                    out[name].append(rec)
            elif at == len(payload) and ver < part.get("optional_before", 0):
                out[name] = None
            else:
                out[name], at = _unpack(part, payload, at)
    except struct.error as e:
        raise FrameError(f"the payload ends inside a record ({e})") from None
    if at != len(payload):
        raise FrameError(f"{len(payload) - at} bytes left over")
    return out


def _pack(part, rec):
    vals = []
    for name, _, n in fields(part):
        vals += list(rec[name]) if n else [rec[name]]
    return struct.pack(_fmt(part), *vals)


def pack(kind, parts, version=None):
    """The payload of parts (as read returns them, without "version"); a part
    given as None is left out (an older version's missing tail)."""
    ver = TYPES[kind]["version"] if version is None else version
    out = struct.pack("<I", ver)
    for part in TYPES[kind]["part"]:
        name = part["name"]
        if "each" in part:
            continue
        if "bytes" in part:
            out += parts[name] + bytes(-len(parts[name]) % 4)
        elif "count" in part:
            for rec in parts[name]:
                out += _pack(part, rec) + b"".join(_pack(p, rec[p["name"]])
                                                   for p in _following(kind, part, parts["head"]))
        elif parts.get(name) is not None:
            out += _pack(part, parts[name])
    return out


class Frame:
    """One "@PS" line: its type, the length and CRC it claims, its payload."""

    def __init__(self, at, kind, size, crc, payload):
        self.at, self.kind, self.size, self.crc, self.payload = at, kind, size, crc, payload

    def sound(self):
        return len(self.payload) == self.size and zlib.crc32(self.payload) == self.crc


def frames(text):
    """The frames among lines of console text; a line that starts with @PS
    but is no frame gives a Frame of kind None."""
    for at, text_line in enumerate(text):
        if not text_line.startswith("@PS"):
            continue
        m = LINE.fullmatch(text_line)
        if not m:
            yield Frame(at, None, 0, 0, b"")
            continue
        yield Frame(at, m.group(1), int(m.group(2)), int(m.group(3), 16), base64.b64decode(m.group(4)))


def line(kind, payload, claimed=None, crc=None):
    """A frame line for payload; claimed length or crc set wrong on purpose."""
    size = len(payload) if claimed is None else claimed
    crc = zlib.crc32(payload) if crc is None else crc
    return f"@PS {kind} {size} 0x{crc:08x} {base64.b64encode(payload).decode()}\n"


def trace_frame(first, records):
    """A trace frame line (perf_hwtrace_frame's) of (word0, word1) records,
    its first numbered first."""
    return line("trace", pack("trace", {"head": {"first": first, "n": len(records)},
                                        "record": [{"word0": w0, "word1": w1} for w0, w1 in records]}))


def trace_frames(records, per, skip=(), text=""):
    """The records in trace frames of per each, numbered on, as
    perf_hwtrace_frame writes them, each after the console text text; the
    frames whose index is in skip left out (a log that lost them)."""
    return "".join(text + trace_frame(i, records[i:i + per]) for k, i in enumerate(range(0, len(records), per))
                   if k not in skip)


def raw(kind, payload):
    """The raw form: the header line, then the payload's bytes."""
    return f"@PS {kind} {len(payload)} 0x{zlib.crc32(payload):08x}\n".encode() + payload


# ---- The trace unit's records and trace files ([stream], docs/trace.md) ----

STREAM = DESCRIPTION["stream"]
RECORD_TYPES = {r["code"]: r["name"] for r in STREAM["record"]}
_F = {f["name"]: f for f in STREAM["fields"]}


def _field(word1, name):
    f = _F[name]
    return (word1 >> f["lsb"]) & ((1 << f["width"]) - 1)


def trace_record(rec):
    """One 64-bit record (word 1 in bits 63:32) as a dict: type (its name)
    and word0; for a SYNC its window (G[52:21], word 0; word 1's bits 28:0
    are reserved); for an event its depth (the one before the event) and
    time_lo (G[20:0]); for a LOSS its time_lo (its first dropped event's)
    and rolled (G[20:0] rolled over before that event: its window is not
    the last SYNC's)."""
    w0, w1 = rec & 0xFFFFFFFF, rec >> 32
    kind = RECORD_TYPES[_field(w1, "TYPE")]
    if kind == "SYNC":
        return {"type": kind, "word0": w0, "window": w0}
    if kind == "LOSS":
        return {"type": kind, "word0": w0, "time_lo": _field(w1, "TIME_LO"), "rolled": bool(_field(w1, "ROLLED"))}
    return {"type": kind, "word0": w0, "depth": _field(w1, "DEPTH"), "time_lo": _field(w1, "TIME_LO")}


# A trace file's header, by frames.toml's [stream] header table: the magic
# (with its zero bytes) as bytes, each other field a little-endian unsigned
# integer of its size; the values of those fields are [stream]'s own.
_INT = {1: "B", 2: "H", 4: "I", 8: "Q"}
_HEADER = struct.Struct("<" + "".join(f"{h['bytes']}s" if h["name"] == "magic" else _INT[h["bytes"]]
                                      for h in STREAM["header"]))
assert _HEADER.size == STREAM["header_bytes"], "frames.toml: [stream] header and header_bytes disagree"


def trace_header():
    """A trace file's header: the magic, the format's version, the record
    size."""
    return _HEADER.pack(*(STREAM[h["name"]].encode() if h["name"] == "magic" else STREAM[h["name"]]
                          for h in STREAM["header"]))


def trace_records(data):
    """The records of a trace file's bytes, each with its time: (window of
    the last SYNC << 21) | TIME_LO, a SYNC's its window's start; None
    before the first SYNC, and for a ROLLED LOSS, whose window no record
    gives. FrameError if the header or the length is wrong."""
    hb, rb = _HEADER.size, STREAM["record_bytes"]
    if len(data) < hb:
        raise FrameError("not a trace file: no PSTRACE header")
    head = dict(zip((h["name"] for h in STREAM["header"]), _HEADER.unpack_from(data)))
    magic, ver, size = head["magic"], head["version"], head["record_bytes"]
    if magic != STREAM["magic"].encode().ljust(len(magic), b"\0"):
        raise FrameError("not a trace file: no PSTRACE header")
    if ver != STREAM["version"] or size != rb:
        raise FrameError(f"trace format version {ver}, record size {size}: not {STREAM['version']}, {rb}")
    if (len(data) - hb) % rb:
        raise FrameError("the file ends inside a record")
    lo_bits = _F["TIME_LO"]["width"]
    out, window = [], None
    for at in range(hb, len(data), rb):
        w0, w1 = struct.unpack_from("<II", data, at)
        r = trace_record(w1 << 32 | w0)
        if r["type"] == "SYNC":
            window = r["window"] << lo_bits
            r["time"] = window
        elif window is None or r.get("rolled"):
            r["time"] = None
        else:
            r["time"] = window | r["time_lo"]
        out.append(r)
    return out
