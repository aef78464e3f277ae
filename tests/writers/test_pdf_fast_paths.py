"""The PDF writer's shortcuts against the exact slow way (docs/performance.md, "Round three:
the PDF writer"): splitting printable ASCII without reportlab gives reportlab's pieces and
leaves its subset state as reportlab would; an item object drawn again (a minimap ground on
every ticket) writes what a fresh copy of it writes, whatever was drawn before it; the colour
operator matches reportlab's HexColor."""

from __future__ import annotations

import dataclasses
import random

from railprint.scene import Circle, Document, Group, Line, Page, Path, Rect, Style, Text, translate
from railprint.writers import pdf
from railprint.writers.pdffile import Fonts

ALPHABET = " abcXYZ019~!()\\[]{}#%/ąęłżźśćńóĄĘŁŻŹŚĆŃÓæøåÆØÅöäÖÄ\u00a0\u2014€ŉ\x7f\x01"


class _Doc:
    """A document handle for reportlab's per-document subset state (any hashable object)."""


def test_split_is_reportlab_splitstring_piece_for_piece():
    rng = random.Random(17)
    for key in ("regular", "bold", "italic"):
        font = pdf._font(key)
        fast, slow = Fonts(), _Doc()
        fast.prefix(font)
        for _ in range(600):
            size = rng.choice([0, 1, 3, 12, 40])
            pool = ALPHABET if rng.random() < 0.5 else ALPHABET[:16]  # plain ASCII half the time
            text = "".join(rng.choice(pool) for _ in range(size))
            assert list(fast.split(font, text)) == font.splitString(text, slow), text
        a, b = font.state[fast], font.state[slow]
        assert (a.assignments, a.subsets, a.nextCode) == (b.assignments, b.subsets, b.nextCode)
        fast.close()
        font.state.pop(slow, None)


def test_split_of_ascii_needs_the_state_reportlab_makes():
    font = pdf._font("regular")
    fonts = Fonts()
    fonts.prefix(font)
    assert fonts.split(font, "Oslo") == ((0, b"Oslo"),)
    assert font.state[fonts].subsets[0][32:36] == [32, 33, 34, 35]  # asciiReadable subset 0
    fonts.close()


def _copy(item):
    """An equal item that is another object (a group's leaves copied, deeply)."""
    if type(item) is Group:
        return Group(tuple(_copy(i) for i in item.items), item.transform, item.clip, item.id)
    return dataclasses.replace(item)


def _shared_document(rng: random.Random) -> Document:
    styles = [Style(fill="#c0392b"), Style(stroke="#1565c0", width=0.8), Style(fill="#ffffff", stroke="#000000"),
              Style(stroke="#000000", width=0.3, dash=(2, 1)), Style(fill="#2e7d32", opacity=0.5),
              Style(stroke="#6d4c41", cap="round", join="round", opacity=0.7), Style(), Style(fill="#000000")]
    shared = [Rect(1, 2, 30, 20, rng.choice(styles)), Rect(5, 5, 10, 10, rng.choice(styles), r=2),
              Line(0, 0, 40, 40, rng.choice(styles)), Circle(20, 20, 7, rng.choice(styles)),
              Path((("M", 0, 0), ("L", 10, 5), ("C", 1, 2, 3, 4, 5, 6), ("Z",)), rng.choice(styles)),
              Text(3, 12, "Oslo – Ørebro", 9, rng.choice(styles)), Text(3, 22, "Łódź", 7, font="bold")]
    pages = []
    for _ in range(3):
        items = []
        for n in range(12):
            own = [Rect(n, n, 5, 5, rng.choice(styles)), Line(n, 0, 0, n, rng.choice(styles))]
            picked = rng.sample(shared, rng.randint(1, len(shared)))
            body = own[:rng.randint(0, 2)] + picked + own[rng.randint(0, 2):]
            items.append(Group(tuple(body), translate(10 * n, 30 * n)))
        pages.append(Page(400, 500, tuple(items)))
    return Document(tuple(pages), title="shared")


def test_an_item_drawn_again_writes_what_a_fresh_copy_writes():
    rng = random.Random(3)
    for _ in range(25):
        doc = _shared_document(rng)
        fresh = Document(tuple(Page(p.width, p.height, tuple(_copy(i) for i in p.items)) for p in doc.pages),
                         title=doc.title)
        assert pdf.to_bytes(doc) == pdf.to_bytes(fresh)


