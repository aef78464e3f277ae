"""What ``score_files`` returns: the scored sheets, as JSON data, as a text report, as a picture."""

from __future__ import annotations

from dataclasses import dataclass

from railprint.games.railroad_ink.board import (
    EXIT_AT, N, E, S, W, ROWS, SIZE, SIDE_NAMES, Board, Cell, square,
)
from railprint.games.railroad_ink.rules import Scoring
from railprint.report import rank, table

LEGEND = ("== H highway   -- | railway   ~ lava   + route space   S station   O overpass\n"
          "X crater   V volcano   ! error (open end)   h r exits")
_HORIZONTAL = {"h": "==", "r": "--", "l": "~~"}
_VERTICAL = {"h": "H", "r": "|", "l": "~"}


def _cell_art(cell: Cell, errors: set[int]) -> list[str]:
    """Three lines of five characters for one space."""
    grid = [[" "] * 5 for _ in range(3)]
    e = cell.edges if cell.marker != "v" else "llll"
    if e[N] != ".":
        grid[0][2] = "!" if N in errors else _VERTICAL[e[N]]
    if e[S] != ".":
        grid[2][2] = "!" if S in errors else _VERTICAL[e[S]]
    if e[W] != ".":
        grid[1][0:2] = list(_HORIZONTAL[e[W]])
        if W in errors:
            grid[1][0] = "!"
    if e[E] != ".":
        grid[1][3:5] = list(_HORIZONTAL[e[E]])
        if E in errors:
            grid[1][4] = "!"
    centre = {"s": "S", "o": "O", "x": "X", "v": "V"}.get(cell.marker)
    if centre is None:
        if cell.empty:
            centre = "."
        elif any(ch in "hr" for ch in e):
            centre = "+"
        else:
            centre = "~"
    grid[1][2] = centre
    return ["".join(row) for row in grid]


def draw_board(board: Board, error_sides: dict[tuple[int, int], set[int]] | None = None) -> str:
    """A small text drawing of the board with the exits around it."""
    error_sides = error_sides or {}
    width = 5 * SIZE
    pad = "    "

    def exit_row(row: int, side: int) -> str:
        chars = [" "] * width
        for c in range(SIZE):
            x = EXIT_AT.get((row, c, side))
            if x:
                chars[5 * c + 2] = x.kind
        return (pad + " " + "".join(chars)).rstrip()

    out = [pad + " " + "".join(f"{c + 1:^5}" for c in range(SIZE)).rstrip(),
           exit_row(0, N), pad + "+" + "-" * width + "+"]
    arts = [[_cell_art(board[r, c], error_sides.get((r, c), set())) for c in range(SIZE)]
            for r in range(SIZE)]
    for r in range(SIZE):
        for k in range(3):
            left = right = " "
            if k == 1:
                if (r, 0, W) in EXIT_AT:
                    left = EXIT_AT[r, 0, W].kind
                if (r, SIZE - 1, E) in EXIT_AT:
                    right = EXIT_AT[r, SIZE - 1, E].kind
            label = f" {ROWS[r]} " if k == 1 else "   "
            body = "".join(arts[r][c][k] for c in range(SIZE))
            out.append(f"{label}{left}|{body}|{right}".rstrip())
    out.append(pad + "+" + "-" * width + "+")
    out.append(exit_row(SIZE - 1, S))
    return "\n".join(out)


def _squares(path) -> str:
    return " ".join(square(r, c) for r, c in path) or "-"


