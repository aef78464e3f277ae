"""A template layer that uses no variable is resolved once a deck and shared by its cards; its
problems and warnings still come once a card, as when every card resolved it again."""

from __future__ import annotations

import logging

import pytest

from railprint.errors import ContentError
from railprint.model.resolve import load_deck

DECK = """\
kind: deck
id: once
game: test
title: {{en: Once}}
size: {{width: 63mm, height: 88mm}}
palette: {{sea: '#2266aa'}}
templates:
  t:
    layers:
      - {{type: rect, x: 2mm, y: 2mm, w: 20mm, h: 20mm, fill: sea}}
      - {{type: text, text: 'Fixed', x: 5mm, y: 30mm, colour: sea}}
      - {{type: text, text: '{{name}}', x: 5mm, y: 40mm}}
{extra}
default_template: t
cards: [{{vars: {{name: Ala}}}}, {{vars: {{name: Bea}}}}, {{vars: {{name: Cyd}}}}]
"""


def _deck(tmp_path, extra=""):
    path = tmp_path / "once.yaml"
    path.write_text(DECK.format(extra=extra), encoding="utf-8")
    return path


def test_layers_without_variables_are_one_object_for_every_card(tmp_path):
    cards = load_deck(_deck(tmp_path)).cards
    rects, fixed, names = zip(*(card.front.layers for card in cards))
    assert rects[0].fill == "#2266aa" and fixed[0].colour == "#2266aa"
    assert all(r is rects[0] for r in rects) and all(f is fixed[0] for f in fixed)
    assert [n.text for n in names] == ["Ala", "Bea", "Cyd"]


def test_a_problem_of_a_shared_layer_is_reported_for_every_card(tmp_path):
    path = _deck(tmp_path, "      - {type: icon, name: no-such-icon, x: 5mm, y: 50mm, size: 6mm}")
    with pytest.raises(ContentError) as caught:
        load_deck(path)
    assert [str(p).count("unknown icon 'no-such-icon'") for p in caught.value.problems] == [1, 1, 1]
    assert [("Ala" in str(p), "Bea" in str(p), "Cyd" in str(p)) for p in caught.value.problems] == \
        [(True, False, False), (False, True, False), (False, False, True)]


def test_a_warning_of_a_shared_layer_is_given_for_every_card(tmp_path, caplog):
    path = _deck(tmp_path, "      - {type: text, text: '<b>bold</b>', x: 5mm, y: 50mm}")
    with caplog.at_level(logging.WARNING):
        load_deck(path)
    warnings = [r.getMessage() for r in caplog.records if "'<b>' is printed as it is" in r.getMessage()]
    assert len(warnings) == 3


VALUES = """\
kind: deck
id: values
game: test
title: {en: Values}
size: {width: 63mm, height: 88mm}
palette: {sea: '#2266aa', sun: '#ddaa22'}
templates:
  t:
    layers:
      - {type: rect, x: 2mm, y: 2mm, w: 20mm, h: 20mm, fill: '{c}'}
      - {type: text, text: '{a}', x: 5mm, y: 30mm}
      - {type: text, text: '{b}', x: 5mm, y: 40mm}
      - {type: text, text: 'after {p}', x: 5mm, y: 50mm, when: '{p}'}
      - {type: text, text: '{index}', x: 5mm, y: 60mm}
default_template: t
cards:
  - {vars: {c: sea, a: '<i>', b: '<i>', p: x}}
  - {vars: {c: sea, a: plain, b: '<i>', p: ''}}
  - {vars: {c: sun, a: plain, b: plain, p: x}}
  - {vars: {c: sea, a: plain, b: plain, p: y}, count: 2}
"""


def test_a_layer_is_resolved_once_for_each_set_of_values_it_names(tmp_path):
    path = tmp_path / "values.yaml"
    path.write_text(VALUES, encoding="utf-8")
    cards = load_deck(path).cards
    rects = [card.front.layers[0] for card in cards]
    assert [r.fill for r in rects] == ["#2266aa", "#2266aa", "#ddaa22", "#2266aa", "#2266aa"]
    assert rects[1] is rects[0] and rects[3] is rects[0] and rects[2] is not rects[0]
    texts = [[layer.text for layer in card.front.layers[1:]] for card in cards]
    assert texts == [["<i>", "<i>", "after x", "1"], ["plain", "<i>", "2"], ["plain", "plain", "after x", "3"],
                     ["plain", "plain", "after y", "4"], ["plain", "plain", "after y", "5"]]
    assert cards[3].front is not cards[4].front   # numbered copies stay apart
    assert cards[2].front.layers[2] is cards[3].front.layers[2]   # '{b}' = plain on both


TAGS = """\
kind: deck
id: tags
game: test
title: {en: Tags}
size: {width: 63mm, height: 88mm}
templates:
  t:
    layers:
      - {type: text, text: '{a}{b}', x: 5mm, y: 30mm}
      - {type: text, text: '{a}{c}', x: 5mm, y: 40mm}
default_template: t
cards:
  - {vars: {a: x, b: '<i>', c: '<i>'}}
  - {vars: {a: x, b: plain, c: '<i>'}}
"""


def test_markup_like_text_is_warned_about_at_every_card_that_prints_it(tmp_path, caplog):
    # both layers are located at the card's cell of 'a': on card 1 the second one's warning is
    # the first one's, on card 2 only the second one prints '<i>' and must say so
    path = tmp_path / "tags.yaml"
    path.write_text(TAGS, encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        load_deck(path)
    warnings = [r.getMessage() for r in caplog.records if "'<i>' is printed as it is" in r.getMessage()]
    assert [w.split("tags.yaml:")[1].split(":")[0] for w in warnings] == ["13", "14"]


def test_an_unknown_template_is_reported_at_every_card_naming_it(tmp_path):
    path = tmp_path / "once.yaml"
    path.write_text(DECK.format(extra="").replace(
        "cards: [{vars: {name: Ala}}, {vars: {name: Bea}}, {vars: {name: Cyd}}]",
        "cards: [{template: nope, vars: {name: Ala}}, {vars: {name: Bea}}, {template: nope, vars: {name: Cyd}}]"),
        encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_deck(path)
    assert [str(p).count("unknown template 'nope'") for p in caught.value.problems] == [1, 1]
    assert [(p.location.line, p.location.col) for p in caught.value.problems] == [(15, 20), (15, 78)]   # each card's own template:


def test_a_misspelt_default_template_or_back_is_one_problem_at_its_own_line(tmp_path):
    # (they were reported at every card, at the card's line: three problems for one typo)
    path = tmp_path / "once.yaml"
    path.write_text(DECK.format(extra="back: bak").replace("default_template: t", "default_template: tt"),
                    encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_deck(path)
    assert [(str(p).split(": ", 1)[1], p.location.line) for p in caught.value.problems] == [
        ("unknown template 'tt' (did you mean 't'?)", 14), ("unknown template 'bak' (expected one of: t)", 13)]
