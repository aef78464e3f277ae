"""Railroad Ink rules: ``validate`` lists every rule a sheet breaks (reported, never raised);
``score`` returns an itemised :class:`Scoring`. Readings and decisions are documented in
``docs/railroad-ink-scoring.md``; in short:

* **Networks.** Route pieces are joined inside a space (an overpass joins only straight
  across; a station joins everything) and across two facing sides of the same type. An exit
  belongs to the network whose space has a side of the exit's type facing it. 0–1 exit scores
  0, then 4, 8, … 40 for 2–11 exits and 45 for 12.
* **Longest highway / railway.** See :mod:`railprint.games.railroad_ink.longest`. A line of
  one type follows only sides of that type; a station or overpass space counts for both types
  (a station never interrupts a line, but a highway cannot continue as a railway).
* **Centre.** 1 per central space (C3–E5) that is not empty.
* **Errors.** One per route end facing a space that has no route end of the same type there
  (a highway end facing a railway end counts on both sides and is also a violation). A route
  end facing the board edge is never an error, exit or not. With the meteor expansion a route
  end facing a crater is not an error; with the lava expansion each open lava side (facing a
  space without a lava side; the board edge closes lava) is one error.
* **Meteor.** 2 per route space with at least one end facing a crater.
* **Lava.** 5 per lake without open sides + 1 per space of the largest lake.
* **Expansion tokens without their expansion** are violations and earn no meteor or lava
  points (a route end facing them is an ordinary open end; their lava sides are not counted as
  errors); they still fill a central space.
"""

from __future__ import annotations

from railprint.errors import RailprintError, close_matches
from railprint.graphs import UnionFind
from railprint.games.railroad_ink.board import (
    CENTRE, EXITS, SIDE_NAMES, TYPE_NAMES, Board, Cell, E, Exit, S, neighbour, opposite, square,
)
from railprint.games.railroad_ink.longest import RouteLine, longest_route
from railprint.records import Record
from railprint.report import ScoreLine, ScoreReport, Violation
from railprint.words import counted

EXIT_POINTS = (0, 0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 45)
LONGEST_MODES = ("simple", "trail")

SPECIALS = {
    "hhhh": "highway crossing",
    "rrrr": "railway crossing",
    "3h1r": "station with 3 highways and 1 railway",
    "1h3r": "station with 1 highway and 3 railways",
    "adjacent": "station with 2 highways and 2 railways side by side",
    "opposite": "station with 2 highways and 2 railways across",
}
# the same in Polish (the rulebook's "trasy specjalne"), and the words the Polish violations use
SPECIALS_PL = {
    "hhhh": "skrzyżowanie autostrad",
    "rrrr": "skrzyżowanie torów",
    "3h1r": "stacja z 3 autostradami i 1 linią kolejową",
    "1h3r": "stacja z 1 autostradą i 3 liniami kolejowymi",
    "adjacent": "stacja z 2 autostradami i 2 liniami kolejowymi obok siebie",
    "opposite": "stacja z 2 autostradami i 2 liniami kolejowymi naprzeciw siebie",
}
TYPE_NAMES_PL = {"h": "autostrada", "r": "linia kolejowa", "l": "lawa", ".": "nic"}
TYPE_NAMES_PL_WITH = {"h": "autostradą", "r": "linią kolejową", "l": "lawą", ".": "niczym"}   # "styka się z …"
SIDE_NAMES_PL = ("północnej", "wschodniej", "południowej", "zachodniej")                    # "po … stronie"


def special_kind(cell: Cell) -> str | None:
    """Which of the 6 special routes a space is: every space with a route on all four sides
    except the overpass (whose four edges come from the special die)."""
    e = cell.edges
    if any(ch not in "hr" for ch in e):
        return None
    if cell.marker == "o" and e in ("hrhr", "rhrh"):
        return None
    highways = e.count("h")
    if highways in (4, 0):
        return "hhhh" if highways == 4 else "rrrr"
    if highways == 3:
        return "3h1r"
    if highways == 1:
        return "1h3r"
    return "opposite" if e[0] == e[2] else "adjacent"


# --- validation -----------------------------------------------------------------------------

