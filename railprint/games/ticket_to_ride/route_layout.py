"""Where the route spaces of a Ticket to Ride board go: geometry in, placed spaces out.

Pure geometry, no drawing: :func:`layout_routes` takes the map, the board positions of its
nodes (cities and area endpoints), the space dimensions (:func:`dims`) and the box the board's
map may use, and returns every route as a chain of :class:`Car` spaces (parallel routes side by
side), plus the occupancy of nodes and spaces that the board's labels and tables then avoid.
:mod:`railprint.games.ticket_to_ride.board` draws the result.

Designed for the game's plastic train cars (docs/ticket-to-ride-board.md): a space is
``CAR_SPACE`` long and wide (board millimetres, scaled with the board), consecutive spaces of a
chain stand at least ``GAP`` apart (centre to centre at least ``CAR_SPACE[0] + GAP``), parallel
spaces ``PITCH`` apart side by side, and spaces of different routes keep ``CLEARANCE`` apart.

The search: for every group of parallel routes, candidate centre lines (the straight chord, arcs
bulging either way by several amounts, skewed towards either end, the chain slid along it; or
the data's ``via`` bend points) are scored by how far their spaces would come into other
routes' spaces, cities and the board edge; groups are placed greedily, most crowded first, then
improved in passes, and finally every group still too close to another is re-placed with wider
choices until all keep ``CLEARANCE``. Space overlap is measured with circles that *cover* each
space (conservative: circles apart means spaces apart); :func:`clearance` measures the exact
distance between two spaces.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from typing import TYPE_CHECKING, Callable, NamedTuple

from railprint.memory import gc_paused

if TYPE_CHECKING:  # pragma: no cover - typing only
    from railprint.games.ticket_to_ride.model import TTRMap

Point = tuple[float, float]

CAR_SPACE = (22.0, 7.0)   # board mm: room for a plastic car of up to ~21 x 6.5 mm
GAP = 1.0                 # board mm between consecutive spaces (at least)
PITCH = 9.4               # board mm between parallel spaces, centre to centre
CLEARANCE = 1.0           # board mm between spaces of different routes (at least)
CITY_RADIUS = 5.2
END_GAP = 0.8             # board mm between a city marker and the first space
ROUTE_WEIGHT = 30.0       # cost per point of overlap with a placed space: labels and tables keep off
# The work one search may do, so that a crowded map ends in bounded time (the shipped maps need
# about a third of each): candidate shapes built, and pairs of nearby spaces compared.
SHAPE_BUDGET = 15_000
PAIR_BUDGET = 80_000


class Car(NamedTuple):
    """One car space: centre, direction (degrees, clockwise from +x), size, and its mark.
    (A named tuple: the search makes tens of thousands of candidate spaces.)"""

    x: float
    y: float
    angle: float
    length: float
    width: float
    route: str
    index: int
    mark: str = ""     # "" | "locomotive" | "wave"


@dataclass(frozen=True)
class Dims:
    """Space dimensions in points (board millimetres times ``unit``)."""

    unit: float
    car_len: float
    car_w: float
    gap: float
    pitch: float
    city_r: float
    end_gap: float
    clearance: float


def dims(unit: float) -> Dims:
    """The dimensions for a board whose millimetre is ``unit`` points."""
    return Dims(unit, CAR_SPACE[0] * unit, CAR_SPACE[1] * unit, GAP * unit, PITCH * unit,
                CITY_RADIUS * unit, END_GAP * unit, CLEARANCE * unit)


class SpatialHash:
    """Spatial hash of circles and boxes for overlap costs."""

    def __init__(self, cell: float):
        self.cell = cell
        self.grid: dict[tuple[int, int], list] = {}
        self.by_tag: dict[object, list] = {}

    def _keys(self, x0, y0, x1, y1):
        c = self.cell
        for i in range(int(math.floor(x0 / c)), int(math.floor(x1 / c)) + 1):
            for j in range(int(math.floor(y0 / c)), int(math.floor(y1 / c)) + 1):
                yield (i, j)

    def add_circle(self, x, y, r, tag, weight=1.0):
        shape = ("c", x, y, r, tag, weight)
        c, grid = self.cell, self.grid
        mine = self.by_tag.setdefault(tag, [])
        # the cells of _keys, inlined: a board adds every space's circles (~2,700 for Italy)
        for i in range(int(math.floor((x - r) / c)), int(math.floor((x + r) / c)) + 1):
            for j in range(int(math.floor((y - r) / c)), int(math.floor((y + r) / c)) + 1):
                k = (i, j)
                grid.setdefault(k, []).append(shape)
                mine.append((k, shape))

    def add_box(self, box, tag, weight=1.0):
        shape = ("b", *box, tag, weight)
        for k in self._keys(*box):
            self.grid.setdefault(k, []).append(shape)
            self.by_tag.setdefault(tag, []).append((k, shape))

    def remove(self, tag):
        for k, shape in self.by_tag.pop(tag, ()):
            cell = self.grid[k]
            for i, other in enumerate(cell):
                if other is shape:
                    del cell[i]
                    break

    def near(self, x0, y0, x1, y1):
        seen = set()
        for k in self._keys(x0, y0, x1, y1):
            for shape in self.grid.get(k, ()):
                if id(shape) not in seen:
                    seen.add(id(shape))
                    yield shape

    def circle_cost(self, x, y, r, ignore=()):
        cost = 0.0
        for s in self.near(x - r, y - r, x + r, y + r):
            if s[-2] in ignore:
                continue
            if s[0] == "c":
                d = r + s[3] - math.hypot(x - s[1], y - s[2])
            else:
                d = r - _point_box_distance(x, y, s[1:5])
            if d > 0:
                cost += d * s[-1]
        return cost

    def box_cost(self, box, ignore=()):
        cost = 0.0
        c, grid = self.cell, self.grid
        i0, i1 = int(math.floor(box[0] / c)), int(math.floor(box[2] / c))
        j0, j1 = int(math.floor(box[1] / c)), int(math.floor(box[3] / c))
        seen = set()
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                for s in grid.get((i, j), ()):
                    if s[-2] in ignore or id(s) in seen:
                        continue
                    seen.add(id(s))
                    if s[0] == "c":
                        d = s[3] - _point_box_distance(s[1], s[2], box)
                    else:
                        d = min(box[2], s[3]) - max(box[0], s[1])
                        e = min(box[3], s[4]) - max(box[1], s[2])
                        d = min(d, e)
                    if d > 0:
                        cost += d * s[-1]
        return cost


def _point_box_distance(x, y, box):
    x0, y0, x1, y1 = box
    dx = max(x0 - x, 0, x - x1)
    dy = max(y0 - y, 0, y - y1)
    if dx == 0 and dy == 0:
        return -min(x - x0, x1 - x, y - y0, y1 - y)  # inside: negative depth
    return math.hypot(dx, dy)


class _Curve:
    """A polyline parametrised by arc length (``acc``: the length up to each point; see
    :func:`_points`)."""

    __slots__ = ("pts", "acc", "length")

    def __init__(self, pts: list[Point]):
        self.pts = pts
        self.acc = list(accumulate(map(math.dist, pts, pts[1:]), initial=0.0))
        self.length = self.acc[-1]


def _bezier(a: Point, b: Point, h: float, skew: float = 0.0, n: int = 36) -> list[Point]:
    """A quadratic curve from a to b bulging sideways by ``h`` (signed; 0 = straight), its
    bulge moved towards b by ``skew`` (a fraction of the chord)."""
    (ax, ay), (bx, by) = a, b
    c = math.hypot(bx - ax, by - ay)
    if (abs(h) < 1e-6 and not skew) or c == 0:
        return [a, b]
    ux, uy = (bx - ax) / c, (by - ay) / c
    nx, ny = -uy, ux
    cx = (ax + bx) / 2 + nx * 2 * h + ux * skew * c
    cy = (ay + by) / 2 + ny * 2 * h + uy * skew * c
    return [(p * ax + q * cx + r * bx, p * ay + q * cy + r * by) for p, q, r in _weights(n)]


@lru_cache(maxsize=8)
def _weights(n: int) -> tuple[tuple[float, float, float], ...]:
    """The quadratic Bernstein weights at ``n + 1`` even steps."""
    return tuple(((1 - i / n) ** 2, 2 * (1 - i / n) * (i / n), (i / n) * (i / n)) for i in range(n + 1))


def _polyline_length(pts: list[Point]) -> float:
    return sum(map(math.dist, pts, pts[1:]))


def _bulge_for(a: Point, b: Point, need: float, skew: float = 0.0) -> float:
    """The smallest bulge making the curve at least ``need`` long (capped): 30 steps of
    bisection on the curve's length (its polyline, as :func:`_bezier` makes it).

    The length grows with the bulge (the curve's points move sideways in proportion to it), so
    the bisection need not work it out far from where it reaches ``need``: the secant method
    finds that spot, two lengths a little either side of it (clear of ``need`` by a margin far
    above rounding) prove every bulge below the one short and above the other long enough, and
    only the steps between the two measure the length (13 lengths instead of 31; the answer is
    the plain bisection's, which the tests compare)."""
    c = math.dist(a, b)

    def length(h: float) -> float:
        return _polyline_length(_bezier(a, b, h, skew))

    short = length(0.0) - need
    if short >= 0:
        return 0.0
    lo, hi = 0.0, 0.9 * c
    margin = need * 1e-9
    x0, f0 = 0.0, short
    x1 = min(hi, math.sqrt(max(0.0, 3 * c * (need - c) / 8)) or 1e-3 * c)   # a parabola's arc
    f1 = length(x1) - need
    for _ in range(8):
        if f1 == f0 or abs(f1) < margin:
            break
        x0, f0, x1 = x1, f1, min(hi, max(0.0, x1 - f1 * (x1 - x0) / (f1 - f0)))
        f1 = length(x1) - need
    slope = abs((f1 - f0) / (x1 - x0)) if x1 != x0 else 0.0
    step = 4 * margin / slope if slope > 0 else 1e-6 * c
    below = x1 - step if length(x1 - step) < need - margin else 0.0   # every bulge up to it is short
    above = x1 + step if length(x1 + step) >= need + margin else math.inf   # and from it on, long enough
    for _ in range(30):
        mid = (lo + hi) / 2
        if mid <= below or (mid < above and length(mid) < need):
            lo = mid
        else:
            hi = mid
    return hi


def _catmull(points: list[Point], n: int = 16) -> list[Point]:
    if len(points) < 3:
        return points
    out = []
    pts = [points[0], *points, points[-1]]
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for k in range(n):
            t = k / n
            t2, t3 = t * t, t * t * t
            out.append(tuple(0.5 * (2 * p1[j] + (-p0[j] + p2[j]) * t + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2
                                    + (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3) for j in (0, 1)))
    out.append(points[-1])
    return out


def _chain_shape(m: "TTRMap", ids: tuple[str, ...], pts: list[Point], g: Dims, shift: float = 0.0,
                 spread: bool = False, tight: bool = False, curves: dict | None = None, roomy: bool = False
                 ) -> tuple[dict[str, tuple[Car, ...]], float]:
    """Cars of a parallel group along the polyline ``pts``, side by side; ``shift`` (-1..1)
    slides the chains towards one end when there is room to spare; ``spread`` widens the gaps
    without limit so the chain runs from city to city (a line bent through ``via`` points);
    ``tight`` keeps the smallest gap, so a slide can back the chain further away from a city;
    ``roomy`` widens the gaps up to 0.29 of a space (a tight bend).

    Spaces are placed on the centre line and moved sideways along its normal, so parallel
    spaces stand abreast; where the curve is so tight that this would jam the inner chain,
    each chain is spaced along its own offset curve instead. ``curves`` keeps the arc-length
    parametrisations of ``pts`` (and its offsets) for the next shape along the same line.
    Returns the spaces and how far apart the spaces of the same number stand in chains laid side
    by side (``-inf`` if they are not; see :func:`_near_pairs`)."""
    k = len(ids)
    if curves is None:
        curves = {}
    centre = curves.get(0.0)
    if centre is None:
        centre = curves[0.0] = _Curve(pts)
    routes = [m.route[i] for i in ids]
    if k == 1:
        return _cars(routes, _chain_points(routes, [centre], g, shift, spread, tight, roomy), [0.0], g), -math.inf
    sides = [(j - (k - 1) / 2) * g.pitch for j in range(k)]
    points = _chain_points(routes, [centre] * k, g, shift, spread, tight, roomy)
    low, high, dist = g.car_len + g.gap, g.car_len * 1.25, math.dist
    # the centres the side-by-side spaces would have (as _cars makes them): their Cars are made
    # only if they are spaced a car apart
    spaced = all(low <= dist((ax - aty * o, ay + atx * o), (bx - bty * o, by + btx * o)) <= high
                 for chain, o in zip(points, sides)
                 for (ax, ay, atx, aty, _), (bx, by, btx, bty, _) in zip(chain, chain[1:]))
    if spaced:
        abreast = _cars(routes, points, sides, g)
        # spaces side by side on one line stand PITCH apart: their clearance need not be measured
        beside = g.pitch - g.car_w if len({route.length for route in routes}) == 1 else -math.inf
        inner = _inner_clearance(abreast, g.clearance, beside)
        if inner >= g.clearance:
            return abreast, beside
    missing = [d for d in sides if d not in curves]
    if missing:   # the offset curves share their normals
        for d, line in zip(missing, _offsets(pts, missing)):
            curves[d] = _Curve(line)   # 0.0, the centre line, is made first
    lines = [curves[d] for d in sides]
    own = _cars(routes, _chain_points(routes, lines, g, shift, spread, tight, roomy), [0.0] * k, g)
    if spaced and inner >= _inner_clearance(own, g.clearance):
        return abreast, beside
    return own, -math.inf


def _inner_clearance(cars: dict[str, tuple["Car", ...]], enough: float, beside: float = -math.inf) -> float:
    """The smallest clearance between the spaces of a group (side by side and in a row), or
    ``enough`` when none is closer (``beside``: see :func:`_near_pairs`)."""
    worst = enough
    for a, b in _near_pairs(cars, enough, beside):
        worst = min(worst, clearance(a, b, enough))
    return worst


def _near_pairs(cars: dict[str, tuple["Car", ...]], enough: float, beside: float = -math.inf):
    """Pairs of spaces of a group that may be closer than ``enough``: neighbours in a chain, and
    spaces of parallel chains whose circumscribed circles come that close — but not spaces of
    the same number in chains laid side by side on one line, which stand ``beside`` apart, when
    that is more than ``enough``."""
    chains = list(cars.values())
    abreast = beside > enough
    for i, chain in enumerate(chains):
        yield from zip(chain, chain[1:])
        for other in chains[i + 1:]:
            if not chain or not other:
                continue
            a, b = chain[0], other[0]   # the spaces of a chain share their size
            reach = (math.hypot(a.length, a.width) + math.hypot(b.length, b.width)) / 2 + enough
            reach2 = reach * reach
            for a in chain:
                ax, ay, index = a.x, a.y, a.index
                for b in other:
                    if (ax - b.x) ** 2 + (ay - b.y) ** 2 < reach2 and not (abreast and b.index == index):
                        yield a, b


def _chain_points(routes, curves: list[_Curve], g: Dims, shift: float, spread: bool = False, tight: bool = False,
                 roomy: bool = False) -> list[list[tuple]]:
    """Each chain's points along its curve (see :func:`_points` and :func:`_chain_shape`)."""
    car_len, gap0 = g.car_len, g.gap
    ends = 2 * (g.city_r + g.end_gap)
    lengths = [route.length for route in routes]
    same = len(set(lengths)) == 1
    gaps = []
    for curve, n in zip(curves, lengths):
        usable = curve.length - ends
        need = n * car_len + (n - 1) * gap0
        wide = gap0 + max(0.0, usable - need) / (n - 1) if n > 1 else gap0
        gaps.append(gap0 if tight else wide if spread else min(max(gap0 * 2.5, 0.29 * car_len) if roomy
                                                               else gap0 * 2.5, wide))
    if same:   # one spacing for a group of equal lengths, so side-by-side spaces stay abreast
        gaps = [min(gaps)] * len(gaps)
    along: dict[tuple, list] = {}   # chains side by side on one curve share their points
    out = []
    for curve, n, gap in zip(curves, lengths, gaps):
        usable = curve.length - ends
        span = n * car_len + (n - 1) * gap
        start = (curve.length - span) / 2
        if shift:
            start += shift * max(0.0, usable - span) / 2
        points = along.get((id(curve), n, gap, start))
        if points is None:
            points = along[(id(curve), n, gap, start)] = _points(curve, start, car_len + gap, car_len / 2, n)
        out.append(points)
    return out


def _cars(routes, points: list[list[tuple]], offsets: list[float], g: Dims) -> dict[str, tuple[Car, ...]]:
    """The spaces of each chain at its points, moved sideways by its offset."""
    cars: dict[str, tuple[Car, ...]] = {}
    car_len, car_w = g.car_len, g.car_w
    new = tuple.__new__
    for route, chain, o in zip(routes, points, offsets):
        rid = route.id
        marks = _marks(route, route.length)
        if o:
            cars[rid] = tuple([new(Car, (px - ty * o, py + tx * o, angle, car_len, car_w, rid, i, marks[i]))
                               for i, (px, py, tx, ty, angle) in enumerate(chain)])
        else:   # on its own line (px - ty * 0.0 is px: board positions are never -0.0)
            cars[rid] = tuple([new(Car, (px, py, angle, car_len, car_w, rid, i, marks[i]))
                               for i, (px, py, _, _, angle) in enumerate(chain)])
    return cars


def _points(curve: _Curve, start: float, pitch: float, half: float, n: int) -> list[tuple]:
    """Point, unit tangent and its angle (degrees) at arc length ``start + i * pitch + half``
    along ``curve`` (clamped to it) for ``i < n``: on the segment [lo, lo + 1] with
    ``acc[lo] <= s < acc[lo + 1]`` (the last segment for the end)."""
    acc, pts, length = curve.acc, curve.pts, curve.length
    last = len(acc) - 1
    degrees, atan2 = math.degrees, math.atan2
    out = []
    for i in range(n):
        s = start + i * pitch + half
        if s <= 0.0:
            s = 0.0
        elif s >= length:
            s = length
        lo = min(bisect_right(acc, s), last) - 1
        (x0, y0), (x1, y1) = pts[lo], pts[lo + 1]
        seg = acc[lo + 1] - acc[lo] or 1.0
        f = (s - acc[lo]) / seg
        tx, ty = (x1 - x0) / seg, (y1 - y0) / seg
        out.append((x0 + f * (x1 - x0), y0 + f * (y1 - y0), tx, ty, degrees(atan2(ty, tx))))
    return out


def _offsets(pts: list[Point], sides: list[float]) -> list[list[Point]]:
    """The polyline ``pts`` moved sideways by each of ``sides`` (to the right of the direction
    of travel on a y-down page): each point ``(x - ny * d, y + nx * d)``, where ``(nx, ny)`` is
    the direction of the chord between the point's neighbours (unit length)."""
    hypot = math.hypot
    normals = []   # made once, then each line in one comprehension
    for (x0, y0), (x1, y1) in zip(pts[:1] + pts[:-1], pts[1:] + pts[-1:]):
        ex, ey = x1 - x0, y1 - y0
        length = hypot(ex, ey) or 1.0
        normals.append((ex / length, ey / length))
    return [[(x - ny * d, y + nx * d) for (x, y), (nx, ny) in zip(pts, normals)] for d in sides]


def _marks(route, n: int) -> tuple[str, ...]:
    """Which spaces carry a locomotive or a wave symbol: spread along the chain, middle first."""
    return _spread_marks(route.locomotives, route.waves, n)


@lru_cache(maxsize=256)
def _spread_marks(locomotives: int, waves: int, n: int) -> tuple[str, ...]:
    count, mark = (locomotives, "locomotive") if locomotives else (waves, "wave")
    marks = [""] * n
    if count <= 0:
        return tuple(marks)
    if count >= n:
        return (mark,) * n
    chosen = sorted({min(n - 1, int((i + 0.5) * n / count)) for i in range(count)})
    while len(chosen) < count:  # pragma: no cover - rounding collisions
        chosen.append(next(i for i in range(n) if i not in chosen))
    for i in chosen:
        marks[i] = mark
    return tuple(marks)


def car_polygon(car: Car) -> list[Point]:
    """The four corners of a space."""
    a = math.radians(car.angle)
    c, s = math.cos(a), math.sin(a)
    hl, hw = car.length / 2, car.width / 2
    return [(car.x + c * dx - s * dy, car.y + s * dx + c * dy) for dx, dy in ((-hl, -hw), (hl, -hw), (hl, hw), (-hl, hw))]


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy or 1.0)))
    return math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1])


