"""Text boxes: light inline markup, paragraph wrapping, alignment and uniform shrink-to-fit.

A ``text`` layer with ``w`` and ``h`` is a box. Its text is split into paragraphs at explicit
newlines, each paragraph is wrapped greedily at spaces, and the whole box is set at ONE size:
the largest size, from the layer's ``size`` down to its ``min_size``, at which every line fits
the width and all lines fit the height. Markup inside a box:

- ``**bold**``, ``*italic*`` (``***both***``); ``\\*`` is a literal asterisk;
- ``:name:`` draws the icon ``name`` inline, at the text's size and colour; ``\\:`` is a
  literal colon (a colon followed by a space or a digit is always literal: ``10:30``);
- ``[colour=red]…[/]`` styled runs: ``colour`` (or ``color``: a palette name or ``#rrggbb``),
  ``size`` (points at the box's full size, or a percentage: ``size=8``, ``size=80%``; the run
  shrinks with the box) and ``font`` (a family the deck declares), several in one tag
  (``[colour=red size=120%]``); ``[/]`` closes the latest open tag; ``\\[`` is a literal
  bracket, and brackets without ``key=`` inside (``[note]``) are plain text.

Layout is pure arithmetic on the font metrics of :mod:`railprint.text.fonts`, cached, and shared by
resolution (does it fit?) and drawing (where does each piece go?).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from railprint.text.faces import itemise, key_of, primary, styled
from railprint.text.fonts import metrics, text_width
from railprint.records import Record

_TOKEN = re.compile(r"\\([*:\\\[])|(\*\*)|(\*)|:([A-Za-z][A-Za-z0-9_-]*):|(\[/\])|\[([A-Za-z]+=[^\[\]]*)\]")
STYLE_KEYS = ("colour", "size", "font")
_TAG_LIKE = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(\s[^<>]*)?/?>")
MIN_SCALE, MAX_SCALE = 0.25, 2.0
ICON_ADVANCE = 1.0   # an inline icon takes a square of side ``size``
ICON_RISE = 0.32     # its centre sits this many ``size`` above the baseline (middle of the capitals)


def face_of(base: str, bold: bool, italic: bool) -> str:
    """The face of a run: the box's face (any weight) made bolder and/or italic by markup."""
    return styled(base, bold, italic)


def _tag_parts(body: str) -> list[str]:
    """``colour=red font=Archivo Narrow, DejaVu Sans`` -> its ``key=value`` parts (a value runs
    to the next `` key=``: family names hold spaces)."""
    return re.split(r"\s+(?=[A-Za-z]+=)", body.strip())


class Run(NamedTuple):
    """A piece of one word in one face; ``icon`` set: an inline icon (``text`` empty).
    ``scale``: its size against the box's; ``colour``: its own (None: the layer's).
    (A named tuple, not a frozen dataclass: made ~1,500 times a render, 4x faster to make.)"""

    text: str
    face: str
    icon: str | None = None
    scale: float = 1.0
    colour: str | None = None
    family: str | None = None


def _style_tag(body: str, base_size: float) -> tuple[dict, str | None]:
    """``colour=red size=8`` -> ({colour: 'red', scale: 0.8}, problem or None)."""
    style: dict = {}
    for part in _tag_parts(body):
        key, _, value = part.partition("=")
        key = {"color": "colour"}.get(key.lower(), key.lower())
        if key not in STYLE_KEYS or not value:
            from railprint.errors import suggestion

            return style, (f"unknown style {part!r} in [{body}]" + ("" if key in STYLE_KEYS else
                           f" ({suggestion(key, STYLE_KEYS)})"))
        if key == "size":
            try:
                scale = float(value[:-1]) / 100 if value.endswith("%") else float(value) / base_size
            except ValueError:
                return style, f"size={value} in [{body}] is not a number of points or a percentage"
            if not MIN_SCALE <= scale <= MAX_SCALE:
                return style, (f"size={value} in [{body}] is {scale:.0%} of the box's size; "
                               f"runs may be {MIN_SCALE:.0%}–{MAX_SCALE:.0%} of it")
            style["scale"] = scale
        elif key == "colour":
            style["colour"] = value
        else:
            style["family"] = None if value == "|" else value   # "|": the built-in family (see rewrite)
    return style, None


def tag_like(text: str) -> list[str]:
    """HTML- or Pango-like tags (``<span foreground="red">``, ``</b>``) in ``text``: printed as
    they are, so worth a warning."""
    return [m.group(0) for m in _TAG_LIKE.finditer(text)]


Word = tuple[Run, ...]
Paragraph = tuple[Word, ...]


def parse(text: str, base: str = "regular", base_size: float = 10.0, family: str | None = None,
          itemised: bool = True) -> tuple[tuple[Paragraph, ...], tuple[str, ...]]:
    """``text`` -> (paragraphs of words of runs, problems such as an unclosed ``**``);
    ``base_size``: the box's size, against which ``[size=8]`` is read; ``family``: the box's
    font family or fallback list (None: the built-in one). ``itemised``: a run in a fallback
    list is cut into runs of one family each, the first of the list that has each character
    (:func:`railprint.text.faces.itemise`); False keeps the lists (for glyph checks)."""
    return _parse(text, base, base_size, family, itemised)   # one cache key however the caller passes them