def validate(board: Board) -> list[Violation]:
    """Every rule the sheet breaks, in reading order (spaces A1…G7, then game-wide checks)."""
    found: list[Violation] = []
    meteor, lava = board.expansion == "meteor", board.expansion == "lava"
    for r, c, cell in board.cells():
        if cell.edges == "...." and not cell.marker:
            continue   # an empty space: nothing wrong in it, no route end on its sides
        sq = square(r, c)
        for message, polish in _problems_of(cell, meteor, lava):
            found.append(Violation(message, sq, polish))
        for side in (E, S):
            nb = neighbour(r, c, side)
            if nb is None:
                continue
            mine, theirs = cell.edges[side], board[nb].edges[opposite(side)]
            if mine in "hr" and theirs in "hr" and mine != theirs:
                found.append(Violation(f"{TYPE_NAMES[mine]} meets {TYPE_NAMES[theirs]} on its "
                                       f"{SIDE_NAMES[side]} side", sq,
                                       f"{TYPE_NAMES_PL[mine]} styka się z {TYPE_NAMES_PL_WITH[theirs]} po "
                                       f"stronie {SIDE_NAMES_PL[side]}"))
    for x in EXITS:
        edge = board[x.row, x.col].edges[x.side]
        if edge in "hr" and edge != x.kind:
            found.append(Violation(f"{TYPE_NAMES[edge]} touches the {TYPE_NAMES[x.kind]} exit on "
                                   f"its {SIDE_NAMES[x.side]} side", square(x.row, x.col),
                                   f"{TYPE_NAMES_PL[edge]} dotyka wyjścia ({TYPE_NAMES_PL[x.kind]}) po "
                                   f"stronie {SIDE_NAMES_PL[x.side]}"))
    specials: dict[str, list[str]] = {}
    for r, c, cell in board.cells():
        kind = _special_of(cell)
        if kind:
            specials.setdefault(kind, []).append(square(r, c))
    used = [sq for squares in specials.values() for sq in squares]
    if len(used) > 3:
        ordered = sorted(used, key=lambda s: (s[0], int(s[1:])))
        found.append(Violation(f"{len(used)} special routes drawn ({', '.join(ordered)}); at most "
                               f"3 per game", ordered[0],
                               f"narysowano {counted(len(used), ('trasę specjalną', 'trasy specjalne', 'tras specjalnych'), 'pl')} "
                               f"({', '.join(ordered)}); w grze najwyżej 3"))
    for kind, squares in specials.items():
        if len(squares) > 1:
            found.append(Violation(f"special route '{SPECIALS[kind]}' drawn {len(squares)} times "
                                   f"({', '.join(squares)}); each may be used once", squares[0],
                                   f"trasa specjalna „{SPECIALS_PL[kind]}” narysowana "
                                   f"{counted(len(squares), ('raz', 'razy', 'razy'), 'pl')} ({', '.join(squares)}); "
                                   f"każdej można użyć raz"))
    return found


_SPECIAL: dict[tuple[str, str], str | None] = {}
_PROBLEMS: dict[tuple[str, str, bool, bool], tuple[tuple[str, str], ...]] = {}


def _special_of(cell: Cell) -> str | None:
    """:func:`special_kind`, worked out once an edge string and marker (at most 4^4 × 5)."""
    key = (cell.edges, cell.marker)
    try:
        return _SPECIAL[key]
    except KeyError:
        kind = _SPECIAL[key] = special_kind(cell)
        return kind


def _problems_of(cell: Cell, meteor: bool, lava: bool) -> tuple[tuple[str, str], ...]:
    """:func:`_cell_problems`, worked out once an edge string, marker and expansion."""
    key = (cell.edges, cell.marker, meteor, lava)
    found = _PROBLEMS.get(key)
    if found is None:
        found = _PROBLEMS[key] = tuple(_cell_problems(cell, meteor, lava))
    return found


