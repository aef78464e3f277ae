"""Tracks on square tiles: a ``type: track`` layer -> scene items.

Each segment joins two ports on the edges of a box (by default the trim box). Ports are the
edge midpoints ``N E S W`` or, for tiles with two tracks per edge, ``N0 N1 E0 E1 S0 S1 W0 W1``
(clockwise from the top-left corner: N0 is the left port of the top edge, E0 the upper port of
the right edge, S0 the right port of the bottom edge, W0 the lower port of the left edge), so
that N0 meets S1 and E0 meets W1 across a shared edge. ``end`` closes a dead-end stub.

Geometry of a segment's centreline (:func:`centreline`):

- ports on opposite edges facing each other: a straight line;
- ports on adjacent edges: a quarter ellipse around the shared corner (a quarter circle between
  two midpoints), as one cubic Bezier with the usual 0.5523 handle factor (the layer's ``bend``;
  less cuts the corner tighter, which keeps long corner arcs on two-port edges apart);
- two ports on the same edge: a U-turn (a semicircle's single-cubic approximation);
- ports on opposite edges but offset: an S-curve;
- a port and ``end``: a straight stub into the tile with a buffer stop.

Every curve leaves its port at right angles to the edge, so tracks line up across tiles.
Segments that cross without sharing a port are independent (a bridge): the segment with the
most crossings is drawn on top (ties: the one listed later), with a gap cut around the lower
track, a shadow and parapets; crossings close together along it share one deck (a viaduct).
``bridge: false`` draws level crossings instead (e.g. a city where every exit connects).
"""

from __future__ import annotations

import math
from functools import lru_cache

from railprint.model.deck import TrackLayer
from railprint.records import Record
from railprint.scene import Item, Path, Style

KAPPA = 0.5523   # cubic Bezier handle length / radius for a quarter circle
SAMPLES = 32     # points per curved piece for rails (offset curves) and crossing tests
Point = tuple[float, float]

_EDGE_NORMALS = {"N": (0.0, 1.0), "E": (-1.0, 0.0), "S": (0.0, -1.0), "W": (1.0, 0.0)}  # inward


class Box(Record):
    x: float
    y: float
    w: float
    h: float


def port(name: str, box: Box, pair_offset: float = 1 / 3) -> tuple[Point, Point]:
    """(point, inward unit normal) of a port on ``box``'s edges."""
    f = pair_offset
    x, y, w, h = box.x, box.y, box.w, box.h
    edge, index = name[0], name[1:]
    along = {"": 0.5, "0": f, "1": 1 - f}[index]
    if edge == "N":
        point = (x + along * w, y)
    elif edge == "E":
        point = (x + w, y + along * h)
    elif edge == "S":
        point = (x + (1 - along) * w, y + h)
    elif edge == "W":
        point = (x, y + (1 - along) * h)
    else:
        raise ValueError(f"unknown port {name!r}")
    return point, _EDGE_NORMALS[edge]


class Centreline(Record):
    """A segment's centreline: ``start`` (at a port) to ``end``; ``controls`` are the two cubic
    Bezier handles, or None for a straight line. ``start_normal``/``end_normal`` point into the
    box at ports (None at a dead end)."""

    start: Point
    end: Point
    controls: tuple[Point, Point] | None
    start_normal: Point
    end_normal: Point | None
    curved: bool

    def point(self, t: float) -> Point:
        (x0, y0), (x3, y3) = self.start, self.end
        if self.controls is None:
            return (x0 + (x3 - x0) * t, y0 + (y3 - y0) * t)
        (x1, y1), (x2, y2) = self.controls
        u = 1 - t
        a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
        return (a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3)

    def tangent(self, t: float) -> Point:
        (x0, y0), (x3, y3) = self.start, self.end
        if self.controls is None:
            dx, dy = x3 - x0, y3 - y0
        else:
            (x1, y1), (x2, y2) = self.controls
            u = 1 - t
            dx = 3 * u * u * (x1 - x0) + 6 * u * t * (x2 - x1) + 3 * t * t * (x3 - x2)
            dy = 3 * u * u * (y1 - y0) + 6 * u * t * (y2 - y1) + 3 * t * t * (y3 - y2)
        n = math.hypot(dx, dy) or 1.0
        return (dx / n, dy / n)