@lru_cache(maxsize=8192)
def _parse(text: str, base: str, base_size: float, family: str | None, itemised: bool = True
           ) -> tuple[tuple[Paragraph, ...], tuple[str, ...]]:
    problems: list[str] = []
    paragraphs: list[Paragraph] = []
    bold = italic = False
    styles: list[dict] = []  # the open [..] tags, innermost last
    current = (face_of(base, False, False), 1.0, None, family)   # face, scale, colour, family of runs now

    def restyle() -> tuple:
        """The run style after a change of bold, italic or the open tags."""
        style: dict = {}
        for one in styles:
            style.update(one)
        return face_of(base, bold, italic), style.get("scale", 1.0), style.get("colour"), style.get("family", family)

    for source in text.split("\n"):
        words: list[Word] = []
        word: list[Run] = []
        # the word's last run while it is text that may still grow: its pieces and style (the
        # Run is made once it ends, not again for every piece a mark splits it into)
        pending: list[str] = []
        pending_style = current

        def end_run() -> None:
            if pending:
                face, scale, colour, run_family = pending_style
                if itemised and run_family and "|" in run_family:
                    word.extend(Run(piece, face, None, scale, colour, owner)
                                for piece, owner in itemise("".join(pending), run_family, face))
                else:
                    word.append(Run("".join(pending), face, None, scale, colour, run_family))
                pending.clear()

        def add(piece: str, icon: str | None = None) -> None:
            nonlocal pending_style
            if not piece and icon is None:
                return   # nothing between two marks
            if icon is not None:
                end_run()
                face, scale, colour, run_family = current
                word.append(Run("", face, icon, scale, colour, run_family))
                return
            parts = piece.split(" ")
            for i, part in enumerate(parts):
                if i:
                    end_run()
                    if word:
                        words.append(tuple(word))
                    word.clear()
                if part:
                    if pending and pending_style != current:
                        end_run()
                    pending_style = current
                    pending.append(part)

        pos = 0
        for match in _TOKEN.finditer(source):
            add(source[pos:match.start()])
            pos = match.end()
            literal, strong, emphasis, icon, close, tag = match.groups()
            if literal:
                add(literal)
            elif strong:
                bold = not bold
                current = restyle()
            elif emphasis:
                italic = not italic
                current = restyle()
            elif close:
                if styles:
                    styles.pop()
                    current = restyle()
                else:
                    problems.append("a '[/]' closes no open [..] tag")
            elif tag:
                style, problem = _style_tag(tag, base_size)
                if problem:
                    problems.append(problem)
                styles.append(style)
                current = restyle()
            else:
                add("", icon)
        add(source[pos:])
        end_run()
        if word:
            words.append(tuple(word))
        paragraphs.append(tuple(words))
    if bold:
        problems.append("a '**' (bold) is never closed")
    if italic:
        problems.append("a '*' (italic) is never closed (write \\* for an asterisk)")
    if styles:
        problems.append(f"{len(styles)} [..] tag(s) never closed with [/]")
    return tuple(paragraphs), tuple(problems)


def colours(text: str, base: str = "regular", base_size: float = 10.0) -> list[str]:
    """The colours ``text``'s runs name, in order of first use."""
    paragraphs, _ = parse(text, base, base_size)
    return list(dict.fromkeys(run.colour for p in paragraphs for w in p for run in w if run.colour))


def families(text: str, base: str = "regular", base_size: float = 10.0) -> list[str]:
    """The font families ``text``'s runs name (``[font=…]``), in order of first use."""
    paragraphs, _ = parse(text, base, base_size)
    return list(dict.fromkeys(run.family for p in paragraphs for w in p for run in w if run.family))


def rewrite(text: str, colours: dict[str, str], fonts: dict[str, str]) -> str:
    """``text`` with run colour names replaced by ``colours``' values (palette -> #rrggbb) and
    family names by ``fonts``' values (name -> font family key)."""
    def one(match: re.Match) -> str:
        if not match.group(6):
            return match.group(0)
        parts = []
        for part in _tag_parts(match.group(6)):
            key, _, value = part.partition("=")
            if key.lower() in ("colour", "color") and value in colours:
                part = f"{key}={colours[value]}"
            elif key.lower() == "font" and value in fonts:
                part = f"{key}={fonts[value]}"
            parts.append(part)
        return "[" + " ".join(parts) + "]"

    return _TOKEN.sub(one, text)


def runs(text: str, base: str = "regular", base_size: float = 10.0, family: str | None = None,
         itemised: bool = True) -> list[Run]:
    """Every run of ``text`` (for per-font glyph checks)."""
    paragraphs, _ = parse(text, base, base_size, family, itemised)
    return [run for p in paragraphs for w in p for run in w]


def icon_names(text: str, base: str = "regular", base_size: float = 10.0) -> list[str]:
    """The inline icons ``text`` names, in order of first use (the same at any ``base_size``:
    give the box's, and the text is parsed once for all these questions)."""
    paragraphs, _ = parse(text, base, base_size)
    return list(dict.fromkeys(run.icon for p in paragraphs for w in p for run in w if run.icon))


