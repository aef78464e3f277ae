"""Reading hand-written text files: UTF-8 (a BOM is fine), anything else a located error."""

from __future__ import annotations

from pathlib import Path

from railprint.errors import ContentError, Location, RailprintError


def decode(data: bytes, filename: str, error: type[RailprintError] = ContentError) -> str:
    """Bytes -> text; UTF-16 and invalid UTF-8 are reported at the offending line and column."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise error("the file is UTF-16; save it as UTF-8", Location(filename, 1, 1))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        before = data[:exc.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1:].decode("utf-8", "replace")) + 1
        raise error(f"not UTF-8 text (byte 0x{data[exc.start]:02x})", Location(filename, line, col),
                    "save the file as UTF-8") from None


def read_text(path: str | Path, error: type[RailprintError] = ContentError) -> str:
    """The text of a file, or ``error`` naming the file and what went wrong."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise error(f"cannot read file: {exc.strerror}", Location(str(path))) from None
    return decode(data, str(path), error)
