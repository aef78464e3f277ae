"""Counted nouns in English and Polish: ``1 card / 2 cards``, ``1 karta / 2 karty / 5 kart``.

A noun is given by its forms: English ``(one, many)``; Polish ``(one, few, many)`` — the form
for 1, for numbers ending in 2-4 (but not 12-14), and for the rest (0, 5-21, 25-31, ...).
"""

from __future__ import annotations

from typing import Sequence

# The nouns printed under component counts; a deck may name its own (``noun:`` in its file).
NOUNS: dict[str, dict[str, tuple[str, ...]]] = {
    "card": {"en": ("card", "cards"), "pl": ("karta", "karty", "kart")},
    "tile": {"en": ("tile", "tiles"), "pl": ("płytka", "płytki", "płytek")},
}


def plural(count: int, forms: str | Sequence[str], lang: str = "en") -> str:
    """The form of a noun that goes with ``count`` (``forms`` as in the module docstring; a bare
    English word gets an ``s``)."""
    if isinstance(forms, str):
        forms = (forms, forms + "s")
    n = abs(count)
    if len(forms) < 3 or lang != "pl":
        return forms[0] if n == 1 else forms[-1]
    if n == 1:
        return forms[0]
    if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14):
        return forms[1]
    return forms[2]


def counted(count: int, forms: str | Sequence[str], lang: str = "en") -> str:
    """``12 kart``, ``22 karty``, ``1 card``."""
    return f"{count} {plural(count, forms, lang)}"
