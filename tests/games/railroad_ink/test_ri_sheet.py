"""Railroad Ink board sheets, measured back from the PDF (pdfplumber) and from the scene."""

from __future__ import annotations

import io
from functools import lru_cache

import pdfplumber
import pytest

from railprint.games.railroad_ink.pictograms import LAVA, VOLCANO
from railprint.games.railroad_ink.sheet import BLOCK_H, BLOCK_W, build_sheets
from railprint.layout.paper import paper, usable_area
from railprint.scene import Circle, Group, Line, Path, Rect, Text, apply, compose, IDENTITY
from railprint.units import mm, to_mm
from railprint.writers import render

# From shared/reference/railroad-ink.md (not from the YAML, so the YAML is checked too).
EXITS = {"A2": "h", "A4": "r", "A6": "h", "G2": "h", "G4": "r", "G6": "h",
         "B1": "r", "D1": "h", "F1": "r", "B7": "r", "D7": "h", "F7": "r"}
NETWORK = {2: 4, 3: 8, 4: 12, 5: 16, 6: 20, 7: 24, 8: 28, 9: 32, 10: 36, 11: 40, 12: 45}
VARIANTS = ("base", "meteor", "lava")


@lru_cache(maxsize=None)
def _pdf_pages(paper_name: str, lang: str):
    data = render(build_sheets(paper=paper_name, lang=lang), "pdf")[0]
    out = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            out.append({"rects": page.rects, "lines": page.lines, "curves": page.curves,
                        "text": page.extract_text() or "", "words": page.extract_words(),
                        "width": page.width, "height": page.height})
    return out


def _squares(page):
    """Stroked rects of at least 20 mm and at most 25 mm, i.e. the board squares."""
    found = sorted({(round(r["x0"], 2), round(r["top"], 2), round(r["width"], 2), round(r["height"], 2))
                    for r in page["rects"] if r["stroke"] and mm(19.9) <= r["width"] <= mm(25)
                    and abs(r["width"] - r["height"]) < 0.01})
    return found


def _board(page):
    squares = _squares(page)
    xs = sorted({s[0] for s in squares})
    ys = sorted({s[1] for s in squares})
    size = squares[0][2]
    return squares, xs, ys, size


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("index", range(3))
def test_grid_is_7x7_equal_squares_at_least_20mm(paper_name, index):
    page = _pdf_pages(paper_name, "en")[index]
    squares, xs, ys, size = _board(page)
    assert len(squares) == 49
    assert len(xs) == 7 and len(ys) == 7
    assert to_mm(size) >= 20
    assert all(abs(s[2] - size) < 0.01 and abs(s[3] - size) < 0.01 for s in squares)
    # contiguous: each column starts where the previous one ends
    assert all(abs((b - a) - size) < 0.02 for a, b in zip(xs, xs[1:]))
    assert all(abs((b - a) - size) < 0.02 for a, b in zip(ys, ys[1:]))
    # one small round box inside every square
    # (rounded corners: reportlab draws them as curves)
    boxes = [r for r in page["rects"] + page["curves"]
             if abs(to_mm(r["width"]) - 4) < 0.05 and abs(to_mm(r["height"]) - 4) < 0.05]
    inside = {(x, y) for x, y, _, _ in squares
              if sum(1 for b in boxes if x < b["x0"] < x + size and y < b["top"] < y + size) == 1}
    assert len(inside) == 49


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_centre_3x3_is_outlined(paper_name):
    for page in _pdf_pages(paper_name, "en"):
        _, xs, ys, size = _board(page)
        outlines = [r for r in page["rects"] if r["stroke"] and r["linewidth"] >= 2
                    and abs(r["width"] - 3 * size) < 0.05 and abs(r["height"] - 3 * size) < 0.05]
        assert len(outlines) == 1
        o = outlines[0]
        assert abs(o["x0"] - xs[2]) < 0.05 and abs(o["top"] - ys[2]) < 0.05  # C3 .. E5


