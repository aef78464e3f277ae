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
import zipfile
from pathlib import Path
from typing import Any

from railprint.errors import ContentError, Location
from railprint.loading.text import read_bytes, read_text
from railprint.loading.yamlio import MarkedDict, MarkedList, load_file

TABLE_SUFFIXES = (".csv", ".tsv", ".xlsx", ".json", ".yaml", ".yml")
MAX_ROWS = 5000
"""Rows read from one card list (a deck holds at most 5,000 cards); more is refused at the next row."""
MAX_UNZIPPED = 64 * 1024 * 1024
"""Largest unpacked size of an Excel workbook (its parts are zip-compressed: a small file could
unpack to gigabytes)."""


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


def _delimited(path: Path, delimiter: str) -> MarkedList:
    text = read_text(path, ContentError)  # UTF-8, BOM dropped
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        header = next(reader, None)
        if header is None:
            raise ContentError("the card list is empty (no header row)", Location(str(path), 1, 1))
        records = []
        line = reader.line_num + 1
        for values in reader:
            if len(records) == MAX_ROWS:
                raise _too_many(str(path), line)
            records.append((line, values))
            line = reader.line_num + 1
    except csv.Error as exc:
        raise ContentError(f"unreadable {path.suffix[1:].upper()}: {exc}",
                           Location(str(path), reader.line_num)) from None
    return _rows(header, records, str(path))


def _excel(path: Path, sheet: str | None) -> MarkedList:
    data = read_bytes(path, ContentError)  # a regular file (not a FIFO), size capped
    try:
        from openpyxl import load_workbook

        with zipfile.ZipFile(io.BytesIO(data)) as packed:
            if sum(part.file_size for part in packed.infolist()) > MAX_UNZIPPED:
                raise ContentError(f"the workbook unpacks to more than {MAX_UNZIPPED // (1024 * 1024)} MiB",
                                   Location(str(path)), hint="a card list needs a few hundred KB")
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except ContentError:
        raise
    except Exception as exc:  # openpyxl raises many kinds (zip, xml, key) for a broken file
        raise ContentError(f"not a readable Excel workbook: {exc}", Location(str(path))) from None
    try:
        names = book.sheetnames
        if sheet is not None and sheet not in names:
            from railprint.errors import suggestion

            raise ContentError(f"no sheet {sheet!r} in the workbook", Location(str(path)),
                               hint=suggestion(sheet, names))
        chosen = sheet if sheet is not None else names[0]
        rows = book[chosen].iter_rows(values_only=True)
        header = list(next(rows, None) or [])
        if not header:
            raise ContentError("the card list is empty (no header row)", Location(f"{path}[{chosen}]", 1, 1))
        records = []
        for line, values in enumerate(rows, 2):
            if len(records) == MAX_ROWS:
                raise _too_many(f"{path}[{chosen}]", line)
            records.append((line, list(values)))
    finally:
        book.close()
    return _rows(header, records, f"{path}[{chosen}]")


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


def load_table(path: Path, sheet: str | None = None) -> MarkedList:
    """The rows of a card list file, each a MarkedDict located in that file."""
    suffix = path.suffix.lower()
    if suffix not in TABLE_SUFFIXES:
        raise ContentError(f"unknown card list format {path.suffix!r}", Location(str(path)),
                           hint="use " + ", ".join(TABLE_SUFFIXES))
    if sheet is not None and suffix != ".xlsx":
        raise ContentError("'sheet:' is for Excel workbooks (.xlsx)", Location(str(path)))
    if suffix == ".xlsx":
        return _excel(path, sheet)
    if suffix in (".csv", ".tsv"):
        return _delimited(path, "\t" if suffix == ".tsv" else ",")
    return _listed(path)
