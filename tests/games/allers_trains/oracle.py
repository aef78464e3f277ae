"""An independent second scorer for Jedzie pociąg z daleka (the "arrivals" way in), and a seeded
generator of legal finished games, for differential testing against railprint's scorer.

Written from the Polish rulebook (shared/seeds/003) and the contract
(shared/reference/allers-trains-game-format.md) without reading railprint/games/allers_trains.
Kept small and plain on purpose: it works on plain Python data, not on the file.

Rulebook points used (paraphrased):
- a locomotive that reaches a station puts its owner's token on the first free space of that
  station's track; several players arriving in the same round share one space and its points;
  a later arrival takes the space of its arrival position (green and yellow in one round take
  space 1, orange a round later takes space 3);
- each locomotive of a player must reach a different station; a player has 4 locomotives and
  15 tiles (one a round), so at most 4 stations and rounds 1-15;
- base game: most points wins; a tie goes to more points at Fioletowo, then Czerwienie, then the
  next stations;
- variant 1 (longest route): 1 point per tile entered, no station points, ties share the win;
  the score-track marker turns to "40+" past 40 (40+9 = 49);
- variant 2: both kinds of points; solo uses the 2-player board, the higher of its two values.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

STATIONS = {1: "Fioletowo", 2: "Czerwienie", 3: "Zielonki", 4: "Różawy", 5: "Niebieskowiec",
            6: "Złotniki", 7: "Czerno"}

# points per space (1st, 2nd, ...) for each station in board order.
# 3 players: the rulebook's board. 2 and 4 players: the product's own design
# (docs/allers-trains-scoring.md, content/allers-trains/scoring.yaml), copied here as data.
TABLES = {
    2: [(17, 6), (14, 6), (11, 7), (10, 7), (9, 7), (8, 7), (9, 9)],
    3: [(18, 12, 1), (15, 10, 3), (12, 9, 5), (11, 8, 6), (10, 8, 7), (9, 8, 7), (9, 9, 9)],
    4: [(18, 12, 6, 1), (15, 10, 6, 3), (12, 9, 7, 5), (11, 8, 7, 6), (10, 8, 7, 7), (9, 8, 7, 7),
        (9, 9, 9, 9)],
}
# solo: the 2-player board, the higher of its two values
TABLES[1] = [(max(col),) for col in TABLES[2]]

MODES = ("stations", "route", "route+stations")
LOCOMOTIVES = 4
LAST_ROUND = 15


def stations_on(mode: str) -> bool:
    return mode in ("stations", "route+stations")


def route_on(mode: str) -> bool:
    return mode in ("route", "route+stations")


@dataclass
class Game:
    mode: str
    players: list[str]
    arrivals: dict[int, list[tuple[str, int]]] = field(default_factory=dict)  # station -> (player, round)
    route: dict[str, int] = field(default_factory=dict)  # player -> route points


def _key(game: Game, row: dict) -> tuple:
    """What decides the order: the total, then (with stations) station 1's points, 2's, ..."""
    if not stations_on(game.mode):  # variant 1: ties share the win
        return (row["total"],)
    return (row["total"], *(row["stations"].get(str(s), 0) for s in STATIONS))


def score(game: Game) -> dict:
    """The contract's JSON fields, computed the plain way."""
    players = game.players
    table = TABLES[len(players)]
    spaces: dict[str, dict[str, int]] = {}
    per_station = {p: {} for p in players}
    if stations_on(game.mode):
        for station, arrived in sorted(game.arrivals.items()):
            if not arrived:
                continue
            spaces[str(station)] = {}
            for player, rnd in arrived:
                earlier = sum(1 for _, other in arrived if other < rnd)
                space = 1 + earlier
                spaces[str(station)][player] = space
                per_station[player][str(station)] = table[station - 1][space - 1]
    rows = []
    for p in players:
        station_points = sum(per_station[p].values())
        route_points = game.route.get(p, 0) if route_on(game.mode) else 0
        rows.append({"name": p, "station_points": station_points, "stations": per_station[p],
                     "route_points": route_points, "total": station_points + route_points})

    for row in rows:
        row["rank"] = 1 + sum(1 for other in rows if _key(game, other) > _key(game, row))
    return {"players": rows, "winner": [r["name"] for r in rows if r["rank"] == 1], "spaces": spaces}


