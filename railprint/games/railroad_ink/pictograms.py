"""Railroad Ink pictograms, drawn as scene items from a board-text edge spec and a square size.

    draw_space("hrhro", mm(21))   # -> Group: a highway bridge over a railway, in a 21 mm square

The spec is a cell token of ``shared/reference/railroad-ink-board-format.md``: four edge letters
for N, E, S, W (``h`` highway, ``r`` railway, ``l`` lava, ``.`` nothing) and a marker (``s``
station, ``o`` overpass, ``v`` volcano), ``x`` for a crater. The group's origin is the square's
top-left corner, it is clipped to the square and draws no frame (callers add their own).

Pictograms: a highway is a road with edge lines and a dashed centre line; a railway a line with
sleepers; a station a black square; an overpass a bridge (the highway passes over the railway
with parapets); lava an orange flow; a crater a grey bowl with ejecta; a volcano a cone with
lava on all four sides. Everything scales with ``size`` so the same code draws 21 mm board
spaces, 18 mm die faces and 8 mm round-track icons.
"""

from __future__ import annotations

import math
from typing import Iterable

from railprint.games.railroad_ink.model import Face, Space, parse_space
from railprint.records import Record
from railprint.scene import Circle, Group, Item, Line, Path, Rect, Style, Text, rotate

INK = "#000000"
PAPER = "#ffffff"
ROAD = "#ffffff"
LAVA = "#f47a20"
LAVA_EDGE = "#a33200"
CRATER = "#c8c8c8"
CRATER_DARK = "#8c8c8c"
VOLCANO = "#7a4a2e"

K = 0.5522847498  # cubic Bézier handle length for a quarter circle

# Unit vectors from the centre towards each side, in N, E, S, W order (y points down).
_OUT = ((0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0))


# --------------------------------------------------------------------------- centre lines


class _Seg(Record):
    """A straight segment or a quarter arc, with the sampling a railway needs for sleepers."""

    p0: tuple[float, float]
    p1: tuple[float, float]
    arc_centre: tuple[float, float] | None = None  # quarter circle around this corner

    def cmds(self) -> tuple:
        (x0, y0), (x1, y1) = self.p0, self.p1
        if self.arc_centre is None:
            return (("M", x0, y0), ("L", x1, y1))
        return (("M", x0, y0), ("C", *self._handles(), x1, y1))

    def _handles(self) -> tuple[float, float, float, float]:
        (x0, y0), (x1, y1) = self.p0, self.p1
        cx, cy = self.arc_centre  # type: ignore[misc]
        # tangent direction at p0 points towards p1's radius direction, and vice versa
        t0 = (x1 - cx, y1 - cy)
        t1 = (x0 - cx, y0 - cy)
        return (x0 + K * t0[0], y0 + K * t0[1], x1 + K * t1[0], y1 + K * t1[1])

    def length(self) -> float:
        (x0, y0), (x1, y1) = self.p0, self.p1
        if self.arc_centre is None:
            return math.hypot(x1 - x0, y1 - y0)
        return math.pi / 2 * math.hypot(x0 - self.arc_centre[0], y0 - self.arc_centre[1])

    def at(self, t: float) -> tuple[float, float, float, float]:
        """Point and unit tangent at fraction ``t``."""
        (x0, y0), (x1, y1) = self.p0, self.p1
        if self.arc_centre is None:
            length = self.length() or 1.0
            return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, (x1 - x0) / length, (y1 - y0) / length
        cx, cy = self.arc_centre
        a0 = math.atan2(y0 - cy, x0 - cx)
        a1 = math.atan2(y1 - cy, x1 - cx)
        delta = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi  # the short way round
        a = a0 + delta * t
        r = math.hypot(x0 - cx, y0 - cy)
        sign = 1.0 if delta > 0 else -1.0
        return cx + r * math.cos(a), cy + r * math.sin(a), -math.sin(a) * sign, math.cos(a) * sign


def _mid(side: int, size: float) -> tuple[float, float]:
    c = size / 2
    dx, dy = _OUT[side]
    return (c + dx * c, c + dy * c)


def _corner(a: int, b: int, size: float) -> tuple[float, float]:
    c = size / 2
    return (c + (_OUT[a][0] + _OUT[b][0]) * c, c + (_OUT[a][1] + _OUT[b][1]) * c)


