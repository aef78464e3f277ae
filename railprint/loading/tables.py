"""Card lists from data files: a deck's ``cards: {from: cards.csv}``.

One row is one card; the header row names the columns. CSV (``.csv``), tab-separated
(``.tsv``), an Excel workbook (``.xlsx``, read with openpyxl; ``sheet:`` picks a sheet, default
the first) or a JSON/YAML list of mappings. Text files are UTF-8 with or without a BOM.

Rows come back as :class:`~railprint.loading.yamlio.MarkedDict` objects whose locations point
into the data file (``file:row:column``; a spreadsheet's column is its number, A = 1), so the
deck's schema validation reports a bad cell exactly where the designer has to fix it.
"""

from __future__ import annotations

import csv
import io
import itertools
import math
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from railprint.errors import ContentError, Location, clip, suggestion
from railprint.loading.text import decode, read_bytes
from railprint.loading.yamlio import MarkedDict, MarkedList, load_file

if TYPE_CHECKING:
    import zipfile

TABLE_SUFFIXES = (".csv", ".tsv", ".xlsx", ".json", ".yaml", ".yml")
MAX_ROWS = 5000
"""Rows read from one card list (a deck holds at most 5,000 cards); more is refused at the next row."""
MAX_COLUMNS = 200
"""Columns of a card list (a card has a few variables); a value further right is refused where
it stands. Unbounded, a CSV of 10^6 columns took 16 s and 574 MB, a workbook cell in column XFD
30 s and 690 MB."""
MAX_DELIMITED_BYTES = 8 * 1024 * 1024
"""Largest CSV/TSV card list (5,000 rows of long rules text fit; the CSV reader's row list stays
near 100 MB even for 8 MiB of commas)."""
MAX_UNZIPPED = 64 * 1024 * 1024
"""Largest unpacked size of an Excel workbook (its parts are zip-compressed: a small file could
unpack to gigabytes)."""
MAX_PARTS = 1000
"""Files inside a workbook's zip (a saved card list has about a dozen)."""
MAX_XML_PART = 16 * 1024 * 1024
"""Largest unpacked XML part of a workbook (a sheet, the shared strings, ...)."""
MAX_CELLS = 200_000
"""Cells (filled or styled) in the card list's sheet, and strings in the shared-string table: a
5,000-card list of 40 columns. Checked on the XML before openpyxl parses it. A CSV/TSV list is
held to it too, counting each row as wide as the header or its own values: 5,000 rows of 200
columns (2 MB) took ``validate`` 8 s of CPU and 330 MB (each cell kept with its location)."""
MAX_CELL_BYTES = 512 * 1024
"""Longest text of one workbook cell in its XML (UTF-8, escaped); a 60 MB cell took 20 s and
926 MB. (A CSV cell is capped at 128 K characters by Python's csv reader.)"""


def _too_many(name: str, line: int) -> ContentError:
    return ContentError(f"more than {MAX_ROWS} rows in the card list", Location(name, line, 1),
                        hint="a deck holds at most 5000 cards; split the list")


def _row(cells: list[tuple[str, Any, Location]], where: Location) -> MarkedDict:
    row = MarkedDict()
    row.location = where
    row.key_locations = {}
    row.value_locations = {}
    for key, value, loc in cells:
        row[key] = value
        row.key_locations[key] = loc
        row.value_locations[key] = loc
    return row