def _cell_problems(cell: Cell, meteor: bool, lava: bool) -> list[tuple[str, str]]:
    """What is wrong inside one space: (English, Polish) for each problem."""
    e, m = cell.edges, cell.marker
    out = []
    has_h, has_r, has_l = "h" in e, "r" in e, "l" in e
    if m == "x" and not meteor:
        out.append(("crater drawn without the meteor expansion (header 'expansion: meteor')",
                    "krater narysowany bez rozszerzenia Meteoryt (nagłówek 'expansion: meteor')"))
    if (has_l or m == "v") and not lava:
        out.append(("lava drawn without the lava expansion (header 'expansion: lava')",
                    "lawa narysowana bez rozszerzenia Lawa (nagłówek 'expansion: lava')"))
    if m == "o" and e not in ("hrhr", "rhrh"):
        out.append((f"overpass marker on '{e}': an overpass is a highway crossing a railway "
                    f"straight over (hrhro or rhrho)",
                    f"znacznik wiaduktu na '{e}': wiadukt to autostrada i linia kolejowa krzyżujące się "
                    f"na wprost (hrhro albo rhrho)"))
    elif m == "s" and not (has_h and has_r and not has_l):
        out.append((f"station marker on '{e}': a station joins highway and railway edges",
                    f"znacznik stacji na '{e}': stacja łączy autostradę z linią kolejową"))
    elif m == "v" and e != "llll":
        out.append((f"volcano marker on '{e}': a volcano is written llllv",
                    f"znacznik wulkanu na '{e}': wulkan zapisuje się llllv"))
    elif m == "" and has_h and has_r:
        out.append((f"highway and railway join in '{e}' without a station (add the marker s, "
                    f"or o for an overpass)",
                    f"autostrada i linia kolejowa łączą się w '{e}' bez stacji (dopisz znacznik s, "
                    f"albo o dla wiaduktu)"))
    if has_l and m != "v":
        routes = [s for s in range(4) if e[s] in "hr"]
        if routes and not (len(routes) == 2 and routes[0] + 2 == routes[1]
                           and e[routes[0]] == e[routes[1]]):
            out.append((f"'{e}': a lava space can carry only one straight highway or railway",
                        f"'{e}': przez pole z lawą może biec tylko jedna prosta autostrada albo linia kolejowa"))
    return out


# --- scoring --------------------------------------------------------------------------------

class Network(Record):
    number: int
    spaces: tuple[tuple[int, int], ...]
    exits: tuple[Exit, ...]
    pieces: tuple[tuple[int, int, int], ...]  # (row, col, piece index) — for drawing

    @property
    def points(self) -> int:
        return EXIT_POINTS[len(self.exits)]


class ErrorEnd(Record):
    """One error: an unconnected route end or an open lava side."""

    row: int
    col: int
    side: int
    kind: str  # h | r | l
    reason: str
    cause: str = "open"  # what ``reason`` says, for other languages: open | crater | meets | lava | lava-open
    facing: str = "."    # the edge letter it meets (cause "meets")

    @property
    def where(self) -> str:
        return f"{square(self.row, self.col)} {SIDE_NAMES[self.side]}"

    def __str__(self) -> str:
        return f"{self.where}: {self.reason}"


class Lake(Record):
    spaces: tuple[tuple[int, int], ...]
    open_sides: tuple[tuple[int, int, int], ...]

    @property
    def closed(self) -> bool:
        return not self.open_sides


