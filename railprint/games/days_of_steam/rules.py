"""Days of Steam rules: tile geometry, the placement rule, circuits on a map, and scoring.

Readings of the rulebook (``docs/days-of-steam-scoring.md``):

- 2 VP per delivered good, 1 VP per circuit counter, a colour bonus by the number of different
  colours delivered (2: 1, 3: 3, 4: 5; not cumulative);
- ``end: instant``: exactly one player has 13 VP or more and wins; otherwise the highest total
  wins, ties go to more circuit points, then more steam; players still tied share the place;
- a circuit is a loop a train can run in one direction (never reversing outside a city) through
  at least two cities, using no track segment twice; it may cross a bridge or a double curve
  twice on its two independent segments; it passes each city once.

A map lets the scorer check what the players claim: the circuits counters cannot exceed what
the final map can have given (see :func:`circuit_bound`). Overlay tiles ("play on existing
track") may have changed the map after a circuit was taken, so with an overlay tile on the map
the bound is not checked.
"""

from __future__ import annotations

from typing import Iterable

from railprint.errors import Location, Problems
from railprint.records import Record, factory, replace
from railprint.report import Violation, rank

from .notation import (CITIES_PER_COLOUR, COLOURS, SET_COUNTS, TILES, GameFile, PlayerEntry, Square,
                       TileMap, tile_name)
from .words import words

GOOD_VP = 2
CIRCUIT_VP = 1
COLOUR_BONUS = {0: 0, 1: 0, 2: 1, 3: 3, 4: 5}
INSTANT_WIN = 13
GOODS_PER_COLOUR = 7
GOODS_TOTAL = 28
CIRCUIT_COUNTERS = 7
STEAM_MAX = 6
MAX_ROUTE_TILES = 5          # a new track tile lies at most 5 tiles from a city along a route
CITY_GOODS = 2               # goods drawn for every city tile placed
CIRCUIT_SEARCH_LIMIT = 200_000  # search steps before the circuit count is given as "at least"

SIDES = ("N", "E", "S", "W")
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
STEP = {"N": (-1, 0), "S": (1, 0), "E": (0, 1), "W": (0, -1)}
CITY_SEGMENTS = tuple((a, b) for i, a in enumerate(SIDES) for b in SIDES[i + 1:])


# ---- tile geometry ---------------------------------------------------------------------------
def rotate(segments: Iterable[tuple[str, str]], quarter_turns: int) -> tuple[tuple[str, str], ...]:
    """Segments turned ``quarter_turns`` × 90° clockwise (``end`` stays ``end``)."""
    def turn(port: str) -> str:
        return port if port not in SIDES else SIDES[(SIDES.index(port) + quarter_turns) % 4]
    return tuple((turn(a), turn(b)) for a, b in segments)


def through(segment: tuple[str, str]) -> bool:
    """A segment joining two tile edges (not a dead end)."""
    return "end" not in segment


def segments_of(square: Square) -> tuple[tuple[str, str], ...]:
    if square.is_city:
        return CITY_SEGMENTS
    return rotate(TILES[square.code][1], square.rotation)


def ports(segments: Iterable[tuple[str, str]]) -> set[str]:
    return {p for s in segments for p in s if p != "end"}


# ---- the board: squares -> segments ------------------------------------------------------------
class Board(Record):
    """Segments per occupied square, and which squares are cities."""

    tiles: dict[tuple[int, int], tuple[tuple[str, str], ...]]
    cities: frozenset[tuple[int, int]] = frozenset()

    @classmethod
    def from_map(cls, m: TileMap) -> "Board":
        return cls({(s.row, s.col): segments_of(s) for s in m.squares},
                   frozenset((s.row, s.col) for s in m.squares if s.is_city))

    def neighbour(self, pos: tuple[int, int], side: str) -> tuple[int, int]:
        dr, dc = STEP[side]
        return (pos[0] + dr, pos[1] + dc)

    def joined(self, pos: tuple[int, int], side: str) -> tuple[int, int] | None:
        """The square a train reaches leaving ``pos`` by ``side`` (track on both facing edges)."""
        other = self.neighbour(pos, side)
        if other in self.tiles and OPPOSITE[side] in ports(self.tiles[other]):
            return other
        return None

    def exits(self, pos: tuple[int, int], entry: str) -> list[tuple[int, tuple[str, str], str]]:
        """(segment index, segment, exit side) a train entering ``pos`` by ``entry`` can take."""
        found = []
        for i, (a, b) in enumerate(self.tiles[pos]):
            if entry == a and b != "end":
                found.append((i, (a, b), b))
            elif entry == b and a != "end":
                found.append((i, (a, b), a))
        return found


