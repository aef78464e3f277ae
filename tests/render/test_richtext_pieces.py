"""richtext builds a run (parsing) and a piece (placing) once it ends, not again for every word
or mark it grows by: the same runs and pieces as rebuilding them at every step (the reference
below, the code as it was), on random marked-up texts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from railprint.model import richtext
from railprint.model.richtext import (ICON_ADVANCE, ICON_RISE, Piece, Run, TextBox, _TOKEN, _lines, _style_tag,
                                      _unit_width, _unit_widths, face_of, font_of)
from railprint.text.fonts import face_key, metrics, text_width


def _parse_every_step(text, base="regular", base_size=10.0, family=None):
    """The reference: the word's last run rebuilt for every piece added to it."""
    problems, paragraphs = [], []
    bold = italic = False
    styles: list[dict] = []
    current = (face_of(base, False, False), 1.0, None, family)

    def restyle():
        style: dict = {}
        for one in styles:
            style.update(one)
        return face_of(base, bold, italic), style.get("scale", 1.0), style.get("colour"), style.get("family", family)

    for source in text.split("\n"):
        words, word = [], []

        def add(piece, icon=None):
            if not piece and icon is None:
                return
            face, scale, colour, run_family = current
            if icon is not None:
                word.append(Run("", face, icon, scale, colour, run_family))
                return
            for i, part in enumerate(piece.split(" ")):
                if i:
                    if word:
                        words.append(tuple(word))
                    word.clear()
                if part:
                    last = word[-1] if word else None
                    if last is not None and last.icon is None and (last.face, last.scale, last.colour,
                                                                   last.family) == (face, scale, colour, run_family):
                        word[-1] = Run(last.text + part, face, None, scale, colour, run_family)
                    else:
                        word.append(Run(part, face, None, scale, colour, run_family))

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


def _same(piece, run):
    return (piece.face, piece.scale, piece.colour, piece.family) == (run.face, run.scale, run.colour, run.family)


def _place_every_step(lines, size, width, height, align, spacing, valign, family=None):
    """The reference: the open piece rebuilt for every word and run it grows by."""
    m = metrics(face_key(family, "regular"))
    space = text_width(" ", size, face_key(family, "regular"))
    block = m.ascent * size + (len(lines) - 1) * size * spacing - m.descent * size
    top = (height - block) * {"top": 0.0, "middle": 0.5, "bottom": 1.0}[valign]
    pieces = []
    for number, (words, widths, last) in enumerate(lines):
        baseline = top + m.ascent * size + number * size * spacing
        natural = sum(widths) + space * max(0, len(words) - 1)
        gap = space
        if align == "justify" and not last and len(words) > 1:
            gap = space + (width - natural) / (len(words) - 1)
            x = 0.0
        else:
            x = {"left": 0.0, "justify": 0.0, "centre": (width - natural) / 2, "right": width - natural}[align]
        open_text = False
        for i, word in enumerate(words):
            if i:
                first = word[0]
                open_text = open_text and gap == space and first.icon is None and _same(pieces[-1], first)
                if open_text:
                    p = pieces[-1]
                    pieces[-1] = Piece(p.x, baseline, p.text + " ", p.face, None, p.scale, p.colour, p.family)
                x += gap
            for run in word:
                if run.icon:
                    pieces.append(Piece(x + ICON_ADVANCE * size * run.scale / 2, baseline - ICON_RISE * size * run.scale,
                                        "", run.face, run.icon, run.scale, run.colour, run.family))
                    open_text = False
                    x += ICON_ADVANCE * size * run.scale
                    continue
                if open_text and _same(pieces[-1], run):
                    p = pieces[-1]
                    pieces[-1] = Piece(p.x, baseline, p.text + run.text, run.face, None, run.scale, run.colour,
                                       run.family)
                else:
                    pieces.append(Piece(x, baseline, run.text, run.face, None, run.scale, run.colour, run.family))
                open_text = True
                x += _unit_width(run.text, font_of(run)) * size * run.scale
    return TextBox(size, len(lines), tuple(pieces))


PIECES = st.sampled_from(["Ala", "ma", "kota", "Łódź", " ", "  ", "**", "*", ":wagon:", ":star:", "\\*", "\\:",
                          "[colour=red]", "[size=80%]", "[colour=#123456 size=120%]", "[/]", "\n", "10:30", "x"])
TEXTS = st.lists(PIECES, max_size=40).map("".join)


@settings(max_examples=300, deadline=None)
@given(TEXTS, st.sampled_from(["regular", "bold", "italic"]))
def test_runs_are_the_same_as_rebuilding_them_at_every_step(text, base):
    assert richtext._parse.__wrapped__(text, base, 10.0, None) == _parse_every_step(text, base, 10.0, None)


@settings(max_examples=300, deadline=None)
@given(TEXTS, st.sampled_from(["left", "centre", "right", "justify"]), st.floats(20, 200))
def test_pieces_are_the_same_as_rebuilding_them_at_every_step(text, align, width):
    paragraphs, _ = richtext.parse(text, "regular", 10.0)
    widths = _unit_widths(paragraphs)
    lines = _lines(paragraphs, widths, 9.0, width)
    assert richtext._place(lines, 9.0, width, 100.0, align, 1.2, "top") == \
        _place_every_step(lines, 9.0, width, 100.0, align, 1.2, "top")
