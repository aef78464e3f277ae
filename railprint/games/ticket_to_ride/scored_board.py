"""Pictures of a scored Ticket to Ride game, drawn over the printable board of
:mod:`railprint.games.ticket_to_ride.board`.

:func:`draw_scored_board` gives the board (``width`` x ``height`` points, default 54 x 80 cm)
with, per player: the regions counted by each scoring network shaded in the player's colour
(maps with a region bonus), the completed tickets' route chains highlighted, and a train
piece of the player's colour on every claimed space. :func:`score_page` puts that board and a
score panel on one page. The input is plain data (:class:`PlayerPicture`), so anything that
scores a game can draw it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from railprint.games.ticket_to_ride.board import board_geometry, default_size, draw_board
from railprint.text.measure import fit_size
from railprint.games.ticket_to_ride.model import TTRMap
from railprint.scene import (Circle, Group, Item, Page, Path, Rect, Style, Text, compose, rotate, scale,
                             translate)
from railprint.units import mm

INK = "#1d1d1b"


@dataclass(frozen=True)
class PlayerPicture:
    name: str
    colour: str                                   # "#rrggbb"
    routes: tuple[str, ...]                        # claimed route ids
    ticket_chains: tuple[tuple[str, ...], ...] = ()   # route ids of each completed ticket's path
    regions: tuple[str, ...] = ()                  # region ids to shade (scoring networks)
    rows: tuple[tuple[str, str], ...] = ()         # (category, value) rows for the panel
    notes: tuple[str, ...] = ()                    # ticket lines etc. under the rows
    headline: str = ""                             # e.g. "1. Ala — 87"
    stations: tuple[tuple[str, str | None], ...] = ()  # (city id, borrowed route id or None)


def _polyline(points, style: Style) -> Path:
    cmds = [("M", *points[0])] + [("L", *p) for p in points[1:]]
    return Path(tuple(cmds), style)


def _route_line(m: TTRMap, geo, rid: str) -> list[tuple[float, float]]:
    """From one end of a route through the centres of its car spaces to the other end."""
    route = m.route[rid]
    a, b = geo.nodes[route.a], geo.nodes[route.b]
    pts = list(geo.paths.get(rid, ()))
    if pts and math.dist(a, pts[0]) > math.dist(a, pts[-1]):
        pts.reverse()
    return [a, *pts, b]


def draw_scored_board(m: TTRMap, players: list[PlayerPicture], width: float | None = None,
                      height: float | None = None, *, lang: str = "en", veil: float = 0.55) -> Group:
    """The board with every player's claims, completed tickets and shaded regions.

    The plain board is drawn first and faded under a white ``veil`` (0 = none) so that what
    the players did stands out; then the shaded regions, the highlighted ticket paths, a
    train piece of the player's colour on every claimed space, and the city markers and names.
    """
    if width is None or height is None:
        width, height = default_size(m)
    geo = board_geometry(m, width, height, lang=lang)
    u = geo.unit
    board, places = _unchanging(m, geo, width, height, lang)
    items: list[Item] = [board]
    if veil:
        inner = geo.inner
        items.append(Rect(inner.x, inner.y, inner.w, inner.h, Style(fill="#ffffff", opacity=veil)))

    cells_by_site = dict(geo.cells)
    shades: list[Item] = []
    for p in players:
        for region in p.regions:
            for city in m.cities_of_region(region):
                poly = cells_by_site.get(city)
                if poly:
                    shades.append(Path((("M", *poly[0]), *(("L", *q) for q in poly[1:]), ("Z",)),
                                       Style(fill=p.colour, opacity=0.25)))
    if shades:
        items.append(Group(tuple(shades), clip=geo.inner, id="network-regions"))

    highlights: list[Item] = []
    for p in players:
        for chain in p.ticket_chains:
            for rid in chain:
                pts = _route_line(m, geo, rid)
                if len(pts) > 1:
                    highlights.append(_polyline(pts, Style(stroke=p.colour, width=14 * u, opacity=0.3,
                                                           cap="round", join="round")))
    if highlights:
        items.append(Group(tuple(highlights), id="ticket-paths"))

    pieces: list[Item] = []
    drawn: set[str] = set()
    for p in players:
        for rid in p.routes:
            if rid in drawn:
                continue
            drawn.add(rid)
            pieces += _train_pieces(geo, rid, p.colour)
    items.append(Group(tuple(pieces), id="claimed"))

    items.append(places)
    stations = _stations(m, geo, players)
    if stations:
        items.append(Group(tuple(stations), id="stations"))
    return Group(tuple(items), id=f"scored-{m.id}")


_PIECES: dict[tuple, tuple] = {}  # (id(geo), route id, colour) -> (geo, the route's train pieces)


def _train_pieces(geo, rid: str, colour: str) -> tuple[Group, ...]:
    """A train piece of ``colour`` on every car space of route ``rid``: made once for the board
    geometry, route and colour, and marked ``keep`` (the same claim drawn in every later version
    of a game: a writer makes each piece's SVG once)."""
    key = (id(geo), rid, colour)
    entry = _PIECES.get(key)
    if entry is not None and entry[0] is geo:
        return entry[1]
    u = geo.unit
    pieces = []
    for car in geo.cars.get(rid, ()):
        length, wide = car.length * 0.9, car.width * 0.78
        pieces.append(Group((Rect(-length / 2, -wide / 2, length, wide,
                                  Style(fill=colour, stroke="#000000", width=0.8 * u), r=1.2 * u),),
                            compose(translate(car.x, car.y), rotate(car.angle)), keep=True))
    if len(_PIECES) >= 8192:
        _PIECES.clear()
    _PIECES[key] = (geo, tuple(pieces))
    return _PIECES[key][1]


_UNCHANGING: dict[tuple, tuple] = {}


def _unchanging(m: TTRMap, geo, width: float, height: float, lang: str) -> tuple[Group, Group]:
    """The board and the places over the claims (city markers and names): the same for every
    game on this map, so drawn once per board geometry and marked ``keep`` (a writer makes their
    SVG once — 18,000 elements for Italy — and every version's picture reuses it)."""
    key = (id(geo), round(width, 3), round(height, 3), lang)
    entry = _UNCHANGING.get(key)
    if entry is not None and entry[0] is geo:
        return entry[1], entry[2]
    u = geo.unit
    board = draw_board(m, width, height, lang=lang, geometry=geo)
    board = Group(board.items, board.transform, board.clip, board.id, keep=True)
    marks: list[Item] = []
    for area in m.areas:
        for ep in area.endpoints:
            x, y = geo.nodes[ep.id]
            r = geo.city_radius * 0.6
            marks.append(Rect(x - r, y - r, 2 * r, 2 * r, Style(fill="#42525e"), r=0.5 * u))
    for city in m.cities:
        x, y = geo.nodes[city.id]
        marks.append(Circle(x, y, geo.city_radius, Style(fill="#ffffff", stroke=INK, width=1.2 * u)))
        marks.append(Circle(x, y, geo.city_radius * 0.45, Style(fill="#b3261e")))
    for lab in geo.labels.values():
        x0, y0, x1, y1 = lab.box
        marks.append(Rect(x0, y0, x1 - x0, y1 - y0, Style(fill="#ffffff", opacity=0.85), r=1.5 * u))
        marks.append(Text(lab.x, lab.y, lab.text, lab.size, Style(fill=INK), font="bold", anchor="middle"))
    for lab in geo.area_labels.values():
        marks.append(Text(lab.x, lab.y, lab.text, lab.size, Style(fill="#42525e"), font="bold", anchor="middle"))
    places = Group(tuple(marks), id="places", keep=True)
    if len(_UNCHANGING) >= 8:
        _UNCHANGING.clear()
    _UNCHANGING[key] = (geo, board, places)
    return board, places


def _stations(m: TTRMap, geo, players: list[PlayerPicture]) -> list[Item]:
    """Each station as the printed piece (the station in white on the player's colour) beside its
    city, and the route it borrows dashed in the player's colour over the other player's trains."""
    from railprint.draw.icons import ICONS

    u = geo.unit
    out: list[Item] = []
    for p in players:
        for city, rid in p.stations:
            if rid is not None:
                pts = _route_line(m, geo, rid)
                out.append(_polyline(pts, Style(stroke="#ffffff", width=7 * u, cap="round", join="round")))
                out.append(_polyline(pts, Style(stroke=p.colour, width=4.5 * u, dash=(9 * u, 6 * u),
                                                cap="round", join="round")))
    for p in players:
        for city, _ in p.stations:
            x, y = geo.nodes[city]
            side = geo.city_radius * 2.6
            cx, cy = x + geo.city_radius * 1.2, y - geo.city_radius * 1.2
            out.append(Rect(cx - side / 2, cy - side / 2, side, side,
                            Style(fill=p.colour, stroke="#000000", width=0.8 * u), r=side * 0.18))
            out.append(Group(tuple(ICONS["station"](side * 0.8, "#ffffff")), translate(cx, cy + side * 0.04)))
    return out


PANEL_TEXT = {
    "en": {"title": "Scores", "rank": "rank", "violations": "Rule violations"},
    "pl": {"title": "Wyniki", "rank": "miejsce", "violations": "Naruszenia zasad"},
}


def _panel(players: list[PlayerPicture], x: float, y: float, w: float, h: float, title: str,
           violations: tuple[str, ...], lang: str) -> list[Item]:
    t = PANEL_TEXT.get(lang, PANEL_TEXT["en"])
    items: list[Item] = [Rect(x, y, w, h, Style(fill="#fbf8f0", stroke="#c8bfa6", width=0.8), r=mm(2))]
    pad = mm(5)
    cx, cy = x + pad, y + pad + 14
    size = fit_size(title, w - 2 * pad, 14, "bold")
    items.append(Text(cx, cy, title, size, Style(fill=INK), font="bold"))
    cy += mm(8)
    rows_total = sum(len(p.rows) + len(p.notes) + 2 for p in players) + (len(violations) + 2 if violations else 0)
    line = max(6.0, min(15.0, (y + h - pad - cy) / max(rows_total, 1)))
    fs = line * 0.78
    for p in players:
        items.append(Rect(cx, cy - fs * 0.8, fs * 1.1, fs * 0.9, Style(fill=p.colour, stroke=INK, width=0.4), r=1))
        head = p.headline or p.name
        items.append(Text(cx + fs * 1.6, cy, head, fit_size(head, w - 2 * pad - fs * 1.6, fs * 1.15, "bold"),
                          Style(fill=INK), font="bold"))
        cy += line * 1.2
        right = x + w - pad
        for label, value in p.rows:
            items.append(Text(cx + fs, cy, label, fit_size(label, right - cx - fs * 5, fs), Style(fill=INK)))
            items.append(Text(right, cy, value, fs, Style(fill=INK), anchor="end"))
            cy += line
        for note in p.notes:
            size = fit_size(note, w - 2 * pad - fs, fs * 0.9)
            items.append(Text(cx + fs, cy, note, size, Style(fill="#4a4a4a")))
            cy += line
        cy += line * 0.6
    if violations:
        items.append(Text(cx, cy, t["violations"], fs, Style(fill="#a0281e"), font="bold"))
        cy += line
        for v in violations:
            items.append(Text(cx + fs, cy, v, fit_size(v, w - 2 * pad - fs, fs * 0.9), Style(fill="#a0281e")))
            cy += line
    return items


def score_page(m: TTRMap, players: list[PlayerPicture], *, title: str, lang: str = "en",
               violations: tuple[str, ...] = ()) -> Page:
    """One page: the scored board and a score panel beside it (or below, for wide maps)."""
    bw, bh = default_size(m)
    board = draw_scored_board(m, players, bw, bh, lang=lang)
    margin = mm(10)
    if bw <= bh:      # portrait board: A3 landscape, panel on the right
        pw, ph = mm(420), mm(297)
        s = (ph - 2 * margin) / bh
        panel = (margin * 2 + bw * s, margin, pw - bw * s - 3 * margin, ph - 2 * margin)
    else:             # landscape board: A3 portrait, panel below
        pw, ph = mm(297), mm(420)
        s = (pw - 2 * margin) / bw
        panel = (margin, margin * 2 + bh * s, pw - 2 * margin, ph - bh * s - 3 * margin)
    placed = Group((board,), compose(translate(margin, margin), scale(s)), id="board")
    items: list[Item] = [placed]
    items += _panel(players, *panel, title, violations, lang)
    return Page(pw, ph, tuple(items), label=title)

