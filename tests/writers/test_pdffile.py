"""railprint's own PDF file structure (writers/pdffile.py) read back: text in many font subsets
and beyond the Basic Multilingual Plane extracts as written, a Polish title, pictures with and
without transparency, the same bytes whatever was written before in the process (the subset,
string and number memos), and scene.leaves against scene.walk (the glyph check's fast path)."""

from __future__ import annotations

import io

import pdfplumber
import pytest
from PIL import Image as PILImage
from pypdf import PdfReader

from railprint.text.fonts import check_glyphs
from railprint.scene import Document, Group, Image, Page, Rect, Style, Text, leaves, translate, walk
from railprint.writers import render

# 300 characters Source Sans Pro has: more than one 256-code subset of a face
LETTERS = "".join(ch for ch in map(chr, range(0x21, 0x250)) if ch.isprintable() and not check_glyphs(ch, "regular"))[:300]


def _text_doc(title: str = "railprint") -> Document:
    lines = [LETTERS[i:i + 40] for i in range(0, len(LETTERS), 40)]
    items = tuple(Text(20, 30 + 14 * n, line, 10) for n, line in enumerate(lines))
    return Document((Page(595, 842, items),), title=title)


def test_text_over_several_subsets_reads_back_as_written():
    assert len(LETTERS) == 300
    data = render(_text_doc(), "pdf")[0]
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        chars = "".join(c["text"] for c in pdf.pages[0].chars)
        fonts = {c["fontname"] for c in pdf.pages[0].chars}
    assert chars == LETTERS
    assert len(fonts) == 2 and {f.split("+")[-1] for f in fonts} == {"SourceSansPro-Regular"}


def test_the_title_keeps_polish_letters():
    data = render(_text_doc("Jedzie pociąg z daleka — żetony"), "pdf")[0]
    assert PdfReader(io.BytesIO(data)).metadata.title == "Jedzie pociąg z daleka — żetony"


def test_the_same_document_gives_the_same_bytes_after_others():
    first = render(_text_doc(), "pdf")[0]
    other = Document((Page(200, 200, (Text(10, 20, "ŁÓDŹ ĘĄ ønskæ", 12, font="bold"),
                                      Text(10, 40, LETTERS[::-1], 9))),))
    render(other, "pdf")
    assert render(_text_doc(), "pdf")[0] == first


def _picture(tmp_path, mode: str, name: str) -> Image:
    from railprint.model.images import probe

    colour = {"RGBA": (200, 30, 30, 128), "RGB": (30, 200, 30), "L": 90}[mode]
    path = tmp_path / name
    PILImage.new(mode, (40, 20), colour).save(path)
    _, _, key = probe(path)
    return Image(10, 10, 80, 40, str(path), key)


def test_pictures_are_stored_once_with_a_soft_mask_only_when_translucent(tmp_path):
    import pikepdf

    a, b, c, d = (_picture(tmp_path, "RGBA", "a.png"), _picture(tmp_path, "RGB", "b.png"),
                  _picture(tmp_path, "L", "c.png"), _picture(tmp_path, "RGB", "d.jpg"))
    doc = Document((Page(200, 200, (a, b, c, d, a)), Page(200, 200, (b,))))
    with pikepdf.open(io.BytesIO(render(doc, "pdf")[0])) as pdf:
        images = [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"]
        masks = [o.SMask.objgen for o in images if "/SMask" in o]
        kinds = sorted((str(o.ColorSpace), "/SMask" in o, str(o.Filter[0]), int(o.Width))
                       for o in images if o.objgen not in masks)
        alpha = [pikepdf.PdfImage(o).as_pil_image().getpixel((0, 0)) for o in images if o.objgen in masks]
        drawn = [len([op for _, op in pikepdf.parse_content_stream(page) if str(op) == "Do"]) for page in pdf.pages]
    # each picture stored once though a and b are drawn twice; the translucent one with its mask
    assert kinds == sorted([("/DeviceRGB", True, "/FlateDecode", 40), ("/DeviceRGB", False, "/FlateDecode", 40),
                            ("/DeviceGray", False, "/FlateDecode", 40), ("/DeviceRGB", False, "/DCTDecode", 40)])
    assert alpha == [128] and drawn == [5, 1]


def test_leaves_are_walks_leaves_with_each_repeated_group_once():
    card = Group((Rect(0, 0, 10, 10, Style(fill="#ff0000")), Text(1, 8, "card", 6)))
    inner = Group((card, Text(0, 0, "inner", 6)), transform=translate(5, 5))
    items = (card, Group((card, inner), transform=translate(20, 0)), inner, Text(0, 0, "last", 6))
    walked = [item for item, _ in walk(items)]
    seen = []
    for item in walked:
        if not any(item is other for other in seen):
            seen.append(item)
    assert list(leaves(items)) == seen
    assert [item.text for item in leaves(items) if isinstance(item, Text)] == ["card", "inner", "last"]


@pytest.mark.parametrize("size", [0.5, 10, 1e-3])
def test_tiny_and_odd_sizes_stay_valid(size):
    doc = Document((Page(100, 100, (Text(10, 20, "Ab", size), Rect(1, 1, size, size, Style(fill="#000000")))),))
    data = render(doc, "pdf")[0]
    assert PdfReader(io.BytesIO(data)).pages[0].extract_text().strip() == "Ab"


def test_names_and_strings_from_a_font_or_title_cannot_break_the_syntax():
    from railprint.writers.pdffile import pdf_name, pdf_string

    assert pdf_name(b"AAAAAA+Sans-Bold") == "AAAAAA+Sans-Bold"
    assert pdf_name(b"My#Font\n\\x\xe9") == "My#23Font#0A\\x#E9"
    assert pdf_string("a (b) \\ c") == "(a \\(b\\) \\\\ c)"
    assert pdf_string("line\nbreak") == "<FEFF" + "line\nbreak".encode("utf-16-be").hex().upper() + ">"


def test_a_font_file_changed_in_place_is_embedded_anew(tmp_path):
    """`watch`: a designer's font edited under the same name must not reuse the old subset."""
    import shutil

    from railprint.loading.resources import content_path
    from railprint.render import RenderOptions, build_deck
    from tests.render.test_designer_round_two import deck

    fonts = content_path("examples", "signal-box", "fonts")
    (tmp_path / "f").mkdir()
    shutil.copy(fonts / "Semaphore-Regular.ttf", tmp_path / "f" / "Face.ttf")
    path = deck(tmp_path, ["{type: text, text: 'Łódź', x: 5mm, y: 10mm, family: Semaphore}"],
                "\n  - {vars: {name: A}}", "fonts:\n  Semaphore: {regular: f/Face.ttf}\n")

    def embedded() -> set[str]:
        data = render(build_deck(path, RenderOptions(mode="1up")), "pdf")[0]
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            return {c["fontname"].split("+")[-1] for c in pdf.pages[0].chars if c["text"] in "Łódź"}

    assert embedded() == {"Semaphore-Regular"}
    shutil.copy(fonts / "Semaphore-Bold.ttf", tmp_path / "f" / "Face.ttf")
    assert embedded() == {"Semaphore-Bold"}
