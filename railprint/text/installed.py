"""Installed fonts by family name: the system's font folders
(:func:`railprint.platform.font_folders`, or ``RAILPRINT_FONT_PATH``) indexed on the first
lookup of a name no deck declares, and kept for the process.

Only what naming needs is read, with struct, from each file's table directory: the ``name``
table (typographic family and subfamily, IDs 16 and 17, before the legacy IDs 1 and 2) and
``OS/2`` (``usWeightClass``; ``fsSelection`` italic or oblique). Bounded for folders of
thousands of untrusted files: at most :data:`MAX_FILES` files, :data:`MAX_FOLDERS` folders,
symbolic links not followed, 64 KiB read of each table, files over the font size limit and
font collections (``.ttc``) skipped. A file is checked in full (:func:`railprint.text.fonts.load_font_file`)
only when a deck uses it.
"""

from __future__ import annotations

import os
import struct
from functools import lru_cache
from pathlib import Path

MAX_FILES = 20_000
MAX_FOLDERS = 5_000
MAX_TABLE = 64 * 1024
SUFFIXES = (".ttf", ".otf")


def folded(name: str) -> str:
    """A family name as lookups compare it: case and spacing ignored."""
    return "".join(name.casefold().split())


def describe(path: Path) -> tuple[str, int, bool, int] | None:
    """(family, weight, italic, distance of its width from normal) of a font file from its name
    and OS/2 tables (``usWidthClass``: 5 is normal); None when the
    file is not a single TrueType/CFF font or the tables are missing or damaged."""
    from railprint.text.fonts import MAX_FONT_BYTES, MAX_TABLES

    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            head = handle.read(12)
            if size > MAX_FONT_BYTES or len(head) < 12 or head[:4] not in (b"\x00\x01\x00\x00", b"true", b"OTTO"):
                return None
            count = struct.unpack_from(">H", head, 4)[0]
            if count > MAX_TABLES:
                return None
            entries = handle.read(16 * count)
            tables = {}
            for i in range(len(entries) // 16):
                tag, _, offset, length = struct.unpack_from(">4sIII", entries, 16 * i)
                if tag in (b"name", b"OS/2") and offset + length <= size:
                    tables[tag] = (offset, min(length, MAX_TABLE))
            if b"name" not in tables:
                return None
            data = {}
            for tag, (offset, length) in tables.items():
                handle.seek(offset)
                data[tag] = handle.read(length)
    except OSError:
        return None
    try:
        family = _family_name(data[b"name"])
        weight, width, italic = 400, 5, False
        if b"OS/2" in data and len(data[b"OS/2"]) >= 64:
            weight, width = struct.unpack_from(">HH", data[b"OS/2"], 4)
            selection = struct.unpack_from(">H", data[b"OS/2"], 62)[0]
            italic = bool(selection & 0x0201)
    except (struct.error, UnicodeDecodeError):
        return None
    if not family or not 1 <= weight <= 1000:
        return None
    weight = max(100, min(900, (weight + 50) // 100 * 100))   # 350 -> 400: faces are named by hundreds
    return family, weight, italic, abs(width - 5)


def _family_name(table: bytes) -> str | None:
    """The typographic family (ID 16) or else the family (ID 1), Windows Unicode English first,
    then any Windows Unicode record, then Macintosh Roman."""
    count, strings = struct.unpack_from(">HH", table, 2)[0], struct.unpack_from(">H", table, 4)[0]
    best: dict[int, tuple[int, str]] = {}
    for i in range(count):
        platform, encoding, language, name_id, length, offset = struct.unpack_from(">6H", table, 6 + 12 * i)
        if name_id not in (1, 16):
            continue
        raw = table[strings + offset:strings + offset + length]
        if platform == 3 and encoding in (0, 1, 10):
            rank, text = (0 if language == 0x409 else 1), raw.decode("utf-16-be", "replace")
        elif platform == 1 and encoding == 0:
            rank, text = 2, raw.decode("mac_roman", "replace")
        else:
            continue
        if text.strip() and (name_id not in best or rank < best[name_id][0]):
            best[name_id] = (rank, text.strip())
    found = best.get(16) or best.get(1)
    return found[1] if found else None


@lru_cache(maxsize=1)
def index() -> dict[str, dict]:
    """Folded family name -> {'name': as the font spells it, 'faces': {(weight, italic): path}}
    of every font in the font folders (the first file found for a face wins, the user's
    folders come first — unless a later one is nearer the normal width)."""
    from railprint.platform import font_folders

    families: dict[str, dict] = {}
    files = folders = 0
    for root in font_folders():
        if not root.is_dir():
            continue
        for folder, subfolders, names in os.walk(root):   # does not follow symbolic links
            folders += 1
            subfolders.sort()
            for name in sorted(names):
                if not name.lower().endswith(SUFFIXES):
                    continue
                files += 1
                if files > MAX_FILES:
                    return families
                path = Path(folder, name)
                if path.is_symlink():
                    continue
                found = describe(path)
                if found is None:
                    continue
                family, weight, italic, width = found
                entry = families.setdefault(folded(family), {"name": family, "faces": {}, "widths": {}})
                # a family's condensed or expanded files may share its name: the normal width wins
                if width < entry["widths"].get((weight, italic), 99):
                    entry["faces"][weight, italic] = path
                    entry["widths"][weight, italic] = width
            if folders > MAX_FOLDERS:
                return families
    return families


def find(name: str) -> tuple[str, dict[tuple[int, bool], Path]] | None:
    """(the family's own spelling, its faces) of an installed family, or None."""
    entry = index().get(folded(name))
    return None if entry is None else (entry["name"], dict(entry["faces"]))


def names() -> list[str]:
    """Every installed family's name (for suggestions)."""
    return [entry["name"] for entry in index().values()]
