"""Hostile card lists, pictures and icon files: located errors, bounded time and memory, nothing
read outside the content folder, nothing written."""

from __future__ import annotations

import io
import os
import struct
import zipfile
import zlib
from pathlib import Path

import pytest

from .common import assert_clean_failure, files_under, run, write

DECK = """kind: deck
id: d
game: g
title: {en: T}
size: poker
templates:
  t:
    layers:
      - LAYER
cards: CARDS
"""
ICON_LAYER = "{type: icon, name: zz, x: 5mm, y: 5mm, size: 10mm}"


def _deck(layer: str = "{type: text, text: '{name}', x: 2mm, y: 8mm}", cards: str = "{from: cards.csv}") -> str:
    return DECK.replace("LAYER", layer).replace("CARDS", cards)


def _render(tmp_path, files: dict, binary: dict | None = None):
    content = write(tmp_path, files)
    for name, data in (binary or {}).items():
        (content / "g" / name).write_bytes(data)
    out = tmp_path / "out"
    return run("render", "g", "--content", str(content), "-o", str(out), "-q"), out




# --- card lists ---------------------------------------------------------------------------

def test_a_million_csv_rows_stop_at_the_cap(tmp_path):
    # read whole, 10^6 rows took more than 30 s and 1.6 GB
    result, out = _render(tmp_path, {"d.yaml": _deck(), "cards.csv": "template,name\n" + "t,x\n" * 1_000_000})
    assert result.exit_code == 1 and "cards.csv:5002:1: more than 5000 rows" in result.stderr
    assert not files_under(out)


def _workbook(rows: int) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    book.active.append(["template", "name"])
    for i in range(rows):
        book.active.append(["t", f"x{i}"])
    data = io.BytesIO()
    book.save(data)
    return data.getvalue()


