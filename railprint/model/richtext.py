"""Text boxes: light inline markup, paragraph wrapping, alignment and uniform shrink-to-fit.

A ``text`` layer with ``w`` and ``h`` is a box. Its text is split into paragraphs at explicit
newlines, each paragraph is wrapped greedily at spaces, and the whole box is set at ONE size:
the largest size, from the layer's ``size`` down to its ``min_size``, at which every line fits
the width and all lines fit the height. Markup inside a box:

- ``**bold**``, ``*italic*`` (``***both***``); ``\\*`` is a literal asterisk;
- ``:name:`` draws the icon ``name`` inline, at the text's size and colour; ``\\:`` is a
  literal colon (a colon followed by a space or a digit is always literal: ``10:30``).

Layout is pure arithmetic on the font metrics of :mod:`railprint.fonts`, cached, and shared by
resolution (does it fit?) and drawing (where does each piece go?).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from railprint.fonts import metrics, text_width

_TOKEN = re.compile(r"\\([*:\\])|(\*\*)|(\*)|:([A-Za-z][A-Za-z0-9_-]*):")
ICON_ADVANCE = 1.0   # an inline icon takes a square of side ``size``
ICON_RISE = 0.32     # its centre sits this many ``size`` above the baseline (middle of the capitals)


def face_of(base: str, bold: bool, italic: bool) -> str:
    bold = bold or base in ("bold", "bolditalic")
    italic = italic or base in ("italic", "bolditalic")
    return ("bold" if bold else "") + ("italic" if italic else "") or "regular"


@dataclass(frozen=True)
class Run:
    """A piece of one word in one face; ``icon`` set: an inline icon (``text`` empty)."""

    text: str
    face: str
    icon: str | None = None


Word = tuple[Run, ...]
Paragraph = tuple[Word, ...]


@lru_cache(maxsize=8192)
def parse(text: str, base: str = "regular") -> tuple[tuple[Paragraph, ...], tuple[str, ...]]:
    """``text`` -> (paragraphs of words of runs, problems such as an unclosed ``**``)."""
    problems: list[str] = []
    paragraphs: list[Paragraph] = []
    bold = italic = False
    for source in text.split("\n"):
        words: list[Word] = []
        word: list[Run] = []

        def add(piece: str, icon: str | None = None) -> None:
            face = face_of(base, bold, italic)
            if icon is not None:
                word.append(Run("", face, icon))
                return
            parts = piece.split(" ")
            for i, part in enumerate(parts):
                if i:
                    if word:
                        words.append(tuple(word))
                    word.clear()
                if part:
                    if word and word[-1].face == face and word[-1].icon is None:
                        word[-1] = Run(word[-1].text + part, face)
                    else:
                        word.append(Run(part, face))

        pos = 0
        for match in _TOKEN.finditer(source):
            add(source[pos:match.start()])
            pos = match.end()
            literal, strong, emphasis, icon = match.groups()
            if literal:
                add(literal)
            elif strong:
                bold = not bold
            elif emphasis:
                italic = not italic
            else:
                add("", icon)
        add(source[pos:])
        if word:
            words.append(tuple(word))
        paragraphs.append(tuple(words))
    if bold:
        problems.append("a '**' (bold) is never closed")
    if italic:
        problems.append("a '*' (italic) is never closed (write \\* for an asterisk)")
    return tuple(paragraphs), tuple(problems)


def icon_names(text: str, base: str = "regular") -> list[str]:
    """The inline icons ``text`` names, in order of first use."""
    paragraphs, _ = parse(text, base)
    return list(dict.fromkeys(run.icon for p in paragraphs for w in p for run in w if run.icon))


def plain(text: str, base: str = "regular") -> str:
    """The characters ``text`` prints (markup and icons removed), for glyph checks."""
    paragraphs, _ = parse(text, base)
    return "\n".join(" ".join("".join(run.text for run in w) for w in p) for p in paragraphs)


@dataclass(frozen=True)
class Piece:
    """One thing to draw: text from (x, baseline) or an icon of side ``size`` centred on (x, y)."""

    x: float
    y: float
    text: str
    face: str
    icon: str | None = None


@dataclass(frozen=True)
class TextBox:
    size: float
    lines: int
    pieces: tuple[Piece, ...]


@lru_cache(maxsize=65536)
def _unit_width(text: str, face: str) -> float:
    return text_width(text, 1.0, face)


def _run_width(run: Run, size: float) -> float:
    return ICON_ADVANCE * size if run.icon else _unit_width(run.text, run.face) * size


def _unit_widths(paragraphs) -> tuple[tuple[float, ...], ...]:
    """Each word's width at 1 pt (widths scale with the size: no kerning, no hinting)."""
    return tuple(tuple(sum(_run_width(run, 1.0) for run in word) for word in p) for p in paragraphs)