class Scoring(Record):
    """The itemised score of one sheet."""

    board: Board
    player: str
    longest_mode: str
    networks: tuple[Network, ...]
    highway: RouteLine
    railway: RouteLine
    centre: tuple[tuple[int, int], ...]
    errors: tuple[ErrorEnd, ...]
    meteor_spaces: tuple[tuple[int, int, tuple[int, ...]], ...]  # (row, col, crater sides)
    lakes: tuple[Lake, ...]
    violations: tuple[Violation, ...] = ()

    @property
    def exits(self) -> int:
        return sum(n.points for n in self.networks)

    @property
    def longest_highway(self) -> int:
        return self.highway.length

    @property
    def longest_railway(self) -> int:
        return self.railway.length

    @property
    def center(self) -> int:
        return len(self.centre)

    @property
    def error_count(self) -> int:
        return len(self.errors)

    @property
    def meteor(self) -> int:
        return 2 * len(self.meteor_spaces)

    @property
    def largest_lake(self) -> Lake | None:
        return max(self.lakes, key=lambda lake: len(lake.spaces), default=None)

    @property
    def lava(self) -> int:
        if not self.lakes:
            return 0
        return 5 * sum(1 for lake in self.lakes if lake.closed) + len(self.largest_lake.spaces)

    @property
    def total(self) -> int:
        return (self.exits + self.longest_highway + self.longest_railway + self.center
                - self.error_count + self.meteor + self.lava)

    def as_dict(self, lang: str = "en") -> dict:
        """The JSON contract (``railroad-ink-board-format.md``) plus a few extra members (``lang``:
        the violations' language; the contract's is English)."""
        return {
            "player": self.player,
            "file": self.board.source,
            "expansion": self.board.expansion,
            "longest": self.longest_mode,
            "total": self.total,
            "exits": self.exits,
            "longest_highway": self.longest_highway,
            "longest_railway": self.longest_railway,
            "center": self.center,
            "errors": self.error_count,
            "meteor": self.meteor,
            "lava": self.lava,
            "violations": [v.text(lang) for v in self.violations],
        }

    def report(self) -> ScoreReport:
        """Itemised lines (category, points, detail, where) summing to ``total``."""
        lines: list[ScoreLine] = []
        for net in self.networks:
            if net.exits:
                lines.append(ScoreLine("exits", net.points,
                                       f"network {net.number}: {len(net.exits)} exit(s)",
                                       ", ".join(x.name for x in net.exits)))
        for line, name in ((self.highway, "longest highway"), (self.railway, "longest railway")):
            lines.append(ScoreLine(name, line.length, f"{line.length} space(s)",
                                   " ".join(square(r, c) for r, c in line.path)))
        lines.append(ScoreLine("centre", self.center, f"{self.center} of 9 central spaces",
                               " ".join(square(r, c) for r, c in self.centre)))
        for err in self.errors:
            lines.append(ScoreLine("errors", -1, err.reason, err.where))
        for r, c, sides in self.meteor_spaces:
            lines.append(ScoreLine("meteor", 2, "route end into a crater",
                                   f"{square(r, c)} " + "/".join(SIDE_NAMES[s] for s in sides)))
        if self.lakes:
            for lake in self.lakes:
                if lake.closed:
                    lines.append(ScoreLine("lava", 5, f"closed lake of {len(lake.spaces)} space(s)",
                                           " ".join(square(r, c) for r, c in lake.spaces)))
            big = self.largest_lake
            lines.append(ScoreLine("lava", len(big.spaces), "largest lake",
                                   " ".join(square(r, c) for r, c in big.spaces)))
        return ScoreReport(self.player, lines, list(self.violations))


def piece_index(cell: Cell, side: int) -> int:
    key = (cell.edges, cell.marker == "o", side)
    k = _PIECE_INDEX.get(key)
    if k is None:
        k = _PIECE_INDEX[key] = next(k for k, piece in enumerate(cell.pieces()) if side in piece)
    return k


_PIECE_INDEX: dict[tuple[str, bool, int], int] = {}


def networks(board: Board) -> tuple[Network, ...]:
    """Every route network (connected route pieces), most exits first."""
    uf = UnionFind()
    for r, c, cell in board.cells():
        if cell.edges == "....":
            continue   # no route piece, no route side
        for k in range(len(cell.pieces())):
            uf.find((r, c, k))
        for side in (E, S):
            kind = cell.edges[side]
            nb = neighbour(r, c, side)
            if kind not in "hr" or nb is None:
                continue
            other = board[nb]
            if other.edges[opposite(side)] == kind:
                uf.union((r, c, piece_index(cell, side)), (*nb, piece_index(other, opposite(side))))
    groups: dict = {}
    for piece in list(uf.parent):
        groups.setdefault(uf.find(piece), []).append(piece)
    exits: dict = {}
    for x in EXITS:
        cell = board[x.row, x.col]
        if cell.edges[x.side] == x.kind:
            root = uf.find((x.row, x.col, piece_index(cell, x.side)))
            exits.setdefault(root, []).append(x)
    found = []
    for root, pieces in groups.items():
        spaces = tuple(sorted({(r, c) for r, c, _ in pieces}))
        found.append((tuple(exits.get(root, ())), spaces, tuple(sorted(pieces))))
    found.sort(key=lambda item: (-len(item[0]), item[1]))
    return tuple(Network(n + 1, spaces, xs, pieces) for n, (xs, spaces, pieces) in enumerate(found))


