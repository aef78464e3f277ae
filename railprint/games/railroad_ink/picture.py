"""The scored sheet as a picture: one A4 page per sheet, drawn with the sheet's own pictograms
(``railprint.games.railroad_ink.pictograms``).

Layers, bottom to top: shaded centre; every network's route pieces under a translucent band of
its own colour; the pictograms and exit stubs; the longest highway and railway traced through
the centres of their spaces; a red circle on every error; labels. Below the board: each network
with its colour and exit count (the same colour marks the exits it reaches, with its number),
the filled-in score table and the rule violations.
Group ids (``centre``, ``networks``, ``spaces``, ``exits``, ``longest-highway``,
``longest-railway``, ``errors``, ``legend``, ``score-table``, ``violations``) keep the scene
easy to inspect in tests.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from functools import lru_cache

from railprint.games.railroad_ink.pictograms import draw_space, route_stub
from railprint.errors import NotationError, RailprintError, suggestion
from railprint.text.measure import fit_size
from railprint.games.railroad_ink.board import CENTRE, EXITS, ROWS, SIZE, Cell
from railprint.games.railroad_ink.rules import Scoring
from railprint.games.railroad_ink.words import LABELS, exits_word as _exits_word
from railprint.scene import Circle, Document, Group, Item, Line, Page, Path, Rect, Style, Text
from railprint.units import mm

PAGE_W, PAGE_H = mm(210), mm(297)
CELL = mm(20)
BOARD_X, BOARD_Y = mm(24), mm(38)
NETWORK_COLOURS = ("#756bb1", "#e7298a", "#17becf", "#bcbd22", "#8c6d31", "#3182bd", "#636363",
                   "#31a354", "#d62728", "#e6550d")  # lava is orange: orange comes last
HIGHWAY_TRACE = "#0050b5"
RAILWAY_TRACE = "#00873e"
ERROR = "#d40000"
CENTRE_TINT = "#e9e9e9"
INK = Style(fill="#000000")
SOFT = Style(fill="#555555")

def _num(value: int) -> str:
    """A score with a real minus sign."""
    return f"−{-value}" if value < 0 else str(value)


def _centre(r: int, c: int) -> tuple[float, float]:
    return BOARD_X + (c + 0.5) * CELL, BOARD_Y + (r + 0.5) * CELL


def _side_point(r: int, c: int, side: int, f: float = 0.5) -> tuple[float, float]:
    """A point on the way from the centre of (r, c) to the middle of ``side`` (f = 0.5: on it)."""
    x, y = _centre(r, c)
    dx, dy = ((0, -1), (1, 0), (0, 1), (-1, 0))[side]
    return x + dx * CELL * f, y + dy * CELL * f


def _space(cell: Cell, r: int, c: int) -> Group:
    """A space's pictogram in its square: made once for its token and square, and marked
    ``keep`` (a sheet's next version draws all but the changed space again: a writer makes each
    one's SVG once)."""
    key = (cell.token, r, c)
    group = _SPACES.get(key)
    if group is None:
        if len(_SPACES) >= 16384:
            _SPACES.clear()
        group = _SPACES[key] = _draw_space(cell, r, c)
    return group


_SPACES: dict[tuple[str, int, int], Group] = {}


def _draw_space(cell: Cell, r: int, c: int) -> Group:
    try:
        group = draw_space(cell.token, CELL)
    except NotationError:
        # a marker that does not fit its edges (a violation): draw the edges alone
        group = draw_space(cell.edges, CELL)
    return Group(group.items, transform=(1, 0, 0, 1, BOARD_X + c * CELL, BOARD_Y + r * CELL),
                 clip=group.clip, id=f"space-{ROWS[r]}{c + 1}", keep=True)


def _networks(s: Scoring) -> tuple[list[Item], dict[int, str]]:
    colours: dict[int, str] = {}
    items: list[Item] = []
    board = s.board
    for k, net in enumerate(n for n in s.networks if n.exits):
        colour = NETWORK_COLOURS[k % len(NETWORK_COLOURS)]
        colours[net.number] = colour
        band = Style(stroke=colour, width=CELL * 0.56, cap="round", join="round", opacity=0.45)
        for r, c, piece in net.pieces:
            sides = board[r, c].pieces()[piece]
            x, y = _centre(r, c)
            for side in sides:
                items.append(Line(x, y, *_side_point(r, c, side), band))
        for x in net.exits:
            px, py = _side_point(x.row, x.col, x.side, 0.5 + mm(5.5) / CELL)
            items.append(Circle(px, py, CELL * 0.16, Style(fill=colour, stroke="#ffffff", width=1)))
            items.append(Text(px, py + 3, str(net.number), 8.5, Style(fill="#ffffff"), "bold", "middle"))
    return items, colours


def _trace(path: tuple[tuple[int, int], ...], colour: str, offset: float) -> list[Item]:
    if not path:
        return []
    pts = [(x + offset, y + offset) for x, y in (_centre(r, c) for r, c in path)]
    style = Style(stroke=colour, width=3.2, cap="round", join="round", opacity=0.9)
    cmds = (("M", *pts[0]),) + tuple(("L", x, y) for x, y in pts[1:])
    items: list[Item] = [Path(cmds, style)] if len(pts) > 1 else []
    for x, y in (pts[0], pts[-1]):
        items.append(Circle(x, y, 3.6, Style(fill=colour, stroke="#ffffff", width=0.8)))
    return items


def _board_frame(label: float = 9, gap: float = mm(12)) -> list[Item]:
    """The grid, its frame and the row and column labels (``label`` pt, ``gap`` from the board)."""
    items: list[Item] = []
    thin = Style(stroke="#9a9a9a", width=0.5)
    for k in range(SIZE + 1):
        items.append(Line(BOARD_X + k * CELL, BOARD_Y, BOARD_X + k * CELL, BOARD_Y + SIZE * CELL, thin))
        items.append(Line(BOARD_X, BOARD_Y + k * CELL, BOARD_X + SIZE * CELL, BOARD_Y + k * CELL, thin))
    items.append(Rect(BOARD_X, BOARD_Y, SIZE * CELL, SIZE * CELL, Style(stroke="#000000", width=1.4)))
    for k in range(SIZE):
        x, _ = _centre(0, k)
        items.append(Text(x, BOARD_Y - gap, str(k + 1), label, SOFT, "bold", "middle"))
        _, y = _centre(k, 0)
        items.append(Text(BOARD_X - gap, y + label / 3, ROWS[k], label, SOFT, "bold", "middle"))
    return items


def _exit_stubs() -> list[Item]:
    items: list[Item] = []
    for x in EXITS:
        px, py = _side_point(x.row, x.col, x.side)
        stub = route_stub(x.kind, "NESW"[x.side], mm(4), CELL)
        items.append(Group(stub.items, transform=(1, 0, 0, 1, px, py)))
    return items


@lru_cache(maxsize=1)
def _unchanging() -> tuple[Group, Group]:
    """The frame (grid, labels) and the exit stubs: the same on every sheet, so made once and
    marked ``keep`` (a writer makes their SVG once and every sheet's picture reuses it)."""
    return (Group(tuple(_board_frame()), id="frame", keep=True), Group(tuple(_exit_stubs()), id="exits", keep=True))


def _score_rows(s: Scoring, lang: str) -> list[tuple[str, str]]:
    t = LABELS[lang]
    rows = [(t["exits"], str(s.exits)),
            (t["highway"] + t["longest"][s.longest_mode], str(s.longest_highway)),
            (t["railway"] + t["longest"][s.longest_mode], str(s.longest_railway)),
            (t["centre"], str(s.center)),
            (t["errors"], _num(-s.error_count))]
    if s.board.expansion == "meteor":
        rows.append((t["meteor"], str(s.meteor)))
    if s.board.expansion == "lava":
        rows.append((t["lava"], str(s.lava)))
    rows.append((t["total"], _num(s.total)))
    return rows


def _score_table(s: Scoring, lang: str, x: float, y: float, width: float) -> tuple[Group, float]:
    items: list[Item] = []
    row_h = mm(7.5)
    rows = _score_rows(s, lang)
    box = Style(stroke="#333333", width=0.7)
    for k, (label, value) in enumerate(rows):
        top = y + k * row_h
        last = k == len(rows) - 1
        items.append(Rect(x, top, width, row_h, Style(fill="#f4f4f4", stroke="#333333", width=0.7)
                          if last else box))
        items.append(Rect(x + width - mm(22), top, mm(22), row_h, box))
        font = "bold" if last else "regular"
        items.append(Text(x + mm(2.5), top + row_h * 0.68, label, fit_size(label, width - mm(28), 10.5, font),
                          INK, font))
        items.append(Text(x + width - mm(11), top + row_h * 0.68, value, 12, INK, "bold", "middle"))
    return Group(tuple(items), id="score-table"), len(rows) * row_h


def _legend(s: Scoring, colours: dict[int, str], lang: str, x: float, y: float, width: float) -> Group:
    t = LABELS[lang]
    items: list[Item] = [Text(x, y, t["networks"], 11, INK, "bold")]
    nets = [n for n in s.networks if n.exits]
    if not nets:
        items.append(Text(x, y + mm(6), t["no_networks"], 9, SOFT))
    for k, net in enumerate(nets):
        top = y + mm(3) + k * mm(6.5)
        colour = colours[net.number]
        items.append(Rect(x, top, mm(4.5), mm(4.5), Style(fill=colour, stroke="#333333", width=0.4)))
        label = f"{t['network']} {net.number}: {_exits_word(len(net.exits), lang)} = {net.points}"
        items.append(Text(x + mm(6.5), top + mm(3.6), label, fit_size(label, width - mm(7), 9.5), INK))
    base = y + mm(6) + max(1, len(nets)) * mm(6.5)
    for k, (label, colour, length) in enumerate(
            ((t["highway"], HIGHWAY_TRACE, s.longest_highway), (t["railway"], RAILWAY_TRACE, s.longest_railway))):
        top = base + k * mm(6.5)
        items.append(Line(x, top + mm(2.2), x + mm(4.5), top + mm(2.2), Style(stroke=colour, width=3.2, cap="round")))
        text = f"{label}: {length}"
        items.append(Text(x + mm(6.5), top + mm(3.4), text, fit_size(text, width - mm(7), 9.5), INK))
    top = base + 2 * mm(6.5)
    items.append(Circle(x + mm(2.25), top + mm(2.2), mm(1.9), Style(stroke=ERROR, width=1.4)))
    text = f"{t['errors']}: {s.error_count}"
    items.append(Text(x + mm(6.5), top + mm(3.4), text, 9.5, INK))
    top += mm(6.5)
    items.append(Rect(x, top, mm(4.5), mm(4.5), Style(fill=CENTRE_TINT, stroke="#333333", width=0.4)))
    text = f"{t['centre']}: {s.center}"
    items.append(Text(x + mm(6.5), top + mm(3.6), text, 9.5, INK))
    return Group(tuple(items), id="legend")


def _page(s: Scoring, lang: str) -> Page:
    t = LABELS[lang]
    items: list[Item] = []
    title = f"{t['title']} — {s.player or '?'} — {_num(s.total)} {t['points']}"
    items.append(Text(BOARD_X - mm(12), mm(14), title, fit_size(title, PAGE_W - mm(30), 17, "bold"),
                      INK, "bold"))
    if s.board.source:
        items.append(Text(BOARD_X - mm(12), mm(20), s.board.source, fit_size(s.board.source, PAGE_W - mm(30), 8.5),
                          SOFT))
    items.append(Group(tuple(Rect(BOARD_X + c * CELL, BOARD_Y + r * CELL, CELL, CELL, Style(fill=CENTRE_TINT))
                             for r, c in CENTRE if (r, c) in s.centre)
                       + tuple(Rect(BOARD_X + c * CELL, BOARD_Y + r * CELL, CELL, CELL,
                                    Style(stroke="#9a9a9a", width=0.8, dash=(2, 2)))
                               for r, c in CENTRE), id="centre"))
    net_items, colours = _networks(s)
    items.extend(_unchanging())
    items.append(Group(tuple(i for i in net_items if isinstance(i, Line)), id="networks"))
    items.append(Group(tuple(_space(cell, r, c) for r, c, cell in s.board.cells() if not cell.empty),
                       id="spaces"))
    items.append(Group(tuple(i for i in net_items if not isinstance(i, Line)), id="network-exits"))
    items.append(Group(tuple(_trace(s.highway.path, HIGHWAY_TRACE, -2.2)), id="longest-highway"))
    items.append(Group(tuple(_trace(s.railway.path, RAILWAY_TRACE, 2.2)), id="longest-railway"))
    ring = Style(stroke=ERROR, width=1.6)
    items.append(Group(tuple(Circle(*_side_point(e.row, e.col, e.side, 0.36), CELL * 0.17, ring)
                             for e in s.errors), id="errors"))
    below = BOARD_Y + SIZE * CELL + mm(12)
    table, height = _score_table(s, lang, PAGE_W - mm(100), below, mm(88))
    items.append(_legend(s, colours, lang, BOARD_X - mm(12), below + mm(3), mm(85)))
    items.append(table)
    if s.violations:
        lines: list[Item] = [Text(BOARD_X - mm(12), below + height + mm(12), f"{t['violations']} "
                                  f"({len(s.violations)}):", 10, INK, "bold")]
        for k, v in enumerate(s.violations[:12]):
            text = v.text(lang)
            lines.append(Text(BOARD_X - mm(12), below + height + mm(17) + k * mm(4.6), text,
                              fit_size(text, PAGE_W - mm(30), 8.5), SOFT))
        if len(s.violations) > 12:
            lines.append(Text(BOARD_X - mm(12), below + height + mm(17) + 12 * mm(4.6),
                              f"… +{len(s.violations) - 12}", 8.5, SOFT))
        items.append(Group(tuple(lines), id="violations"))
    return Page(PAGE_W, PAGE_H, tuple(items), label=s.player)


def empty_board(margin: float = mm(16)) -> Page:
    """The scored picture's board alone — frame, grid, row and column labels, the centre's
    outline and the exit stubs, no space drawn — on a page ``margin`` wider than the board on
    every side (``railprint serve``'s editor draws the spaces over it, a board square being
    ``CELL`` on this page). The labels are twice the printed picture's: a phone shows a square
    about 39 px wide, where the printed 9 pt labels were 6 px high, too small to read a
    violation's square name off the board."""
    dashed = Style(stroke="#9a9a9a", width=0.8, dash=(2, 2))
    centre = tuple(Rect(BOARD_X + c * CELL, BOARD_Y + r * CELL, CELL, CELL, dashed) for r, c in CENTRE)
    items = (Group(centre, id="centre"), Group(tuple(_board_frame(label=18, gap=mm(10))), id="frame"),
             Group(tuple(_exit_stubs()), id="exits"))
    side = SIZE * CELL + 2 * margin
    return Page(side, side, (Group(items, transform=(1, 0, 0, 1, margin - BOARD_X, margin - BOARD_Y)),),
                label="board")


_PAGES: "OrderedDict[tuple[int, str], tuple[Scoring, Page]]" = OrderedDict()
_PAGES_LOCK = threading.Lock()


def _sheet_page(s: Scoring, lang: str) -> Page:
    """:func:`_page`, drawn once for a scored sheet (the very same :class:`Scoring` object: a
    sheet's score is worked out once for its text, see ``_score_text``): ``railprint serve``
    draws a table's picture at a change of any one sheet, and the other sheets' pages are the
    same objects as before (so their SVG, made once, is reused too)."""
    key = (id(s), lang)
    with _PAGES_LOCK:
        known = _PAGES.get(key)
        if known is not None and known[0] is s:
            _PAGES.move_to_end(key)
            return known[1]
    page = _page(s, lang)
    with _PAGES_LOCK:
        _PAGES[key] = (s, page)  # the sheet is kept with its page: its id is not reused meanwhile
        _PAGES.move_to_end(key)
        while len(_PAGES) > 256:
            _PAGES.popitem(last=False)
    return page


def picture(sheets, lang: str = "en") -> Document:
    """One page per scored sheet."""
    key = str(lang).strip().lower()
    if key not in LABELS:
        raise RailprintError(f"unknown picture language {lang!r}", hint=suggestion(key, LABELS))
    pages = tuple(_sheet_page(s, key) for s in sheets)
    title = LABELS[key]["title"] + " — " + ", ".join(s.player for s in sheets if s.player)
    return Document(pages, title=title, subject="scored sheet")


__all__ = ["CELL", "empty_board", "picture"]
