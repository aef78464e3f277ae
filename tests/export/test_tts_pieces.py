"""Tabletop Simulator: every physical piece of every game (issue 33, item 5), read back from the
saved objects and their images.

- Ticket to Ride: per player colour a bag holding the map's wagons per player and the player's
  score marker; the map's board as bands; the train cards and tickets as decks.
- Days of Steam and Jedzie pociąg z daleka: tokens, tiles, frames and scoring boards as
  ``Custom_Tile`` bags (both faces), counts as in the content; the die as a standard d6.
- Sizes: under the size model of docs/exports.md (a ``Card`` at scale 1 is 88.9 mm tall, a
  ``Custom_Tile`` / ``Custom_Board`` 88.9 × 1.318 / 3.5 mm; widths follow the image's aspect),
  every object measures its printed millimetres within 1 %, so every piece lies at its real size
  relative to the cards.
- Every face image is at least 150 dpi for the piece's millimetres (landscape decks included)
  and at most 4096 px a side.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from PIL import Image

from railprint.model.resolve import load_deck
from railprint.render import discover_layers
from railprint.units import to_mm
from tests.export.test_tts import _file, _load

CARD_MM = 88.9                       # docs/exports.md, "Sizes": a Card at scale 1
TILE_MM = 88.9 * 1.318 / 3.5         # a Custom_Tile or Custom_Board at scale 1
MIN_DPI = 150
CONTENT = Path(__file__).resolve().parents[2] / "content"
MAPS = {"nordic": (40, ["#6a1b9a", "#212121", "#f5f5f5"]),             # the maps' files: trains
        "italy": (45, ["#c62828", "#1565c0", "#2e7d32", "#f9a825", "#212121"])}   # per player, colours


@pytest.fixture(scope="module")
def export(tmp_path_factory):
    from railprint.export.tts import export_all
    from railprint.render import RenderOptions, select

    out = tmp_path_factory.mktemp("tts-all")
    chosen = [f for game in ("ticket-to-ride", "days-of-steam", "allers-trains") for f in select(discover_layers([]), game)
              if f.game != "ticket-to-ride" or f.id.split("-")[0] in ("nordic", "italy", "train")]
    export_all(chosen, RenderOptions(), out, dpi=MIN_DPI)
    return out


def _objects(export, game, ident):
    return _load(export / game / f"{ident}.json")["ObjectStates"]


def _size_mm(obj) -> tuple[float, float]:
    """The object's size on the table under the size model, from its scale and image."""
    t = obj["Transform"]
    if obj["Name"] == "Card":
        sheet = next(iter(obj["CustomDeck"].values()))
        with Image.open(_file(sheet["FaceURL"])) as image:
            cw, ch = image.width / sheet["NumWidth"], image.height / sheet["NumHeight"]
        height = CARD_MM * t["scaleZ"]
        return height * cw / ch * t["scaleX"] / t["scaleZ"], height
    assert obj["Name"] in ("Custom_Tile", "Custom_Board"), obj["Name"]
    if obj["Name"] == "Custom_Tile":
        assert obj["CustomImage"]["CustomTile"]["Stretch"] is False   # the shape follows the image
    with Image.open(_file(obj["CustomImage"]["ImageURL"])) as image:
        w, h = image.size
    height = TILE_MM * t["scaleZ"]
    return height * w / h * t["scaleX"] / t["scaleZ"], height


def _close(got, want, rel=0.01):
    return all(abs(g - w) <= rel * w for g, w in zip(got, want))


def _dpi_ok(path: Path, mm: tuple[float, float]) -> None:
    with Image.open(path) as image:
        assert max(image.size) <= 4096
        for px, length in zip(image.size, mm):
            assert px >= round(length / 25.4 * MIN_DPI), (path.name, image.size, mm)


def _deck_mm(game, ident):
    info = next(f for f in discover_layers([]) if f.game == game and f.id == ident)
    deck = load_deck(info.path, "en")
    return to_mm(deck.width), to_mm(deck.height), deck


