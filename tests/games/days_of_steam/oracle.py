"""An independent oracle for the Days of Steam end-of-game scorer (differential tests).

Written from the Polish rulebook (shared/seeds/000_*, "Punktacja" and "Koniec gry i wyłonienie
zwycięzcy") and the contract (shared/reference/days-of-steam-game-format.md) only, without
reading railprint/games/days_of_steam. Kept small and plain on purpose:

- 2 VP per delivered good, 1 VP per circuit counter;
- colour bonus by the number of different colours delivered: 0/1 -> 0, 2 -> 1, 3 -> 3, 4 -> 5;
- end by the last tile: highest total wins, ties to more circuit points, then to more steam,
  players still tied share the place (ranks 1, 1, 3);
- end by 13 VP: exactly one player has >= 13 VP and wins.

``score(data)`` takes the parsed YAML and returns the contract fields, or raises
:class:`Unscorable` with one message per problem the contract calls an error.
Also the random game generator used by the differential test.

The map part (notation from docs/days-of-steam-scoring.md): circuits by brute-force search of
closed runs ("Sprawdzenie objazdu"; a tile passed once, a bridge or double curve twice, from the
tile list), the counters a final map allows (min of 7, the circuits, and the independent loops
of their track: each counter turn closes a new loop), what legal play cannot leave on a map,
and maps grown by legal play ("Zagranie żetonu").
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

COLOURS = "RGYB"
PER_GOOD = 2
PER_CIRCUIT = 1
COLOUR_BONUS = {0: 0, 1: 0, 2: 1, 3: 3, 4: 5}
INSTANT_VP = 13
CUBES_PER_COLOUR = 7
CIRCUIT_COUNTERS = 7
STEAM_MAX = 6


class Unscorable(Exception):
    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


def goods_letters(value) -> str:
    """The goods string as upper-case letters ('' and '-' mean none)."""
    if value is None:
        return ""
    text = str(value).strip()
    return "" if text == "-" else text.upper()


def score(data: dict) -> dict:
    problems: list[str] = []
    players = data["players"]
    rows = []
    per_colour = {c: 0 for c in COLOURS}
    circuits_all = 0
    for p in players:
        letters = goods_letters(p.get("goods"))
        bad = [ch for ch in letters if ch not in COLOURS]
        if bad:
            problems.append(f"{p['name']}: unknown goods letter {bad[0]!r}")
        for ch in letters:
            if ch in per_colour:
                per_colour[ch] += 1
        circuits = p["circuits"]
        steam = p["steam"]
        if not 0 <= circuits <= CIRCUIT_COUNTERS:
            problems.append(f"{p['name']}: circuits {circuits} outside 0-7")
        if not 0 <= steam <= STEAM_MAX:
            problems.append(f"{p['name']}: steam {steam} outside 0-6")
        circuits_all += circuits
        good = [ch for ch in letters if ch in COLOURS]
        colours = len(set(good))
        goods_vp = PER_GOOD * len(good)
        bonus = COLOUR_BONUS[colours]
        circuit_vp = PER_CIRCUIT * circuits
        rows.append({"name": p["name"], "goods": goods_vp, "colours": colours, "colour_bonus": bonus,
                     "circuits": circuit_vp, "steam": steam, "total": goods_vp + bonus + circuit_vp})
    for c, n in per_colour.items():
        if n > CUBES_PER_COLOUR:
            problems.append(f"{n} goods of colour {c} (only 7 exist)")
    if sum(per_colour.values()) > CUBES_PER_COLOUR * len(COLOURS):
        problems.append("more than 28 goods in all")
    if circuits_all > CIRCUIT_COUNTERS:
        problems.append(f"{circuits_all} circuit counters in all (only 7 exist)")
    names = [str(p["name"]).casefold() for p in players]
    if len(set(names)) != len(names):
        problems.append("player names repeat")
    end = data.get("end", "tiles")
    if end == "instant":
        at13 = [r for r in rows if r["total"] >= INSTANT_VP]
        if len(at13) != 1:
            problems.append(f"end: instant needs exactly one player at 13 VP, found {len(at13)}")
    if problems:
        raise Unscorable(problems)

    def key(r):  # bigger is better: total, then circuit points, then steam
        return (r["total"], r["circuits"], r["steam"])

    for r in rows:
        r["rank"] = 1 + sum(1 for other in rows if key(other) > key(r))
    if end == "instant":
        winners = [r["name"] for r in rows if r["total"] >= INSTANT_VP]
    else:
        winners = [r["name"] for r in rows if r["rank"] == 1]
    violations = []
    if not 2 <= len(rows) <= 4:  # "gra kolejowa dla 2-4 osób"
        violations.append(f"{len(rows)} players (the game is for 2-4)")
    if end != "instant":  # 13 VP ends the game at once, so nobody can hold 13 when the tiles run out
        violations += [f"{r['name']} has {r['total']} VP with end: tiles" for r in rows if r["total"] >= INSTANT_VP]
    return {"players": rows, "winner": winners, "violations": violations}


# ----------------------------------------------------------------------------- generator

@dataclass
class Game:
    """One generated game: the parsed form (for the oracle) and the file text (for the scorer)."""
    data: dict
    text: str
    label: str


def _goods_string(rng: random.Random, counts: dict) -> str:
    letters = [c for c, n in counts.items() for _ in range(n)]
    rng.shuffle(letters)
    text = "".join(letters)
    if not text:
        return rng.choice(["", "-"])
    return "".join(ch.lower() if rng.random() < 0.2 else ch for ch in text)


def _draw_player(rng: random.Random, left: dict, circuits_left: int, small: bool) -> tuple[dict, int, int]:
    """Goods counts per colour within ``left``, circuits within ``circuits_left``, and steam."""
    counts = {c: 0 for c in COLOURS}
    want = rng.choice([0, 1, 2, 3, 4, 5]) if small else rng.randint(0, 8)
    palette = rng.sample(COLOURS, rng.randint(1, 4))
    for _ in range(want):
        c = rng.choice(palette)
        if left[c] > counts[c]:
            counts[c] += 1
    circuits = rng.randint(0, min(circuits_left, 2 if small else 4))
    return counts, circuits, rng.randint(0, STEAM_MAX)


def _total(counts: dict, circuits: int) -> int:
    n = sum(counts.values())
    return PER_GOOD * n + COLOUR_BONUS[sum(1 for v in counts.values() if v)] + circuits


NAMES = ["Ala", "Bartek", "Celina", "Darek", "Ewa", "Łucja", "Żaneta", "Zoë"]


def render(players: list[dict], end: str, rng: random.Random, game_key: bool = True) -> str:
    """YAML text in the contract's layout (one flow mapping a player)."""
    out = []
    if game_key:
        out.append("game: days-of-steam")
    if end is not None:
        out.append(f"end: {end}")
    out.append("players:")
    for p in players:
        goods = p["goods"]
        goods_text = '""' if goods == "" else (f'"{goods}"' if goods == "-" or rng.random() < 0.3 else goods)
        out.append(f"  - {{name: {p['name']}, goods: {goods_text}, circuits: {p['circuits']}, steam: {p['steam']}}}")
    return "\n".join(out) + "\n"


