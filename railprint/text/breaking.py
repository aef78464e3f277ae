"""Where a line may break: the Unicode line breaking algorithm (UAX #14) inside a word, and
hyphenation points from a dictionary.

Words are split at spaces by their callers; :func:`pieces` splits a word further at its UAX #14
break opportunities — after a hyphen (``Insta-|slaughter``), an en dash, a slash (``and/|or``),
around an em dash — and never inside a word of letters (``Łódź``), between a digit and a hyphen
(``3-4``) or before closing punctuation. The rules come from ``uniseg`` (Unicode 16, tested
against the Unicode test file); a word of letters, digits and the punctuation that never opens
a break among them (``.,;:'")]``, an opening ``(``/``[`` first) is answered without it (uniseg
takes ~1–3 ms a word; the answer is the same, ``tests/text/test_breaking.py`` checks it).

:func:`hyphenation` gives the dictionary's hyphenation points of a word (``pyphen``: the LibreOffice
dictionaries; English and Polish are the render's languages), drawn with a hyphen at the break.
"""

from __future__ import annotations

import re
from functools import lru_cache

# letters and digits of the alphabetic scripts before Hebrew (Latin, Greek, Cyrillic, Armenian)
# with combining marks, and the punctuation that opens no break opportunity among them
_PLAIN = re.compile(r"[(\[]?[0-9A-Za-z\u00AA\u00B2\u00B3\u00B5\u00B9\u00BA\u00C0-\u00D6\u00D8-\u00F6"
                    r"\u00F8-\u02AF\u0300-\u036F\u0370-\u0373\u0376\u0377\u037B-\u037D\u037F\u0386\u0388-\u03FF"
                    r"\u0400-\u0481\u0483-\u052F\u0531-\u0556\u0561-\u0587.,;:'\")\]]*")
# the hyphen drawn at a dictionary break
HYPHEN = "-"


def pieces(word: str) -> tuple[str, ...]:
    """``word`` (no spaces) split after each of its UAX #14 break opportunities (a break may
    fall between two pieces, never inside one); a word without any: itself alone."""
    if _PLAIN.fullmatch(word):
        return (word,)
    return _pieces(word) if len(word) <= 256 else _pieces.__wrapped__(word)


@lru_cache(maxsize=8192)
def _pieces(word: str) -> tuple[str, ...]:
    from uniseg.linebreak import line_break_units

    return tuple(line_break_units(word)) or (word,)


LANGUAGES = {"en": "en_GB", "pl": "pl_PL"}
"""The dictionary of each render language (``--lang``)."""


@lru_cache(maxsize=8)
def _dictionary(lang: str):
    import pyphen

    return pyphen.Pyphen(lang=LANGUAGES.get(lang, lang), left=2, right=3)


def hyphenation(word: str, lang: str) -> tuple[int, ...]:
    """The offsets in ``word`` where the ``lang`` dictionary allows a hyphenated break (none in
    a word shorter than 5 letters, none next to anything but letters)."""
    return _hyphenation(word, lang) if len(word) <= 64 else ()


@lru_cache(maxsize=16384)
def _hyphenation(word: str, lang: str) -> tuple[int, ...]:
    # only the letters of the word are hyphenated: "(Insta-slaughter)," gives its letter runs
    points: list[int] = []
    for match in re.finditer(r"[^\W\d_]{5,}", word):
        letters = match.group(0)
        points.extend(match.start() + p for p in _dictionary(lang).positions(letters))
    return tuple(points)


def lines(text: str, width: float, measure) -> list[str]:
    """Greedy lines of ``text`` (paragraphs split at ``\\n`` are the caller's) no wider than
    ``width``: breaks at spaces, else at UAX #14 opportunities inside a word; a piece wider
    than the line stays whole. ``measure(s)``: the width of ``s`` (each trial line is measured
    whole, so kerning across its words counts)."""
    out: list[str] = []
    line = ""
    for word in text.split():
        for n, piece in enumerate(pieces(word)):
            trial = (line + " " + piece if n == 0 else line + piece) if line else piece
            if line and measure(trial) > width:
                out.append(line)
                line = piece
            else:
                line = trial
    if line:
        out.append(line)
    return out
