"""Names and paths from untrusted content: slugs, and references that must stay inside the
content folder.

- Content ids and game names are *slugs*: ``[a-z0-9][a-z0-9_-]*``, at most 64 characters. They
  become output file and folder names, so nothing else (no ``/``, ``..``, dots, capitals,
  spaces) is accepted.
- A file a content file refers to (a minimap's ``map:``, a board's map path) must resolve —
  symlinks followed — inside the content root being rendered or validated (the ``--content``
  folder or the built-in content; outside a render, the referring file's own folder).
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Iterator

from railprint.errors import ContentError, Location, RailprintError

SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
SLUG_RULE = "lower-case letters a-z, digits, '-' and '_', starting with a letter or digit, at most 64"

_ROOT: ContextVar[Path | None] = ContextVar("railprint_content_root", default=None)


def slug_problem(value: object, what: str) -> str | None:
    """Why ``value`` is not a usable id / game name, or None when it is."""
    if isinstance(value, str) and SLUG.match(value):
        return None
    return f"{what} {value!r} is not a slug"


def is_inside(root: Path, path: Path) -> bool:
    """Whether ``path`` (symlinks resolved) lies inside ``root`` (symlinks resolved)."""
    try:
        Path(path).resolve().relative_to(Path(root).resolve())
    except (ValueError, OSError, RuntimeError):
        return False
    return True


@contextmanager
def content_scope(root: Path) -> Iterator[Path]:
    """While inside, references from content files must stay inside ``root``."""
    token = _ROOT.set(Path(root).resolve())
    try:
        yield root
    finally:
        _ROOT.reset(token)


def referenced(folder: Path, reference: str, where: Location | None,
               error: type[RailprintError] = ContentError) -> Path:
    """The file ``reference`` (relative to ``folder``, the referring file's folder) names,
    refused when it leaves the content root."""
    root = _ROOT.get() or Path(folder).resolve()
    try:
        target = (Path(folder) / reference).resolve()
    except (OSError, RuntimeError, ValueError) as exc:
        raise error(f"bad file reference {reference!r}: {exc}", where) from None
    if not is_inside(root, target):
        raise error(f"{reference!r} points outside the content folder {root}", where,
                    hint="keep referenced files inside the content folder")
    return target
