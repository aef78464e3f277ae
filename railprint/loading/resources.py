"""Where built-in content lives.

A wheel carries the repository's ``content/`` as ``railprint/_content`` (hatch force-include);
a source checkout or an editable install falls back to the repository's top-level ``content/``.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import railprint
from railprint.errors import RailprintError


@lru_cache(maxsize=1)
def content_root() -> Path:
    """The folder holding the built-in content (one sub-folder per game, plus ``sheets/``)."""
    # the package's folder (railprint is a plain package on disk: importlib.resources would give
    # the same folder and costs 10 ms of start-up, a tenth of `railprint score`)
    package = Path(railprint.__file__).parent
    packaged = package / "_content"
    if packaged.is_dir():
        return packaged
    checkout = package.parent / "content"
    if checkout.is_dir():
        return checkout
    raise RailprintError("built-in content not found: the railprint installation is incomplete",
                         hint="reinstall with 'pip install .' from the source folder")


def content_path(*parts: str) -> Path:
    """A path inside the built-in content folder."""
    return content_root().joinpath(*parts)


_USER_LAYERS: list[Path] = []


def use_content(folders) -> None:
    """The user's content folders (``--content``, repeatable), searched after the built-in
    content, later folders first: they add to it, and a file with the same game and id (or a
    map with the same id) replaces the built-in one."""
    _USER_LAYERS[:] = [Path(folder) for folder in folders or ()]


def content_layers() -> list[Path]:
    """The built-in content folder, then the user's folders in the order given."""
    return [content_root(), *_USER_LAYERS]