def random_game(seed: int) -> Game:
    """A legal finished game (scorable), with seeded edge cases mixed in."""
    rng = random.Random(seed)
    mode = rng.choice(["plain", "plain", "ties", "ties", "instant", "full-tie", "late13", "odd-count"])
    n = rng.choice([1, 5]) if mode == "odd-count" else rng.choice([2, 3, 4])
    for _attempt in range(1000):
        left = {c: CUBES_PER_COLOUR for c in COLOURS}
        circuits_left = CIRCUIT_COUNTERS
        players = []
        for i in range(n):
            if mode in ("ties", "full-tie") and players and rng.random() < 0.6:
                # copy an earlier player's profile with other colours: same goods VP and bonus
                src = rng.choice(players)
                k = sum(1 for v in src["_counts"].values() if v)
                sizes = sorted((v for v in src["_counts"].values() if v), reverse=True)
                cols = rng.sample(COLOURS, k)
                counts = {c: 0 for c in COLOURS}
                for c, size in zip(cols, sizes):
                    counts[c] = size
                circuits = src["circuits"] if mode == "full-tie" or rng.random() < 0.5 else rng.randint(0, 2)
                steam = src["steam"] if mode == "full-tie" or rng.random() < 0.5 else rng.randint(0, STEAM_MAX)
            else:
                counts, circuits, steam = _draw_player(rng, left, circuits_left, small=mode not in ("instant", "late13"))
            if any(counts[c] > left[c] for c in COLOURS) or circuits > circuits_left:
                break
            for c in COLOURS:
                left[c] -= counts[c]
            circuits_left -= circuits
            players.append({"name": NAMES[i], "_counts": counts, "circuits": circuits, "steam": steam})
        if len(players) != n:
            continue
        totals = [_total(p["_counts"], p["circuits"]) for p in players]
        at13 = sum(1 for t in totals if t >= INSTANT_VP)
        if mode == "instant" and at13 != 1:
            continue
        if mode == "late13" and at13 == 0:
            continue  # end: tiles although someone holds 13 VP: scorable, but a violation
        if mode not in ("instant", "late13") and at13 != 0:
            continue
        break
    else:  # pragma: no cover - the generator always finds one quickly
        raise RuntimeError(f"seed {seed}: no game")
    end = "instant" if mode == "instant" else "tiles"
    for p in players:
        p["goods"] = _goods_string(rng, p.pop("_counts"))
    order = list(range(n))
    rng.shuffle(order)
    names = rng.sample(NAMES, n)
    players = [dict(players[j], name=names[i]) for i, j in enumerate(order)]
    text = render(players, end, rng, game_key=rng.random() < 0.7)
    data = {"end": end, "players": [dict(p) for p in players]}
    return Game(data, text, f"seed {seed} ({mode}, {n} players)")


