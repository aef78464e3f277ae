"""The frame replay: determinism, no locomotive ever leaves the track, replayed arrivals typed
back score the same, and the balance of our frame over every first tile."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from railprint.games.allers_trains import score_text
from railprint.games.allers_trains.frame import COLS, DEPOT, DEPOT_PORTS, OUTER, ROTATIONS, ROWS, STATIONS, TILES, pairing
from railprint.games.allers_trains.replay import Frame, across, inside, random_game


def check_on_track(frame: Frame) -> None:
    for lo in frame.locos:
        # every tile entered is a placed tile, entered at a port its neighbour leads into
        for cell, port in lo.path:
            assert cell in frame.tiles and port in frame.tiles[cell]
        if lo.state == "waiting":
            cell, port = lo.at
            assert cell == DEPOT and port in DEPOT_PORTS or cell in frame.tiles
            ahead, _ = across(lo.at)
            assert inside(ahead) and ahead not in frame.tiles and ahead != DEPOT
        # consecutive entries are joined by track (through a tile, maybe a U-turn fragment)
        for (c1, p1), (c2, p2) in zip(lo.path, lo.path[1:]):
            out = (c1, frame.tiles[c1][p1])
            nxt = across(out)
            if not inside(nxt[0]):
                assert OUTER[(c1, out[1][0])] is None  # a fragment: back into the same square
                assert (c2, p2) == (c1, out[1][0] + ("1" if out[1][1] == "0" else "0"))
            else:
                assert nxt == (c2, p2)
    arrived = Counter(lo.station for lo in frame.locos if lo.state == "arrived")
    assert all(n == 1 for n in arrived.values())  # one own locomotive per station


def game_file(mode: str, frames: dict[str, list[str]]) -> str:
    lines = [f"mode: {mode}", "frames:"]
    lines += [f"  {name}: [{', '.join(placed)}]" for name, placed in frames.items()]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seed", range(60))
def test_random_legal_games_stay_on_track_and_score_the_same_typed_back(seed):
    rng = random.Random(seed)
    players = ["Ala", "Bartek", "Celina", "Dawid"][: 1 + seed % 4]
    mode = ("stations", "route", "route+stations")[seed % 3]
    frames = {name: random_game(rng, check_on_track)[1] for name in players}
    replayed = score_text(game_file(mode, frames), "replayed.yaml").as_json()
    # the same game typed by hand: arrivals per station, route points as the track shows them
    arrivals: dict[int, list[str]] = {}
    for p in replayed["players"]:
        for lo in p["locomotives"]:
            if lo["state"] == "arrived":
                arrivals.setdefault(lo["station"], []).append(f"{p['name']}@{lo['round']}")
    typed = [f"mode: {mode}", f"players: [{', '.join(players)}]"]
    if mode != "route":
        typed += ["arrivals:"] + [f"  {n}: [{', '.join(a)}]" for n, a in sorted(arrivals.items())]
    if mode != "stations":
        typed += ["route: {" + ", ".join(f"{p['name']}: {p['route_reading']}" for p in replayed["players"]) + "}"]
    by_hand = score_text("\n".join(typed) + "\n", "typed.yaml").as_json()
    for a, b in zip(replayed["players"], by_hand["players"]):
        for key in ("station_points", "stations", "route_points", "total", "rank"):
            assert a[key] == b[key], (key, a["name"])
    assert replayed["winner"] == by_hand["winner"] and replayed["spaces"] == by_hand["spaces"]
    assert score_text(game_file(mode, frames), "replayed.yaml").as_json() == replayed  # deterministic


def test_a_tile_extends_every_locomotive_it_touches_and_turns_like_the_design():
    assert pairing("T01", 90)["E0"] == "S1"  # N0-E1 turned a quarter clockwise: E0-S1
    frame = Frame()
    moves = frame.place((0, 1), "T15", 0, 1)  # blue and red run straight north and wait
    assert [(m.colour, m.end) for m in moves] == [("blue", "waiting"), ("red", "waiting")]
    assert frame.facing((0, 2)) == [lo for lo in frame.locos if lo.colour in ("blue", "red")]


def first_tile_arrivals() -> tuple[int, Counter]:
    placements, reached = 0, Counter()
    for cell in ((0, 1), (1, 0)):  # a first tile must touch the depot
        for tile in TILES:
            for rotation in ROTATIONS:
                placements += 1
                moves = Frame().place(cell, tile, rotation, 1)
                for number in {m.station for m in moves if m.station}:
                    reached[number] += 1
    return placements, reached


def test_no_station_is_reached_by_most_first_tiles():
    placements, reached = first_tile_arrivals()
    assert placements == 120
    assert all(count * 2 < placements for count in reached.values())
    assert reached == Counter()  # our frame: no station beside the depot's neighbours


def test_station_order_around_the_frame():
    clockwise = [n for n in OUTER.values() if n is not None]
    assert sorted(clockwise) == [s.number for s in STATIONS]
    assert sum(n is None for n in OUTER.values()) == 7
    # the richest station is the farthest corner from the depot
    far = [n for (cell, _), n in OUTER.items() if cell == (COLS - 1, ROWS - 1) and n]
    assert far == [1]