def _rows(header: list, records, name: str) -> MarkedList:
    """``records``: (line, [cell values]) after the header; empty rows are skipped."""
    problems = []
    columns: dict[str, int] = {}
    for number, title in enumerate(header, 1):
        title = "" if title is None else str(title).strip()
        if not title:
            continue
        if title in columns:
            problems.append(ContentError(f"column {title!r} appears twice (columns {columns[title]} and {number})",
                                         Location(name, 1, number)))
        columns[title] = number
    if problems:
        raise ContentError(f"{len(problems)} problem(s) in {name}", Location(name), problems=problems)
    named = set(columns.values())
    out = MarkedList()
    out.location = Location(name, 1, 1)
    out.columns = {title: Location(name, 1, number) for title, number in columns.items()}
    out.item_locations = []
    for line, values in records:
        if all(v is None or str(v).strip() == "" for v in values):
            continue
        for number, value in enumerate(values, 1):
            if number not in named and value is not None and str(value).strip():
                raise ContentError(f"a value in column {number}, which has no header", Location(name, line, number),
                                   hint="name the column in the first row or delete the value")
        cells = []
        for title, number in columns.items():
            value = values[number - 1] if number - 1 < len(values) else None
            cells.append((title, _cell(value), Location(name, line, number)))
        out.append(_row(cells, Location(name, line, 1)))
        out.item_locations.append(Location(name, line, 1))
    return out


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, (int, float, str)):
        return value
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value)


def _too_wide(name: str, line: int) -> ContentError:
    return ContentError(f"more than {MAX_COLUMNS} columns in the card list", Location(name, line, MAX_COLUMNS + 1),
                        hint=f"a card list holds at most {MAX_COLUMNS} columns; delete the extra ones")


def _spreadsheet_text(path: Path) -> str:
    """A CSV/TSV file's text: UTF-8 (BOM dropped); a file a spreadsheet saved in its legacy code
    page (Polish Excel's "CSV" is Windows-1250) is an error saying how to save it as UTF-8 —
    never a guess (Windows-1250 reads a Nordic ø as ř)."""
    data = read_bytes(path, ContentError, MAX_DELIMITED_BYTES)
    try:
        return decode(data, str(path))
    except ContentError as exc:
        if exc.message.startswith("the file is UTF-16"):
            raise
        raise ContentError(exc.message + ": saved in a spreadsheet's older encoding (Polish Excel's 'CSV' is "
                           "Windows-1250)?", exc.location,
                           hint="save it as UTF-8: in Excel File > Save As > 'CSV UTF-8'; in LibreOffice "
                                "Save As > Text CSV, character set 'Unicode (UTF-8)'") from None


def _delimiter(text: str, delimiter: str) -> str:
    """``;`` for a .csv whose header row has semicolons and no comma: Excel writes that where
    the decimal mark is a comma (Polish, German, Nordic settings)."""
    header = text.partition("\n")[0]
    return ";" if delimiter == "," and "," not in header and ";" in header else delimiter


def _delimited(path: Path, delimiter: str) -> MarkedList:
    text = _spreadsheet_text(path)
    delimiter = _delimiter(text, delimiter)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        header = next(reader, None)
        if header is None:
            raise ContentError("the card list is empty (no header row)", Location(str(path), 1, 1))
        if len(header) > MAX_COLUMNS:
            raise _too_wide(str(path), 1)
        records = []
        line = reader.line_num + 1
        cells = len(header)
        for values in reader:
            if len(records) == MAX_ROWS:
                raise _too_many(str(path), line)
            if len(values) > MAX_COLUMNS:
                raise _too_wide(str(path), line)
            cells += max(len(values), len(header))
            if cells > MAX_CELLS:
                raise ContentError(f"more than {MAX_CELLS} cells in the card list (rows x columns)",
                                   Location(str(path), line, 1),
                                   hint=f"{MAX_ROWS} cards of {MAX_CELLS // MAX_ROWS} columns fit; delete the "
                                        "columns no template uses")
            records.append((line, values))
            line = reader.line_num + 1
    except csv.Error as exc:
        raise ContentError(f"unreadable {path.suffix[1:].upper()}: {exc}",
                           Location(str(path), reader.line_num)) from None
    return _rows(header, records, str(path))


