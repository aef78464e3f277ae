"""Where a line may break: the Unicode line breaking algorithm (UAX #14) inside a word, and
hyphenation points from a dictionary.

Words are split at spaces by their callers; :func:`pieces` splits a word further at its UAX #14
break opportunities — after a hyphen (``Insta-|slaughter``), an en dash, a slash (``and/|or``),
around an em dash — and never inside a word of letters (``Łódź``), between a digit and a hyphen
(``3-4``) or before closing punctuation. The rules come from ``uniseg`` (Unicode 16, tested
against the Unicode test file); a word of letters, digits and the punctuation that never opens
a break among them (``.,;:'")]``, an opening ``(``/``[`` first), and a compound of words of
letters joined by hyphens, en dashes or slashes, are answered without it (uniseg takes ~3 ms a
word and 80 ms to import; the answers are the same, ``tests/text/test_breaking.py`` checks it).

:func:`hyphenation` gives the dictionary's hyphenation points of a word (``pyphen``: the LibreOffice
dictionaries; English and Polish are the render's languages), drawn with a hyphen at the break.
"""

from __future__ import annotations

import re
from functools import lru_cache

# letters and digits of the alphabetic scripts before Hebrew (Latin, Greek, Cyrillic, Armenian)
# with combining marks, and the punctuation that opens no break opportunity among them (opening
# quotes and brackets first: OP and QU, nothing breaks after them; closing quotes: QU)
_PLAIN = re.compile(r"[(\[\u201C\u201E\u2018\u201A\u00AB]?[0-9A-Za-z\u00AA\u00B2\u00B3\u00B5\u00B9\u00BA\u00C0-\u00D6\u00D8-\u00F6"
                    r"\u00F8-\u02AF\u0300-\u036F\u0370-\u0373\u0376\u0377\u037B-\u037D\u037F\u0386\u0388-\u03FF"
                    r"\u0400-\u0481\u0483-\u052F\u0531-\u0556\u0561-\u0587.,;:'\")\]\u201D\u2019\u00BB]*")
_LETTERS = (r"A-Za-z\u00AA\u00B5\u00BA\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u02AF\u0300-\u036F\u0370-\u0373"
            r"\u0376\u0377\u037B-\u037D\u037F\u0386\u0388-\u03FF\u0400-\u0481\u0483-\u052F\u0531-\u0556"
            r"\u0561-\u0587")
# a compound: words of letters joined by a hyphen, a Unicode hyphen, an en dash or a slash, the
# last maybe followed by plain punctuation ("Insta-slaughter,", "and/or"): a break after each joint
_COMPOUND = re.compile(rf"[{_LETTERS}][{_LETTERS}0-9]*(?:[-\u2010\u2013/][{_LETTERS}][{_LETTERS}0-9]*)+"
                       rf"(?:\.[{_LETTERS}0-9]+)*[.,;:'\")\]]*")
_JOINT = re.compile(r"(?<=[-\u2010\u2013/])")
# the hyphen drawn at a dictionary break, and at a soft hyphen (U+00AD, as word processors insert
# it) where a line breaks after one; elsewhere a soft hyphen stays invisible
HYPHEN = "-"
SOFT_HYPHEN = "\u00ad"


def pieces(word: str) -> tuple[str, ...]:
    """``word`` (no spaces) split after each of its UAX #14 break opportunities (a break may
    fall between two pieces, never inside one); a word without any: itself alone."""
    if len(word) == 1 or _PLAIN.fullmatch(word):   # one character has no break inside
        return (word,)
    if _COMPOUND.fullmatch(word):
        return tuple(_JOINT.split(word))
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
    ``width``: breaks at spaces, else at UAX #14 opportunities inside a word; a piece that
    cannot break stays whole. ``measure(s)``: the shaped width of ``s``. A line's width grows
    by what a piece adds after the line's last character (``measure(last + " " + piece) -
    measure(last)``: kerning across the join counts), not by measuring the line again."""
    out: list[str] = []
    line = ""
    used = 0.0
    for word in text.split():
        for n, piece in enumerate(pieces(word)):
            if not line:
                line, used = piece, measure(piece)
                continue
            join = " " if n == 0 else ""
            last = line[-1]
            trial = used + measure(last + join + piece) - measure(last)
            if trial > width:
                out.append(line)
                line, used = piece, measure(piece)
            else:
                line, used = line + join + piece, trial
    if line:
        out.append(line)
    return out