def _lines(paragraphs, widths, size: float, width: float):
    """Greedy wrap (as :func:`_fits` counts it): [(words, their widths, last line of its paragraph)]."""
    limit = width / size  # wrap in 1-pt units
    space = text_width(" ", 1.0)
    out = []
    for paragraph, unit in zip(paragraphs, widths):
        line: list[Word] = []
        sizes: list[float] = []
        used = 0.0
        for word, w in zip(paragraph, unit):
            if line and used + space + w > limit:
                out.append((line, [v * size for v in sizes], False))
                line, sizes, used = [], [], 0.0
            used += (space if line else 0.0) + w
            line.append(word)
            sizes.append(w)
        out.append((line, [v * size for v in sizes], True))
    return out


def _fits(widths, size, width, height, spacing) -> bool:
    """Do the words (1-pt widths per paragraph) fit the box at ``size``? Counts lines only."""
    m = metrics("regular")
    room = height - (m.ascent - m.descent) * size
    if room < 0:
        return False
    most = int(room / (size * spacing) + 1e-9) + 1  # lines that fit the height
    limit = width / size
    space = text_width(" ", 1.0)
    lines = 0
    for unit in widths:
        lines += 1
        used = -1.0
        for w in unit:
            if w > limit:
                return False
            if used >= 0 and used + space + w > limit:
                lines += 1
                used = w
            else:
                used = w if used < 0 else used + space + w
        if lines > most:
            return False
    return True


@lru_cache(maxsize=4096)
def layout(text: str, width: float, height: float, size: float, min_size: float, face: str = "regular",
           align: str = "left", spacing: float = 1.2, valign: str = "top") -> TextBox | None:
    """``text`` set in a box ``width`` x ``height`` (origin: its top-left corner) at one size,
    the largest from ``size`` down to ``min_size`` that fits; None when even ``min_size`` is too big."""
    paragraphs, _ = parse(text, face)
    widths = _unit_widths(paragraphs)
    best = size
    if not _fits(widths, size, width, height, spacing):
        if min_size > size or not _fits(widths, min_size, width, height, spacing):
            return None
        lo, hi = min_size, size
        while hi - lo > 0.01:  # bisect to 0.01 pt: the same size every run
            mid = (lo + hi) / 2
            if _fits(widths, mid, width, height, spacing):
                lo = mid
            else:
                hi = mid
        best = lo
    return _place(_lines(paragraphs, widths, best, width), best, width, height, align, spacing, valign)


def _place(lines, size, width, height, align, spacing, valign) -> TextBox:
    m = metrics("regular")
    space = text_width(" ", size)
    block = m.ascent * size + (len(lines) - 1) * size * spacing - m.descent * size
    top = (height - block) * {"top": 0.0, "middle": 0.5, "bottom": 1.0}[valign]
    pieces: list[Piece] = []
    for number, (words, widths, last) in enumerate(lines):
        baseline = top + m.ascent * size + number * size * spacing
        natural = sum(widths) + space * max(0, len(words) - 1)
        gap = space
        if align == "justify" and not last and len(words) > 1:
            gap = space + (width - natural) / (len(words) - 1)
            x = 0.0
        else:
            x = {"left": 0.0, "justify": 0.0, "centre": (width - natural) / 2,
                 "right": width - natural}[align]
        open_text = False  # the last piece is text ending at x: a run in its face may extend it
        for i, word in enumerate(words):
            if i:
                first = word[0]
                open_text = (open_text and gap == space and first.icon is None
                             and pieces[-1].face == first.face)
                if open_text:
                    pieces[-1] = Piece(pieces[-1].x, baseline, pieces[-1].text + " ", first.face)
                x += gap
            for run in word:
                if run.icon:
                    pieces.append(Piece(x + ICON_ADVANCE * size / 2, baseline - ICON_RISE * size, "", run.face,
                                        run.icon))
                    open_text = False
                    x += ICON_ADVANCE * size
                    continue
                if open_text and pieces[-1].face == run.face:
                    pieces[-1] = Piece(pieces[-1].x, baseline, pieces[-1].text + run.text, run.face)
                else:
                    pieces.append(Piece(x, baseline, run.text, run.face))
                open_text = True
                x += _unit_width(run.text, run.face) * size
    return TextBox(size, len(lines), tuple(pieces))
