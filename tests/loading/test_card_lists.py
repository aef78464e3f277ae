"""Card lists as spreadsheets really save them: Excel where the decimal mark is a comma (Polish,
German, Nordic settings) separates a CSV's cells with ';', Polish Excel's plain "CSV" is
Windows-1250, and a workbook may hold merged cells and formulas."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from railprint.cli import app
from railprint.errors import ContentError
from railprint.loading.tables import load_table
from tests.helpers import pdf_texts

DECK = """kind: deck
id: d
game: g
title: {en: D}
size: {width: 63mm, height: 88mm}
templates:
  t:
    layers:
      - {type: text, text: '{name} / {rules}', x: 3mm, y: 10mm}
default_template: t
cards: {from: cards.csv}
"""


def _rows(path: Path) -> list[dict]:
    return [dict(row) for row in load_table(path)]


def test_a_csv_with_semicolons_is_read_by_its_columns(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_bytes("name;rules;count\r\nŁódź;\"Take 2; keep 1, discard\";2\r\nOslo;x;\r\n".encode("utf-8-sig"))
    assert _rows(path) == [{"name": "Łódź", "rules": "Take 2; keep 1, discard", "count": "2"},
                           {"name": "Oslo", "rules": "x", "count": ""}]


def test_a_comma_csv_whose_cells_hold_semicolons_stays_a_comma_csv(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text("name,rules\nA,x;y\n", encoding="utf-8")
    assert _rows(path) == [{"name": "A", "rules": "x;y"}]


def test_a_semicolon_deck_renders_every_card(tmp_path):
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "d.yaml").write_text(DECK, encoding="utf-8")
    (tmp_path / "g" / "cards.csv").write_text("name;rules;count\nŁódź;one, two;2\nTromsø;three;1\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["render", "g", "--content", str(tmp_path / "g"), "-o", str(tmp_path / "out"), "-q"])
    assert result.exit_code == 0, result.output
    text = "\n".join(pdf_texts((tmp_path / "out" / "g" / "d.pdf").read_bytes()))
    assert text.count("Łódź / one, two") == 2 and text.count("Tromsø / three") == 1


def test_a_windows_1250_csv_is_located_and_says_how_to_save_it(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_bytes("name;rules\r\nŁódź;x\r\n".encode("cp1250"))
    with pytest.raises(ContentError) as caught:
        load_table(path)
    text = str(caught.value)
    assert text.startswith(f"{path}:2:1: not UTF-8 text (byte 0xa3): saved in a spreadsheet's older encoding")
    assert "Windows-1250" in text and "'CSV UTF-8'" in text


def _workbook(path: Path, rows: list[list], merged: list[str] = (), saved: dict[str, str] | None = None) -> Path:
    """A workbook as openpyxl writes it (a formula without its result), or — ``saved`` — with the
    results a spreadsheet program saves beside each formula (cell -> value)."""
    import io
    import re
    import zipfile

    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = "Cards"
    for row in rows:
        sheet.append(row)
    for cells in merged:
        sheet.merge_cells(cells)
    buffer = io.BytesIO()
    book.save(buffer)
    with zipfile.ZipFile(io.BytesIO(buffer.getvalue())) as source, zipfile.ZipFile(path, "w") as target:
        for item in source.infolist():
            data = source.read(item)
            for cell, value in (saved or {}).items():
                data = re.sub(rb'(<c r="' + cell.encode() + rb'"[^>]*><f>[^<]*</f>)<v></v>',
                              rb"\1<v>" + value.encode() + rb"</v>", data)
            target.writestr(item, data)
    return path


def test_formulas_read_their_saved_results(tmp_path):
    path = _workbook(tmp_path / "cards.xlsx", [["name", "count", "pts"], ["A", "=1+1", 3], ["B", 1, "=C2*2"]],
                     saved={"B2": "2", "C3": "6"})
    assert [(row["name"], row["count"], row["pts"]) for row in load_table(path)] == [("A", 2, 3), ("B", 1, 6)]


def test_a_formula_without_a_saved_result_is_an_error_at_its_cell(tmp_path):
    """It read as blank: a card's count silently 1 instead of the formula's 2."""
    path = _workbook(tmp_path / "cards.xlsx", [["name", "count"], ["A", 3], ["B", "=1+1"]])
    with pytest.raises(ContentError) as caught:
        load_table(path)
    assert str(caught.value).startswith(f"{path}[Cards]:3:2: cell B3 holds a formula but no saved result "
                                        "(open the workbook in Excel or LibreOffice and save it")


def test_merged_cells_are_a_warning_at_the_range(tmp_path, caplog):
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "d.yaml").write_text(DECK.replace("cards.csv", "cards.xlsx"), encoding="utf-8")
    _workbook(folder / "cards.xlsx", [["name", "rules"], ["A", "shared rules"], ["B", None]], merged=["B2:B3"])
    result = CliRunner().invoke(app, ["validate", str(folder)])
    assert result.exit_code == 0, result.output
    assert (f"Warning: {folder / 'cards.xlsx'}[Cards]:2:2: cells B2:B3 are merged: only B2 holds the value, "
            "the other cells read as blank (unmerge them and fill each cell)") in caplog.text


def test_a_misspelt_card_list_is_answered_with_the_file_beside_it(tmp_path):
    """As a missing picture is: the file the deck names, where it looked, and the closest name."""
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "d.yaml").write_text(DECK.replace("from: cards.csv", "from: card.csv"), encoding="utf-8")
    (tmp_path / "g" / "cards.csv").write_text("name,rules\nA,x\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["render", "g", "--content", str(tmp_path / "g"), "-o", str(tmp_path / "out"), "-q"])
    assert result.exit_code == 1
    [line] = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert line.endswith("d.yaml:11:15: card list not found: card.csv "
                         f"(looked for {tmp_path / 'g' / 'card.csv'}; did you mean 'cards.csv'?)"), line