def _stub_kind(page, x, y, direction, size):
    """Classify the drawing just outside the board at (x, y) going ``direction``: h, r or None."""
    dx, dy = direction
    reach = mm(6)
    x0, x1 = sorted((x, x + dx * reach))
    y0, y1 = sorted((y, y + dy * reach))
    pad = mm(3.5)
    if dx == 0:
        x0, x1 = x - pad, x + pad
    else:
        y0, y1 = y - pad, y + pad
    near = [ln for ln in page["lines"] if x0 - 0.5 <= ln["x0"] and ln["x1"] <= x1 + 0.5
            and y0 - 0.5 <= ln["top"] and ln["bottom"] <= y1 + 0.5]
    along = lambda ln: (ln["width"] < 0.01) if dx == 0 else (ln["height"] < 0.01)  # noqa: E731
    dashed = [ln for ln in near if along(ln) and ln["dash"] and ln["dash"][0]]
    road = [ln for ln in near if along(ln) and abs(ln["linewidth"] - 0.25 * size) < 0.5]
    sleepers = [ln for ln in near if not along(ln) and not (ln["dash"] and ln["dash"][0])]
    rail = [ln for ln in near if along(ln) and 0.5 < ln["linewidth"] < 3]
    if dashed and road and not sleepers:
        return "h"
    if rail and len(sleepers) >= 2 and not dashed and not road:
        return "r"
    return None


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_exits_of_the_right_type_at_the_right_squares(paper_name):
    for page in _pdf_pages(paper_name, "en"):
        _, xs, ys, size = _board(page)
        right, bottom = xs[-1] + size, ys[-1] + size
        found = {}
        for c in range(7):
            for r, (y, d) in (("A", (ys[0], (0, -1))), ("G", (bottom, (0, 1)))):
                kind = _stub_kind(page, xs[c] + size / 2, y, d, size)
                if kind:
                    found[f"{r}{c + 1}"] = kind
        for r in range(7):
            row = "ABCDEFG"[r]
            for col, (x, d) in (("1", (xs[0], (-1, 0))), ("7", (right, (1, 0)))):
                kind = _stub_kind(page, x, ys[r] + size / 2, d, size)
                if kind:
                    found[f"{row}{col}"] = kind
        assert found == EXITS


def test_everything_fits_the_usable_area_on_a4_and_letter():
    assert BLOCK_W <= mm(200) + 1e-6 and BLOCK_H <= usable_area(paper("letter")).h
    for name in ("a4", "letter"):
        area = usable_area(paper(name))
        doc = build_sheets(paper=name)
        for page in doc.pages:
            sheet = page.items[0]
            assert sheet.id == "sheet"
            x0, y0, x1, y1 = _bbox(sheet)
            assert x0 >= area.x - 0.01 and y0 >= area.y - 0.01
            assert x1 <= area.x + area.w + 0.01 and y1 <= area.y + area.h + 0.01, (name, to_mm(x1), to_mm(y1))


def _bbox(group):
    xs, ys = [], []

    def visit(items, t):
        for item in items:
            if isinstance(item, Group):
                tt = compose(t, item.transform)
                if item.clip is not None:  # a clipped group never draws outside its clip
                    c = item.clip
                    for px, py in ((c.x, c.y), (c.x + c.w, c.y + c.h)):
                        X, Y = apply(tt, px, py)
                        xs.append(X)
                        ys.append(Y)
                    continue
                visit(item.items, tt)
                continue
            pts = []
            if isinstance(item, Rect):
                pts = [(item.x, item.y), (item.x + item.w, item.y + item.h)]
            elif isinstance(item, Line):
                pts = [(item.x1, item.y1), (item.x2, item.y2)]
            elif isinstance(item, Circle):
                pts = [(item.cx - item.r, item.cy - item.r), (item.cx + item.r, item.cy + item.r)]
            elif isinstance(item, Path):
                pts = [(c[i], c[i + 1]) for c in item.cmds for i in range(1, len(c) - 1, 2)]
            elif isinstance(item, Text):
                from railprint.text.measure import text_width
                w = text_width(item.text, item.size, item.font)
                left = {"start": 0, "middle": w / 2, "end": w}[item.anchor]
                pts = [(item.x - left, item.y - item.size * 0.8), (item.x - left + w, item.y + item.size * 0.25)]
            for px, py in pts:
                X, Y = apply(t, px, py)
                xs.append(X)
                ys.append(Y)

    visit((group,), IDENTITY)
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_tables_labels_and_rounds_are_printed(lang):
    pages = _pdf_pages("a4", lang)
    score = {"en": ["Exits", "Longest highway", "Longest railway", "Centre", "Errors", "Expansion", "Total"],
             "pl": ["Sieci", "Najdłuższa autostrada", "Najdłuższa linia kolejowa", "Pola centralne", "Błędy",
                    "Punkty z rozszerzenia", "Razem"]}[lang]
    round_word = {"en": "Round", "pl": "Runda"}[lang]
    for variant, page in zip(VARIANTS, pages):
        text = page["text"]
        for label in score:
            assert label in text
        words = [w["text"] for w in page["words"]]
        # network table: the exits row and the points row, in order
        assert " ".join(str(k) for k in NETWORK) in text
        assert " ".join(str(v) for v in NETWORK.values()) in text
        rounds = 7 if variant == "base" else 6
        assert f"{round_word} {rounds}" in text and f"{round_word} {rounds + 1}" not in text
        for letter in "ABCDEFG":
            assert letter in words
    assert ("Special routes" if lang == "en" else "Trasy specjalne") in pages[0]["text"]
    assert ("crater" if lang == "en" else "krater") in pages[1]["text"]
    assert ("volcano" if lang == "en" else "wulkan") in pages[2]["text"]


