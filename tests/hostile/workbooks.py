"""Crafted Excel workbooks for the hostile tests and the fuzz suite: a small valid card list
whose XML parts are then edited by hand (openpyxl never writes these shapes itself)."""

from __future__ import annotations

import io
import zipfile
from functools import lru_cache

SHEET = "xl/worksheets/sheet1.xml"
STRINGS = "xl/sharedStrings.xml"


@lru_cache(maxsize=None)
def workbook(rows: int = 2) -> bytes:
    """A valid card list of ``rows`` cards (made once for each count: bytes, never changed)."""
    from openpyxl import Workbook

    book = Workbook()
    book.active.append(["template", "name", "count"])
    for i in range(rows):
        book.active.append(["t", f"x{i}", 1])
    data = io.BytesIO()
    book.save(data)
    return data.getvalue()


def parts(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as packed:
        return {name: packed.read(name) for name in packed.namelist()}


def pack(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as packed:
        for name, body in files.items():
            packed.writestr(name, body)
    return out.getvalue()


def edited(sheet_data: bytes | None = None, strings: bytes | None = None, drop: str | None = None,
           dimension: bytes | None = None) -> bytes:
    """The small workbook with its sheet's ``<sheetData>`` content, shared strings or dimension
    replaced, or a part dropped."""
    files = parts(workbook())
    if sheet_data is not None:
        xml = files[SHEET]
        start = xml.index(b"<sheetData>") + len(b"<sheetData>")
        files[SHEET] = xml[:start] + sheet_data + xml[xml.index(b"</sheetData>"):]
    if dimension is not None:
        xml = files[SHEET]
        start = xml.index(b'<dimension ref="') + len(b'<dimension ref="')
        files[SHEET] = xml[:start] + dimension + xml[xml.index(b'"', start):]
    if strings is not None:
        files[STRINGS] = (b'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/'
                          b'spreadsheetml/2006/main">' + strings + b"</sst>")
    if drop:
        files.pop(drop)
    return pack(files)


HEADER = (b'<row r="1"><c r="A1" t="inlineStr"><is><t>template</t></is></c>'
          b'<c r="B1" t="inlineStr"><is><t>name</t></is></c><c r="C1" t="inlineStr"><is><t>count</t></is></c></row>')


def row(number: int, cells: bytes) -> bytes:
    return b'<row r="%d"><c r="A%d" t="inlineStr"><is><t>t</t></is></c>%s</row>' % (number, number, cells)


def crafted() -> dict[str, tuple[bytes, str]]:
    """name -> (workbook bytes, the words the located error must hold). Built once a process
    (each test of the hostile and fuzz suites asked for all of them: ~0.3 s of CPU a call)."""
    return dict(_crafted())


@lru_cache(maxsize=1)
def _crafted() -> dict[str, tuple[bytes, str]]:
    return {
        "cell in column XFD": (edited(HEADER + row(2, b'<c r="XFD2"><v>1</v></c>')), "[Sheet]:2:16384: a cell in column XFD"),
        "5000 rows reaching XFD": (edited(HEADER + b"".join(row(i, b'<c r="XFD%d"><v>1</v></c>' % i)
                                                            for i in range(2, 5002))), "column XFD"),
        "a 1 MB cell": (edited(HEADER + row(2, b'<c r="B2" t="inlineStr"><is><t>' + b"x" * 1_000_000 + b"</t></is></c>")),
                        "text in the workbook is longer than 512 KiB"),
        "a 20 MB shared string": (edited(strings=b"<si><t>" + b"x" * 20_000_000 + b"</t></si>"),
                                  "unpacks to more than 16 MiB"),
        "300,000 shared strings": (edited(strings=b"<si><t>a</t></si>" * 300_000), "more than 200000 shared strings"),
        "300,000 cells": (edited(HEADER + row(2, b"<c><v>1</v></c>" * 300_000)), "more than 200000 cells"),
        "shared string out of range": (edited(HEADER + row(2, b'<c r="B2" t="s"><v>99</v></c>')),
                                       "[Sheet]:2: unreadable workbook cell"),
        "bad number": (edited(HEADER + row(2, b'<c r="C2"><v>12abc</v></c>')), "[Sheet]:2: unreadable workbook cell"),
        "bad date": (edited(HEADER + row(2, b'<c r="C2" t="d"><v>2024-13-45</v></c>')), "[Sheet]:2: unreadable"),
        "NaN count": (edited(HEADER + row(2, b'<c r="C2"><v>NaN</v></c>')), "[Sheet]:2: unreadable workbook cell"),
        "inf count": (edited(HEADER + row(2, b'<c r="C2"><v>1e999</v></c>')), "[Sheet]:2:3: the number inf"),
        "missing sheet part": (edited(drop=SHEET), "c.xlsx"),
        "2,000 parts": (pack({**parts(workbook()), **{f"xl/media/x{i}.bin": b"" for i in range(2000)}}),
                        "more than 1000 parts"),
        "huge dimension": (None, ""),  # a valid list whose <dimension> claims A1:XFD1048576: renders
        "row 1048576": (edited(HEADER + row(1048576, b"")), "more than 5000 rows"),
    }


def huge_dimension() -> bytes:
    return edited(dimension=b"A1:XFD1048576")
