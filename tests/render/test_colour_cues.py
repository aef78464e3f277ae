"""Issue 18: pieces told apart without colour. For every palette that tells pieces apart the
colour distances are computed (CIEDE2000, also under a deuteranopia simulation); where two
colours are closer than ΔE 15 the pieces must carry another cue — a symbol, a code, a letter or
a name — and that cue is read back from the content or the PDF."""

from __future__ import annotations

import pytest

from railprint.games.ticket_to_ride.board import SYMBOLS
from railprint.games.ticket_to_ride.maps import load_map
from railprint.games.ticket_to_ride.pieces import players
from railprint.loading.resources import content_path
from railprint.loading.yamlio import load_file

from tests.colours import LIMIT, ciede2000, distances


def test_ciede2000_reference_pairs():
    # Sharma, Wu & Dalal (2005) test data
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 0, 0), (50, -1, 2)) == pytest.approx(2.3669, abs=1e-4)
    assert ciede2000((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514)) == pytest.approx(0.9082, abs=1e-4)


def _needs_cue(palette):
    close = [(a, b, round(d, 1), round(dd, 1)) for a, b, d, dd in distances(palette) if min(d, dd) < LIMIT]
    return close, {n for a, b, *_ in close for n in (a, b)}


def test_train_card_colours_that_are_close_carry_the_boards_symbol_and_a_unique_code():
    deck = load_file(content_path("ticket-to-ride") / "train-cards.yaml")
    palette = {k: v for k, v in deck["palette"].items() if k in SYMBOLS}
    close, names = _needs_cue(palette)
    assert close   # (orange/red, yellow/white… are close for deuteranopes: colour alone is not enough)
    cards = {c["vars"]["colour"]: c["vars"] for c in deck["cards"] if "colour" in c.get("vars", {})}
    for name in names:
        assert cards[name]["symbol"] == SYMBOLS[name], name   # the board's symbol of that colour
    assert len({v["code"] for v in cards.values()}) == len(cards)
    assert len({v["symbol"] for v in cards.values()}) == len(cards)


@pytest.mark.parametrize("name", ["nordic", "italy"])
def test_ticket_to_ride_player_colours_that_are_close_carry_letters(name):
    people = players(load_map(name))
    close, names = _needs_cue({p.letter: p.colour for p in people})
    assert len({p.letter for p in people}) == len(people)   # every player's pieces lettered apart
    assert names <= {p.letter for p in people}


def test_days_of_steam_train_tokens_carry_their_colour_names():
    deck = load_file(content_path("days-of-steam") / "train-tokens.yaml")
    palette = {c["vars"]["colour"]: deck["palette"][c["vars"]["colour"]] for c in deck["cards"]}
    close, names = _needs_cue(palette)
    labels = {c["vars"]["colour"]: c["vars"]["label"] for c in deck["cards"]}
    for name in names:
        assert labels[name]["en"] and labels[name]["pl"]
    assert len({label["en"] for label in labels.values()}) == len(labels)


def test_allers_tile_fronts_carry_their_players_shape():
    folder = content_path("allers-trains")
    deck = load_file(folder / "tiles.yaml")
    grounds = {name.removesuffix("-ground"): value for name, value in deck["palette"].items() if name.endswith("-ground")}
    close, names = _needs_cue(grounds)
    assert close   # the pale ground tints alone do not tell the players apart
    tile = deck["templates"]["tile"]["layers"]
    assert any(layer.get("type") == "icon" and layer.get("name") == "shape-{player}" for layer in tile)
    shapes = load_file(folder / "player-shapes.yaml")["icons"]
    assert {f"shape-{n}" for n in grounds} <= set(shapes)
    assert len({shapes[f"shape-{n}"]["path"] for n in grounds}) == len(grounds)   # four different shapes
