"""The scored game as a picture: one A4 page per game file.

The map (when the file gives one) is drawn tile by tile with the set's own track drawing
(:mod:`railprint.draw.tracks`); every circuit the scorer found is traced over it in its own
colour and numbered. Below: the score table, the map check and the rule violations. Group ids
(``map``, ``tiles``, ``circuits``, ``score-table``, ``violations``) keep the scene easy to
inspect in tests.
"""

from __future__ import annotations

from railprint.draw.tracks import Box, centreline, draw_tracks, polyline
from railprint.text.measure import fit_size
from railprint.model.deck import TrackLayer
from railprint.scene import Circle, Document, Group, Item, Page, Path, Rect, Style, Text, translate
from railprint.units import mm

from .notation import square_label
from .rules import GameScore, segments_of
from .words import words

PAGE_W, PAGE_H = mm(210), mm(297)
MARGIN = mm(15)
MAP_W, MAP_H = mm(180), mm(150)
GROUND = "#e9e4c6"
CITY = {"red": "#c0392b", "green": "#2e8b57", "yellow": "#e8b606", "blue": "#2f6db5"}
TRACE = ("#e6007e", "#0072b2", "#009e73", "#d55e00", "#7e22ce", "#000000", "#56b4e9")
INK = Style(fill="#222222")
SOFT = Style(fill="#555555")


def _pt(points: float) -> str:
    return f"{points:.4f}pt"


def _tile(square, size: float) -> list[Item]:
    items: list[Item] = [Rect(0, 0, size, size, Style(fill=GROUND, stroke="#b9ad8c", width=0.4))]
    segments = [list(s) for s in segments_of(square)]
    if square.is_city:
        layer = TrackLayer(type="track", segments=[["N", "S"], ["E", "W"]], bridge=False, background=GROUND,
                           width=_pt(size * 0.14), overrun="0pt")
        items += draw_tracks(layer, size, size)
        items.append(Rect(size * 0.25, size * 0.25, size * 0.5, size * 0.5,
                          Style(fill=CITY[square.colour], stroke="#222222", width=0.6), r=size * 0.06))
        return items
    if square.flag == "h":
        for r, fill in ((0.46, "#dcd3a4"), (0.33, "#cfc38c"), (0.2, "#c1b377")):
            items.append(Circle(size / 2, size / 2, size * r, Style(fill=fill)))
    layer = TrackLayer(type="track", segments=segments, background=GROUND, width=_pt(size * 0.14),
                       overrun="0pt", end_length=_pt(size * 0.28))
    items += draw_tracks(layer, size, size)
    if square.flag == "w":
        items.append(Rect(size * 0.08, size * 0.62, size * 0.16, size * 0.28, Style(fill="#5a6f86"), r=1))
    if square.flag == "o":
        items.append(Rect(size * 0.06, size * 0.06, size * 0.18, size * 0.18,
                          Style(fill="#fbf8ee", stroke="#8a3b2e", width=0.8), r=1))
    return items


def _trace(circuit, size: float, colour: str, offset: float) -> Item:
    """A circuit's route through the centres of its segments (cities: through the centre)."""
    cmds: list[tuple] = []
    for pos, a, b in circuit.pieces:
        x0, y0 = pos[1] * size, pos[0] * size
        box = Box(x0 + offset, y0 + offset, size - 2 * offset, size - 2 * offset)
        if pos in circuit.cities:
            line = [centreline(a, "end", box).start, (x0 + size / 2, y0 + size / 2), centreline(b, "end", box).start]
        else:
            line = polyline(centreline(a, b, box))
        cmds.append(("M", *line[0]))
        cmds += [("L", *p) for p in line[1:]]
    return Path(tuple(cmds), Style(stroke=colour, width=size * 0.08, opacity=0.75, cap="round", join="round"))