def edge_mismatches(board: Board) -> list[tuple[tuple[int, int], str]]:
    """(square, side) where a track edge meets a trackless edge of a placed tile (each pair once)."""
    bad = []
    for pos, segs in sorted(board.tiles.items()):
        mine = ports(segs)
        for side in ("E", "S"):
            other = board.neighbour(pos, side)
            if other not in board.tiles:
                continue
            theirs = ports(board.tiles[other])
            if (side in mine) != (OPPOSITE[side] in theirs):
                bad.append((pos, side))
    return bad


def route_to_city(board: Board, pos: tuple[int, int], segment: tuple[str, str],
                  limit: int = MAX_ROUTE_TILES, wild: frozenset[tuple[int, int]] = frozenset()) -> int | None:
    """Tiles along the shortest continuous route from ``segment`` of the tile at ``pos`` to a
    city (the tile itself counts 1; a hill counts as one tile), or None if no route of at most
    ``limit`` tiles exists. A train runs the segment either way and never reverses.

    ``wild``: squares whose tile may have been another one when the tile at ``pos`` was placed
    (overlay tiles cover a track tile): a route may cross them from any side to any other."""
    best: int | None = None
    for start_exit in segment:
        if start_exit == "end":
            continue
        frontier = [(pos, start_exit, 1)]
        seen = set()
        while frontier:
            here, side, tiles = frontier.pop(0)
            nxt = board.joined(here, side)
            if nxt is None:
                continue
            if nxt in board.cities:
                best = tiles if best is None else min(best, tiles)
                break
            if tiles + 1 > limit or (nxt, side) in seen:
                continue
            seen.add((nxt, side))
            entry = OPPOSITE[side]
            outs = [s for s in SIDES if s != entry] if nxt in wild else \
                [out for _, _, out in board.exits(nxt, entry)]
            for out in outs:
                frontier.append((nxt, out, tiles + 1))
    return best


def placement_problems(board: Board, pos: tuple[int, int], segments: tuple[tuple[str, str], ...]) -> list[str]:
    """Why a track tile with ``segments`` may not go on the empty square ``pos`` of ``board``
    (empty list: legal). The rules: no track edge against a trackless edge; at least one
    segment that is not a dead end lies on a continuous route to a city, at most 5 tiles away."""
    problems = []
    if pos in board.tiles:
        return ["the square is taken"]
    mine = ports(segments)
    for side in SIDES:
        other = board.neighbour(pos, side)
        if other in board.tiles and (side in mine) != (OPPOSITE[side] in ports(board.tiles[other])):
            problems.append(f"the {side} edge does not match its neighbour")
    trial = Board({**board.tiles, pos: segments}, board.cities)
    if not any(through(s) and route_to_city(trial, pos, s) is not None for s in segments):
        problems.append("no segment (other than a dead end) continues a route to a city")
    return problems


def placeable(segments: tuple[tuple[str, str], ...]) -> bool:
    """Can a tile with these segments ever be placed? Tried beside a lone city tile, in each of
    the four rotations (the easiest spot there is: every edge of a city carries track)."""
    city = Board({(0, 0): CITY_SEGMENTS}, frozenset({(0, 0)}))
    return any(not placement_problems(city, (0, 1), rotate(segments, q)) for q in range(4))


# ---- circuits ----------------------------------------------------------------------------------
Piece = tuple[tuple[int, int], str, str]   # (square, port, port) with the ports sorted


class Circuit(Record):
    pieces: tuple[Piece, ...]               # in running order
    cities: tuple[tuple[int, int], ...]     # in running order

    def key(self) -> frozenset:
        return frozenset((pos, *sorted((a, b))) for pos, a, b in self.pieces)


class CircuitSearch(Record, frozen=False):
    circuits: list[Circuit] = factory(list)
    complete: bool = True


