"""The Railroad Ink board model: an immutable 7×7 grid of spaces.

Coordinates: rows ``A``–``G`` top to bottom (index 0–6), columns ``1``–``7`` left to right
(index 0–6). Sides are indexed N=0, E=1, S=2, W=3; a cell's ``edges`` string lists what touches
each side in that order: ``h`` highway, ``r`` railway, ``l`` lava, ``.`` nothing.
"""

from __future__ import annotations

from typing import Iterator

from railprint.records import Record

SIZE = 7
ROWS = "ABCDEFG"
N, E, S, W = 0, 1, 2, 3
SIDES = (N, E, S, W)
SIDE_NAMES = ("north", "east", "south", "west")
SIDE_LETTERS = "NESW"
DELTA = ((-1, 0), (0, 1), (1, 0), (0, -1))
ROUTE_TYPES = ("h", "r")
TYPE_NAMES = {"h": "highway", "r": "railway", "l": "lava", ".": "nothing"}
EDGE_LETTERS = ".hrl"
MARKERS = ("", "s", "o", "v", "x")
MARKER_NAMES = {"s": "station", "o": "overpass", "v": "volcano", "x": "crater"}
EXPANSIONS = ("none", "meteor", "lava")


def opposite(side: int) -> int:
    return (side + 2) % 4


def square(row: int, col: int) -> str:
    """``square(2, 3) == 'C4'``."""
    return f"{ROWS[row]}{col + 1}"


def square_at(name: str) -> tuple[int, int]:
    """The inverse of ``square``: ``square_at('C4') == (2, 3)``."""
    return ROWS.index(name[0]), int(name[1:]) - 1


def neighbour(row: int, col: int, side: int) -> tuple[int, int] | None:
    """The space across ``side``, or None at the board edge."""
    dr, dc = DELTA[side]
    r, c = row + dr, col + dc
    if 0 <= r < SIZE and 0 <= c < SIZE:
        return r, c
    return None


class Exit(Record):
    row: int
    col: int
    side: int
    kind: str  # "h" | "r"

    @property
    def name(self) -> str:
        return f"{square(self.row, self.col)} {SIDE_NAMES[self.side]}"


EXITS: tuple[Exit, ...] = (
    Exit(0, 1, N, "h"), Exit(0, 3, N, "r"), Exit(0, 5, N, "h"),
    Exit(1, 6, E, "r"), Exit(3, 6, E, "h"), Exit(5, 6, E, "r"),
    Exit(6, 5, S, "h"), Exit(6, 3, S, "r"), Exit(6, 1, S, "h"),
    Exit(5, 0, W, "r"), Exit(3, 0, W, "h"), Exit(1, 0, W, "r"),
)
EXIT_AT = {(x.row, x.col, x.side): x for x in EXITS}
CENTRE = tuple((r, c) for r in range(2, 5) for c in range(2, 5))


class Cell(Record):
    """One space. ``edges`` is four letters N E S W from ``.hrl``; ``marker`` is '' (plain),
    's' station, 'o' overpass, 'v' volcano or 'x' crater (a crater has no edges)."""

    edges: str = "...."
    marker: str = ""

    def __post_init__(self) -> None:
        if len(self.edges) != 4 or any(ch not in EDGE_LETTERS for ch in self.edges):
            raise ValueError(f"bad edges {self.edges!r}")
        if self.marker not in MARKERS:
            raise ValueError(f"bad marker {self.marker!r}")
        if self.marker == "x" and self.edges != "....":
            raise ValueError("a crater has no edges")

    @property
    def token(self) -> str:
        """The canonical text token (``parse`` reads it back to the same cell)."""
        if self.marker == "x":
            return "x"
        return self.edges + self.marker

    @property
    def empty(self) -> bool:
        return self.edges == "...." and self.marker == ""

    @property
    def crater(self) -> bool:
        return self.marker == "x"

    @property
    def volcano(self) -> bool:
        return self.marker == "v"

    @property
    def lava(self) -> bool:
        """Lava drawn here (a lava side or a volcano)."""
        return "l" in self.edges or self.marker == "v"

    def lava_sides(self) -> tuple[int, ...]:
        if self.marker == "v":
            return SIDES
        return tuple(s for s in SIDES if self.edges[s] == "l")

    def route_sides(self, kind: str | None = None) -> tuple[int, ...]:
        key = (self.edges, kind)
        sides = _ROUTE_SIDES.get(key)
        if sides is None:   # (worked out once an edge string and kind: a sheet is scored side by side)
            if kind is None:
                sides = tuple(s for s in SIDES if self.edges[s] in "hr")
            else:
                sides = tuple(s for s in SIDES if self.edges[s] == kind)
            _ROUTE_SIDES[key] = sides
        return sides

    def pieces(self) -> tuple[tuple[int, ...], ...]:
        """Groups of route sides joined inside this space.

        An overpass joins straight across only (N with S, E with W); every other space (plain,
        station, lava with a route) joins all its route sides."""
        key = (self.edges, self.marker == "o")
        pieces = _PIECES.get(key)
        if pieces is None:
            pieces = _PIECES[key] = self._pieces()
        return pieces

    def _pieces(self) -> tuple[tuple[int, ...], ...]:
        sides = self.route_sides()
        if not sides:
            return ()
        if self.marker == "o":
            groups = tuple(g for g in ((N, S), (E, W)) if all(s in sides for s in g))
            singles = tuple((s,) for s in sides if not any(s in g for g in groups))
            return groups + singles
        return (sides,)

    def mirrored(self, horizontal: bool) -> "Cell":
        """Mirror left↔right (``horizontal``) or top↔bottom: swaps E/W or N/S letters."""
        e = self.edges
        edges = e[0] + e[3] + e[2] + e[1] if horizontal else e[2] + e[1] + e[0] + e[3]
        return Cell(edges, self.marker)


