"""Round eight of hostile input (docs/hostile-input.md, *Round eight*): export names cut and
cleaned, PNG metadata too large for Pillow, and the inputs no earlier round crafted."""

from __future__ import annotations

import io
import json
import struct
import zlib
from pathlib import Path

import pytest

from tests.hostile.common import deck, files_under, run, write


# -- Tabletop Simulator names -----------------------------------------------------------------------

def _saved(out: Path, name: str = "d") -> dict:
    return json.loads((out / "g" / f"{name}.json").read_text(encoding="utf-8"))


def _names(saved: dict) -> list[str]:
    found = [saved["SaveName"]]

    def walk(objects):
        for item in objects:
            found.append(item["Nickname"])
            walk(item.get("ContainedObjects", []))

    walk(saved["ObjectStates"])
    return found


def test_export_names_of_a_huge_title_are_cut_cleaned_and_kept_apart(tmp_path):
    """A deck titled with 120 KB went into the saved object's SaveName and the deck's Nickname
    whole; card names with control characters (a BEL, a line break) went in as typed, and two
    long names alike in their first 80 characters must not become one name."""
    title = "Pociąg do Łodzi " * 7_500
    same = "Karta " * 30
    cards = (f"cards:\n  - {{template: t, count: 2, name: \"\\a{same}A\", vars: {{name: X}}}}\n"
             f"  - {{template: t, count: 1, name: \"{same}\\nB\", vars: {{name: Y}}}}\n"
             f"  - {{template: t, count: 1, name: \"Zwykła\\u200bkarta\", vars: {{name: Z}}}}\n")
    text = deck(size="mini", title="{en: '" + title + "'}")
    text = text[:text.index("cards:")] + cards + text[text.index("templates:"):]
    content = write(tmp_path, {"d.yaml": text})
    out = tmp_path / "out"
    result = run("export", "tts", "g", "--content", str(content), "-o", str(out), "-q", "--dpi", "36")
    assert result.exit_code == 0, result.output
    saved = _saved(out)
    names = _names(saved)
    assert all(len(name) <= 80 for name in names), [len(name) for name in names]
    assert saved["SaveName"] == saved["ObjectStates"][0]["Nickname"]
    assert saved["SaveName"].startswith("Pociąg do Łodzi Pociąg") and saved["SaveName"].endswith("Łodzi…")
    assert not any(c < " " or c in "\u200b\u202e" for name in names for c in name), names
    cards = [card["Nickname"] for card in saved["ObjectStates"][0]["ContainedObjects"]]
    assert cards[0] == cards[1] and cards[0].startswith("Karta Karta") and cards[0].endswith("…")
    assert cards[2] != cards[0] and cards[2].endswith("… #2")     # another card, cut alike: numbered
    assert cards[3] == "Zwykłakarta"


def test_board_bands_keep_their_numbers_after_a_long_title_is_cut():
    """Each band's ``(i/n)`` comes after the cut, so the bands of one board stay apart."""
    from railprint.export.tts import export_board
    from railprint.scene import Page
    from railprint.units import mm

    done = export_board(Page(mm(600), mm(1800), ()), "g", "b", "Plansza " * 10_000, Path("."), dpi=300)
    names = [obj["Nickname"] for obj in done.saved_object["ObjectStates"]]
    assert len(names) > 1 and len(set(names)) == len(names)
    assert all(len(name) <= 80 and name.endswith(f"… ({i}/{len(names)})") for i, name in enumerate(names, 1)), names


def test_object_names_keep_the_joiners_of_emoji_and_short_names_as_they_are():
    from railprint.export.tts import _Names, object_name

    assert object_name("Łódź — Kraków") == "Łódź — Kraków"
    assert object_name("👩\u200d👩\u200d👧 x") == "👩\u200d👩\u200d👧 x"
    assert object_name("a\x00b\u202ec\td\r\ne\x85f") == "abc d e f"
    names = _Names()
    many = [names("A" * 100 + str(i)) for i in range(300)]
    assert len(set(many)) == 300 and all(len(name) <= 80 for name in many)
    assert names("A" * 100 + "0") == many[0]                       # one text, one name


# -- PNG metadata too large for Pillow --------------------------------------------------------------

def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


