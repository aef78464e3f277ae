"""Text boxes laid out: paragraphs of styled runs broken into lines, aligned, and shrunk to fit.

:mod:`railprint.model.richtext` parses a box's markup into paragraphs of words of runs (a run:
text or an inline icon in one style); this module breaks them into lines and places them:

- a word is cut into *segments* at its Unicode break opportunities (UAX #14: after a hyphen, a
  dash, a slash — :func:`railprint.text.breaking.pieces`) and, when the box hyphenates, at its
  dictionary hyphenation points (a hyphen is drawn where a line breaks there);
- lines are filled greedily, segment by segment: a line breaks at a space, else at a break
  opportunity inside a word, else at a hyphenation point (the hyphen must fit too);
- the box is set at ONE size, the largest from its ``size`` down to its ``min_size`` at which
  every line fits the width (every unbreakable segment too) and all lines fit the height: the
  box shrinks only after breaking (and hyphenation) was tried at the larger size;
- each line's pieces (consecutive runs of one style, joined with their spaces) are measured as
  they will be drawn, shaped (:mod:`railprint.text.shaping`), so centred and right-aligned
  lines end where their glyphs end.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from railprint.records import Record
from railprint.text import breaking
from railprint.text.faces import key_of, primary
from railprint.text.fonts import metrics
from railprint.text.shaping import width as shaped_width

ICON_ADVANCE = 1.0   # an inline icon takes a square of side ``size``
ICON_RISE = 0.32     # its centre sits this many ``size`` above the baseline (middle of the capitals)
_ICON_MARK = "x"     # an icon in a word, for the break rules: a letter (nothing breaks at it)


class Piece(NamedTuple):
    """One thing to draw: text from (x, baseline) or an icon of side ``size`` centred on (x, y);
    ``scale`` times the box's size, in ``colour`` (None: the layer's)."""

    x: float
    y: float
    text: str
    face: str
    icon: str | None = None
    scale: float = 1.0
    colour: str | None = None
    family: str | None = None


class TextBox(Record):
    size: float
    lines: int
    pieces: tuple[Piece, ...]


class Segment(NamedTuple):
    """A part of a word no line breaks inside: its runs, its width at 1 pt, whether it starts
    a word (a space before it), and the hyphen's width at 1 pt when a line breaking after it
    needs one (a dictionary break), else 0."""

    runs: tuple
    width: float
    word_start: bool
    hyphen: float


def _run_width(run, font_of) -> float:
    return ICON_ADVANCE * run.scale if run.icon else shaped_width(run.text, run.scale, font_of(run))


def _split_runs(runs: tuple, cuts: list[int]) -> list[tuple]:
    """``runs`` (an icon counts as one character) cut at the character offsets ``cuts``."""
    out: list[tuple] = []
    current: list = []
    at = 0
    cuts = sorted(cuts)
    k = 0
    for run in runs:
        length = 1 if run.icon else len(run.text)
        start = 0
        while k < len(cuts) and cuts[k] < at + length:
            cut = cuts[k] - at
            if run.icon is None and cut > start:
                current.append(run._replace(text=run.text[start:cut]))
                start = cut
            out.append(tuple(current))
            current = []
            k += 1
        if run.icon is not None:
            current.append(run)
        elif start < length:
            current.append(run._replace(text=run.text[start:]) if start else run)
        at += length
    out.append(tuple(current))
    return [piece for piece in out if piece]


def segments(paragraph: tuple, font_of: Callable, lang: str | None = None) -> tuple[Segment, ...]:
    """A paragraph's words cut at their break opportunities (and hyphenation points in
    ``lang``, when given)."""
    out: list[Segment] = []
    for word in paragraph:
        plain = "".join(_ICON_MARK if run.icon else run.text for run in word)
        cuts: dict[int, bool] = {}   # offset -> needs a hyphen
        at = 0
        for piece in breaking.pieces(plain)[:-1]:
            at += len(piece)
            cuts[at] = piece.endswith(breaking.SOFT_HYPHEN)   # a soft hyphen shows where a line breaks
        if lang is not None:
            letters = "".join("\ufffc" if run.icon else run.text for run in word)
            for point in breaking.hyphenation(letters, lang):
                cuts.setdefault(point, True)
        if not cuts:
            out.append(Segment(word, sum(_run_width(run, font_of) for run in word), True, 0.0))
            continue
        offsets = sorted(cuts)
        for n, part in enumerate(_split_runs(word, offsets)):
            hyphen = 0.0
            if n < len(offsets) and cuts[offsets[n]]:
                last = part[-1]
                hyphen = shaped_width(breaking.HYPHEN, last.scale, font_of(last))
            out.append(Segment(part, sum(_run_width(run, font_of) for run in part), n == 0, hyphen))
    return tuple(out)


def break_lines(segs: tuple[Segment, ...], limit: float, space: float, strict: bool
                ) -> list[tuple[int, int]] | None:
    """Greedy lines of ``segs`` no wider than ``limit`` (all at 1 pt): [(first, end)] segment
    ranges. A line breaking after a segment needing a hyphen must fit the hyphen too (else it
    breaks one segment earlier). ``strict``: None when a segment (with its hyphen) is wider
    than ``limit`` on a line of its own; else such a segment overflows its line."""
    out: list[tuple[int, int]] = []
    start, n = 0, len(segs)
    widths: list[float] = []   # the line's width after each of its segments
    i = 0
    while i < n:
        seg = segs[i]
        if i == start:
            if strict and seg.width > limit:
                return None
            widths = [seg.width]
            i += 1
            continue
        trial = widths[-1] + (space if seg.word_start else 0.0) + seg.width
        if trial <= limit:
            widths.append(trial)
            i += 1
            continue
        end = i
        while end - 1 > start and widths[end - 1 - start] + segs[end - 1].hyphen > limit:
            end -= 1
        if strict and widths[end - 1 - start] + segs[end - 1].hyphen > limit:
            return None
        out.append((start, end))
        start = i = end
    if start < n:
        out.append((start, n))
    return out


def fits(paragraphs: tuple, size: float, width: float, height: float, spacing: float, space: float,
         ascent: float, descent: float) -> bool:
    """Do the paragraphs (of segments) fit the box at ``size``? Counts lines only."""
    room = height - (ascent - descent) * size
    if room < 0:
        return False
    most = int(room / (size * spacing) + 1e-9) + 1  # lines that fit the height
    limit = width / size
    count = 0
    for segs in paragraphs:
        found = break_lines(segs, limit, space, True)
        if found is None:
            return False
        count += max(1, len(found))
        if count > most:
            return False
    return True


def set_box(paragraphs: tuple, width: float, height: float, size: float, min_size: float,
            font_of: Callable, align: str = "left", spacing: float = 1.2, valign: str = "top",
            family: str | None = None, lang: str | None = None) -> TextBox | None:
    """Parsed ``paragraphs`` (words of runs) set in a box ``width`` x ``height`` (origin: its
    top-left corner) at one size, the largest from ``size`` down to ``min_size`` that fits;
    None when even ``min_size`` is too big. ``font_of(run)``: the font key a run is set in;
    ``lang``: hyphenate in this language (None: no hyphenation)."""
    base = key_of(primary(family), "regular")   # the regular face of its (first) family
    m = metrics(base)
    space = shaped_width(" ", 1.0, base)
    segs = tuple(segments(p, font_of, lang) for p in paragraphs)
    best = size
    if not fits(segs, size, width, height, spacing, space, m.ascent, m.descent):
        if min_size > size or not fits(segs, min_size, width, height, spacing, space, m.ascent, m.descent):
            return None
        lo, hi = min_size, size
        while hi - lo > 0.01:  # bisect to 0.01 pt: the same size every run
            mid = (lo + hi) / 2
            if fits(segs, mid, width, height, spacing, space, m.ascent, m.descent):
                lo = mid
            else:
                hi = mid
        best = lo
    lines = []
    for p in segs:
        found = break_lines(p, width / best, space, False) or [(0, 0)]
        for number, (first, end) in enumerate(found):
            lines.append((p[first:end], number == len(found) - 1))
    return _place(lines, best, width, height, align, spacing, valign, font_of, space, m)


def _place(lines, size: float, width: float, height: float, align: str, spacing: float, valign: str,
           font_of: Callable, space: float, m) -> TextBox:
    block = m.ascent * size + (len(lines) - 1) * size * spacing - m.descent * size
    top = (height - block) * {"top": 0.0, "middle": 0.5, "bottom": 1.0}[valign]
    pieces: list[Piece] = []
    gap_w = space * size
    for number, (segs, last) in enumerate(lines):
        baseline = top + m.ascent * size + number * size * spacing
        justify = align == "justify" and not last
        # the line as a list of parts: [style, text] pieces, icons, and word gaps (None) where
        # a piece cannot run on (justified lines, a change of style at a space)
        parts: list = []
        for k, seg in enumerate(segs):
            for j, run in enumerate(seg.runs):
                style = (run.face, run.scale, run.colour, run.family)
                gap = k > 0 and j == 0 and seg.word_start
                if run.icon:
                    if gap:
                        parts.append(None)
                    parts.append(run)
                    continue
                open_piece = parts[-1] if parts and type(parts[-1]) is list else None
                if open_piece is not None and open_piece[0] == style and not (gap and justify):
                    open_piece[1] += (" " if gap else "") + run.text
                else:
                    if gap:
                        parts.append(None)
                    parts.append([style, run.text, font_of(run)])
        if segs and segs[-1].hyphen and not last and type(parts[-1]) is list:   # the soft hyphen becomes it
            parts[-1][1] = parts[-1][1].removesuffix(breaking.SOFT_HYPHEN) + breaking.HYPHEN
        widths = []
        for part in parts:
            if part is None:
                widths.append(gap_w)
            elif type(part) is list:
                widths.append(shaped_width(part[1], size * part[0][1], part[2]))
            else:
                widths.append(ICON_ADVANCE * size * part.scale)
        natural = sum(widths)
        gaps = parts.count(None)
        extra = 0.0
        x = 0.0
        if justify and gaps:
            extra = (width - natural) / gaps
        elif align in ("centre", "right"):
            x = (width - natural) / (2 if align == "centre" else 1)
        for part, w in zip(parts, widths):
            if part is None:
                x += w + extra
                continue
            if type(part) is list:
                face, scale, colour, fam = part[0]
                pieces.append(Piece(x, baseline, part[1], face, None, scale, colour, fam))
            else:
                pieces.append(Piece(x + w / 2, baseline - ICON_RISE * size * part.scale, "", part.face,
                                    part.icon, part.scale, part.colour, part.family))
            x += w
    return TextBox(size, len(lines), tuple(pieces))