def _connections(sides: tuple[int, ...], size: float) -> tuple[list[_Seg], bool]:
    """Centre lines joining ``sides``; the flag says whether they meet at a hub in the centre."""
    c = size / 2
    if len(sides) == 2 and (sides[1] - sides[0]) % 2 == 0:
        return [_Seg(_mid(sides[0], size), _mid(sides[1], size))], False
    if len(sides) == 2:
        a, b = sides
        return [_Seg(_mid(a, size), _mid(b, size), _corner(a, b, size))], False
    return [_Seg(_mid(s, size), (c, c)) for s in sides], True


# --------------------------------------------------------------------------- route styles


def _w(size: float) -> dict[str, float]:
    return {
        "road": 0.25 * size,
        "edge": max(0.45, 0.028 * size),
        "dash": max(0.35, 0.018 * size),
        "rail": max(0.55, 0.034 * size),
        "sleeper": 0.22 * size,
        "sleeper_w": max(0.45, 0.026 * size),
        "gap": 0.14 * size,
        "lava": 0.5 * size,
        "lava_edge": max(0.5, 0.03 * size),
        "station": 0.3 * size,
    }


def _path(segs: Iterable[_Seg], style: Style) -> list[Item]:
    return [Path(seg.cmds(), style) for seg in segs]


def highway(segs: list[_Seg], size: float, hub: bool = False) -> list[Item]:
    """A road: black band, white inside, dashed centre line."""
    w = _w(size)
    outer = Style(stroke=INK, width=w["road"], cap="round" if hub else "butt", join="round")
    inner = Style(stroke=ROAD, width=w["road"] - 2 * w["edge"], cap=outer.cap, join="round")
    dash_len = 0.075 * size
    centre = Style(stroke=INK, width=w["dash"], dash=(dash_len, dash_len * 0.8), cap="butt")
    items = _path(segs, outer) + _path(segs, inner)
    if hub:  # dashes stop short of a junction so the crossing stays clean
        trimmed = [_Seg(s.p0, _towards(s.p0, s.p1, 0.18 * size)) for s in segs]
        items += _path(trimmed, centre)
    else:
        items += [Path(s.cmds(), Style(stroke=INK, width=w["dash"],
                                       dash=_even_dash(s.length(), dash_len), cap="butt")) for s in segs]
    return items


def _even_dash(length: float, dash: float) -> tuple[float, float]:
    """A dash pattern that fits a whole number of dashes in ``length``, centred on both ends."""
    n = max(1, round(length / (dash * 1.8)))
    period = length / n
    return (period * 0.55, period * 0.45)


def _towards(p0, p1, cut: float):
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    length = math.hypot(dx, dy)
    if length <= cut:
        return p0
    f = (length - cut) / length
    return (p0[0] + dx * f, p0[1] + dy * f)


def railway(segs: list[_Seg], size: float, hub: bool = False) -> list[Item]:
    """A railway: sleepers across a single rail line."""
    w = _w(size)
    sleeper = Style(stroke=INK, width=w["sleeper_w"], cap="butt")
    items: list[Item] = []
    half = w["sleeper"] / 2
    for seg in segs:
        length = seg.length()
        spacing = 0.14 * size
        n = max(1, int(length / spacing + 0.5))
        end = n - 1 if hub else n  # no sleeper right on a hub
        for i in range(end):
            x, y, tx, ty = seg.at((i + 0.5) / n)
            nx, ny = -ty, tx
            items.append(Line(x - nx * half, y - ny * half, x + nx * half, y + ny * half, sleeper))
    rail = Style(stroke=INK, width=w["rail"], cap="round" if hub else "butt", join="round")
    items += _path(segs, rail)
    return items


def lava_flow(segs: list[_Seg], size: float, *, width: float | None = None) -> list[Item]:
    w = _w(size)
    width = width or w["lava"]
    outer = Style(stroke=LAVA_EDGE, width=width, cap="round", join="round")
    inner = Style(stroke=LAVA, width=width - 2 * w["lava_edge"], cap="round", join="round")
    glow = Style(stroke="#ffd045", width=max(0.6, 0.04 * size), cap="round", join="round",
                 dash=(0.001, 0.1 * size))  # a string of bubbles, not a dashed road line
    return _path(segs, outer) + _path(segs, inner) + _path(segs, glow)