def _excel(path: Path, sheet: str | None, sheet_at: Location | None = None) -> MarkedList:
    """The rows of a workbook's sheet. Every bound binds on the zip and its XML before openpyxl
    parses anything: unpacked size, part sizes, cells, shared strings, one cell's length, the
    rightmost column; any other damage openpyxl meets is a located error, never a traceback."""
    import zipfile  # here: only a workbook needs it (~2 ms of every render's discovery)

    data = read_bytes(path, ContentError)  # a regular file (not a FIFO), size capped
    name = str(path)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as packed:
            _check_parts(packed, name)
            from openpyxl import load_workbook

            book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except ContentError:
        raise
    except Exception as exc:  # openpyxl raises many kinds (zip, xml, key) for a broken file
        said = (str(exc).strip().splitlines() or [type(exc).__name__])[0]   # openpyxl's first line, not a repr
        raise ContentError(f"not a readable Excel workbook: {said}", Location(name)) from None
    try:
        names = book.sheetnames
        if not names:
            raise ContentError("the workbook has no sheet", Location(name))
        if sheet is not None and sheet not in names:
            raise ContentError(f"no sheet {sheet!r} in the workbook {path.name}", sheet_at or Location(name),
                               hint=suggestion(sheet, names))
        chosen = sheet if sheet is not None else names[0]
        where = f"{path}[{chosen}]"
        header, records, notes = _sheet_rows(book[chosen], where, data)
    finally:
        book.close()
    out = _rows(header, records, where)
    out.notes = notes
    return out


def _check_parts(packed: zipfile.ZipFile, name: str) -> None:
    parts = packed.infolist()
    if len(parts) > MAX_PARTS:
        raise ContentError(f"the workbook holds more than {MAX_PARTS} parts", Location(name),
                           hint="a card list workbook has a dozen; save it again from your spreadsheet program")
    if sum(part.file_size for part in parts) > MAX_UNZIPPED:
        raise ContentError(f"the workbook unpacks to more than {MAX_UNZIPPED // (1024 * 1024)} MiB",
                           Location(name), hint="a card list needs a few hundred KB")
    for part in parts:
        if part.filename.endswith((".xml", ".rels")) and part.file_size > MAX_XML_PART:
            raise ContentError(f"the workbook part {clip(part.filename)} unpacks to more than "
                               f"{MAX_XML_PART // (1024 * 1024)} MiB", Location(name),
                               hint="a card list needs a few hundred KB")
        if part.filename.endswith((".xml", ".rels")):  # whatever the part's name, before openpyxl reads it
            xml = packed.read(part)
            if _DOCTYPE.search(xml):   # openpyxl's defusedxml refused it in words of its own
                raise ContentError(f"the workbook part {clip(part.filename)} declares a DOCTYPE (XML entities), "
                                   "which a spreadsheet program never writes", Location(name),
                                   hint="save the workbook again from your spreadsheet program")
            _check_xml(xml, name, "shared strings", _SHARED_STRING)
            if len(xml) > MAX_BOOK_PART and _BOOK_PART.search(xml[:2048]):
                raise ContentError(f"the workbook part {clip(part.filename)} (its styles or its list of sheets and "
                                   f"names) is over {MAX_BOOK_PART // 1024} KiB", Location(name),
                                   hint="a card list needs a few KB of them: copy its cells into a new workbook "
                                        "(paste values)")


