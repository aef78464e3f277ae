"""A small on-disk cache for slow, deterministic results (the Ticket to Ride board layout).

Entries are JSON files named by the SHA-256 of everything the result depends on (the caller's
key: the input's content, the options, the code that computes it), so a changed input is a
different entry and a stale entry is never read. Floats survive JSON exactly, so a cached
result is the very result the computation gives: output never differs because of the cache.

Where: ``$RAILPRINT_CACHE_DIR``, else ``$XDG_CACHE_HOME/railprint``, else
``~/.cache/railprint``. ``RAILPRINT_CACHE_DIR=off`` turns the cache off. A cache that cannot be
read or written is ignored.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, Callable

OFF = ("", "off", "0", "no", "false")


def cache_dir() -> Path | None:
    """The cache folder, or None when the cache is off."""
    chosen = os.environ.get("RAILPRINT_CACHE_DIR")
    if chosen is not None:
        return None if chosen.strip().lower() in OFF else Path(chosen).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "railprint"


def digest(*parts: Any) -> str:
    """SHA-256 of the parts' JSON (``repr`` for anything JSON cannot write)."""
    text = json.dumps(parts, sort_keys=True, default=repr, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def cached(kind: str, key: str, compute: Callable[[], Any], encode: Callable[[Any], Any],
           decode: Callable[[Any], Any]) -> Any:
    """``decode`` of the stored entry ``kind/key``, or ``compute()`` (then stored)."""
    folder = cache_dir()
    if folder is None:
        return compute()
    path = folder / kind / f"{key}.json"
    try:
        return decode(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        pass
    value = compute()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_suffix(f".{os.getpid()}.tmp")
        temp.write_text(json.dumps(encode(value), ensure_ascii=False), encoding="utf-8")
        os.replace(temp, path)
    except OSError:
        pass
    return value
