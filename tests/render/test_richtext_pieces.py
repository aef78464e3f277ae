"""richtext builds a run once it ends, not again for every word or mark it grows by: the same
runs as rebuilding them at every step (the reference below, the code as it was), on random
marked-up texts. (Placing the pieces is tested in tests/text/test_lines.py.)"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from railprint.model import richtext
from railprint.model.richtext import Run, _TOKEN, _style_tag, face_of


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


PIECES = st.sampled_from(["Ala", "ma", "kota", "Łódź", " ", "  ", "**", "*", ":wagon:", ":star:", "\\*", "\\:",
                          "[colour=red]", "[size=80%]", "[colour=#123456 size=120%]", "[/]", "\n", "10:30", "x"])
TEXTS = st.lists(PIECES, max_size=40).map("".join)


@settings(max_examples=300, deadline=None)
@given(TEXTS, st.sampled_from(["regular", "bold", "italic"]))
def test_runs_are_the_same_as_rebuilding_them_at_every_step(text, base):
    assert richtext._parse.__wrapped__(text, base, 10.0, None) == _parse_every_step(text, base, 10.0, None)