def plain(text: str, base: str = "regular") -> str:
    """The characters ``text`` prints (markup and icons removed), for glyph checks."""
    paragraphs, _ = parse(text, base)
    return "\n".join(" ".join("".join(run.text for run in w) for w in p) for p in paragraphs)


class Piece(NamedTuple):
    """One thing to draw: text from (x, baseline) or an icon of side ``size`` centred on (x, y);
    ``scale`` times the box's size, in ``colour`` (None: the layer's). (A named tuple, as Run.)"""

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


@lru_cache(maxsize=65536)
def _unit_width(text: str, face: str) -> float:
    return text_width(text, 1.0, face)


def _run_width(run: Run, size: float) -> float:
    return (ICON_ADVANCE if run.icon else _unit_width(run.text, font_of(run))) * size * run.scale


def font_of(run: "Run | Piece") -> str:
    """The font key a run is measured and drawn in: its family's nearest face (see
    :func:`railprint.text.faces.key_of`)."""
    return key_of(run.family, run.face)


def _line_font(family: str | None) -> str:
    """The font whose metrics set a box's lines and spaces: the regular face of its (first) family."""
    return key_of(primary(family), "regular")


def _unit_widths(paragraphs) -> tuple[tuple[float, ...], ...]:
    """Each word's width at 1 pt (widths scale with the size: no kerning, no hinting)."""
    return tuple(tuple(sum(_run_width(run, 1.0) for run in word) for word in p) for p in paragraphs)


def _lines(paragraphs, widths, size: float, width: float, family: str | None = None):
    """Greedy wrap (as :func:`_fits` counts it): [(words, their widths, last line of its paragraph)]."""
    limit = width / size  # wrap in 1-pt units
    space = text_width(" ", 1.0, _line_font(family))
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


def _fits(widths, size, width, height, spacing, family: str | None = None) -> bool:
    """Do the words (1-pt widths per paragraph) fit the box at ``size``? Counts lines only."""
    m = metrics(_line_font(family))
    room = height - (m.ascent - m.descent) * size
    if room < 0:
        return False
    most = int(room / (size * spacing) + 1e-9) + 1  # lines that fit the height
    limit = width / size
    space = text_width(" ", 1.0, _line_font(family))
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
           align: str = "left", spacing: float = 1.2, valign: str = "top", family: str | None = None
           ) -> TextBox | None:
    """``text`` set in a box ``width`` x ``height`` (origin: its top-left corner) at one size,
    the largest from ``size`` down to ``min_size`` that fits; None when even ``min_size`` is too big."""
    paragraphs, _ = parse(text, face, size, family)
    widths = _unit_widths(paragraphs)
    best = size
    if not _fits(widths, size, width, height, spacing, family):
        if min_size > size or not _fits(widths, min_size, width, height, spacing, family):
            return None
        lo, hi = min_size, size
        while hi - lo > 0.01:  # bisect to 0.01 pt: the same size every run
            mid = (lo + hi) / 2
            if _fits(widths, mid, width, height, spacing, family):
                lo = mid
            else:
                hi = mid
        best = lo
    return _place(_lines(paragraphs, widths, best, width, family), best, width, height, align, spacing, valign,
                  family)


def _place(lines, size, width, height, align, spacing, valign, family: str | None = None) -> TextBox:
    m = metrics(_line_font(family))
    space = text_width(" ", size, _line_font(family))
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
        # the text piece still open (ending at x): its start, its strings and its style (face,
        # scale, colour, family); a run in that style extends it, and the Piece is made once it
        # closes (not again for every word it grows by)
        start, parts, style = 0.0, [], None
        for i, word in enumerate(words):
            if i:
                first = word[0]
                if gap == space and first.icon is None and (first.face, first.scale, first.colour,
                                                            first.family) == style:
                    parts.append(" ")
                else:
                    _close(pieces, start, baseline, parts, style)
                    style = None
                x += gap
            for run in word:
                if run.icon:
                    _close(pieces, start, baseline, parts, style)
                    style = None
                    pieces.append(Piece(x + ICON_ADVANCE * size * run.scale / 2,
                                        baseline - ICON_RISE * size * run.scale, "", run.face, run.icon,
                                        run.scale, run.colour, run.family))
                    x += ICON_ADVANCE * size * run.scale
                    continue
                own = (run.face, run.scale, run.colour, run.family)
                if style == own:
                    parts.append(run.text)
                else:
                    _close(pieces, start, baseline, parts, style)
                    start, parts, style = x, [run.text], own
                x += _unit_width(run.text, font_of(run)) * size * run.scale
        _close(pieces, start, baseline, parts, style)
    return TextBox(size, len(lines), tuple(pieces))


def _close(pieces: list[Piece], start: float, baseline: float, parts: list[str], style: tuple | None) -> None:
    """End the open text piece of :func:`_place`, if any (``style`` is None when none is open):
    it becomes a Piece."""
    if style is not None:
        pieces.append(Piece(start, baseline, "".join(parts), style[0], None, *style[1:]))
