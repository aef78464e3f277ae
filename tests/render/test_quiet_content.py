"""Quiet unless it matters (issue 34, item 6): editor metadata and declared analysis columns say
nothing; a template mistake is one error at its YAML line; a data mistake is at its own cell;
American spellings work; the deck chooses its name column."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from railprint.errors import ContentError
from railprint.model.deck import TextLayer
from railprint.model.resolve import load_deck

HEAD = "kind: deck\nid: d\ngame: d\ntitle: {en: D}\nsize: poker\n"


def write(folder: Path, layers: list[str], cards: str, extra: str = "") -> Path:
    path = folder / "d.yaml"
    path.write_text(HEAD + extra + "templates:\n  t:\n    layers:\n" + "".join(f"      - {l}\n" for l in layers)
                    + f"default_template: t\ncards: {cards}\n", encoding="utf-8")
    return path


def warnings_of(path: Path, caplog) -> list[str]:
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="railprint"):
        deck = load_deck(path)
    assert deck.cards
    return caplog.messages


INKSCAPE = """<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
     xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
     xmlns:cc="http://creativecommons.org/ns#" xmlns:dc="http://purl.org/dc/elements/1.1/" viewBox="0 0 10 10">
  <sodipodi:namedview id="nv" inkscape:zoom="2"><inkscape:grid id="g1"/><inkscape:page x="0"/></sodipodi:namedview>
  <metadata><rdf:RDF><cc:Work rdf:about=""><dc:format>image/svg+xml</dc:format><dc:title>Grain</dc:title>
    </cc:Work></rdf:RDF></metadata>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer"><rect width="10" height="10" fill="#e6b422"/></g>
  {extra}
</svg>"""


def test_inkscape_metadata_and_foreign_elements_are_ignored_without_a_word(tmp_path, caplog):
    (tmp_path / "grain.svg").write_text(INKSCAPE.replace("{extra}", ""), encoding="utf-8")
    path = write(tmp_path, ["{type: image, file: grain.svg, x: 5mm, y: 5mm, w: 20mm, h: 20mm}"], "[{vars: {}}]")
    assert warnings_of(path, caplog) == []
    (tmp_path / "grain.svg").write_text(INKSCAPE.replace("{extra}", "<text>Grain</text>"), encoding="utf-8")
    found = warnings_of(path, caplog)
    assert len(found) == 1 and "<text>" in found[0] and "namedview" not in found[0] and "RDF" not in found[0]


def test_declared_analysis_columns_and_condition_columns_are_never_warned(tmp_path, caplog):
    (tmp_path / "c.csv").write_text("name,prereq,Notes,Score,Playtest\nA,x,n,1,2\n", encoding="utf-8")
    layers = ["{type: text, text: '{name}', x: 5mm, y: 10mm}",
              "{type: text, text: 'needs something', x: 5mm, y: 20mm, when: prereq}"]
    path = write(tmp_path, layers, "{from: c.csv, ignore_columns: [Notes, Score]}")
    found = warnings_of(path, caplog)
    assert len(found) == 1 and "'Playtest'" in found[0]          # only the column nobody declared
    path = write(tmp_path, layers, "{from: c.csv, ignore_columns: [Notes, Score, Playtest]}")
    assert warnings_of(path, caplog) == []
    path = write(tmp_path, layers, "{from: c.csv, ignore_columns: [Notse]}")
    with pytest.raises(ContentError) as caught:
        load_deck(path)
    assert "d.yaml:" in str(caught.value) and "no column 'Notse'" in str(caught.value) and "'Notes'" in str(caught.value)


def test_a_template_mistake_is_one_error_at_its_yaml_line(tmp_path):
    (tmp_path / "c.csv").write_text("Title,qty\n" + "".join(f"Card {i},2\n" for i in range(66)), encoding="utf-8")
    path = write(tmp_path, ["{type: rect, x: 0mm, y: 0mm, w: 5mm, h: 5mm, fill: '#000000'}",
                            "{type: text, text: '{Titel}', x: 5mm, y: 10mm}",
                            "{type: text, text: '{Title | uper}', x: 5mm, y: 20mm}"],
                 "{from: c.csv, count_column: qty}")
    with pytest.raises(ContentError) as caught:
        load_deck(path)
    problems = caught.value.problems
    assert len(problems) == 2, str(caught.value)
    first, second = sorted(problems, key=lambda p: p.location.line)
    assert (first.location.file, first.location.line) == (str(path), 10)
    assert "unknown variable {Titel}" in first.message and "on 132 cards" in first.message
    assert "did you mean 'Title'" in (first.hint or "")
    assert second.location.line == 11 and "no filter 'uper'" in second.message and "'upper'" in second.hint


def test_a_data_mistake_is_at_the_failing_values_cell(tmp_path):
    (tmp_path / "ok.svg").write_text(INKSCAPE.replace("{extra}", ""), encoding="utf-8")
    (tmp_path / "c.csv").write_text("name,show,art,glyph\nA,yes,ok.svg,a\nB,yes,missing.svg,\u4e00\n",
                                    encoding="utf-8")
    path = write(tmp_path, ["{type: image, file: '{art}', x: 5mm, y: 5mm, w: 20mm, h: 20mm, when: show}",
                            "{type: text, text: '{glyph}', x: 5mm, y: 40mm, when: '{show}'}"], "{from: c.csv}")
    with pytest.raises(ContentError) as caught:
        load_deck(path)
    located = sorted(str(p.location) for p in caught.value.problems)
    assert located == [f"{tmp_path / 'c.csv'}:3:3", f"{tmp_path / 'c.csv'}:3:4"], str(caught.value)


def test_american_spellings_are_aliases(tmp_path):
    path = write(tmp_path, ["{type: text, text: '{name}', x: 30mm, y: 10mm, align: center, color: gray}",
                            "{type: text, text: 'box', x: 5mm, y: 20mm, w: 30mm, h: 20mm, valign: center, "
                            "color: shadow_gray}"],
                 "[{vars: {name: A}}]", "palette: {shadow_grey: '#333333'}\n")
    one, box = [l for l in load_deck(path).cards[0].front.layers if isinstance(l, TextLayer)]
    assert (one.align, one.colour) == ("centre", "#808080")
    assert (box.valign, box.colour) == ("middle", "#333333")


def test_the_deck_chooses_its_name_column(tmp_path):
    (tmp_path / "c.csv").write_text("Title,cost\nŁódź Fabryczna,3\nTromsø,2\n", encoding="utf-8")
    path = write(tmp_path, ["{type: text, text: '{Title} {cost}', x: 5mm, y: 10mm}"],
                 "{from: c.csv, name_column: Title}")
    assert [c.name for c in load_deck(path).cards] == ["Łódź Fabryczna", "Tromsø"]
    path = write(tmp_path, ["{type: text, text: '{Title}', x: 5mm, y: 10mm}"], "{from: c.csv, name_column: Titel}")
    with pytest.raises(ContentError) as caught:
        load_deck(path)
    assert "no column 'Titel' (name_column)" in str(caught.value)
