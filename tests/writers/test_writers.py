import io
import xml.etree.ElementTree as ET

import pdfplumber
import pytest

from railprint.errors import RailprintError
from railprint.scene import Circle, Document, Group, Line, Page, Rect, Style, Text, translate
from railprint.units import mm
from railprint.writers import render, save, to_text

NAMES = "Tromsø Göteborg Ålborg Łódź Kraków żółć"


def _doc():
    items = (
        Rect(mm(20), mm(30), mm(63), mm(88), Style(stroke="#000000", width=0.3)),
        Line(0, 0, mm(10), mm(10), Style(stroke="#ff0000")),
        Group((Circle(0, 0, 5, Style(fill="#0000ff")),
               Text(0, 0, NAMES, 10, font="bold")), transform=translate(mm(20), mm(150))),
    )
    return Document((Page(mm(210), mm(297), items, "A4"), Page(mm(215.9), mm(279.4), (), "Letter")),
                    title="test")


def test_pdf_page_sizes_positions_and_text():
    pdf = render(_doc(), "pdf")[0]
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        first, second = doc.pages
        assert first.width == pytest.approx(mm(210), abs=0.01)
        assert first.height == pytest.approx(mm(297), abs=0.01)
        assert second.width == pytest.approx(mm(215.9), abs=0.01)
        rect = first.rects[0]
        # scene origin is top-left: the rect's top edge is 30 mm below the page top
        assert rect["x0"] == pytest.approx(mm(20), abs=0.05)
        assert rect["top"] == pytest.approx(mm(30), abs=0.05)
        assert rect["width"] == pytest.approx(mm(63), abs=0.05)
        assert rect["height"] == pytest.approx(mm(88), abs=0.05)
        assert NAMES in first.extract_text()
        fonts = {c["fontname"].split("+")[-1] for c in first.chars}
        assert fonts == {"SourceSansPro-Bold"}


def test_pdf_is_byte_identical():
    assert render(_doc(), "pdf") == render(_doc(), "pdf")


def test_svg_one_file_per_page_with_embedded_font(tmp_path):
    files = save(_doc(), tmp_path / "out.svg")
    assert [f.name for f in files] == ["out-01.svg", "out-02.svg"]
    root = ET.parse(files[0]).getroot()
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    ns = "{http://www.w3.org/2000/svg}"
    assert [t.text for t in root.iter(ns + "text")] == [NAMES]
    style = "".join(s.text for s in root.iter(ns + "style"))
    assert "@font-face" in style and "base64," in style


def test_missing_glyph_is_an_error_naming_the_string():
    doc = Document((Page(100, 100, (Text(0, 10, "snow ☃", 10),)),))
    with pytest.raises(RailprintError, match="snow"):
        render(doc, "pdf")


def test_unknown_format_lists_known_ones(tmp_path):
    for name in ("out.png", "out.txt", "out"):   # the txt scene dump is for tests, not a picture
        with pytest.raises(RailprintError, match=r"known formats: pdf, svg\)"):
            save(_doc(), tmp_path / name)
    assert list(tmp_path.iterdir()) == []


def test_text_dump_is_stable():
    dump = to_text(_doc())
    assert dump.splitlines()[2] == "  rect 56.69 85.04 178.58 249.45 stroke=#000000/0.3"


def _unkept(items):
    from dataclasses import replace

    return tuple(replace(i, items=_unkept(i.items), keep=False) if isinstance(i, Group) else i for i in items)


def test_a_kept_group_is_the_same_svg_as_drawing_it_anew():
    """Group.keep: the writer makes the group's SVG (and its clip paths) once and reuses it while
    the group lives; every document drawing it gets the bytes it would have got without."""
    inner = Group((Rect(0, 0, 30, 20, Style(fill="#aa0000")), Text(2, 12, "Łódź Tromsø", 9)),
                  clip=Rect(0, 0, 25, 15), id="clipped")
    base = Group((Line(0, 0, 100, 100), inner, Group((Circle(5, 5, 3),), translate(4, 4))), id="base", keep=True)

    def page(extra, before=()):
        return Page(mm(60), mm(60), (*before, base, Text(10, 150, extra, 12)))

    clip_first = (Group((Rect(0, 0, 5, 5),), clip=Rect(0, 0, 4, 4)),)
    docs = [Document((page("version 1"),)), Document((page("version 2"),)),
            Document((page("version 3", clip_first),)), Document((page("version 4"),))]
    for doc in docs + docs:  # the second round draws every page from what was kept
        plain = Document(tuple(Page(p.width, p.height, _unkept(p.items)) for p in doc.pages))
        (kept,), (anew,) = render(doc, "svg"), render(plain, "svg")
        assert kept == anew
        root = ET.fromstring(kept)
        ids = [e.get("id") for e in root.iter() if e.get("id")]
        assert ids.count("base") == 1 and not any(i.startswith("railprint-kept") for i in ids)
    assert b"version 3" in render(docs[2], "svg")[0] and b"clip2" in render(docs[2], "svg")[0]


def test_a_string_the_font_cannot_show_in_a_kept_group_is_refused_every_time():
    bad = Group((Text(0, 10, "\u4e2d", 9),), keep=True)
    for _ in range(2):
        with pytest.raises(RailprintError, match="no glyph"):
            render(Document((Page(100, 100, (bad,)),)), "svg")


def test_an_output_folder_that_is_a_file_and_an_output_file_that_is_a_folder_are_said_so(tmp_path):
    from tests.helpers import run_cli

    board = tmp_path / "anna.txt"
    board.write_text("player: Anna\n" + "\n".join([". . . . . . ."] * 7) + "\n", encoding="utf-8")
    taken = tmp_path / "notes.txt"
    taken.write_text("mine", encoding="utf-8")
    result = run_cli("sheet", "railroad-ink", "--seed", "1", "-o", str(tmp_path))
    assert result.exit_code == 1 and f"Error: {tmp_path} is a folder (give a file name" in result.stderr
    result = run_cli("score", "railroad-ink", str(board), "--picture", str(tmp_path))
    assert result.exit_code == 1 and f"Error: {tmp_path} is a folder" in result.stderr
    result = run_cli("export", "tts", "railroad-ink", "-o", str(taken))
    assert result.exit_code == 1 and f"Error: the output folder {taken} is a file" in result.stderr
    assert taken.read_text(encoding="utf-8") == "mine" and "Traceback" not in result.output