def tie_depth(game: Game) -> int:
    """How far down the tie-break the closest two players stay equal: 0 = totals all differ,
    1 = equal totals, 1 + k = also equal on stations 1..k; 8 = equal on everything (1 in variant 1)."""
    keys = [_key(game, r) for r in score(game)["players"]]
    best = 0
    for i in range(len(keys)):
        for j in range(i + 1, len(keys)):
            d = 0
            while d < len(keys[i]) and keys[i][d] == keys[j][d]:
                d += 1
            best = max(best, d)
    return best


# ---------------------------------------------------------------------------------------------
# generator

NAMES = ["Ala", "Bartek", "Celina", "Dawid", "Żaneta", "Łukasz", "Ośka", "Zoë"]


def random_game(rng: random.Random, mode: str | None = None, n: int | None = None,
                max_stations: int = LOCOMOTIVES, min_stations: int = 0,
                rounds: tuple[int, int] = (1, LAST_ROUND)) -> Game:
    """Each player reaches a few different stations (at most 4: one a locomotive) in random rounds."""
    n = n or rng.randint(1, 4)
    mode = mode or rng.choice(MODES)
    players = rng.sample(NAMES, n)
    game = Game(mode, players)
    if stations_on(mode):
        for p in players:
            reached = rng.randint(min(min_stations, max_stations), max_stations)
            for station in rng.sample(sorted(STATIONS), reached):
                game.arrivals.setdefault(station, []).append((p, rng.randint(*rounds)))
        for arrived in game.arrivals.values():
            rng.shuffle(arrived)
    if route_on(mode):
        game.route = {p: rng.randint(0, 80) for p in players}
    return game


def tied_game(rng: random.Random, depth: int, mode: str, n: int) -> Game:
    """A game whose closest two players tie exactly ``depth`` levels down (see tie_depth)."""
    assert n >= 2
    for _ in range(20000):
        if depth == 8:
            game = random_game(rng, mode, n, max_stations=3, rounds=(1, 4))
            a, b = game.players[:2]
            for arrived in game.arrivals.values():  # b copies a exactly
                arrived[:] = [x for x in arrived if x[0] != b]
                arrived += [(b, r) for p, r in list(arrived) if p == a]
            game.arrivals = {s: v for s, v in game.arrivals.items() if v}
            if route_on(mode):
                game.route[b] = game.route[a]
        else:
            game = random_game(rng, mode, n, max_stations=rng.randint(1, 4), rounds=(1, 3))
            if route_on(mode) and stations_on(mode) and depth >= 1:
                # variant 2: let the route points even out the totals of the first two
                a, b = game.players[:2]
                sa = score(Game("stations", game.players, game.arrivals))["players"]
                diff = sa[0]["total"] - sa[1]["total"]
                game.route[b] = game.route[a] + diff
                if not 0 <= game.route[b] <= 80:  # the track with its 40+ side reads up to 80
                    continue
        if tie_depth(game) == depth:
            return game
    raise AssertionError(f"no game with tie depth {depth} ({mode}, {n} players)")


def route_text(points: int, rng: random.Random) -> object:
    """How a player would type a score-track reading: 40+n past 40 (or the plain number)."""
    if points > 40 and rng.random() < 0.7:
        return f"40+{points - 40}"
    return points