# ----------------------------------------------------------------------------- the map

# Edges 0 N, 1 E, 2 S, 3 W; a quarter turn clockwise adds 1. Segments join two edges; a dead-end
# spur (the siding's) only puts track on its edge. Read from the docs' notation table.
KINDS = {
    "st": ([(0, 2)], []), "cu": ([(0, 1)], []), "sw": ([(2, 0), (2, 1)], []),
    "wy": ([(3, 1), (3, 2), (1, 2)], []), "br": ([(0, 2), (1, 3)], []),
    "dc": ([(0, 1), (2, 3)], []), "sd": ([(0, 2)], [1]),
}
# how many of each printed tile the set has (reference design; the dead ends are sidings)
SET_COUNTS = {"st": 12, "cu": 14, "sth": 4, "cuh": 2, "stw": 2, "cuw": 2, "sw": 10, "wy": 4,
              "br": 6, "dc": 8, "sd": 6, "sto": 2, "cuo": 2, "swo": 2, "dco": 4}
CITY_PER_COLOUR = 3
STEP = {0: (-1, 0), 1: (0, 1), 2: (1, 0), 3: (0, -1)}  # (row, col)
CITY_SEGMENTS = [(a, b) for a in range(4) for b in range(a + 1, 4)]  # every two edges: 6 segments


def tile(kind: str, rot: int) -> tuple[list, set]:
    """(segments, edges with track) of a track tile turned ``rot`` quarter turns clockwise."""
    segs, spurs = KINDS[kind]
    turned = [((a + rot) % 4, (b + rot) % 4) for a, b in segs]
    edges = {e for s in turned for e in s} | {(e + rot) % 4 for e in spurs}
    return turned, edges


