"""Jedzie pociąg z daleka: stations, the station tables and the scoring rules.

Scoring follows the Polish rulebook (shared/seeds/003): station spaces by arrival round, the
table for the player count, tie-break by station order; the route variant scores 1 point per
tile entered. The frame geometry is in :mod:`.frame`, the replay in :mod:`.replay`.
"""

from __future__ import annotations

from typing import Mapping

from railprint.errors import Location, Problems
from railprint.records import Record
from railprint.report import rank
from railprint.words import counted

from .frame import LOCOMOTIVES, MAX_TILES, STATIONS, square_name
from .notation import GameRecord, Placement
from .replay import Frame


# Points per space (space 1 first) for each player count, stations 1-7 in board order.
# 3 players: the rulebook's board. 2 and 4 players: OUR DESIGN (docs/allers-trains-scoring.md):
# 4 players take the 3-player spaces 1, 2 and 3 as spaces 1, 2 and 4, space 3 is the mean of the
# 3-player spaces 2 and 3 (rounded down); 2 players take the 3-player space 1 less one point
# (Różawy keeps the 10 the rulebook's solo example gives) and the rounded-down mean of the
# 3-player spaces 2 and 3; the last station pays 9 on every space. Solo: the higher of the two
# 2-player values (the rulebook's variant-2 solo rule).
TABLE_3 = ((18, 12, 1), (15, 10, 3), (12, 9, 5), (11, 8, 6), (10, 8, 7), (9, 8, 7), (9, 9, 9))
TABLE_4 = tuple((a, b, (b + c) // 2, c) for a, b, c in TABLE_3)
TABLE_2 = tuple((a - 1, (b + c) // 2) for a, b, c in TABLE_3[:-1]) + ((9, 9),)
TABLES: Mapping[int, tuple[tuple[int, ...], ...]] = {
    1: tuple((max(row),) for row in TABLE_2), 2: TABLE_2, 3: TABLE_3, 4: TABLE_4,
}
OUR_TABLES = (2, 4)  # player counts whose table is our design, not the publisher's
SOLO_TARGETS = ((20, "beginner"), (30, "medium"), (40, "good"), (50, "very_good"), (60, "advanced"))
ROUTE_TRACK = 40  # the score track runs 1-40; past 40 the marker turns to its "40+" side


def spaces_of(arrivals: list[tuple[str, int]]) -> dict[str, int]:
    """player -> space on one station's track from (player, round) arrivals: the earliest round
    takes space 1, a later round takes 1 + the number of earlier arrivals."""
    out: dict[str, int] = {}
    for player, rnd in arrivals:
        out[player] = 1 + sum(1 for _, r in arrivals if r < rnd)
    return out


def points(players: int, number: int, space: int) -> int | None:
    """Points of ``space`` at station ``number`` for ``players`` players (None: no such space)."""
    row = TABLES[players][number - 1]
    return row[space - 1] if 1 <= space <= len(row) else None


def solo_level(route_points: int) -> tuple[int, str] | None:
    """The highest solo target reached (variant 1), or None below 20."""
    reached = [t for t in SOLO_TARGETS if route_points >= t[0]]
    return reached[-1] if reached else None


def route_reading(total: int) -> str:
    """How the score track shows ``total``: ``39``, ``40+9``."""
    return f"40+{total - ROUTE_TRACK}" if total > ROUTE_TRACK else str(total)


# ---- scoring a game -------------------------------------------------------------------------
class PlayerScore(Record, frozen=False):
    name: str
    arrivals: list[tuple[int, int]]            # (station, round), in station order
    spaces: dict[int, int]                     # station -> space on its track
    stations: dict[int, int]                   # station -> points
    route_points: int
    total: int = 0
    rank: int = 0
    frame: Frame | None = None                 # the replayed frame (frames way in)

    @property
    def station_points(self) -> int:
        return sum(self.stations.values())


class Violation(Record):
    """A rule a player's game breaks although it can be scored; ``pl``: the message in Polish."""

    player: str
    message: str
    where: str = ""
    pl: str = ""

    def message_in(self, lang: str = "en") -> str:
        return self.pl if lang == "pl" and self.pl else self.message

    def text(self, lang: str = "en") -> str:
        said = f"{self.player}: {self.message_in(lang)}" if self.player else self.message_in(lang)
        return f"{self.where}: {said}" if self.where else said

    def __str__(self) -> str:
        return self.text()


class GameScore(Record, frozen=False):
    record: GameRecord
    players: list[PlayerScore]
    spaces: dict[int, dict[str, int]]          # station -> player -> space
    violations: list[Violation]

    @property
    def mode(self) -> str:
        return self.record.mode

    @property
    def winners(self) -> list[str]:
        return [p.name for p in self.players if p.rank == 1]


def replay_frame(player: str, placements: tuple[Placement, ...], problems: Problems) -> Frame:
    """Replay one player's placements in round order; every illegal placement is a problem."""
    frame = Frame()
    by_round = sorted(placements, key=lambda p: p.round)
    seen_rounds: dict[int, Placement] = {}
    used: dict[str, Placement] = {}
    out_after: int | None = None
    for expected, p in enumerate(by_round, start=1):
        what = f"{player}, round {p.round}, {square_name(p.cell)} {p.tile} {p.rotation}"
        co = f"{player}, runda {p.round}, {square_name(p.cell)} {p.tile} {p.rotation}"   # (Polish, for the page)
        if p.round in seen_rounds:
            problems.add(f"{what}: a second tile in round {p.round} (one tile per round; first at line "
                         f"{seen_rounds[p.round].where.line})", p.where,
                         pl=f"{co}: drugi kafel w rundzie {p.round} (jeden kafel na rundę)")
            continue
        seen_rounds[p.round] = p
        if p.round != expected:
            problems.add(f"{what}: no tile in round {expected}; each round places one tile, "
                         f"so rounds run 1, 2, 3 …", p.where,
                         pl=f"{co}: brak kafla w rundzie {expected}; w każdej rundzie kładzie się jeden kafel")
        if p.tile in used:
            problems.add(f"{what}: tile {p.tile} is already placed (line {used[p.tile].where.line}); "
                         f"each player's set has it once", p.where,
                         pl=f"{co}: kafel {p.tile} już leży; każdy gracz ma go tylko raz")
            continue
        used[p.tile] = p
        if p.cell in frame.tiles:
            problems.add(f"{what}: square {square_name(p.cell)} already holds a tile", p.where,
                         pl=f"{co}: na polu {square_name(p.cell)} już leży kafel")
            continue
        if out_after is not None:
            problems.add(f"{what}: no locomotive was left after round {out_after}, so this "
                         f"player's game had ended", p.where,
                         pl=f"{co}: po rundzie {out_after} nie została żadna lokomotywa, więc gra tego "
                            f"gracza już się skończyła")
        elif not frame.touches(p.cell):
            problems.add(f"{what}: the tile touches neither the depot nor a placed tile", p.where,
                         "a tile must share an edge with the depot (A1) or a placed tile",
                         pl=f"{co}: kafel nie styka się ani z zajezdnią, ani z położonym kaflem (musi "
                            f"mieć wspólny bok z zajezdnią A1 albo z położonym kaflem)")
        elif not frame.facing(p.cell):
            problems.add(f"{what}: the tile moves no locomotive", p.where,
                         "a tile must extend the track of a waiting locomotive",
                         pl=f"{co}: kafel nie porusza żadnej lokomotywy (musi przedłużać tor czekającej "
                            f"lokomotywy)")
        frame.place(p.cell, p.tile, p.rotation, p.round)
        if out_after is None and not frame.active():
            out_after = p.round
    return frame


def score_game(record: GameRecord) -> GameScore:
    """Score a read game file. Problems that make it unscorable raise one ContentError."""
    problems = Problems()
    problems.items += record.problems
    n = len(record.players)
    violations = [Violation("", message, str(where), pl) for message, where, pl in record.ignored]
    arrivals: dict[str, list[tuple[int, int, Location | None]]] = {p: [] for p in record.players}
    route: dict[str, int] = dict(record.route or {})
    replays: dict[str, Frame] = {}
    if record.frames is not None:
        for player in record.players:
            frame = replay_frame(player, record.frames.get(player, ()), problems)
            replays[player] = frame
            for lo in frame.locos:
                if lo.state == "arrived":
                    arrivals[player].append((lo.station, lo.round, None))
            route[player] = sum(lo.entries for lo in frame.locos)
            if frame.active() and len(frame.tiles) < MAX_TILES:
                waiting = len(frame.active())
                violations.append(Violation(player, f"the game is not over: {waiting} "
                                            f"locomotive(s) still wait and the frame has "
                                            f"{len(frame.tiles)} of {MAX_TILES} tiles", record.file,
                                            f"gra się nie skończyła: "
                                            f"{counted(waiting, ('lokomotywa czeka', 'lokomotywy czekają', 'lokomotyw czeka'), 'pl')}, "
                                            f"a w ramce jest {len(frame.tiles)} z {MAX_TILES} kafelków"))
    else:
        for a in record.arrivals:
            arrivals[a.player].append((a.station, a.round, a.where))
    for player, got in arrivals.items():
        seen: dict[int, Location | None] = {}
        for number, _, where in got:
            if number in seen:
                first = seen[number]
                problems.add(f"{player} reaches {STATIONS[number - 1].name} twice"
                             + (f" (first at line {first.line})" if first else "")
                             + "; each locomotive of a player must reach a different station", where)
            seen[number] = where
        lost = [a for a in record.lost if a.player == player]
        if len(got) + len(lost) > len(LOCOMOTIVES):
            problems.add(f"{player} has {len(got)} arrival(s) and {len(lost)} lost locomotive(s); "
                         f"a player has {len(LOCOMOTIVES)} locomotives",
                         (lost[-1].where if lost else got[-1][2]) or Location(record.file))
    problems.raise_if_any(record.file, sort=True)

    scoring_stations = record.mode != "route"
    spaces: dict[int, dict[str, int]] = {}
    if scoring_stations:
        for s in STATIONS:
            here = [(p, r) for p, got in arrivals.items() for number, r, _ in got if number == s.number]
            if here:
                spaces[s.number] = spaces_of(here)  # at most one arrival per player: within the table
    players = []
    for name in record.players:
        own = sorted((number, r) for number, r, _ in arrivals[name])
        sp = {number: spaces[number][name] for number, _ in own} if scoring_stations else {}
        pts = {number: points(n, number, space) for number, space in sp.items()}
        ps = PlayerScore(name, own, sp, pts, route.get(name, 0) if record.mode != "stations" else 0)
        ps.frame = replays.get(name)
        ps.total = ps.station_points + ps.route_points
        players.append(ps)
    if record.mode == "route":
        keys = [(p.total,) for p in players]  # variant 1: ties share the win
    else:
        keys = [(p.total, *(p.stations.get(s.number, 0) for s in STATIONS)) for p in players]
    for p, r in zip(players, rank(keys)):
        p.rank = r
    return GameScore(record, players, spaces, violations)
