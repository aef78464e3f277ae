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
