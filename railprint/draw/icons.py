"""Original vector pictograms, drawn from simple shapes into a square of side ``size`` centred
on (x, y). Content files refer to them by name (``type: icon, name: locomotive``)."""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Mapping

from railprint.scene import Circle, Group, Item, Path, Rect, Style, translate


def _wagon(s: float, c: str) -> list[Item]:
    ink = Style(fill=c)
    return [
        Rect(-0.45 * s, -0.28 * s, 0.9 * s, 0.42 * s, ink, r=0.05 * s),
        Rect(-0.36 * s, -0.2 * s, 0.22 * s, 0.14 * s, Style(fill="#ffffff", opacity=0.85)),
        Rect(-0.09 * s, -0.2 * s, 0.22 * s, 0.14 * s, Style(fill="#ffffff", opacity=0.85)),
        Rect(0.18 * s, -0.2 * s, 0.18 * s, 0.14 * s, Style(fill="#ffffff", opacity=0.85)),
        Rect(-0.48 * s, 0.14 * s, 0.96 * s, 0.05 * s, ink),
        Circle(-0.27 * s, 0.26 * s, 0.09 * s, ink),
        Circle(0.27 * s, 0.26 * s, 0.09 * s, ink),
    ]


def _locomotive(s: float, c: str) -> list[Item]:
    ink = Style(fill=c)
    return [
        Rect(-0.46 * s, -0.06 * s, 0.62 * s, 0.26 * s, ink, r=0.04 * s),            # boiler
        Rect(0.1 * s, -0.3 * s, 0.34 * s, 0.5 * s, ink, r=0.03 * s),               # cab
        Rect(0.17 * s, -0.23 * s, 0.2 * s, 0.14 * s, Style(fill="#ffffff", opacity=0.85)),
        Rect(-0.36 * s, -0.3 * s, 0.1 * s, 0.26 * s, ink),                          # chimney
        Path((("M", -0.5 * s, 0.2 * s), ("L", -0.62 * s, 0.34 * s), ("L", -0.44 * s, 0.34 * s),
              ("Z",)), ink),                                                          # cow-catcher
        Circle(-0.3 * s, 0.3 * s, 0.1 * s, ink),
        Circle(-0.06 * s, 0.3 * s, 0.1 * s, ink),
        Circle(0.27 * s, 0.27 * s, 0.13 * s, ink),
        Circle(-0.28 * s, -0.4 * s, 0.07 * s, Style(fill=c, opacity=0.45)),        # steam
        Circle(-0.16 * s, -0.45 * s, 0.05 * s, Style(fill=c, opacity=0.3)),
    ]


def _ferry(s: float, c: str) -> list[Item]:
    ink = Style(fill=c)
    wave = Style(stroke=c, width=max(0.6, 0.05 * s), cap="round")
    return [
        Path((("M", -0.48 * s, 0.0), ("L", 0.48 * s, 0.0), ("L", 0.32 * s, 0.2 * s),
              ("L", -0.36 * s, 0.2 * s), ("Z",)), ink),
        Rect(-0.22 * s, -0.2 * s, 0.4 * s, 0.2 * s, ink),
        Rect(-0.05 * s, -0.38 * s, 0.12 * s, 0.18 * s, ink),
        Path((("M", -0.48 * s, 0.32 * s), ("C", -0.36 * s, 0.24 * s, -0.24 * s, 0.4 * s, -0.12 * s, 0.32 * s),
              ("C", 0.0, 0.24 * s, 0.12 * s, 0.4 * s, 0.24 * s, 0.32 * s),
              ("C", 0.32 * s, 0.27 * s, 0.4 * s, 0.3 * s, 0.48 * s, 0.32 * s)), wave),
    ]


