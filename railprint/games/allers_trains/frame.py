"""Our frame for Jedzie pociąg z daleka: squares, track ports, the 15 tile layouts, the edges.

The frame is OUR DESIGN (the published frame is not in our sources; docs/allers-trains-scoring.md;
``content/allers-trains/frames.yaml`` draws exactly this): a 4 x 4 grid of squares, columns A-D
from the left, rows 1-4 from the bottom; the depot is square A1 and the 15 tiles fill the other
squares. Every square edge carries two track ports. Ports, clockwise from the top-left: N0 N1
(top), E0 E1 (right), S0 S1 (bottom), W0 W1 (left); across an edge N0 meets S1, N1 meets S0,
E0 meets W1 and E1 meets W0. The 14 outer edges of the tile squares hold the 7 stations and 7
U-turn track fragments.
"""

from __future__ import annotations

from typing import Mapping

from railprint.records import Record

COLS, ROWS = 4, 4
DEPOT = (0, 0)
PORTS = ("N0", "N1", "E0", "E1", "S0", "S1", "W0", "W1")  # clockwise from the top-left
ACROSS = {"N0": ("S1", 0, 1), "N1": ("S0", 0, 1), "S0": ("N1", 0, -1), "S1": ("N0", 0, -1),
          "E0": ("W1", 1, 0), "E1": ("W0", 1, 0), "W0": ("E1", -1, 0), "W1": ("E0", -1, 0)}
MAX_TILES = COLS * ROWS - 1  # 15: a frame fills completely, so a game lasts at most 15 rounds
LOCOMOTIVES = ("blue", "violet", "black", "red")  # also the order of ties inside one move
DEPOT_PORTS = {"N0": "blue", "N1": "red", "E0": "violet", "E1": "black"}  # start spaces

# The 15 tile layouts (proposed_design.tiles of shared/reference/allers-trains.yaml): the same
# 15 in every player's colour; each layout once per player.
TILES: Mapping[str, tuple[tuple[str, str], ...]] = {
    "T01": (("N0", "E1"), ("N1", "E0"), ("S0", "W1"), ("S1", "W0")),
    "T02": (("N0", "W1"), ("N1", "E0"), ("E1", "S0"), ("S1", "W0")),
    "T03": (("N0", "E0"), ("N1", "E1"), ("S0", "W1"), ("S1", "W0")),
    "T04": (("N0", "E0"), ("N1", "W1"), ("E1", "S0"), ("S1", "W0")),
    "T05": (("N0", "S0"), ("N1", "E0"), ("E1", "W1"), ("S1", "W0")),
    "T06": (("N0", "E0"), ("N1", "E1"), ("S0", "W0"), ("S1", "W1")),
    "T07": (("N0", "E0"), ("N1", "S0"), ("E1", "W1"), ("S1", "W0")),
    "T08": (("N0", "E0"), ("N1", "W0"), ("E1", "S0"), ("S1", "W1")),
    "T09": (("N0", "E0"), ("N1", "W1"), ("E1", "S1"), ("S0", "W0")),
    "T10": (("N0", "S0"), ("N1", "E0"), ("E1", "W0"), ("S1", "W1")),
    "T11": (("N0", "E0"), ("N1", "S0"), ("E1", "W0"), ("S1", "W1")),
    "T12": (("N0", "E0"), ("N1", "S1"), ("E1", "W1"), ("S0", "W0")),
    "T13": (("N0", "E0"), ("N1", "W0"), ("E1", "S1"), ("S0", "W1")),
    "T14": (("N0", "E1"), ("N1", "S0"), ("E0", "W1"), ("S1", "W0")),
    "T15": (("N0", "S1"), ("N1", "S0"), ("E0", "W1"), ("E1", "W0")),
}
ROTATIONS = (0, 90, 180, 270)  # degrees clockwise from upright (the tile code at the bottom left)


class Station(Record):
    number: int            # board order = scoring-board order = tie-break order
    name: str
    colour: str            # hex, as printed
    aliases: tuple[str, ...] = ()


STATIONS: tuple[Station, ...] = (
    Station(1, "Fioletowo", "#7e3fa0", ("violet", "purple", "fioletowa")),
    Station(2, "Czerwienie", "#c62f2f", ("red", "czerwona")),
    Station(3, "Zielonki", "#3f8f5a", ("green", "zielona")),       # our name
    Station(4, "Różawy", "#e58db3", ("pink", "różowa")),
    Station(5, "Niebieskowiec", "#2f6db5", ("blue", "niebieska")),  # name from the rulebook; number ours
    Station(6, "Złotniki", "#c99a2e", ("gold", "golden", "złota")),  # our name
    Station(7, "Czerno", "#2b2b2b", ("black", "czarna", "Czarno")),
)

# The outer edges of the frame, clockwise from the depot's northern neighbour (square, side).
# Our design: no station touches the two squares beside the depot, so no first tile scores
# (docs/allers-trains-scoring.md, "Balance"); the stations are spread so that the rich ones
# are the farthest from the depot.
OUTER: Mapping[tuple[tuple[int, int], str], int | None] = {
    ((0, 1), "W"): None,  # None: a U-turn track fragment
    ((0, 2), "W"): 6,
    ((0, 3), "W"): None,
    ((0, 3), "N"): 2,
    ((1, 3), "N"): None,
    ((2, 3), "N"): 3,
    ((3, 3), "N"): 1,
    ((3, 3), "E"): None,
    ((3, 2), "E"): 4,
    ((3, 1), "E"): None,
    ((3, 0), "E"): 5,
    ((3, 0), "S"): None,
    ((2, 0), "S"): 7,
    ((1, 0), "S"): None,
}

def square_name(cell: tuple[int, int]) -> str:
    return "ABCD"[cell[0]] + str(cell[1] + 1)


def rotate(port: str, degrees: int) -> str:
    return PORTS[(PORTS.index(port) + 2 * (degrees // 90)) % 8]


def pairing(tile: str, degrees: int) -> dict[str, str]:
    """Port -> port joined by a track on ``tile`` turned ``degrees`` clockwise."""
    out = {}
    for a, b in TILES[tile]:
        ra, rb = rotate(a, degrees), rotate(b, degrees)
        out[ra], out[rb] = rb, ra
    return out