_ZTXT = _chunk(b"zTXt", b"Comment\0\0" + zlib.compress(b"A" * (2 << 20), 9))
_ITXT = _chunk(b"iTXt", b"XML:com.adobe.xmp\0\1\0\0\0" + zlib.compress(b"<x/>" * (1 << 19), 9))
_ICCP = _chunk(b"iCCP", b"icc\0\0" + zlib.compress(b"\0" * (20 << 20), 9))   # a colour profile bomb


def _png_with(data: bytes, chunk: bytes, *, after_pixels: bool = False) -> bytes:
    at = data.index(b"IEND" if after_pixels else b"IDAT") - 4
    return data[:at] + chunk + data[at:]


def _picture() -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (600, 600), (200, 30, 30)).save(buffer, "PNG")
    return buffer.getvalue()


@pytest.mark.parametrize("chunk, after", [(_ZTXT, False), (_ITXT, False), (_ZTXT, True)])
def test_a_card_picture_whose_text_chunk_is_too_large_says_so(tmp_path, chunk, after):
    """It was "cannot read the picture a.png: Decompressed data too large for
    PngImagePlugin.MAX_TEXT_CHUNK (use an undamaged PNG …)"."""
    layer = "{type: image, file: a.png, x: 2mm, y: 2mm, w: 30mm, h: 30mm}"
    content = write(tmp_path, {"d.yaml": deck(layer=layer)})
    (content / "g" / "a.png").write_bytes(_png_with(_picture(), chunk, after_pixels=after))
    result = run("validate", str(content / "g" / "d.yaml"))
    assert result.exit_code == 1, result.output
    assert ("cannot read the picture a.png: its metadata is too large to read: a text chunk (tEXt, zTXt or iTXt) "
            "unpacks to over 1 MiB") in result.output, result.output
    assert "save the picture again without its metadata" in result.output and "d.yaml:" in result.output
    assert "PngImagePlugin" not in result.output


def test_a_photo_whose_text_chunk_is_too_large_is_read_without_it(paper_photo):
    """Pillow reads only the photo's header (its size; OpenCV decodes the pixels), and refused the
    whole photo for its metadata: "not an image file (expected a JPEG, PNG, WebP, HEIC or AVIF photo)"."""
    from PIL import Image

    from railprint.games.railroad_ink.photo.read import read_photo

    buffer = io.BytesIO()
    Image.open(io.BytesIO(paper_photo(3, megapixels=2.0).jpeg)).save(buffer, "PNG", compress_level=1)
    plain = buffer.getvalue()
    expected = read_photo(plain).board
    for chunk in (_ZTXT, _ITXT, _ICCP):
        assert read_photo(_png_with(plain, chunk)).board == expected


def test_a_photo_with_a_text_chunk_too_large_says_no_more_not_an_image(tmp_path):
    from PIL import Image

    photo = tmp_path / "p.png"

    buffer = io.BytesIO()
    Image.new("L", (1200, 900), 128).save(buffer, "PNG")
    photo.write_bytes(_png_with(buffer.getvalue(), _ZTXT))
    result = run("score", "railroad-ink", "--photo", str(photo))
    assert result.exit_code == 1, result.output
    assert "not an image file" not in result.output and "no registration marks found" in result.output, result.output


# -- round eight: crafted inputs -------------------------------------------------------------------

@pytest.mark.parametrize("cards", ["!!set {a, b}", "!!omap [{a: 1}, {b: 2}]", "!!pairs [{a: 1}]"])
def test_a_card_list_yaml_reads_as_a_set_or_pairs_is_a_located_error(tmp_path, cards):
    """YAML's ``!!set`` and ``!!omap`` give a set or a list of pairs where the cards go: pruning the
    bad cards read their locations, and `validate` ended in "AttributeError: 'set' object has no
    attribute 'location'" (a traceback)."""
    text = deck()
    text = text[:text.index("cards:")] + f"cards: {cards}\n" + text[text.index("templates:"):]
    content = write(tmp_path, {"d.yaml": text})
    result = run("validate", str(content / "g" / "d.yaml"))
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "d.yaml:6:8: cards" in result.output, result.output


def test_a_card_named_on_two_lines_is_named_on_one_line_in_its_error(tmp_path):
    """A card list's quoted cell ``"A<newline>B"`` named the card in the error as typed, splitting
    the one error line in two ("card 1 (A" / "B): control character(s) …")."""
    text = deck(count="1")
    text = text[:text.index("cards:")] + "cards: {from: c.csv}\n" + text[text.index("templates:"):]
    content = write(tmp_path, {"d.yaml": text, "c.csv": 'template,name,count\nt,"A\nB",1\n'})
    result = run("validate", str(content / "g" / "d.yaml"))
    assert result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 2 and "c.csv:2:2: card 1 (A\\nB): control character(s) '\\n'" in lines[1], lines