_NS = rb"(?:[A-Za-z_][\w.-]*:)?"
MAX_BOOK_PART = 256 * 1024
"""Bytes of a workbook's styles part and its workbook part (sheets, defined names), which openpyxl
reads whole into objects before any cell: 200,000 cell formats took `validate` 17.6 s of CPU and
359 MB, 100,000 fonts 12.3 s, 100,000 defined names 7.8 s. A spreadsheet program writes a few KB."""
_BOOK_PART = re.compile(rb"<" + _NS + rb"(?:styleSheet|workbook)[\s>]")
_DOCTYPE = re.compile(rb"<!DOCTYPE", re.IGNORECASE)
_FORMULA = re.compile(rb"<" + _NS + rb"f[\s/>]")
_REF = re.compile(rb"\br\s*=\s*[\"']\$?([A-Za-z]{1,3})\$?(\d{1,7})")
_TEXT_TYPE = re.compile(rb"\bt\s*=\s*[\"'](?:str|inlineStr|s)[\"']")
_VALUE = re.compile(rb"<" + _NS + rb"(?:v|is)\s*>\s*[^<\s]|<" + _NS + rb"is[\s>]")
_MERGED = re.compile(rb"<" + _NS + rb"mergeCell\s")
_RANGE = re.compile(rb"[^>]{0,200}?\bref\s*=\s*[\"']\$?([A-Za-z]{1,3})\$?(\d{1,7}):\$?([A-Za-z]{1,3})\$?(\d{1,7})")
MAX_MERGE_NOTES = 5
"""Merged ranges named one by one in warnings; the rest are counted."""
_CELL = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?c[\s/>]")
_SHARED_STRING = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?si[\s/>]")
_CELL_REF = re.compile(rb"<(?:[A-Za-z_][\w.-]*:)?c\s[^>]*?\br\s*=\s*[\"']\$?([A-Za-z]+)\$?(\d*)")


MAX_BESIDES_CELLS = 64 * 1024
"""Bytes of a sheet's XML outside its cells (``<sheetData>``): merged ranges, conditional formats,
data validations, hyperlinks, column widths, page setup. A spreadsheet program writes a few KB;
openpyxl builds an object of each, read-only or not: 200,000 merged ranges took `validate` 12.8 s
of CPU, 50,000 conditional formats 13.5 s, 50,000 data validations 9.2 s."""
_SHEET_DATA = re.compile(rb"<" + _NS + rb"sheetData[\s/>]")
_SHEET_DATA_END = re.compile(rb"</" + _NS + rb"sheetData\s*>")


def _check_besides_cells(xml: bytes, where: str) -> None:
    start = _SHEET_DATA.search(xml)
    ends = [found.end() for found in _SHEET_DATA_END.finditer(xml, start.end())] if start else []
    cells = ends[-1] - start.start() if ends else 0
    if len(xml) - cells > MAX_BESIDES_CELLS:
        raise ContentError(f"the sheet holds more than {MAX_BESIDES_CELLS // 1024} KiB besides its cells (merged "
                           "ranges, conditional formats, data validations, hyperlinks …)", Location(where),
                           hint="a card list needs none of them: copy its cells into a new sheet (paste values)")


def _check_xml(xml: bytes, name: str, what: str, element: re.Pattern) -> None:
    if sum(1 for _ in element.finditer(xml)) > MAX_CELLS:
        raise ContentError(f"more than {MAX_CELLS} {what} in the workbook", Location(name),
                           hint="a card list of 5000 cards needs far fewer; delete unused cells")
    if _longest_text(xml) > MAX_CELL_BYTES:
        raise ContentError(f"a cell's text in the workbook is longer than {MAX_CELL_BYTES // 1024} KiB",
                           Location(name), hint="card text needs a few hundred characters")


def _longest_text(xml: bytes) -> int:
    """The longest run of bytes between two tags (a cell's text), in linear time."""
    longest = run = 0
    step = 1 << 20
    for start in range(0, len(xml), step):
        pieces = xml[start:start + step].split(b"<")
        run += len(pieces[0])
        if len(pieces) > 1:
            longest = max(longest, run, max(map(len, pieces[1:-1]), default=0))
            run = len(pieces[-1])
    return max(longest, run)


def _column_number(letters: bytes) -> int:
    number = 0
    for letter in letters.upper()[:8]:
        number = number * 26 + letter - 64
    return number


