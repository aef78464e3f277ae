"""The placement rule against every tile of the printed set, circuits on maps, and properties
of the scorer (hypothesis): input order never changes a score, a good never lowers a total."""

from __future__ import annotations

from collections import Counter

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from railprint.games.days_of_steam import score_text
from railprint.games.days_of_steam.notation import SET_COUNTS, TILES, parse_game
from railprint.games.days_of_steam.rules import (CITY_SEGMENTS, Board, find_circuits, placeable,
                                                 placement_problems, rotate)
from railprint.loading.resources import content_path
from railprint.model.deck import IconLayer, TrackLayer
from railprint.model.resolve import load_deck

TRACK_TILES = content_path("days-of-steam", "track-tiles.yaml")
FLAG_ICONS = {"hill": "h", "water_tower": "w", "overlay": "o"}


def _manifest():
    """(segments, flag) of every tile in the printed set, read from the content file."""
    out = []
    for card in load_deck(TRACK_TILES).cards:
        [track] = [l for l in card.front.layers if isinstance(l, TrackLayer)]
        flags = [FLAG_ICONS[l.name] for l in card.front.layers if isinstance(l, IconLayer) and l.name in FLAG_ICONS]
        out.append((tuple(tuple(s) for s in track.segments), "".join(flags), card.name))
    return out


def test_every_tile_of_the_set_can_be_placed():
    tiles = _manifest()
    assert len(tiles) == 80
    unplaceable = [name for segments, _, name in tiles if not placeable(segments)]
    assert unplaceable == []


def test_a_lone_dead_end_cannot_be_placed():
    # the figure "only a dead end joins the city": the reference design's old dead-end tile
    assert not placeable((("N", "end"),))
    city = Board({(0, 0): CITY_SEGMENTS}, frozenset({(0, 0)}))
    assert placement_problems(city, (0, 1), (("W", "end"),)) == [
        "no segment (other than a dead end) continues a route to a city"]
    # the siding: its through track joins the city, whichever way the spur points
    assert placement_problems(city, (0, 1), rotate((("N", "S"), ("E", "end")), 1)) == []


def test_placement_needs_matching_edges_and_a_city_within_five_tiles():
    city = {(0, 0): CITY_SEGMENTS}
    straight = (("W", "E"),)
    line = {**city, **{(0, c): straight for c in range(1, 5)}}
    board = Board(line, frozenset({(0, 0)}))
    assert placement_problems(board, (0, 5), straight) == []           # the 5th tile from the city
    far = Board({**line, (0, 5): straight}, frozenset({(0, 0)}))
    assert placement_problems(far, (0, 6), straight) == [
        "no segment (other than a dead end) continues a route to a city"]  # a 6th is too far
    assert "the W edge does not match its neighbour" in placement_problems(board, (0, 5), (("N", "S"),))


def test_the_notation_table_matches_the_printed_set():
    printed = Counter()
    for segments, flag, _ in _manifest():
        [code] = [c for c, (_, segs) in TILES.items()
                  if any(tuple(map(tuple, rotate(segs, q))) == segments for q in range(4))]
        printed[code, flag] += 1
    assert dict(printed) == SET_COUNTS
    assert sum(SET_COUNTS.values()) == 80


def test_circuits_never_reverse_on_a_switch():
    ring = "map: |\n  cu1 R  cu2\n  st0 .  G\n  {j} st1 cu3\n  B   .  .\n"
    game = "end: tiles\nplayers:\n  - {name: A, goods: '', circuits: 0, steam: 0}\n  - {name: B, goods: '', circuits: 0, steam: 0}\n"
    switch = parse_game(game + ring.format(j="sw0"))
    wye = parse_game(game + ring.format(j="wy3"))
    assert find_circuits(Board.from_map(switch.map)).circuits == []
    assert len(find_circuits(Board.from_map(wye.map)).circuits) == 1


def test_a_dense_map_proves_seven_circuits_quickly():
    grid = "".join("  " + " ".join("RGYB"[(r + c) % 4] for c in range(10)) + "\n" for r in range(9))
    players = "end: tiles\nplayers:\n  - {name: A, goods: R, circuits: 4, steam: 0}\n" \
              "  - {name: B, goods: G, circuits: 3, steam: 0}\nmap: |\n"
    game = score_text(players + grid).games[0]
    assert game.map_check.allowed == 7 and not game.map_check.complete
    assert not [v for v in game.violations if "circuit counters claimed" in v.message]


# ---- properties ----------------------------------------------------------------------------
goods = st.text(alphabet="RGYB", max_size=5)
player = st.tuples(goods, st.integers(0, 2), st.integers(0, 6))


def _file(players, end="tiles") -> str:
    lines = [f"end: {end}", "players:"]
    for i, (g, c, s) in enumerate(players):
        lines.append(f"  - {{name: P{i}, goods: '{g}', circuits: {c}, steam: {s}}}")
    return "\n".join(lines) + "\n"


def _countable(players, spare: int = 0) -> bool:
    """Within the game's pieces: at most 7 goods of a colour (``spare`` left), 7 counters."""
    every = "".join(g for g, _, _ in players)
    return all(every.count(c) + spare <= 7 for c in "RGYB") and sum(c for _, c, _ in players) <= 7


def _scores(text: str) -> dict:
    return {p["name"]: p for p in score_text(text).as_json()["players"]}


@settings(max_examples=60, deadline=None)
@given(st.lists(player, min_size=2, max_size=4), st.randoms(use_true_random=False))
def test_input_order_does_not_change_scores(players, rnd):
    assume(_countable(players))
    named = list(enumerate(players))
    shuffled = named[:]
    rnd.shuffle(shuffled)
    first = _scores(_file([p for _, p in named]))
    text = "end: tiles\nplayers:\n" + "".join(
        f"  - {{name: P{i}, goods: '{g[::-1]}', circuits: {c}, steam: {s}}}\n" for i, (g, c, s) in shuffled)
    assert _scores(text) == first


@settings(max_examples=60, deadline=None)
@given(st.lists(player, min_size=2, max_size=4), st.integers(0, 3), st.sampled_from("RGYB"))
def test_one_more_good_never_lowers_a_total(players, who, colour):
    assume(_countable(players, spare=1))
    who %= len(players)
    before = _scores(_file(players))
    more = list(players)
    g, c, s = more[who]
    more[who] = (g + colour, c, s)
    after = _scores(_file(more))
    assert after[f"P{who}"]["total"] >= before[f"P{who}"]["total"] + 2
    for name in before:
        if name != f"P{who}":
            assert after[name]["total"] == before[name]["total"]


@settings(max_examples=60, deadline=None)
@given(st.lists(player, min_size=2, max_size=4))
def test_ranks_follow_total_then_circuits_then_steam(players):
    assume(_countable(players))
    scored = list(_scores(_file(players)).values())
    for a in scored:
        better = sum((b["total"], b["circuits"], b["steam"]) > (a["total"], a["circuits"], a["steam"]) for b in scored)
        assert a["rank"] == better + 1