def _tunnel(s: float, c: str) -> list[Item]:
    return [
        Path((("M", -0.45 * s, 0.35 * s), ("L", -0.45 * s, -0.05 * s),
              ("C", -0.45 * s, -0.5 * s, 0.45 * s, -0.5 * s, 0.45 * s, -0.05 * s),
              ("L", 0.45 * s, 0.35 * s), ("L", 0.25 * s, 0.35 * s), ("L", 0.25 * s, 0.0),
              ("C", 0.25 * s, -0.26 * s, -0.25 * s, -0.26 * s, -0.25 * s, 0.0),
              ("L", -0.25 * s, 0.35 * s), ("Z",)), Style(fill=c)),
    ]


def _globe(s: float, c: str) -> list[Item]:
    line = Style(stroke=c, width=max(0.6, 0.05 * s))
    r = 0.42 * s
    return [
        Circle(0, 0, r, line),
        Path((("M", 0, -r), ("C", -0.55 * r, -0.5 * r, -0.55 * r, 0.5 * r, 0, r),
              ("C", 0.55 * r, 0.5 * r, 0.55 * r, -0.5 * r, 0, -r)), line),
        Path((("M", -r, 0), ("L", r, 0)), line),
        Path((("M", -0.86 * r, -0.5 * r), ("L", 0.86 * r, -0.5 * r)), line),
        Path((("M", -0.86 * r, 0.5 * r), ("L", 0.86 * r, 0.5 * r)), line),
    ]


def _star(s: float, c: str) -> list[Item]:
    import math

    pts = []
    for i in range(10):
        r = 0.45 * s if i % 2 == 0 else 0.19 * s
        a = math.radians(-90 + 36 * i)
        pts.append((r * math.cos(a), r * math.sin(a)))
    cmds = (("M", *pts[0]),) + tuple(("L", *p) for p in pts[1:]) + (("Z",),)
    return [Path(cmds, Style(fill=c))]


def _rails(s: float, c: str) -> list[Item]:
    rail = Style(stroke=c, width=max(0.6, 0.06 * s))
    items: list[Item] = [Rect(-0.4 * s + i * 0.2 * s, -0.28 * s, 0.07 * s, 0.56 * s, Style(fill=c))
                         for i in range(5)]
    items += [Path((("M", -0.5 * s, -0.14 * s), ("L", 0.5 * s, -0.14 * s)), rail),
              Path((("M", -0.5 * s, 0.14 * s), ("L", 0.5 * s, 0.14 * s)), rail)]
    return items


def _coal_wagon(s: float, c: str) -> list[Item]:
    ink = Style(fill=c)
    lump = Style(fill=c, stroke="#ffffff", width=max(0.3, 0.025 * s))
    return [
        Circle(-0.26 * s, -0.18 * s, 0.11 * s, lump), Circle(-0.06 * s, -0.24 * s, 0.13 * s, lump),
        Circle(0.16 * s, -0.2 * s, 0.12 * s, lump), Circle(0.33 * s, -0.14 * s, 0.08 * s, lump),
        Path((("M", -0.48 * s, -0.12 * s), ("L", 0.48 * s, -0.12 * s), ("L", 0.38 * s, 0.18 * s),
              ("L", -0.38 * s, 0.18 * s), ("Z",)), ink),                                  # hopper
        Rect(-0.5 * s, 0.16 * s, 1.0 * s, 0.05 * s, ink),                                 # frame
        Circle(-0.24 * s, 0.28 * s, 0.1 * s, ink),
        Circle(0.24 * s, 0.28 * s, 0.1 * s, ink),
    ]


def _water_tower(s: float, c: str) -> list[Item]:
    ink = Style(fill=c)
    leg = Style(stroke=c, width=max(0.6, 0.06 * s))
    return [
        Path((("M", -0.3 * s, -0.36 * s), ("L", 0.0, -0.48 * s), ("L", 0.3 * s, -0.36 * s), ("Z",)), ink),
        Rect(-0.32 * s, -0.34 * s, 0.64 * s, 0.34 * s, ink, r=0.04 * s),                 # tank
        Rect(-0.24 * s, -0.26 * s, 0.48 * s, 0.04 * s, Style(fill="#ffffff", opacity=0.7)),
        Path((("M", -0.26 * s, 0.0), ("L", -0.34 * s, 0.48 * s)), leg),
        Path((("M", 0.26 * s, 0.0), ("L", 0.34 * s, 0.48 * s)), leg),
        Path((("M", -0.3 * s, 0.24 * s), ("L", 0.3 * s, 0.24 * s)), leg),
        Path((("M", 0.32 * s, -0.12 * s), ("L", 0.48 * s, -0.12 * s), ("L", 0.48 * s, 0.06 * s)), leg),  # spout
    ]