def centreline(a: str, b: str, box: Box, *, pair_offset: float = 1 / 3,
               end_length: float | None = None, bend: float = KAPPA) -> Centreline:
    """The centreline of the segment between ports ``a`` and ``b`` (either may be ``end``).
    ``bend`` is the handle factor of corner curves (KAPPA: quarter circles / ellipses)."""
    if a == "end":
        a, b = b, a
    p0, n0 = port(a, box, pair_offset)
    if b == "end":
        length = end_length if end_length is not None else 0.4 * min(box.w, box.h)
        return Centreline(p0, (p0[0] + n0[0] * length, p0[1] + n0[1] * length), None, n0, None, False)
    p3, n3 = port(b, box, pair_offset)
    ea, eb = a[0], b[0]
    dx, dy = p3[0] - p0[0], p3[1] - p0[1]
    if ea == eb:  # U-turn on one edge
        handle = math.hypot(dx, dy) * 2 / 3
        controls = ((p0[0] + n0[0] * handle, p0[1] + n0[1] * handle),
                    (p3[0] + n3[0] * handle, p3[1] + n3[1] * handle))
        return Centreline(p0, p3, controls, n0, n3, True)
    if n0[0] == -n3[0] and n0[1] == -n3[1]:  # opposite edges
        across = abs(dx * n0[0] + dy * n0[1])
        sideways = abs(dx * n0[1] - dy * n0[0])
        if sideways < 1e-9:
            return Centreline(p0, p3, None, n0, n3, False)
        handle = across * 0.5
        controls = ((p0[0] + n0[0] * handle, p0[1] + n0[1] * handle),
                    (p3[0] + n3[0] * handle, p3[1] + n3[1] * handle))
        return Centreline(p0, p3, controls, n0, n3, True)
    # adjacent edges: quarter ellipse around the shared corner
    corner = (p3[0] if n0[0] == 0 else p0[0], p3[1] if n0[1] == 0 else p0[1])
    ra = math.hypot(p0[0] - corner[0], p0[1] - corner[1])  # port a's distance from the corner
    rb = math.hypot(p3[0] - corner[0], p3[1] - corner[1])
    controls = ((p0[0] + n0[0] * bend * rb, p0[1] + n0[1] * bend * rb),
                (p3[0] + n3[0] * bend * ra, p3[1] + n3[1] * bend * ra))
    return Centreline(p0, p3, controls, n0, n3, True)


def _box(layer: TrackLayer, width: float, height: float) -> Box:
    return Box(layer.x, layer.y, layer.w if layer.w is not None else width - layer.x,
               layer.h if layer.h is not None else height - layer.y)


def _pieces(c: Centreline, overrun: float) -> list[tuple[str, tuple]]:
    """The drawn path: overrun stub outside the start port, the centreline, overrun at the end."""
    (sx, sy), (nx, ny) = c.start, c.start_normal
    pieces: list[tuple[str, tuple]] = []
    if overrun > 0:
        pieces.append(("L", ((sx - nx * overrun, sy - ny * overrun), c.start)))
    if c.controls is None:
        pieces.append(("L", (c.start, c.end)))
    else:
        pieces.append(("C", (c.start, c.controls[0], c.controls[1], c.end)))
    if overrun > 0 and c.end_normal is not None:
        (ex, ey), (mx, my) = c.end, c.end_normal
        pieces.append(("L", (c.end, (ex - mx * overrun, ey - my * overrun))))
    return pieces


def segment_path(c: Centreline, overrun: float = 0.0) -> tuple:
    """Scene path commands of a centreline (with its overrun stubs)."""
    pieces = _pieces(c, overrun)
    cmds: list[tuple] = [("M", *pieces[0][1][0])]
    for kind, pts in pieces:
        if kind == "L":
            cmds.append(("L", *pts[1]))
        else:
            cmds.append(("C", *pts[1], *pts[2], *pts[3]))
    return tuple(cmds)


