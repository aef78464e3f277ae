"""The ``kind: styles`` and ``kind: icons`` files beside a deck, found once per state of its folder.

Every deck asks for both (:func:`railprint.loading.paths.files_of_kind` reads the head of each
YAML file in the folder), and the decks of a game share a folder: ``render all`` looked at the
same files ~50 times. The answer is remembered by the folder's state — each YAML file's name,
inode, size and modification time (a saved file changes its time: ``watch`` sees it) — and only
while no entry is a symlink (whose target could change unseen) and the scan found no problem.
"""

from __future__ import annotations

import os
from pathlib import Path

from railprint.loading.paths import files_of_kind

MAX_REMEMBERED = 256   # (folder, kind) answers kept; a content folder has a few dozen folders


def kind_files(folder: Path, kind: str) -> list[Path]:
    """:func:`files_of_kind` of ``folder`` (not recursive), remembered while the folder is unchanged."""
    state = _state(folder)
    if state is None:
        return files_of_kind(folder, kind)
    key = (str(folder), kind)
    found = _FOUND.get(key)
    if found is not None and found[0] == state:
        return list(found[1])
    paths = files_of_kind(folder, kind)
    if len(_FOUND) >= MAX_REMEMBERED:
        _FOUND.clear()
    _FOUND[key] = (state, tuple(paths))
    return paths


_FOUND: dict[tuple[str, str], tuple[tuple, tuple[Path, ...]]] = {}


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
