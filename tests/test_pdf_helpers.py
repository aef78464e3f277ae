"""The test helpers that read PDFs back with pdfium (fast) measure what pdfplumber measures."""

from __future__ import annotations

import io
from collections import Counter

import pdfplumber
import pytest

from railprint.scene import Document, Group, Line, Page, Path, Rect, Style, Text, compose, rotate, translate
from railprint.units import mm, to_mm
from railprint.writers import render
from tests.helpers import objects_near_edge, pdf_curves, pdf_rects


def _pdf(items) -> bytes:
    return render(Document((Page(mm(210), mm(297), items),)), "pdf")[0]


def test_rects_are_pdfplumbers_rects():
    """``pdf_rects``: filled and stroked rectangles, turned a quarter, inside a repeated group (a
    form XObject) — and no rounded rectangle, line or slanted quad."""
    card = Group((Rect(0, 0, mm(50), mm(74), Style(fill="#ffcc00")), Rect(mm(5), mm(5), mm(10), mm(3)),
                  Rect(mm(20), mm(20), mm(10), mm(10), r=mm(2)), Line(0, 0, mm(50), mm(74))))
    items = (Group((card,), transform=translate(mm(10), mm(10))),
             Group((card,), transform=compose(translate(mm(150), mm(100)), rotate(90))),
             Rect(mm(12.3456), mm(200.1), mm(63.5), mm(88.9), Style(stroke="#000000", width=0.3)),
             Path((("M", 10, 10), ("L", 60, 12), ("L", 60, 40), ("L", 10, 40), ("Z",))))
    data = _pdf(items)
    assert b"/Form" in data
    [(w, h, rects)] = pdf_rects(data)
    key = ("x0", "x1", "top", "bottom", "width", "height")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        expected = pdf.pages[0].rects
    assert (w, h) == pytest.approx((210, 297), abs=0.01)
    assert len(rects) == len(expected) == 5
    ours = sorted(tuple(r[k] for k in key) for r in rects)
    theirs = sorted(tuple(float(r[k]) for k in key) for r in expected)
    for a, b in zip(ours, theirs):
        assert a == pytest.approx(b, abs=1e-3)
    sizes = Counter((round(to_mm(r["width"]), 2), round(to_mm(r["height"]), 2)) for r in rects)
    assert sizes == {(50, 74): 1, (74, 50): 1, (10, 3): 1, (3, 10): 1, (63.5, 88.9): 1}


def test_the_edge_check_finds_text_and_drawings_where_pdfplumber_does():
    """``objects_near_edge`` reads with pdfium: characters (turned ones too) and paths, also
    inside a repeated group (a form XObject), at the distances pdfplumber measures."""
    tick = Group((Line(0, 0, mm(8), mm(3)), Text(0, mm(6), "Żółw", 9)))      # drawn twice: a form
    items = (Text(mm(3), mm(100), "Łódź", 10), Rect(mm(20), mm(20), mm(50), mm(30)),
             Group((tick,), transform=translate(mm(200), mm(150))),
             Group((tick,), transform=translate(mm(100), mm(150))),
             Group((Text(0, 0, "Tromsø", 12),), transform=compose(translate(mm(105), mm(268)), rotate(90))))
    data = _pdf(items)
    assert b"/Form" in data
    found = objects_near_edge(data)
    nearest = {kind: min(d for _, k, d in found if k == kind) for kind in ("chars", "paths")}
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        expected = {kind: min(to_mm(min(o["x0"], o["top"], page.width - o["x1"], page.height - o["bottom"]))
                              for k in kinds for o in getattr(page, k))
                    for kind, kinds in (("chars", ("chars",)), ("paths", ("lines", "rects", "curves")))}
    assert nearest == pytest.approx(expected, abs=0.02)
    assert nearest["paths"] == pytest.approx(2, abs=0.02)          # the line 2 mm from the right edge
    assert {d for _, k, d in found if k == "chars"} >= {3.0}       # Ł starts 3 mm from the left edge
    assert objects_near_edge(data, limit=1) == []


def test_curves_are_pdfplumbers_curves():
    """``pdf_curves``: circles (in a form too), a Bézier whose control points reach beyond it, a
    slanted quad — with pdfplumber's boxes and line widths; no line or rectangle."""
    from railprint.scene import Circle

    ring = Group((Circle(0, 0, mm(3), Style(stroke="#000000", width=0.35)),))
    items = (Group((ring,), transform=translate(mm(30), mm(40))), Group((ring,), transform=translate(mm(90), mm(40))),
             Path((("M", 100, 300), ("C", 100, 100, 300, 100, 300, 300)), Style(stroke="#ff0000", width=2)),
             Path((("M", 10, 10), ("L", 60, 12), ("L", 60, 40), ("L", 10, 40), ("Z",))),
             Line(0, 0, mm(50), mm(74)), Rect(mm(5), mm(5), mm(10), mm(3)))
    data = _pdf(items)
    assert b"/Form" in data
    [curves] = pdf_curves(data)
    key = ("x0", "x1", "top", "bottom", "width", "height", "linewidth")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        expected = pdf.pages[0].curves
    assert len(curves) == len(expected) == 4
    ours = sorted(tuple(c[k] for k in key) for c in curves)
    theirs = sorted(tuple(float(c[k]) for k in key) for c in expected)
    for a, b in zip(ours, theirs):
        assert a == pytest.approx(b, abs=1e-3)
