"""PNG/JPEG faces: exact pixel sizes from the physical size, dpi stored, colours of the PDF,
fronts and backs paired by name, bad values refused."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from railprint.model.resolve import load_deck
from railprint.units import to_mm
from tests.helpers import run_cli

MINI = Path(__file__).resolve().parents[1] / "data" / "content" / "mini"
SAND, SEA = (0xF2, 0xE3, 0xC6), (0x15, 0x65, 0xC0)


def _px(mm: float, dpi: int) -> int:
    return round(mm / 25.4 * dpi)


@pytest.fixture(scope="module")
def deck():
    return load_deck(MINI / "cards.yaml", "en")


def _render(tmp_path, *args):
    result = run_cli("render", "my-game", "--content", str(MINI), "-o", str(tmp_path), "--quiet", *args)
    assert result.exit_code == 0, result.output
    return sorted((tmp_path / "my-game" / "my-cards").iterdir())


@pytest.mark.parametrize("dpi", [300, 150])
def test_png_faces_have_the_pixel_size_of_their_physical_size_and_carry_their_dpi(tmp_path, deck, dpi):
    files = _render(tmp_path, "--format", "png", "--dpi", str(dpi))
    w, h, bleed = to_mm(deck.width), to_mm(deck.height), to_mm(deck.bleed)
    assert len(files) == 2 * len(deck.cards) == 12
    for path in files:
        with Image.open(path) as image:
            assert image.format == "PNG" and image.mode == "RGB"
            assert image.size == (_px(w + 2 * bleed, dpi), _px(h + 2 * bleed, dpi))
            assert tuple(round(v) for v in image.info["dpi"]) == (dpi, dpi)
    if dpi == 300:  # the worked example: 63 x 88 mm + 3 mm bleed at 300 dpi
        assert (_px(w + 2 * bleed, dpi), _px(h + 2 * bleed, dpi)) == (815, 1110)


def test_trimmed_faces_drop_the_bleed(tmp_path, deck):
    files = _render(tmp_path, "--format", "png", "--trimmed")
    with Image.open(files[0]) as image:
        assert image.size == (_px(to_mm(deck.width), 300), _px(to_mm(deck.height), 300)) == (744, 1039)


def test_fronts_and_backs_pair_up_by_name_and_show_the_pdf_colours(tmp_path):
    files = _render(tmp_path, "--format", "png")
    names = [p.name for p in files]
    assert names[:4] == ["my-cards-001-back.png", "my-cards-001-front.png",
                         "my-cards-002-back.png", "my-cards-002-front.png"]
    for path in files:
        with Image.open(path) as image:
            # 10 mm inside the trim's top-left corner: the card's background layer
            sample = image.getpixel((_px(13, 300), _px(13, 300)))
        expected = SAND if path.stem.endswith("front") else SEA
        assert max(abs(a - b) for a, b in zip(sample, expected)) <= 2, (path.name, sample)


def test_jpeg_faces(tmp_path, deck):
    files = _render(tmp_path, "--format", "jpeg", "--dpi", "100")
    assert all(p.suffix == ".jpeg" for p in files)
    with Image.open(files[1]) as image:
        assert image.format == "JPEG"
        assert image.size == (_px(to_mm(deck.width) + 6, 100), _px(to_mm(deck.height) + 6, 100))
        sample = image.getpixel((_px(13, 100), _px(13, 100)))
    assert max(abs(a - b) for a, b in zip(sample, SAND)) <= 6


def test_non_deck_sets_give_one_image_per_page(tmp_path):
    result = run_cli("render", "railroad-ink", "-o", str(tmp_path), "--quiet", "--format", "png", "--dpi", "40")
    assert result.exit_code == 0, result.output
    sheet = sorted((tmp_path / "railroad-ink").rglob("*.png"))
    assert sheet
    with Image.open(sheet[0]) as image:  # an A4 page at 40 dpi
        assert image.size in ((_px(210, 40), _px(297, 40)), (_px(297, 40), _px(210, 40)))


@pytest.mark.parametrize("dpi", ["0", "5000", "-3"])
def test_bad_dpi_is_refused_and_nothing_is_written(tmp_path, dpi):
    result = run_cli("render", "my-game", "--content", str(MINI), "-o", str(tmp_path / "o"),
                     "--format", "png", "--dpi", dpi)
    assert result.exit_code == 1 and "--dpi" in result.output
    assert not (tmp_path / "o").exists()


def test_unknown_format_suggests(tmp_path):
    result = run_cli("render", "my-game", "--content", str(MINI), "-o", str(tmp_path), "--format", "pgn")
    assert result.exit_code == 1 and "png" in result.output


def test_one_up_pages_carry_trim_and_bleed_boxes(tmp_path, deck):
    import pypdf

    result = run_cli("render", "my-game", "--content", str(MINI), "-o", str(tmp_path), "--quiet", "--mode", "1up")
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(tmp_path / "my-game" / "my-cards.pdf")
    w, h, bleed = to_mm(deck.width), to_mm(deck.height), to_mm(deck.bleed)
    assert len(reader.pages) == 12
    for page in reader.pages:
        trim = [to_mm(float(v)) for v in page.trimbox]
        box = [to_mm(float(v)) for v in page.bleedbox]
        assert trim == pytest.approx([bleed, bleed, bleed + w, bleed + h], abs=0.01)
        assert box == pytest.approx([0, 0, w + 2 * bleed, h + 2 * bleed], abs=0.01)
        assert [to_mm(float(v)) for v in page.mediabox] == pytest.approx(box, abs=0.01)


def test_sheet_pages_have_no_trim_box(tmp_path):
    import pypdf

    result = run_cli("render", "my-game", "--content", str(MINI), "-o", str(tmp_path), "--quiet")
    assert result.exit_code == 0, result.output
    for page in pypdf.PdfReader(tmp_path / "my-game" / "my-cards.pdf").pages:
        assert "/TrimBox" not in page and "/BleedBox" not in page


def test_copies_are_rendered_once_and_written_for_every_copy(tmp_path):
    files = {p.name: p.read_bytes() for p in _render(tmp_path, "--format", "png", "--dpi", "72")}
    assert files["my-cards-001-front.png"] == files["my-cards-002-front.png"] == files["my-cards-003-front.png"]
    assert files["my-cards-003-front.png"] != files["my-cards-004-front.png"]  # Tromsø x3, then Łódź
    assert len({files[f"my-cards-{n:03d}-back.png"] for n in range(1, 7)}) == 1