@pytest.mark.parametrize("map_id", sorted(MAPS))
def test_ticket_to_ride_trains_and_markers_fill_one_bag_per_player_colour(export, map_id):
    trains, colours = MAPS[map_id]
    bags = _objects(export, "ticket-to-ride", f"{map_id}-trains")
    assert [b["Name"] for b in bags] == ["Bag"] * len(colours)
    fronts = set()
    for letter, colour, bag in zip("ABCDE", colours, bags):
        assert colour in bag["Nickname"] and f" {letter} " in bag["Nickname"]
        pieces = bag["ContainedObjects"]
        kinds = Counter(p["Nickname"] for p in pieces)
        assert kinds == {f"player {letter}: wagon": trains, f"player {letter}: score marker": 1}
        for piece in pieces:
            want = (22, 7) if piece["Nickname"].endswith("wagon") else (10, 10)
            assert piece["Name"] == "Custom_Tile" and _close(_size_mm(piece), want), (piece["Nickname"], _size_mm(piece))
            _dpi_ok(_file(piece["CustomImage"]["ImageURL"]), want)
        wagon = next(p for p in pieces if p["Nickname"].endswith("wagon"))
        fronts.add(wagon["CustomImage"]["ImageURL"])
    assert len(fronts) == len(colours)   # each colour its own wagon face


def test_ticket_to_ride_board_is_cut_into_bands_at_150_dpi_adding_up_to_the_board(export):
    bands = _objects(export, "ticket-to-ride", "nordic-board")
    assert len(bands) == 2 and all(b["Name"] == "Custom_Board" for b in bands)
    sizes = [_size_mm(b) for b in bands]
    assert _close((sizes[0][0], sum(h for _, h in sizes)), (540, 800))
    for band, size in zip(bands, sizes):
        _dpi_ok(_file(band["CustomImage"]["ImageURL"]), size)
    assert bands[0]["Transform"]["posZ"] > bands[1]["Transform"]["posZ"]   # the top band at the far side


@pytest.mark.parametrize("game, ident", [("ticket-to-ride", "train-cards"), ("ticket-to-ride", "nordic-tickets"),
                                         ("days-of-steam", "player-aid"), ("allers-trains", "scoring"),
                                         ("allers-trains", "scorepad")])
def test_decks_measure_their_cards_and_every_face_is_150_dpi(export, game, ident):
    if ident == "nordic-tickets":
        want = (44.0, 68.0)    # the generated tickets
        count = 46
    else:
        w, h, deck = _deck_mm(game, ident)
        want, count = (w, h), len(deck.cards)
    deck_obj = _objects(export, game, ident)[0]
    assert deck_obj["Name"] == "DeckCustom" and len(deck_obj["ContainedObjects"]) == count
    for card in deck_obj["ContainedObjects"]:
        assert _close(_size_mm(card), want), (card["Nickname"], _size_mm(card), want)
    for sheet in deck_obj["CustomDeck"].values():
        with Image.open(_file(sheet["FaceURL"])) as image:
            assert max(image.size) <= 4096
            cell = (image.width / sheet["NumWidth"], image.height / sheet["NumHeight"])
        assert all(px >= round(mm / 25.4 * MIN_DPI) - 1 for px, mm in zip(cell, want)), (ident, cell, want)


@pytest.mark.parametrize("game, ident, two_sided", [
    ("days-of-steam", "track-tiles", True), ("days-of-steam", "city-tiles", True),
    ("days-of-steam", "train-tiles", True), ("days-of-steam", "train-tokens", True),
    ("days-of-steam", "steam-markers", True), ("days-of-steam", "circuit-counters", True),
    ("days-of-steam", "goods-tokens", None), ("days-of-steam", "coal-tokens", None),
    ("allers-trains", "tiles", True), ("allers-trains", "arrival-tokens", False),
    ("allers-trains", "locomotives", True), ("allers-trains", "route-markers", True),
    ("allers-trains", "frames", None), ("allers-trains", "boards", True)])
