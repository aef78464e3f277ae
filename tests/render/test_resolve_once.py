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
