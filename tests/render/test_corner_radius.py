"""A deck's ``corner_radius`` rounds its outline wherever an outline is drawn: cut lines on
sheets (gutters: a rounded rectangle per card; butt-cut: shared straight lines plus a corner guide
in every corner), 1-up and print-shop pages (``--cut-lines``), SVG faces, and trimmed PNG/JPEG
exports (transparent / white corners) — read back from the files."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pdfplumber
import pytest
from PIL import Image

from railprint.units import mm, to_mm
from tests.helpers import pdf_texts, run_cli

CUT_WIDTH = 0.25          # pt: cut lines (content/sheets/sheets.yaml)
W, H, R, BLEED = 40, 60, 4, 3   # mm
CARD = (51, 102, 153)     # '#336699'

DECK = """\
kind: deck
id: rounded
game: my-game
title: {en: Rounded}
size: {width: WIDTHmm, height: HEIGHTmm}
bleed: BLEEDmm
corner_radius: RADIUS
templates:
  t:
    layers:
      - {type: rect, bleed: true, fill: '#336699'}
  b:
    layers:
      - {type: rect, bleed: true, fill: '#993333'}
default_template: t
back: b
cards:
  - {count: 5}
"""


def _content(tmp_path: Path, radius: str = f"{R}mm") -> Path:
    folder = tmp_path / "content"
    folder.mkdir(exist_ok=True)
    text = DECK.replace("WIDTH", str(W)).replace("HEIGHT", str(H)).replace("BLEED", str(BLEED))
    (folder / "rounded.yaml").write_text(text.replace("RADIUS", radius), encoding="utf-8")
    return folder


def _render(tmp_path: Path, *args: str, radius: str = f"{R}mm") -> Path:
    out = tmp_path / "out"
    result = run_cli("render", "my-game", "--content", str(_content(tmp_path, radius)), "-o", str(out), "-q", *args)
    assert result.exit_code == 0, result.output
    return out / "my-game"


def _cut_paths(page) -> list[dict]:
    return [c for c in page.curves if abs(c["linewidth"] - CUT_WIDTH) < 0.01]


def _mm_box(obj) -> tuple[float, float, float, float]:
    return tuple(round(to_mm(v), 1) for v in (obj["x0"], obj["top"], obj["x1"] - obj["x0"], obj["bottom"] - obj["top"]))


def _rounded_corners(curve, box_mm) -> bool:
    """The path's points include each corner's two tangent points (R mm from the corner along
    each side) and never the square corner itself."""
    x, y, w, h = box_mm
    points = {(round(to_mm(px), 1), round(to_mm(py), 1)) for px, py in curve["pts"]}
    for cx, cy, sx, sy in ((x, y, 1, 1), (x + w, y, -1, 1), (x, y + h, 1, -1), (x + w, y + h, -1, -1)):
        if (round(cx, 1), round(cy, 1)) in points:
            return False
        if not {(round(cx + sx * R, 1), round(cy, 1)), (round(cx, 1), round(cy + sy * R, 1))} <= points:
            return False
    return True


def test_gutter_sheets_cut_every_card_along_its_rounded_trim(tmp_path):
    pdf = _render(tmp_path, "--layout", "gutter") / "rounded.pdf"
    with pdfplumber.open(pdf) as doc:
        front, back = doc.pages[0], doc.pages[1]
        cuts = _cut_paths(front)
        assert len(cuts) == 5 and not _cut_paths(back)           # one outline a card, fronts only
        for cut in cuts:
            box = _mm_box(cut)
            assert box[2:] == (W, H)                              # the trim, not the bleed box
            assert _rounded_corners(cut, box), cut["pts"]
        straight = [line for line in front.lines if abs(line["linewidth"] - CUT_WIDTH) < 0.01]
        assert straight == []                                     # no square cut lines left
        assert [line for line in front.lines if abs(line["linewidth"] - 0.3) < 0.01]   # crop marks stay straight
    # the PDF content stream holds curve operators ('c') for those corners
    from pypdf import PdfReader

    stream = PdfReader(pdf).pages[0].get_contents().get_data().decode("latin-1")
    assert stream.count(" c\n") + stream.count(" c ") >= 5 * 4


def test_butt_cut_sheets_keep_shared_straight_cuts_and_guide_every_corner(tmp_path):
    with pdfplumber.open(_render(tmp_path, "--layout", "butt") / "rounded.pdf") as doc:
        front = doc.pages[0]
        straight = [line for line in front.lines if abs(line["linewidth"] - CUT_WIDTH) < 0.01]
        guides = _cut_paths(front)
    assert straight                                               # neighbours still share straight cuts
    assert len(guides) == 5 * 4                                   # a quarter circle in every corner
    corners = set()
    for guide in guides:
        x, y, w, h = _mm_box(guide)
        assert (w, h) == (R, R)
        corners.add((x, y))
    assert len(corners) == 20


def test_square_decks_draw_straight_cut_lines_only(tmp_path):
    with pdfplumber.open(_render(tmp_path, "--layout", "gutter", radius="0mm") / "rounded.pdf") as doc:
        assert not _cut_paths(doc.pages[0])
        assert [line for line in doc.pages[0].lines if abs(line["linewidth"] - CUT_WIDTH) < 0.01]


@pytest.mark.parametrize("args", [("--mode", "1up", "--cut-lines"), ("--shop", "--cut-lines")])
def test_one_up_and_shop_pages_cut_along_the_rounded_trim(tmp_path, args):
    from pypdf import PdfReader

    pdf = _render(tmp_path, *args) / "rounded.pdf"
    with pdfplumber.open(pdf) as doc:
        assert len(doc.pages) == 10
        for page in doc.pages:
            (cut,) = _cut_paths(page)
            box = _mm_box(cut)
            assert box == (BLEED, BLEED, W, H)
            assert _rounded_corners(cut, box)
    for page in PdfReader(pdf).pages:   # the TrimBox itself stays a rectangle (PDF boxes are)
        assert [round(to_mm(float(v)), 1) for v in page.trimbox] == [BLEED, BLEED, BLEED + W, BLEED + H]


def test_one_up_pages_without_cut_lines_print_no_outline(tmp_path):
    with pdfplumber.open(_render(tmp_path, "--shop") / "rounded.pdf") as doc:
        assert not _cut_paths(doc.pages[0]) and not doc.pages[0].lines


def test_trimmed_png_corners_are_transparent_and_jpeg_corners_white(tmp_path):
    folder = _render(tmp_path, "--format", "png", "--dpi", "150", "--trimmed") / "rounded"
    with Image.open(folder / "rounded-001-front.png") as image:
        assert image.mode == "RGBA"
        assert image.size == (round(W / 25.4 * 150), round(H / 25.4 * 150))
        w, h = image.size
        r = round(R / 25.4 * 150)
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (r // 4, r // 4)):
            assert image.getpixel(corner)[3] == 0, corner                 # outside the radius: transparent
        for inside in ((w // 2, h // 2), (0, h // 2), (w // 2, 0), (r, r)):
            assert image.getpixel(inside) == (*CARD, 255), inside          # the card's own colour
    with_bleed = _render(tmp_path, "--format", "png", "--dpi", "150") / "rounded"
    with Image.open(with_bleed / "rounded-001-front.png") as image:
        assert image.mode == "RGB" and image.getpixel((0, 0)) == CARD     # the bleed is kept square: it is cut
    jpeg = _render(tmp_path, "--format", "jpeg", "--dpi", "150", "--trimmed") / "rounded"
    with Image.open(jpeg / "rounded-001-front.jpeg") as image:
        assert image.mode == "RGB"
        assert min(image.getpixel((0, 0))) >= 245                          # white corner
        assert all(abs(a - b) <= 3 for a, b in zip(image.getpixel((image.size[0] // 2, image.size[1] // 2)), CARD))


def test_svg_faces_carry_the_rounded_cut_line(tmp_path):
    folder = _render(tmp_path, "--format", "svg", "--cut-lines") / "rounded"
    root = ET.parse(folder / "rounded-001-front.svg").getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    (group,) = [g for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("id") == "cut-line"]
    (rect,) = group.findall("s:rect", ns)
    assert float(rect.get("rx")) == pytest.approx(mm(R), abs=0.01)
    assert (float(rect.get("width")), float(rect.get("height"))) == pytest.approx((mm(W), mm(H)), abs=0.01)
    assert rect.get("fill") == "none" and rect.get("stroke")
    plain = _render(tmp_path, "--format", "svg") / "rounded"
    assert 'id="cut-line"' not in (plain / "rounded-001-front.svg").read_text(encoding="utf-8")


def test_schema_says_where_corner_radius_is_honoured():
    result = run_cli("schema")
    assert result.exit_code == 0
    assert "corner guide" in result.stdout and "TrimBox" in result.stdout


def test_the_print_guide_says_to_round_the_corners(tmp_path):
    out = tmp_path / "out"
    result = run_cli("render", "my-game", "--content", str(_content(tmp_path)), "-o", str(out), "--lang", "pl")
    assert result.exit_code == 0, result.output
    guide = " ".join(" ".join(pdf_texts((out / "my-game" / "my-game-guide.pdf").read_bytes())).split())
    assert "rounded.pdf: zaokrąglij każdy róg (promień 4mm)" in guide   # the guide PDF (the terminal names it)
    square = tmp_path / "square"
    square.mkdir()
    result = run_cli("render", "my-game", "--content", str(_content(square, "0mm")), "-o", str(out))
    guide = " ".join(" ".join(pdf_texts((out / "my-game" / "my-game-guide.pdf").read_bytes())).split())
    assert "rounded.pdf: cut along the cut lines" in guide and "round every corner" not in guide