def _ends(board: Board) -> tuple[list[ErrorEnd], list[tuple[int, int, tuple[int, ...]]]]:
    meteor = board.expansion == "meteor"
    errors: list[ErrorEnd] = []
    craters: list[tuple[int, int, tuple[int, ...]]] = []
    for r, c, cell in board.cells():
        into_crater = []
        for side in cell.route_sides():
            kind = cell.edges[side]
            nb = neighbour(r, c, side)
            if nb is None:
                continue  # the board edge is never an error
            other = board[nb]
            facing = other.edges[opposite(side)]
            name = TYPE_NAMES[kind]
            if facing == kind:
                continue
            if other.crater:
                if meteor:
                    into_crater.append(side)
                    continue
                reason, cause = f"{name} end runs into a crater", "crater"
            elif facing in "hr":
                reason, cause = f"{name} end meets a {TYPE_NAMES[facing]} end", "meets"
            elif facing == "l":
                reason, cause = f"{name} end runs into lava", "lava"
            else:
                reason, cause = f"{name} end is open", "open"
            errors.append(ErrorEnd(r, c, side, kind, reason, cause, facing))
        if into_crater:
            craters.append((r, c, tuple(into_crater)))
    if board.expansion == "lava":
        for lake in lakes(board):
            for r, c, side in lake.open_sides:
                errors.append(ErrorEnd(r, c, side, "l", "lava side is open", "lava-open"))
        errors.sort(key=lambda e: (e.row, e.col, e.side))
    return errors, craters


def lakes(board: Board) -> tuple[Lake, ...]:
    """Lava lakes: lava spaces joined through facing lava sides (the board edge closes)."""
    uf = UnionFind()
    open_sides: dict[tuple[int, int], list[int]] = {}
    for r, c, cell in board.cells():
        if not cell.lava:
            continue
        uf.find((r, c))
        sides = cell.lava_sides()
        for side in sides:
            nb = neighbour(r, c, side)
            if nb is None:
                continue
            if opposite(side) in board[nb].lava_sides():
                uf.union((r, c), nb)
            else:
                open_sides.setdefault((r, c), []).append(side)
    groups: dict = {}
    for rc in list(uf.parent):
        groups.setdefault(uf.find(rc), []).append(rc)
    out = []
    for members in groups.values():
        members.sort()
        out.append(Lake(tuple(members),
                        tuple((r, c, s) for r, c in members for s in open_sides.get((r, c), ()))))
    out.sort(key=lambda lake: (-len(lake.spaces), lake.spaces))
    return tuple(out)


def check_mode(longest: str) -> str:
    """The longest-route reading, validated: 'simple' or 'trail'."""
    mode = str(longest).strip().lower()
    if mode not in LONGEST_MODES:
        close = close_matches(mode, LONGEST_MODES)
        raise RailprintError(f"unknown --longest reading {longest!r}: use simple (each space at "
                             f"most once) or trail (a crossing may be passed twice)",
                             hint=f"did you mean {close[0]!r}?" if close else None)
    return mode


def score(board: Board, longest: str = "simple", player: str | None = None) -> Scoring:
    """Score a sheet (and validate it: ``violations`` lists every rule it breaks)."""
    mode = check_mode(longest)
    errors, craters = _ends(board)
    return Scoring(
        board=board,
        player=player or board.player or "",
        longest_mode=mode,
        networks=networks(board),
        highway=longest_route(board, "h", mode),
        railway=longest_route(board, "r", mode),
        centre=tuple(rc for rc in CENTRE if not board[rc].empty),
        errors=tuple(errors),
        meteor_spaces=tuple(craters),
        lakes=lakes(board) if board.expansion == "lava" else (),
        violations=tuple(validate(board)),
    )


__all__ = ["EXIT_POINTS", "LONGEST_MODES", "SPECIALS", "ErrorEnd", "Lake", "Network", "Scoring",
           "check_mode", "lakes", "networks", "score", "special_kind", "validate"]
