"""Text boxes: light inline markup, paragraph wrapping, alignment and uniform shrink-to-fit.

A ``text`` layer with ``w`` and ``h`` is a box. Its text is split into paragraphs at explicit
newlines, each paragraph is broken into lines (at spaces, at the Unicode break opportunities
inside words, at hyphenation points when the layer hyphenates), and the whole box is set at ONE
size: the largest size, from the layer's ``size`` down to its ``min_size``, at which every line
fits the width and all lines fit the height (:mod:`railprint.text.lines`). Markup inside a box:

- ``**bold**``, ``*italic*`` (``***both***``); ``\\*`` is a literal asterisk;
- ``:name:`` draws the icon ``name`` inline, at the text's size and colour; ``\\:`` is a
  literal colon (a colon followed by a space or a digit is always literal: ``10:30``);
- ``[colour=red]…[/]`` styled runs: ``colour`` (or ``color``: a palette name or ``#rrggbb``),
  ``size`` (points at the box's full size, or a percentage: ``size=8``, ``size=80%``; the run
  shrinks with the box) and ``font`` (a family the deck declares), several in one tag
  (``[colour=red size=120%]``); ``[/]`` closes the latest open tag; ``\\[`` is a literal
  bracket, and brackets without ``key=`` inside (``[note]``) are plain text.

Layout is cached, and shared by resolution (does it fit?) and drawing (where does each piece go?).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from railprint.text.faces import itemise, key_of, styled
from railprint.text.lines import Piece, TextBox, set_box

_TOKEN = re.compile(r"\\([*:\\\[])|(\*\*)|(\*)|:([A-Za-z][A-Za-z0-9_-]*):|(\[/\])|\[([A-Za-z]+=[^\[\]]*)\]")
STYLE_KEYS = ("colour", "size", "font")
_TAG_LIKE = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(\s[^<>]*)?/?>")
MIN_SCALE, MAX_SCALE = 0.25, 2.0


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


def font_of(run: "Run | Piece") -> str:
    """The font key a run is measured and drawn in: its family's nearest face (see
    :func:`railprint.text.faces.key_of`)."""
    return key_of(run.family, run.face)


@lru_cache(maxsize=4096)
def layout(text: str, width: float, height: float, size: float, min_size: float, face: str = "regular",
           align: str = "left", spacing: float = 1.2, valign: str = "top", family: str | None = None,
           lang: str | None = None) -> TextBox | None:
    """``text`` set in a box ``width`` x ``height`` (origin: its top-left corner) at one size,
    the largest from ``size`` down to ``min_size`` that fits; None when even ``min_size`` is too
    big. ``lang``: hyphenate by that language's dictionary (None: no hyphenation). The lines
    are broken and placed by :mod:`railprint.text.lines`."""
    paragraphs, _ = parse(text, face, size, family)
    return set_box(paragraphs, width, height, size, min_size, font_of, align, spacing, valign, family, lang)