def _bezier(p0: Point, p1: Point, p2: Point, p3: Point, t: float) -> Point:
    u = 1 - t
    a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
    return (a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1])


def polyline(c: Centreline, overrun: float = 0.0) -> list[Point]:
    """The drawn centreline as points (curves sampled)."""
    points: list[Point] = []
    for kind, pts in _pieces(c, overrun):
        if kind == "L":
            new = [pts[0], pts[1]]
        else:
            new = [_bezier(*pts, i / SAMPLES) for i in range(SAMPLES + 1)]
        if points and math.dist(points[-1], new[0]) < 1e-9:
            new = new[1:]
        points.extend(new)
    return points


def _offset(points: list[Point], d: float) -> list[Point]:
    """``points`` moved ``d`` to the left of the direction of travel (mitred at the joints)."""
    out = []
    n = len(points)
    for i, (x, y) in enumerate(points):
        tx = ty = 0.0
        for j, k in ((i - 1, i), (i, i + 1)):
            if 0 <= j and k < n:
                dx, dy = points[k][0] - points[j][0], points[k][1] - points[j][1]
                length = math.hypot(dx, dy) or 1.0
                tx, ty = tx + dx / length, ty + dy / length
        length = math.hypot(tx, ty) or 1.0
        tx, ty = tx / length, ty / length
        out.append((x + ty * d, y - tx * d))
    return out


def _poly_path(points: list[Point]) -> tuple:
    return (("M", *points[0]),) + tuple(("L", *p) for p in points[1:])


_CHUNK = 4  # segments per bounding box when looking for crossings


def _chunks(points: list[Point]) -> list[tuple[int, int, float, float, float, float]]:
    """(first segment, end segment, x min, x max, y min, y max) of each run of ``_CHUNK`` segments."""
    out = []
    for start in range(0, len(points) - 1, _CHUNK):
        stop = min(start + _CHUNK, len(points) - 1)
        xs = [p[0] for p in points[start:stop + 1]]
        ys = [p[1] for p in points[start:stop + 1]]
        out.append((start, stop, min(xs), max(xs), min(ys), max(ys)))
    return out


def _intersections(a: list[Point], b: list[Point], a_chunks: list | None = None,
                   b_chunks: list | None = None) -> list[tuple[float, Point]]:
    """(arc length along ``a``, point) of every crossing of polylines a and b.

    Runs of segments whose bounding boxes (grown by a hair, so rounding never hides a touch)
    are apart cannot cross and are skipped; every other pair of segments is tested exactly.
    ``a_chunks``/``b_chunks``: the polylines' :func:`_chunks`, when the caller has them."""
    eps = 1e-6
    b_chunks = _chunks(b) if b_chunks is None else b_chunks
    hits = []
    run = 0.0
    for start, stop, ax0, ax1, ay0, ay1 in _chunks(a) if a_chunks is None else a_chunks:
        near = [(s, e) for s, e, bx0, bx1, by0, by1 in b_chunks
                if bx0 <= ax1 + eps and ax0 <= bx1 + eps and by0 <= ay1 + eps and ay0 <= by1 + eps]
        for i in range(start, stop):
            (x1, y1), (x2, y2) = a[i], a[i + 1]
            seg = math.hypot(x2 - x1, y2 - y1)
            for s, e in near:
                for j in range(s, e):
                    (x3, y3), (x4, y4) = b[j], b[j + 1]
                    den = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
                    if abs(den) < 1e-12:
                        continue
                    t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / den
                    u = -((x1 - x2) * (y1 - y3) - (y1 - y2) * (x1 - x3)) / den
                    if 0 <= t < 1 and 0 <= u < 1:
                        hits.append((run + t * seg, (x1 + t * (x2 - x1), y1 + t * (y2 - y1))))
            run += seg
    return hits


