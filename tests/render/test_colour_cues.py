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
from railprint.model.resolve import load_deck

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


ALLERS_PLAYERS = ("green", "yellow", "orange", "brown")


def _icons(face):
    return {layer.name for layer in face.layers if getattr(layer, "type", None) == "icon"}


@pytest.mark.parametrize("name", ["locomotives.yaml", "arrival-tokens.yaml", "route-markers.yaml", "tiles.yaml"])
def test_every_allers_piece_of_a_player_carries_the_players_shape(name):
    folder = content_path("allers-trains")
    deck = load_deck(folder / name)
    palette = load_file(folder / name)["palette"]
    close, _ = _needs_cue({p: palette[p] for p in ALLERS_PLAYERS})
    assert close   # the four player colours alone are not enough for everyone
    shapes = load_file(folder / "player-shapes.yaml")["icons"]
    owners = [c["vars"]["player"] for c in load_file(folder / name)["cards"] for _ in range(c.get("count", 1))]
    assert len(owners) == len(deck.cards)
    for card, player in zip(deck.cards, owners):
        for face in (card.front, card.back):
            if face is not None:
                assert f"shape-{player}" in _icons(face), (name, card.name)
    assert len({shapes[f"shape-{p}"]["path"] for p in ALLERS_PLAYERS}) == 4


def test_allers_locomotive_colours_carry_a_symbol_on_the_tokens_and_the_depot():
    folder = content_path("allers-trains")
    data = load_file(folder / "locomotives.yaml")
    locos = ("blue", "violet", "black", "red")
    close, names = _needs_cue({c: data["palette"][c] for c in locos})
    assert {"blue", "violet"} <= names   # ΔE 8 for a deuteranope: the reason for the symbols
    symbols = load_file(folder / "colour-symbols.yaml")["icons"]
    shapes = load_file(folder / "player-shapes.yaml")["icons"]
    paths = [symbols[f"sym-{c}"]["path"] for c in locos]
    assert len(set(paths)) == 4 and not set(paths) & {s["path"] for s in shapes.values()}   # never a player's shape
    for card in load_deck(folder / "locomotives.yaml").cards:
        loco = card.name.split()[1]
        assert {f"sym-{loco}", "locomotive"} <= _icons(card.front), card.name
        assert _icons(card.front) == _icons(card.back)   # printed alike on both sides
    frames = load_file(folder / "frames.yaml")
    depot = [layer.get("name") for t in frames["templates"].values() for layer in t.get("layers", [])]
    assert {f"sym-{c}" for c in locos} <= set(depot)


def test_italy_regions_that_touch_are_apart_and_every_region_is_named_on_the_board():
    from railprint.games.ticket_to_ride.board import board_geometry, draw_board
    from railprint.scene import Text, walk

    m = load_map("italy")
    geo = board_geometry(m)
    tints = {r.id: r.tint for r in m.regions}
    close, _ = _needs_cue(tints)
    assert close   # 17 light tints: colour alone cannot tell every pair apart ...
    touching = [tuple(sorted(pair)) for pair in geo.touching]
    assert not [(a, b) for a, b, *_ in close if (a, b) in touching]   # ... but every neighbour is apart
    printed = {item.text for item, _ in walk(draw_board(m, geometry=geo).items) if isinstance(item, Text)}
    assert {r.name.upper() for r in m.regions} <= printed   # and every region is named
