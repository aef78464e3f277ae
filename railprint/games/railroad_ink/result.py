"""What ``score_files`` returns: the scored sheets, as JSON data, as a text report, as a picture."""

from __future__ import annotations

from railprint.games.railroad_ink.board import (
    EXIT_AT, N, E, S, W, ROWS, SIZE, Board, Cell, square,
)
from railprint.games.railroad_ink.rules import ErrorEnd, Scoring
from railprint.games.railroad_ink.words import LABELS, exits_word, language
from railprint.records import Record
from railprint.report import rank, table

LEGENDS = {lang: words["legend"] for lang, words in LABELS.items()}
LEGEND = LEGENDS["en"]
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


def _exit_name(x, t: dict) -> str:
    return f"{square(x.row, x.col)} {t['sides'][x.side]}"


def error_text(err: ErrorEnd, *, lang: str = "en") -> str:
    """``G3 east: highway end is open`` in ``lang``."""
    t = LABELS[language(lang)]
    template = t["error_reasons"].get(err.cause)
    if template is None:
        return str(err)
    kinds = t["kinds"]
    reason = template.format(kind=kinds.get(err.kind, err.kind), facing=kinds.get(err.facing, err.facing))
    return t["error_where"].format(square=square(err.row, err.col), side=t["sides"][err.side], reason=reason)


def category_rows(s: Scoring, *, lang: str = "en") -> list[tuple[str, str, str]]:
    """(category, points, reason) rows for the report table."""
    lang = language(lang)
    t = LABELS[lang]
    rows: list[tuple[str, str, str]] = []
    nets = [n for n in s.networks if n.exits]
    if not nets:
        rows.append((t["exits_category"], "0", t["no_networks"]))
    for k, net in enumerate(nets):
        rows.append((t["exits_category"] if k == 0 else "", str(net.points),
                     t["network_exits"].format(number=net.number, n=len(net.exits),
                                               count=exits_word(len(net.exits), lang),
                                               exits=", ".join(_exit_name(x, t) for x in net.exits))))
    if nets and len(nets) > 1:
        rows.append(("", f"={s.exits}", t["exits_total"]))
    mode = t["trail_reading"] if s.longest_mode == "trail" else ""
    rows.append((t["highway"], str(s.longest_highway), _squares(s.highway.path) + mode))
    rows.append((t["railway"], str(s.longest_railway), _squares(s.railway.path) + mode))
    rows.append((t["centre"], str(s.center), _squares(s.centre)))
    if not s.errors:
        rows.append((t["errors"], "0", t["no_errors"]))
    for k, err in enumerate(s.errors):
        rows.append((t["errors"] if k == 0 else "", "-1", error_text(err, lang=lang)))
    if len(s.errors) > 1:
        rows.append(("", f"={-s.error_count}", t["errors_total"]))
    if s.board.expansion == "meteor":
        if not s.meteor_spaces:
            rows.append((t["meteor"], "0", t["no_meteor"]))
        for k, (r, c, sides) in enumerate(s.meteor_spaces):
            rows.append((t["meteor"] if k == 0 else "", "2",
                         t["crater"].format(square=square(r, c),
                                            sides=", ".join(t["sides"][x] for x in sides))))
    if s.board.expansion == "lava":
        if not s.lakes:
            rows.append((t["lava"], "0", t["no_lava"]))
        first = True
        for lake in s.lakes:
            if lake.closed:
                rows.append((t["lava"] if first else "", "5",
                             t["closed_lake"].format(spaces=_squares(lake.spaces))))
                first = False
        if s.lakes:
            big = s.largest_lake
            rows.append((t["lava"] if first else "", str(len(big.spaces)),
                         t["largest_lake"].format(spaces=_squares(big.spaces))
                         + ("" if big.closed else t["open_sides"].format(count=len(big.open_sides)))))
    rows.append((t["total"], str(s.total), ""))
    return rows


def sheet_text(s: Scoring, *, lang: str = "en") -> str:
    """One scored sheet: title, the board drawing, the legend, the score table, the violations."""
    lang = language(lang)
    t = LABELS[lang]
    errs: dict[tuple[int, int], set[int]] = {}
    for e in s.errors:
        errs.setdefault((e.row, e.col), set()).add(e.side)
    title = s.player or t["no_name"]
    if s.board.source:
        title += f"  ({s.board.source})"
    if s.board.expansion != "none":
        name = t["expansions"].get(s.board.expansion, s.board.expansion)
        title += "  " + t["expansion"].format(name=name)
    parts = [title, "", draw_board(s.board, errs), "", t["legend"], "",
             table(list(t["headers"]), category_rows(s, lang=lang), align="lrl")]
    if s.violations:
        parts += ["", f"{t['violations']} ({len(s.violations)}):"]
        parts += [f"  {v.text(lang)}" for v in s.violations]
    return "\n".join(parts)


class ScoreResult(Record):
    sheets: tuple[Scoring, ...]

    def as_json(self, lang: str = "en") -> dict | list:
        data = [s.as_dict(lang) for s in self.sheets]
        return data[0] if len(data) == 1 else data

    def ranks(self) -> list[int]:
        return rank([(s.total, -s.error_count) for s in self.sheets])

    def as_text(self, *, lang: str = "en") -> str:
        """The report for a terminal; ``lang`` ("en" or "pl") picks the words, never the numbers."""
        lang = language(lang)
        t = LABELS[lang]
        parts = [sheet_text(s, lang=lang) for s in self.sheets]
        if len(self.sheets) > 1:
            ranks = self.ranks()
            rows = []
            order = sorted(range(len(self.sheets)), key=lambda i: (ranks[i], i))
            for i in order:
                s = self.sheets[i]
                rows.append([ranks[i], s.player, s.exits, s.longest_highway, s.longest_railway,
                             s.center, -s.error_count, s.meteor, s.lava, s.total])
            summary = table(list(t["ranking_headers"]), rows, align="llrrrrrrrr")
            parts.append(t["ranking"] + "\n\n" + summary + "\n\n" + t["tie_note"])
        return ("\n\n" + "=" * 60 + "\n\n").join(parts) + "\n"

    def picture(self, lang: str = "en"):
        from railprint.games.railroad_ink.picture import picture

        return picture(self.sheets, lang=lang)