def _leaves_with_ids(items, t=IDENTITY, ids=()):
    for item in items:
        if isinstance(item, Group):
            yield from _leaves_with_ids(item.items, compose(t, item.transform), ids + ((item.id,) if item.id else ()))
        else:
            yield item, t, ids


def test_lava_sheet_has_the_volcano_drawn_in_d4_and_others_do_not():
    doc = build_sheets()
    for variant, page in zip(VARIANTS, doc.pages):
        pdf_page = _pdf_pages("a4", "en")[VARIANTS.index(variant)]
        _, xs, ys, size = _board(pdf_page)
        cones = [apply(t, *item.cmds[0][1:3]) for item, t, ids in _leaves_with_ids(page.items)
                 if isinstance(item, Path) and item.style.fill == VOLCANO and "sheet" in ids and "grid" in ids]
        if variant == "lava":
            assert cones, "no volcano on the lava sheet"
            for x, y in cones:  # D4 = column 4, row D
                assert xs[3] <= x <= xs[3] + size and ys[3] <= y <= ys[3] + size
            lava = [item for item, _, ids in _leaves_with_ids(page.items)
                    if isinstance(item, Path) and item.style.stroke == LAVA and "predrawn-D4" in ids
                    and item.style.width > 0.3 * size]
            assert len(lava) == 4  # lava reaching all four sides
        else:
            assert not cones


def test_six_special_routes_and_nine_dice_reference_faces():
    page = build_sheets().pages[0]
    ids = {i for _, _, chain in _leaves_with_ids(page.items) for i in chain}
    specials = {i for i in ids if i.startswith("special-") and i != "special-routes"}
    assert specials == {"special-highway-cross", "special-railway-cross", "special-station-3h",
                        "special-station-3r", "special-station-corner", "special-station-opposite"}
    refs = {i for i in ids if i.startswith("ref-")}
    assert refs == {"ref-highway-straight", "ref-railway-straight", "ref-highway-curve", "ref-railway-curve",
                    "ref-highway-t", "ref-railway-t", "ref-overpass", "ref-station-straight", "ref-station-curve"}
    # a tick box per face per round: 9 x 7
    ticks = [item for item, _, chain in _leaves_with_ids(page.items)
             if isinstance(item, Rect) and "dice-reference" in chain and item.style.fill is None
             and abs(to_mm(item.w) - to_mm(item.h)) < 0.01
             and to_mm(item.w) < 5]
    assert len(ticks) == 63


def test_furniture_on_every_page():
    doc = build_sheets(paper="letter", lang="pl")
    for i, page in enumerate(doc.pages, 1):
        assert any(isinstance(it, Group) and it.id == f"furniture-{i}" for it in page.items)
    text = _pdf_pages("letter", "pl")[0]["text"]
    assert "50 mm" in text and "strona 1/3" in text


def test_blank_sheets_are_byte_identical():
    assert render(build_sheets(), "pdf") == render(build_sheets(), "pdf")