def category_rows(s: Scoring) -> list[tuple[str, str, str]]:
    """(category, points, reason) rows for the report table."""
    rows: list[tuple[str, str, str]] = []
    nets = [n for n in s.networks if n.exits]
    if not nets:
        rows.append(("Exits", "0", "no network reaches an exit"))
    for k, net in enumerate(nets):
        rows.append(("Exits" if k == 0 else "", str(net.points),
                     f"network {net.number}: {len(net.exits)} exit(s) "
                     + ", ".join(x.name for x in net.exits)))
    if nets and len(nets) > 1:
        rows.append(("", f"={s.exits}", "exits total"))
    mode = " (trail reading)" if s.longest_mode == "trail" else ""
    rows.append(("Longest highway", str(s.longest_highway), _squares(s.highway.path) + mode))
    rows.append(("Longest railway", str(s.longest_railway), _squares(s.railway.path) + mode))
    rows.append(("Centre", str(s.center), _squares(s.centre)))
    if not s.errors:
        rows.append(("Errors", "0", "no open ends"))
    for k, err in enumerate(s.errors):
        rows.append(("Errors" if k == 0 else "", "-1", str(err)))
    if len(s.errors) > 1:
        rows.append(("", f"={-s.error_count}", "errors total"))
    if s.board.expansion == "meteor":
        if not s.meteor_spaces:
            rows.append(("Meteor", "0", "no route end opens into a crater"))
        for k, (r, c, sides) in enumerate(s.meteor_spaces):
            rows.append(("Meteor" if k == 0 else "", "2",
                         f"{square(r, c)} opens into a crater ("
                         + ", ".join(SIDE_NAMES[x] for x in sides) + ")"))
    if s.board.expansion == "lava":
        if not s.lakes:
            rows.append(("Lava", "0", "no lava"))
        first = True
        for lake in s.lakes:
            if lake.closed:
                rows.append(("Lava" if first else "", "5",
                             f"closed lake {_squares(lake.spaces)}"))
                first = False
        if s.lakes:
            big = s.largest_lake
            rows.append(("Lava" if first else "", str(len(big.spaces)),
                         f"largest lake {_squares(big.spaces)}"
                         + ("" if big.closed else f" ({len(big.open_sides)} open side(s))")))
    rows.append(("Total", str(s.total), ""))
    return rows


def sheet_text(s: Scoring) -> str:
    errs: dict[tuple[int, int], set[int]] = {}
    for e in s.errors:
        errs.setdefault((e.row, e.col), set()).add(e.side)
    title = s.player or "(no name)"
    if s.board.source:
        title += f"  ({s.board.source})"
    if s.board.expansion != "none":
        title += f"  expansion: {s.board.expansion}"
    parts = [title, "", draw_board(s.board, errs), "", LEGEND, "",
             table(["Category", "Points", "Reason"], category_rows(s), align="lrl")]
    if s.violations:
        parts += ["", f"Rule violations ({len(s.violations)}):"]
        parts += [f"  {v}" for v in s.violations]
    return "\n".join(parts)


@dataclass(frozen=True)
class ScoreResult:
    sheets: tuple[Scoring, ...]

    def as_json(self) -> dict | list:
        data = [s.as_dict() for s in self.sheets]
        return data[0] if len(data) == 1 else data

    def ranks(self) -> list[int]:
        return rank([(s.total, -s.error_count) for s in self.sheets])

    def as_text(self) -> str:
        parts = [sheet_text(s) for s in self.sheets]
        if len(self.sheets) > 1:
            ranks = self.ranks()
            rows = []
            order = sorted(range(len(self.sheets)), key=lambda i: (ranks[i], i))
            for i in order:
                s = self.sheets[i]
                rows.append([ranks[i], s.player, s.exits, s.longest_highway, s.longest_railway,
                             s.center, -s.error_count, s.meteor, s.lava, s.total])
            summary = table(["Rank", "Player", "Exits", "Highway", "Railway", "Centre", "Errors",
                             "Meteor", "Lava", "Total"], rows, align="llrrrrrrrr")
            note = "Ties: fewest errors wins; still tied -> shared place."
            parts.append("Ranking\n\n" + summary + "\n\n" + note)
        return ("\n\n" + "=" * 60 + "\n\n").join(parts) + "\n"

    def picture(self, lang: str = "en"):
        from railprint.games.railroad_ink.picture import picture

        return picture(self.sheets, lang=lang)
