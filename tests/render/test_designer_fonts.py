"""A deck's own font families: declared under ``fonts:``, named by layers and runs, embedded
(subset) in the PDF under their own names, checked for glyphs."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pdfplumber
from pypdf import PdfReader

from railprint.loading.resources import content_path
from railprint.render import RenderOptions, build_deck
from railprint.writers import render
from tests.render.test_designer_round_two import deck, problems_of

FONTS = content_path("examples", "signal-box", "fonts")
DECLARED = ("fonts:\n  Semaphore: {regular: f/Semaphore-Regular.ttf, bold: f/Semaphore-Bold.ttf, "
            "italic: f/Semaphore-Italic.ttf}\n")


def with_fonts(tmp_path: Path) -> Path:
    shutil.copytree(FONTS, tmp_path / "f")
    return tmp_path


def test_own_family_one_line_box_and_runs_embedded_by_name(tmp_path):
    path = deck(with_fonts(tmp_path), [
        "{type: text, text: 'Łódź', x: 5mm, y: 10mm, family: Semaphore}",
        "{type: text, text: 'Zażółć **gęślą** *jaźń* [font=Semaphore]Tromsø[/]', x: 5mm, y: 20mm, w: 50mm, "
        "h: 20mm, family: Semaphore}",
        "{type: text, text: 'Plain [font=Semaphore]Åre[/]', x: 5mm, y: 50mm, w: 50mm, h: 20mm}"],
        "\n  - {vars: {name: A}}", DECLARED)
    data = render(build_deck(path, RenderOptions(mode="1up")), "pdf")[0]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["fontname"])
    fonts = {w["text"]: w["fontname"].split("+")[-1] for w in words}
    assert fonts["Łódź"] == fonts["Zażółć"] == fonts["Tromsø"] == fonts["Åre"] == "Semaphore-Regular"
    assert fonts["gęślą"] == "Semaphore-Bold" and fonts["jaźń"] == "Semaphore-Italic"
    assert fonts["Plain"] == "SourceSansPro-Regular"
    reader = PdfReader(io.BytesIO(data))
    embedded = {}
    for font in reader.pages[0]["/Resources"]["/Font"].values():
        font = font.get_object()
        descriptor = font.get("/FontDescriptor")
        if descriptor is not None:
            descriptor = descriptor.get_object()
            embedded[str(font["/BaseFont"]).split("+")[-1]] = ("/FontFile2" in descriptor, "+" in str(font["/BaseFont"]))
    assert embedded["Semaphore-Regular"] == (True, True)    # embedded, as a subset
    assert embedded["Semaphore-Bold"] == (True, True)


def test_svg_embeds_the_family(tmp_path):
    path = deck(with_fonts(tmp_path), ["{type: text, text: 'Łódź', x: 5mm, y: 10mm, family: Semaphore, font: bold}"],
                "\n  - {vars: {name: A}}", DECLARED)
    svg = render(build_deck(path, RenderOptions(mode="1up")), "svg")[0].decode()
    assert "@font-face{font-family:'RPSemaphore-" in svg and "font-weight:bold" in svg
    assert 'font-family="RPSemaphore-' in svg


def test_glyphs_faces_and_family_names_are_checked(tmp_path):
    path = deck(with_fonts(tmp_path), [
        "{type: text, text: 'Kraków 東京', x: 5mm, y: 10mm, family: Semaphore}",
        "{type: text, text: 'x ***both***', x: 5mm, y: 20mm, w: 50mm, h: 20mm, family: Semaphore}",
        "{type: text, text: 'x', x: 5mm, y: 40mm, family: Semafore}",
        "{type: text, text: '[font=Nope]x[/]', x: 5mm, y: 50mm, w: 50mm, h: 20mm}"],
        "\n  - {vars: {name: A}}", DECLARED)
    message = problems_of(path)
    assert "the font Semaphore regular has no glyph for '京東'" in message
    assert "the font family 'Semaphore' has no bolditalic face" in message
    assert "unknown font family 'Semafore'" in message and "did you mean 'Semaphore'" in message
    assert "unknown font family 'Nope'" in message


def test_a_family_file_that_is_missing_or_outside_is_located(tmp_path):
    path = deck(with_fonts(tmp_path), ["{type: text, text: x, x: 5mm, y: 10mm, family: S}"],
                "\n  - {vars: {name: A}}",
                "fonts:\n  S: {regular: f/Nope.ttf, bold: ../x.ttf}\n")
    message = problems_of(path)
    assert "deck.yaml:8:16: fonts.S.regular: font file not found: Nope.ttf" in message
    assert "deck.yaml:8:34: fonts.S.bold:" in message and "outside" in message
    assert "unknown font family" not in message and "2 problem(s)" in message
