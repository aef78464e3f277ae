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
                max_stations: int = LOCOMOTIVES, min_stations: int = 0, rounds: tuple[int, int] = (1, LAST_ROUND)) -> Game:
    n = n or rng.randint(1, 4)
    mode = mode or rng.choice(MODES)
    players = rng.sample(NAMES, n)
    game = Game(mode, players)
    if stations_on(mode):
        for p in players:
            for station in rng.sample(sorted(STATIONS), rng.randint(min(min_stations, max_stations), max_stations)):
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
            depths = [0, 1] if mode == "route" else ([0, 1, 2, 3, 4, 5, 6, 8] if mode == "stations"
                                                        else list(range(9)))
            for depth in depths:
                if (mode, n, depth) == ("stations", 2, 6):
                    continue  # impossible: with 2 players Złotniki + Czerno sums never coincide
                made.append((f"tie{depth}-{mode}-{n}", tied_game(rng, depth, mode, n)))
    for label, game in made:
        yield label, game, to_yaml(game, rng)