def to_yaml(game: Game, rng: random.Random) -> str:
    """The game file as a person would type it (stations by number or by name, any order)."""
    def q(text: str) -> str:
        return '"' + text + '"'

    lines = []
    if rng.random() < 0.5:
        lines.append("game: allers-trains")
    lines.append(f"mode: {game.mode}")
    lines.append("players: [" + ", ".join(game.players) + "]")
    if stations_on(game.mode):
        lines.append("arrivals:")
        stations = list(game.arrivals)
        rng.shuffle(stations)
        for s in stations:
            label = str(s) if rng.random() < 0.5 else STATIONS[s]
            lines.append(f"  {label}: [" + ", ".join(f"{p}@{r}" for p, r in game.arrivals[s]) + "]")
        if not stations:
            lines[-1] = "arrivals: {}"
    if route_on(game.mode):
        parts = []
        for p in game.players:
            value = route_text(game.route[p], rng)
            parts.append(f"{p}: {q(value) if isinstance(value, str) else value}")
        lines.append("route: {" + ", ".join(parts) + "}")
    return "\n".join(lines) + "\n"


def games(seed: int, count: int):
    """``count`` seeded games: random ones over every mode and player count, plus ties at every
    tie-break level, shared arrival rounds and empty boards. Yields (label, Game, yaml text)."""
    rng = random.Random(seed)
    made = []
    for i in range(count):
        mode = MODES[i % 3]
        n = 1 + (i // 3) % 4
        kind = i % 5
        if kind in (0, 2):  # crowded: many arrivals in a few rounds -> shared and skipped spaces
            game = random_game(rng, mode, n, min_stations=3, rounds=(1, 3))
        elif kind == 1 and i % 4 == 1:  # nobody reached a station
            game = random_game(rng, mode, n, max_stations=0)
        else:
            game = random_game(rng, mode, n)
        made.append((f"random-{i}", game))
    for mode in MODES:
        for n in (2, 3, 4):
            # depth 7 needs route points: in the base game equal totals and stations 1-6 leave
            # Czerno equal too
            depths = [0, 1] if mode == "route" else ([0, 1, 2, 3, 4, 5, 6, 8] if mode == "stations"
                                                        else list(range(9)))
            for depth in depths:
                if (mode, n, depth) == ("stations", 2, 6):
                    continue  # impossible: with 2 players Złotniki + Czerno sums never coincide
                made.append((f"tie{depth}-{mode}-{n}", tied_game(rng, depth, mode, n)))
    for label, game in made:
        yield label, game, to_yaml(game, rng)


# ---------------------------------------------------------------------------------------------
# the frame replay (the "finished frames" way in), on the product's own frame design
# (docs/allers-trains-scoring.md "Our frame", shared/reference/allers-trains.yaml proposed_design)
#
# A square is (x, y): column A-D -> x 0-3, row 1-4 -> y 0-3; the depot is A1 = (0, 0).
# Ports clockwise from the top-left: N0 N1 E0 E1 S0 S1 W0 W1; a clockwise quarter turn moves a
# port two places on. Across an edge N0 meets S1, N1 meets S0, E0 meets W1, E1 meets W0.

PORTS = ("N0", "N1", "E0", "E1", "S0", "S1", "W0", "W1")
ACROSS = {"N0": "S1", "N1": "S0", "S0": "N1", "S1": "N0", "E0": "W1", "E1": "W0", "W0": "E1", "W1": "E0"}
STEP = {"N": (0, 1), "S": (0, -1), "E": (1, 0), "W": (-1, 0)}
DEPOT = (0, 0)
START = {"blue": "N0", "violet": "E0", "black": "E1", "red": "N1"}  # depot port of each locomotive
COLOURS = ("blue", "violet", "black", "red")  # the order that settles equal runs into one station
TILES = {
    "T01": [("N0", "E1"), ("N1", "E0"), ("S0", "W1"), ("S1", "W0")],
    "T02": [("N0", "W1"), ("N1", "E0"), ("E1", "S0"), ("S1", "W0")],
    "T03": [("N0", "E0"), ("N1", "E1"), ("S0", "W1"), ("S1", "W0")],
    "T04": [("N0", "E0"), ("N1", "W1"), ("E1", "S0"), ("S1", "W0")],
    "T05": [("N0", "S0"), ("N1", "E0"), ("E1", "W1"), ("S1", "W0")],
    "T06": [("N0", "E0"), ("N1", "E1"), ("S0", "W0"), ("S1", "W1")],
    "T07": [("N0", "E0"), ("N1", "S0"), ("E1", "W1"), ("S1", "W0")],
    "T08": [("N0", "E0"), ("N1", "W0"), ("E1", "S0"), ("S1", "W1")],
    "T09": [("N0", "E0"), ("N1", "W1"), ("E1", "S1"), ("S0", "W0")],
    "T10": [("N0", "S0"), ("N1", "E0"), ("E1", "W0"), ("S1", "W1")],
    "T11": [("N0", "E0"), ("N1", "S0"), ("E1", "W0"), ("S1", "W1")],
    "T12": [("N0", "E0"), ("N1", "S1"), ("E1", "W1"), ("S0", "W0")],
    "T13": [("N0", "E0"), ("N1", "W0"), ("E1", "S1"), ("S0", "W1")],
    "T14": [("N0", "E1"), ("N1", "S0"), ("E0", "W1"), ("S1", "W0")],
    "T15": [("N0", "S1"), ("N1", "S0"), ("E0", "W1"), ("E1", "W0")],
}
# the outer edges: (square, edge) -> station number, or "U" for a U-turn track fragment
OUTER = {((0, 3), "N"): 2, ((1, 3), "N"): "U", ((2, 3), "N"): 3, ((3, 3), "N"): 1,
         ((0, 3), "W"): "U", ((0, 2), "W"): 6, ((0, 1), "W"): "U",
         ((3, 3), "E"): "U", ((3, 2), "E"): 4, ((3, 1), "E"): "U", ((3, 0), "E"): 5,
         ((1, 0), "S"): "U", ((2, 0), "S"): 7, ((3, 0), "S"): "U"}


def turned(tile: str, rotation: int) -> dict[str, str]:
    """port -> port of a tile turned ``rotation`` degrees clockwise."""
    shift = rotation // 90 * 2
    turn = {p: PORTS[(i + shift) % 8] for i, p in enumerate(PORTS)}
    links = {}
    for a, b in TILES[tile]:
        links[turn[a]] = turn[b]
        links[turn[b]] = turn[a]
    return links


def square_name(square: tuple[int, int]) -> str:
    return "ABCD"[square[0]] + str(square[1] + 1)


def _beyond(square, port):
    dx, dy = STEP[port[0]]
    return (square[0] + dx, square[1] + dy)


@dataclass
class Loco:
    colour: str
    square: tuple[int, int] = DEPOT  # where it stands: at ``port`` of this square
    port: str = ""
    state: str = "waiting"  # waiting | arrived | collided | removed
    station: int | None = None
    round: int | None = None
    entered: int = 0  # tiles entered, not counting the run that ended in a collision
    crash_run: int = 0  # tile entries between this locomotive and the one it collided with



def _run(loco: Loco, board: dict, stop_at: dict):
    """Follow the track from where ``loco`` stands. Returns (entries, end, where) with end one of
    'wait' (square, port), 'station' n, 'depot', 'meet' other-locomotive."""
    square, port, entries = loco.square, loco.port, 0
    for _ in range(200):
        nxt = _beyond(square, port)
        if not (0 <= nxt[0] < 4 and 0 <= nxt[1] < 4):  # an outer edge
            use = OUTER[(square, port[0])]
            if use != "U":
                return entries, "station", use
            port = port[0] + ("1" if port[1] == "0" else "0")  # the fragment turns it back
            entries += 1
            port = board[square][port]
            continue
        into = ACROSS[port]
        other = stop_at.get((nxt, into))
        if other is not None and other is not loco:
            return entries, "meet", other
        if nxt == DEPOT:
            return entries + 1, "depot", None
        if nxt not in board:
            return entries, "wait", (square, port)
        entries += 1
        square, port = nxt, board[nxt][into]
    raise AssertionError("a track without end")


def replay(placements: list[tuple[tuple[int, int], str, int]]):
    """One player's frame, tiles in the order placed (one a round).
    Returns (locomotives, arrivals [(station, round)], route points)."""
    board: dict = {}
    locos = [Loco(c, DEPOT, START[c]) for c in COLOURS]
    for rnd, (square, tile, rotation) in enumerate(placements, start=1):
        board[square] = turned(tile, rotation)
        waiting = [lo for lo in locos if lo.state == "waiting"]
        movers = [lo for lo in waiting if _beyond(lo.square, lo.port) == square]
        stop_at = {(lo.square, lo.port): lo for lo in movers}
        runs = {lo.colour: _run(lo, board, stop_at) for lo in movers}
        reaching: dict[int, list[tuple[int, int, Loco]]] = {}
        for lo in movers:
            entries, end, where = runs[lo.colour]
            if end == "meet":  # head-on
                assert runs[where.colour][:2] == (entries, "meet")  # the same entries from both ends
                lo.crash_run = entries
                lo.state, lo.round = "collided", rnd
            elif end == "wait":
                lo.entered += entries
                lo.square, lo.port = where
            elif end == "depot":
                lo.entered += entries
                lo.state, lo.round = "removed", rnd
            else:
                lo.entered += entries
                reaching.setdefault(where, []).append((entries, COLOURS.index(lo.colour), lo))
        for station, group in reaching.items():
            held = any(lo.state == "arrived" and lo.station == station for lo in locos)
            for _, _, lo in sorted(group, key=lambda g: g[:2]):
                lo.station, lo.round = station, rnd
                lo.state = "removed" if held else "arrived"
                held = True
    arrivals = [(lo.station, lo.round) for lo in locos if lo.state == "arrived"]
    return locos, arrivals, route_points(locos)


# COLLISIONS in the route variant. The rulebook's count: the player moves one locomotive, counts
# the tiles it managed to enter, then moves the next one. Two colliding locomotives are the same
# player's: whichever goes first runs the k tile entries up to the other, which stands at the end
# of its track, and crashes into it there; the other never moves. So a collision scores k for the
# player, whatever the order (an earlier railprint let them meet half-way, k + 1 on an odd k;
# test_odd_collision_scores_the_entries_between_the_two pins the rulebook's count).

def route_points(locos: list[Loco]) -> int:
    """The rulebook's route points of one frame: every entry, k for each collided pair."""
    return sum(lo.entered for lo in locos) + sum(lo.crash_run for lo in locos) // 2


def random_frame(rng: random.Random) -> list[tuple[tuple[int, int], str, int]]:
    """A legal random frame: tiles drawn from a shuffled stack, each placed on a square that
    touches the depot or a tile and moves a locomotive, any rotation, until no locomotive waits
    or the frame is full."""
    stack = sorted(TILES)
    rng.shuffle(stack)
    placed: list = []
    for tile in stack:
        locos, _, _ = replay(placed)
        taken = {sq for sq, _, _ in placed} | {DEPOT}
        faced = sorted({_beyond(lo.square, lo.port) for lo in locos if lo.state == "waiting"})
        squares = [sq for sq in faced if sq not in taken and 0 <= sq[0] < 4 and 0 <= sq[1] < 4]
        if not squares:
            break
        placed.append((rng.choice(squares), tile, rng.choice((0, 90, 180, 270))))
    return placed


def frames_game(rng: random.Random, mode: str, n: int):
    """A game typed as finished frames; returns (Game with the replayed arrivals and route points,
    yaml text, {player: locomotives})."""
    players = rng.sample(NAMES, n)
    game = Game(mode, players)
    locos_of = {}
    lines = [f"mode: {mode}", "players: [" + ", ".join(players) + "]", "frames:"]
    for p in players:
        frame = random_frame(rng)
        locos, arrivals, points = replay(frame)
        locos_of[p] = locos
        if stations_on(mode):
            for station, rnd in arrivals:
                game.arrivals.setdefault(station, []).append((p, rnd))
        if route_on(mode):
            game.route[p] = points
        with_round = rng.random() < 0.5
        lines.append(f"  {p}:")
        for rnd, (sq, tile, rotation) in enumerate(frame, start=1):
            lines.append(f"    - {square_name(sq)} {tile} {rotation}" + (f" @{rnd}" if with_round else ""))
    return game, "\n".join(lines) + "\n", locos_of
