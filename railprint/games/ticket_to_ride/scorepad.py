"""Ticket to Ride score pads: one page per map, as many game blocks as fit, each a table with a
row per player (the map's maximum) and a column per scoring category.

Columns come from the map's scoring rules: routes, tickets completed (+), tickets failed (−),
the map's bonus (Globetrotter, region bonus per network, longest-path bonus), unused stations,
total, then the tie-break columns (completed tickets, stations used, longest path). The foot of the page repeats the
route-scoring table and, where the map has one, the region-bonus table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field

from railprint.errors import ContentError
from railprint.text.measure import fit_size, text_width
from railprint.layout.paper import Paper, furniture, paper as get_paper, revision_label, usable_area
from railprint.loading.schema import Spec, validate
from railprint.loading.yamlio import load_file
from railprint.games.ticket_to_ride.model import TTRMap
from railprint.records import Record
from railprint.scene import Document, Group, Item, Line, Page, Rect, Style, Text
from railprint.units import mm
from railprint.words import plural

INK = "#1d1d1b"
GREY = "#555555"
HEAD_FILL = "#e9e4d4"
TOTAL_FILL = "#f6f1e1"

TEXT = {
    "en": {
        "title": "score pad",
        "game": "Game",
        "date": "date",
        "player": "Player",
        "routes": "Routes",
        "tickets_plus": "Tickets +",
        "tickets_minus": "Tickets −",
        "globetrotter": "Globetrotter",
        "region_bonus": "Region bonus",
        "longest_bonus": "Longest path",
        "total": "Total",
        "done": "Tickets done",
        "longest": "Longest path",
        "tie": "tie-breaks",
        "route_points": "Route points",
        "length": "length",
        "points": "points",
        "regions": "Regions per network",
        "n_regions": "regions",
        "rank": "Rank",
        "trains": ("{n} train each", "{n} trains each"),
        "players": "{a}–{b} players",
        "stations": "Stations",
        "stations_used": "Stations used",
        "station_rule": "each unused station: {n} points",
    },
    "pl": {
        "title": "bloczek punktacji",
        "game": "Gra",
        "date": "data",
        "player": "Gracz",
        "routes": "Trasy",
        "tickets_plus": "Bilety +",
        "tickets_minus": "Bilety −",
        "globetrotter": "Globtroter",
        "region_bonus": "Premia za regiony",
        "longest_bonus": "Najdłuższa trasa",
        "total": "Suma",
        "done": "Wykonane bilety",
        "longest": "Najdłuższa trasa",
        "tie": "rozstrzyganie remisów",
        "route_points": "Punkty za trasy",
        "length": "długość",
        "points": "punkty",
        "regions": "Regiony w sieci",
        "n_regions": "regiony",
        "rank": "Miejsce",
        "trains": ("po {n} wagonie", "po {n} wagony", "po {n} wagonów"),
        "players": "dla {a}–{b} graczy",
        "stations": "Dworce",
        "stations_used": "Użyte dworce",
        "station_rule": "każdy niewykorzystany dworzec: {n} pkt",
    },
}


def _t(lang: str) -> dict:
    return TEXT.get(lang, TEXT["en"])


class ScorepadSpec(Spec):
    """``kind: scorepad`` content file for a Ticket to Ride map."""

    kind: Literal["scorepad"]
    id: str
    game: str
    title: dict[str, str]
    revision: Annotated[int, Field(ge=1)] = 1
    map: str
    games_per_page: Annotated[int, Field(ge=1, le=8)] | None = None
    note: str = ""


def load_scorepad_spec(path: str | Path) -> ScorepadSpec:
    data = load_file(Path(path), error=ContentError)
    return validate(ScorepadSpec, data, str(path), what="score pad")


class Column(Record):
    key: str
    heading: str
    weight: float        # share of the width
    kind: str = "score"  # name | score | total | tie


def columns(m: TTRMap, lang: str = "en") -> list[Column]:
    """The score pad's columns for map ``m``, in order."""
    t = _t(lang)
    cols = [Column("player", t["player"], 2.4, "name"),
            Column("routes", t["routes"], 1.0),
            Column("tickets_plus", t["tickets_plus"], 1.0),
            Column("tickets_minus", t["tickets_minus"], 1.0)]
    if m.globetrotter is not None:
        cols.append(Column("globetrotter", t["globetrotter"], 1.0))
    if m.region_bonus is not None:
        cols.append(Column("region_bonus", t["region_bonus"], 1.15))
    if m.longest_path_bonus is not None:
        cols.append(Column("longest_bonus", t["longest_bonus"], 1.0))
    if m.stations is not None:
        cols.append(Column("stations", t["stations"], 1.0))
    cols.append(Column("total", t["total"], 1.0, "total"))
    for key in m.tie_breaks:
        if key == "tickets_completed":
            cols.append(Column("done", t["done"], 0.9, "tie"))
        elif key == "fewest_stations_used":
            cols.append(Column("stations_used", t["stations_used"], 0.9, "tie"))
        elif key == "longest_path":
            cols.append(Column("longest", t["longest"], 0.9, "tie"))
    cols.append(Column("rank", t["rank"], 0.75, "rank"))
    return cols


