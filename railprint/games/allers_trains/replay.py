"""Replay one player's frame round by round, by the rulebook's movement rules, on our frame.

Each round the player places one tile; then every locomotive whose track the tile extends
runs as far as the track goes (:func:`place`). A run ends
- at the open end of the track (the next square is empty): the locomotive waits there;
- at a station: it arrives and stays, unless the station already holds one of the player's
  locomotives, which removes the arriving one (two arriving in one move: the shorter run
  arrives, the other is removed);
- head-on against another locomotive moved by the same tile: a collision removes both. The
  rulebook moves (and counts) a player's locomotives one at a time: the first runs all the way
  to the other, still waiting, and they collide there; the tiles between them are entered once
  (the order changes who entered them, never the player's route points). We move them in the
  order blue, violet, black, red;
- in the depot: it stops in the depot (entering it scores 1 route point). With our frame this
  never happens: a track into the depot joins two start spaces, and the two locomotives on it
  always meet head-on first (docs/allers-trains-scoring.md, "The depot").
A U-turn fragment on the frame turns a locomotive back into the square it came from; entering a
tile again scores again. Everything here is deterministic: same placements, same result.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from railprint.records import Record, factory

from .frame import ACROSS, COLS, DEPOT, DEPOT_PORTS, LOCOMOTIVES, OUTER, ROTATIONS, ROWS, TILES, pairing, square_name

if TYPE_CHECKING:  # only random_game's callers bring a generator: scoring loads no random
    import random

Cell = tuple[int, int]
Port = tuple[Cell, str]  # a port of a square: where a waiting locomotive faces the next square


class Loco(Record, frozen=False):
    colour: str
    at: Port                      # the port it waits at (faces the next square)
    state: str = "waiting"        # waiting | arrived | collided | removed | depot
    station: int | None = None    # where it arrived (or was removed at a station)
    round: int | None = None      # the round it arrived / left the game
    entries: int = 0              # tiles entered (route points)
    path: list[Port] = factory(list)  # the port where it entered each tile, in order


class Move(Record):
    """What one locomotive did in one round."""

    colour: str
    entered: tuple[Cell, ...]     # tiles entered in order (a tile may repeat)
    end: str                      # waiting | arrived | collided | removed | depot
    station: int | None = None


def inside(cell: Cell) -> bool:
    return 0 <= cell[0] < COLS and 0 <= cell[1] < ROWS


def neighbours(cell: Cell) -> list[Cell]:
    x, y = cell
    return [c for c in ((x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y)) if inside(c)]


class Frame:
    """One player's frame during the game."""

    def __init__(self) -> None:
        self.tiles: dict[Cell, dict[str, str]] = {}
        self.locos = [Loco(c, (DEPOT, port))
                      for c in LOCOMOTIVES for port, colour in DEPOT_PORTS.items() if colour == c]
        self.occupied: dict[int, str] = {}   # station -> colour standing there

    def active(self) -> list[Loco]:
        return [lo for lo in self.locos if lo.state == "waiting"]

    def touches(self, cell: Cell) -> bool:
        return any(n == DEPOT or n in self.tiles for n in neighbours(cell))

    def facing(self, cell: Cell) -> list[Loco]:
        """The waiting locomotives a tile on ``cell`` would move."""
        return [lo for lo in self.active() if across(lo.at)[0] == cell]

    def _run(self, loco: Loco, movers: dict[Port, Loco]):
        """Follow the track from ``loco``: (entered ports, end, detail)."""
        ports: list[Port] = []
        cur = loco.at
        for _ in range(4 * 8 * COLS * ROWS):  # a track is a simple path: far fewer steps
            nxt = across(cur)
            cell, port = nxt
            if not inside(cell):
                number = OUTER[(cur[0], cur[1][0])]
                if number is not None:
                    return ports, "station", number
                cell, port = cur[0], cur[1][0] + ("1" if cur[1][1] == "0" else "0")  # U-turn
                nxt = (cell, port)
            other = movers.get(nxt)
            if other is not None and other is not loco:
                return ports, "meet", other
            if cell == DEPOT:
                return ports, "depot", None
            tile = self.tiles.get(cell)
            if tile is None:
                return ports, "open", cur
            ports.append(nxt)
            cur = (cell, tile[port])
        raise AssertionError("a track without an end")  # pragma: no cover - tracks are finite

    def place(self, cell: Cell, tile: str, rotation: int, rnd: int) -> list[Move]:
        """Put a tile on ``cell`` and move every locomotive it reaches (all simultaneously)."""
        movers = {lo.at: lo for lo in self.facing(cell)}
        self.tiles[cell] = pairing(tile, rotation)
        runs = {lo.colour: self._run(lo, movers) for lo in movers.values()}
        moves: dict[str, Move] = {}
        # arriving at one station in one move: the shorter run gets there first
        order = sorted(movers.values(), key=lambda lo: (len(runs[lo.colour][0]), LOCOMOTIVES.index(lo.colour)))
        for lo in order:
            entered, end, detail = runs[lo.colour]
            if end == "meet":  # moved one at a time: the first runs into the other, waiting
                if LOCOMOTIVES.index(detail.colour) < LOCOMOTIVES.index(lo.colour):
                    entered = []
                lo.state = "collided"
            elif end == "station":
                lo.station = detail
                lo.state = "removed" if detail in self.occupied else "arrived"
                self.occupied.setdefault(detail, lo.colour)
            elif end == "depot":
                lo.state = "depot"
                lo.entries += 1  # the depot counts as a tile
            else:
                lo.at = detail
            if lo.state != "waiting":
                lo.round = rnd
            lo.entries += len(entered)
            lo.path += entered
            moves[lo.colour] = Move(lo.colour, tuple(p[0] for p in entered), lo.state, lo.station)
        return [moves[c] for c in LOCOMOTIVES if c in moves]


def across(port: Port) -> Port:
    (x, y), name = port
    other, dx, dy = ACROSS[name]
    return (x + dx, y + dy), other


def random_game(rng: random.Random, check=None) -> tuple[Frame, list[str]]:
    """One player's random legal game (tests, the balance statistics, benchmarks): each round a
    random tile of the set on a random square that moves a locomotive, until the frame is full or
    no locomotive waits. Returns the frame and the placements as ``SQUARE TILE ROTATION`` lines;
    ``check(frame)`` runs after every placement."""
    frame, lines = Frame(), []
    order = list(TILES)
    rng.shuffle(order)
    for rnd, tile in enumerate(order, start=1):
        if not frame.active():
            break
        squares = [(x, y) for x in range(COLS) for y in range(ROWS)
                   if (x, y) != DEPOT and (x, y) not in frame.tiles and frame.facing((x, y))]
        cell, rotation = rng.choice(squares), rng.choice(ROTATIONS)
        frame.place(cell, tile, rotation, rnd)
        lines.append(f"{square_name(cell)} {tile} {rotation}")
        if check is not None:
            check(frame)
    return frame, lines

