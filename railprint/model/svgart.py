"""SVG pictures in ``image`` layers, drawn as vectors: their own colours, transforms and viewBox.

Every SVG is untrusted. It is read in two passes:

1. defusedxml (``forbid_dtd``: no DOCTYPE, so no entities — no "billion laughs", no external
   entity, nothing fetched) streams the elements and stops at the first of: more than
   :data:`MAX_ELEMENTS` elements, nesting deeper than :data:`MAX_DEPTH`, a file over
   :data:`MAX_SVG_BYTES`. Elements railprint does not draw (text, embedded pictures, gradients,
   filters, masks, …) are collected for one located warning.
2. svgelements (maintained, pure Python, no network: it parses only the bytes it is handed)
   resolves what SVG means — ``use``, CSS classes, nested transforms, the viewBox and the
   viewport — and gives every shape as a path in the SVG's own pixels with transforms applied;
   arcs and quadratic curves become cubic Béziers. Those become :class:`railprint.scene.Path`
   items, so the PDF and the SVG writers both draw them.
"""

from __future__ import annotations

import hashlib
import io
import math
from functools import lru_cache
from pathlib import Path

from railprint.errors import RailprintError, file_version
from railprint.records import Record

MAX_SVG_BYTES = 4 * 1024 * 1024
MAX_ELEMENTS = 20_000
MAX_DEPTH = 64
MAX_EXTENT = 1e6
"""Largest width, height or coordinate (SVG pixels) of a picture: more is a damaged or hostile file."""
DRAWN = {"svg", "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "use", "defs",
         "symbol", "title", "desc", "metadata", "style"}
"""Elements drawn (or harmless); any other is named in a warning."""


class Shape(Record):
    cmds: tuple[tuple, ...]
    fill: str | None
    stroke: str | None
    width: float
    opacity: float


class Art(Record):
    width: float          # the viewport, SVG pixels
    height: float
    shapes: tuple[Shape, ...]
    unsupported: tuple[str, ...]   # element names not drawn
    key: str


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _svg_namespace(tag: str) -> bool:
    """Is ``tag`` (``{uri}name`` or ``name``) an SVG element (the SVG namespace, or none)?"""
    return not tag.startswith("{") or tag.startswith("{http://www.w3.org/2000/svg}")


def _scan(data: bytes, name: str) -> tuple[str, ...]:
    """Stream-check the XML (pass 1); the element names railprint does not draw."""
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import iterparse

    seen: dict[str, None] = {}
    count = depth = 0
    quiet_below: int | None = None   # the depth of an open <metadata>
    try:
        for event, element in iterparse(io.BytesIO(data), events=("start", "end"), forbid_dtd=True,
                                        forbid_entities=True, forbid_external=True):
            if event == "end":
                if quiet_below == depth:
                    quiet_below = None
                depth -= 1
                element.clear()
                continue
            count += 1
            depth += 1
            if count > MAX_ELEMENTS:
                raise RailprintError(f"the SVG {name} has more than {MAX_ELEMENTS:,} elements",
                                     hint="simplify it (merge paths) or export it as PNG")
            if depth > MAX_DEPTH:
                raise RailprintError(f"the SVG {name} nests elements deeper than {MAX_DEPTH} levels")
            tag = _local(element.tag)
            if count == 1 and tag != "svg":
                raise RailprintError(f"{name} is not an SVG picture (its root element is <{tag}>)")
            if quiet_below is None and tag == "metadata":
                quiet_below = depth   # metadata (RDF, licences) is never drawn: nothing to say
            # an element of another namespace (Inkscape's sodipodi:namedview, inkscape:grid, …)
            # is the editor's own note, not a drawing: ignored without a word
            if tag not in DRAWN and quiet_below is None and _svg_namespace(element.tag):
                seen[tag] = None
    except DefusedXmlException as exc:
        raise RailprintError(f"the SVG {name} declares a DOCTYPE or entities, which are refused "
                             f"({type(exc).__name__})", hint="save it without a DOCTYPE (plain SVG)") from None
    except SyntaxError as exc:  # expat's ParseError: truncated or not XML
        raise RailprintError(f"the SVG {name} is not well-formed XML: {exc}") from None
    if count == 0:
        raise RailprintError(f"the SVG {name} is empty")
    return tuple(seen)