def _wrap2(text: str, width: float, size: float, font: str) -> tuple[list[str], float]:
    """One or two lines fitting ``width``; shrinks the size if a word is too wide."""
    if text_width(text, size, font) <= width:
        return [text], size
    words = text.split()
    best = None
    for i in range(1, len(words)):
        a, b = " ".join(words[:i]), " ".join(words[i:])
        w = max(text_width(a, size, font), text_width(b, size, font))
        if best is None or w < best[0]:
            best = (w, [a, b])
    if best is None:
        return [text], fit_size(text, width, size, font)
    lines = best[1]
    size = min(fit_size(line, width, size, font) for line in lines)
    return lines, size


def _block(m: TTRMap, x: float, y: float, w: float, row_h: float, head_h: float, number: int,
           lang: str) -> list[Item]:
    t = _t(lang)
    cols = columns(m, lang)
    players = m.players_max
    items: list[Item] = []
    items.append(Text(x, y + mm(4), f"{t['game']} {number}", 11, Style(fill=INK), font="bold"))
    date_x = x + mm(22)
    items.append(Text(date_x, y + mm(4), f"{t['date']}:", 8, Style(fill=GREY)))
    items.append(Line(date_x + mm(9), y + mm(4.3), date_x + mm(50), y + mm(4.3), Style(stroke=GREY, width=0.4)))
    top = y + mm(6)
    total_weight = sum(c.weight for c in cols)
    xs = [x]
    for c in cols:
        xs.append(xs[-1] + w * c.weight / total_weight)
    ties = [i for i, c in enumerate(cols) if c.kind == "tie"]
    # header
    for i, c in enumerate(cols):
        cx0, cx1 = xs[i], xs[i + 1]
        fill = "#eeeeee" if c.kind == "tie" else HEAD_FILL
        items.append(Rect(cx0, top, cx1 - cx0, head_h, Style(fill=fill, stroke=INK, width=0.5)))
        lines, size = _wrap2(c.heading, cx1 - cx0 - mm(2), 8.5, "bold")
        base = top + head_h / 2 + size * 0.35 - (len(lines) - 1) * size * 0.55
        for k, line in enumerate(lines):
            items.append(Text((cx0 + cx1) / 2, base + k * size * 1.1, line, size, Style(fill=INK),
                              font="bold", anchor="middle"))
    # body
    for p in range(players):
        ry = top + head_h + p * row_h
        for i, c in enumerate(cols):
            fill = TOTAL_FILL if c.kind == "total" else ("#fafafa" if c.kind == "tie" else "#ffffff")
            items.append(Rect(xs[i], ry, xs[i + 1] - xs[i], row_h, Style(fill=fill, stroke=INK, width=0.5)))
        items.append(Text(xs[0] + mm(1.5), ry + row_h - mm(1.5), str(p + 1), 6.5, Style(fill=GREY)))
    # thick lines: around the block, before the total and before the tie-breaks
    bottom = top + head_h + players * row_h
    thick = Style(stroke=INK, width=1.4)
    items.append(Rect(x, top, w, bottom - top, thick))
    total_i = next(i for i, c in enumerate(cols) if c.kind == "total")
    for i in (total_i, total_i + 1, len(cols) - 1):
        items.append(Line(xs[i], top, xs[i], bottom, thick))
    if ties:
        items.append(Text((xs[ties[0]] + xs[ties[-1] + 1]) / 2, bottom + mm(3), t["tie"], 6.5, Style(fill=GREY),
                          anchor="middle"))
    return items