def _unsaved_formula(xml: bytes, where: str) -> None:
    """A formula cell without the result a spreadsheet program saves beside it (a workbook
    written by a script) reads as blank — a card's ``count`` silently 1: an error at the cell."""
    if not _FORMULA.search(xml):
        return
    starts = [cell.start() for cell in _CELL.finditer(xml)] + [len(xml)]
    for begin, end in zip(starts, starts[1:]):   # a cell up to the next one: the XML read once
        attributes, _, body = xml[begin:end].partition(b">")
        if attributes.endswith(b"/") or not _FORMULA.search(body) or _VALUE.search(body) \
                or _TEXT_TYPE.search(attributes):
            continue   # a saved result (a text result may be empty: t="str" with <v></v>)
        ref = _REF.search(attributes)
        if ref is not None:
            name = (ref.group(1) + ref.group(2)).decode("ascii").upper()
            raise ContentError(f"cell {name} holds a formula but no saved result",
                               Location(where, int(ref.group(2)), _column_number(ref.group(1))),
                               hint="open the workbook in Excel or LibreOffice and save it: railprint reads the "
                                    "results a spreadsheet program saves, it does not compute formulas")


def _merged_notes(xml: bytes, where: str) -> list[str]:
    """Warnings for merged cells: only a merged range's first cell holds its value, the others
    read as blank (a rules text merged over three cards' rows prints on the first card only)."""
    notes = []
    count = xml.count(b"mergeCell") - xml.count(b"mergeCells")   # the ranges, without their list's tags
    for merged in itertools.islice(_MERGED.finditer(xml), MAX_MERGE_NOTES):
        found = _RANGE.match(xml, merged.end())
        if found is None:
            continue
        first_col, first_row, last_col, last_row = found.groups()
        first = (first_col + first_row).decode("ascii").upper()
        last = (last_col + last_row).decode("ascii").upper()
        notes.append(f"{Location(where, int(first_row), _column_number(first_col))}: cells {first}:{last} are "
                     f"merged: only {first} holds the value, the other cells read as blank (unmerge them and "
                     f"fill each cell)")
    if count > len(notes):
        notes.append(f"{Location(where)}: … and {count - len(notes)} more merged range(s)")
    return notes


def _sheet_rows(worksheet: Any, where: str, data: bytes) -> tuple[list, list, list[str]]:
    """(header, [(line, values)], warnings) of a read-only openpyxl sheet, bounded as the module
    says; a formula without its saved result is an error, merged cells are warnings."""
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as packed:
            xml = packed.read(worksheet._worksheet_path)  # openpyxl names the part; its size is checked
    except (KeyError, OSError, zipfile.BadZipFile, AttributeError) as exc:
        raise ContentError(f"the workbook's sheet is missing or unreadable: {clip(str(exc), 120)}",
                           Location(where)) from None
    _check_xml(xml, where, "cells", _CELL)
    _check_besides_cells(xml, where)
    _unsaved_formula(xml, where)
    notes = _merged_notes(xml, where)
    for ref in _CELL_REF.finditer(xml):
        column = _column_number(ref.group(1))
        if column > MAX_COLUMNS:
            row = int(ref.group(2)[:9]) if ref.group(2) else 1
            raise ContentError(f"a cell in column {ref.group(1).decode('ascii', 'replace')[:8]} "
                               f"({column}); a card list holds at most {MAX_COLUMNS} columns",
                               Location(where, row, min(column, 10**9)),
                               hint="delete the cell or move it left")
    worksheet.reset_dimensions()  # never trust the <dimension> tag (A1:XFD1048576)
    header: list = []
    records: list = []
    line = 1
    try:
        rows = worksheet.iter_rows(max_col=MAX_COLUMNS + 1, values_only=True)
        for line, values in enumerate(rows, 1):
            if line == 1:
                header = list(values or ())
                if not any(v is not None and str(v).strip() for v in header):
                    raise ContentError("the card list is empty (no header row)", Location(where, 1, 1))
                continue
            if len(records) == MAX_ROWS:
                raise _too_many(where, line)
            records.append((line, list(values)))
    except ContentError:
        raise
    except Exception as exc:  # a shared string out of range, a bad number or date, a broken part
        raise ContentError(f"unreadable workbook cell: {clip(str(exc) or type(exc).__name__, 120)}",
                           Location(where, line + 1 if line > 1 or header else 1)) from None
    if not header:
        raise ContentError("the card list is empty (no header row)", Location(where, 1, 1))
    for line_, values in [(1, header), *records]:
        if len(values) > MAX_COLUMNS and values[MAX_COLUMNS] is not None:
            raise _too_wide(where, line_)
        for column, value in enumerate(values[:MAX_COLUMNS], 1):
            if isinstance(value, float) and not math.isfinite(value):
                raise ContentError(f"the number {value} is not finite", Location(where, line_, column),
                                   hint="type a number")
    return header[:MAX_COLUMNS], [(n, v[:MAX_COLUMNS]) for n, v in records], notes


