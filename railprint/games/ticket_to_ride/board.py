"""A printable Ticket to Ride board drawn from a map's data (original vector art).

:func:`board_geometry` works out where everything goes on a board of a given size: city
markers, every route as a chain of car spaces (placed by the pure
:mod:`railprint.games.ticket_to_ride.route_layout`: parallel routes side by side, chains bent
into an arc where the cities are too close for the cars, at least 1 mm between any two spaces),
city-name positions that cover no space, and free spots for the tables. :func:`draw_board` turns that into one scene group of
``width`` x ``height`` points; :func:`build_board_tiled` prints it at real size over pages
(with :mod:`railprint.layout.tiling`), :func:`build_board_overview` on one page.

What is drawn: sea and land (land = cells around the cities; Italy's regions tinted and named,
other maps tinted by country), outside areas at the border (Italy: Francia, Monaco, ...), car
spaces in their colour with a colour-blind symbol, locomotive symbols on ferry spaces, wave
symbols on Italy's wave spaces, tunnels with a dashed black outline, city markers and names,
the route-scoring table, the region-bonus table (maps with one), a colour key, and a 0-99
score track around the edge.

The board's optional content file (``kind: board``) sets the size, the overlap and per-city
label sides; see :class:`BoardSpec`.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from itertools import accumulate
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Iterable, Literal

from pydantic import AfterValidator, Field, field_validator

from railprint.errors import ContentError
from railprint.text.measure import fit_size, text_width
from railprint.games.ticket_to_ride.route_layout import (Car, Dims, SpatialHash, car_polygon, dims, layout_routes,
                                                        polygon_clearance)
from railprint.layout.paper import Paper, revision_label
from railprint.layout.tiling import MIN_OVERLAP, overview_page, tile_document
from railprint.memory import gc_paused
from railprint.loading.schema import Length, Spec, validate
from railprint.loading.yamlio import load_file
from railprint.games.ticket_to_ride.model import COLOUR_NAMES, TTRMap  # noqa: F401 - COLOUR_NAMES: part of this module's API
from railprint.scene import (Circle, Document, Group, Item, Line, Path as SPath, Rect, Style, Text,
                             compose, rotate, translate)
from railprint.units import mm
from railprint.words import plural

DEFAULT_WIDTH = mm(540)
DEFAULT_HEIGHT = mm(800)
LONG_SIDE, SHORT_SIDE = mm(800), mm(540)
MAX_STRETCH = 1.25   # how far the map's frame may be stretched to fill the board

SEA = "#dcebf3"
LAND = "#f4efe1"
INK = "#1d1d1b"
FRAME_INK = "#24313a"
AREA_FILL = "#c9d3da"

# A symbol per card colour so the board can be read without telling colours apart.
SYMBOLS = {"red": "circle", "orange": "diamond", "yellow": "star", "green": "triangle",
           "blue": "square", "pink": "plus", "black": "cross", "white": "ring"}
COUNTRY_TINTS = ("#efe6cf", "#e4ecd6", "#f1dfd6", "#e3e3ef", "#eee7c4", "#dceae6", "#f0dde6")

TEXT = {
    "en": {
        "route_table": "Route scoring",
        "length": "length",
        "points": "points",
        "region_table": "Regions in one network",
        "regions": "regions",
        "double_note": "{names}: count as 2 regions when all their cities are in the network",
        "key": "Key",
        "ferry": "ferry: a locomotive on each marked space",
        "waves": "wave space: a locomotive or a ferry card (1 card = 2 waves)",
        "tunnel": "tunnel (dashed outline)",
        "tunnel_reveal": "tunnel (dashed outline): turn up {n} cards, 1 card more for each match or locomotive",
        "ferry_substitute": "ferry: a locomotive on each marked space, or any {n} cards for each",
        "locomotives_only": "locomotives: only on ferries and tunnels, never on other routes",
        "any_cards": ("any {n} card = 1 card", "any {n} cards = 1 card"),
        "area": "outside area: a dead end",
        "score": "score",
        "schematic": "schematic map drawn by railprint from public data",
    },
    "pl": {
        "route_table": "Punkty za trasy",
        "length": "długość",
        "points": "punkty",
        "region_table": "Regiony w jednej sieci",
        "regions": "regiony",
        "double_note": "{names}: liczą się jako 2 regiony, gdy wszystkie ich miasta są w sieci",
        "key": "Legenda",
        "ferry": "prom: lokomotywa na każdym oznaczonym polu",
        "waves": "pole z falą: lokomotywa lub karta promu (1 karta = 2 fale)",
        "tunnel": "tunel (przerywany obrys)",
        "tunnel_reveal": "tunel (przerywany obrys): odkryj {n} karty, +1 karta za każdą pasującą lub lokomotywę",
        "ferry_substitute": "prom: lokomotywa na każdym oznaczonym polu albo za każdą {n} dowolne karty",
        "locomotives_only": "lokomotywy: tylko na promy i tunele, nigdy na inne trasy",
        "any_cards": ("dowolna {n} karta = 1 karta", "dowolne {n} karty = 1 karta", "dowolnych {n} kart = 1 karta"),
        "area": "obszar poza mapą: ślepy koniec",
        "score": "punkty",
        "schematic": "mapa schematyczna narysowana przez railprint z danych publicznych",
    },
}


def _t(lang: str) -> dict:
    return TEXT.get(lang, TEXT["en"])


# ---------------------------------------------------------------------------------------------
# content file
BOARD_SIDE = (mm(200), mm(2000))
"""A board's side, smallest and largest (points): the spaces scale with the board, so a much
smaller board holds no car; a larger one is hundreds of pages (and minutes of work)."""


class SizeSpec(Spec):
    width: Length
    height: Length

    @field_validator("width", "height")
    @classmethod
    def _side(cls, value: float) -> float:
        from railprint.units import to_mm

        if not BOARD_SIDE[0] <= value <= BOARD_SIDE[1]:
            raise ValueError(f"a board side is {to_mm(BOARD_SIDE[0]):.0f}mm to {to_mm(BOARD_SIDE[1]):.0f}mm, "
                             f"not {to_mm(value):g}mm")
        return value


MAX_OVERLAP = mm(50)


def _overlap(value: float) -> float:
    """The glue strip: checked where it is written (a negative one failed later, unlocated)."""
    if not MIN_OVERLAP - 1e-6 <= value <= MAX_OVERLAP:
        raise ValueError(f"{value / mm(1):g} mm; boards need 10 to 50 mm of overlap to glue and register "
                         "pages")
    return value


class BoardSpec(Spec):
    """``kind: board`` content file: which map, at what size, and drawing hints."""

    kind: Literal["board"]
    id: str
    game: str
    title: dict[str, str]
    revision: Annotated[int, Field(ge=1)] = 1
    map: str = Field(description="the id of the Ticket to Ride map this board draws; a board of your own game is "
                                 "a 'kind: deck' with one card of the board's size, printed over pages "
                                 "(docs/content-format.md, Boards)")
    size: SizeSpec | None = None
    overlap: Annotated[Length, AfterValidator(_overlap)] = MIN_OVERLAP
    labels: dict[str, Literal["n", "ne", "e", "se", "s", "sw", "w", "nw"]] = {}
    note: str = ""


def load_board_spec(path: str | Path) -> BoardSpec:
    """Read and validate a ``kind: board`` file (the map it names is loaded by the caller)."""
    data = load_file(Path(path), error=ContentError)
    return validate(BoardSpec, data, str(path), what="board")


def default_size(m: TTRMap) -> tuple[float, float]:
    """80 x 54 cm, turned to match the map's shape."""
    return (SHORT_SIDE, LONG_SIDE) if m.aspect < 1 else (LONG_SIDE, SHORT_SIDE)


# ---------------------------------------------------------------------------------------------
# geometry helpers
Point = tuple[float, float]


@dataclass(frozen=True)
class Label:
    x: float           # text anchor (middle) and baseline
    y: float
    text: str
    size: float
    box: tuple[float, float, float, float]