def test_excel_rows_are_capped_and_a_zip_bomb_is_refused(tmp_path):
    result, out = _render(tmp_path / "a", {"d.yaml": _deck(cards="{from: c.xlsx}")}, {"c.xlsx": _workbook(5001)})
    assert result.exit_code == 1 and "c.xlsx[Sheet]:5002:1: more than 5000 rows" in result.stderr
    packed = io.BytesIO(_workbook(3))
    with zipfile.ZipFile(packed, "a", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/bomb.bin", b"0" * (80 * 1024 * 1024))  # 80 MB unpacked, 80 KB packed
    result, out = _render(tmp_path / "b", {"d.yaml": _deck(cards="{from: c.xlsx}")}, {"c.xlsx": packed.getvalue()})
    assert result.exit_code == 1 and "c.xlsx: the workbook unpacks to more than 64 MiB" in result.stderr
    assert not files_under(out)


def test_an_excel_fifo_does_not_block(tmp_path, alarm):
    # openpyxl opened the path itself: a FIFO named c.xlsx blocked `render` forever
    content = write(tmp_path, {"d.yaml": _deck(cards="{from: c.xlsx}")})
    os.mkfifo(content / "g" / "c.xlsx")
    result = run("render", "g", "--content", str(content), "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code == 1 and "d.yaml:10:" in result.stderr
    assert not files_under(tmp_path / "out")


@pytest.mark.parametrize("reference", ["../../../etc/passwd", "/etc/passwd.csv", "link.csv"])
def test_card_lists_stay_inside_the_content_folder(tmp_path, reference):
    content = write(tmp_path, {"d.yaml": _deck(cards=f"{{from: '{reference}'}}")})
    (content / "g" / "link.csv").symlink_to("/etc/passwd")
    result = run("render", "g", "--content", str(content), "-o", str(tmp_path / "out"), "-q")
    assert_clean_failure(result, tmp_path / "out")
    assert "d.yaml:10:" in result.stderr and "outside the content folder" in result.stderr
    assert "root:" not in result.output


def test_a_huge_csv_cell_is_located(tmp_path):
    result, out = _render(tmp_path, {"d.yaml": _deck(), "cards.csv": "template,name\nt," + "x" * 1_000_000 + "\n"})
    assert result.exit_code == 1 and "cards.csv:2: unreadable CSV: field larger" in result.stderr
    assert not files_under(out)


# --- pictures -----------------------------------------------------------------------------

def _png(width: int, height: int, data: bytes | None = None) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    rows = data if data is not None else zlib.compress(b"".join(b"\0" + b"\x80" * width * 3 for _ in range(height)))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", rows) + chunk(b"IEND", b"")


IMAGE = "{type: image, file: a.png, x: 2mm, y: 2mm, w: 30mm, h: 30mm}"


# each picture is made when its test runs (the 9000 x 9000 one takes a second to compress: not
# at collection, in every test process)
@pytest.mark.parametrize("picture, expected", [
    (lambda: _png(20, 20)[:60], "cannot read the picture a.png"),                          # truncated
    (lambda: _png(20, 20, data=b"garbage" * 10), "broken data stream"),                      # passed verify()
    (lambda: _png(100_000, 100_000, data=zlib.compress(b"\0" * 1000)), "decompression bomb"),
    (lambda: _png(9000, 9000, data=zlib.compress(b"\0" * (9000 * 27001), 9)), "9000 x 9000 pixels"),  # was 840 MB
    (lambda: b"", "cannot read the picture a.png: the file is empty"),
], ids=["truncated", "broken-stream", "bomb", "9000x9000", "empty"])
def test_broken_and_bomb_pictures_are_located(tmp_path, picture, expected):
    result, out = _render(tmp_path, {"d.yaml": _deck(IMAGE, "[{template: t}]")}, {"a.png": picture()})
    assert_clean_failure(result, out)
    assert "d.yaml:10:" in result.stderr and expected in result.stderr


# --- icons --------------------------------------------------------------------------------

ICONS = 'kind: icons\nid: ic\ngame: g\nicons:\n  zz: {path: "PATH"EXTRA}\n'


@pytest.mark.parametrize("path, extra, expected", [
    ("M0 0 " + "L1 1 " * 30_000, "", "an icon's path data holds at most 100000"),   # 10^6: was 9 s, 430 MB
    ("M0 0 " + "A 1e300 1e300 0 1 1 1e308 1e308 " * 3, "", "reaches more than 100 times"),  # traceback
    ("M0 0 L1 1", ", style: stroke, stroke_width: 1e308", "reaches more than 100 times"),   # traceback
    ("M0 0 L1 1 Z", ", viewbox: [0, 0, 1e-300, 1e-300]", "reaches more than 100 times"),
    ("M0 0 L1e999 1 Z", "", "i.yaml:5:"),
    ("M0 0 L1 \u202e1 Z", "", "unexpected '\\u202e'"),
])
def test_hostile_icon_paths_are_located(tmp_path, path, extra, expected):
    icons = ICONS.replace("PATH", path).replace("EXTRA", extra)
    result, out = _render(tmp_path, {"d.yaml": _deck(ICON_LAYER, "[{template: t}]"), "i.yaml": icons})
    assert_clean_failure(result, out)
    assert "i.yaml:5:" in result.stderr and expected in result.stderr


def test_a_user_map_name_with_a_control_character_is_a_located_error(tmp_path):
    text = (Path(__file__).resolve().parents[2] / "content" / "examples" / "lakeland" / "lakeland.yaml").read_text(
        encoding="utf-8")
    text = text.replace("id: lakeland", "id: lakex").replace("en: 'Lakeland Express'", 'en: "Lake\\x07land"')
    text = text.replace("aliases: [lakeland express, pojezierze]", "aliases: [lakex2]")
    folder = tmp_path / "maps" / "g"
    folder.mkdir(parents=True)
    (folder / "lakex.yaml").write_text(text, encoding="utf-8")
    result = run("render", "ticket-to-ride", "--content", str(tmp_path / "maps"), "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code == 1
    assert f"{folder / 'lakex.yaml'}:11:12: text 'Lake\\x07land' holds control character(s) '\\x07'" in result.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))