def crossings(segments: list[tuple[str, str]], box: Box, *, pair_offset: float = 1 / 3,
              bend: float = KAPPA) -> int:
    """How many times independent segments (no shared port) cross inside the box."""
    lines = [polyline(centreline(a, b, box, pair_offset=pair_offset, bend=bend)) for a, b in segments]
    total = 0
    for i in range(len(segments)):
        for j in range(i):
            if set(segments[i]) & set(segments[j]) - {"end"}:
                continue
            total += len(_intersections(lines[i], lines[j]))
    return total


def _slice(points: list[Point], start: float, stop: float) -> list[Point]:
    """The part of a polyline between two arc lengths."""
    out: list[Point] = []
    run = 0.0
    for i in range(len(points) - 1):
        (x1, y1), (x2, y2) = points[i], points[i + 1]
        seg = math.hypot(x2 - x1, y2 - y1)
        if seg == 0:
            continue
        lo, hi = max(start, run), min(stop, run + seg)
        if lo <= hi:
            t0, t1 = (lo - run) / seg, (hi - run) / seg
            p0 = (x1 + t0 * (x2 - x1), y1 + t0 * (y2 - y1))
            p1 = (x1 + t1 * (x2 - x1), y1 + t1 * (y2 - y1))
            if not out or math.dist(out[-1], p0) > 1e-9:
                out.append(p0)
            out.append(p1)
        run += seg
    return out


@lru_cache(maxsize=4096)
def _rail_paths(c: Centreline, overrun: float, wd: float) -> tuple[tuple, tuple[tuple, tuple]]:
    """The path of a rail segment's bed and sleepers and of its two rails: geometry only, the
    same for every colour (a tile set draws each track layout once per player colour)."""
    points = polyline(c, overrun)
    gauge = wd * 0.21
    return segment_path(c, overrun), tuple(_poly_path(_offset(points, side * gauge)) for side in (-1, 1))


def _rail_items(layer: TrackLayer, c: Centreline, overrun: float) -> tuple[list[Item], list[Item], list[Item]]:
    """(bed, sleepers, rails and buffer stop) of one rail segment."""
    wd = layer.width
    cmds, rail_cmds = _rail_paths(c, overrun, wd)
    bed_style, sleeper_style, rail = _rail_styles(layer.bed, layer.sleepers, layer.colour, wd)
    bed = [Path(cmds, bed_style)] if layer.bed else []
    sleepers = [Path(cmds, sleeper_style)]
    rails: list[Item] = [Path(path, rail) for path in rail_cmds]
    if c.end_normal is None:
        rails += _buffer_stop(c, wd, layer.bed)
    return bed, sleepers, rails


@lru_cache(maxsize=256)
def _rail_styles(bed: str | None, sleepers: str, colour: str, wd: float) -> tuple[Style | None, Style, Style]:
    """The bed's, the sleepers' and the rails' styles of a rail layer (one each for all its segments)."""
    period = wd * 0.42
    return (Style(stroke=bed, width=wd) if bed else None,
            Style(stroke=sleepers, width=wd * 0.8, dash=(wd * 0.16, period - wd * 0.16)),
            Style(stroke=colour, width=max(0.7, wd * 0.075), join="round"))


def _buffer_stop(c: Centreline, wd: float, bed: str | None) -> list[Item]:
    """A buffer stop across the end of a dead-end stub: ballast run-out, struts, red beam."""
    (ex, ey), (tx, ty) = c.end, c.tangent(1.0)
    px, py = -ty, tx
    gauge = wd * 0.21
    items: list[Item] = []
    if bed:
        items.append(Path((("M", ex, ey), ("L", ex + tx * wd * 0.35, ey + ty * wd * 0.35)),
                          Style(stroke=bed, width=wd)))
    strut = Style(stroke="#3b3b3b", width=max(0.8, wd * 0.08), cap="round")
    back = wd * 0.45
    for side in (-1, 1):
        sx, sy = ex + px * gauge * side, ey + py * gauge * side
        items.append(Path((("M", sx - tx * back, sy - ty * back), ("L", sx + tx * wd * 0.1, sy + ty * wd * 0.1)),
                          strut))
    half = wd * 0.46
    beam = Style(stroke="#b3322b", width=wd * 0.24)
    bx, by = ex + tx * wd * 0.12, ey + ty * wd * 0.12
    items.append(Path((("M", bx + px * half, by + py * half), ("L", bx - px * half, by - py * half)), beam))
    stripe = Style(stroke="#ffffff", width=wd * 0.24, dash=(wd * 0.12, wd * 0.19))
    items.append(Path((("M", bx + px * half * 0.5, by + py * half * 0.5), ("L", bx - px * half, by - py * half)),
                      stripe))
    return items