@dataclass(frozen=True)
class BoardGeometry:
    width: float
    height: float
    unit: float                         # 1 "board millimetre" scaled with the board size
    track: float                        # depth of the score track band
    inner: Rect                         # inside the score track
    frame: Rect                         # the map frame the data's fractions refer to
    nodes: dict[str, Point]
    cars: dict[str, tuple[Car, ...]]    # route id -> its spaces
    paths: dict[str, tuple[Point, ...]] # route id -> centre line of its chain
    labels: dict[str, Label]            # city id -> name label
    area_labels: dict[str, Label]
    region_labels: dict[str, Label]
    boxes: dict[str, Rect]              # placed tables: route_table, region_table, key, title
    city_radius: float
    cells: tuple[tuple[str, tuple[Point, ...]], ...] = field(default=())  # (site id, polygon)
    outlines: dict[str, tuple[tuple[Point, ...], ...]] = field(default_factory=dict)  # region -> border lines
    touching: dict[frozenset, float] = field(default_factory=dict)   # {region, region} -> shared border


# ---------------------------------------------------------------------------------------------
# layout
def _track_cells(width: float, height: float, count: int = 100) -> tuple[int, int]:
    """Cells along the top and along a side (corners shared) so 2(nw+nh)-4 == count and cells
    are as square as possible."""
    best = None
    half = count // 2 + 2
    for nw in range(2, half - 1):
        nh = half - nw
        diff = abs(width / nw - height / nh)
        if best is None or diff < best[0]:
            best = (diff, nw, nh)
    return best[1], best[2]


_GEOMETRY_CACHE: dict[tuple, BoardGeometry] = {}


def board_geometry(m: TTRMap, width: float | None = None, height: float | None = None, *,
                   lang: str = "en", labels: dict[str, str] | None = None) -> BoardGeometry:
    """Where everything goes on a ``width`` x ``height`` board (points; default 80 x 54 cm).

    Deterministic, and fast enough to run on every render (well under a second a map): the
    result is kept in memory for the process only (the tiled board and its overview share it),
    never on disk."""
    if width is None or height is None:
        width, height = default_size(m)
    key = (m, round(width, 3), round(height, 3), lang, tuple(sorted((labels or {}).items())))
    try:
        return _GEOMETRY_CACHE[key]
    except (KeyError, TypeError):
        pass
    with gc_paused():
        geometry = _board_geometry(m, width, height, lang, labels)
    try:
        if len(_GEOMETRY_CACHE) > 16:
            _GEOMETRY_CACHE.clear()
        _GEOMETRY_CACHE[key] = geometry
    except TypeError:  # pragma: no cover - unhashable map
        pass
    return geometry


def _board_geometry(m: TTRMap, width: float, height: float, lang: str,
                    labels: dict[str, str] | None) -> BoardGeometry:
    unit = min(width / (SHORT_SIDE if width < height else LONG_SIDE),
               height / (LONG_SIDE if width < height else SHORT_SIDE)) * mm(1)
    track = 17 * unit
    inner = Rect(track + 3 * unit, track + 3 * unit, width - 2 * track - 6 * unit, height - 2 * track - 6 * unit)
    pad = 9 * unit
    fw, fh = inner.w - 2 * pad, inner.h - 2 * pad
    # The data's frame is a schematic envelope: stretch it to the board by up to MAX_STRETCH.
    if fw / fh > m.aspect * MAX_STRETCH:
        fw = fh * m.aspect * MAX_STRETCH
    elif fw / fh < m.aspect / MAX_STRETCH:
        fh = fw / m.aspect * MAX_STRETCH
    frame = Rect(inner.x + (inner.w - fw) / 2, inner.y + (inner.h - fh) / 2, fw, fh)
    g = dims(unit)

    def place(at: Point) -> Point:
        return (frame.x + at[0] * frame.w, frame.y + at[1] * frame.h)

    nodes: dict[str, Point] = {c.id: place(c.at) for c in m.cities}
    for area in m.areas:
        for ep in area.endpoints:
            nodes[ep.id] = place(ep.at)

    inner_box = (inner.x, inner.y, inner.x + inner.w, inner.y + inner.h)
    routes = layout_routes(m, nodes, g, inner_box, place)
    cars, paths, occupied = routes.cars, routes.paths, routes.occupied

    # --- labels ----------------------------------------------------------------------------
    label_size = 12.5 * unit / mm(1) * 0.8 + 2.0
    label_size = max(6.0, 11.5 * unit / mm(1))
    prefs = dict(labels or {})
    city_labels: dict[str, Label] = {}
    order = sorted(m.cities, key=lambda c: -sum(1 for r in m.routes if c.id in (r.a, r.b)))
    for city in order:
        x, y = nodes[city.id]
        side = prefs.get(city.id) or city.label
        city_labels[city.id] = _place_label(city.name, x, y, label_size, "bold", g, occupied,
                                            ("label", city.id), inner_box, side)
        occupied.add_box(city_labels[city.id].box, ("label", city.id), weight=6.0)

    cells = _land_cells(m, nodes, frame, g)
    area_labels: dict[str, Label] = {}
    for area in m.areas:
        pts = [nodes[e.id] for e in area.endpoints]
        x = sum(p[0] for p in pts) / len(pts)
        y = sum(p[1] for p in pts) / len(pts)
        lab = _place_label(area.name.upper(), x, y, label_size * 0.95, "bold", g, occupied,
                           ("area", area.id), inner_box, None, far=True)
        area_labels[area.id] = lab
        occupied.add_box(lab.box, ("area", area.id), weight=6.0)
    region_labels = _place_region_labels(m, nodes, label_size * 0.85, g, occupied)
    outlines, touching = region_borders(m, nodes, cells)

    geometry = BoardGeometry(width, height, unit, track, inner, frame, nodes, cars, paths, city_labels,
                             area_labels, region_labels, {}, g.city_r, tuple(cells))
    boxes = _place_tables(m, geometry, occupied, lang)
    return BoardGeometry(width, height, unit, track, inner, frame, nodes, cars, paths, city_labels,
                         area_labels, region_labels, boxes, g.city_r, tuple(cells), outlines, touching)


_SIDES = {"e": (1, 0), "ne": (0.75, -0.75), "n": (0, -1), "nw": (-0.75, -0.75), "w": (-1, 0),
          "sw": (-0.75, 0.75), "s": (0, 1), "se": (0.75, 0.75)}


def _place_label(text: str, x: float, y: float, size: float, font: str, g: Dims, occupied: SpatialHash,
                 tag, inner_box, side: str | None, *, far: bool = False, centre_ok: bool = False) -> Label:
    w = text_width(text, size, font)
    h = size * 0.72  # cap height-ish box
    pad = 1.2 * g.unit
    best = None
    distances = (1.0, 1.6, 2.4, 3.2, 4.2, 5.4) if not far else (0.0, 1.5, 3.0, 5.0, 7.0, 9.0, 11.0, 13.0)
    # the hinted side first; any other side when that one would cover a route space
    sides = [side, *(name for name in _SIDES if name != side)] if side else list(_SIDES)
    for dist_k in distances:
        for name in sides:
            dx, dy = _SIDES[name]
            gap = g.city_r + 1.5 * g.unit if not far else 8 * g.unit
            gap *= dist_k
            if far and dist_k == 0 and not centre_ok:
                gap = 0
            # anchor box so its nearest edge is at distance ``gap`` in direction (dx, dy)
            cx = x + dx * (gap + w / 2) if dx else x
            cy = y + dy * (gap + h / 2) if dy else y
            if dx and dy:
                cx = x + dx * gap + (w / 2) * (1 if dx > 0 else -1)
                cy = y + dy * gap + (h / 2) * (1 if dy > 0 else -1)
            box = (cx - w / 2 - pad, cy - h / 2 - pad, cx + w / 2 + pad, cy + h / 2 + pad)
            cost = occupied.box_cost(box, ignore={tag})
            out = max(0, inner_box[0] - box[0]) + max(0, box[2] - inner_box[2]) + \
                max(0, inner_box[1] - box[1]) + max(0, box[3] - inner_box[3])
            cost += out * 50
            cost += dist_k * 0.4 * g.unit + (0.1 * g.unit if dy and not dx else 0) + (0.05 * g.unit if dx and dy else 0)
            if side and name != side:
                cost += 4 * g.unit
            if best is None or cost < best[0] - 1e-6:
                best = (cost, cx, cy, box)
        if best[0] < 0.8 * g.unit + dist_k * 0.4 * g.unit + (4 * g.unit if side else 0):
            break
    _, cx, cy, box = best
    return Label(cx, cy + h / 2, text, size, box)