def find_circuits(board: Board, limit: int = CIRCUIT_SEARCH_LIMIT, enough: int | None = None) -> CircuitSearch:
    """Every distinct circuit of ``board``: loops through ≥ 2 cities that a train runs in one
    direction without reversing, using no segment twice (a bridge or a double curve may be
    crossed twice on its two independent segments; a city is passed once). ``complete`` is
    False when the search stopped after ``limit`` steps, or once ``enough`` circuits holding
    ``enough`` independent loops were found (all a check up to ``enough`` counters needs).
    Short circuits come first: the search is repeated with a growing length cap (iterative
    deepening), so a dense map yields its small loops before the step limit strikes."""
    result = CircuitSearch()
    seen: set[frozenset] = set()
    steps = 0
    cities = sorted(board.cities)

    def search(cap: int) -> str:
        """One pass over circuits of at most ``cap`` pieces: 'done', 'capped', 'limit' or 'enough'."""
        nonlocal steps
        capped = False
        for index, start in enumerate(cities):
            allowed_cities = set(cities[index:])   # circuits through an earlier city were found already
            for first in SIDES:
                if board.joined(start, first) is None:
                    continue
                # leave the start city by ``first``; come back into it by another side
                stack = [(start, first, [(start, "hub", first)], {start: set()}, [start])]
                while stack:
                    steps += 1
                    if steps > limit:
                        return "limit"
                    here, side, pieces, used, cities_on = stack.pop()
                    nxt = board.joined(here, side)
                    if nxt is None:
                        continue
                    entry = OPPOSITE[side]
                    if nxt == start:
                        if entry != first and len(cities_on) >= 2:
                            closed = pieces[:]
                            closed[0] = (start, *sorted((entry, first)))
                            circuit = Circuit(tuple(closed), tuple(cities_on))
                            if circuit.key() not in seen:
                                seen.add(circuit.key())
                                result.circuits.append(circuit)
                                if (enough is not None and len(result.circuits) >= enough
                                        and cycle_rank(board, result.circuits) >= enough):
                                    return "enough"
                        continue
                    if len(pieces) >= cap:
                        capped = True
                        continue
                    if nxt in board.cities:
                        if nxt in used or nxt not in allowed_cities:
                            continue
                        for out in SIDES:
                            if out != entry and board.joined(nxt, out) is not None:
                                stack.append((nxt, out, pieces + [(nxt, *sorted((entry, out)))],
                                              {**used, nxt: {entry, out}}, cities_on + [nxt]))
                        continue
                    taken = used.get(nxt, set())
                    for _, (a, b), out in board.exits(nxt, entry):
                        if {a, b} & taken:
                            continue     # same segment, or one sharing a port (a switch's junction)
                        stack.append((nxt, out, pieces + [(nxt, *sorted((a, b)))],
                                      {**used, nxt: taken | {a, b}}, cities_on))
        return "capped" if capped else "done"

    cap = 8
    while True:
        status = search(cap)
        if status != "capped":
            break
        cap *= 2
    result.complete = status == "done"
    result.circuits.sort(key=lambda c: (len(c.pieces), sorted(c.key())))
    return result