def _footer_tables(m: TTRMap, area_x: float, y: float, w: float, lang: str) -> list[Item]:
    t = _t(lang)
    items: list[Item] = []
    cell = mm(9)
    rows = list(m.route_points)
    x = area_x
    items.append(Text(x, y, t["route_points"], 8.5, Style(fill=INK), font="bold"))
    label_w = mm(16)
    for k, (label, idx) in enumerate(((t["length"], 0), (t["points"], 1))):
        ry = y + mm(1.5) + k * mm(5.5)
        items.append(Text(x, ry + mm(4), label, 7, Style(fill=GREY)))
        for i, pair in enumerate(rows):
            cx = x + label_w + i * cell
            items.append(Rect(cx, ry, cell, mm(5.5), Style(fill=HEAD_FILL if k == 0 else "#ffffff", stroke=INK, width=0.4)))
            items.append(Text(cx + cell / 2, ry + mm(4), str(pair[idx]), 8, Style(fill=INK),
                              font="bold" if k else "regular", anchor="middle"))
    if m.stations is not None:
        x2 = x + label_w + len(rows) * cell + mm(8)
        items.append(Text(x2, y, t["stations"], 8.5, Style(fill=INK), font="bold"))
        items.append(Text(x2, y + mm(5.5), t["station_rule"].format(n=m.stations.points_unused), 7.5,
                          Style(fill=INK)))
    if m.region_bonus is not None:
        table = list(m.region_bonus.table)
        x2 = x + label_w + len(rows) * cell + mm(8)
        cell2 = min(mm(8), (area_x + w - x2 - label_w) / max(1, len(table)))
        items.append(Text(x2, y, t["regions"], 8.5, Style(fill=INK), font="bold"))
        for k, idx in ((0, 0), (1, 1)):
            ry = y + mm(1.5) + k * mm(5.5)
            items.append(Text(x2, ry + mm(4), t["n_regions"] if k == 0 else t["points"], 7, Style(fill=GREY)))
            for i, pair in enumerate(table):
                cx = x2 + label_w + i * cell2
                text = str(pair[idx]) + ("+" if k == 0 and i == len(table) - 1 else "")
                items.append(Rect(cx, ry, cell2, mm(5.5), Style(fill=HEAD_FILL if k == 0 else "#ffffff", stroke=INK, width=0.4)))
                items.append(Text(cx + cell2 / 2, ry + mm(4), text, 7.5, Style(fill=INK),
                                  font="bold" if k else "regular", anchor="middle"))
    return items


def scorepad_page(m: TTRMap, *, sheet: Paper, lang: str = "en", games: int | None = None,
                  page: int = 1, pages: int = 1, detail: str = "") -> Page:
    t = _t(lang)
    area = usable_area(sheet)
    title = f"{m.title(lang)} — {t['title']}"
    items: list[Item] = [Text(area.x, area.y + mm(6), title, 15, Style(fill=INK), font="bold")]
    trains = plural(m.trains_per_player, t["trains"], lang).format(n=m.trains_per_player)
    sub = trains + " · " + t["players"].format(a=m.players_min, b=m.players_max)
    items.append(Text(area.x + area.w, area.y + mm(6), sub, 8, Style(fill=GREY), anchor="end"))
    footer_h = mm(21)
    top = area.y + mm(10)
    avail = area.y + area.h - footer_h - top
    head_h, row_h = mm(10), mm(9)
    fixed = mm(6) + head_h + mm(7)
    block_h = fixed + m.players_max * row_h
    fit = max(1, int(avail // block_h))
    count = max(1, min(games or fit, fit))
    # use the spare height for taller rows (easier to write in), up to 13 mm
    row_h = min(mm(13), (avail / count - fixed) / m.players_max)
    block_h = fixed + m.players_max * row_h
    gap = (avail - count * block_h) / (count - 1) if count > 1 else 0
    for i in range(count):
        y = top + i * (block_h + gap)
        items += _block(m, area.x, y, area.w, row_h, head_h, i + 1, lang)
    items += _footer_tables(m, area.x, area.y + area.h - footer_h + mm(6), area.w, lang)
    items.append(furniture(sheet, title=title, detail=detail or m.id, page=page, pages=pages, lang=lang))
    return Page(sheet.width, sheet.height, (Group(tuple(items), id=f"scorepad-{m.id}"),), label=f"page-{page}")


def build_scorepad(m: TTRMap, *, paper: str | Paper = "a4", lang: str = "en",
                   games: int | None = None, revision: int | None = None) -> Document:
    """One score-pad page for map ``m`` (portrait; as many games as fit unless ``games``)."""
    sheet = paper if isinstance(paper, Paper) else get_paper(paper, "portrait")
    detail = m.id + (f" · {revision_label(revision, lang)}" if revision else "")
    page = scorepad_page(m, sheet=sheet, lang=lang, games=games, detail=detail)
    return Document((page,), title=f"{m.title(lang)} — {_t(lang)['title']}")


def build_scorepads(maps: list[TTRMap], *, paper: str | Paper = "a4", lang: str = "en") -> Document:
    """One page per map."""
    sheet = paper if isinstance(paper, Paper) else get_paper(paper, "portrait")
    pages = tuple(scorepad_page(m, sheet=sheet, lang=lang, page=i, pages=len(maps))
                  for i, m in enumerate(maps, 1))
    return Document(pages, title="Ticket to Ride — " + _t(lang)["title"])
