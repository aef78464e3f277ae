"""Tiling a large drawing over pages: read the PDF back and measure it."""

import io
import re

import pdfplumber
import pytest

from railprint.errors import RailprintError
from railprint.layout.tiling import (overview_document, plan_tiles, tile_document)
from railprint.scene import Group, Rect, Style, Text
from railprint.units import mm, to_mm
from railprint.writers import render

W, H = mm(540), mm(800)
FRAME = Style(stroke="#123456", width=2)


def _drawing(w=W, h=H):
    items = [Rect(0, 0, w, h, FRAME)]
    # a name in every 100 mm cell so every tile has something to cull or keep
    for i in range(0, int(to_mm(w)), 100):
        for j in range(0, int(to_mm(h)), 100):
            items.append(Text(mm(i + 50), mm(j + 50), f"Cell{i // 100}x{j // 100}", 12, anchor="middle"))
    items.append(Text(mm(20), mm(20), "Tromsø Göteborg Ålborg København", 14))
    return Group(tuple(items))


def _pdf(doc):
    return pdfplumber.open(io.BytesIO(render(doc, "pdf")[0]))


def _words(page):
    return {w["text"]: w for w in page.extract_words(keep_blank_chars=False)}


def _window_rect(page):
    """The grey cut frame around the tile window (stroke #8a8a8a, 0.3 pt)."""
    found = [r for r in page.rects if r.get("stroking_color") and
             tuple(round(v, 2) for v in r["stroking_color"]) == (0.54, 0.54, 0.54)
             and r["width"] > 300]
    assert len(found) == 1, found
    return found[0]


def test_plan_covers_the_drawing_with_declared_overlap():
    plan = plan_tiles(W, H, paper="a4")
    assert (plan.rows, plan.cols) == (5, 2)  # landscape A4 needs 10 pages, portrait 12
    assert plan.sheet.landscape
    assert plan.step_x == pytest.approx(plan.window.w - mm(10))
    first, last = plan.source(1, 1), plan.source(plan.rows, plan.cols)
    assert first.x <= 0 and first.y <= 0
    assert last.x + last.w >= W and last.y + last.h >= H
    # centred: the spare paper is split evenly
    assert -first.x == pytest.approx(last.x + last.w - W)
    # neighbours overlap by exactly the declared amount
    a, b = plan.source(2, 1), plan.source(2, 2)
    assert a.x + a.w - b.x == pytest.approx(mm(10))
    a, b = plan.source(1, 2), plan.source(2, 2)
    assert a.y + a.h - b.y == pytest.approx(mm(10))


def test_orientation_choice_and_letter():
    assert plan_tiles(W, H, paper="a4", orientation="portrait").pages == 12
    letter = plan_tiles(W, H, paper="letter")
    assert letter.sheet.width == pytest.approx(8.5 * 72) and letter.pages == 12
    small = plan_tiles(mm(100), mm(100), paper="a4")
    assert (small.rows, small.cols) == (1, 1) and small.registration_points() == []


def test_overlap_limits():
    with pytest.raises(RailprintError, match="too small"):
        plan_tiles(W, H, overlap=mm(5))
    with pytest.raises(RailprintError, match="too large"):
        plan_tiles(W, H, overlap=mm(150))


@pytest.mark.parametrize("overlap_mm,paper_name", [(10, "a4"), (15, "a4"), (12, "letter")])
def test_pdf_pages_overlap_by_declared_amount(overlap_mm, paper_name):
    doc = tile_document(_drawing(), W, H, paper=paper_name, overlap=mm(overlap_mm), title="Test board",
                        detail="rev 1")
    plan = plan_tiles(W, H, paper=paper_name, overlap=mm(overlap_mm))
    sheet = plan.sheet
    with _pdf(doc) as pdf:
        assert len(pdf.pages) == plan.pages + 1
        for page in pdf.pages[1:]:
            assert (page.width, page.height) == (pytest.approx(sheet.width, abs=0.01),
                                                 pytest.approx(sheet.height, abs=0.01))
        tiles = {(r, c): pdf.pages[i] for i, (r, c) in enumerate(plan.tiles(), 1)}
        checked_x = checked_y = 0
        for (r, c), page in tiles.items():
            win = _window_rect(page)
            words = {k: v for k, v in _words(page).items() if re.fullmatch(r"#\d+", k)}
            for (r2, c2), axis in (((r, c + 1), "x0"), ((r + 1, c), "top")):
                if (r2, c2) not in tiles:
                    continue
                other = {k: v for k, v in _words(tiles[r2, c2]).items() if re.fullmatch(r"#\d+", k)}
                shared = set(words) & set(other)
                assert len(shared) >= 2, ((r, c), (r2, c2))
                for key in shared:
                    step = words[key][axis] - other[key][axis]
                    size = win["width"] if axis == "x0" else win["height"]
                    # page step = printable window - overlap
                    assert to_mm(size - step) == pytest.approx(overlap_mm, abs=0.05)
                checked_x += axis == "x0"
                checked_y += axis == "top"
        assert checked_x == plan.rows * (plan.cols - 1)
        assert checked_y == plan.cols * (plan.rows - 1)


