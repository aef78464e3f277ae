"""Icons as content: SVG path data in a ``kind: icons`` file, one namespace with the built-ins."""

from __future__ import annotations

import io
from pathlib import Path

import pdfplumber
import pytest

from railprint.errors import ContentError
from railprint.model.icons import parse_path, user_icons
from railprint.model.resolve import load_deck
from railprint.render import RenderOptions, build_deck
from tests.helpers import run_cli

ICONS = """\
kind: icons
id: mine
game: test
icons:
  coin: {path: "M12 2 A10 10 0 1 1 11.99 2 Z"}
  arrow: {path: "m4 12h16m-6-6 6 6-6 6", style: stroke}
"""
DECK = """\
kind: deck
id: d
game: test
title: {en: D}
size: poker
templates:
  t:
    layers:
      - {type: icon, name: coin, x: 30mm, y: 30mm, size: 20mm, colour: '#ff0000'}
      - {type: text, text: 'pay :coin: :arrow: :wagon:', x: 5mm, y: 60mm, w: 50mm, h: 20mm}
cards: [{template: t}]
"""


def test_path_data_commands_become_absolute_lines_and_curves():
    assert parse_path("m4 12h16m-6-6 6 6-6 6") == [("M", 4, 12), ("L", 20, 12), ("M", 14, 6), ("L", 20, 12),
                                                   ("L", 14, 18)]
    circle = parse_path("M12 2 A10 10 0 1 1 11.99 2 Z")
    assert [c[0] for c in circle] == ["M", "C", "C", "C", "C", "Z"]
    assert all(abs(((c[5] - 12) ** 2 + (c[6] - 12) ** 2) ** 0.5 - 10) < 0.01 for c in circle if c[0] == "C")
    for bad in ("L 5", "M0 0 Z 5 5", "M0 0 L 1", "M0 0 X 1 1"):
        with pytest.raises(ValueError):
            parse_path(bad)


def test_a_deck_uses_the_icons_of_its_folder(tmp_path):
    (tmp_path / "icons.yaml").write_text(ICONS, encoding="utf-8")
    (tmp_path / "deck.yaml").write_text(DECK, encoding="utf-8")
    doc = build_deck(tmp_path / "deck.yaml", RenderOptions(mode="1up"))
    from railprint.writers import render

    with pdfplumber.open(io.BytesIO(render(doc, "pdf")[0])) as pdf:
        red = [c for c in pdf.pages[0].curves if c.get("non_stroking_color") in ((1, 0, 0), [1, 0, 0])]
    assert red and abs((red[0]["x1"] - red[0]["x0"]) - 20 / 25.4 * 72 * 20 / 24) < 0.5  # 20 of 24 units


def test_clashes_and_bad_paths_name_both_places(tmp_path):
    (tmp_path / "a.yaml").write_text(ICONS, encoding="utf-8")
    (tmp_path / "b.yaml").write_text(ICONS.replace("id: mine", "id: other").replace("arrow:", "wagon:")
                                     .replace("m4 12", "Q 1"), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        user_icons([tmp_path / "a.yaml", tmp_path / "b.yaml"])
    message = str(caught.value)
    assert f"b.yaml:5:9: icon 'coin' is defined twice: here and at {tmp_path / 'a.yaml'}:5:9" in message
    assert "b.yaml:6:10: icon 'wagon': bad path data" in message
    (tmp_path / "b.yaml").write_text(ICONS.replace("id: mine", "id: other").replace("coin:", "wagon:"),
                                     encoding="utf-8")
    (tmp_path / "a.yaml").unlink()
    (tmp_path / "deck.yaml").write_text(DECK.replace("coin", "wagon"), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_deck(tmp_path / "deck.yaml")
    assert "icon 'wagon' is already a built-in icon" in str(caught.value)


def test_railprint_icons_lists_and_draws_the_catalogue(tmp_path):
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "icons.yaml").write_text(ICONS, encoding="utf-8")
    result = run_cli("icons", "--content", str(tmp_path), "-o", str(tmp_path / "cat.pdf"))
    assert result.exit_code == 0, result.output
    names = [line.split("\t")[0] for line in result.stdout.splitlines()]
    assert names[:2] == ["wagon", "locomotive"] and names[-2:] == ["arrow", "coin"] and len(names) == 17
    with pdfplumber.open(tmp_path / "cat.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert all(name in text for name in names)


def test_an_unknown_icon_names_the_closest_or_where_to_look(tmp_path):
    (tmp_path / "deck.yaml").write_text(DECK.replace("coin", "locomotiv").replace(":arrow:", ":qqqq:"),
                                        encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_deck(tmp_path / "deck.yaml")
    message = str(caught.value)
    assert "unknown icon 'locomotiv'" in message and "did you mean 'locomotive'" in message
    assert "':qqqq:'" in message and "'railprint icons' lists and draws them all" in message