def test_a_railroad_ink_board_with_lines_ending_in_cr_alone_is_read(tmp_path):
    """An old Mac editor's line ends (CR alone) made the board one line: "no grid rows" at 1:1."""
    source = Path(__file__).resolve().parents[1] / "data" / "railroad_ink" / "cases" / "board_edge.txt"
    board = tmp_path / "b.txt"
    expected = run("score", "railroad-ink", str(source), "--json")
    assert expected.exit_code == 0, expected.output
    for ending in (b"\r", b"\r\n"):
        board.write_bytes(source.read_bytes().replace(b"\n", ending))
        result = run("score", "railroad-ink", str(board), "--json")
        assert result.exit_code == 0, result.output
        assert json.loads(result.stdout)["total"] == json.loads(expected.stdout)["total"]


# -- `railprint serve`'s connections ---------------------------------------------------------------

@pytest.fixture
def server(tmp_path):
    """(base URL, data folder) of a server on 127.0.0.1 (as tests/serve/conftest.py's)."""
    from railprint.serve import running

    with running(tmp_path / "data") as (url, _):
        yield url, tmp_path / "data"


def _socket(base: str):
    import socket
    from urllib.parse import urlsplit

    where = urlsplit(base)
    return socket.create_connection((where.hostname, where.port), timeout=20)


def _all(sock) -> bytes:
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


def _host(base: str) -> bytes:
    return b"Host: " + base.split("//")[1].encode() + b"\r\n"


def test_pipelined_requests_then_a_refusal_print_no_traceback(monkeypatch, server):
    """10,000 GETs sent at once: the head bound refused the connection (431, write_eof) while the
    first request was still being answered, whose answer then raised "RuntimeError: Cannot call
    write() after write_eof()" — "Exception in ASGI application" and a traceback on the server's
    terminal."""
    import logging
    import time

    from railprint.serve import app

    real, calls = app.web_page, []

    def slow(game):   # the first request is still being answered when the refusal comes
        calls.append(game)
        if len(calls) == 1:
            time.sleep(0.3)
        return real(game)

    monkeypatch.setattr(app, "web_page", slow)
    said: list[logging.LogRecord] = []
    keep = logging.Handler()
    keep.emit = said.append   # uvicorn's own logger (it does not propagate to the root's)
    logging.getLogger("uvicorn.error").addHandler(keep)
    base, _ = server
    try:
        sock = _socket(base)
        sock.sendall(b"".join(b"GET /api/games HTTP/1.1\r\n" + _host(base) + b"\r\n" for _ in range(10_000)))
        answer = _all(sock)
        sock.close()
        time.sleep(1.5)   # the first request's answer (dropped, or written after the refusal)
    finally:
        logging.getLogger("uvicorn.error").removeHandler(keep)
    assert answer.startswith(b"HTTP/1.1 431 ") and answer.count(b"HTTP/1.1 ") == 1, answer[:200]
    assert not [r for r in said if r.levelno >= logging.ERROR], [r.getMessage() for r in said]
    with __import__("urllib.request").request.urlopen(base + "/api/games", timeout=10) as still:
        assert still.status == 200