def test_board_frame_is_drawn_at_declared_size_and_names_survive():
    doc = tile_document(_drawing(), W, H, title="Test board", detail="rev 1")
    with _pdf(doc) as pdf:
        frames = [r for r in pdf.pages[1].rects if r["linewidth"] == pytest.approx(2)]
        assert frames, "board frame missing on tile 1"
        assert to_mm(frames[0]["width"]) == pytest.approx(540, abs=0.05)
        assert to_mm(frames[0]["height"]) == pytest.approx(800, abs=0.05)
        assert "Tromsø Göteborg Ålborg København" in pdf.pages[1].extract_text()


def test_assembly_map_shows_every_page_and_furniture_everywhere():
    for lang, cell, page_word in (("en", "row {r} / col {c}", "p. {n}"),
                                  ("pl", "wiersz {r} / kolumna {c}", "s. {n}")):
        doc = tile_document(_drawing(), W, H, title="Test board", detail="rev 1", lang=lang)
        plan = plan_tiles(W, H)
        with _pdf(doc) as pdf:
            text = pdf.pages[0].extract_text()
            for n, (r, c) in enumerate(plan.tiles(), 2):
                assert cell.format(r=r, c=c) in text
                assert page_word.format(n=n) in text
            label = {"en": "page", "pl": "strona"}[lang]
            for i, page in enumerate(pdf.pages, 1):
                assert f"{label} {i}/{len(pdf.pages)}" in page.extract_text()
                assert "Test board" in page.extract_text()
            tile_label = {"en": "row 3 / col 2 of 5×2", "pl": "wiersz 3 / kolumna 2 z 5×2"}[lang]
            assert tile_label in pdf.pages[1 + plan.tiles().index((3, 2))].extract_text()


def test_tiles_carry_only_what_they_show():
    doc = tile_document(_drawing(), W, H, title="T")
    plan = plan_tiles(W, H)
    with _pdf(doc) as pdf:
        first = pdf.pages[1].extract_text()
        assert "Cell0x0" in first and "Cell4x7" not in first
        last = pdf.pages[plan.pages].extract_text()
        assert "Cell4x7" in last and "Cell0x0" not in last


def test_overview_fits_one_page():
    doc = overview_document(_drawing(), W, H, paper="letter", title="T", detail="rev 1", lang="pl")
    assert len(doc.pages) == 1
    page = doc.pages[0]
    assert page.height > page.width  # portrait board -> portrait sheet
    with _pdf(doc) as pdf:
        text = pdf.pages[0].extract_text()
        assert "Podgląd w skali 1:" in text and "strona 1/1" in text
        assert pdf.pages[0].width == pytest.approx(8.5 * 72)
        frame = max(pdf.pages[0].rects, key=lambda r: r["width"])
        scale = float(re.search(r"1:(\d+,?\d*)", text).group(1).replace(",", "."))
        assert frame["width"] * scale == pytest.approx(W, rel=0.03)
        assert frame["height"] * scale == pytest.approx(H, rel=0.03)
        assert frame["x0"] >= mm(5) and frame["x1"] <= pdf.pages[0].width - mm(5)


def test_a_group_clipped_to_nothing_is_culled_alike_from_short_and_long_lists():
    """A group whose content lies wholly outside its clip draws nothing: it has no box, so the
    plain cull and the grid cull of a long list (64 items or more) both leave it out."""
    from railprint.layout.tiling import _cull, bounding_box
    from railprint.scene import IDENTITY, Group, Rect, Style

    style = Style(fill="#000000")
    hidden = Group((Rect(0, 300, 10, 15, style),), clip=Rect(0, 325, 10, 75))
    assert bounding_box(hidden) is None
    view = (-10, 290, 210, 610)
    for n in (10, 70):
        items = tuple(Rect(i * 3.0, 0, 2, 2, style) for i in range(n)) + (hidden,)
        assert hidden not in _cull(items, view, IDENTITY, None)
        assert hidden not in _cull(items, view, IDENTITY, {})
