"""What a schema error says: one problem where the value is wrong, not one per branch of a union
the value could have been."""

from __future__ import annotations

import pytest

from railprint.errors import ContentError
from railprint.loading.schema import validate
from railprint.loading.yamlio import loads as load_text
from railprint.model.deck import DeckSpec

DECK = """kind: deck
id: a
game: g
title: {{en: A}}
size: {size}
templates:
  t:
    layers: []
cards:
  - {{template: t}}
"""


def problems(size: str) -> list[str]:
    data = load_text(DECK.format(size=size), "a.yaml")
    with pytest.raises(ContentError) as caught:
        validate(DeckSpec, data, "a.yaml", "deck")
    return [str(p) for p in caught.value.problems]


def test_a_bad_width_is_one_problem_at_the_width_not_also_a_union_branch():
    # (it was two: "size.str: Input should be a valid string" and "size.Size.width: … longer than 10 m")
    assert problems("{width: 63000000mm, height: 88mm}") == ["a.yaml:5:15: size.width: 63000000mm is longer than 10 m"]


def test_sibling_cards_are_no_union_branches():
    data = load_text(DECK.format(size="poker").replace("  - {template: t}", "  - {template: t}\n  - 5\n"
                                                     "  - {template: t, count: -1}"), "a.yaml")
    with pytest.raises(ContentError) as caught:
        validate(DeckSpec, data, "a.yaml", "deck")
    found = [str(p) for p in caught.value.problems]
    assert any(":11:" in p for p in found) and any(":12:" in p for p in found), found


@pytest.mark.parametrize("size, got", [("5", "5"), ("[63mm, 88mm]", "['63mm', '88mm']")])
def test_a_value_no_branch_of_a_union_takes_is_one_problem_saying_what_it_may_be(size, got):
    # (it was two: "size.str: Input should be a valid string" and "size.Size: … a valid dictionary")
    assert problems(size) == [f"a.yaml:5:7: size: expected text or a mapping, got {got} (poker, bridge, mini, "
                              "tarot, square, tile40, tile45, tile50, or {width: 63mm, height: 88mm})"]


@pytest.mark.parametrize("layer, expected", [
    ("{type: text, text: A, x: 1mm, y: 1mm, size: 14pt}",
     "templates.t.layers.size: expected a number, got '14pt' (a size in points is a plain number: write 14)"),
    ("{type: text, text: A, x: 1mm, y: 1mm, size: 0}", "templates.t.layers.size: must be greater than 0"),
    ("{type: text, text: A, x: 1mm, y: 1mm, size: 5000}", "templates.t.layers.size: must be 2000 or less"),
])
def test_number_problems_are_in_plain_words(layer, expected):
    """Not pydantic's "Input should be a valid number, unable to parse string as a number"."""
    data = load_text(DECK.format(size="poker").replace("layers: []", f"layers:\n      - {layer}"), "a.yaml")
    with pytest.raises(ContentError) as caught:
        validate(DeckSpec, data, "a.yaml", "deck")
    [problem] = [str(p) for p in caught.value.problems]
    assert problem.split(": ", 1)[1] == expected, problem


def test_a_count_that_is_no_whole_number_says_what_it_got():
    data = load_text(DECK.format(size="poker").replace("{template: t}", "{template: t, count: two}"), "a.yaml")
    with pytest.raises(ContentError) as caught:
        validate(DeckSpec, data, "a.yaml", "deck")
    assert [str(p) for p in caught.value.problems] == ["a.yaml:10:26: cards.count: expected a whole number, got 'two'"]


def test_other_tools_names_for_a_key_are_named_and_its_required_twin_not_reported_again():
    # (it was 6 problems: file/w/h "is required" and src/width/height "expected one of: ...")
    data = load_text(DECK.format(size="poker").replace(
        "layers: []", "layers:\n      - {type: image, src: a.png, x: 0, y: 0, width: 9mm, height: 9mm}"), "a.yaml")
    with pytest.raises(ContentError) as caught:
        validate(DeckSpec, data, "a.yaml", "deck")
    assert [str(p) for p in caught.value.problems] == [
        "a.yaml:9:23: unknown key 'src' (railprint calls it 'file')",
        "a.yaml:9:47: unknown key 'width' (railprint calls it 'w')",
        "a.yaml:9:59: unknown key 'height' (railprint calls it 'h')"]