def polygon_clearance(p: list[Point], q: list[Point]) -> float:
    """Distance between two convex polygons; negative (minus the smallest separating-axis
    overlap) when they overlap."""
    depth = math.inf
    for poly in (p, q):
        for i in range(len(poly)):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
            nx, ny = y2 - y1, x1 - x2
            norm = math.hypot(nx, ny) or 1.0
            a = [(nx * x + ny * y) / norm for x, y in p]
            b = [(nx * x + ny * y) / norm for x, y in q]
            overlap = min(max(a) - min(b), max(b) - min(a))
            if overlap <= 0:   # separated: the exact distance is vertex to edge
                return min(min(_segment_distance(v, poly2[j], poly2[(j + 1) % len(poly2)])
                               for v in poly1 for j in range(len(poly2)))
                           for poly1, poly2 in ((p, q), (q, p)))
            depth = min(depth, overlap)
    return -depth


def clearance(a: Car, b: Car, enough: float = math.inf) -> float:
    """Exact distance between two spaces (negative when they overlap: minus the smallest
    separating-axis overlap, as :func:`polygon_clearance`). With ``enough``: any value >=
    ``enough`` once the spaces are known to be at least that far apart (fast)."""
    dx, dy = b.x - a.x, b.y - a.y
    d = math.hypot(dx, dy)
    if enough < math.inf:
        apart = d - math.hypot(a.length, a.width) / 2 - math.hypot(b.length, b.width) / 2
        if apart >= enough:   # farther apart than their circumscribed circles
            return apart
    ta, tb = math.radians(a.angle), math.radians(b.angle)
    ca, sa, cb, sb = math.cos(ta), math.sin(ta), math.cos(tb), math.sin(tb)
    ha, wa, hb, wb = a.length / 2, a.width / 2, b.length / 2, b.width / 2
    # separating axes of two rectangles: each one's length and width directions
    cross, dot = abs(ca * sb - sa * cb), abs(ca * cb + sa * sb)
    depth = math.inf
    for proj, ra, rb in ((abs(dx * ca + dy * sa), ha, hb * dot + wb * cross),      # a's length
                         (abs(-dx * sa + dy * ca), wa, hb * cross + wb * dot),     # a's width
                         (abs(dx * cb + dy * sb), ha * dot + wa * cross, hb),      # b's length
                         (abs(-dx * sb + dy * cb), ha * cross + wa * dot, wb)):    # b's width
        overlap = ra + rb - proj
        if overlap <= 0:
            if -overlap >= enough:   # apart along this axis by at least that much
                return -overlap
            break
        depth = min(depth, overlap)
    else:
        return -depth
    # apart: the closest points are a corner of one space and the outline of the other
    best = math.inf
    for (cx, cy, c1, s1, h1, w1), (ox, oy, c2, s2, h2, w2) in (((a.x, a.y, ca, sa, ha, wa), (b.x, b.y, cb, sb, hb, wb)),
                                                                ((b.x, b.y, cb, sb, hb, wb), (a.x, a.y, ca, sa, ha, wa))):
        for ex, ey in ((h2, w2), (h2, -w2), (-h2, w2), (-h2, -w2)):
            px, py = ox + c2 * ex - s2 * ey - cx, oy + s2 * ex + c2 * ey - cy
            u = abs(px * c1 + py * s1) - h1
            v = abs(-px * s1 + py * c1) - w1
            dist = math.hypot(max(u, 0.0), max(v, 0.0))
            if dist < best:
                best = dist
    return best