def _map_group(game: GameScore, lang: str) -> tuple[Group, float]:
    m = game.game.map
    size = min(MAP_W / max(m.cols, 1), MAP_H / max(m.rows, 1), mm(30))
    tiles = [Group(tuple(_tile(s, size)), transform=translate(s.col * size, s.row * size),
                   id=f"tile-{square_label(s.row, s.col)}") for s in m.squares]
    labels: list[Item] = []
    for c in range(m.cols):
        labels.append(Text(c * size + size / 2, -mm(1.5), square_label(0, c)[:-1], 7, SOFT, anchor="middle"))
    for r in range(m.rows):
        labels.append(Text(-mm(1.5), r * size + size / 2 + 2.5, str(r + 1), 7, SOFT, anchor="end"))
    traces: list[Item] = []
    check = game.map_check
    for n, circuit in enumerate(check.circuits if check else ()):
        colour = TRACE[n % len(TRACE)]
        offset = size * 0.05 * (n % 3)
        traces.append(Group((_trace(circuit, size, colour, offset),), id=f"circuit-{n + 1}"))
        (r, c), *_ = circuit.pieces[0]
        traces.append(Circle(c * size + size * 0.82, r * size + size * 0.18, size * 0.1, Style(fill=colour)))
        traces.append(Text(c * size + size * 0.82, r * size + size * 0.18 + size * 0.05, str(n + 1),
                           size * 0.14, Style(fill="#ffffff"), font="bold", anchor="middle"))
    group = Group((Group(tuple(tiles), id="tiles"), Group(tuple(labels), id="labels"),
                   Group(tuple(traces), id="circuits")), transform=translate(MARGIN + mm(4), MARGIN + mm(14)),
                  id="map")
    return group, m.rows * size + mm(14)


def score_page(game: GameScore, lang: str = "en") -> Page:
    w = words(lang)
    items: list[Item] = []
    title = f"{w['title']} — {game.game.title or game.game.file}"
    items.append(Text(MARGIN, MARGIN + mm(5), title, fit_size(title, PAGE_W - 2 * MARGIN, 14, "bold"), INK,
                      font="bold"))
    y = MARGIN + mm(10)
    if game.game.map is not None:
        group, height = _map_group(game, lang)
        items.append(group)
        y += height + mm(4)
    else:
        items.append(Text(MARGIN, y + mm(4), w["no_map"], 9, SOFT))
        y += mm(8)
    headers = [w["rank"], w["player"], w["goods"], w["colours"], w["bonus"], w["circuits"], w["steam"], w["total"]]
    xs = [0, 14, 60, 80, 100, 130, 150, 168]
    rows: list[Item] = [Text(MARGIN + mm(x), y + mm(5), h, 8, INK, font="bold") for x, h in zip(xs, headers)]
    for i, p in enumerate(sorted(game.players, key=lambda p: p.rank)):
        yy = y + mm(11 + 6 * i)
        cells = [p.rank, p.name, p.goods, p.colours, p.colour_bonus, p.circuits, p.steam, p.total]
        for x, cell in zip(xs, cells):
            text = str(cell)
            rows.append(Text(MARGIN + mm(x), yy, text, fit_size(text, mm(44), 9) if x == 14 else 9, INK,
                             font="bold" if p.rank == 1 else "regular"))
    items.append(Group(tuple(rows), id="score-table"))
    y += mm(13 + 6 * len(game.players))
    notes = []
    check = game.map_check
    if check is not None:
        notes.append(w["map_summary"].format(tiles=check.tiles, cities=check.cities, found=len(check.circuits)))
        if check.allowed is not None:
            notes.append(w["map_allowed"].format(allowed=check.allowed))
        elif check.overlay_tiles:
            notes.append(w["map_unchecked"].format(overlays=check.overlay_tiles))
    items.append(Group(tuple(Text(MARGIN, y + mm(5 * i), t, fit_size(t, PAGE_W - 2 * MARGIN, 8), SOFT)
                             for i, t in enumerate(notes)), id="map-check"))
    y += mm(5 * len(notes) + 4)
    bad: list[Item] = []
    if game.violations:
        bad.append(Text(MARGIN, y, f"{w['violations']} ({len(game.violations)})", 9, Style(fill="#b00020"),
                        font="bold"))
        for i, v in enumerate(game.violations[:20]):
            text = v.text(lang)
            bad.append(Text(MARGIN, y + mm(5 * (i + 1)), text, fit_size(text, PAGE_W - 2 * MARGIN, 7.5),
                            Style(fill="#b00020")))
    items.append(Group(tuple(bad), id="violations"))
    return Page(PAGE_W, PAGE_H, tuple(items), label=title)


def picture(games: list[GameScore], lang: str = "en") -> Document:
    pages = tuple(score_page(g, lang) for g in games)
    return Document(pages, title=pages[0].label if pages else "Days of Steam",
                    subject="railprint score days-of-steam")
