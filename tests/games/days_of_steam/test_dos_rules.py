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


# ---- the placement-distance check with overlay tiles (issue 16, item 11) ----------------------

PLACED = "could not have been placed"


def _map_violations(rows: str) -> list[str]:
    text = ("end: tiles\nplayers:\n  - {name: Ala, goods: '', circuits: 0, steam: 1}\n"
            "  - {name: Bo, goods: '', circuits: 0, steam: 1}\nmap: |\n" + "".join(f"  {r}\n" for r in rows.split("\n")))
    return [v.message for v in score_text(text).games[0].violations]


def test_an_overlay_that_cut_a_route_does_not_condemn_the_tiles_placed_before_it():
    # E1 and F1 were 4 and 5 tiles from the city through D1's straight, later covered by a double curve
    assert not [v for v in _map_violations("R st1 st1 dc0o st1 st1") if PLACED in v]
    # still condemned: a 6th tile was never within 5 tiles, whatever D1 held
    [far] = [v for v in _map_violations("R st1 st1 dc0o st1 st1 st1") if PLACED in v]
    assert far.startswith("G1 straight")
    # and without an overlay, tiles are never removed: the cut route proves an illegal placement
    assert [v.split(":")[0] for v in _map_violations("R st1 st1 dc0 st1 st1") if PLACED in v] == [
        "E1 straight", "F1 straight"]


def test_an_overlay_square_may_have_turned_the_route_any_way():
    # B1 now turns W-N and S-E: B2 below it joins the city only if B1 once held a W-S curve
    rows = "R   dc1o .\n.   st0  .\n.   st0  ."
    assert not [v for v in _map_violations(rows) if PLACED in v]
    assert [v.split(":")[0] for v in _map_violations(rows.replace("dc1o", "dc1 ")) if PLACED in v] == [
        "B2 straight", "B3 straight"]


def _overlay(board, rng) -> bool:
    """Cover one plain track tile (not a hill, bridge or city: the rulebook) by an overlay tile
    that fits its neighbours, as a player playing on existing track does. False if none fits."""
    from tests.games.days_of_steam import oracle

    used = Counter(item[1] + item[3] for item in board.cells.values() if item[0] == "track")
    cells = [c for c, item in sorted(board.cells.items())
             if item[0] == "track" and item[3] != "h" and item[1] != "br"]
    rng.shuffle(cells)
    for cell in cells:
        old = board.cells.pop(cell)
        choices = [(kind, rot) for kind in ("st", "cu", "sw", "dc") for rot in range(4)
                   if used[kind + "o"] < oracle.SET_COUNTS[kind + "o"]
                   and oracle._fits(board, cell, oracle.tile(kind, rot)[1])]
        if choices:
            kind, rot = rng.choice(choices)
            board.cells[cell] = ("track", kind, rot, "o")
            return True
        board.cells[cell] = old
    return False


def test_maps_grown_by_legal_play_with_overlays_never_condemn_a_placement():
    """Legal play: grow, cover tiles by overlays (cutting routes), grow on from the new map."""
    import random

    from tests.games.days_of_steam import oracle

    checked = 0
    for seed in range(120):
        rng = random.Random(seed)
        board = oracle.random_board(rng, rng.randint(6, 16), box=1)
        for _ in range(rng.randint(1, 3)):
            _overlay(board, rng)
            board = oracle.random_board(rng, sum(1 for i in board.cells.values() if i[0] == "track")
                                        + rng.randint(0, 4), box=1, start=board.text())
        if not any(item[0] == "track" and item[3] == "o" for item in board.cells.values()):
            continue
        checked += 1
        assert not [v for v in _map_violations(board.text()) if PLACED in v], board.text()
    assert checked > 60


def test_the_phone_page_says_circuits_with_the_rulebooks_polish_word():
    """The Polish rulebook's circuit is an "objazd" (its counters "liczniki objazdów"): the phone
    page's Polish labels use the scorer's word, never another one ("obwód")."""
    import re
    from importlib import resources

    from railprint.games.days_of_steam.words import words

    page = resources.files("railprint.games.days_of_steam.web").joinpath("static/editor.js").read_text("utf-8")
    polish = page[page.index("pl: {"):]
    assert re.search(r'circuit_vp: "([^"]+)"', polish).group(1) == words("pl")["circuits"] == "Objazdy"
    assert "obwod" not in polish.lower() and "obwód" not in polish.lower()
    assert "liczniki objazdów" in polish.lower() and words("pl")["end_tiles"].endswith("ostatni żeton toru")
    assert "ostatni żeton toru" in polish