def _road_items(layer: TrackLayer, c: Centreline, overrun: float) -> tuple[list[Item], list[Item], list[Item]]:
    wd = layer.width
    cmds = segment_path(c, overrun)
    verge = [Path(cmds, Style(stroke=layer.bed, width=wd * 1.15))] if layer.bed else []
    surface = [Path(cmds, Style(stroke=layer.colour, width=wd))]
    marks = [Path(cmds, Style(stroke="#ffffff", width=max(0.6, wd * 0.06), dash=(wd * 0.35, wd * 0.3)))]
    if c.end_normal is None:
        (ex, ey), (tx, ty) = c.end, c.tangent(1.0)
        marks.append(Path((("M", ex - ty * wd * 0.5, ey + tx * wd * 0.5), ("L", ex + ty * wd * 0.5, ey - tx * wd * 0.5)),
                          Style(stroke="#b3322b", width=wd * 0.2)))
    return verge, surface, marks


def _spans(crossings_at: list[float], half: float, join: float) -> list[tuple[float, float]]:
    """Bridge spans (arc-length intervals) around crossings; spans less than ``join`` apart
    merge into one viaduct."""
    spans: list[list[float]] = []
    for at in sorted(crossings_at):
        if spans and at - half <= spans[-1][1] + join:
            spans[-1][1] = at + half
        else:
            spans.append([at - half, at + half])
    return [(a, b) for a, b in spans]


def _deck(layer: TrackLayer, c: Centreline, overrun: float, start: float, stop: float) -> tuple[list[Item], list[Item]]:
    """(under, over) items of a bridge deck between arc lengths ``start`` and ``stop`` of the upper track."""
    paths = _deck_paths(c, overrun, layer.width, start, stop)
    if paths is None:
        return [], []
    path, shadow, parapets = paths
    wd = layer.width
    under: list[Item] = [
        Path(path, Style(stroke=layer.background, width=wd * 2.2)),                 # the gap
        Path(shadow, Style(stroke="#000000", width=wd * 1.55, opacity=0.28)),
        Path(path, Style(stroke="#8f877b", width=wd * 1.55)),                       # deck
    ]
    parapet = Style(stroke="#4a4036", width=max(0.8, wd * 0.1), cap="round", join="round")
    return under, [Path(cmds, parapet) for cmds in parapets]


@lru_cache(maxsize=1024)
def _deck_paths(c: Centreline, overrun: float, wd: float, start: float, stop: float) -> tuple | None:
    """The deck's path, its shadow's and its two parapets' (None: too short to draw): geometry
    only, the same for every colour of a layout."""
    span = _slice(polyline(c, overrun), start, stop)
    if len(span) < 2:
        return None
    parapets = []
    for side in (-1, 1):
        rail = _offset(span, side * wd * 0.72)
        # wing walls: the parapet ends flare outwards, away from the bridge
        (x0, y0), (x1, y1) = span[0], span[1]
        (xa, ya), (xb, yb) = span[-2], span[-1]
        t0 = _unit(x1 - x0, y1 - y0)
        t1 = _unit(xb - xa, yb - ya)
        flare = wd * 0.3
        first = (rail[0][0] - t0[0] * flare + t0[1] * side * flare,
                 rail[0][1] - t0[1] * flare - t0[0] * side * flare)
        last = (rail[-1][0] + t1[0] * flare + t1[1] * side * flare,
                rail[-1][1] + t1[1] * flare - t1[0] * side * flare)
        parapets.append(_poly_path([first, *rail, last]))
    return _poly_path(span), _poly_path([(x + wd * 0.1, y + wd * 0.14) for x, y in span]), tuple(parapets)