EMPTY = Cell()
# what a space's edges (and overpass marker) make of it, by edge string: at most 4^4 strings
_ROUTE_SIDES: dict[tuple[str, str | None], tuple[int, ...]] = {}
_PIECES: dict[tuple[str, bool], tuple[tuple[int, ...], ...]] = {}


class Board(Record, uncompared=("source",)):
    """A finished sheet. ``rows`` is 7 tuples of 7 cells. ``source`` (the file name) is not part
    of equality."""

    rows: tuple[tuple[Cell, ...], ...] = tuple(tuple(EMPTY for _ in range(SIZE)) for _ in range(SIZE))
    player: str = ""
    expansion: str = "none"
    source: str | None = None

    def __post_init__(self) -> None:
        if len(self.rows) != SIZE or any(len(r) != SIZE for r in self.rows):
            raise ValueError("a board has 7 rows of 7 cells")
        if self.expansion not in EXPANSIONS:
            raise ValueError(f"bad expansion {self.expansion!r}")

    def __getitem__(self, rc: tuple[int, int]) -> Cell:
        r, c = rc
        return self.rows[r][c]

    def cells(self) -> Iterator[tuple[int, int, Cell]]:
        for r, row in enumerate(self.rows):
            for c, cell in enumerate(row):
                yield r, c, cell

    def replace(self, row: int, col: int, cell: Cell) -> "Board":
        rows = [list(r) for r in self.rows]
        rows[row][col] = cell
        return Board(tuple(tuple(r) for r in rows), self.player, self.expansion, self.source)

    def mirror_lr(self) -> "Board":
        rows = tuple(tuple(c.mirrored(True) for c in reversed(r)) for r in self.rows)
        return Board(rows, self.player, self.expansion, self.source)

    def mirror_tb(self) -> "Board":
        rows = tuple(tuple(c.mirrored(False) for c in r) for r in reversed(self.rows))
        return Board(rows, self.player, self.expansion, self.source)

    def turn_180(self) -> "Board":
        return self.mirror_lr().mirror_tb()

    @classmethod
    def from_tokens(cls, grid: list[list[str]] | list[str] | str, player: str = "",
                    expansion: str = "none") -> "Board":
        """Convenience for code and tests: ``grid`` is 7 lists of 7 canonical tokens, a flat
        list of 49 tokens, or a whitespace-separated string of 49 tokens."""
        if isinstance(grid, str):
            grid = grid.split()
        if len(grid) == SIZE * SIZE:
            grid = [grid[i * SIZE:(i + 1) * SIZE] for i in range(SIZE)]
        return cls(tuple(tuple(cell_from_token(t) for t in row) for row in grid), player, expansion)


def cell_from_token(token: str) -> Cell:
    """A well-formed token (no error reporting; see ``notation.parse`` for user input)."""
    t = token.lower()
    if t in (".", "...."):
        return EMPTY
    if t == "x":
        return Cell("....", "x")
    return Cell(t[:4], t[4:])