def _bridge(seg: _Seg, size: float) -> list[Item]:
    """A white gap and parapets on both sides of ``seg`` (a straight through the centre)."""
    w = _w(size)
    (x0, y0), (x1, y1) = seg.p0, seg.p1
    length = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    nx, ny = -uy, ux
    c = size / 2
    half_span = 0.25 * size
    off = w["road"] / 2 + w["gap"] * 0.55
    items: list[Item] = [
        Path((("M", c - ux * half_span, c - uy * half_span), ("L", c + ux * half_span, c + uy * half_span)),
             Style(stroke=PAPER, width=w["road"] + 2 * w["gap"], cap="butt")),
    ]
    parapet = Style(stroke=INK, width=w["edge"] * 1.1, cap="round", join="round")
    flare = 0.07 * size
    for sgn in (-1, 1):
        px, py = c + nx * off * sgn, c + ny * off * sgn
        a = (px - ux * half_span, py - uy * half_span)
        b = (px + ux * half_span, py + uy * half_span)
        items.append(Path((("M", a[0] - ux * flare + nx * flare * sgn, a[1] - uy * flare + ny * flare * sgn),
                           ("L", *a), ("L", *b),
                           ("L", b[0] + ux * flare + nx * flare * sgn, b[1] + uy * flare + ny * flare * sgn)),
                          parapet))
    return items


def _station(size: float) -> list[Item]:
    s = _w(size)["station"]
    c = size / 2
    return [Rect(c - s / 2, c - s / 2, s, s, Style(fill=INK))]


def _dead_end(side: int, size: float, kind: str) -> list[Item]:
    """A bar across a route that stops in the middle of a space."""
    w = _w(size)
    c = size / 2
    dx, dy = _OUT[side]
    nx, ny = -dy, dx
    half = (w["road"] if kind == "h" else w["sleeper"]) * 0.65
    return [Line(c - nx * half, c - ny * half, c + nx * half, c + ny * half,
                 Style(stroke=INK, width=w["rail"] * 1.2, cap="butt"))]


def crater(size: float) -> list[Item]:
    c = size / 2
    r = 0.27 * size
    line = max(0.5, 0.03 * size)
    items: list[Item] = []
    spikes = Style(stroke=INK, width=line, cap="round")
    for i in range(8):
        a = math.pi / 8 + i * math.pi / 4
        r0, r1 = r + 0.06 * size, r + (0.15 if i % 2 else 0.11) * size
        items.append(Line(c + r0 * math.cos(a), c + r0 * math.sin(a), c + r1 * math.cos(a), c + r1 * math.sin(a),
                          spikes))
    items.append(Circle(c, c, r, Style(fill=CRATER, stroke=INK, width=line)))
    items.append(Circle(c + 0.04 * size, c + 0.05 * size, r * 0.6, Style(fill=CRATER_DARK)))
    items.append(Circle(c - 0.08 * size, c - 0.09 * size, r * 0.18, Style(fill=PAPER, opacity=0.7)))
    return items


def volcano(size: float) -> list[Item]:
    """A cone standing in the middle of the space, lava glowing in its mouth."""
    c = size / 2
    line = max(0.5, 0.028 * size)
    base, top, h = 0.36 * size, 0.1 * size, 0.42 * size
    yb, yt = c + h * 0.55, c - h * 0.45
    cone = Path((("M", c - base, yb), ("C", c - base * 0.55, yb - h * 0.3, c - top * 1.2, yt + h * 0.25, c - top, yt),
                 ("L", c + top, yt),
                 ("C", c + top * 1.2, yt + h * 0.25, c + base * 0.55, yb - h * 0.3, c + base, yb), ("Z",)),
                Style(fill=VOLCANO, stroke=INK, width=line, join="round"))
    mouth = Path((("M", c - top, yt), ("C", c - top * 0.5, yt + 0.06 * size, c + top * 0.5, yt + 0.06 * size,
                                        c + top, yt), ("Z",)),
                 Style(fill=LAVA, stroke=INK, width=line * 0.8, join="round"))
    streak = Style(stroke=LAVA, width=line * 1.6, cap="round", join="round")
    streaks = [Path((("M", c - top * 0.3, yt + 0.04 * size), ("C", c - top * 0.5, yt + 0.12 * size,
                                                             c - top * 1.3, yt + 0.14 * size, c - top * 1.2, yt + 0.24 * size)),
                    streak),
               Path((("M", c + top * 0.4, yt + 0.04 * size), ("C", c + top * 0.6, yt + 0.1 * size,
                                                             c + top * 1.1, yt + 0.12 * size, c + top * 1.0, yt + 0.17 * size)),
                    streak)]
    return [cone, *streaks, mouth]