def _unit(dx: float, dy: float) -> Point:
    n = math.hypot(dx, dy) or 1.0
    return (dx / n, dy / n)


@lru_cache(maxsize=1024)
def _bridges(lines: tuple[Centreline, ...], segments: tuple[tuple[str, str], ...], overrun: float
             ) -> tuple[tuple[int, ...], tuple[tuple[float, ...], ...]]:
    """The drawing order of a layer's segments and, in that order, where each passes over one
    drawn before it (arc lengths): geometry only, found once for every colour of a layout."""
    crossing_at: list[list[float]] = [[] for _ in lines]
    order = list(range(len(lines)))
    plain = [polyline(c) for c in lines]
    chunks = [_chunks(p) for p in plain]   # each line's runs once, not again for every pair
    hits: dict[tuple[int, int], list[float]] = {}
    for i, (a, b) in enumerate(segments):
        for j in range(len(lines)):
            if j == i or {a, b} & set(segments[j]) - {"end"}:
                continue
            found = _intersections(plain[i], plain[j], chunks[i], chunks[j])
            if found:  # arc lengths along the drawn line, which starts ``overrun`` before the port
                hits[i, j] = [s + overrun for s, _ in found]
    degree = [sum(len(v) for (i, _), v in hits.items() if i == k) for k in range(len(lines))]
    order.sort(key=lambda k: degree[k])
    for rank, i in enumerate(order):
        for j in order[:rank]:
            crossing_at[i] += hits.get((i, j), [])
    return tuple(order), tuple(tuple(crossing_at[k]) for k in order)


def draw_tracks(layer: TrackLayer, width: float, height: float) -> list[Item]:
    """Scene items of a track layer on a ``width`` × ``height`` trim box."""
    # a tile set draws the same track layer on many tiles: drawn once for each layer's exact
    # values (paths only, no groups, so sharing them changes no document)
    key = (type(layer), tuple((name, _frozen(value)) for name, value in layer.__dict__.items()), width, height)
    found = _DRAWN.get(key)
    if found is None:
        if len(_DRAWN) >= 1024:
            _DRAWN.clear()
        found = _DRAWN[key] = tuple(_draw_tracks(layer, width, height))
    return list(found)


_DRAWN: dict[tuple, tuple[Item, ...]] = {}


def _frozen(value):
    """A layer's value as a key (lists, such as the segments, as tuples)."""
    return tuple(_frozen(v) for v in value) if isinstance(value, (list, tuple)) else value


def _draw_tracks(layer: TrackLayer, width: float, height: float) -> list[Item]:
    box = _box(layer, width, height)
    draw = _rail_items if layer.style == "rail" else _road_items
    lines = [centreline(a, b, box, pair_offset=layer.pair_offset, end_length=layer.end_length, bend=layer.bend)
             for a, b in layer.segments]
    # Bridges: independent segments (no shared port) that cross. The segment with the most
    # crossings goes on top (ties: the one listed later), so a track never ends up squeezed
    # between two bridges; a segment is "over" when it crosses one drawn before it.
    order, crossing_at = _bridges(tuple(lines), tuple(map(tuple, layer.segments)), layer.overrun) \
        if layer.bridge else (tuple(range(len(lines))), ((),) * len(lines))
    lines = [lines[k] for k in order]
    layers: list[list[Item]] = [[], [], []]
    items: list[Item] = []
    for c, at in zip(lines, crossing_at):
        if at:
            continue
        for bucket, part in zip(layers, draw(layer, c, layer.overrun)):
            bucket.extend(part)
    items += layers[0] + layers[1] + layers[2]
    for c, at in zip(lines, crossing_at):
        if not at:
            continue
        decks = [_deck(layer, c, layer.overrun, a, b) for a, b in _spans(at, layer.width * 1.05, layer.width * 0.8)]
        for under, _ in decks:
            items.extend(under)
        for part in draw(layer, c, layer.overrun):
            items.extend(part)
        for _, over in decks:
            items.extend(over)
    return items
