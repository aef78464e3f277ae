"""Issue 13: --back-offset in the paper's feed frame, the calibration sheet in both orientations,
and imposition grids centred on the sheet — all read back from the PDFs."""

from __future__ import annotations

import functools
import io
import math
from pathlib import Path

import pdfplumber
import pytest

from railprint.layout.calibration import calibration_document
from railprint.loading.resources import content_path
from railprint.render import RenderOptions, build_deck
from railprint.units import mm, to_mm
from railprint.writers import render
from tests.helpers import assert_points_close, bleed_boxes, pdf_pages, pdf_rects

TTR_CARDS = content_path("ticket-to-ride") / "train-cards.yaml"   # 44 x 68 mm, printed landscape
PRINTER_ERROR = (1.5, -2.0)   # mm, feed frame: where the printer puts every back side


def _printed(shift, landscape: bool):
    """The model printer: a landscape page is turned 90° counter-clockwise onto the portrait
    sheet, so a page shift (u, v) lands at (v, -u) in the feed frame."""
    u, v = shift
    return (v, -u) if landscape else (u, v)


def _page_error(landscape: bool):
    """The printer error seen in a page's own axes (inverse of ``_printed``)."""
    ex, ey = PRINTER_ERROR
    return (-ey, ex) if landscape else (ex, ey)


def _words(page):
    return {w["text"]: ((w["x0"] + w["x1"]) / 2, (w["top"] + w["bottom"]) / 2) for w in page.extract_words()}


@functools.lru_cache(maxsize=None)
def _reading(paper: str, flip: str):
    """What a user reads on each calibration sheet (portrait, landscape) with the model printer
    (worked out once a process: two tests read the same sheets)."""
    data = render(calibration_document(paper, flip), "pdf")[0]
    readings = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) == 4
        for front, back in ((pdf.pages[0], pdf.pages[1]), (pdf.pages[2], pdf.pages[3])):
            W, H = front.width, front.height
            landscape = W > H
            # front crosses: the 24 mm arms; back scales: the 20 mm axes
            crosses = sorted({(round((l["x0"] + l["x1"]) / 2, 2), round((l["top"] + l["bottom"]) / 2, 2))
                              for l in front.lines if abs(to_mm(l["x1"] - l["x0"]) - 24) < 0.01})
            centres = sorted({(round((l["x0"] + l["x1"]) / 2, 2), round((l["top"] + l["bottom"]) / 2, 2))
                              for l in back.lines if abs(to_mm(max(l["x1"] - l["x0"], l["bottom"] - l["top"])) - 20) < 0.01
                              and min(l["x1"] - l["x0"], l["bottom"] - l["top"]) < 0.01})
            assert len(crosses) == len(centres) == 4
            over_vertical = (flip == "long") != landscape
            behind = sorted((round(W - x, 2), y) if over_vertical else (x, round(H - y, 2)) for x, y in crosses)
            assert_points_close(centres, behind, tol=0.02)   # the scales sit behind the crosses (points)
            # the labelled axes of the back's scales (any one scale: they are all alike)
            words = _words(back)
            ux = [(b - a) / mm(5) for a, b in zip(words["X+5"], words["X+10"])]
            uy = [(b - a) / mm(5) for a, b in zip(words["Y+5"], words["Y+10"])]
            ex, ey = _page_error(landscape)
            # the back (scales) lands shifted by the error; the cross stays: read cross - centre
            rx, ry = -ex, -ey
            readings.append((round(rx * ux[0] + ry * ux[1], 6), round(rx * uy[0] + ry * uy[1], 6)))
            labels = [w for w in back.extract_words() if w["text"][:1] in "XY" and w["text"][1:2] in "+-"]
            for a, b in zip(labels, labels[1:]):   # no two scale numbers overlap
                for c in labels:
                    if c is not a and min(a["x1"], c["x1"]) > max(a["x0"], c["x0"]):
                        assert min(a["bottom"], c["bottom"]) <= max(a["top"], c["top"]), (a["text"], c["text"])
    return tuple(readings)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_calibration_reads_the_same_offset_in_both_orientations(paper, flip):
    portrait, landscape = _reading(paper, flip)
    expected = (-PRINTER_ERROR[0], -PRINTER_ERROR[1])   # the correction cancelling the error
    assert portrait == pytest.approx(expected, abs=0.01)
    assert landscape == pytest.approx(expected, abs=0.01)