def _listed(path: Path) -> MarkedList:
    data = load_file(path)
    if not isinstance(data, list) or not all(isinstance(row, dict) for row in data):
        raise ContentError("a card list file must be a list of mappings (one per card)",
                           getattr(data, "location", Location(str(path), 1, 1)))
    if len(data) > MAX_ROWS:
        raise _too_many(str(path), data.loc(MAX_ROWS).line or 1)
    data.columns = {}
    for row in data:
        for key in row:
            data.columns.setdefault(key, row.key_loc(key))
    return data


CARD_COLUMNS = ("template", "count", "back")
"""Columns that are not variables: the card's template, its copies (``count``, or the column the
deck names with ``count_column:``) and its back template. Blank: the deck's default template,
one copy, the deck's back."""


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip() == "")


def special_columns(count_column: str = "count") -> dict[str, str]:
    """Column name -> the card entry key it fills."""
    return {"template": "template", count_column: "count", "back": "back"}


def card_entries(rows: MarkedList, count_column: str = "count") -> MarkedList:
    """Rows -> deck ``cards:`` entries (``template``, ``count``, ``back``, the rest as ``vars``),
    located; a blank special cell is left out (its default applies)."""
    special = special_columns(count_column)
    out = MarkedList()
    out.location = rows.location
    out.item_locations = list(rows.item_locations)
    for row in rows:
        variables = _row([(k, v, row.loc(k)) for k, v in row.items() if k not in special], row.location)
        cells = [(special[k], v.strip() if isinstance(v, str) else v, row.loc(k))
                 for k, v in row.items() if k in special and not _blank(v)]
        out.append(_row(cells + [("vars", variables, row.location)], row.location))
    return out


def near_special(column: str, count_column: str = "count") -> str | None:
    """The special column ``column`` is one edit (or only case) away from, if any: ``Count``,
    ``cout`` and ``backs`` are typos that would silently become plain variables."""
    if column in special_columns(count_column):
        return None
    folded = column.strip().casefold()
    for name in special_columns(count_column):
        if folded == name.casefold() or _one_edit(folded, name.casefold()):
            return name
    return None


def _one_edit(a: str, b: str) -> bool:
    """Are ``a`` and ``b`` one insertion, deletion, substitution or swap of neighbours apart?"""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                                  and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])
    if len(a) > len(b):
        a, b = b, a
    return any(b[:i] + b[i + 1:] == a for i in range(len(b)))


def load_table(path: Path, sheet: str | None = None, sheet_at: Location | None = None) -> MarkedList:
    """The rows of a card list file, each a MarkedDict located in that file (``sheet_at``: where
    the deck names its ``sheet:``, for a sheet the workbook lacks)."""
    suffix = path.suffix.lower()
    if suffix not in TABLE_SUFFIXES:
        raise ContentError(f"unknown card list format {path.suffix!r}", Location(str(path)),
                           hint="use " + ", ".join(TABLE_SUFFIXES))
    if sheet is not None and suffix != ".xlsx":
        raise ContentError("'sheet:' is for Excel workbooks (.xlsx)", Location(str(path)))
    if suffix == ".xlsx":
        return _excel(path, sheet, sheet_at)
    if suffix in (".csv", ".tsv"):
        return _delimited(path, "\t" if suffix == ".tsv" else ",")
    return _listed(path)