def cycle_rank(board: Board, circuits: Iterable[Circuit]) -> int:
    """Independent loops (edges − nodes + components) of the track the circuits use. Every turn
    that gives a circuit counter closes at least one new loop, so the counters taken can never
    exceed this (when no tile was covered)."""
    def joint(pos, side):
        return min((pos, side), (board.neighbour(pos, side), OPPOSITE[side]))

    edges: set = set()
    for c in circuits:
        for pos, a, b in c.pieces:
            if pos in board.cities:   # a city joins its sides through its centre
                edges.add((joint(pos, a), ("hub", pos)))
                edges.add((joint(pos, b), ("hub", pos)))
            else:
                edges.add((joint(pos, a), joint(pos, b)))
    parent: dict = {}

    def find(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    loops = 0
    for u, v in sorted(edges, key=repr):
        ru, rv = find(u), find(v)
        if ru == rv:
            loops += 1
        else:
            parent[ru] = rv
    return loops


# ---- scoring -----------------------------------------------------------------------------------
class PlayerScore(Record):
    entry: PlayerEntry
    delivered: dict[str, int]
    goods: int
    colours: int
    colour_bonus: int
    circuits: int
    steam: int
    total: int
    rank: int = 0

    @property
    def name(self) -> str:
        return self.entry.name


class MapCheck(Record):
    circuits: tuple[Circuit, ...]
    complete: bool
    allowed: int | None          # None: not checked (overlay tiles on the map)
    overlay_tiles: int
    tiles: int
    cities: int


class GameScore(Record):
    game: GameFile
    end: str
    players: tuple[PlayerScore, ...]
    winners: tuple[str, ...]
    violations: tuple[Violation, ...]
    map_check: MapCheck | None


def colour_bonus(colours: int) -> int:
    return COLOUR_BONUS[min(colours, 4)]


def score_player(entry: PlayerEntry) -> PlayerScore:
    delivered = {c: entry.goods.count(c) for c in COLOURS}
    colours = sum(1 for n in delivered.values() if n)
    goods = GOOD_VP * len(entry.goods)
    bonus = colour_bonus(colours)
    circuits = CIRCUIT_VP * entry.circuits
    return PlayerScore(entry, delivered, goods, colours, bonus, circuits, entry.steam,
                       goods + bonus + circuits)


_GOODS_PL = {"red": "czerwone", "green": "zielone", "yellow": "żółte", "blue": "niebieskie"}


def unscorable(game: GameFile) -> None:
    """Counts no finished game can have: every problem at once, as a located ContentError."""
    problems = Problems()
    count_problems(game, problems)
    problems.raise_if_any(game.file, sort=True)


def count_problems(game: GameFile, problems: Problems) -> None:
    """Add every count no finished game can have to ``problems`` (also called by the parser, so
    that a file's unreadable values and impossible counts are reported together)."""
    top = Location(game.file, 1, 1)
    for colour in COLOURS:
        n = sum(p.goods.count(colour) for p in game.players)
        if n > GOODS_PER_COLOUR:
            holders = ", ".join(f"{p.name} {p.goods.count(colour)}" for p in game.players if colour in p.goods)
            problems.add(f"{n} {colour} goods delivered in all; the game has {GOODS_PER_COLOUR}",
                         next(p.goods_where for p in game.players if colour in p.goods), hint=holders,
                         pl=f"{_GOODS_PL[colour]} towary: dostarczono {n}, a gra ma {GOODS_PER_COLOUR} ({holders})")
    total = sum(len(p.goods) for p in game.players)
    if total > GOODS_TOTAL:
        problems.add(f"{total} goods delivered in all; the game has {GOODS_TOTAL}", top,
                     pl=f"dostarczono {total} towarów, a gra ma {GOODS_TOTAL}")
    circuits = sum(p.circuits for p in game.players)
    for p in game.players:
        if p.circuits < 0 or p.circuits > CIRCUIT_COUNTERS:
            problems.add(f"{p.name}: {p.circuits} circuit counters; a player can hold 0–{CIRCUIT_COUNTERS}",
                         p.circuits_where)
        if p.steam < 0 or p.steam > STEAM_MAX:
            problems.add(f"{p.name}: steam {p.steam} is outside 0–{STEAM_MAX}", p.steam_where)
    if circuits > CIRCUIT_COUNTERS and all(0 <= p.circuits <= CIRCUIT_COUNTERS for p in game.players):
        held = ", ".join(f"{p.name} {p.circuits}" for p in game.players if p.circuits)
        problems.add(f"{circuits} circuit counters held in all; the game has {CIRCUIT_COUNTERS}",
                     next(p.circuits_where for p in game.players if p.circuits), hint=held,
                     pl=f"liczniki objazdów: gracze mają {circuits}, a gra ma {CIRCUIT_COUNTERS} ({held})")
    if game.end == "instant" and game.end_given and not problems.items:
        at13 = [p for p in game.players if score_player(p).total >= INSTANT_WIN]
        if len(at13) != 1:
            who = ", ".join(f"{p.name} {score_player(p).total}" for p in at13) or "nobody"
            kto = (f"mają je: {', '.join(f'{p.name} {score_player(p).total}' for p in at13)}" if at13
                   else "nikt ich jeszcze nie ma")   # (Polish: for the page, without the file's words)
            problems.add(f"end: instant needs exactly one player with {INSTANT_WIN} VP or more, found {who}",
                         game.end_where, hint="end: tiles if the game ended when the last track tile was drawn",
                         said=f"the end “a player reached {INSTANT_WIN} VP” needs exactly one player with "
                              f"{INSTANT_WIN} VP or more, and "
                              f"{'nobody has them yet' if not at13 else who + ' have them'} (if the game ended "
                              f"when the last track tile was drawn, choose that)",
                         pl=f"koniec „gracz zdobył {INSTANT_WIN} PZ” wymaga dokładnie jednego gracza z {INSTANT_WIN} "
                            f"PZ lub więcej, a {kto} (jeśli grę zakończyło dobranie ostatniego żetonu toru, "
                            f"wybierz to)")


def check_map(game: GameFile, board: Board) -> tuple[MapCheck, list[Violation]]:
    m = game.map
    assert m is not None
    violations: list[Violation] = []
    at = m.at()
    for pos, side in edge_mismatches(board):
        a, b = at[pos], at[board.neighbour(pos, side)]
        violations.append(Violation(f"{a.label} {tile_name(a)} and {b.label} {tile_name(b)}: a track edge "
                                    f"meets an edge without track", str(a.where),
                                    f"{a.label} {tile_name(a, 'pl')} i {b.label} {tile_name(b, 'pl')}: krawędź "
                                    f"z torem styka się z krawędzią bez toru"))
    counts: dict[tuple[str, str], list[Square]] = {}
    for s in m.squares:
        key = ("city", s.colour) if s.is_city else (s.code, s.flag)
        counts.setdefault(key, []).append(s)
    for (code, flag), squares in sorted(counts.items()):
        have = CITIES_PER_COLOUR if code == "city" else SET_COUNTS[(code, flag)]
        if len(squares) > have:
            violations.append(Violation(f"the map shows {len(squares)} × {tile_name(squares[0])}; "
                                        f"the set has {have}", str(squares[have].where),
                                        f"na mapie jest {len(squares)} × {tile_name(squares[0], 'pl')}; "
                                        f"w grze jest {have}"))
    city_squares = [s for s in m.squares if s.is_city]
    colours_on_map = {s.colour for s in city_squares}
    for p in game.players:
        for colour in COLOURS:
            if colour in p.goods and colour not in colours_on_map:
                violations.append(Violation(f"{p.name} delivered {colour} goods but the map has no {colour} "
                                            f"city", str(p.goods_where),
                                            f"{p.name} dostarcza towary ({words('pl')['colour_names'][colour]}), "
                                            f"ale na mapie nie ma miasta tego koloru"))
    delivered = sum(len(p.goods) for p in game.players)
    if delivered > CITY_GOODS * len(city_squares):
        violations.append(Violation(f"{delivered} goods delivered, but the {len(city_squares)} cities on the map "
                                    f"brought at most {CITY_GOODS * len(city_squares)}", str(m.where),
                                    f"dostarczono {delivered} towarów, a miasta na mapie ({len(city_squares)}) "
                                    f"dały najwyżej {CITY_GOODS * len(city_squares)}"))
    if len(city_squares) == 0:
        violations.append(Violation("the map has no city (the game starts from one)", str(m.where),
                                    "na mapie nie ma miasta (gra zaczyna się od jednego)"))
    # a city is placed at least 2 track segments from the nearest city; a track tile laid later may
    # join two cities one tile apart (rulebook fig. 3), so only cities side by side prove a breach
    for pos, s in sorted(at.items()):
        for side in ("E", "S"):
            other = at.get(board.neighbour(pos, side))
            if s.is_city and other is not None and other.is_city:
                violations.append(Violation(f"{s.label} {tile_name(s)} and {other.label} {tile_name(other)}: "
                                            f"cities side by side (a city is placed at least 2 track segments "
                                            f"from the nearest city)", str(other.where),
                                            f"{s.label} {tile_name(s, 'pl')} i {other.label} {tile_name(other, 'pl')}: "
                                            f"miasta obok siebie (miasto kładzie się co najmniej 2 odcinki toru "
                                            f"od najbliższego miasta)"))
    # an overlay tile covers a track tile that may have carried the route a tile was placed on
    # (the rulebook: "play on existing track"), so a route may cross an overlay square any way
    overlaid = frozenset(pos for pos, s in at.items() if s.flag == "o")
    for pos, s in sorted(at.items()):
        if s.is_city or s.flag == "o":
            continue
        segs = board.tiles[pos]
        if not any(through(seg) and route_to_city(board, pos, seg, wild=overlaid) is not None for seg in segs):
            violations.append(Violation(f"{s.label} {tile_name(s)}: no segment is on a route of at most "
                                        f"{MAX_ROUTE_TILES} tiles to a city, so it could not have been placed",
                                        str(s.where),
                                        f"{s.label} {tile_name(s, 'pl')}: żaden odcinek nie leży na trasie "
                                        f"najwyżej {MAX_ROUTE_TILES} żetonów od miasta, więc nie mógł zostać położony"))
    search = find_circuits(board, enough=CIRCUIT_COUNTERS)
    overlays = sum(1 for s in m.squares if s.flag == "o")
    allowed: int | None = None
    if overlays == 0:
        # both bounds hold only for the complete list; a partial one proves at most "7 or more"
        bound = min(len(search.circuits), cycle_rank(board, search.circuits))
        if search.complete:
            allowed = min(CIRCUIT_COUNTERS, bound)
        elif bound >= CIRCUIT_COUNTERS:
            allowed = CIRCUIT_COUNTERS
        claimed = sum(p.circuits for p in game.players)
        if allowed is not None and claimed > allowed:
            found = len(search.circuits)
            what = (f"{found} circuit{'s' if found != 1 else ''} on the map"
                    + (f" (built with at most {allowed} turns that closed a new loop)" if found > allowed else ""))
            what_pl = (f"objazdy na mapie: {found}"
                       + (f" (zbudowane w najwyżej {allowed} turach, które zamknęły nową pętlę)" if found > allowed else ""))
            violations.append(Violation(f"{claimed} circuit counters claimed, but the map allows at most "
                                        f"{allowed}: {what}", str(m.where),
                                        f"zgłoszone liczniki objazdów: {claimed}, a mapa pozwala najwyżej na "
                                        f"{allowed}: {what_pl}"))
    check = MapCheck(tuple(search.circuits), search.complete, allowed, overlays,
                     sum(1 for s in m.squares if not s.is_city), len(city_squares))
    return check, violations


def score_game(game: GameFile) -> GameScore:
    """Validate the counts (errors), score every player, rank them, and check the map (violations)."""
    unscorable(game)
    scored = [score_player(p) for p in game.players]
    violations: list[Violation] = []
    at13 = [s for s in scored if s.total >= INSTANT_WIN]
    end = game.end
    if not game.end_given and len(at13) == 1:
        end = "instant"
    if end == "tiles":
        for s in at13:
            # in players' words (the page's choice, the file's `end:` alike), not the file's key
            violations.append(Violation(f"{s.name} has {s.total} VP: reaching {INSTANT_WIN} ends the game at once, "
                                        f"so it ended when a player reached {INSTANT_WIN} VP, not when the last "
                                        f"track tile was drawn", str(s.entry.where),
                                        f"{s.name} ma {s.total} PZ: kto osiągnie {INSTANT_WIN}, od razu kończy grę, "
                                        f"więc skończyła się, gdy gracz zdobył {INSTANT_WIN} PZ, a nie po dobraniu "
                                        f"ostatniego żetonu toru"))
    if not 2 <= len(game.players) <= 4:
        violations.append(Violation(f"Days of Steam is for 2 to 4 players, the file has {len(game.players)}",
                                    str(game.players[0].where) if game.players else game.file,
                                    f"Dni Pary są dla 2–4 graczy, a plik ma ich {len(game.players)}"))
    ranks = rank([(s.total, s.circuits, s.steam) for s in scored])
    if end == "instant" and len(at13) == 1:
        winner = at13[0]
        others = [s for s in scored if s is not winner]
        sub = rank([(s.total, s.circuits, s.steam) for s in others])
        rank_of = {id(s): r + 1 for s, r in zip(others, sub)}
        rank_of[id(winner)] = 1
        ranks = [rank_of[id(s)] for s in scored]
    players = tuple(replace(s, rank=r) for s, r in zip(scored, ranks))
    winners = tuple(p.name for p in players if p.rank == 1)
    map_check = None
    if game.map is not None:
        map_check, found = check_map(game, Board.from_map(game.map))
        violations += found
    return GameScore(game, end, players, winners, tuple(violations), map_check)