def _hill(s: float, c: str) -> list[Item]:
    return [
        Path((("M", -0.5 * s, 0.32 * s), ("C", -0.3 * s, -0.4 * s, 0.3 * s, -0.4 * s, 0.5 * s, 0.32 * s),
              ("Z",)), Style(fill=c)),
        Path((("M", -0.2 * s, -0.12 * s), ("C", -0.08 * s, -0.2 * s, 0.08 * s, -0.2 * s, 0.2 * s, -0.12 * s)),
             Style(stroke="#ffffff", width=max(0.5, 0.05 * s), opacity=0.8)),
        Path((("M", -0.32 * s, 0.1 * s), ("C", -0.1 * s, 0.0, 0.1 * s, 0.0, 0.32 * s, 0.1 * s)),
             Style(stroke="#ffffff", width=max(0.5, 0.05 * s), opacity=0.8)),
    ]


def _overlay(s: float, c: str) -> list[Item]:
    line = Style(fill="#ffffff", stroke=c, width=max(0.6, 0.06 * s))
    return [
        Rect(-0.16 * s, -0.02 * s, 0.6 * s, 0.46 * s, line, r=0.04 * s),                # tile below
        Rect(-0.44 * s, -0.44 * s, 0.6 * s, 0.46 * s, Style(fill=c), r=0.04 * s),        # tile on top
        Path((("M", 0.2 * s, -0.38 * s), ("L", 0.36 * s, -0.38 * s), ("L", 0.36 * s, -0.12 * s)),
             Style(stroke=c, width=max(0.6, 0.07 * s))),
        Path((("M", 0.27 * s, -0.16 * s), ("L", 0.36 * s, -0.04 * s), ("L", 0.45 * s, -0.16 * s), ("Z",)),
             Style(fill=c)),
    ]


def _goods(s: float, c: str) -> list[Item]:
    top = (("M", 0.0, -0.44 * s), ("L", 0.4 * s, -0.22 * s), ("L", 0.0, 0.0), ("L", -0.4 * s, -0.22 * s), ("Z",))
    left = (("M", -0.4 * s, -0.22 * s), ("L", 0.0, 0.0), ("L", 0.0, 0.46 * s), ("L", -0.4 * s, 0.24 * s), ("Z",))
    right = (("M", 0.4 * s, -0.22 * s), ("L", 0.0, 0.0), ("L", 0.0, 0.46 * s), ("L", 0.4 * s, 0.24 * s), ("Z",))
    edge = Style(fill=c, stroke="#222222", width=max(0.3, 0.03 * s), join="round")
    return [Path(left, edge), Path(right, edge), Path(right, Style(fill="#000000", opacity=0.25)),
            Path(top, edge), Path(top, Style(fill="#ffffff", opacity=0.3))]


def _detour(s: float, c: str) -> list[Item]:
    ring = Style(stroke=c, width=max(0.8, 0.09 * s))
    r = 0.34 * s
    k = 0.5523 * r
    arc = Path((("M", r, 0.0), ("C", r, k, k, r, 0.0, r), ("C", -k, r, -r, k, -r, 0.0),
                ("C", -r, -k, -k, -r, 0.0, -r), ("C", k * 0.6, -r, r * 0.55, -r * 0.8, r * 0.7, -r * 0.55)), ring)
    head = Path((("M", r * 1.05, -r * 0.95), ("L", r * 1.05, -r * 0.25), ("L", r * 0.4, -r * 0.45), ("Z",)),
                Style(fill=c))
    city = Style(fill="#ffffff", stroke=c, width=max(0.5, 0.05 * s))
    return [arc, head, Circle(-r, 0.0, 0.11 * s, city), Circle(r * 0.7, r * 0.7, 0.11 * s, city)]


