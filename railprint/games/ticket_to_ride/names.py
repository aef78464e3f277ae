"""Suggestions for misspelt names, compared the way names are matched (no case, accents, punctuation)."""

from __future__ import annotations

import difflib
from typing import Iterable

from railprint.model.ttr_map import name_key


def closest(name: str, choices: Iterable[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """Up to ``n`` of ``choices`` closest to ``name`` (first spelling kept per matching key)."""
    by_key: dict[str, str] = {}
    for choice in choices:
        by_key.setdefault(name_key(choice), choice)
    wanted = name_key(name)
    found = difflib.get_close_matches(wanted, list(by_key), n=n * 2, cutoff=cutoff)
    if not found and wanted:
        # A prefix typed in full ("Mo" for "Mo i Rana") or a word of a longer name.
        found = [k for k in by_key if k.startswith(wanted) and len(wanted) >= 3]
    result: list[str] = []
    for key in found:
        if by_key[key] not in result:
            result.append(by_key[key])
    return result[:n]


def suggest(name: str, choices: Iterable[str]) -> str:
    """Hint text: "did you mean 'X' or 'Y'?" or the list of accepted values."""
    choices = sorted(set(choices))
    matches = closest(name, choices)
    if matches:
        return "did you mean " + " or ".join(repr(m) for m in matches) + "?"
    if len(choices) <= 12:
        return "expected one of: " + ", ".join(choices)
    return f"none of the {len(choices)} known names is close"