def test_colour_operator_is_hexcolor_s():
    from reportlab.lib.colors import HexColor
    from reportlab.lib.rl_accel import fp_str

    rng = random.Random(5)
    for value in ["#000000", "#ffffff", "#FFFFFF", "#0a0B0c"] + [f"#{rng.randrange(1 << 24):06x}" for _ in range(3000)]:
        colour = HexColor(value)
        assert pdf._rgb(value) == fp_str(colour.red, colour.green, colour.blue), value


def test_the_writer_refuses_missing_glyphs_as_the_document_check_does():
    import pytest

    from railprint.errors import RailprintError
    from railprint.writers import check_document_glyphs, render

    card = Group((Text(1, 2, "snow ☃", 8), Text(1, 9, "ok", 8), Text(1, 9, "京", 8, font="bold")))
    pages = [Page(200, 200, (card, Text(3, 3, f"bad {n} ☂", 9), card, Text(3, 3, "ok", 9))) for n in range(12)]
    doc = Document((Page(200, 200, (Text(0, 0, "京", 7),)), *pages))
    with pytest.raises(RailprintError) as expected:
        check_document_glyphs(doc)
    with pytest.raises(RailprintError) as written:
        render(doc, "pdf")
    assert str(written.value) == str(expected.value) and written.value.hint == expected.value.hint
    assert str(expected.value).count(" uses ") == 10


def _numbers(rng: random.Random, count: int) -> list[float]:
    """Coordinates as a render makes them: whole, mm-derived, tiny, negative, large."""
    pool = [lambda: rng.uniform(-900, 900), lambda: rng.randint(-50, 900) * 72 / 25.4,
            lambda: rng.uniform(0, 1e-6), lambda: float(rng.randint(-9, 3000)), lambda: rng.uniform(0, 2)]
    return [rng.choice(pool)() for _ in range(count)]


def test_circle_path_is_reportlabs_bezier_arc():
    from reportlab.pdfgen import pdfgeom
    from reportlab.lib.rl_accel import fp_str

    rng = random.Random(5)
    for _ in range(3000):
        cx, cy = _numbers(rng, 2)
        r = abs(_numbers(rng, 1)[0]) if rng.random() < 0.95 else rng.choice([0.0, -2.5])
        curves = pdfgeom.bezierArc(cx - r, cy - r, cx + r, cy + r, 0, 360)
        slow = " ".join([fp_str(*curves[0][:2]) + " m", *(fp_str(*curve[2:]) + " c" for curve in curves)])
        assert pdf._circle.__wrapped__(cx, cy, r) == slow, (cx, cy, r)


def test_round_rect_path_is_reportlabs_round_rect():
    from reportlab.pdfgen import pathobject

    rng = random.Random(6)
    for _ in range(3000):
        x, y, w, h = _numbers(rng, 4)
        if rng.random() < 0.2:
            w, h = -w, -h   # a box given from its other corner
        r = abs(_numbers(rng, 1)[0]) % 40
        code: list[str] = []
        pathobject.PDFPathObject(code=code).roundRect(x, y, w, h, r)
        assert pdf._round_rect.__wrapped__(x, y, w, h, r) == "\n".join(code) + "\n", (x, y, w, h, r)


def test_split_of_assigned_characters_is_reportlabs_beyond_the_first_subset():
    """Strings of characters set before take their codes without reportlab's walk: here with
    ~500 distinct characters, so later subsets hold some (those go to reportlab again)."""
    rng = random.Random(23)
    font = pdf._font("regular")
    chars = sorted(chr(code) for code in font.face.charToGlyph if 32 <= code < 0x3000)[:500]
    assert len(chars) > 300
    fast, slow = Fonts(), _Doc()
    fast.prefix(font)
    for _ in range(1500):
        pool = chars if rng.random() < 0.7 else chars[:40] + ["\u00a0", "\u2603"]
        text = "".join(rng.choice(pool) for _ in range(rng.choice([0, 1, 2, 5, 20])))
        assert list(fast.split(font, text)) == font.splitString(text, slow), text
    a, b = font.state[fast], font.state[slow]
    assert (a.assignments, a.subsets, a.nextCode) == (b.assignments, b.subsets, b.nextCode)
    assert len(a.subsets) > 1
    fast.close()
    font.state.pop(slow, None)