def _die(s: float, c: str) -> list[Item]:
    pip = Style(fill=c)
    items: list[Item] = [Rect(-0.42 * s, -0.42 * s, 0.84 * s, 0.84 * s,
                              Style(fill="#ffffff", stroke=c, width=max(0.6, 0.06 * s)), r=0.12 * s)]
    for x, y in ((-0.2, -0.2), (0.2, -0.2), (0.0, 0.0), (-0.2, 0.2), (0.2, 0.2)):
        items.append(Circle(x * s, y * s, 0.075 * s, pip))
    return items


def _station(s: float, c: str) -> list[Item]:
    ink = Style(fill=c)
    window = Style(fill="#ffffff", opacity=0.85)
    return [
        Path((("M", -0.5 * s, -0.08 * s), ("L", 0.0, -0.42 * s), ("L", 0.5 * s, -0.08 * s), ("Z",)), ink),
        Rect(-0.4 * s, -0.1 * s, 0.8 * s, 0.46 * s, ink),
        Rect(-0.08 * s, 0.08 * s, 0.16 * s, 0.28 * s, window),                            # door
        Rect(-0.3 * s, 0.02 * s, 0.14 * s, 0.14 * s, window),
        Rect(0.16 * s, 0.02 * s, 0.14 * s, 0.14 * s, window),
        Circle(0.0, -0.2 * s, 0.06 * s, window),                                          # clock
    ]


ICONS: dict[str, Callable[[float, str], list[Item]]] = {
    "wagon": _wagon,
    "locomotive": _locomotive,
    "ferry": _ferry,
    "tunnel": _tunnel,
    "globe": _globe,
    "star": _star,
    "rails": _rails,
    "coal_wagon": _coal_wagon,
    "water_tower": _water_tower,
    "hill": _hill,
    "overlay": _overlay,
    "goods": _goods,
    "detour": _detour,
    "die": _die,
    "station": _station,
}


def _user(shape, s: float, c: str) -> list[Item]:
    """An icon from a content file: its path scaled to the square, filled or stroked — or an
    SVG file's shapes in their own colours (``c`` does not recolour them)."""
    if shape.art:
        return [Path(tuple((cmd[0], *(v * s for v in cmd[1:])) for cmd in art.cmds),
                     Style(fill=art.fill, stroke=art.stroke, width=art.width * s, opacity=art.opacity,
                           cap="round", join="round"))
                for art in shape.art]
    cmds = tuple((cmd[0], *(v * s for v in cmd[1:])) for cmd in shape.cmds)
    if shape.style == "stroke":
        return [Path(cmds, Style(stroke=c, width=shape.stroke_width * s, cap="round", join="round"))]
    return [Path(cmds, Style(fill=c))]


def icon(name: str, x: float, y: float, size: float, colour: str = "#000000",
         background: str | None = None, user: Mapping | None = None) -> Group:
    """Icon ``name``: a built-in one, or one of ``user`` (name -> UserIcon from content files)."""
    items = _built_in(name, size, colour, background) if name in ICONS else \
        _shapes(user[name], size, colour, background)
    return Group(items, transform=translate(x, y))


@lru_cache(maxsize=1024)
def _built_in(name: str, size: float, colour: str, background: str | None) -> tuple[Item, ...]:
    """A built-in icon's shapes, drawn once for each size and colour (a deck draws the same few
    hundreds of times); shapes only, no groups, so sharing them changes no document."""
    return _with_background(list(ICONS[name](size, colour)), size, background)


@lru_cache(maxsize=256)
def _shapes(shape, size: float, colour: str, background: str | None) -> tuple[Item, ...]:
    """A user icon's shapes (keyed by the icon's own definition), like :func:`_built_in`."""
    return _with_background(_user(shape, size, colour), size, background)


def _with_background(items: list[Item], size: float, background: str | None) -> tuple[Item, ...]:
    if background:
        items.insert(0, Circle(0, 0, size * 0.55, Style(fill=background)))
    return tuple(items)
