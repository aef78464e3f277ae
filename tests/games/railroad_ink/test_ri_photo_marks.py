"""The photo marks on printed Railroad Ink sheets, read back from the PDF (pdfplumber, pypdfium2)."""

from __future__ import annotations

import io
from functools import lru_cache

import pdfplumber
import pytest

from railprint.games.railroad_ink.photo import layout
from railprint.games.railroad_ink.rollwrite import tonight_sheet
from railprint.games.railroad_ink.sheet import build_sheets
from railprint.units import mm
from railprint.writers import render

VARIANTS = ("none", "meteor", "lava")


def _read(data: bytes):
    out = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            out.append({"rects": page.rects, "words": page.extract_words(), "chars": page.chars})
    return out


@lru_cache(maxsize=None)
def _blank(paper_name: str):
    data = render(build_sheets(paper=paper_name), "pdf")[0]
    return data, _read(data)


@lru_cache(maxsize=None)
def _tonight(expansion: str):
    data = render(tonight_sheet(4242, expansion=expansion, date="2026-11-28"), "pdf")[0]
    return data, _read(data)


def _grid_origin(page):
    squares = [r for r in page["rects"] if r["stroke"] and mm(20.9) <= r["width"] <= mm(21.1)
               and abs(r["width"] - r["height"]) < 0.01]
    assert len(squares) == 49
    return min(r["x0"] for r in squares), min(r["top"] for r in squares)


def _black_fills(page):
    return [r for r in page["rects"] if r["fill"] and not r["stroke"]
            and tuple(r.get("non_stroking_color") or ()) in ((0,), (0, 0, 0), (0.0, 0.0, 0.0))]


def _marker_bits(page, place, gx, gy):
    """The 6 x 6 cells of the marker at ``place`` sampled from the black rectangles in the PDF."""
    fills = _black_fills(page)
    cell = mm(layout.MARKER_MM) / layout.MARKER_CELLS
    x0, y0 = gx + mm(place.x), gy + mm(place.y)
    cells = set()
    for r in range(layout.MARKER_CELLS):
        for c in range(layout.MARKER_CELLS):
            px, py = x0 + (c + 0.5) * cell, y0 + (r + 0.5) * cell
            if any(f["x0"] <= px <= f["x1"] and f["top"] <= py <= f["bottom"] for f in fills):
                cells.add((r, c))
    return cells


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_every_blank_sheet_has_four_markers_at_the_grid_corners(paper_name):
    _, pages = _blank(paper_name)
    for expansion, page in zip(VARIANTS, pages):
        gx, gy = _grid_origin(page)
        places = layout.marker_places(expansion)
        assert [p.corner for p in places] == [0, 1, 2, 3]
        for place in places:
            cells = _marker_bits(page, place, gx, gy)
            assert cells == set(layout.marker_cells(place.id)), (expansion, place)
            assert layout.decode_id(place.id) == (layout.LAYOUT_VERSION, expansion, place.corner)
        # outside the grid, diagonally off each corner
        tl, tr, br, bl = places
        assert tl.x + layout.MARKER_MM < 0 and tl.y + layout.MARKER_MM < 0
        assert tr.x > layout.GRID_MM and br.y > layout.GRID_MM and bl.x + layout.MARKER_MM < 0


def _overlaps(a, b, pad=0.0):
    return not (a[2] + pad <= b[0] or b[2] + pad <= a[0] or a[3] + pad <= b[1] or b[3] + pad <= a[1])


@pytest.mark.parametrize("expansion", VARIANTS)
def test_marks_keep_clear_of_text_and_of_the_grid(expansion):
    _, pages = _tonight(expansion)
    page = pages[0]
    gx, gy = _grid_origin(page)
    boxes = []
    for place in layout.marker_places(expansion):
        boxes.append((gx + mm(place.x), gy + mm(place.y), gx + mm(place.x + layout.MARKER_MM),
                      gy + mm(place.y + layout.MARKER_MM)))
    qx, qy = layout.qr_place()
    boxes.append((gx + mm(qx), gy + mm(qy), gx + mm(qx + layout.QR_MM), gy + mm(qy + layout.QR_MM)))
    for box in boxes:
        for ch in page["chars"]:
            assert not _overlaps(box, (ch["x0"], ch["top"], ch["x1"], ch["bottom"]), pad=mm(0.8)), ch["text"]
        # the grid (and its frame) stays outside every mark, with a quiet zone of a millimetre
        grid = (gx, gy, gx + mm(layout.GRID_MM), gy + mm(layout.GRID_MM))
        assert not _overlaps(box, grid, pad=mm(1))


def _raster(data: bytes, scale: float = 4.0):
    import numpy as np
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(data)
    image = pdf[0].render(scale=scale, grayscale=True).to_numpy()
    pdf.close()
    return np.ascontiguousarray(image if image.ndim == 2 else image[..., 0])


@pytest.mark.parametrize("expansion", VARIANTS)
def test_opencv_finds_the_markers_and_reads_the_qr_code(expansion):
    cv2 = pytest.importorskip("cv2")
    data, pages = _tonight(expansion)
    image = _raster(data)
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    corners, ids, _ = detector.detectMarkers(image)
    assert ids is not None
    found = {int(i): c.reshape(4, 2) for i, c in zip(ids.ravel(), corners)}
    gx, gy = _grid_origin(pages[0])
    scale = 4.0
    for place in layout.marker_places(expansion):
        assert place.id in found
        for (x, y), (u, v) in zip(place.corners(), found[place.id]):
            assert abs((gx + mm(x)) * scale - u) < 3 and abs((gy + mm(y)) * scale - v) < 3
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(image)
    assert text == f"RAILPRINT:RAILROAD-INK:L1:{expansion.upper()}:S4242:D2026-11-28"
    assert layout.parse_qr_text(text) == {"game": "railroad-ink", "layout": "1", "expansion": expansion,
                                          "seed": "4242", "date": "2026-11-28"}


def test_blank_sheet_qr_has_no_seed_or_date():
    assert layout.qr_text("none") == "RAILPRINT:RAILROAD-INK:L1:NONE:S-:D-"
    assert layout.parse_qr_text("RAILPRINT:RAILROAD-INK:L1:NONE:S-:D-")["seed"] == ""
    assert layout.parse_qr_text("https://example.com") is None


def test_marker_ids_are_unique_per_corner_and_expansion():
    ids = [p.id for e in VARIANTS for p in layout.marker_places(e)]
    assert len(set(ids)) == 12
    assert layout.decode_id(40) is None