class Board:
    """cell (row, col) -> ('city', colour) or ('track', kind, rot, flag)."""

    def __init__(self):
        self.cells: dict = {}

    def segments(self, cell) -> list:
        item = self.cells[cell]
        return CITY_SEGMENTS if item[0] == "city" else tile(item[1], item[2])[0]

    def edges(self, cell) -> set:
        item = self.cells[cell]
        return {0, 1, 2, 3} if item[0] == "city" else tile(item[1], item[2])[1]

    def is_city(self, cell) -> bool:
        return self.cells[cell][0] == "city"

    def moves(self, cell, entry):
        """Where a train entering ``cell`` over edge ``entry`` can go: (segment index, next cell, its entry)."""
        for i, (a, b) in enumerate(self.segments(cell)):
            if entry not in (a, b):
                continue
            out = b if entry == a else a
            dr, dc = STEP[out]
            nxt = (cell[0] + dr, cell[1] + dc)
            if nxt in self.cells and (out + 2) % 4 in self.edges(nxt):
                yield i, nxt, (out + 2) % 4

    def route_lengths(self) -> dict:
        """(cell, entry edge) -> fewest tiles run from a city to get there (the tile itself counted)."""
        best: dict = {}
        frontier = []
        for cell, item in self.cells.items():
            if item[0] != "city":
                continue
            for out in range(4):
                dr, dc = STEP[out]
                nxt = (cell[0] + dr, cell[1] + dc)
                if nxt in self.cells and not self.is_city(nxt) and (out + 2) % 4 in self.edges(nxt):
                    frontier.append((nxt, (out + 2) % 4))
        k = 1
        while frontier:
            new = []
            for state in frontier:
                if state in best:
                    continue
                best[state] = k
                cell, entry = state
                for _i, nxt, e in self.moves(cell, entry):
                    if not self.is_city(nxt):
                        new.append((nxt, e))
            frontier = new
            k += 1
        return best

    def text(self) -> str:
        rows = [r for r, _ in self.cells]
        cols = [c for _, c in self.cells]
        out = []
        for r in range(min(rows), max(rows) + 1):
            tokens = []
            for c in range(min(cols), max(cols) + 1):
                item = self.cells.get((r, c))
                if item is None:
                    tokens.append(".")
                elif item[0] == "city":
                    tokens.append(item[1])
                else:
                    tokens.append(f"{item[1]}{item[2]}{item[3]}")
            out.append(" ".join(f"{t:<4}" for t in tokens).rstrip())
        return "\n".join(out)


# The rulebook (tile list, "Odcinki torów"): a circuit may pass the same tile twice only if it is
# a bridge or a double curve, on different segments. Every other tile (cities, switches, wyes,
# plain track) is passed at most once per circuit.
TWICE = {"br", "dc"}


def circuits(board: Board, limit: int = 400) -> list | None:
    """Every circuit of the final map (a closed run that never reverses, uses no segment twice,
    passes a tile once (bridges and double curves: twice) and passes >= 2 cities), each once
    whatever its start and direction; None past ``limit``."""
    found: dict = {}
    cities = [c for c in board.cells if board.is_city(c)]

    def walk(start, first_out, cell, entry, used, seen_cities):
        if len(found) > limit:
            return
        if cell == start:
            closing = CITY_SEGMENTS.index(tuple(sorted((entry, first_out)))) if entry != first_out else None
            if closing is not None and (start, closing) not in used and len(seen_cities) >= 2:
                whole = used | {(start, closing)}
                found.setdefault(whole, whole)  # the same segments: the same circuit
            return  # the start city is passed once too: back there, the run ends
        for i, nxt, e in board.moves(cell, entry):
            if (cell, i) in used:
                continue
            twice_ok = not board.is_city(nxt) and board.cells[nxt][1] in TWICE
            if nxt != start and not twice_ok and any(c == nxt for c, _i in used):
                continue  # "ten sam żeton dwa razy" only on a bridge or a double curve
            walk(start, first_out, nxt, e, used | {(cell, i)},
                 seen_cities | ({nxt} if board.is_city(nxt) else set()))

    for start in cities:
        for out in range(4):
            dr, dc = STEP[out]
            nxt = (start[0] + dr, start[1] + dc)
            if nxt in board.cells and (out + 2) % 4 in board.edges(nxt):
                walk(start, out, nxt, (out + 2) % 4, frozenset(), {start} | ({nxt} if board.is_city(nxt) else set()))
    return None if len(found) > limit else list(found.values())


