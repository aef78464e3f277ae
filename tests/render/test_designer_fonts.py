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
    assert "the font Semaphore Regular has no glyph for '京東' (card 1 (A)): 'Kraków 東京'" in message
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


# ---- SVG pictures drawn as vectors --------------------------------------------------------------

ART = """<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 50">
<defs><path id="dot" d="M0 0 h4 v4 h-4 z"/></defs>
<g transform="translate(10,5)"><rect x="0" y="0" width="20" height="10" fill="#ff0000" stroke="#0000ff"/>
<circle cx="50" cy="20" r="10" fill="#00aa00"/></g>
<use xlink:href="#dot" x="90" y="40" fill="#ff00ff"/>
<text x="1" y="1">hi</text></svg>"""


def test_an_svg_picture_is_drawn_as_vectors_with_its_colours(tmp_path, caplog):
    import logging

    (tmp_path / "a.svg").write_text(ART, encoding="utf-8")
    path = deck(tmp_path, ["{type: image, file: a.svg, x: 5mm, y: 5mm, w: 50mm, h: 25mm}"], "\n  - {vars: {name: A}}")
    with caplog.at_level(logging.WARNING, logger="railprint"):
        data = render(build_deck(path, RenderOptions(mode="1up")), "pdf")[0]
    assert "deck.yaml:21:5: card 1 (A): a.svg: SVG element(s) <text> are not drawn" in "\n".join(caplog.messages)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        shapes = page.rects + page.curves
        assert not page.images                                         # vectors, not pixels
        colours = {tuple(round(c, 2) for c in s["non_stroking_color"]) for s in shapes if s.get("fill")}
        strokes = {tuple(round(c, 2) for c in s["stroking_color"]) for s in shapes if s.get("stroke")}
    assert {(1, 0, 0), (0, 0.67, 0), (1, 0, 1)} <= colours and (0, 0, 1) in strokes
    # the viewBox (100 x 50) fills the 50 x 25 mm box: 0.5 mm a unit; the red rect at (10, 5) 20 x 10
    red = next(s for s in shapes if s.get("fill") and tuple(round(c, 2) for c in s["non_stroking_color"]) == (1, 0, 0))
    from railprint.units import to_mm

    assert abs(to_mm(red["x0"]) - (3 + 5 + 5)) < 0.1 and abs(to_mm(red["top"]) - (3 + 5 + 2.5)) < 0.1
    assert abs(to_mm(red["x1"] - red["x0"]) - 10) < 0.1
    svg = render(build_deck(path, RenderOptions(mode="1up")), "svg")[0].decode()
    assert "<path" in svg and "#ff0000" in svg and "clip-path" in svg


def test_an_svg_is_clipped_to_its_box_with_cover(tmp_path):
    (tmp_path / "a.svg").write_text(ART, encoding="utf-8")
    path = deck(tmp_path, ["{type: image, file: a.svg, x: 5mm, y: 5mm, w: 20mm, h: 30mm, fit: cover}"],
                "\n  - {vars: {name: A}}")
    from railprint.draw.card import draw_face
    from railprint.model.resolve import load_deck
    from railprint.scene import Group

    loaded = load_deck(path)
    face = draw_face(loaded.cards[0].front, loaded)
    clip = next(item for item in face.items if isinstance(item, Group) and item.clip is not None).clip
    from railprint.units import to_mm

    assert [round(to_mm(v), 2) for v in (clip.x, clip.y, clip.w, clip.h)] == [5, 5, 20, 30]


def test_the_signal_box_example_uses_every_feature():
    example = content_path("examples", "signal-box", "signal-box.yaml")
    data = render(build_deck(example, RenderOptions(mode="1up")), "pdf")[0]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        pages = [(page.extract_text() or "", {c["fontname"].split("+")[-1] for c in page.chars}, len(page.curves))
                 for page in pdf.pages]
    fronts, backs = pages[0::2], pages[1::2]
    assert len(fronts) == 10                                          # qty column; the zeroed row dropped
    assert sum("Points" in text for text, _, _ in backs) == 3          # the back column: points x 3
    assert sum("Signal Box" in text for text, _, _ in backs) == 7
    assert [text.strip().splitlines()[-1] for text, _, _ in fronts][:3] == ["1/10", "2/10", "3/10"]
    assert "After: Home Signal" in fronts[3][0] and "After:" not in fronts[0][0]     # when:
    assert all(fonts <= {"Semaphore-Regular", "Semaphore-Bold", "Semaphore-Italic", "SourceSansPro-Regular"}
               for _, fonts, _ in fronts)
    # the weight by name (Black: Semaphore's 'black' file) and the fallback list (ß: Source Sans Pro)
    assert "Semaphore-Bold" in fronts[0][1] and "SourceSansPro-Regular" not in fronts[0][1]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        bell = next(p for p in pdf.pages if "Großenhain" in (p.extract_text() or ""))
        assert {c["fontname"].split("+")[-1] for c in bell.chars if c["text"] == "ß"} == {"SourceSansPro-Regular"}
        assert {c["fontname"].split("+")[-1] for c in bell.chars if c["text"] == "G"} == {"Semaphore-Regular"}
    assert all(curves > 0 for _, _, curves in pages)                   # SVG art drawn as vectors
    assert "Level Crossing" not in "".join(text for text, _, _ in fronts)


def test_the_signal_box_example_has_an_svg_icon_inline_and_rounded_cut_lines():
    example = content_path("examples", "signal-box", "signal-box.yaml")
    data = render(build_deck(example, RenderOptions(mode="1up")), "pdf")[0]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]                                            # Home Signal: ':lamp:' in its rules
        chars = page.chars
        red = next(c for i, c in enumerate(chars) if "".join(x["text"] for x in chars[i:i + 3]) == "Red")
        colon = max((c for c in chars if c["text"] == ":" and c["x1"] < red["x0"] and abs(c["top"] - red["top"]) < 2),
                    key=lambda c: c["x1"])
        lamp = [s for s in page.rects + page.curves
                if colon["x1"] < s["x0"] and s["x1"] < red["x0"] and abs(s["bottom"] - red["bottom"]) < 10]
    colours = {tuple(round(float(v), 2) for v in s["non_stroking_color"]) for s in lamp}
    # the lamp's own three colours (art/lamp.svg), between 'line:' and 'Red'
    assert {(0.17, 0.17, 0.17), (0.91, 0.3, 0.24), (0.18, 0.8, 0.44)} <= colours, colours
    from railprint.units import to_mm

    sheets = render(build_deck(example, RenderOptions()), "pdf")[0]
    with pdfplumber.open(io.BytesIO(sheets)) as pdf:
        guides = [c for c in pdf.pages[0].curves if abs(c["linewidth"] - 0.25) < 0.01]
    assert len(guides) == 9 * 4 and all(abs(to_mm(g["x1"] - g["x0"]) - 3) < 0.05 for g in guides)  # corner_radius: 3mm