# --------------------------------------------------------------------------- spaces


def space_items(space: Space, size: float) -> list[Item]:
    """The pictogram items of a parsed space (local coordinates, not clipped)."""
    if space.marker == "x":
        return crater(size)
    items: list[Item] = []
    lava = space.sides("l")
    hw, rw = space.sides("h"), space.sides("r")
    if lava:
        if hw or rw:  # a lava pool on each lava side, next to the route
            w = _w(size)
            c = size / 2
            segs = [_Seg(_mid(s, size), (c + _OUT[s][0] * c * 0.78, c + _OUT[s][1] * c * 0.78)) for s in lava]
            items += lava_flow(segs, size, width=w["lava"] * 0.92)
        else:
            segs, _ = _connections(lava, size)
            items += lava_flow(segs, size)
    if space.marker == "o":
        # the highway crosses over the railway
        (rseg,) = _connections(rw, size)[0]
        (hseg,) = _connections(hw, size)[0]
        items += railway([rseg], size)
        items += _bridge(hseg, size)
        items += highway([hseg], size)
        return items
    if space.marker == "s" or (hw and rw):
        rsegs = [_Seg(_mid(s, size), (size / 2, size / 2)) for s in rw]
        hsegs = [_Seg(_mid(s, size), (size / 2, size / 2)) for s in hw]
        items += railway(rsegs, size, hub=True) + highway(hsegs, size, hub=True)
        if space.marker == "s":
            items += _station(size)
        return items
    for sides, draw, kind in ((rw, railway, "r"), (hw, highway, "h")):
        if not sides:
            continue
        segs, hub = _connections(sides, size)
        if len(sides) == 1:
            items += draw(segs, size) + _dead_end(sides[0], size, kind)
        else:
            items += draw(segs, size, hub=hub)
    if space.marker == "v":
        items += volcano(size)
    return items


def draw_space(spec: str | Space, size: float, *, id: str | None = None) -> Group:
    """The pictogram of one board space (token in the board-text notation) in a ``size`` square.

    Origin at the square's top-left corner; clipped to the square; no frame."""
    space = spec if isinstance(spec, Space) else parse_space(spec)
    return Group(tuple(space_items(space, size)), clip=Rect(0, 0, size, size, Style()), id=id)


def route_stub(kind: str, side: str, length: float, size: float) -> Group:
    """An exit stub: a straight piece of highway (``h``) or railway (``r``) ``length`` long,
    drawn outwards from the origin (the middle of a square's ``side``), styled for ``size`` squares."""
    index = "NESW".index(side)
    dx, dy = _OUT[index]
    seg = _Seg((0.0, 0.0), (dx * length, dy * length))
    items = highway([seg], size) if kind == "h" else railway([seg], size)
    return Group(tuple(items))


# --------------------------------------------------------------------------- die faces


def arrow(direction: str, size: float) -> list[Item]:
    """A meteor direction: a bold arrow (N, E, S, W) or four arrow heads (``any``)."""
    c = size / 2
    style = Style(fill=INK)
    if direction == "any":
        items: list[Item] = [Circle(c, c, 0.07 * size, style)]
        for deg in (0, 90, 180, 270):
            head = Path((("M", c, 0.1 * size), ("L", c + 0.14 * size, 0.27 * size),
                         ("L", c + 0.045 * size, 0.27 * size), ("L", c + 0.045 * size, 0.38 * size),
                         ("L", c - 0.045 * size, 0.38 * size), ("L", c - 0.045 * size, 0.27 * size),
                         ("L", c - 0.14 * size, 0.27 * size), ("Z",)), style)
            items.append(Group((head,), transform=rotate(deg, c, c)))
        return items
    deg = {"N": 0, "E": 90, "S": 180, "W": 270}[direction]
    shape = Path((("M", c, 0.12 * size), ("L", c + 0.26 * size, 0.42 * size), ("L", c + 0.09 * size, 0.42 * size),
                  ("L", c + 0.09 * size, 0.86 * size), ("L", c - 0.09 * size, 0.86 * size),
                  ("L", c - 0.09 * size, 0.42 * size), ("L", c - 0.26 * size, 0.42 * size), ("Z",)), style)
    return [Group((shape,), transform=rotate(deg, c, c))]


