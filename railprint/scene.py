"""A backend-neutral description of what to draw.

Everything is in PDF points, origin at the top-left of the page, y pointing down. Writers
(:mod:`railprint.writers`) turn a :class:`Document` into PDF, SVG or a text dump; drawing code
never talks to a backend.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Union

Transform = tuple[float, float, float, float, float, float]
IDENTITY: Transform = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class Style:
    """How a shape is painted: fill, stroke and the stroke's width, dash, opacity, cap and join."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.5
    dash: tuple[float, ...] | None = None
    opacity: float = 1.0
    cap: str = "butt"      # butt | round | square
    join: str = "miter"    # miter | round | bevel


INK = Style(fill="#000000")


@dataclass(frozen=True)
class Rect:
    """A rectangle (x, y, w, h), its corners rounded by ``r``."""

    x: float
    y: float
    w: float
    h: float
    style: Style = Style(stroke="#000000")
    r: float = 0.0


@dataclass(frozen=True)
class Line:
    """A straight line from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float
    style: Style = Style(stroke="#000000")


@dataclass(frozen=True)
class Circle:
    """A circle around (cx, cy)."""

    cx: float
    cy: float
    r: float
    style: Style = Style(stroke="#000000")


PathCommand = tuple  # ("M", x, y) | ("L", x, y) | ("C", x1, y1, x2, y2, x, y) | ("Z",)


@dataclass(frozen=True)
class Path:
    """A path of ``PathCommand`` tuples."""

    cmds: tuple[PathCommand, ...]
    style: Style = Style(stroke="#000000")


@dataclass(frozen=True)
class Text:
    """A single line of text; ``y`` is the baseline."""

    x: float
    y: float
    text: str
    size: float
    style: Style = INK
    font: str = "regular"  # regular | bold
    anchor: str = "start"  # start | middle | end


@dataclass(frozen=True)
class Image:
    """A raster picture (PNG or JPEG file) stretched over the box (x, y, w, h). ``key`` names
    its content: writers store each distinct picture once per document."""

    x: float
    y: float
    w: float
    h: float
    path: str
    key: str


@dataclass(frozen=True)
class Group:
    """Items drawn together under one transform, optionally clipped (``id`` names a repeated group).

    ``keep``: this very object is drawn again and again in many documents (a map's unchanging
    board under each version's claimed routes): a writer may keep what it made of it (its SVG
    text, the characters it draws) for as long as the object lives, and reuse it. It changes
    nothing in the output."""

    items: tuple["Item", ...]
    transform: Transform = IDENTITY
    clip: Rect | None = None
    id: str | None = None
    keep: bool = False


Item = Union[Rect, Line, Circle, Path, Text, Image, Group]


@dataclass(frozen=True)
class Page:
    """One page of a document: its size and what is drawn on it."""

    width: float
    height: float
    items: tuple[Item, ...]
    label: str = ""
    # the trim box (x, y, w, h) of a page that is one component with its bleed around it (1-up);
    # the PDF writer gives it as TrimBox (the page is the BleedBox) and image exports crop to it
    trim: tuple[float, float, float, float] | None = None
    name: str = ""  # the component's name on a 1-up page (image and Tabletop Simulator exports)
    corner_radius: float = 0.0  # a 1-up page's trim corners are rounded (trimmed image exports mask them)


@dataclass(frozen=True)
class Document:
    """The pages a writer writes as one file, with its title, subject and metadata."""

    pages: tuple[Page, ...]
    title: str = ""
    subject: str = ""
    meta: tuple[tuple[str, str], ...] = field(default_factory=tuple)


def translate(x: float, y: float) -> Transform:
    return (1.0, 0.0, 0.0, 1.0, x, y)


def scale(sx: float, sy: float | None = None) -> Transform:
    return (sx, 0.0, 0.0, sx if sy is None else sy, 0.0, 0.0)


def rotate(degrees: float, cx: float = 0.0, cy: float = 0.0) -> Transform:
    """Rotation by ``degrees`` clockwise on the page (y points down) about (cx, cy)."""
    quarter = {0: (1, 0), 90: (0, 1), 180: (-1, 0), 270: (0, -1)}
    c, s = quarter.get(round(degrees) % 360 if float(degrees).is_integer() else -1,
                       (math.cos(math.radians(degrees)), math.sin(math.radians(degrees))))
    return compose(translate(cx, cy), (c, s, -s, c, 0.0, 0.0), translate(-cx, -cy))


def compose(*transforms: Transform) -> Transform:
    """Matrix product: ``compose(A, B)`` applies B first, then A."""
    a, b, c, d, e, f = IDENTITY
    for (a2, b2, c2, d2, e2, f2) in transforms:
        a, b, c, d, e, f = (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
                            a * e2 + c * f2 + e, b * e2 + d * f2 + f)
    return (a, b, c, d, e, f)


def apply(t: Transform, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = t
    return (a * x + c * y + e, b * x + d * y + f)


def walk(items: tuple[Item, ...], transform: Transform = IDENTITY):
    """Yield ``(item, transform)`` for every leaf item, with the page transform accumulated."""
    for item in items:
        if isinstance(item, Group):
            yield from walk(item.items, compose(transform, item.transform))
        else:
            yield item, transform


def leaves(items: tuple[Item, ...]):
    """Every leaf item in drawing order, a group drawn more than once visited once, no
    transforms: for what is drawn, not where (a 100-card sheet's repeated back is read once)."""
    seen: set[int] = set()
    stack = [iter(items)]
    while stack:
        for item in stack[-1]:
            if type(item) is Group:
                if id(item) not in seen:
                    seen.add(id(item))
                    stack.append(iter(item.items))
                    break
            else:
                yield item
        else:
            stack.pop()


def texts(doc_or_page: "Document | Page") -> list[str]:
    """Every string drawn, in drawing order (for glyph checks and tests)."""
    pages = doc_or_page.pages if isinstance(doc_or_page, Document) else (doc_or_page,)
    return [item.text for page in pages for item, _ in walk(page.items) if isinstance(item, Text)]