def test_tokens_tiles_frames_and_boards_are_tiles_at_their_printed_size(export, game, ident, two_sided):
    """Each copy one ``Custom_Tile`` (not a card at scale 1.0), counts and names as in the content,
    the back as the second image where the piece has one, the size its millimetres."""
    w, h, deck = _deck_mm(game, ident)
    bag = _objects(export, game, ident)
    assert len(bag) == 1 and bag[0]["Name"] == "Bag"
    pieces = bag[0]["ContainedObjects"]
    assert len(pieces) == len(deck.cards)
    if all(c.name for c in deck.cards):
        assert Counter(p["Nickname"] for p in pieces) == Counter(c.name for c in deck.cards)
    backs = [bool(p["CustomImage"]["ImageSecondaryURL"]) for p in pieces]
    if two_sided is not None:
        assert all(backs) if two_sided else not any(backs)
    else:
        assert backs == [c.back is not None for c in deck.cards]
    for piece in pieces:
        assert piece["Name"] == "Custom_Tile"
        assert _close(_size_mm(piece), (w, h)), (piece["Nickname"], _size_mm(piece), (w, h))
        for side in ("ImageURL", "ImageSecondaryURL"):
            if piece["CustomImage"][side]:
                _dpi_ok(_file(piece["CustomImage"][side]), (w, h))


def test_relative_sizes_match_the_millimetres(export):
    """A frame half (236 × 118 mm), a scoring board (230 × 160 mm), a 14 mm arrival token and a
    wagon (22 × 7 mm) against a train card (the deck's own size) and a Days of Steam
    track tile: the ratios of their table sizes are the ratios of their millimetres (± 1 %)."""
    card = _objects(export, "ticket-to-ride", "train-cards")[0]["ContainedObjects"][0]
    card_w, card_h, _ = _deck_mm("ticket-to-ride", "train-cards")
    got_card = _size_mm(card)
    for game, ident in (("allers-trains", "frames"), ("allers-trains", "boards"), ("allers-trains", "arrival-tokens"),
                        ("days-of-steam", "track-tiles"), ("days-of-steam", "coal-tokens")):
        w, h, _ = _deck_mm(game, ident)
        piece = _objects(export, game, ident)[0]["ContainedObjects"][0]
        got = _size_mm(piece)
        assert abs(got[0] / got_card[0] - w / card_w) <= 0.01 * w / card_w, ident
        assert abs(got[1] / got_card[1] - h / card_h) <= 0.01 * h / card_h, ident


def test_the_pip_die_is_a_standard_d6(export):
    dice = _objects(export, "days-of-steam", "die")
    assert [d["Name"] for d in dice] == ["Die_6"]


def test_every_set_with_pieces_is_exported(export):
    """No Ticket to Ride, Days of Steam or Allers set of pieces is skipped: only rules and score
    sheets for pencils are left out."""
    written = {p.stem for g in ("ticket-to-ride", "days-of-steam", "allers-trains") for p in (export / g).glob("*.json")}
    for f in discover_layers([]):
        if f.game in ("days-of-steam", "allers-trains") and f.kind in ("deck", "tiles", "die"):
            assert f.id in written, f.id
    for m in MAPS:
        assert {f"{m}-trains", f"{m}-board", f"{m}-tickets"} <= written
    assert "train-cards" in written


def test_a_maps_station_pieces_fill_one_bag_per_player(tmp_path):
    """Amberline Coast (a user-style map with stations: 3 a player, 5 players): each player's
    stations in its own bag, 16 mm tiles, both faces."""
    from railprint.export.tts import export_all
    from railprint.render import RenderOptions

    chosen = [f for f in discover_layers([]) if f.id == "amberline-stations"]
    export_all(chosen, RenderOptions(), tmp_path, dpi=MIN_DPI)
    bags = _objects(tmp_path, "ticket-to-ride", "amberline-stations")
    assert [b["Name"] for b in bags] == ["Bag"] * 5
    for letter, bag in zip("ABCDE", bags):
        assert f" {letter} " in bag["Nickname"]
        assert sorted(p["Nickname"] for p in bag["ContainedObjects"]) == [f"station-{letter}{k}" for k in (1, 2, 3)]
        for piece in bag["ContainedObjects"]:
            assert _close(_size_mm(piece), (16, 16)) and piece["CustomImage"]["ImageSecondaryURL"]