def test_a_layer_s_w_and_h_in_a_deck_s_size_are_named_width_and_height():
    # (it was 4 problems: width/height "is required" and w/h "expected one of: height, width")
    data = load_text(DECK.format(size="{w: 63mm, h: 88mm}"), "a.yaml")
    with pytest.raises(ContentError) as caught:
        validate(DeckSpec, data, "a.yaml", "deck")
    found = [str(p).split(": ", 1)[1] for p in caught.value.problems]
    assert found == ["unknown key 'w' (railprint calls it 'width')", "unknown key 'h' (railprint calls it 'height')"], found


def test_a_close_spelling_still_wins_over_a_synonym():
    data = load_text(DECK.format(size="poker").replace(
        "layers: []", "layers:\n      - {type: image, fille: a.png, x: 0, y: 0, w: 9mm, h: 9mm}"), "a.yaml")
    with pytest.raises(ContentError) as caught:
        validate(DeckSpec, data, "a.yaml", "deck")
    found = [str(p) for p in caught.value.problems]
    assert any("unknown key 'fille' (did you mean 'file'?)" in p for p in found), found


@pytest.mark.parametrize("layer, expected", [
    ('{type: text, text: A, x: "4,5mm", y: 3mm}',
     "templates.t.layers.x: not a length: '4,5mm'; a decimal point, not a comma: write 4.5mm"),
    ('{type: text, text: A, x: 4mm, y: 3mm, size: "8,5"}',
     "templates.t.layers.size: expected a number, got '8,5' (a decimal point, not a comma: write 8.5)"),
    ("{type: text, text: A, x: 4,5mm, y: 3mm}",
     "unknown key '5mm' (a decimal comma ends the value before it in a {...} mapping: write 4.5mm, not 4,5mm)"),
])
def test_a_decimal_comma_is_named(layer, expected):
    data = load_text(DECK.format(size="poker").replace("layers: []", f"layers:\n      - {layer}"), "a.yaml")
    with pytest.raises(ContentError) as caught:
        validate(DeckSpec, data, "a.yaml", "deck")
    found = [str(p).split(": ", 1)[1] for p in caught.value.problems]
    assert expected in found, found


@pytest.mark.parametrize("layer, expected", [
    ("{type: text, text: A, x: 1mm, y: 1mm, align: centr}",
     "templates.t.layers.align: unknown value 'centr' (did you mean 'centre' or 'center'?)"),
    ("{type: image, file: a.png, x: 1mm, y: 1mm, w: 9mm, h: 9mm, fit: cver}",
     "templates.t.layers.fit: unknown value 'cver' (did you mean 'cover'?)"),
    ("{type: image, file: a.png, x: 1mm, y: 1mm, w: 9mm, h: 9mm, fit: 5}",
     "templates.t.layers.fit: unknown value 5 (expected one of: contain, cover, stretch)"),
    ("{type: track, segments: [[N, S], [W, X]]}",   # 13 choices: all named, in the schema's order
     "templates.t.layers.segments: unknown value 'X' (expected one of: N, E, S, W, N0, N1, E0, E1, S0, S1, W0, W1, end)"),
])
def test_a_word_that_is_not_one_of_the_choices_is_answered_with_the_closest(layer, expected):
    """Not pydantic's "Input should be 'left', 'centre', 'center', 'right' or 'justify'": the value
    given, and the choice it was meant to be (as a misspelt key or size is answered)."""
    data = load_text(DECK.format(size="poker").replace("layers: []", f"layers:\n      - {layer}"), "a.yaml")
    with pytest.raises(ContentError) as caught:
        validate(DeckSpec, data, "a.yaml", "deck")
    [problem] = [str(p) for p in caught.value.problems]
    assert problem.split(": ", 1)[1] == expected, problem
