"""Print-shop PDFs read back: TrimBox/BleedBox equal to trim and trim + bleed, every font
embedded, no transparency anywhere, only CMYK paint and pictures, grey text K only, total ink
under the limit, the OutputIntent carrying the shop's profile."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pikepdf
import pdfplumber
import pytest

from railprint.model.resolve import load_deck
from railprint.units import to_mm
from tests.helpers import run_cli

DATA = Path(__file__).resolve().parents[1] / "data"
MINI = DATA / "content" / "mini"
PROFILE = DATA / "icc" / "test-cmyk-fogra39.icc"
EXAMPLE = Path(__file__).resolve().parents[2] / "content" / "examples" / "station-master"
COLOUR_OPS = {"rg", "RG", "g", "G", "k", "K", "sc", "SC", "scn", "SCN", "cs", "CS"}


def _shop(tmp_path, content: Path, *args) -> Path:
    result = run_cli("render", "all" if content == EXAMPLE else "my-game", "--content", str(content),
                     "-o", str(tmp_path), "--quiet", "--shop", *args)
    assert result.exit_code == 0, result.output
    return tmp_path


def _streams(pdf: pikepdf.Pdf):
    """(name, parsed operators) of every page and every form XObject."""
    for number, page in enumerate(pdf.pages, 1):
        yield f"page {number}", pikepdf.parse_content_stream(page)
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form":
            yield "form", pikepdf.parse_content_stream(obj)


@pytest.fixture(scope="module")
def cmyk(tmp_path_factory):
    out = _shop(tmp_path_factory.mktemp("cmyk"), MINI, "--colour", "cmyk", "--icc", str(PROFILE), "--bleed", "3.175mm")
    return (out / "my-game" / "my-cards.pdf").read_bytes()


def test_boxes_are_the_trim_and_the_trim_plus_the_runs_bleed(cmyk):
    deck = load_deck(MINI / "cards.yaml", "en")
    w, h, bleed = to_mm(deck.width), to_mm(deck.height), 3.175
    with pikepdf.open(io.BytesIO(cmyk)) as pdf:
        assert len(pdf.pages) == 12
        for page in pdf.pages:
            assert [to_mm(float(v)) for v in page.trimbox] == pytest.approx([bleed, bleed, bleed + w, bleed + h], abs=0.01)
            assert [to_mm(float(v)) for v in page.bleedbox] == pytest.approx([0, 0, w + 2 * bleed, h + 2 * bleed], abs=0.01)


def _fonts(pdf: pikepdf.Pdf):
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font":
            yield obj


def _embedded(font) -> bool:
    descriptor = font.get("/FontDescriptor")
    return descriptor is not None and any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3"))


def test_every_font_is_embedded_and_no_base_font_is_listed(cmyk):
    with pikepdf.open(io.BytesIO(cmyk)) as pdf:
        fonts = list(_fonts(pdf))
        assert fonts and all(_embedded(font) for font in fonts), [str(f.get("/BaseFont")) for f in fonts]


def test_no_shipped_pdf_lists_an_unembedded_font_in_any_mode(shipped_render):
    for path in sorted(shipped_render("a4").rglob("*.pdf")):
        with pikepdf.open(path) as pdf:
            bad = [str(f.get("/BaseFont")) for f in _fonts(pdf) if not _embedded(f)]
            assert not bad, (path.name, bad)


def _no_transparency(pdf: pikepdf.Pdf) -> None:
    for obj in pdf.objects:
        if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
            assert "/SMask" not in obj or obj.get("/SMask") == pikepdf.Name.None_
            group = obj.get("/Group")
            assert not (isinstance(group, pikepdf.Dictionary) and group.get("/S") == "/Transparency")
            for key in ("/ca", "/CA"):
                assert key not in obj or float(obj[key]) >= 1
    for name, ops in _streams(pdf):
        assert not any(str(op) == "gs" for _, op in ops), name


def test_no_soft_masks_transparency_groups_or_opacity(cmyk):
    with pikepdf.open(io.BytesIO(cmyk)) as pdf:
        _no_transparency(pdf)


def test_only_cmyk_paint_and_ink_under_the_limit(cmyk):
    with pikepdf.open(io.BytesIO(cmyk)) as pdf:
        used = set()
        for name, ops in _streams(pdf):
            for operands, op in ops:
                op = str(op)
                if op in COLOUR_OPS:
                    assert op in ("k", "K"), (name, op)
                    values = [float(v) for v in operands]
                    assert sum(values) <= 2.40 + 1e-9, (name, values)
                    used.add(tuple(values))
        assert len(used) >= 3


def test_grey_text_is_k_only(cmyk):
    with pdfplumber.open(io.BytesIO(cmyk)) as pdf:
        chars = [c for page in pdf.pages for c in page.chars]
    assert chars
    for char in chars:  # the deck's texts are black (fronts) and white (backs)
        colour = tuple(char["non_stroking_color"])
        assert len(colour) == 4 and colour[:3] == (0, 0, 0), colour


def test_the_output_intent_carries_the_shops_profile(cmyk):
    with pikepdf.open(io.BytesIO(cmyk)) as pdf:
        intents = pdf.Root.OutputIntents
        assert len(intents) == 1 and intents[0].S == "/GTS_PDFX"
        profile = intents[0].DestOutputProfile
        assert profile.read_bytes() == PROFILE.read_bytes() and int(profile.N) == 4


def test_pictures_become_cmyk_without_masks(tmp_path):
    out = _shop(tmp_path, EXAMPLE, "--colour", "cmyk", "--icc", str(PROFILE))
    with pikepdf.open(out / "examples" / "station-master.pdf") as pdf:
        images = [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"]
        assert images
        assert all(o.ColorSpace == "/DeviceCMYK" and "/SMask" not in o for o in images)
        _no_transparency(pdf)
        for obj in images:  # every pixel's total ink within 240 % (8-bit rounding aside)
            picture = pikepdf.PdfImage(obj).as_pil_image()
            assert picture.mode == "CMYK"
            channels = [channel.getextrema()[1] for channel in picture.split()]
            worst = max(sum(picture.getpixel((x, y))) for x in range(0, picture.width, 7) for y in range(0, picture.height, 7))
            assert worst <= 240 * 255 / 100 + 4, (worst, channels)


def test_opacity_is_flattened_over_white(tmp_path):
    deck = tmp_path / "deck"
    deck.mkdir()
    (deck / "cards.yaml").write_text((MINI / "cards.yaml").read_text(encoding="utf-8").replace(
        "- {type: rect, bleed: true, fill: sand}",
        "- {type: rect, bleed: true, fill: '#ffffff'}\n      - {type: rect, x: 5mm, y: 5mm, w: 20mm, h: 20mm, fill: '#ff0000', opacity: 0.5}"),
        encoding="utf-8")
    out = _shop(tmp_path / "o", deck)
    with pikepdf.open(out / "my-game" / "my-cards.pdf") as pdf:
        _no_transparency(pdf)
        fills = {tuple(round(float(v), 3) for v in operands)
                 for _, ops in _streams(pdf) for operands, op in ops if str(op) == "rg"}
    assert (1.0, 0.502, 0.502) in fills and (1.0, 0.0, 0.0) not in fills


def test_rgb_shop_pdf_keeps_rgb_but_no_transparency(tmp_path):
    out = _shop(tmp_path, MINI)
    with pikepdf.open(out / "my-game" / "my-cards.pdf") as pdf:
        _no_transparency(pdf)
        assert "/OutputIntents" not in pdf.Root


@pytest.mark.parametrize("args, message", [
    (["--colour", "cmyk"], "--icc"),
    (["--colour", "cmyk", "--icc", "nowhere.icc"], "nowhere.icc"),
    (["--colour", "cmyk", "--icc", str(MINI / "cards.yaml")], "ICC"),
    (["--colour", "cmyk", "--icc", str(PROFILE), "--ink-limit", "50"], "--ink-limit"),
    (["--colour", "lab"], "--colour"),
    (["--bleed", "40mm"], "--bleed"),
    (["--bleed", "3"], "--bleed"),
    (["--format", "svg"], "PDF"),
])
def test_bad_shop_options_are_one_error_and_write_nothing(tmp_path, args, message):
    result = run_cli("render", "my-game", "--content", str(MINI), "-o", str(tmp_path / "o"), "--shop", *args)
    assert result.exit_code == 1, result.output
    assert message in result.output and "Traceback" not in result.output
    assert not (tmp_path / "o").exists()


def test_an_rgb_profile_is_refused(tmp_path):
    from PIL import ImageCms

    path = tmp_path / "srgb.icc"
    path.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    result = run_cli("render", "my-game", "--content", str(MINI), "-o", str(tmp_path / "o"), "--shop",
                     "--colour", "cmyk", "--icc", str(path))
    assert result.exit_code == 1 and "not CMYK" in result.output


def test_cmyk_without_shop_is_refused(tmp_path):
    result = run_cli("render", "my-game", "--content", str(MINI), "-o", str(tmp_path / "o"), "--colour", "cmyk",
                     "--icc", str(PROFILE))
    assert result.exit_code == 1 and "--shop" in result.output


def test_every_page_of_every_game_has_trim_and_bleed_boxes(tmp_path):
    """`render all --shop`: every page written (cards, tiles, boards, wagon sheets, score pads,
    roll-and-write sheets, dice nets, guides) has a TrimBox inside its BleedBox inside its
    MediaBox; a tiled board is one page of the board's own size."""
    result = run_cli("render", "all", "--shop", "-o", str(tmp_path), "--quiet")
    assert result.exit_code == 0, result.output
    pages, whole = 0, {}
    for path in sorted(tmp_path.rglob("*.pdf")):
        with pikepdf.open(path) as pdf:
            for number, page in enumerate(pdf.pages, 1):
                where = f"{path.relative_to(tmp_path)} page {number}"
                assert "/TrimBox" in page.obj and "/BleedBox" in page.obj, where
                media, bleed, trim = ([float(v) for v in box] for box in (page.mediabox, page.bleedbox, page.trimbox))
                assert media[0] <= bleed[0] <= trim[0] < trim[2] <= bleed[2] <= media[2], where
                assert media[1] <= bleed[1] <= trim[1] < trim[3] <= bleed[3] <= media[3], where
                pages += 1
            if path.stem.endswith("-board") and path.parent.name == "ticket-to-ride":
                whole[path.stem] = (len(pdf.pages), [round(to_mm(float(v)), 1) for v in pdf.pages[0].trimbox])
    assert pages > 1200
    assert whole["nordic-board"] == (1, [0, 0, 540, 800]) and whole["italy-board"] == (1, [0, 0, 540, 800])
