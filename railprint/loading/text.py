"""Reading hand-written text files: UTF-8 (a BOM is fine), anything else a located error.

Only regular files are read (a FIFO, a device or a folder named ``x.yaml`` is refused before
anything blocks), and at most :data:`MAX_FILE_BYTES` of them.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from railprint import platform
from railprint.errors import ContentError, Location, RailprintError

NOT_REGULAR_PL = "to nie jest zwykły plik (folder, FIFO albo urządzenie); railprint czyta tylko zwykłe pliki"

MAX_FILE_BYTES = 16 * 1024 * 1024
"""Largest content, board or game file railprint reads (16 MiB; the shipped maps are ~40 KB)."""
MAX_YAML_BYTES = 1024 * 1024
"""Largest YAML (or JSON) file railprint parses: content, maps, card lists, Ticket to Ride game
files (1 MiB; the biggest shipped file is 62 KB). The position-keeping YAML reader needs 0.6 s for
a 400 KB list of 5,000 cards and up to 4 s and 270 MB for 1 MiB of the worst shape (``[0,0,…]``);
a 14 MiB game file took 13 s and 0.9 GB, so the cap binds before the parser starts."""
MAX_GAME_BYTES = 256 * 1024
"""Largest end-of-game file of the Days of Steam and Allers scorers (a real one is under 5 KB; the
YAML reader takes about a second for this much), and of a Railroad Ink board (under 1 KB)."""


_STRERROR_PL = {errno.ENOENT: "nie ma takiego pliku", errno.EACCES: "brak uprawnień",
                errno.EPERM: "brak uprawnień", errno.EISDIR: "to folder", errno.ENAMETOOLONG: "za długa nazwa",
                errno.ENOTDIR: "część ścieżki nie jest folderem", errno.ELOOP: "zapętlone dowiązania"}


def _unreadable(error: type[RailprintError], exc: OSError, where: Location) -> RailprintError:
    """'cannot read file: <the system's reason>', in English and Polish."""
    return error(f"cannot read file: {exc.strerror}", where,
                 pl=f"nie da się odczytać pliku: {_STRERROR_PL.get(exc.errno, exc.strerror)}")


def decode(data: bytes, filename: str, error: type[RailprintError] = ContentError) -> str:
    """Bytes -> text; UTF-16 and invalid UTF-8 are reported at the offending line and column."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise error("the file is UTF-16; save it as UTF-8", Location(filename, 1, 1),
                    pl="plik jest w UTF-16; zapisz go jako UTF-8")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"not UTF-8 text (byte 0x{data[exc.start]:02x})", _at(data, exc.start, filename),
                    "save the file as UTF-8",
                    pl=f"to nie jest tekst UTF-8 (bajt 0x{data[exc.start]:02x}; zapisz plik jako UTF-8)") from None
    return text


def _at(data: bytes, offset: int, filename: str) -> Location:
    before = data[:offset]
    line = before.count(b"\n") + 1
    return Location(filename, line, len(before[before.rfind(b"\n") + 1:].decode("utf-8", "replace")) + 1)


def _open_regular(path: str | Path, error: type[RailprintError]) -> tuple[int, os.stat_result]:
    """An fd of the regular file ``path`` and its stat; a FIFO (also behind a symlink), device or
    folder is refused without blocking (railprint.platform.open_regular, then fstat)."""
    where = Location(str(path))
    not_regular = "not a regular file (a folder, FIFO or device); railprint reads only plain files"
    try:  # opening a FIFO must not wait for a writer
        fd = platform.open_regular(path)
    except OSError as exc:
        raise _unreadable(error, exc, where) from None
    if fd is None:
        raise error(not_regular, where, pl=NOT_REGULAR_PL)
    try:
        info = os.fstat(fd)
    except OSError as exc:
        os.close(fd)
        raise _unreadable(error, exc, where) from None
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise error(not_regular, where, pl=NOT_REGULAR_PL)
    return fd, info


def read_head(path: str | Path, size: int = 4096, error: type[RailprintError] = ContentError) -> bytes:
    """The first ``size`` bytes of a regular file (discovery's cheap look at a file's kind), or
    ``error`` naming the file; never blocks on a FIFO."""
    fd, _ = _open_regular(path, error)
    try:
        return os.read(fd, size)
    except OSError as exc:
        raise _unreadable(error, exc, Location(str(path))) from None
    finally:
        os.close(fd)


def read_bytes(path: str | Path, error: type[RailprintError] = ContentError,
               limit: int | None = None) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (default MAX_FILE_BYTES), or
    ``error`` naming the file."""
    limit = MAX_FILE_BYTES if limit is None else limit
    where = Location(str(path))
    fd, info = _open_regular(path, error)
    try:
        too_big = f"the file is larger than {_size(limit)}"
        too_big_pl = f"plik jest większy niż {_size(limit)}"
        if info.st_size > limit:
            raise error(too_big, where, pl=too_big_pl)
        chunks: list[bytes] = []
        total, want = 0, info.st_size + 1  # +1: notice a file that grows while read
        with os.fdopen(os.dup(fd), "rb") as handle:
            while chunk := handle.read(min(want, limit + 1 - total)):
                chunks.append(chunk)
                total += len(chunk)
                if total > limit:
                    raise error(too_big, where, pl=too_big_pl)
                want = 1 << 20
        return b"".join(chunks)
    except OSError as exc:
        raise _unreadable(error, exc, where) from None
    finally:
        os.close(fd)


def _size(limit: int) -> str:
    if limit % (1024 * 1024) == 0:
        return f"{limit // (1024 * 1024)} MiB"
    return f"{limit // 1024} KiB" if limit % 1024 == 0 else f"{limit} bytes"


def read_text(path: str | Path, error: type[RailprintError] = ContentError,
              limit: int | None = None) -> str:
    """The text of a file, or ``error`` naming the file and what went wrong."""
    return decode(read_bytes(path, error, limit), str(path), error)
