"""Names and paths from untrusted content: slugs, and references that must stay inside the
content folder.

- Content ids and game names are *slugs*: ``[a-z0-9][a-z0-9_-]*``, at most 64 characters. They
  become output file and folder names, so nothing else (no ``/``, ``..``, dots, capitals,
  spaces) is accepted.
- A file a content file refers to (a minimap's ``map:``, a board's map path) must resolve —
  symlinks followed — inside the content root being rendered or validated (the ``--content``
  folder or the built-in content; outside a render, the referring file's own folder).
  Pictures and card lists must stay in the referring file's own folder or below it.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from railprint.errors import ContentError, Location, RailprintError, clip

SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
SLUG_RULE = "lower-case letters a-z, digits, '-' and '_', starting with a letter or digit, at most 64"

_ROOT: ContextVar[Path | None] = ContextVar("railprint_content_root", default=None)
_READS: ContextVar[set | None] = ContextVar("railprint_reads", default=None)


@contextmanager
def recording_reads() -> Iterator[set[Path]]:
    """While inside, every file a content file refers to (:func:`referenced`: pictures, fonts,
    card lists, maps) and every folder-shared file it looks for (styles and icons files, and
    their folder: :func:`note_read`) is added to the yielded set — what ``watch`` follows to
    rebuild only the sets a saved file affects. Recorded even when a cache answers."""
    reads: set[Path] = set()
    token = _READS.set(reads)
    try:
        yield reads
    finally:
        _READS.reset(token)


def note_read(path: Path) -> None:
    """Add ``path`` (as given: unresolved) to the files :func:`recording_reads` is collecting."""
    reads = _READS.get()
    if reads is not None:
        reads.add(Path(path))


WINDOWS_DEVICES = frozenset({"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
                             *(f"lpt{i}" for i in range(10))})
"""Names Windows keeps for devices, whatever the extension: ``OUT/g/con.pdf`` (or a game folder
``con``) is not a file there. Refused on every system, so a content folder works on all of them."""


_DRIVE = re.compile(r"^[A-Za-z]:")
_SUPERSCRIPT_DEVICES = frozenset(f"{name}{digit}" for name in ("com", "lpt") for digit in "¹²³")


def windows_form(reference: str) -> str | None:
    """What makes ``reference`` a Windows path that no content folder may name, read from its
    letters alone (None: none): a drive (``C:/x``, ``c:x``), a network share or device path
    (``\\\\server\\share``, ``\\\\?\\…``, ``\\\\.\\pipe\\…``, with either slash), a path from the
    drive's root (``\\x``), or a part that is a device name (``CON``, ``nul.png``, ``aux/a.png``,
    ``COM1 .txt``). Refused on every system, so a shared content folder means the same on each:
    on Windows, resolving ``\\\\attacker\\share\\a.png`` connects to that computer (and offers
    the user's sign-in to it) before any check of where the file lies could run."""
    if _DRIVE.match(reference):
        return "names a drive (a Windows path such as C:/…)"
    if reference[:2] in ("\\\\", "\\/", "/\\", "//"):
        return "is a network share or device path (\\\\server\\share)"
    if reference.startswith("\\"):
        return "starts at a drive's root (\\…)"
    for part in re.split(r"[\\/]", reference):
        stem = part.split(".")[0].rstrip(" ").lower()
        if stem in WINDOWS_DEVICES or stem in _SUPERSCRIPT_DEVICES:
            return ("is" if part == reference else f"has {clip(part)}, which is") + \
                " a device's name on Windows (con, prn, aux, nul, com0-9, lpt0-9), not a file's"
    return None


def slug_problem(value: object, what: str) -> tuple[str, str] | None:
    """Why ``value`` is not a usable id / game name and what to write instead (a message and its
    hint), or None when it is."""
    if isinstance(value, str) and SLUG.match(value):
        if value in WINDOWS_DEVICES:
            return (f"{what} {value!r} is a device name on Windows (con, prn, aux, nul, com0-9, lpt0-9): "
                    "its output file cannot be written there", "pick another name")
        return None
    return f"{what} {value!r} is not a slug", SLUG_RULE


def is_inside(root: Path, path: Path) -> bool:
    """Whether ``path`` (symlinks resolved) lies inside ``root`` (symlinks resolved)."""
    return lies_in(resolved(root), path)


def resolved(root: Path) -> Path | None:
    """``root`` with its symlinks resolved (None if that fails), for :func:`lies_in`."""
    try:
        return Path(root).resolve()
    except (OSError, RuntimeError):
        return None


def lies_in(root: Path | None, path: Path) -> bool:
    """:func:`is_inside` for a root already :func:`resolved` (many files of one folder)."""
    if root is None:
        return False
    try:
        Path(path).resolve().relative_to(root)
    except (ValueError, OSError, RuntimeError):
        return False
    return True


@contextmanager
def content_scope(root: Path) -> Iterator[Path]:
    """While inside, references from content files must stay inside ``root``. Each scope
    resolves its references afresh: ``watch`` re-reads a deck whose card list or picture may
    have been swapped for a symlink leading out since the last build."""
    _resolved.cache_clear()
    token = _ROOT.set(Path(root).resolve())
    try:
        yield root
    finally:
        _ROOT.reset(token)


def referenced(folder: Path, reference: str, where: Location | None = None,
               error: type[RailprintError] = ContentError, *, own_folder: bool = False) -> Path:
    """The file ``reference`` (relative to ``folder``, the referring file's folder) names,
    refused when it leaves the content root — or, with ``own_folder`` (pictures, card lists),
    when it leaves ``folder`` itself (``../``, an absolute path, a symlink out)."""
    windows = windows_form(str(reference))
    if windows is not None:   # before any file system call: Windows would open a share to resolve it
        raise error(f"{clip(reference, 80)} {windows}", where,
                    hint="name files relative to the content file's folder (no drive, share or device name)",
                    pl=f"{clip(reference, 80)}: ścieżka Windows z dyskiem, udziałem sieciowym albo nazwą "
                       "urządzenia (podaj plik względem folderu pliku treści, foldery oddzielone '/')")
    if _READS.get() is not None:
        note_read(Path(folder) / str(reference))   # the path as written: the one watch sees change
    try:
        own, target = _resolved(str(folder), str(reference))
    except (OSError, RuntimeError, ValueError) as exc:
        raise error(f"bad file reference {reference!r}: {exc}", where) from None
    root = own if own_folder else _ROOT.get() or own
    if not target.is_relative_to(root):
        raise error(f"{reference!r} is outside the content folder {root}", where,
                    hint="keep pictures and data files in the content file's folder or below it" if own_folder
                    else "keep referenced files inside the content folder")
    return target


@lru_cache(maxsize=1024)
def _resolved(folder: str, reference: str) -> tuple[Path, Path]:
    """``folder`` and ``folder / reference``, symlinks resolved (a deck names its picture once per
    card); a name that is not there as typed but is under another Unicode form of the same letters
    is that file (:func:`_same_letters`)."""
    root = Path(folder).resolve()
    target = root / reference
    if not target.exists() and not reference.isascii():
        target = _same_letters(root, reference)
    return root, target.resolve()


MAX_NAMES_LOOKED_AT = 2000
"""Names of a folder compared with a missing file's name under another Unicode form."""


def _same_letters(root: Path, reference: str) -> Path:
    """``root / reference`` with each missing part replaced by the one name of its folder that is
    the same letters in another Unicode form: ``Łódź.csv`` typed (composed, NFC) and the file
    written by macOS or a zip from it (``Ło`` + U+0301 ``dz`` + U+0301: decomposed, NFD) look
    the same and were "not found". Only names in the folder the reference leads to are looked at
    (the first :data:`MAX_NAMES_LOOKED_AT`), so the result stays where the reference points."""
    import os
    import unicodedata
    from itertools import islice

    here = root
    parts = Path(reference).parts
    for i, part in enumerate(parts):
        step = here / part
        if not step.exists() and part not in ("..", ".") and not part.isascii():
            wanted = unicodedata.normalize("NFC", part)
            try:
                with os.scandir(here) as entries:
                    same = [e.name for e in islice(entries, MAX_NAMES_LOOKED_AT)
                            if unicodedata.normalize("NFC", e.name) == wanted]
            except OSError:
                same = []
            if len(same) != 1:
                return root / reference
            step = here / same[0]
        here = step
    return here


MAX_FOLDER_DEPTH = 32
"""Folders nested below a folder railprint searches (the shipped content nests 3): pathlib's
``rglob`` recurses once per level, and a content folder nested 1,500 deep ended every command in a
RecursionError traceback."""


def walk(folder: Path, suffix: str = "", most: int | None = None) -> list[Path]:
    """What ``sorted(folder.rglob("*" + suffix))`` gives — every entry below ``folder`` whose name
    ends with ``suffix``, folders and symlinks too; symlinked folders are not entered — walked
    without recursion, and a folder nested more than :data:`MAX_FOLDER_DEPTH` deep is an error
    naming it; so is finding more than ``most`` entries (files and folders), if given."""
    import os

    found: list[Path] = []
    waiting = [(str(folder), 0)]
    while waiting:
        here, depth = waiting.pop()
        try:
            with os.scandir(here) as entries:
                listed = list(entries)
        except OSError:
            continue   # as rglob: a folder that cannot be read is passed over
        for entry in listed:
            if entry.name.endswith(suffix):
                found.append(Path(entry.path))
                if most is not None and len(found) > most:
                    raise RailprintError(f"more than {most} files under {folder}",
                                         hint="watch your content folder, not a whole disk")
            try:
                inner = entry.is_dir(follow_symlinks=False)
            except OSError:
                inner = False
            if inner:
                if depth + 1 > MAX_FOLDER_DEPTH:
                    raise ContentError(f"folders nested more than {MAX_FOLDER_DEPTH} deep",
                                       Location(entry.path),
                                       hint="keep content, pictures and maps a few folders deep")
                waiting.append((entry.path, depth + 1))
    return sorted(found)


def files_of_kind(folder: Path, kind: str, recursive: bool = False) -> list[Path]:
    """The ``kind: KIND`` YAML files in ``folder`` (and below it, if ``recursive``): see
    :func:`files_by_kind`."""
    return files_by_kind(folder, (kind,), recursive)[kind]


def files_by_kind(folder: Path, kinds: tuple[str, ...], recursive: bool = False) -> dict[str, list[Path]]:
    """Each of ``kinds`` -> its ``kind: KIND`` YAML files in ``folder`` (and below it, if
    ``recursive``), found by one look at each file's head before any parsing. A symlink leading
    out of the folder is never read, and a FIFO or device is refused, never waited on; every such
    problem is raised at once."""
    from railprint.errors import Location, Problems
    from railprint.loading.text import read_head

    pattern = re.compile(rb"^kind:\s*['\"]?(" + b"|".join(re.escape(k.encode()) for k in kinds)
                         + rb")['\"]?\s*(?:#.*)?$", re.MULTILINE)
    found: dict[str, list[Path]] = {kind: [] for kind in kinds}
    problems = Problems()
    root = resolved(folder)
    for path in walk(folder, ".yaml") if recursive else sorted(folder.glob("*.yaml")):
        if path.name.startswith("_"):
            continue
        # a file right in the folder that is no symlink is inside it (one lstat, not a walk of
        # every folder of its path); anything else is resolved and compared
        if (recursive or path.is_symlink()) and not lies_in(root, path):  # its words could reach an error message
            problems.add("the file leads outside its folder (a symlink?)", Location(str(path)),
                         "copy the file into the folder instead")
            continue
        try:
            head = read_head(path)
        except ContentError as exc:
            problems.items.append(exc)
            continue
        for kind in dict.fromkeys(match.decode() for match in pattern.findall(head)):
            found[kind].append(path)
    problems.raise_if_any(" or ".join(kinds) + " files")
    return found
