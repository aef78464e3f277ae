"""Fonts as designers name them: fallback lists (itemised by the first font with each glyph),
weights by name or number (the nearest as CSS chooses), installed families by name
(``RAILPRINT_FONT_PATH``: fonts this test makes, never the machine's), CFF ``.otf`` files
converted to TrueType outlines, and one located error for a glyph no font has."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest
from fontTools.ttLib import TTFont
from pypdf import PdfReader

from railprint.render import RenderOptions, build_deck
from railprint.text import fonts, installed
from railprint.writers import render
from tests.render.test_designer_fonts import DECLARED, with_fonts
from tests.render.test_designer_round_two import deck, problems_of

SOURCE = fonts._font_folder()


def renamed(source: str, family: str, style: str, out: Path, *, typographic: str | None = None,
            weight: int | None = None) -> Path:
    """A built-in Source Sans Pro face renamed (name IDs 1/2, and 16/17 when ``typographic``)."""
    font = TTFont(SOURCE / source, recalcTimestamp=False)
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 2, 4, 6, 16, 17):
            names.removeNames(nameID=record.nameID)
    names.setName(family, 1, 3, 1, 0x409)
    names.setName(style, 2, 3, 1, 0x409)
    names.setName(f"{family} {style}", 4, 3, 1, 0x409)
    names.setName(f"{family}-{style}".replace(" ", ""), 6, 3, 1, 0x409)
    if typographic:
        names.setName(typographic, 16, 3, 1, 0x409)
    if weight:
        font["OS/2"].usWeightClass = weight
    out.parent.mkdir(parents=True, exist_ok=True)
    font.save(out)
    return out


def cff_font(out: Path, text: str = "Łódź Tromsø ABCabc") -> Path:
    """A CFF-outline .otf of ``text``'s characters, drawn from Source Sans Pro's outlines."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    source = TTFont(SOURCE / "SourceSansPro-Regular.ttf")
    cmap, glyphs, hmtx = source.getBestCmap(), source.getGlyphSet(), source["hmtx"]
    chars = sorted({ord(c) for c in text})
    order = [".notdef"] + list(dict.fromkeys(cmap[c] for c in chars))
    builder = FontBuilder(source["head"].unitsPerEm, isTTF=False)
    builder.setupGlyphOrder(order)
    builder.setupCharacterMap({c: cmap[c] for c in chars})
    strings = {}
    for name in order:
        pen = T2CharStringPen(hmtx[name][0], glyphs)
        glyphs[name].draw(pen)
        strings[name] = pen.getCharString()
    builder.setupCFF("RailprintTestCFF-Regular", {"FullName": "Railprint Test CFF"}, strings, {})
    builder.setupHorizontalMetrics({name: hmtx[name] for name in order})
    builder.setupHorizontalHeader(ascent=984, descent=-273)
    builder.setupNameTable({"familyName": "Railprint Test CFF", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=750, sTypoDescender=-250, usWinAscent=984, usWinDescent=273)
    builder.setupPost()
    out.parent.mkdir(parents=True, exist_ok=True)
    builder.save(str(out))
    return out


def pdf_chars(data: bytes) -> list[tuple[str, str]]:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [(c["text"], c["fontname"].split("+")[-1]) for c in pdf.pages[0].chars]


def one_card(tmp_path: Path, layers: list[str], extra: str = "", cards: str = "\n  - {vars: {name: A}}") -> Path:
    return deck(with_fonts(tmp_path), layers, cards, DECLARED + extra)


@pytest.fixture
def installed_fonts(tmp_path, monkeypatch):
    """A font folder with 'Tramway' (Regular, Bold, and an ExtraBold whose legacy family name is
    'Tramway ExtraBold' but whose typographic family, ID 16, is 'Tramway')."""
    folder = tmp_path / "system-fonts"
    renamed("SourceSansPro-Regular.ttf", "Tramway", "Regular", folder / "Tramway-Regular.ttf")
    renamed("SourceSansPro-Bold.ttf", "Tramway", "Bold", folder / "sub" / "Tramway-Bold.ttf")
    renamed("SourceSansPro-Black.ttf", "Tramway ExtraBold", "Regular", folder / "Tramway-ExtraBold.ttf",
            typographic="Tramway", weight=800)
    monkeypatch.setenv("RAILPRINT_FONT_PATH", str(folder))
    installed.index.cache_clear()
    yield folder
    installed.index.cache_clear()


# ---- weights ------------------------------------------------------------------------------------

def test_weights_by_name_and_number_pick_the_nearest_face_as_css(tmp_path):
    path = one_card(tmp_path, [
        "{type: text, text: Heavy, x: 5mm, y: 10mm, font: Source Sans Pro, weight: ExtraBold}",   # 800 -> 900
        "{type: text, text: Thin, x: 5mm, y: 20mm, weight: 300}",                                 # Light
        "{type: text, text: Medium, x: 5mm, y: 30mm, weight: medium}",                            # 500 -> 400
        "{type: text, text: Leaning, x: 5mm, y: 40mm, weight: semi-bold, italic: true}",          # 600 italic
        "{type: text, text: 'Strong **Bolder**', x: 5mm, y: 50mm, w: 50mm, h: 10mm, weight: 600}",  # ** -> 900
        "{type: text, text: Own, x: 5mm, y: 60mm, font: Semaphore, weight: 800}"],
        extra="")
    text = path.read_text().replace("italic: f/Semaphore-Italic.ttf}",
                                    "italic: f/Semaphore-Italic.ttf, black: f/Semaphore-Bold.ttf}")
    path.write_text(text)
    data = render(build_deck(path, RenderOptions(mode="1up")), "pdf")[0]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        words = {w["text"]: w["fontname"].split("+")[-1] for w in pdf.pages[0].extract_words(extra_attrs=["fontname"])}
    assert words["Heavy"] == "SourceSansPro-Black"
    assert words["Thin"] == "SourceSansPro-Light"
    assert words["Medium"] == "SourceSansPro-Regular"
    assert words["Leaning"] == "SourceSansPro-SemiboldIt"
    assert words["Strong"] == "SourceSansPro-Semibold" and words["Bolder"] == "SourceSansPro-Black"
    assert words["Own"] == "Semaphore-Bold"   # the family's 'black' face (weight 900) is nearest 800


def test_a_weight_that_is_no_weight_and_a_bold_a_family_lacks_are_located(tmp_path):
    path = one_card(tmp_path, [
        "{type: text, text: x, x: 5mm, y: 10mm, weight: extrabolt}",
        "{type: text, text: y, x: 5mm, y: 20mm, font: Semaphore, weight: 900, italic: true}"])
    message = problems_of(path)
    assert "weight 'extrabolt' is not a weight" in message and "did you mean 'extrabold'" in message
    assert "the font family 'Semaphore' has no Black Italic face (it has: regular, italic, bold)" in message


def test_a_family_face_key_that_is_no_face_is_refused(tmp_path):
    path = one_card(tmp_path, ["{type: text, text: x, x: 5mm, y: 10mm}"],
                    extra="  Other: {regular: f/Semaphore-Regular.ttf, extrabould: f/Semaphore-Bold.ttf}\n")
    assert "'extrabould' is not a face" in problems_of(path)


# ---- fallback lists ------------------------------------------------------------------------------

def test_a_fallback_list_draws_each_character_in_the_first_font_that_has_it(tmp_path):
    # Semaphore (the example's subset) has no ß or €; Source Sans Pro has both
    path = one_card(tmp_path, [
        "{type: text, text: 'Straße €5', x: 5mm, y: 10mm, font: [Semaphore, Source Sans Pro]}",
        "{type: text, text: 'Größe [font=Semaphore, Source Sans Pro]Maß €[/] Łódź', x: 5mm, y: 20mm, w: 50mm, "
        "h: 20mm, font: 'Semaphore, Source Sans Pro'}"])
    data = render(build_deck(path, RenderOptions(mode="1up")), "pdf")[0]
    chars = pdf_chars(data)
    by_font = {}
    for char, font in chars:
        by_font.setdefault(char, set()).add(font)
    assert by_font["ß"] == by_font["€"] == {"SourceSansPro-Regular"}
    assert by_font["S"] == by_font["Ł"] == by_font["G"] == by_font["M"] == {"Semaphore-Regular"}
    text = "".join(c for c, _ in chars)
    assert "Straße€5" in text.replace(" ", "") and "GrößeMaß€Łódź" in text.replace(" ", "")
    svg = render(build_deck(path, RenderOptions(mode="1up")), "svg")[0].decode()
    assert ">Stra<" in svg and ">ß<" in svg and ">e <" in svg


def test_one_line_fallback_pieces_sit_side_by_side_and_centre_as_one(tmp_path):
    path = one_card(tmp_path, ["{type: text, text: 'aßa', x: 30mm, y: 10mm, align: centre, "
                               "font: [Semaphore, Source Sans Pro], size: 20}"])
    data = render(build_deck(path, RenderOptions(mode="1up")), "pdf")[0]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        chars = pdf.pages[0].chars
    assert [c["text"] for c in chars] == ["a", "ß", "a"]
    assert abs(chars[0]["x1"] - chars[1]["x0"]) < 0.05 and abs(chars[1]["x1"] - chars[2]["x0"]) < 0.05
    middle = (chars[0]["x0"] + chars[2]["x1"]) / 2
    page = pdf_width = None
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        pdf_width = page.width
    assert abs(middle - pdf_width / 2 - (30 * 72 / 25.4 - 63 * 72 / 25.4 / 2)) < 0.1


def test_the_deck_fallback_list_follows_every_layer(tmp_path):
    path = one_card(tmp_path, ["{type: text, text: 'Maß', x: 5mm, y: 10mm, font: Semaphore}"],
                    extra="font_fallback: [Source Sans Pro]\n")
    chars = pdf_chars(render(build_deck(path, RenderOptions(mode="1up")), "pdf")[0])
    assert chars == [("M", "Semaphore-Regular"), ("a", "Semaphore-Regular"), ("ß", "SourceSansPro-Regular")]


def test_a_glyph_no_font_has_is_one_error_naming_the_fonts_and_the_cards(tmp_path):
    rows = "".join(f"\n  - {{vars: {{name: 'N{i} ◎'}}}}" for i in range(5))
    path = deck(with_fonts(tmp_path), ["{type: text, text: '{name}', x: 5mm, y: 10mm, font: [Semaphore, Source Sans Pro]}"],
                rows, DECLARED)
    message = problems_of(path)
    assert "1 problem(s)" in message
    assert "no font has a glyph for '◎' (tried Semaphore Regular, Source Sans Pro Regular) (on 5 cards; " \
           "the first: card 1 (N0 ◎)): 'N0 ◎'" in message


def test_an_unknown_family_in_a_list_is_located_with_a_suggestion(tmp_path):
    path = one_card(tmp_path, ["{type: text, text: x, x: 5mm, y: 10mm, font: [Semaphore, Source Sans Prp]}"],
                    extra="font_fallback: [Semafore]\n")
    message = problems_of(path)
    assert "unknown font family 'Source Sans Prp'" in message and "did you mean 'Source Sans Pro'" in message
    assert "font_fallback: unknown font family 'Semafore'" in message and "did you mean 'Semaphore'" in message


# ---- installed families --------------------------------------------------------------------------

def test_installed_families_by_name_typographic_family_first(installed_fonts, tmp_path):
    index = installed.index()
    assert sorted(index) == ["tramway"]
    assert sorted(index["tramway"]["faces"]) == [(400, False), (700, False), (800, False)]
    path = one_card(tmp_path, [
        "{type: text, text: Plain, x: 5mm, y: 10mm, font: tramway}",
        "{type: text, text: 'Heavy **bold**', x: 5mm, y: 20mm, w: 50mm, h: 10mm, font: Tramway, weight: 800}"])
    chars = pdf_chars(render(build_deck(path, RenderOptions(mode="1up")), "pdf")[0])
    assert chars[:5] == [(c, "Tramway-Regular") for c in "Plain"]
    # its PostScript name: the 800 face; **bold** (bolder than 800: 900) takes the nearest, 800 too
    assert {font for _, font in chars[5:]} == {"TramwayExtraBold-Regular"}
    assert "".join(c for c, _ in chars[5:]) == "Heavybold"


def test_an_installed_family_typo_gets_a_suggestion(installed_fonts, tmp_path):
    path = one_card(tmp_path, ["{type: text, text: x, x: 5mm, y: 10mm, font: Tramwey}"])
    assert "unknown font family 'Tramwey' (in template 't', on 1 card) (did you mean 'Tramway'?" in problems_of(path)


def test_no_installed_fonts_unless_the_path_names_them():
    """The test session's RAILPRINT_FONT_PATH is empty: the machine's fonts are never read."""
    installed.index.cache_clear()
    assert installed.index() == {}


def test_the_index_skips_damaged_files_and_reads_at_most_its_bound(installed_fonts, monkeypatch):
    (installed_fonts / "junk.ttf").write_bytes(b"\x00\x01\x00\x00" + b"\xff" * 100)
    (installed_fonts / "empty.otf").write_bytes(b"")
    installed.index.cache_clear()
    assert sorted(installed.index()) == ["tramway"]
    monkeypatch.setattr(installed, "MAX_FILES", 1)
    installed.index.cache_clear()
    assert len(installed.index()) <= 1


def test_font_folders_per_system(monkeypatch):
    from railprint import platform

    monkeypatch.delenv("RAILPRINT_FONT_PATH")
    monkeypatch.setattr(platform.sys, "platform", "win32")
    monkeypatch.setenv("WINDIR", r"C:\Windows")
    monkeypatch.setenv("LOCALAPPDATA", r"C:\Users\a\AppData\Local")
    assert [str(p).replace("\\", "/") for p in platform.font_folders()] == [
        "C:/Users/a/AppData/Local/Microsoft/Windows/Fonts", "C:/Windows/Fonts"]
    monkeypatch.setattr(platform.sys, "platform", "darwin")
    assert [str(p) for p in platform.font_folders()][1:] == ["/Library/Fonts", "/System/Library/Fonts"]
    monkeypatch.setattr(platform.sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", "/home/a/.local/share")
    assert [str(p) for p in platform.font_folders()][0] == "/home/a/.local/share/fonts"
    assert "/usr/share/fonts" in [str(p) for p in platform.font_folders()]


# ---- CFF outlines --------------------------------------------------------------------------------

def test_a_cff_otf_is_converted_embedded_and_measured_as_the_original(tmp_path):
    folder = with_fonts(tmp_path)
    cff_font(folder / "f" / "Test-Regular.otf")
    path = deck(folder, ["{type: text, text: 'Łódź Tromsø', x: 5mm, y: 10mm, font: Tested, size: 20}"],
                "\n  - {vars: {name: A}}", DECLARED + "  Tested: {regular: f/Test-Regular.otf}\n")
    built = build_deck(path, RenderOptions(mode="1up"))
    data = render(built, "pdf")[0]
    reader = PdfReader(io.BytesIO(data))
    kinds = set()
    for font in reader.pages[0]["/Resources"]["/Font"].values():
        descriptor = font.get_object()["/FontDescriptor"].get_object()
        kinds.add(("/FontFile2" in descriptor, "/FontFile3" in descriptor))
    assert kinds == {(True, False)}   # TrueType outlines embedded
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        chars = pdf.pages[0].chars
    assert "".join(c["text"] for c in chars) == "Łódź Tromsø"
    reference = TTFont(SOURCE / "SourceSansPro-Regular.ttf")
    advance = reference["hmtx"][reference.getBestCmap()[ord("Ł")]][0] * 20 / 1000
    assert abs((chars[1]["x0"] - chars[0]["x0"]) - advance) < 0.01
    svg = render(built, "svg")[0].decode()
    assert "format('truetype')" in svg and svg.count("@font-face") == 1


def test_a_cff_font_whose_charstrings_run_too_long_is_a_located_error(tmp_path, monkeypatch):
    from railprint.text import cff

    folder = with_fonts(tmp_path)
    cff_font(folder / "f" / "Slow-Regular.otf")
    monkeypatch.setattr(cff, "MAX_WORK", 50)
    cff.converted.cache_clear()
    fonts._checked.cache_clear()
    path = deck(folder, ["{type: text, text: x, x: 5mm, y: 10mm, font: Slow}"],
                "\n  - {vars: {name: A}}", DECLARED + "  Slow: {regular: f/Slow-Regular.otf}\n")
    message = problems_of(path)
    cff.converted.cache_clear()
    fonts._checked.cache_clear()
    assert "fonts.Slow.regular: the font Slow-Regular.otf (PostScript/CFF outlines) cannot be converted" in message
    assert "take too long" in message


def test_the_schema_describes_font_lists_weights_and_the_fallback():
    import json

    from tests.helpers import run_cli

    schema = json.loads(run_cli("schema").stdout)
    deck_props = schema["$defs"]["DeckSpec"]["properties"]
    assert deck_props["font_fallback"]["type"] == "array"
    text = schema["$defs"]["TextLayer"]["properties"]
    assert {"type": "array", "items": {"type": "string"}} in text["font"]["anyOf"]
    assert "ExtraBold" in text["weight"]["description"] and text["italic"]["anyOf"][0] == {"type": "boolean"}
    assert "800 italic" in deck_props["fonts"]["description"]


def test_a_real_cff_family_converts_to_the_metrics_of_its_truetype_twin():
    """Source Sans Pro ships both: the converted .otf measures as the .ttf (within the odd glyph
    the two builds differ by) and keeps the file's own vertical metrics."""
    from railprint.text import cff

    otf = SOURCE / "SourceSansPro-Regular.otf"
    fonts.load_font_file(otf)
    key = fonts.register_face("SourceOTF@test", "regular", otf)
    converted, twin = fonts.metrics(key), fonts.metrics("regular")
    assert set(converted.widths) == set(twin.widths)
    assert sum(converted.widths[c] != twin.widths[c] for c in twin.widths) <= 4
    assert (converted.ascent, converted.descent) == (twin.ascent, twin.descent)
    font = TTFont(io.BytesIO(cff.converted(str(otf), fonts._stamp(otf), fonts.MAX_FONT_BYTES)))
    assert "glyf" in font and "CFF " not in font and font["maxp"].numGlyphs == TTFont(otf)["maxp"].numGlyphs


def test_a_family_given_as_a_list_of_files_takes_weight_and_style_from_them(tmp_path):
    folder = with_fonts(tmp_path)
    for source in ("SourceSansPro-Regular.ttf", "SourceSansPro-Black.ttf", "SourceSansPro-LightIt.ttf"):
        (folder / "f" / source).write_bytes((SOURCE / source).read_bytes())
    path = deck(folder, ["{type: text, text: 'Plain **Heavy** *Lean*', x: 5mm, y: 10mm, w: 50mm, h: 10mm, "
                         "font: Listed}", "{type: text, text: Thin, x: 5mm, y: 30mm, font: Listed, weight: 200, "
                         "italic: true}"], "\n  - {vars: {name: A}}",
                DECLARED + "  Listed: [f/SourceSansPro-Regular.ttf, f/SourceSansPro-Black.ttf, "
                           "f/SourceSansPro-LightIt.ttf]\n")
    chars = pdf_chars(render(build_deck(path, RenderOptions(mode="1up")), "pdf")[0])
    fonts_of = {}
    for char, font in chars:
        fonts_of.setdefault(font, []).append(char)
    assert "".join(fonts_of["SourceSansPro-Regular"]) == "Plain"
    assert "".join(fonts_of["SourceSansPro-Black"]) == "Heavy"          # bolder than 400: 700, nearest 900
    assert "".join(fonts_of["SourceSansPro-LightIt"]) == "LeanThin"    # italic 400 -> 300; 200 -> 300


def test_a_list_naming_one_face_twice_is_located(tmp_path):
    folder = with_fonts(tmp_path)
    path = deck(folder, ["{type: text, text: x, x: 5mm, y: 10mm, font: Twice}"], "\n  - {vars: {name: A}}",
                DECLARED + "  Twice: [f/Semaphore-Regular.ttf, f/Semaphore-Italic.ttf, f/Semaphore-Regular.ttf]\n")
    message = problems_of(path)
    assert "fonts.Twice[2]: f/Semaphore-Regular.ttf is the SemiBold face again (as Semaphore-Regular.ttf)" in message