def _colour(value) -> tuple[str | None, float]:
    if value is None or getattr(value, "value", None) is None:
        return None, 1.0
    alpha = value.alpha / 255
    return (value.hexrgb if alpha > 0 else None), alpha


def _finite(*numbers: float) -> bool:
    return all(math.isfinite(n) and abs(n) <= MAX_EXTENT for n in numbers)


def _cmds(path) -> tuple[tuple, ...]:
    from svgelements import Arc, Close, CubicBezier, Line, Move, QuadraticBezier

    out: list[tuple] = []
    for segment in path.segments():
        if isinstance(segment, Move):
            out.append(("M", segment.end.x, segment.end.y))
        elif isinstance(segment, Line):
            out.append(("L", segment.end.x, segment.end.y))
        elif isinstance(segment, CubicBezier):
            out.append(("C", segment.control1.x, segment.control1.y, segment.control2.x, segment.control2.y,
                        segment.end.x, segment.end.y))
        elif isinstance(segment, QuadraticBezier):
            (sx, sy), (qx, qy), (ex, ey) = segment.start, segment.control, segment.end
            out.append(("C", sx + 2 / 3 * (qx - sx), sy + 2 / 3 * (qy - sy), ex + 2 / 3 * (qx - ex),
                        ey + 2 / 3 * (qy - ey), ex, ey))
        elif isinstance(segment, Arc):
            for curve in segment.as_cubic_curves():
                out.append(("C", curve.control1.x, curve.control1.y, curve.control2.x, curve.control2.y,
                            curve.end.x, curve.end.y))
        elif isinstance(segment, Close):
            out.append(("Z",))
    for cmd in out:
        if not _finite(*cmd[1:]):
            raise RailprintError("a shape reaches beyond a million pixels (or is not a number)")
    return tuple(out)


@lru_cache(maxsize=64)
def _load(path: str, stamp: tuple[int, int]) -> Art:
    name = Path(path).name
    with open(path, "rb") as handle:
        data = handle.read(MAX_SVG_BYTES + 1)
    if len(data) > MAX_SVG_BYTES:
        raise RailprintError(f"the SVG {name} is larger than {MAX_SVG_BYTES // (1024 * 1024)} MiB",
                             hint="a card's art needs a few hundred KB")
    unsupported = _scan(data, name)
    try:
        from svgelements import SVG, Path as SvgPath, Shape as SvgShape

        svg = SVG.parse(io.BytesIO(data), reify=True)
        width, height = float(svg.width), float(svg.height)
        if not (_finite(width, height) and width > 0 and height > 0):
            raise RailprintError(f"the SVG {name} has no usable size ({width:g} x {height:g}); "
                                 "give it a viewBox or width and height up to a million pixels")
        shapes = []
        for element in svg.elements():
            if not isinstance(element, SvgShape) or element.values.get("visibility") == "hidden":
                continue
            fill, fill_alpha = _colour(element.fill)
            stroke, stroke_alpha = _colour(element.stroke)
            if fill is None and stroke is None:
                continue
            width_ = float(element.stroke_width or 0) if stroke else 0.0
            if not _finite(width_):
                raise RailprintError("a stroke is wider than a million pixels")
            cmds = _cmds(SvgPath(element))
            if cmds:
                shapes.append(Shape(cmds, fill, stroke, width_, fill_alpha if fill else stroke_alpha))
    except RailprintError as exc:
        raise RailprintError(exc.message if exc.message.startswith(("the SVG", name)) else
                             f"the SVG {name}: {exc.message}", hint=exc.hint) from None
    except Exception as exc:  # svgelements raises many kinds for odd input
        raise RailprintError(f"the SVG {name} cannot be read: {str(exc)[:120] or type(exc).__name__}") from None
    return Art(width, height, tuple(shapes), unsupported, "svg-" + hashlib.sha1(data).hexdigest()[:20])


def load(path: Path) -> Art:
    """The shapes of an SVG file (checked, cached by file and modification time)."""
    return _load(str(path), file_version(path, "picture"))