def independent_loops(board: Board, found: list) -> int:
    """edges - nodes + components of the track the circuits use. Nodes: tile-edge crossings and
    city centres; edges: a track segment (crossing to crossing), a city spoke (crossing to centre)."""
    def crossing(cell, e):
        dr, dc = STEP[e]
        other = (cell[0] + dr, cell[1] + dc)
        return frozenset([(cell, e), (other, (e + 2) % 4)])

    edges = set()
    for used in found:
        for cell, i in used:
            a, b = board.segments(cell)[i]
            if board.is_city(cell):
                edges |= {(("centre", cell), crossing(cell, a)), (("centre", cell), crossing(cell, b))}
            else:
                edges.add((cell, i, crossing(cell, a), crossing(cell, b)))
    parent: dict = {}

    def root(x):
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    n_edges = 0
    for edge in edges:
        u, v = (edge[0], edge[1]) if len(edge) == 2 else (edge[2], edge[3])
        n_edges += 1
        parent[root(u)] = root(v)
    nodes = list(parent)
    components = len({root(x) for x in nodes})
    return n_edges - len(nodes) + components


def allowed_counters(board: Board) -> tuple[int, int] | None:
    """(circuits found, counters the map allows) or None when the map is too dense to enumerate."""
    found = circuits(board)
    if found is None:
        return None
    return len(found), min(CIRCUIT_COUNTERS, len(found), independent_loops(board, found))


# small legal maps with loops to grow from (so that random maps hold circuits often)
SEEDS = [
    "cu1 st1 cu2\nR   .   G\ncu0 st1 cu3",                  # one loop through two cities
    "cu1 st1 cu2\nR   st1 G\ncu0 st1 cu3",                  # three routes: 3 circuits, 2 loops
    "R   cu2 .\ncu0 br0 cu2\n.   cu0 G",                    # a figure of eight over a bridge
    "cu1 st1 wy0 st1 cu2\nR   st1 G   st1 Y\ncu0 st1 wy2 st1 cu3",  # three cities, many loops
    "cu1 st1 wy0 st1 cu2\nR   st1 G   st1 Y\nwy3 st1 br0 st1 wy1\nB   st1 Y   st1 R\ncu0 st1 wy2 st1 cu3",
]                                                           # the last: 66 circuits, 11 loops: all 7


def random_board(rng: random.Random, tiles: int, box: int = 2, start: str | None = None) -> Board:
    """A map grown by legal play: matching edges, every track tile on a route of <= 5 tiles from a
    city, cities at least 2 tiles from the nearest city along a route; no overlay tiles.
    ``start``: a legal map to grow from (one of SEEDS); else a single city."""
    board = board_from_text(start) if start else Board()
    if not start:
        board.cells[(0, 0)] = ("city", rng.choice(COLOURS))
    used = Counter(item[1] + item[3] for item in board.cells.values() if item[0] == "track")
    cities = Counter(item[1] for item in board.cells.values() if item[0] == "city")
    rows = [r for r, _c in board.cells]
    cols = [c for _r, c in board.cells]
    stock = [(k[:2], k[2:]) for k in SET_COUNTS if not k.endswith("o")]  # overlays: see the test
    for _ in range(tiles * 6):
        if sum(1 for c in board.cells.values() if c[0] == "track") >= tiles:
            break
        spots = sorted({(r + dr, c + dc) for (r, c) in board.cells for dr, dc in STEP.values()}
                       - set(board.cells))
        spots = [(r, c) for r, c in spots
                 if min(rows) - box <= r <= max(rows) + box and min(cols) - box <= c <= max(cols) + box]
        if not spots:
            break
        if rng.random() < 0.7:  # prefer closing gaps: more loops
            beside = {spot: _placed_beside(board, spot) for spot in spots}
            most = max(beside.values())
            spots = [spot for spot in spots if beside[spot] == most]
        cell = rng.choice(spots)
        if rng.random() < 0.3:
            colour = rng.choice(COLOURS)
            beside = [(cell[0] + dr, cell[1] + dc) for dr, dc in STEP.values()]
            if (cities[colour] >= CITY_PER_COLOUR or not _fits(board, cell, {0, 1, 2, 3})
                    or any(b in board.cells and board.is_city(b) for b in beside)):
                continue
            lengths = board.route_lengths()
            into = [k for (c, e), k in lengths.items() for a, b in board.segments(c) if e in (a, b)
                    and (c[0] + STEP[b if e == a else a][0], c[1] + STEP[b if e == a else a][1]) == cell]
            if not into or min(into) < 2:
                continue
            board.cells[cell] = ("city", colour)
            cities[colour] += 1
            continue
        kind, flag = rng.choice(stock)
        if used[kind + flag] >= SET_COUNTS[kind + flag]:
            continue
        rot = rng.randrange(4)
        segs, edges = tile(kind, rot)
        if not _fits(board, cell, edges):
            continue
        board.cells[cell] = ("track", kind, rot, flag)
        lengths = board.route_lengths()
        if not any(lengths.get((cell, e), 99) <= 5 for s in segs for e in s):
            del board.cells[cell]
            continue
        used[kind + flag] += 1
    return board


