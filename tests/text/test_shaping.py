"""Shaped text: widths are HarfBuzz's own, the PDF draws each glyph where HarfBuzz puts it
(read back with pdfplumber), ligatures are drawn as the ligature glyph and extract as their
letters, and the SVG gives every line the same width."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pdfplumber
import pytest
import uharfbuzz as hb

from railprint.scene import Document, Page, Text
from railprint.text import fonts, measure, shaping
from railprint.writers import pdf, svg

KERNED = "AVATAR Tromsø Łódź To"


def _harfbuzz(text: str, key: str = "regular") -> list[tuple[int, int]]:
    """(glyph id, advance) as HarfBuzz shapes ``text`` in the font, asked directly."""
    blob = hb.Blob.from_file_path(str(fonts.font_path(key)))
    font = hb.Font(hb.Face(blob))
    buf = hb.Buffer()
    buf.add_str(text)
    buf.guess_segment_properties()
    hb.shape(font, buf)
    return [(info.codepoint, pos.x_advance) for info, pos in zip(buf.glyph_infos, buf.glyph_positions)]


@pytest.mark.parametrize("key", ["regular", "bold", "italic", "bolditalic"])
def test_widths_are_harfbuzz_widths_with_kerning(key):
    glyphs = _harfbuzz(KERNED, key)
    upm = fonts.metrics(key).units_per_em
    expected = sum(advance for _, advance in glyphs) * 12 / upm
    assert abs(measure.text_width(KERNED, 12, key) - expected) < 0.1
    # and kerning is really there: "To" is narrower than "T" and "o" apart, "AV" than "A" + "V"
    assert measure.text_width("To", 100, key) < measure.text_width("T", 100, key) + measure.text_width("o", 100, key) - 1
    assert measure.text_width("AV", 100, key) < measure.text_width("A", 100, key) + measure.text_width("V", 100, key) - 1


def _pdf_chars(items) -> list[dict]:
    data = pdf.to_bytes(Document((Page(500, 300, tuple(items)),)))
    with pdfplumber.open(io.BytesIO(data)) as doc:
        return doc.pages[0].chars, doc.pages[0].extract_text()


@pytest.mark.parametrize("size", [7.5, 12, 31])
def test_pdf_draws_every_glyph_where_harfbuzz_puts_it(size):
    chars, text = _pdf_chars([Text(20, 100, KERNED, size)])
    assert text == KERNED
    assert len(chars) == len(KERNED)
    glyphs = _harfbuzz(KERNED)
    x = 0
    for char, (_, advance) in zip(chars, glyphs):
        assert abs(char["x0"] - (20 + x * size / 1000)) < 0.1, char["text"]
        x += advance
    assert abs(chars[-1]["x1"] - (20 + x * size / 1000)) < 0.1
    assert abs(chars[-1]["x1"] - 20 - measure.text_width(KERNED, size)) < 0.1


def test_pdf_anchors_use_the_shaped_width():
    chars, _ = _pdf_chars([Text(400, 100, "To AVATAR", 20, anchor="end"), Text(250, 200, "To AVATAR", 20,
                                                                                anchor="middle")])
    right = [c for c in chars if c["top"] < 150]
    centred = [c for c in chars if c["top"] > 150]
    assert abs(right[-1]["x1"] - 400) < 0.1
    assert abs((centred[0]["x0"] + centred[-1]["x1"]) / 2 - 250) < 0.1


def test_a_ligature_is_drawn_as_its_glyph_and_reads_as_its_letters():
    # Source Sans Pro's liga feature joins f+f (glyph f_f, which no character maps to)
    run = shaping.shape("office", "regular")
    assert len(run.gids) == 5 and -1 in run.chars
    assert run.texts[run.chars.index(-1)] == "ff"
    chars, text = _pdf_chars([Text(20, 100, "office staff", 20)])
    assert text == "office staff"
    # one glyph drawn for "ff" in each word: 12 characters, 10 glyphs
    assert len(chars) == 10
    assert abs(chars[-1]["x1"] - 20 - measure.text_width("office staff", 20)) < 0.1
    assert measure.text_width("office", 20) == pytest.approx(sum(a for _, a in _harfbuzz("office")) * 20 / 1000)


def _outline(glyf, name) -> tuple:
    glyph = glyf[name]
    return tuple(map(tuple, glyph.coordinates)) if glyph.numberOfContours > 0 else ()


def test_pdf_embeds_the_ligature_glyph():
    """The subset carries the f_f outline, a glyph no character maps to."""
    from fontTools.ttLib import TTFont
    import pikepdf

    original = TTFont(fonts.font_path("regular"))
    ligature = _outline(original["glyf"], original.getGlyphOrder()[shaping.shape("ff").gids[0]])
    assert ligature
    data = pdf.to_bytes(Document((Page(300, 100, (Text(10, 50, "off", 20),)),)))
    with pikepdf.open(io.BytesIO(data)) as doc:
        font = next(iter(doc.pages[0].Resources.Font.values()))
        program = font.FontDescriptor.FontFile2.read_bytes()
    subset = TTFont(io.BytesIO(program))
    assert ligature in {_outline(subset["glyf"], name) for name in subset.getGlyphOrder()}


def test_svg_lines_carry_the_shaped_width():
    page = Page(300, 100, (Text(10, 50, KERNED, 20), Text(10, 80, "office", 9, anchor="end")))
    root = ET.fromstring(svg.page_to_string(page))
    texts = [el for el in root.iter() if el.tag.endswith("}text")]
    assert float(texts[0].get("textLength")) == pytest.approx(measure.text_width(KERNED, 20), abs=0.001)
    assert float(texts[1].get("textLength")) == pytest.approx(measure.text_width("office", 9), abs=0.001)
    style = next(el for el in root.iter() if el.tag.endswith("}style")).text
    assert "font-kerning:normal" in style


def test_a_combining_mark_is_placed_where_harfbuzz_puts_it():
    """q + combining acute (no precomposed glyph): HarfBuzz's mark feature moves the accent
    back over the q; the PDF draws it there and the text reads back as typed."""
    text = "aq\u0301x To"
    run = shaping.shape(text)
    assert any(run.x_offsets)
    chars, extracted = _pdf_chars([Text(10, 40, text, 20)])
    assert extracted.replace(" ", "") == text.replace(" ", "")
    for char, x in zip(chars, shaping.positions(text, 20)):
        assert abs(char["x0"] - 10 - x) < 0.1, char["text"]


def test_the_empty_string_is_nothing_wide():
    assert measure.text_width("", 12) == 0
    assert shaping.shape("").gids == () and shaping.shape("").width == 0
    chars, _ = _pdf_chars([Text(10, 40, "", 20), Text(10, 80, "To", 20)])
    assert [c["text"] for c in chars] == ["T", "o"]
