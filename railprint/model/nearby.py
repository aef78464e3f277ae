"""The ``kind: styles`` and ``kind: icons`` files beside a deck, found once per state of its folder.

Every deck asks for both, and the decks of a game share a folder: ``render all`` looked at the
same files ~50 times. One look at the head of each YAML file in the folder
(:func:`railprint.loading.paths.files_by_kind`) finds both kinds; the answer is remembered by
the folder's state — each YAML file's name, inode, size and modification time (a saved file
changes its time: ``watch`` sees it) — and only while no entry is a symlink (whose target could
change unseen) and the look found no problem.
"""

from __future__ import annotations

import os
from pathlib import Path

from railprint.loading.paths import files_by_kind, files_of_kind, note_read

KINDS = ("styles", "icons")   # what a deck looks for beside it: one look finds both
MAX_REMEMBERED = 256   # folders kept; a content folder has a few dozen folders


def kind_files(folder: Path, kind: str) -> list[Path]:
    """:func:`files_of_kind` of ``folder`` (not recursive), remembered while the folder is
    unchanged for one of :data:`KINDS` (another kind is looked for every time)."""
    note_read(folder)   # (watch: a styles or icons file added to the folder or removed from it)
    state = _state(folder) if kind in KINDS else None
    if state is None:
        found = files_of_kind(folder, kind)
        for path in found:
            note_read(path)
        return found
    key = str(folder)
    found = _FOUND.get(key)
    if found is None or found[0] != state:
        if len(_FOUND) >= MAX_REMEMBERED:
            _FOUND.clear()
        found = _FOUND[key] = (state, {k: tuple(paths) for k, paths in files_by_kind(folder, KINDS).items()})
    for path in found[1][kind]:
        note_read(path)
    return list(found[1][kind])


_FOUND: dict[str, tuple[tuple, dict[str, tuple[Path, ...]]]] = {}


def _state(folder: Path) -> tuple | None:
    """(name, inode, size, mtime) of every ``*.yaml`` entry of ``folder``, sorted; None when one
    is a symlink or not a regular file, or the folder cannot be listed (then nothing is kept)."""
    out = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if not entry.name.endswith(".yaml"):
                    continue
                if not entry.is_file(follow_symlinks=False):
                    return None
                info = entry.stat(follow_symlinks=False)
                out.append((entry.name, info.st_ino, info.st_size, info.st_mtime_ns))
    except OSError:
        return None
    return tuple(sorted(out))