def _cover(car: Car) -> tuple[list[Point], float]:
    """Circles that cover the space: centres along its axis and their common radius."""
    n = max(2, round(car.length / car.width * 2))
    step = car.length / n
    a = math.radians(car.angle)
    dx, dy = math.cos(a), math.sin(a)
    centres = [(car.x + dx * (-car.length / 2 + step * (k + 0.5)), car.y + dy * (-car.length / 2 + step * (k + 0.5)))
               for k in range(n)]
    return centres, math.hypot(car.width / 2, step / 2)


@dataclass
class RouteLayout:
    """The placed spaces: route id -> its spaces and the centre line through them; ``occupied``
    holds the nodes and the spaces for whatever is placed next (labels, tables)."""

    cars: dict[str, tuple[Car, ...]]
    paths: dict[str, tuple[Point, ...]]
    occupied: "SpatialHash"


def close_pairs(cars: dict[str, tuple[Car, ...]], limit: float, same_group: Callable[[str, str], bool] | None = None
                ) -> list[tuple[float, Car, Car]]:
    """Every pair of spaces closer than ``limit`` (exact), with their clearance: spaces of
    different routes, and consecutive spaces of one route (``same_group(a, b)`` pairs of routes
    are left out: parallel routes stand abreast by design, ``PITCH`` apart)."""
    every = [car for chain in cars.values() for car in chain]
    reach = max((math.hypot(c.length, c.width) for c in every), default=0.0) + limit   # corner to corner
    cell = reach
    grid: dict[tuple[int, int], list[int]] = {}
    for i, car in enumerate(every):
        grid.setdefault((int(car.x // cell), int(car.y // cell)), []).append(i)
    out = []
    for i, car in enumerate(every):
        gx, gy = int(car.x // cell), int(car.y // cell)
        for nx in (gx - 1, gx, gx + 1):
            for ny in (gy - 1, gy, gy + 1):
                for j in grid.get((nx, ny), ()):
                    if j <= i:
                        continue
                    other = every[j]
                    if other.route == car.route:
                        if abs(other.index - car.index) != 1:
                            continue
                    elif same_group is not None and same_group(car.route, other.route):
                        continue
                    if math.dist((car.x, car.y), (other.x, other.y)) > reach:
                        continue
                    d = clearance(car, other, limit)
                    if d < limit:
                        out.append((d, car, other))
    return sorted(out, key=lambda item: (item[0], item[1].route, item[1].index, item[2].route, item[2].index))


def layout_routes(m: "TTRMap", nodes: dict[str, Point], g: Dims, inner_box: tuple[float, float, float, float],
                  place: Callable[[Point], Point], passes: int = 3) -> RouteLayout:
    """Choose a centre line for every parallel group so its spaces keep ``g.clearance`` from
    other routes' spaces, clear of other cities and inside ``inner_box``."""
    with gc_paused():
        return _Search(m, nodes, g, inner_box, place).run(passes)


class _Group:
    """A group of parallel routes between two nodes, its candidate lines and its chosen one."""

    __slots__ = ("crowding", "ends", "ids", "c", "a", "b", "need", "via", "current", "options", "shapes",
                 "curves", "lines", "bulges", "cells", "near", "box", "neighbours", "settled")

    def __init__(self, crowding, ends, ids, c, a, b, need, via):
        self.crowding, self.ends, self.ids, self.c, self.a, self.b, self.need, self.via = \
            crowding, ends, ids, c, a, b, need, via
        self.current = None   # the chosen option: (penalty, curve key, shift, tight, spread: True | False | "roomy")
        self.options: dict[int, list] = {}   # level -> the candidate options, in a fixed order
        self.shapes: dict[tuple, _Shape] = {}
        self.curves: dict[tuple, list[Point]] = {}
        self.lines: dict[tuple, dict] = {}   # curve key -> its arc-length parametrisations
        self.near: list[Point] | None = None   # foreign nodes any of its candidates may come near
        self.box = (0.0, 0.0, 0.0, 0.0)        # where any of its candidates' spaces may lie
        self.neighbours: list[_Group] = []     # groups whose spaces may come near its candidates
        self.settled: int | None = None        # the level it was last chosen at, if nothing near moved since
        self.bulges: dict[float, float] = {}
        self.cells: list[tuple[int, int]] = []   # where its spaces sit in the search's grid


class _Shape:
    """The spaces of a group along one candidate line, with what the search needs of them: the
    circles covering each space (``covered``: the space, its circles' centres and its spine — the
    first centre and the vector to the last, and that vector's squared length; made for the
    first spaces of ``spaces`` as far as they were needed, see ``_Search.covered``) and the part
    of the cost that depends on nothing placed (how close the group's own spaces come, foreign
    cities, the board edge)."""

    __slots__ = ("cars", "spaces", "covered", "fixed", "beside")

    def __init__(self, cars, beside: float = -math.inf):
        self.cars, self.beside = cars, beside
        self.covered: list = []
        self.fixed: float | None = None
        self.spaces = [car for chain in cars.values() for car in chain]   # in the order of ``covered``


class _Search:
    """Greedy placement with local improvement over fixed candidate lines (see the module doc).

    Speed comes from doing little, not from approximating: a candidate's cost is its penalty
    plus a fixed part (computed once per candidate, when first needed) plus its overlap with
    what is placed; candidates are scored in order of penalty, and a candidate is dropped as
    soon as its cost passes the best so far (every part of the cost is >= 0, so the penalty and
    the fixed part are lower bounds). The choice is the one an exhaustive scan gives: the
    cheapest candidate, the earlier one on a tie, the current line unless another is cheaper."""

    def __init__(self, m, nodes, g: Dims, inner_box, place):
        self.m, self.nodes, self.g, self.inner_box = m, nodes, g, inner_box
        unit = g.unit
        self.unit = unit
        self.want = want = g.clearance + 0.15 * unit   # a little more than promised: the repair stops short of it
        steps = max(2, round(g.car_len / g.car_w * 2))   # circles covering a space (as _cover)
        self.step = g.car_len / steps
        self.steps = steps
        self.radius = r = math.hypot(g.car_w / 2, self.step / 2)
        self.node_radius = g.city_r + 2.5 * unit
        # two spaces interact (circle overlap, or exact clearance below ``want``) only when their
        # centres are closer than this
        spine = g.car_len - self.step
        self.reach = max(spine + 2 * r + want, math.hypot(g.car_len, g.car_w) + want) + 1e-6
        self.placed: dict[tuple[int, int], list] = {}   # grid cell -> [(x, y, (covers, car, group, spine...))]
        self.around: dict[tuple[int, int], tuple[list, ...]] = {}   # grid cell -> the lists of its 3 x 3 cells
        self.built = self.pairs = 0   # shapes built and pairs of spaces compared so far (the budgets)
        groups = []
        for pair, ids in m.parallel_groups.items():
            a_id, b_id = sorted(pair)
            a, b = nodes[a_id], nodes[b_id]
            ids = tuple(sorted(ids, key=lambda i: (m.route[i].colour, i)))
            via = next((m.route[i].via for i in ids if m.route[i].via), ())
            c = math.dist(a, b)
            n = max(m.route[i].length for i in ids)
            need = n * g.car_len + (n - 1) * g.gap * 1.6 + 2 * (g.city_r + g.end_gap)
            groups.append(_Group(need / max(c, 1e-6), (a_id, b_id), ids, c, a, b, need,
                                 tuple(place(v) for v in via) if via else ()))
        groups.sort(key=lambda group: -group.crowding)
        self.groups = groups
        for group in groups:   # candidates bulge at most 0.9 chord off the line through the nodes
            pts = [group.a, group.b, *group.via]
            margin = 0.9 * group.c * (not group.via) + g.car_len + len(group.ids) * g.pitch
            if group.via:   # the spline through bend points overshoots them a little
                margin += 0.5 * max(math.dist(p, q) for p, q in zip(pts, pts[1:]))
            group.box = (min(p[0] for p in pts) - margin, min(p[1] for p in pts) - margin,
                         max(p[0] for p in pts) + margin, max(p[1] for p in pts) + margin)
        reach = self.reach
        for group in groups:
            x0, y0, x1, y1 = group.box
            group.neighbours = [other for other in groups if other is not group and other.box[0] - reach < x1
                                and x0 < other.box[2] + reach and other.box[1] - reach < y1 and y0 < other.box[3] + reach]
        self.node_list = list(nodes.items())

    # --- candidates ----------------------------------------------------------------------------
    def options(self, group: _Group, level: int) -> list:
        """The candidate lines of a level: (penalty, curve key, shift, tight, spread)."""
        cached = group.options.get(level)
        if cached is not None:
            return cached
        unit = self.unit
        if group.via:   # the data's bend points: the spaces spread along the whole bent line
            out = [(0.0, ("via",), 0.0, False, True)]
        else:
            out = []
            c = group.c
            skews = ((0.0,), (0.0, -0.28, 0.28), (0.0, -0.4, -0.2, 0.2, 0.4))[level]
            extras = ((0.0, 0.1, 0.2), (0.0, 0.08, 0.16, 0.26), (0.0, 0.05, 0.1, 0.15, 0.2, 0.26, 0.34, 0.42))[level]
            shifts = ((0.0,), (0.0,), (0.0,))[level]
            for skew in skews:
                h0 = group.bulges.get(skew)
                if h0 is None:
                    h0 = group.bulges[skew] = _bulge_for(group.a, group.b, group.need * 1.03, skew)
                seen = set()
                for extra in extras:
                    h = round(max(h0, extra * c), 3)
                    for hh in ((h, -h) if h else (0.0,)):
                        if (hh, skew) in seen:
                            continue
                        seen.add((hh, skew))
                        penalty = (abs(hh) / max(1.0, c) + abs(skew) * 0.3) * 20 * unit
                        for shift in shifts:
                            out.append((penalty + abs(shift) * 2 * unit, ("bez", hh, skew), shift, False, False))
                if level == 2 and len(group.ids) > 1:
                    # parallel chains between close cities: a wide bend with roomier gaps keeps
                    # the inner chain's spaces apart where a tight one jams them
                    for extra in (0.55, 0.7, 0.85):
                        h = round(max(h0, extra * c), 3)
                        if (h, skew) in seen:
                            continue
                        seen.add((h, skew))
                        penalty = (h / max(1.0, c) + abs(skew) * 0.3) * 20 * unit + unit
                        out += [(penalty, ("bez", hh, skew), 0.0, False, "roomy") for hh in (h, -h)]
        group.options[level] = out
        return out

    def slides(self, group: _Group) -> list:
        """The current centre line with the chains slid along it in fine steps, or with roomier
        gaps (more room between the spaces of a tight curve)."""
        penalty, key, shift, _, _ = group.current
        base = penalty - abs(shift) * 2 * self.unit
        return [(base + abs(k / 10) * 2 * self.unit + tight * self.unit, key, k / 10, tight, False)
                for tight in (False, True) for k in range(-10, 11)] + [(base + self.unit, key, 0.0, False, "roomy")]

    def curve(self, group: _Group, key: tuple) -> list[Point]:
        pts = group.curves.get(key)
        if pts is None:
            if key[0] == "via":
                pts = _catmull([group.a, *group.via, group.b])
            else:
                pts = _bezier(group.a, group.b, key[1], key[2])
            group.curves[key] = pts
        return pts

    def shape(self, group: _Group, option) -> _Shape:
        key = option[1:]
        shape = group.shapes.get(key)
        if shape is None:
            _, curve, shift, tight, spread = option
            cars, beside = _chain_shape(self.m, group.ids, self.curve(group, curve), self.g, shift,
                                        spread=spread is True, tight=tight, curves=group.lines.setdefault(curve, {}),
                                        roomy=spread == "roomy")
            shape = group.shapes[key] = _Shape(cars, beside)
            self.built += 1
        return shape

    def cover(self, car: Car) -> tuple:
        """A space's entry in ``_Shape.covered``. Made as they are first needed: most candidates
        are dropped by their overlap a few spaces in, and never need the rest."""
        step, half = self.step, self.g.car_len / 2 - self.step / 2
        a = math.radians(car.angle)
        dx, dy = math.cos(a) * step, math.sin(a) * step
        sx, sy = car.x - dx / step * half, car.y - dy / step * half
        covers = [(sx + dx * k, sy + dy * k) for k in range(self.steps)]
        (ax, ay), (bx, by) = covers[0], covers[-1]   # its spine, from the first circle to the last
        ex, ey = bx - ax, by - ay
        span = ex * ex + ey * ey or 1.0
        length = math.sqrt(span)
        return car, covers, ax, ay, ex, ey, span, -ey / length, ex / length

    def covered(self, shape: _Shape) -> list:
        """Every entry of ``shape.covered``, the missing ones made."""
        covered = shape.covered
        if len(covered) < len(shape.spaces):
            covered += map(self.cover, shape.spaces[len(covered):])
        return covered

    def fixed(self, group: _Group, shape: _Shape) -> float:
        """The part of a shape's cost that depends on nothing placed (computed once)."""
        if shape.fixed is None:
            shape.fixed = self._measure(group, shape)
        return shape.fixed

    def _measure(self, group: _Group, shape: _Shape) -> float:
        g, want, r, unit = self.g, self.want, self.radius, self.unit
        x0, y0, x1, y1 = self.inner_box
        edge = r + unit
        reach_node = r + want + self.node_radius
        near_node = (g.car_len - self.step) / 2 + reach_node
        foreign = group.near
        if foreign is None:   # every candidate stays within 0.9 chord of the straight line
            reach = 0.9 * group.c + g.car_len + len(group.ids) * g.pitch + reach_node
            lo_x, hi_x = min(group.a[0], group.b[0]) - reach, max(group.a[0], group.b[0]) + reach
            lo_y, hi_y = min(group.a[1], group.b[1]) - reach, max(group.a[1], group.b[1]) + reach
            foreign = group.near = [(x, y) for nid, (x, y) in self.node_list if nid not in group.ends and (
                group.via or (lo_x <= x <= hi_x and lo_y <= y <= hi_y))]
        half = g.car_len / 2 - self.step / 2
        inside = half + edge    # a space whose centre is this deep inside is clear of the edge
        hypot = math.hypot
        cost = 0.0
        for car, covers, *_ in self.covered(shape):
            x, y = car.x, car.y
            for nx, ny in foreign:
                if abs(nx - x) < near_node and abs(ny - y) < near_node:
                    for px, py in covers:
                        d = reach_node - hypot(px - nx, py - ny)
                        if d > 0:
                            cost += d * 8.0
            if min(x - x0, x1 - x, y - y0, y1 - y) >= inside:
                continue
            for px, py in covers:
                if x0 <= px <= x1 and y0 <= py <= y1:
                    d = min(px - x0, x1 - px, py - y0, y1 - py)
                else:
                    d = -hypot(max(x0 - px, 0, px - x1), max(y0 - py, 0, py - y1))
                if d < edge:
                    cost += (edge - d) * 10
        for a_car, b_car in _near_pairs(shape.cars, want, shape.beside):   # its own spaces on a tight curve
            short = want - clearance(a_car, b_car, want)
            if short > 0:
                cost += short * 1000
        step = g.car_len + g.gap   # a car fits each space of a chain: centres a car and a gap apart
        for chain in shape.cars.values():
            for a_car, b_car in zip(chain, chain[1:]):
                short = step - hypot(a_car.x - b_car.x, a_car.y - b_car.y)
                if short > 1e-9:
                    cost += short * 1000
        return cost

    # --- what is placed ------------------------------------------------------------------------
    def commit(self, group: _Group, shape: _Shape) -> None:
        cell = self.reach
        for car, covers, ax, ay, ex, ey, span, nx, ny in self.covered(shape):
            key = (int(car.x // cell), int(car.y // cell))
            # the centre apart: most entries a space looks at are too far off, and only it is read then
            self.placed.setdefault(key, []).append((car.x, car.y, (covers, car, group, ax, ay, ex, ey, span, nx, ny)))
            group.cells.append(key)

    def lift(self, group: _Group) -> None:
        for key in set(group.cells):
            self.placed[key][:] = [entry for entry in self.placed[key] if entry[2][2] is not group]
        group.cells = []

    def overlap(self, shape: _Shape, limit: float, exact: bool) -> float:
        """How far the shape's spaces come into placed spaces (circles; ``exact``: also the
        exact clearance, weighted as a hard rule); stops once past ``limit``."""
        cost = 0.0
        cell, placed = self.reach, self.placed
        reach2 = self.reach * self.reach
        touch = 2 * self.radius + self.want
        touch2 = touch * touch
        far = touch * (1 + 1e-9)   # a little more than ``touch``: rounding never hides a near pair
        want = self.want
        hypot = math.hypot
        around = self.around
        covered, cover = shape.covered, self.cover
        for n, car in enumerate(shape.spaces):
            if n == len(covered):
                covered.append(cover(car))
            _, covers, pax, pay, pex, pey, _, pnx, pny = covered[n]
            x, y = car.x, car.y
            key = (int(x // cell), int(y // cell))
            lists = around.get(key)
            if lists is None:   # the cells' own lists: commit and lift change them in place
                gx, gy = key
                lists = around[key] = tuple(placed.setdefault((nx, ny), []) for nx in (gx - 1, gx, gx + 1)
                                            for ny in (gy - 1, gy, gy + 1))
            for entries in lists:
                for ox, oy, rest in entries:
                    if (ox - x) * (ox - x) + (oy - y) * (oy - y) >= reach2:
                        continue
                    other_covers, other, _, ax, ay, sx, sy, span, onx, ony = rest
                    self.pairs += 1
                    # one spine wholly on one side of the other's line, ``touch`` off it: no circle
                    # of one comes within ``touch`` of the other's spine (two products each way,
                    # where the circle by circle test below takes six)
                    d0 = (pax - ax) * onx + (pay - ay) * ony
                    d1 = d0 + pex * onx + pey * ony
                    if (d0 > far and d1 > far) or (d0 < -far and d1 < -far):
                        continue
                    d0 = (ax - pax) * pnx + (ay - pay) * pny
                    d1 = d0 + sx * pnx + sy * pny
                    if (d0 > far and d1 > far) or (d0 < -far and d1 < -far):
                        continue
                    near = False
                    for px, py in covers:
                        # no circle of the other space comes near unless its spine does
                        t = ((px - ax) * sx + (py - ay) * sy) / span
                        if t <= 0.0:
                            t = 0.0
                        elif t >= 1.0:
                            t = 1.0
                        dx, dy = ax + t * sx - px, ay + t * sy - py
                        if dx * dx + dy * dy >= touch2:
                            continue
                        for qx, qy in other_covers:
                            d = touch - hypot(px - qx, py - qy)
                            if d > 0:
                                cost += d * ROUTE_WEIGHT
                                near = True
                                if cost > limit:   # past it already: nothing after can bring it back
                                    return cost
                    # circles that cover two spaces and stay ``touch`` apart keep the spaces
                    # ``want`` apart: the exact clearance can only fall short when some come closer
                    if exact and near:
                        short = want - clearance(car, other, want)
                        if short > 0:
                            cost += short * 1000
                            if cost > limit:
                                return cost
            if cost > limit or self.pairs > PAIR_BUDGET:
                return cost
        return cost

    def choose(self, group: _Group, level: int) -> bool:
        current = group.current
        options = self.slides(group) if level == 3 else self.options(group, level)
        if self.pairs > PAIR_BUDGET:   # out of budget: what is placed stays, the rest take their first line
            if current is None:
                group.current = min(options, key=lambda option: option[0])
                self.commit(group, self.shape(group, group.current))
            return current is None
        if current is not None:
            self.lift(group)
        exact = level >= 2
        keep = math.inf
        if current is not None:
            shape = self.shape(group, current)
            keep = current[0] + self.fixed(group, shape) + self.overlap(shape, math.inf, exact) - 1e-6
        best: tuple[float, int] | None = None
        for i in sorted(range(len(options)), key=lambda i: options[i][0]):
            option = options[i]
            limit = keep if best is None else min(keep, best[0])
            if option[0] > limit:
                break   # the rest cost at least their penalty
            if (best or current) and (self.pairs > PAIR_BUDGET or (
                    self.built >= SHAPE_BUDGET and option[1:] not in group.shapes)):
                continue   # out of budget: only what is built already (a crowded map ends here)
            shape = self.shape(group, option)
            known = option[0] + (shape.fixed or 0.0)
            if known > limit:
                continue
            over = self.overlap(shape, limit - known, exact)
            if known + over > limit:
                continue
            cost = option[0] + self.fixed(group, shape) + over
            if cost < keep and (best is None or (cost, i) < best):
                best = (cost, i)
        if best is not None:
            group.current = options[best[1]]
            for other in group.neighbours:   # what they would choose may change now
                other.settled = None
        group.settled = level
        self.commit(group, self.shape(group, group.current))
        return best is not None

    def run(self, passes: int) -> RouteLayout:
        groups = self.groups
        group_of = {rid: group.ends for group in groups for rid in group.ids}
        for p in range(passes):
            changed = False
            for group in groups:
                level = 1 if p else 0
                if group.settled != level:   # else it would choose what it has: nothing near it moved
                    changed |= self.choose(group, level)
            if not changed:
                break
        # repair: every group still too close to another gets the widest choice, a few rounds
        by_ends = {group.ends: group for group in groups}
        for round_ in range(6):
            if self.pairs > PAIR_BUDGET:
                break
            cars = {rid: chain for group in groups for rid, chain in self.shape(group, group.current).cars.items()}
            bad = close_pairs(cars, self.want)
            if not bad:
                break
            involved = dict.fromkeys(group_of[car.route] for _, x, y in bad for car in (x, y))
            if round_ >= 4:   # stuck: their neighbours at the same cities move too
                involved.update(dict.fromkeys(ends for ends in by_ends
                                              if set(ends) & {n for e in list(involved) for n in e}))
            for ends in involved:
                group = by_ends[ends]
                if group.settled == 3:   # re-placed since anything near it last moved: it would keep its line
                    continue
                self.choose(group, 2)
                self.choose(group, 3)
        occupied = SpatialHash(12 * self.unit)
        for cid, (x, y) in self.nodes.items():
            occupied.add_circle(x, y, self.node_radius, ("node", cid), weight=8.0)
        cars: dict[str, tuple[Car, ...]] = {}
        paths: dict[str, tuple[Point, ...]] = {}
        for group in groups:
            shape = self.shape(group, group.current)
            cars.update(shape.cars)
            paths.update((rid, tuple((car.x, car.y) for car in chain)) for rid, chain in shape.cars.items())
            for car, covers, *_ in self.covered(shape):
                for x, y in covers:
                    occupied.add_circle(x, y, self.radius, ("route", car.route), weight=ROUTE_WEIGHT)
        for group in groups:   # the only reference cycles: without them, the search is freed as it ends
            group.neighbours = []
        return RouteLayout(cars, paths, occupied)