def test_a_body_in_thousands_of_tiny_chunks_is_refused(server):
    """A 1 MB body sent in 1-byte chunks (6 MB on the wire) took the server 1.3 s of CPU on its event
    loop, each chunk a call into Python; at most connections.MAX_CHUNKS chunks now."""
    from railprint.serve.connections import MAX_CHUNKS

    base, _ = server
    body = b'{"game": "railroad-ink", "players": ["A", "B"], "x": "' + b"a" * 100_000 + b'"}'
    head = (b"POST /api/rooms HTTP/1.1\r\n" + _host(base) + b"Content-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n")

    def chunked(size: int) -> bytes:
        return b"".join(b"%x\r\n" % len(body[i:i + size]) + body[i:i + size] + b"\r\n"
                        for i in range(0, len(body), size)) + b"0\r\n\r\n"

    sock = _socket(base)
    try:
        sock.sendall(head + chunked(1))
    except (ConnectionResetError, BrokenPipeError):
        pass
    answer = _all(sock)
    sock.close()
    assert answer.startswith(b"HTTP/1.1 400 ") and f"over {MAX_CHUNKS} chunks".encode() in answer, answer[:200]
    sock = _socket(base)                       # the same body in 64 chunks is read as ever
    sock.sendall(head + chunked(len(body) // 63))
    answer = sock.recv(65536)
    sock.close()
    assert answer.startswith(b"HTTP/1.1 ") and b"chunks" not in answer, answer[:200]


# -- fonts ----------------------------------------------------------------------------------------

def test_a_font_reportlab_cannot_embed_is_refused_by_validate_at_its_line(tmp_path):
    """A name table of an unknown format (or an hhea of an unknown version) passed `validate`, then
    `render` failed unlocated: "Error: the font f.ttf cannot be embedded: Unknown name table format"."""
    source = Path(__file__).resolve().parents[2] / "content" / "examples" / "signal-box" / "fonts" / "Semaphore-Bold.ttf"
    data = bytearray(source.read_bytes())
    tables = struct.unpack(">H", data[4:6])[0]
    for i in range(tables):
        entry = 12 + 16 * i
        if data[entry:entry + 4] == b"name":
            offset = struct.unpack(">I", data[entry + 8:entry + 12])[0]
            data[offset:offset + 2] = b"\x44\x44"            # format 17476
    layer = "{type: text, text: 'Zażółć', x: 2mm, y: 8mm, font: F}"
    content = write(tmp_path, {"d.yaml": deck(layer=layer, extra="fonts: {F: {regular: f.ttf}}\n")})
    (content / "g" / "f.ttf").write_bytes(bytes(data))
    for command in (["validate", str(content / "g" / "d.yaml")],
                    ["render", "g", "--content", str(content), "-o", str(tmp_path / "out"), "-q"]):
        result = run(*command)
        assert result.exit_code == 1, result.output
        assert "d.yaml:" in result.output and "the font f.ttf cannot be read: Unknown name table format (17476)" \
            in result.output, result.output
    assert files_under(tmp_path / "out") == set()


def _font_with(table: bytes, fill: bytes) -> bytes:
    source = Path(__file__).resolve().parents[2] / "content" / "examples" / "signal-box" / "fonts" / "Semaphore-Bold.ttf"
    data = bytearray(source.read_bytes())
    for i in range(struct.unpack(">H", data[4:6])[0]):
        entry = 12 + 16 * i
        if data[entry:entry + 4] == table:
            offset, length = struct.unpack(">II", data[entry + 8:entry + 16])
            data[offset:offset + length] = fill * length
    return bytes(data)


def test_a_font_whose_glyph_locations_point_past_its_outlines_is_refused(tmp_path):
    """fontTools reads such glyphs as empty: `validate` and `render` passed and the text was drawn
    invisible."""
    layer = "{type: text, text: 'Zażółć', x: 2mm, y: 8mm, font: F}"
    content = write(tmp_path, {"d.yaml": deck(layer=layer, extra="fonts: {F: {regular: f.ttf}}\n")})
    (content / "g" / "f.ttf").write_bytes(_font_with(b"loca", b"\xff"))
    result = run("validate", str(content / "g" / "d.yaml"))
    assert result.exit_code == 1, result.output
    assert "d.yaml:" in result.output and ("the font f.ttf cannot be read: its glyph locations (loca) are out of "
                                           "order or point past the glyph data") in result.output, result.output


# -- workbooks ------------------------------------------------------------------------------------

def _workbook_with_tail(tail: bytes) -> bytes:
    from tests.hostile import workbooks

    files = workbooks.parts(workbooks.workbook())
    xml = files[workbooks.SHEET]
    at = xml.index(b"</sheetData>") + len(b"</sheetData>")
    files[workbooks.SHEET] = xml[:at] + tail + xml[at:]
    return workbooks.pack(files)


@pytest.mark.parametrize("tail", [
    b"<mergeCells>" + b"".join(b'<mergeCell ref="A%d:B%d"/>' % (i, i) for i in range(3, 3003)) + b"</mergeCells>",
    b"".join(b'<conditionalFormatting sqref="A1:XFD1048576"><cfRule type="expression" priority="%d">'
             b"<formula>1</formula></cfRule></conditionalFormatting>" % i for i in range(600)),
    b"<dataValidations>" + b'<dataValidation sqref="A1:XFD1048576" type="list"><formula1>"a,b"</formula1>'
                           b"</dataValidation>" * 1000 + b"</dataValidations>",
])
def test_a_sheet_s_extras_are_bounded_before_openpyxl_builds_them(tmp_path, tail):
    """openpyxl builds an object of every merged range, conditional format and data validation,
    read-only or not: 200,000 merged ranges took `validate` 12.8 s of CPU, 50,000 conditional
    formats 13.5 s, 50,000 data validations 9.2 s."""
    text = deck()
    text = text[:text.index("cards:")] + "cards: {from: c.xlsx}\n" + text[text.index("templates:"):]
    content = write(tmp_path, {"d.yaml": text})
    (content / "g" / "c.xlsx").write_bytes(_workbook_with_tail(tail))
    result = run("validate", str(content / "g" / "d.yaml"))
    assert result.exit_code == 1, result.output
    assert "c.xlsx[Sheet]: the sheet holds more than 64 KiB besides its cells" in result.output, result.output


def test_a_sheet_with_a_few_merged_ranges_is_read_with_a_warning(tmp_path, caplog):
    text = deck()
    text = text[:text.index("cards:")] + "cards: {from: c.xlsx}\n" + text[text.index("templates:"):]
    content = write(tmp_path, {"d.yaml": text})
    (content / "g" / "c.xlsx").write_bytes(_workbook_with_tail(b'<mergeCells><mergeCell ref="B2:B3"/></mergeCells>'))
    result = run("validate", str(content / "g" / "d.yaml"))
    assert result.exit_code == 0, result.output
    assert "cells B2:B3 are merged" in result.output + caplog.text


def _workbook_with_part(name: str, edit) -> bytes:
    from tests.hostile import workbooks

    files = workbooks.parts(workbooks.workbook())
    files[name] = edit(files[name])
    return workbooks.pack(files)


@pytest.mark.parametrize("part, edit", [
    ("xl/styles.xml", lambda xml: xml.replace(b"</cellXfs>", b'<xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>'
                                                              * 20_000 + b"</cellXfs>")),
    ("xl/styles.xml", lambda xml: xml.replace(b"</fonts>", b'<font><sz val="11"/></font>' * 20_000 + b"</fonts>")),
    ("xl/workbook.xml", lambda xml: xml.replace(b"</workbook>", b"<definedNames>" + b"".join(
        b'<definedName name="n%d">Sheet!$A$1</definedName>' % i for i in range(20_000)) + b"</definedNames></workbook>")),
])
def test_a_workbook_s_styles_and_names_are_bounded_before_openpyxl_reads_them(tmp_path, part, edit):
    """openpyxl reads the styles and the workbook part whole before any cell: 200,000 cell formats
    took `validate` 17.6 s of CPU and 359 MB, 100,000 fonts 12.3 s, 100,000 defined names 7.8 s."""
    text = deck()
    text = text[:text.index("cards:")] + "cards: {from: c.xlsx}\n" + text[text.index("templates:"):]
    content = write(tmp_path, {"d.yaml": text})
    data = _workbook_with_part(part, edit)
    assert data != _workbook_with_part(part, lambda xml: xml)
    (content / "g" / "c.xlsx").write_bytes(data)
    result = run("validate", str(content / "g" / "d.yaml"))
    assert result.exit_code == 1, result.output
    assert f"c.xlsx: the workbook part '{part}' (its styles or its list of sheets and names) is over 256 KiB" \
        in result.output, result.output


def test_a_picture_too_large_with_a_text_chunk_is_not_decoded_to_name_its_metadata(tmp_path, monkeypatch):
    """The metadata check reads the picture again only after Pillow refused it; a picture refused
    for its size (any ValueError) must not be decoded then."""
    from PIL import Image, ImageFile

    from railprint.model import images

    monkeypatch.setattr(images, "MAX_PIXELS", 100_000)
    buffer = io.BytesIO()
    Image.new("L", (400, 400), 0).save(buffer, "PNG")
    loaded = []
    real = ImageFile.ImageFile.load

    def counted(self, *args, **kwargs):
        loaded.append(self.size)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(ImageFile.ImageFile, "load", counted)
    data = _png_with(buffer.getvalue(), _chunk(b"tEXt", b"Comment\0hello"))
    assert images.png_metadata_problem(data, "PNG") is None and not [s for s in loaded if s == (400, 400)]