def _clip_halfplane(poly: list[Point], px, py, nx, ny, c) -> list[Point]:
    """Keep the part of ``poly`` where nx*x + ny*y <= c."""
    out = []
    for i, p in enumerate(poly):
        q = poly[(i + 1) % len(poly)]
        vp = nx * p[0] + ny * p[1] - c
        vq = nx * q[0] + ny * q[1] - c
        if vp <= 0:
            out.append(p)
        if (vp < 0 < vq) or (vq < 0 < vp):
            t = vp / (vp - vq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


LAND_RADIUS, LAND_SIDES = 44, 40   # a city's land: its Voronoi cell cut to a 40-gon of 44 board mm


def _land_cells(m: TTRMap, nodes: dict[str, Point], frame: Rect, g: Dims) -> list[tuple[str, tuple[Point, ...]]]:
    """A cell of land around each city (its Voronoi cell cut to a disc) and around each area
    endpoint (cut to a larger disc), so neighbouring regions meet along straight borders."""
    radius = LAND_RADIUS * g.unit
    sites = list(nodes.items())
    cells = []
    for sid, (sx, sy) in sites:
        r = radius * (1.15 if sid not in m.city else 1.0)
        poly = [(sx + r * math.cos(2 * math.pi * i / LAND_SIDES), sy + r * math.sin(2 * math.pi * i / LAND_SIDES))
                for i in range(LAND_SIDES)]
        far = (2 * r + 1.0) ** 2   # a site this far away bisects beyond the disc: it would cut nothing
        for oid, (ox, oy) in sites:
            if oid == sid or (ox - sx) ** 2 + (oy - sy) ** 2 > far:
                continue
            nx, ny = ox - sx, oy - sy
            c = (ox * ox + oy * oy - sx * sx - sy * sy) / 2
            poly = _clip_halfplane(poly, sx, sy, nx, ny, c)
            if not poly:
                break
        if sid not in m.city:  # areas reach out to the edge of the frame
            poly = _clip_halfplane(poly, 0, 0, -1, 0, -(frame.x - 6 * g.unit))
        if len(poly) >= 3:
            cells.append((sid, tuple(poly)))
    return cells


# ---------------------------------------------------------------------------------------------
# regions (Italy): outlined, named inside their own land
def _in_convex(x: float, y: float, poly: tuple[Point, ...]) -> bool:
    """Whether (x, y) lies inside (or on) the convex polygon ``poly`` (either orientation)."""
    sign = 0
    for i, (ax, ay) in enumerate(poly):
        bx, by = poly[(i + 1) % len(poly)]
        cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        if abs(cross) < 1e-9:
            continue
        s = 1 if cross > 0 else -1
        if sign and s != sign:
            return False
        sign = s
    return True


def region_borders(m: TTRMap, nodes: dict[str, Point], cells: Iterable[tuple[str, tuple[Point, ...]]]
                   ) -> tuple[dict[str, tuple[tuple[Point, ...], ...]], dict[frozenset, float]]:
    """Each region's outline and which regions touch.

    A region's land is the union of its cities' cells; an edge of a cell is on the region's
    border unless the site across it (the one as near to the edge as the cell's own city: the
    cells are Voronoi cells) is a city of the same region. Returns region id -> the border as
    polylines, and {region, region} -> the length of the border they share (points)."""
    region_of = {c.id: c.region for c in m.cities if c.region}
    sites = list(nodes.items())
    segments: dict[str, list[tuple[Point, Point]]] = {}
    shared: dict[frozenset, float] = {}
    for sid, poly in cells:
        rid = region_of.get(sid)
        if rid is None:
            continue
        sx, sy = nodes[sid]
        extent = max(math.hypot(x - sx, y - sy) for x, y in poly)
        # only a site within twice the cell's reach can be as near to one of its edges
        close = [(oid, o) for oid, o in sites if math.hypot(o[0] - sx, o[1] - sy) <= 2 * extent + 1.0]
        for i, p in enumerate(poly):
            q = poly[(i + 1) % len(poly)]
            length = math.hypot(q[0] - p[0], q[1] - p[1])
            if length < 1e-6:
                continue
            mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
            d = math.hypot(mx - sx, my - sy)
            across = next((oid for oid, (ox, oy) in close
                           if oid != sid and abs(math.hypot(mx - ox, my - oy) - d) < 1e-3), None)
            other = region_of.get(across) if across else None
            if other == rid:
                continue
            segments.setdefault(rid, []).append((p, q))
            if other:
                pair = frozenset((rid, other))
                shared[pair] = shared.get(pair, 0.0) + length / 2   # each side counts it once
    return {rid: _chain(segs) for rid, segs in segments.items()}, shared


def _chain(segments: list[tuple[Point, Point]], tol: float = 1.0) -> tuple[tuple[Point, ...], ...]:
    """Join segments that meet end to end (within ``tol`` points: neighbouring cells are cut
    to slightly different polygons of their discs) into polylines."""
    grid: dict[tuple[int, int], list[tuple[int, int]]] = {}   # cell -> (segment, which end)
    for i, seg in enumerate(segments):
        for end, (x, y) in enumerate(seg):
            grid.setdefault((int(x // tol), int(y // tol)), []).append((i, end))
    used: set[int] = set()

    def follow(tip: Point) -> int | None:
        kx, ky = int(tip[0] // tol), int(tip[1] // tol)
        found = None
        for gx in (kx - 1, kx, kx + 1):
            for gy in (ky - 1, ky, ky + 1):
                for i, end in grid.get((gx, gy), ()):
                    x, y = segments[i][end]
                    d = math.hypot(x - tip[0], y - tip[1])
                    if i not in used and d <= tol and (found is None or (d, i) < found[:2]):
                        found = (d, i, end)
        if found is None:
            return None
        used.add(found[1])
        return found

    lines = []
    for i, (p, q) in enumerate(segments):
        if i in used:
            continue
        used.add(i)
        line = [p, q]
        for forward in (True, False):
            while (hit := follow(line[-1] if forward else line[0])) is not None:
                _, j, end = hit
                far = segments[j][1 - end]
                if forward:
                    line.append(far)
                else:
                    line.insert(0, far)
        lines.append(tuple(line))
    return tuple(lines)


REGION_LABEL_SPOTS, REGION_LABEL_BUDGET = 4000, 60000
"""A region's name is tried at its 4000 grid spots nearest the middle of its cities (2 board mm
apart), and all regions of a map together at 60,000 spots at most (Italy needs ~12,000): a
hostile map's work stays bounded."""
REGION_LABEL_SIZES = (1.0, 0.88, 0.76)
"""Region names are tried at these fractions of their full size before the best partly
covered spot is taken."""


def _place_region_labels(m: TTRMap, nodes: dict[str, Point], size: float, g: Dims,
                         occupied: SpatialHash) -> dict[str, Label]:
    """Each region's name inside its own land (every corner of the name's box nearer to one of
    its cities than to any other city or area, and within that city's land), clear of route
    spaces, cities and other names, as near the middle of its cities as that allows; smaller
    sizes are tried before a spot that covers anything."""
    reach2 = (LAND_RADIUS * g.unit * math.cos(math.pi / LAND_SIDES)) ** 2   # inside the cell's polygon
    sites = list(nodes.items())
    out: dict[str, Label] = {}
    step = 2 * g.unit
    pad = 1.2 * g.unit
    budget = [REGION_LABEL_BUDGET]
    blockers: list = []   # what blocked the last spots (see _box_is_free)
    for region in m.regions:
        own = [nodes[c.id] for c in m.cities if c.region == region.id]
        if not own:
            continue
        near = [(x, y) for sid, (x, y) in sites     # only these can be nearer within reach of its cities
                if (m.city.get(sid) is None or m.city[sid].region != region.id)
                and any((x - ox) ** 2 + (y - oy) ** 2 <= 4 * reach2 for ox, oy in own)]
        cx = sum(p[0] for p in own) / len(own)
        cy = sum(p[1] for p in own) / len(own)
        text = region.name.upper()
        tag = ("region", region.id)

        def inside(x: float, y: float) -> bool:
            d = min([(x - ox) ** 2 + (y - oy) ** 2 for ox, oy in own])
            if d > reach2:
                return False
            for ox, oy in near:   # a loop, not all(): called ~8,000 times for Italy
                if (x - ox) ** 2 + (y - oy) ** 2 < d:
                    return False
            return True

        reach = math.sqrt(reach2)
        x_lo, x_hi = min(p[0] for p in own) - reach, max(p[0] for p in own) + reach
        y_lo, y_hi = min(p[1] for p in own) - reach, max(p[1] for p in own) + reach
        def spots(s: float):
            """The name's box at size ``s`` (points) wherever it lies wholly inside the region,
            nearest to the middle of its cities first."""
            w, h = text_width(text, s, "bold") / 2 + pad, s * 0.36 + pad   # half sizes of the box
            xs = [cx + i * step for i in range(int((x_lo + w - cx) // step), int((x_hi - w - cx) // step) + 1)]
            ys = [cy + j * step for j in range(int((y_lo + h - cy) // step), int((y_hi - h - cy) // step) + 1)]
            for _, (_, x, y) in zip(range(REGION_LABEL_SPOTS), _nearest_first(xs, ys, cx, cy, 12 * step)):
                budget[0] -= 1
                if budget[0] < 0:   # bounded work for any map: the name goes to the middle of its cities
                    return
                box = (x - w, y - h, x + w, y + h)
                if (inside(x, y) and (not free or _box_is_free(occupied, box, tag, blockers))
                        and inside(box[0], box[1]) and inside(box[2], box[3])
                        and inside(box[0], box[3]) and inside(box[2], box[1])
                        and inside(x, box[1]) and inside(x, box[3]) and inside(box[0], y) and inside(box[2], y)):
                    yield Label(x, y + s * 0.36, text, s, box)

        free = True
        best = next((label for k in REGION_LABEL_SIZES for label in spots(size * k)), None)
        if best is None:   # every spot covers something: the one covering least, at the smallest size
            free = False
            best = min(spots(size * REGION_LABEL_SIZES[-1]), default=None,
                       key=lambda label: occupied.box_cost(label.box, ignore={tag}))
        if best is None:   # no spot inside its land at all: at the middle of its cities
            w, h = text_width(text, size, "bold") / 2 + pad, size * 0.36 + pad
            best = Label(cx, cy + size * 0.36, text, size, (cx - w, cy - h, cx + w, cy + h))
        out[region.id] = best
        occupied.add_box(best.box, tag, weight=6.0)
    return out


def _nearest_first(xs: list[float], ys: list[float], cx: float, cy: float, start: float):
    """The spots of the grid ``xs`` x ``ys`` (each ascending) as ``(distance², x, y)`` in
    ascending order from (cx, cy): what a heap of all of them gives, made a ring at a time
    (radius ``start``, then doubling), as most names fit near the middle and the rest is never
    looked at."""
    done, r = -1.0, start
    left = len(xs) * len(ys)
    while left > 0:
        r2 = r * r
        rows = ys[bisect_left(ys, cy - r - 1.0):bisect_right(ys, cy + r + 1.0)]   # a point wider: the test is below
        ring = sorted((d2, x, y) for x in xs[bisect_left(xs, cx - r - 1.0):bisect_right(xs, cx + r + 1.0)]
                      for y in rows if done < (d2 := (x - cx) ** 2 + (y - cy) ** 2) <= r2)
        yield from ring
        left -= len(ring)
        done, r = r2, r * 2


def _box_is_free(occupied: SpatialHash, box: tuple[float, float, float, float], tag, blockers: list | None = None
                 ) -> bool:
    """Whether ``box`` overlaps nothing in ``occupied`` but shapes tagged ``tag`` (the zero
    test of ``box_cost``, stopping at the first overlap). ``blockers``: shapes of ``occupied``
    that blocked the last boxes, tried first (neighbouring spots are mostly blocked by the same
    space; any overlapping shape gives the same answer), the one found put first."""
    if blockers:
        for shape in blockers:
            if shape[-2] != tag and _overlaps(shape, box):
                return False
    c = occupied.cell
    for i in range(int(math.floor(box[0] / c)), int(math.floor(box[2] / c)) + 1):
        for j in range(int(math.floor(box[1] / c)), int(math.floor(box[3] / c)) + 1):
            for shape in occupied.grid.get((i, j), ()):
                if shape[-2] != tag and _overlaps(shape, box):
                    if blockers is not None:
                        blockers.insert(0, shape)
                        del blockers[4:]
                    return False
    return True


def _overlaps(shape, box: tuple[float, float, float, float]) -> bool:
    """Whether a shape of a SpatialHash comes into ``box`` (the test of ``box_cost``)."""
    x0, y0, x1, y1 = box
    if shape[0] == "c":
        dx = max(x0 - shape[1], 0, shape[1] - x1)
        dy = max(y0 - shape[2], 0, shape[2] - y1)
        return shape[3] - math.hypot(dx, dy) > 0
    return min(x1, shape[3]) - max(x0, shape[1]) > 0 and min(y1, shape[4]) - max(y0, shape[2]) > 0

def _place_tables(m: TTRMap, geo: BoardGeometry, occupied: SpatialHash, lang: str) -> dict[str, Rect]:
    """Put each table where it covers the least (cities, chains, names), preferring the edges.

    Occupancy is rasterised on a 2-unit grid with a summed-area table, so every candidate
    position costs O(1)."""
    boxes: dict[str, Rect] = {}
    inner = geo.inner
    u = geo.unit
    cell = 2 * u
    cols, rows = int(inner.w // cell), int(inner.h // cell)
    grid = [[0.0] * cols for _ in range(rows)]
    shapes = {id(shape): shape for bucket in occupied.grid.values() for shape in bucket}
    centres_x = [inner.x + (j + 0.5) * cell for j in range(cols)]
    centres_y = [inner.y + (i + 0.5) * cell for i in range(rows)]
    hypot = math.hypot

    def span(shape) -> tuple[int, int, int, int]:
        """The rows and columns of the cells a shape may raise (its box's)."""
        if shape[0] == "c":
            _, x, y, r = shape[:4]
            x0, y0, x1, y1 = x - r, y - r, x + r, y + r
        else:
            x0, y0, x1, y1 = shape[1:5]
        return (max(0, int((y0 - inner.y) // cell)), min(rows - 1, int((y1 - inner.y) // cell)),
                max(0, int((x0 - inner.x) // cell)), min(cols - 1, int((x1 - inner.x) // cell)))

    def mark(shape) -> None:
        """Raise the cells the shape covers to its weight (a circle: the cells whose centre is
        within its radius and 0.7 cell); a row at a time, as it is most of the work."""
        weight = shape[-1]
        i0, i1, j0, j1 = span(shape)
        if j0 > j1:
            return
        if shape[0] == "c":
            _, x, y, r = shape[:4]
        for i in range(i0, i1 + 1):
            row = grid[i]
            if shape[0] == "c":
                dy, reach = centres_y[i] - y, r + cell * 0.7
                row[j0:j1 + 1] = [v if v >= weight or hypot(cx - x, dy) > reach else weight
                                  for v, cx in zip(row[j0:j1 + 1], centres_x[j0:j1 + 1])]
            else:
                row[j0:j1 + 1] = [v if v >= weight else weight for v in row[j0:j1 + 1]]

    sizes = _table_sizes(m, geo, lang)
    blocks = [(min(rows, int(math.ceil(h / cell)) + 2), min(cols, int(math.ceil(w / cell)) + 2))   # one cell
              for w, h in sizes.values()]                                                          # of clearance all round
    # _free_edge reads only the edge strips as deep as a block and its halo: the shapes that
    # reach into them are marked first, the rest (most of a board) only if a scan needs them
    deep = max((bh for bh, _ in blocks), default=0) + _HALO
    wide = max((bw for _, bw in blocks), default=0) + _HALO
    rest = []
    for shape in shapes.values():
        i0, i1, j0, j1 = span(shape)
        if i0 < deep or i1 >= rows - deep or j0 < wide or j1 >= cols - wide:
            mark(shape)
        else:
            rest.append(shape)
    # whole-number weights keep every sum of the grid exact, which _free_edge relies on
    whole = all(float(shape[-1]).is_integer() and shape[-1] >= 0 for shape in shapes.values())
    sat, stale = None, 0   # the summed-area table, made when first needed; from which row it is out of date
    for n, ((name, (w, h)), (bh, bw)) in enumerate(zip(sizes.items(), blocks), 1):
        spot = _free_edge(grid, rows, cols, bh, bw) if whole else None
        if spot is None:
            for shape in rest:   # the whole board now (marking in any order gives the same grid)
                mark(shape)
            rest = []
            sat = _summed_area(grid, cols) if sat is None else _summed_area(grid, cols, sat, stale)
            stale = rows
            spot = _emptiest(grid, rows, cols, bh, bw, sat)
        i, j = spot
        x = inner.x + (j + 1) * cell
        y = inner.y + (i + 1) * cell
        x = min(x, inner.x + inner.w - w)
        y = min(y, inner.y + inner.h - h)
        boxes[name] = Rect(x, y, w, h)
        box = (x, y, x + w, y + h)
        occupied.add_box(box, ("table", name), weight=10.0)
        if n < len(sizes):   # the next table avoids this one
            mark(("b", *box, ("table", name), 10.0))
            stale = min(stale, max(0, int((y - inner.y) // cell)))   # the rows from the table's down
    return boxes


def _summed_area(grid: list[list[float]], cols: int, sat: list[list[float]] | None = None,
                 first: int = 0) -> list[list[float]]:
    """The summed-area table of ``grid`` (``sat[i][j]``: the sum of the cells above row ``i``
    and left of column ``j``); with ``sat``, only its rows after grid row ``first`` are made
    again (the rows above it did not change)."""
    from itertools import accumulate
    from operator import add

    if sat is None:
        sat, first = [[0.0] * (cols + 1)], 0
    del sat[first + 1:]
    for row in grid[first:]:
        sat.append(list(map(add, sat[-1], [0.0, *accumulate(row)])))
    return sat


_HALO = 8   # cells around a table's block that count a little (_emptiest)


def _free_edge(grid: list[list[float]], rows: int, cols: int, bh: int, bw: int) -> tuple[int, int] | None:
    """What :func:`_emptiest` finds when some position costs nothing, else None.

    A position costs nothing only on the edge (no distance from it) with nothing in its block
    and its halo. Every other cost is at least 0.03 (a whole-number weight in the halo, a cell
    from the edge), far above the scan's 1e-9 tolerance, and the sums are exact for
    whole-number weights: so the scan ends with the first free position in row order, found
    here by looking at the edge strips only (most boards have one; no summed-area table)."""
    halo, ni, nj = _HALO, rows - bh + 1, cols - bw + 1

    def running(flags) -> list[int]:   # how many flagged before each index
        return list(accumulate(flags, initial=0))

    def top_or_bottom(i: int) -> int | None:   # the first free position of row i
        taken = running(any(column) for column in zip(*grid[max(0, i - halo):min(rows, i + bh + halo)]))
        return next((j for j in range(nj) if taken[min(cols, j + bw + halo)] == taken[max(0, j - halo)]), None)

    j = top_or_bottom(0)
    if j is not None:
        return 0, j
    if ni > 2:   # the left and right edges between the first and last rows
        left = running(any(row[:min(cols, bw + halo)]) for row in grid)
        right = running(any(row[max(0, nj - 1 - halo):]) for row in grid)
        for i in range(1, ni - 1):
            lo, hi = max(0, i - halo), min(rows, i + bh + halo)
            if left[hi] == left[lo]:
                return i, 0
            if right[hi] == right[lo]:
                return i, nj - 1
    if ni > 1:
        j = top_or_bottom(ni - 1)
        if j is not None:
            return ni - 1, j
    return None


def _emptiest(grid: list[list[float]], rows: int, cols: int, bh: int, bw: int,
              sat: list[list[float]] | None = None) -> tuple[int, int]:
    """The top-left cell of the ``bh`` x ``bw`` block of ``grid`` with the least cost: what it
    covers, plus a little of its neighbourhood (prefer the emptiest surroundings among equally
    free spots), plus a little per cell away from the board's edge; the first in row order on
    a tie.

    Exact, and fast: a summed-area table prices any block in O(1); the positions are taken in
    squares of 8 x 8, each with a lower bound on its positions' cost (the cells every one of
    them covers, its nearest approach to the edge), and a square is scanned only while that
    bound does not exceed the best cost found."""
    if sat is None:
        sat = _summed_area(grid, cols)
    halo = _HALO

    def area(i0, j0, i1, j1):
        i0, j0, i1, j1 = max(0, i0), max(0, j0), min(rows, i1), min(cols, j1)
        if i0 >= i1 or j0 >= j1:
            return 0.0
        return sat[i1][j1] - sat[i0][j1] - sat[i1][j0] + sat[i0][j0]

    ni, nj, side = rows - bh + 1, cols - bw + 1, 8
    squares = []
    for i0 in range(0, ni, side):
        i1 = min(ni, i0 + side) - 1          # the square's last row of positions
        for j0 in range(0, nj, side):
            j1 = min(nj, j0 + side) - 1
            bound = (area(i1, j1, i0 + bh, j0 + bw) + 0.03 * area(i1 - halo, j1 - halo, i0 + bh + halo, j0 + bw + halo)
                     + max(0, min(i0, j0, rows - bh - i1, cols - bw - j1)) * 0.04)
            squares.append((bound, i0, j0, i1, j1))
    squares.sort()
    # a position's cost is area() twice, inlined (the same sums in the same order, no clamp
    # needed for the block itself): a call per position was most of the scan
    halo_lo = [max(0, j - halo) for j in range(nj)]
    halo_hi = [min(cols, j + bw + halo) for j in range(nj)]
    edge_j = [min(j, cols - bw - j) for j in range(nj)]
    best = (math.inf, 0, 0)
    for bound, i0, j0, i1, j1 in squares:
        if bound > best[0] + 1e-9:
            break
        for i in range(i0, i1 + 1):
            top, bottom = sat[i], sat[i + bh]                                # the block
            above, below = sat[max(0, i - halo)], sat[min(rows, i + bh + halo)]   # its halo
            edge_i = min(i, rows - bh - i)
            for j in range(j0, j1 + 1):
                jb, lo, hi = j + bw, halo_lo[j], halo_hi[j]
                c = (bottom[jb] - top[jb] - bottom[j] + top[j] + 0.03 * (below[hi] - above[hi] - below[lo] + above[lo])
                     + min(edge_i, edge_j[j]) * 0.04)
                if c < best[0] - 1e-9 or (c <= best[0] + 1e-9 and (i, j) < best[1:]):
                    best = (c, i, j)
    return best[1], best[2]


# ---------------------------------------------------------------------------------------------
# tables
def _route_rows(m: TTRMap) -> list[tuple[int, int]]:
    return list(m.route_points)


def _table_sizes(m: TTRMap, geo: BoardGeometry, lang: str) -> dict[str, tuple[float, float]]:
    u = geo.unit
    sizes = {}
    rows = _route_rows(m)
    sizes["route_table"] = (len(rows) * 13 * u + 22 * u, 24 * u)
    if m.region_bonus is not None:
        entries = len(m.region_bonus.table)
        sizes["region_table"] = (entries * 10 * u + 24 * u, 30 * u)
    sizes["key"] = (96 * u, _key_rows(m) * 6.2 * u + 12 * u)
    sizes["title"] = (max(text_width(m.title(lang), 22 * u / mm(1), "bold"),
                          text_width(_t(lang)["schematic"], 8 * u / mm(1))) + 16 * u, 22 * u)
    return sizes


def _key_rows(m: TTRMap) -> int:
    colours = {r.colour for r in m.routes}
    rows = (len(colours) + 1) // 2
    extra = 0
    if any(r.locomotives for r in m.routes):
        extra += 1
    if any(r.waves for r in m.routes):
        extra += 1
    if any(r.tunnel for r in m.routes):
        extra += 1
    if any(r.any_cards_per_card for r in m.routes):
        extra += 1
    if m.areas:
        extra += 1
    if _locomotives_limited(m):
        extra += 1
    return rows + extra


def _locomotives_limited(m: TTRMap) -> bool:
    """Does the map allow locomotives only on some routes (Nordic: ferries and tunnels)?"""
    wild = m.play.get("locomotives_wild_on")
    return bool(wild) and "all" not in wild


def _panel(box: Rect, u: float) -> list[Item]:
    return [Rect(box.x, box.y, box.w, box.h, Style(fill="#fffdf6", stroke=FRAME_INK, width=0.8 * u / mm(1) + 0.3,
                                                    opacity=0.96), r=2.5 * u)]


def _route_table(m: TTRMap, box: Rect, u: float, lang: str) -> list[Item]:
    t = _t(lang)
    pt = u / mm(1)  # points per "board mm" in font sizes
    items = _panel(box, u)
    items.append(Text(box.x + 4 * u, box.y + 6.5 * u, t["route_table"], 11 * pt * 0.9 + 1, Style(fill=INK), font="bold"))
    x0 = box.x + 20 * u
    items.append(Text(box.x + 4 * u, box.y + 13.5 * u, t["length"], 7.5 * pt + 0.5, Style(fill="#555555")))
    items.append(Text(box.x + 4 * u, box.y + 20.5 * u, t["points"], 7.5 * pt + 0.5, Style(fill="#555555")))
    for i, (length, points) in enumerate(_route_rows(m)):
        cx = x0 + 6.5 * u + i * 13 * u
        items.append(Rect(cx - 5.5 * u, box.y + 8.5 * u, 11 * u, 6.5 * u, Style(fill="#e9e4d4", stroke=FRAME_INK, width=0.4),
                          r=1.2 * u))
        items.append(Text(cx, box.y + 13.6 * u, str(length), 11 * pt, Style(fill=INK), font="bold", anchor="middle"))
        items.append(Text(cx, box.y + 21 * u, str(points), 11 * pt, Style(fill=INK), font="bold", anchor="middle"))
    return items


def _region_table(m: TTRMap, box: Rect, u: float, lang: str) -> list[Item]:
    t = _t(lang)
    pt = u / mm(1)
    items = _panel(box, u)
    items.append(Text(box.x + 4 * u, box.y + 6.5 * u, t["region_table"], 11 * pt * 0.9 + 1, Style(fill=INK), font="bold"))
    items.append(Text(box.x + 4 * u, box.y + 13.5 * u, t["regions"], 7.5 * pt + 0.5, Style(fill="#555555")))
    items.append(Text(box.x + 4 * u, box.y + 20.5 * u, t["points"], 7.5 * pt + 0.5, Style(fill="#555555")))
    table = list(m.region_bonus.table)
    x0 = box.x + 22 * u
    for i, (n, points) in enumerate(table):
        cx = x0 + 5 * u + i * 10 * u
        label = f"{n}+" if i == len(table) - 1 else str(n)
        items.append(Text(cx, box.y + 13.6 * u, label, 10 * pt, Style(fill=INK), font="bold", anchor="middle"))
        items.append(Text(cx, box.y + 21 * u, str(points), 10 * pt, Style(fill=INK), font="bold", anchor="middle"))
        if i:
            items.append(Line(cx - 5 * u, box.y + 9 * u, cx - 5 * u, box.y + 22.5 * u, Style(stroke="#bbbbbb", width=0.4)))
    doubles = [r.name for r in m.regions if r.counts_double]
    if doubles:
        note = t["double_note"].format(names=", ".join(doubles))
        size = fit_size(note, box.w - 8 * u, 7.5 * pt + 0.5)
        items.append(Text(box.x + 4 * u, box.y + 27 * u, note, size, Style(fill="#333333")))
    return items


def _key(m: TTRMap, box: Rect, u: float, lang: str) -> list[Item]:
    t = _t(lang)
    pt = u / mm(1)
    names = COLOUR_NAMES.get(lang, COLOUR_NAMES["en"])
    items = _panel(box, u)
    items.append(Text(box.x + 4 * u, box.y + 6.5 * u, t["key"], 11 * pt * 0.9 + 1, Style(fill=INK), font="bold"))
    used = [c for c in m.colours if any(r.colour == c.id for r in m.routes)]
    size = 7.5 * pt + 0.5
    col_w = (box.w - 8 * u) / 2
    y = box.y + 12 * u
    for i, colour in enumerate(used):
        cx = box.x + 4 * u + (i % 2) * col_w
        cy = y + (i // 2) * 6.2 * u
        car = Car(cx + 5 * u, cy - 1.2 * u, 0, 10 * u, 4.2 * u, "key", 0)
        items += _car_items(car, colour.hex, colour.id, u, scale_symbol=0.75)
        items.append(Text(cx + 12 * u, cy, names.get(colour.id, colour.id), size, Style(fill=INK)))
    y += ((len(used) + 1) // 2) * 6.2 * u
    gray = next((c for c in m.colours if c.any), None)
    gray_hex = gray.hex if gray else "#9e9e9e"
    rows = []
    if any(r.locomotives for r in m.routes):
        n = m.play.get("ferry_locomotive_substitute_cards")
        rows.append(("locomotive", t["ferry_substitute"].format(n=n) if n else t["ferry"], False))
    if any(r.waves for r in m.routes):
        rows.append(("wave", t["waves"], False))
    if any(r.tunnel for r in m.routes):
        n = m.play.get("tunnel_reveal_cards")
        rows.append(("", t["tunnel_reveal"].format(n=n) if n else t["tunnel"], True))
    if _locomotives_limited(m):
        rows.append(("locomotive", t["locomotives_only"], False))
    for mark, text, tunnel in rows:
        car = Car(box.x + 9 * u, y - 1.2 * u, 0, 10 * u, 4.2 * u, "key", 0, mark)
        items += _car_items(car, gray_hex, "gray", u, tunnel=tunnel, scale_symbol=0.75)
        items.append(Text(box.x + 16 * u, y, text, fit_size(text, box.w - 20 * u, size), Style(fill=INK)))
        y += 6.2 * u
    special = next((r for r in m.routes if r.any_cards_per_card), None)
    if special:
        items += _badge(box.x + 9 * u, y - 1.6 * u, special.any_cards_per_card, u)
        text = f"{m.place_name(special.a)} – {m.place_name(special.b)}: " + plural(special.any_cards_per_card, t["any_cards"], lang).format(n=special.any_cards_per_card)
        items.append(Text(box.x + 16 * u, y, text, fit_size(text, box.w - 20 * u, size), Style(fill=INK)))
        y += 6.2 * u
    if m.areas:
        items.append(Rect(box.x + 4 * u, y - 4 * u, 10 * u, 5 * u, Style(fill=AREA_FILL, stroke="#7a8a96", width=0.5), r=1 * u))
        items.append(Text(box.x + 16 * u, y, t["area"], fit_size(t["area"], box.w - 20 * u, size), Style(fill=INK)))
    return items


def _badge(x: float, y: float, n: int, u: float) -> list[Item]:
    return [Circle(x, y, 4.2 * u, Style(fill="#ffffff", stroke=INK, width=0.8)),
            Text(x, y + 1.6 * u, f"{n}:1", 6.5 * u / mm(1), Style(fill=INK), font="bold", anchor="middle")]


def _title(m: TTRMap, box: Rect, u: float, lang: str) -> list[Item]:
    pt = u / mm(1)
    items = _panel(box, u)
    title = m.title(lang)
    size = fit_size(title, box.w - 10 * u, 22 * pt, "bold")
    items.append(Text(box.x + box.w / 2, box.y + 11.5 * u, title, size, Style(fill=INK), font="bold", anchor="middle"))
    sub = _t(lang)["schematic"]
    items.append(Text(box.x + box.w / 2, box.y + 18 * u, sub, fit_size(sub, box.w - 10 * u, 8 * pt),
                      Style(fill="#555555"), anchor="middle"))
    return items


# ---------------------------------------------------------------------------------------------
# drawing
def _contrast(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#ffffff" if (0.299 * r + 0.587 * g + 0.114 * b) < 140 else "#1d1d1b"


def _darker(hex_colour: str, f: float = 0.55) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#%02x%02x%02x" % (int(r * f), int(g * f), int(b * f))


def _symbol(name: str, s: float, ink: str) -> list[Item]:
    """A small colour-blind symbol of size ``s`` centred on 0,0."""
    fill = Style(fill=ink)
    line = Style(stroke=ink, width=max(0.5, s * 0.16), cap="round")
    r = s / 2
    if name == "circle":
        return [Circle(0, 0, r * 0.8, fill)]
    if name == "ring":
        return [Circle(0, 0, r * 0.7, Style(stroke=ink, width=max(0.5, s * 0.14)))]
    if name == "square":
        return [Rect(-r * 0.7, -r * 0.7, r * 1.4, r * 1.4, fill)]
    if name == "diamond":
        return [SPath((("M", 0, -r), ("L", r * 0.85, 0), ("L", 0, r), ("L", -r * 0.85, 0), ("Z",)), fill)]
    if name == "triangle":
        return [SPath((("M", 0, -r), ("L", r * 0.95, r * 0.75), ("L", -r * 0.95, r * 0.75), ("Z",)), fill)]
    if name == "plus":
        return [Line(-r * 0.85, 0, r * 0.85, 0, line), Line(0, -r * 0.85, 0, r * 0.85, line)]
    if name == "cross":
        return [Line(-r * 0.7, -r * 0.7, r * 0.7, r * 0.7, line), Line(-r * 0.7, r * 0.7, r * 0.7, -r * 0.7, line)]
    if name == "star":
        pts = []
        for i in range(10):
            rr = r if i % 2 == 0 else r * 0.42
            a = math.radians(-90 + 36 * i)
            pts.append((rr * math.cos(a), rr * math.sin(a)))
        return [SPath((("M", *pts[0]), *(("L", *p) for p in pts[1:]), ("Z",)), fill)]
    return []


def _locomotive(s: float, ink: str) -> list[Item]:
    """A small locomotive pictogram (side view) in a box of width ``s`` centred on 0,0."""
    f = Style(fill=ink)
    return [
        Rect(-0.46 * s, -0.08 * s, 0.6 * s, 0.22 * s, f, r=0.04 * s),
        Rect(0.1 * s, -0.3 * s, 0.34 * s, 0.44 * s, f, r=0.03 * s),
        Rect(-0.36 * s, -0.28 * s, 0.1 * s, 0.22 * s, f),
        Circle(-0.3 * s, 0.2 * s, 0.09 * s, f), Circle(-0.07 * s, 0.2 * s, 0.09 * s, f),
        Circle(0.25 * s, 0.18 * s, 0.11 * s, f),
    ]


def _wave(s: float, ink: str) -> list[Item]:
    st = Style(stroke=ink, width=max(0.6, 0.07 * s), cap="round")
    items = []
    for dy in (-0.12 * s, 0.12 * s):
        items.append(SPath((("M", -0.45 * s, dy), ("C", -0.3 * s, dy - 0.14 * s, -0.15 * s, dy - 0.14 * s, 0, dy),
                            ("C", 0.15 * s, dy + 0.14 * s, 0.3 * s, dy + 0.14 * s, 0.45 * s, dy)), st))
    return items


def _car_items(car: Car, hex_colour: str, colour_id: str, u: float, *, tunnel: bool = False,
               scale_symbol: float = 1.0) -> list[Item]:
    L, W = car.length, car.width
    ink = _contrast(hex_colour)
    outline = Style(fill=hex_colour, stroke="#1d1d1b", width=0.45 * u / mm(1) + 0.25)
    items: list[Item] = [Rect(-L / 2, -W / 2, L, W, outline, r=1.3 * u * min(1.0, W / (7.6 * u)))]
    if tunnel:
        items.append(Rect(-L / 2 - 0.9 * u, -W / 2 - 0.9 * u, L + 1.8 * u, W + 1.8 * u,
                          Style(stroke="#000000", width=1.1 * u / mm(1) + 0.3, dash=(2.2 * u, 1.4 * u)), r=2 * u))
    s = min(L, W) * 0.62 * scale_symbol
    if car.mark == "locomotive":
        items.append(Group((Rect(-W * 0.62, -W * 0.42, W * 1.24, W * 0.84, Style(fill="#ffffff", opacity=0.9), r=W * 0.15),
                            *_locomotive(W * 1.05, "#1d1d1b"))))
    elif car.mark == "wave":
        items.append(Group((Rect(-W * 0.62, -W * 0.42, W * 1.24, W * 0.84, Style(fill="#ffffff", opacity=0.9), r=W * 0.15),
                            *_wave(W * 1.05, "#1565c0"))))
    elif colour_id in SYMBOLS:
        items += _symbol(SYMBOLS[colour_id], s * 0.75, ink)
    return [Group(tuple(items), compose(translate(car.x, car.y), rotate(car.angle)))]


def _track(geo: BoardGeometry, lang: str) -> list[Item]:
    W, H, d, u = geo.width, geo.height, geo.track, geo.unit
    nw, nh = _track_cells(W, H, 100)
    cw = W / nw
    ch = (H - 2 * d) / (nh - 2)
    cells: list[tuple[float, float, float, float]] = []
    for i in range(nw):                      # top, left to right
        cells.append((i * cw, 0, cw, d))
    for j in range(nh - 2):                  # right, top to bottom
        cells.append((W - d, d + j * ch, d, ch))
    for i in reversed(range(nw)):            # bottom, right to left
        cells.append((i * cw, H - d, cw, d))
    for j in reversed(range(nh - 2)):        # left, bottom to top
        cells.append((0, d + j * ch, d, ch))
    items: list[Item] = [Rect(0, 0, W, H, Style(fill="#f7f3e8"))]
    pt = u / mm(1)
    for n, (x, y, w, h) in enumerate(cells):
        fill = "#e7dcc0" if n % 10 == 0 else ("#efe7d2" if n % 5 == 0 else "#fbf8ef")
        items.append(Rect(x, y, w, h, Style(fill=fill, stroke="#8c7b58", width=0.5 * pt + 0.2)))
        label = "0/100" if n == 0 else str(n)
        size = (8.5 if n % 5 else 10.5) * pt
        if n == 0:
            size = fit_size(label, min(w, h) * 0.9, 9 * pt, "bold")
        items.append(Text(x + w / 2, y + h / 2 + size * 0.35, label, size, Style(fill="#4a3f28"),
                          font="bold" if n % 5 == 0 else "regular", anchor="middle"))
    items.append(Rect(0, 0, W, H, Style(stroke=FRAME_INK, width=2.0)))
    return items


def draw_board(m: TTRMap, width: float | None = None, height: float | None = None, *, lang: str = "en",
               geometry: BoardGeometry | None = None, labels: dict[str, str] | None = None,
               claimed: dict[str, str] | None = None) -> Group:
    """The whole board as one group of ``width`` x ``height`` points, origin top-left.

    ``claimed`` (route id -> "#rrggbb") puts a train piece of that colour on every space of
    those routes (for pictures of a scored game)."""
    geo = geometry or board_geometry(m, width, height, lang=lang, labels=labels)
    u = geo.unit
    pt = u / mm(1)
    items: list[Item] = _track(geo, lang)
    inner = geo.inner
    sea = Rect(inner.x, inner.y, inner.w, inner.h, Style(fill=SEA, stroke=FRAME_INK, width=1.0))
    items.append(sea)
    # land cells
    land: list[Item] = []
    tints = _tints(m)
    for sid, poly in geo.cells:
        if sid in m.city:
            fill = tints.get(sid, LAND)
            land.append(SPath((("M", *poly[0]), *(("L", *p) for p in poly[1:]), ("Z",)),
                              Style(fill=fill, stroke=fill, width=0.8, join="round")))
        else:
            land.append(SPath((("M", *poly[0]), *(("L", *p) for p in poly[1:]), ("Z",)),
                              Style(fill=AREA_FILL, stroke=AREA_FILL, width=0.8, join="round")))
    items.append(Group(tuple(land), clip=inner, id="land"))
    items += _region_outline_items(geo, pt)
    # region names (under routes)
    for rid, lab in geo.region_labels.items():
        region = m.region[rid]
        colour = _darker(region.tint or "#bbbbbb", 0.42)
        items.append(Text(lab.x, lab.y, lab.text, lab.size, Style(fill=colour), font="bold", anchor="middle"))
    # area names
    for aid, lab in geo.area_labels.items():
        items.append(Text(lab.x, lab.y, lab.text, lab.size, Style(fill="#42525e"), font="bold", anchor="middle"))
    # routes
    colours = m.colour
    tunnels = []
    chains = []
    for rid, chain in geo.cars.items():
        route = m.route[rid]
        colour = colours.get(route.colour)
        hex_colour = colour.hex if colour else "#9e9e9e"
        cid = route.colour if not (colour and colour.any) else "gray"
        group = []
        for car in chain:
            group += _car_items(car, hex_colour, cid, u, tunnel=route.tunnel)
        if route.any_cards_per_card:
            mid = chain[len(chain) // 2]
            a = math.radians(mid.angle)
            group += _badge(mid.x - math.sin(a) * 9 * u, mid.y + math.cos(a) * 9 * u, route.any_cards_per_card, u)
        (tunnels if route.tunnel else chains).append(Group(tuple(group), id=f"route-{rid}"))
    items += chains + tunnels
    for rid, colour in (claimed or {}).items():
        pieces = []
        for car in geo.cars.get(rid, ()):
            L, W = car.length * 0.86, car.width * 0.7
            pieces.append(Group((Rect(-L / 2, -W / 2, L, W, Style(fill=colour, stroke="#000000", width=0.9),
                                      r=1.2 * u),),
                                compose(translate(car.x, car.y), rotate(car.angle))))
        items.append(Group(tuple(pieces), id=f"claimed-{rid}"))
    # city and area markers
    for area in m.areas:
        for ep in area.endpoints:
            x, y = geo.nodes[ep.id]
            r = geo.city_radius
            items.append(Rect(x - r, y - r, 2 * r, 2 * r, Style(fill="#ffffff", stroke="#42525e", width=1.2 * pt), r=1.2 * u))
            items.append(Rect(x - r * 0.5, y - r * 0.5, r, r, Style(fill="#42525e"), r=0.5 * u))
    for city in m.cities:
        x, y = geo.nodes[city.id]
        r = geo.city_radius
        items.append(Circle(x, y, r, Style(fill="#ffffff", stroke=INK, width=1.4 * pt + 0.2)))
        items.append(Circle(x, y, r * 0.45, Style(fill="#b3261e")))
    for cid, lab in geo.labels.items():
        x0, y0, x1, y1 = lab.box
        items.append(Rect(x0, y0, x1 - x0, y1 - y0, Style(fill="#ffffff", opacity=0.82), r=1.5 * u))
        items.append(Text(lab.x, lab.y, lab.text, lab.size, Style(fill=INK), font="bold", anchor="middle"))
    # tables
    for name, box in geo.boxes.items():
        drawer = {"route_table": _route_table, "region_table": _region_table, "key": _key, "title": _title}[name]
        items.append(Group(tuple(drawer(m, box, u, lang)), id=name))
    return Group(tuple(items), id=f"board-{m.id}")


REGION_BORDER = "#5a4a38"


def _region_outline_items(geo: BoardGeometry, pt: float) -> list[Item]:
    """Every region's border as a line, one group per region (``region-<id>``), so a region can
    be told by its outline and name as well as by its tint."""
    style = Style(stroke=REGION_BORDER, width=1.1 * pt + 0.2, cap="round", join="round")
    items: list[Item] = []
    for rid, lines in geo.outlines.items():
        paths = tuple(SPath((("M", *line[0]), *(("L", *p) for p in line[1:])), style) for line in lines)
        items.append(Group(paths, clip=geo.inner, id=f"region-{rid}"))
    return items


def _tints(m: TTRMap) -> dict[str, str]:
    """City id -> land tint: its region's tint, else a tint per country, else plain land."""
    out = {}
    countries = sorted({c.country for c in m.cities if c.country})
    for city in m.cities:
        if city.region and m.region.get(city.region) and m.region[city.region].tint:
            out[city.id] = m.region[city.region].tint
        elif city.country:
            out[city.id] = COUNTRY_TINTS[countries.index(city.country) % len(COUNTRY_TINTS)]
    return out


# ---------------------------------------------------------------------------------------------
# builders
def _size(m: TTRMap, size: tuple[float, float] | None) -> tuple[float, float]:
    return size if size else default_size(m)


def _detail(m: TTRMap, width: float, height: float, lang: str, revision: int | None) -> str:
    from railprint.units import to_mm

    rev = f" · {revision_label(revision, lang)}" if revision else ""
    return f"{m.id}{rev} · {to_mm(width):.0f} × {to_mm(height):.0f} mm"


def board_title(m: TTRMap, lang: str) -> str:
    return m.title(lang) + {"en": " — board", "pl": " — plansza"}.get(lang, " — board")


def build_board_tiled(m: TTRMap, *, paper: str | Paper = "a4", lang: str = "en",
                      overlap: float = MIN_OVERLAP, size: tuple[float, float] | None = None,
                      labels: dict[str, str] | None = None, revision: int | None = None) -> Document:
    """The board at real size over pages: assembly map first, then one page per tile."""
    width, height = _size(m, size)
    board = draw_board(m, width, height, lang=lang, labels=labels)
    geo = board_geometry(m, width, height, lang=lang, labels=labels)
    return tile_document(board, width, height, paper=paper, overlap=overlap, title=board_title(m, lang),
                         detail=_detail(m, width, height, lang, revision), lang=lang,
                         keep_clear=MapClear(geo))


def map_is_clear(geo: BoardGeometry, x: float, y: float, r: float) -> bool:
    """Whether a disc of radius ``r`` at (x, y) stays off everything printed on the map: route
    spaces, cities, names and tables (registration crosshairs go only there)."""
    return MapClear(geo)(x, y, r)


class MapClear:
    """:func:`map_is_clear` for one board, asked many times (the tiling tries ~100-600 spots a
    board): the spaces are found through a grid and their corners computed once, instead of
    every space tested on every call."""

    def __init__(self, geo: BoardGeometry):
        self.geo = geo
        self.boxes = [label.box for label in (*geo.labels.values(), *geo.area_labels.values())]
        self.boxes += [(b.x, b.y, b.x + b.w, b.y + b.h) for b in geo.boxes.values()]
        cars = [car for chain in geo.cars.values() for car in chain]
        self.cell = cell = max((car.length for car in cars), default=1.0) * 2
        self.grid: dict[tuple[int, int], list] = {}
        for car in cars:
            a = math.radians(car.angle)
            self.grid.setdefault((int(car.x // cell), int(car.y // cell)), []).append(
                (car, car_polygon(car), math.cos(a), math.sin(a)))

    def __call__(self, x: float, y: float, r: float) -> bool:
        geo = self.geo
        for nx, ny in geo.nodes.values():
            if math.hypot(nx - x, ny - y) < r + geo.city_radius + geo.unit:
                return False
        for x0, y0, x1, y1 in self.boxes:
            if x0 - r < x < x1 + r and y0 - r < y < y1 + r:
                return False
        disc = None
        cell, reach = self.cell, r + self.cell / 2   # a space this far off (centre to centre) cannot touch
        inscribed = r * math.cos(math.pi / 16)       # the disc's 16-gon lies between this circle and r
        for i in range(int((x - reach) // cell), int((x + reach) // cell) + 1):
            for j in range(int((y - reach) // cell), int((y + reach) // cell) + 1):
                for car, polygon, c, s in self.grid.get((i, j), ()):
                    if math.hypot(car.x - x, car.y - y) < r + car.length:
                        # the centre's distance to the space settles all but the borderline cases
                        # without the polygons' exact distance (the slow part)
                        dx, dy = x - car.x, y - car.y
                        d = math.hypot(max(abs(dx * c + dy * s) - car.length / 2, 0.0),
                                       max(abs(dy * c - dx * s) - car.width / 2, 0.0))
                        if d - r > geo.unit + 1e-6:
                            continue
                        if d - inscribed < geo.unit - 1e-6:
                            return False
                        if disc is None:
                            disc = [(x + r * math.cos(k * math.pi / 8), y + r * math.sin(k * math.pi / 8))
                                    for k in range(16)]
                        if polygon_clearance(disc, polygon) < geo.unit:
                            return False
        return True


def build_board_overview(m: TTRMap, *, paper: str | Paper = "a4", lang: str = "en",
                         size: tuple[float, float] | None = None, labels: dict[str, str] | None = None,
                         revision: int | None = None) -> Document:
    """The whole board fitted on one page."""
    width, height = _size(m, size)
    board = draw_board(m, width, height, lang=lang, labels=labels)
    page = overview_page(board, width, height, paper=paper, title=board_title(m, lang),
                         detail=_detail(m, width, height, lang, revision), lang=lang)
    return Document((page,), title=board_title(m, lang))


def build_board(spec: BoardSpec, m: TTRMap, *, paper: str | Paper = "a4", lang: str = "en",
                overview: bool = True) -> Document:
    """A ``kind: board`` file: the assembly map, which (``overview``) is also the whole board on
    one page, then the board at real size over pages."""
    unknown = [k for k in spec.labels if k not in m.city]
    if unknown:
        from railprint.errors import suggestion

        raise ContentError(f"board {spec.id!r}: labels name unknown cities: {', '.join(unknown)}",
                           hint=suggestion(unknown[0], sorted(m.city)))
    size = (spec.size.width, spec.size.height) if spec.size else None
    width, height = _size(m, size)
    board = draw_board(m, width, height, lang=lang, labels=spec.labels)
    geo = board_geometry(m, width, height, lang=lang, labels=spec.labels)
    return tile_document(board, width, height, paper=paper, overlap=spec.overlap, title=board_title(m, lang),
                         detail=_detail(m, width, height, lang, spec.revision), lang=lang,
                         keep_clear=MapClear(geo), overview=overview)


def iter_texts(group: Group) -> Iterable[str]:  # pragma: no cover - debugging helper
    for item in group.items:
        if isinstance(item, Group):
            yield from iter_texts(item)
        elif isinstance(item, Text):
            yield item.text