def _backs(path: Path, offset, flip="long"):
    doc = build_deck(path, RenderOptions(back_offset=offset, flip=flip, layout="gutter"))
    pages = pdf_rects(render(doc, "pdf")[0])
    return pages, [bleed_boxes(p[2], 50, 74) for p in pages[1::2]]


@pytest.mark.parametrize("flip", ["long", "short"])
def test_back_offset_cancels_a_modelled_printer_error_on_a_landscape_deck(flip):
    (reading, _) = _reading("a4", flip)
    pages, plain = _backs(TTR_CARDS, (0.0, 0.0), flip)
    _, corrected = _backs(TTR_CARDS, reading, flip)
    landscape = pages[0][0] > pages[0][1]
    assert landscape
    before = math.hypot(*PRINTER_ERROR)
    for a_page, b_page in zip(plain, corrected):
        assert len(a_page) == len(b_page) > 0
        for (x0, y0), (x1, y1) in zip(a_page, b_page):
            fx, fy = _printed((x1 - x0, y1 - y0), landscape)
            residual = math.hypot(fx + PRINTER_ERROR[0], fy + PRINTER_ERROR[1])
            assert residual <= 0.1 < before


# --- centred grids ------------------------------------------------------------------------------

def _deck(tmp_path, orientation: str, count: int) -> Path:
    source = (Path(__file__).parents[1] / "data" / "content" / "mini" / "cards.yaml").read_text(encoding="utf-8")
    body = source.split("cards:\n")[0].replace("bleed: 3mm", f"bleed: 3mm\norientation: {orientation}")
    body = body.replace("width: 63mm, height: 88mm", "width: 44mm, height: 68mm")
    path = tmp_path / f"cards-{orientation}.yaml"
    path.write_text(body + f"cards:\n  - {{template: port, count: {count}, vars: {{name: Tromsø}}}}\n", encoding="utf-8")
    return path


def _extent(boxes, w, h):
    return (min(x for x, _ in boxes), min(y for _, y in boxes),
            max(x for x, _ in boxes) + w, max(y for _, y in boxes) + h)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_duplex_grid_is_centred_and_a_common_back_survives_either_flip(tmp_path, paper, orientation):
    path = _deck(tmp_path, orientation, 40)
    backs = {}
    for flip in ("long", "short"):
        pages = pdf_rects(render(build_deck(path, RenderOptions(paper=paper, flip=flip, layout="gutter")), "pdf")[0])
        W, H, rects = pages[0]
        assert (W > H) == (orientation == "landscape")
        fronts = bleed_boxes(rects, 50, 74)
        x0, y0, x1, y1 = _extent(fronts, 50, 74)
        assert (x0 + x1) / 2 == pytest.approx(W / 2, abs=0.05)
        assert (y0 + y1) / 2 == pytest.approx(H / 2, abs=0.05)
        backs[flip] = bleed_boxes(pages[1][2], 50, 74)
        assert len(backs[flip]) == len(fronts)
    # full page: whichever way the sheet is turned, the backs fill exactly the front slots
    assert_points_close(backs["long"], fronts, tol=0.02)
    assert_points_close(backs["short"], fronts, tol=0.02)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
def test_gutterfold_fold_line_and_grid_are_centred(tmp_path, paper, orientation):
    path = _deck(tmp_path, orientation, 40)
    pages = pdf_pages(render(build_deck(path, RenderOptions(paper=paper, mode="gutterfold")), "pdf")[0])
    W, H, rects, lines, _ = pages[0]
    fold = [l for l in lines if l.get("stroking_color") and to_mm(l["x1"] - l["x0"]) > W / 2
            and abs(l["linewidth"] - 0.4) < 0.01]   # the dashed fold line, not a cut line
    assert len(fold) == 1
    assert to_mm(fold[0]["top"]) == pytest.approx(H / 2, abs=0.05)
    boxes = bleed_boxes(rects, 50, 74)
    x0, y0, x1, y1 = _extent(boxes, 50, 74)
    assert (x0 + x1) / 2 == pytest.approx(W / 2, abs=0.05)
    assert (y0 + y1) / 2 == pytest.approx(H / 2, abs=0.05)
    fronts = [b for b in boxes if b[1] < H / 2]
    assert_points_close(sorted(boxes), sorted(fronts + [(x, H - y - 74) for x, y in fronts]), tol=0.02)
