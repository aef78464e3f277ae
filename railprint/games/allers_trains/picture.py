"""``--picture``: each player's replayed frame (frames way in) with every locomotive's path in
its colour, and the score; typed arrivals get the station table alone. One A4 page per player.

Group ids (``frame-<player>``, ``tiles``, ``paths``, ``stations``, ``score``) keep the scene easy
to inspect in tests.
"""

from __future__ import annotations

from railprint.draw.tracks import Box, centreline, segment_path
from railprint.scene import Circle, Document, Group, Line, Page, Path, Rect, Style, Text
from railprint.units import mm

from .frame import COLS, DEPOT, DEPOT_PORTS, OUTER, ROWS, STATIONS, square_name
from .replay import across, inside
from .rules import GameScore, PlayerScore, route_reading
from .words import words

PAGE_W, PAGE_H = mm(210), mm(297)
CELL = mm(38)
X0, Y0 = mm(29), mm(40)
LOCO = {"blue": "#2f6db5", "violet": "#7e3fa0", "black": "#2b2b2b", "red": "#c62f2f"}
INK = Style(fill="#2b2b2b")
GRID = Style(stroke="#9a9486", width=0.6, dash=(2, 2))
TRACK = Style(stroke="#c9c2b0", width=mm(2.2), cap="round")


def _box(cell: tuple[int, int]) -> Box:
    x, y = cell
    return Box(X0 + x * CELL, Y0 + (ROWS - 1 - y) * CELL, CELL, CELL)


_OUTSIDE = {"N": (0, 1, ("S0", "S1")), "E": (1, 0, ("W0", "W1")), "S": (0, -1, ("N0", "N1")),
            "W": (-1, 0, ("E0", "E1"))}  # the square beyond an outer edge, and its ports there


def _fragment(cell: tuple[int, int], side: str, style: Style) -> Path:
    """A U-turn fragment on the outer edge ``side`` of ``cell``, drawn in the square beyond it."""
    dx, dy, (a, b) = _OUTSIDE[side]
    return Path(segment_path(centreline(a, b, _box((cell[0] + dx, cell[1] + dy)))), style)


def _tiles(p: PlayerScore) -> Group:
    items: list = [Rect(X0, Y0, COLS * CELL, ROWS * CELL, Style(fill="#fbf8ef", stroke="#2b2b2b", width=1))]
    for x in range(COLS):
        for y in range(ROWS):
            b = _box((x, y))
            items.append(Rect(b.x, b.y, b.w, b.h, GRID))
            items.append(Text(b.x + mm(1.5), b.y + mm(4), square_name((x, y)), 7, Style(fill="#9a9486")))
    depot = _box(DEPOT)
    items.append(Rect(depot.x, depot.y, depot.w, depot.h, Style(fill="#d8d2c2")))
    for port, colour in DEPOT_PORTS.items():
        items.append(Path(segment_path(centreline(port, "end", depot, end_length=mm(9))), 
                          Style(stroke=LOCO[colour], width=mm(2.2), cap="round")))
    for cell, pairs in (p.frame.tiles.items() if p.frame else ()):
        done = set()
        for a, b in pairs.items():
            if (b, a) in done:
                continue
            done.add((a, b))
            items.append(Path(segment_path(centreline(a, b, _box(cell), bend=0.42)), TRACK))
    return Group(tuple(items), id="tiles")


def _stations() -> Group:
    items: list = []
    for (cell, side), number in OUTER.items():
        b = _box(cell)
        cx, cy = b.x + b.w / 2, b.y + b.h / 2
        dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[side]
        px, py = cx + dx * (b.w / 2 + mm(5)), cy + dy * (b.h / 2 + mm(5))
        if number is None:
            items.append(_fragment(cell, side, TRACK))
            continue
        s = STATIONS[number - 1]
        items.append(Circle(px, py, mm(4), Style(fill=s.colour, stroke="#2b2b2b", width=0.6)))
        items.append(Text(px, py + mm(1.3), str(number), 9, Style(fill="#ffffff"), "bold", "middle"))
        label_y = py + (mm(8) if side == "S" else -mm(6) if side == "N" else mm(8))
        items.append(Text(px, label_y, s.name, 6.5, INK, anchor="middle"))
    return Group(tuple(items), id="stations")


def _paths(p: PlayerScore) -> Group:
    items: list = []
    if p.frame is None:
        return Group((), id="paths")
    for lo in p.frame.locos:
        style = Style(stroke=LOCO[lo.colour], width=mm(1.2), cap="round", opacity=0.9)
        end = None
        for (cell, port), after in zip(lo.path, [*lo.path[1:], None]):
            out = p.frame.tiles[cell][port]
            c = centreline(port, out, _box(cell), bend=0.42)
            items.append(Path(segment_path(c), style))
            end = c.end
            if after is not None and not inside(across((cell, out))[0]):
                items.append(_fragment(cell, out[0], style))  # through a U-turn fragment
        if end is None:
            continue
        if lo.state == "collided":
            r = mm(2.5)
            for sx in (-1, 1):
                items.append(Line(end[0] - r, end[1] - sx * r, end[0] + r, end[1] + sx * r,
                                  Style(stroke="#d40000", width=mm(0.8))))
        else:
            items.append(Circle(end[0], end[1], mm(1.8), Style(fill=LOCO[lo.colour], stroke="#ffffff", width=0.8)))
    return Group(tuple(items), id="paths")


def _score(game: GameScore, p: PlayerScore, lang: str) -> Group:
    w = words(lang)
    y = Y0 + ROWS * CELL + mm(16)
    lines = []
    if game.mode != "route":
        for number, rnd in p.arrivals:
            lines.append(f"{number} {STATIONS[number - 1].name}: {w['round']} {rnd}, {w['space']} "
                         f"{p.spaces[number]} → {p.stations[number]}")
        lines.append(f"{w['stations']}: {p.station_points}")
    if game.mode != "stations":
        lines.append(f"{w['route']}: {p.route_points} ({route_reading(p.route_points)})")
    if p.frame is not None:
        for lo in p.frame.locos:
            station = STATIONS[lo.station - 1].name if lo.station else ""
            lines.append(f"{w['locos'][lo.colour]}: " + w["states"][lo.state].format(station=station, round=lo.round))
    items = [Text(X0, y + i * mm(5.2), line, 9, INK) for i, line in enumerate(lines)]
    return Group(tuple(items), id="score")


def _page(game: GameScore, p: PlayerScore, lang: str) -> Page:
    w = words(lang)
    head = f"{p.rank}. {p.name} — {p.total} {w['points']} ({w['modes'][game.mode]})"
    items = [Text(X0, mm(16), f"Jedzie pociąg z daleka — {w['title']}", 14, INK, "bold"),
             Text(X0, mm(24), head, 11, INK),
             Group((_tiles(p), _stations(), _paths(p)), id=f"frame-{p.name}"),
             _score(game, p, lang)]
    return Page(PAGE_W, PAGE_H, tuple(items), label=p.name)


def picture(games: list[GameScore], lang: str = "en") -> Document:
    pages = tuple(_page(g, p, lang) for g in games for p in g.players)
    return Document(pages, title="Jedzie pociąg z daleka", subject="railprint score allers-trains")