def _placed_beside(board: Board, cell) -> int:
    return sum(1 for dr, dc in STEP.values() if (cell[0] + dr, cell[1] + dc) in board.cells)


def _fits(board: Board, cell, edges: set) -> bool:
    """A track edge never meets an edge without track (and some edge joins the map by track)."""
    joined = False
    for e, (dr, dc) in STEP.items():
        other = (cell[0] + dr, cell[1] + dc)
        if other not in board.cells:
            continue
        theirs = (e + 2) % 4 in board.edges(other)
        if theirs != (e in edges):
            return False
        joined = joined or theirs
    return joined


def map_problems(board: Board) -> list[str]:
    """What a final map shows that legal play cannot leave behind (no overlay tiles here):
    a track edge against an edge without track, two cities side by side, more tiles of a kind or cities of a colour than
    the set has, a track tile with no through segment on a route of at most 5 tiles from a city."""
    problems = []
    for (r, c), _item in board.cells.items():
        for e in (1, 2):  # each neighbouring pair once
            dr, dc = STEP[e]
            other = (r + dr, c + dc)
            if other in board.cells and (e in board.edges((r, c))) != ((e + 2) % 4 in board.edges(other)):
                problems.append(f"edge mismatch at {(r, c)}-{other}")
    kinds = Counter(item[1] + item[3] for item in board.cells.values() if item[0] == "track")
    problems += [f"{n} x {k}" for k, n in kinds.items() if n > SET_COUNTS[k]]
    for (r, c), item in board.cells.items():  # a city is placed >= 2 track tiles from any other
        for other in ((r, c + 1), (r + 1, c)):
            if item[0] == "city" and other in board.cells and board.is_city(other):
                problems.append(f"cities side by side at {(r, c)} and {other}")
    colours = Counter(item[1] for item in board.cells.values() if item[0] == "city")
    problems += [f"{n} {k} cities" for k, n in colours.items() if n > CITY_PER_COLOUR]
    lengths = board.route_lengths()
    for cell, item in board.cells.items():
        if item[0] == "track" and not any(lengths.get((cell, e), 99) <= 5 for s in board.segments(cell) for e in s):
            problems.append(f"{cell} is more than 5 tiles from a city")
    return problems


def goods_problems(board: Board, players: list[dict]) -> list[str]:
    """Delivered goods need a city of their colour on the map, and every city brings 2 goods at
    most (read leniently: the start city counted too, see the differential test's notes)."""
    colours = {item[1] for item in board.cells.values() if item[0] == "city"}
    letters = "".join(goods_letters(p.get("goods")) for p in players)
    problems = [f"goods {ch} but no such city" for ch in sorted(set(letters)) if ch not in colours]
    cities = sum(1 for item in board.cells.values() if item[0] == "city")
    if len(letters) > 2 * cities:
        problems.append(f"{len(letters)} goods from {cities} cities")
    return problems


def board_from_text(text: str) -> Board:
    board = Board()
    for r, line in enumerate(text.splitlines()):
        for c, token in enumerate(line.split()):
            if token == ".":
                continue
            if token in COLOURS:
                board.cells[(r, c)] = ("city", token)
            else:
                board.cells[(r, c)] = ("track", token[:2], int(token[2]), token[3:])
    return board