def distance(value: int, size: float) -> list[Item]:
    """A meteor distance: the number, with as many dots underneath."""
    c = size / 2
    items: list[Item] = [Text(c, c + 0.14 * size, str(value), 0.58 * size, font="bold", anchor="middle")]
    r = 0.045 * size
    gap = 0.14 * size
    x0 = c - gap * (value - 1) / 2
    items += [Circle(x0 + i * gap, 0.84 * size, r, Style(fill=INK)) for i in range(value)]
    return items


def draw_face(face: Face, size: float, *, id: str | None = None) -> Group:
    """A die face picture in a ``size`` square (no frame)."""
    if face.route is not None:
        items = space_items(parse_space(face.route), size)
    elif face.arrow is not None:
        items = arrow(face.arrow, size)
    else:
        items = distance(int(face.distance or 0), size)
    return Group(tuple(items), clip=Rect(0, 0, size, size, Style()), id=id)


# --------------------------------------------------------------------------- text drawings

_DOUBLE = {frozenset("NS"): "║", frozenset("EW"): "═", frozenset("NE"): "╚", frozenset("NW"): "╝",
           frozenset("SE"): "╔", frozenset("SW"): "╗", frozenset("NES"): "╠", frozenset("NSW"): "╣",
           frozenset("ESW"): "╦", frozenset("NEW"): "╩", frozenset("NESW"): "╬",
           frozenset("N"): "╨", frozenset("S"): "╥", frozenset("E"): "╞", frozenset("W"): "╡"}
_SINGLE = {frozenset("NS"): "│", frozenset("EW"): "─", frozenset("NE"): "└", frozenset("NW"): "┘",
           frozenset("SE"): "┌", frozenset("SW"): "┐", frozenset("NES"): "├", frozenset("NSW"): "┤",
           frozenset("ESW"): "┬", frozenset("NEW"): "┴", frozenset("NESW"): "┼",
           frozenset("N"): "╵", frozenset("S"): "╷", frozenset("E"): "╶", frozenset("W"): "╴"}


def face_text(face: Face) -> list[str]:
    """A 3-line, 5-column text drawing of a face for the terminal.

    Highways use double lines (═ ║), railways single lines with sleepers (┼), a station ■,
    an overpass ╫ (highway over railway), lava ▒, a volcano ▲, a crater (X)."""
    if face.arrow is not None:
        return {"N": ["  ▲  ", "  ┃  ", "  ┃  "], "S": ["  ┃  ", "  ┃  ", "  ▼  "],
                "E": ["     ", "━━━━▶", "     "], "W": ["     ", "◀━━━━", "     "],
                "any": ["  ▲  ", "◀ ✦ ▶", "  ▼  "]}[face.arrow]
    if face.distance is not None:
        return ["     ", f"  {face.distance}  ", "  " + "•" * face.distance + " " * (3 - face.distance)]
    return space_text(parse_space(face.route or "."))


def space_text(space: Space) -> list[str]:
    """A 3x5 character drawing of a space (see :func:`face_text`)."""
    if space.marker == "x":
        return [" .-. ", "( X )", " '-' "]
    cells = {"N": " ", "S": " ", "W": "  ", "E": "  "}
    for side, edge in zip("NESW", space.edges):
        vertical = side in "NS"
        if edge == "h":
            cells[side] = "║" if vertical else "══"
        elif edge == "r":
            cells[side] = "┼" if vertical else ("─┼" if side == "W" else "┼─")
        elif edge == "l":
            cells[side] = "▒" if vertical else "▒▒"
    hw = frozenset(s for s, e in zip("NESW", space.edges) if e == "h")
    rw = frozenset(s for s, e in zip("NESW", space.edges) if e == "r")
    lava = frozenset(s for s, e in zip("NESW", space.edges) if e == "l")
    if space.marker == "v":
        centre = "▲"
    elif space.marker == "s":
        centre = "■"
    elif space.marker == "o":
        centre = "╫" if hw == frozenset("NS") else "╪"
    elif hw and not rw:
        centre = _DOUBLE.get(hw, "╬")
    elif rw and not hw:
        centre = _SINGLE.get(rw, "┼")
    elif hw and rw:
        centre = "?"
    elif lava:
        centre = "▒"
    else:
        centre = "·"
    return [f"  {cells['N']}  ", f"{cells['W']}{centre}{cells['E']}", f"  {cells['S']}  "]
