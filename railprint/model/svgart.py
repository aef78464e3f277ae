"""SVG pictures in ``image`` layers, drawn as vectors: their own colours, transforms and viewBox.

Every SVG is untrusted. It is read in two passes:

1. defusedxml (``forbid_dtd``: no DOCTYPE, so no entities — no "billion laughs", no external
   entity, nothing fetched) streams the elements and stops at the first of: more than
   :data:`MAX_ELEMENTS` elements, nesting deeper than :data:`MAX_DEPTH`, a file over
   :data:`MAX_SVG_BYTES`. Elements railprint does not draw (text, embedded pictures, gradients,
   filters, masks, …) are collected for one located warning. The same pass notes what each
   element will cost svgelements, and the document is then walked as svgelements will expand
   it (every ``<use>`` a copy of what it names) counting that work — elements, path segments
   (an arc costs as much as seven lines), polyline points, inherited transforms, the CSS
   declarations that reach each element — and refused past :data:`MAX_WORK` (about a second),
   a ``<use>`` cycle at once, before svgelements builds anything (a 1 KB file of ``<use>``
   elements doubling 18 times once asked for 262,144 paths and gigabytes).
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
import re
from functools import lru_cache
from pathlib import Path

from railprint.errors import RailprintError, file_version
from railprint.records import Record

MAX_SVG_BYTES = 4 * 1024 * 1024
MAX_ELEMENTS = 20_000
MAX_DEPTH = 64
MAX_EXTENT = 1e6
"""Largest width, height or coordinate (SVG pixels) of a picture: more is a damaged or hostile file."""
MIN_SIZE = 1e-3
"""Smallest width or height (SVG pixels): a 1e-300 viewBox scaled to a card overflows the PDF's numbers."""
MAX_WORK = 1_000_000
"""Work units (about a microsecond each of svgelements' time) an SVG may cost once every ``<use>``
is expanded: see :data:`WORK`."""
WORK = {"element": 200, "transform": 10, "segment": 20, "curve": 40, "arc": 140, "point": 20, "css": 2}
"""Cost of an element (after ``<use>`` expansion), of each transform it inherits, of a path's line,
curve and arc segment, a polyline point and a CSS declaration reaching an element, set from
``render`` runs of one card (19,000 rectangles took 1.9 s in svgelements alone, 20,000 arcs
2.8 s, 9,500 rectangles under 60 transformed groups 6.8 s). At the limit — 5,000 rectangles,
16,000 lines, 4,000 arcs, 6,000 curves, 49,000 polyline points — a whole ``render`` takes
at most about 1.5 s of CPU (``benchmarks/bench_hostile.py --part svg``)."""
MAX_EXPANDED_DEPTH = 128
"""Nesting once ``<use>`` copies are expanded (svgelements expands them recursively)."""
MAX_CSS_RULES = 1_000
MAX_CSS_BYTES = 256 * 1024
"""CSS in ``<style>`` elements: rules and characters (200,000 rules took svgelements 30 s)."""
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


_NUMBER = re.compile(rb"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_CSS_RULE = re.compile(r"([^{]+)\s*\{\s*([^}]+)\s*\}")   # svgelements' own rule pattern
_CSS_COMMENT = re.compile(r"\/\*[\s\S]*?\*\/|\/\/.*$", re.MULTILINE)
_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"


_DIGIT_RUNS = bytes.maketrans(bytes(range(256)), bytes(48 if 48 <= b <= 57 else 32 for b in range(256)))
_COMMANDS = bytes.maketrans(bytes(range(256)), bytes(76 if chr(b) in "MmLlHhVvZzCcSsQqTtAa" else 32
                                                     for b in range(256)))


def _path_work(d: str) -> int:
    """Upper bound of a path's cost, from its numbers (a segment has at least one) and letters."""
    data = d.encode("utf-8", "replace")
    letters = data.translate(_COMMANDS).count(b"L")
    if b"a" in data or b"A" in data:     # arcs: each may be 4 numbers (flags run together)
        weight, per = WORK["arc"], 4
    elif any(c in data for c in b"CcSsQqTt"):
        weight, per = WORK["curve"], 2
    else:
        weight, per = WORK["segment"], 1
    numbers = (b" " + data).translate(_DIGIT_RUNS).count(b" 0") // 3   # a number has 1 to 3 digit runs
    if (numbers // per + letters) * weight <= MAX_WORK:   # else too much anyway: do not count exactly
        numbers = len(_NUMBER.findall(data))
    return (numbers // per + letters) * weight


class _Node:
    __slots__ = ("tag", "children", "href", "own", "transforms", "key", "classes")

    def __init__(self, tag: str, attrib: dict) -> None:
        self.tag = tag
        self.children: list[_Node] = []
        url = attrib.get("href", attrib.get(_XLINK_HREF)) if tag == "use" else None
        self.href = url[1:] if url else None
        own = WORK["element"]
        if "d" in attrib:
            own += _path_work(attrib["d"])
        if "points" in attrib:
            own += _path_work("M" + attrib["points"]) // WORK["segment"] // 2 * WORK["point"]
        if "style" in attrib:
            own += (attrib["style"].count(";") + 1) * WORK["css"]
        self.own = own
        self.transforms = attrib.get("transform", "").count("(") + (tag == "use")
        self.key = attrib.get("id")
        self.classes = attrib.get("class", "").split(" ") if "class" in attrib else ()


def _styles(texts: list[str], name: str) -> dict[str, int]:
    """The CSS declarations of the <style> elements per selector, filed the way svgelements files them."""
    if sum(len(text) for text in texts) > MAX_CSS_BYTES or sum(text.count("{") for text in texts) > MAX_CSS_RULES:
        raise RailprintError(f"the SVG {name} has more than {MAX_CSS_RULES:,} CSS rules or "
                             f"{MAX_CSS_BYTES // 1024} KiB of CSS", hint="use attributes or fewer style rules")
    styles: dict[str, int] = {}
    for text in texts:
        for selectors, value in _CSS_RULE.findall(_CSS_COMMENT.sub("", text).strip()):
            for selector in selectors.split(","):
                styles[selector.strip()] = styles.get(selector.strip(), 0) + value.count(";") + 1
    return styles


def _css(node: _Node, styles: dict[str, int]) -> int:
    """The CSS declarations svgelements gathers for this element (an upper bound)."""
    count = styles.get("*", 0) + styles.get(node.tag, 0)
    if node.key is not None:
        count += styles.get("#" + node.key, 0)
    for name in node.classes:
        count += styles.get("." + name, 0) + styles.get(f"{node.tag}.{name}", 0)
    return count


def _work(root: _Node, ids: dict[str, _Node], styles: dict[str, int], name: str) -> int:
    """Walk the document as svgelements expands it (a ``<use>``: its children, then a copy of the
    element it names) adding up the work; stop at a cycle or past :data:`MAX_WORK`."""
    total = elements = 0
    active: set[int] = set()           # the elements being expanded as a <use>'s copy
    stack: list = [(root, 0, 1)]
    while stack:
        node, inherited, depth = stack.pop()
        if node is None:                # leaving a <use>'s copy
            active.discard(inherited)
            continue
        if depth > MAX_EXPANDED_DEPTH:
            raise RailprintError(f"the SVG {name} nests deeper than {MAX_EXPANDED_DEPTH} levels once its "
                                 "<use> elements are expanded")
        inherited += node.transforms
        elements += 1
        total += node.own + inherited * WORK["transform"] + _css(node, styles) * WORK["css"]
        if total > MAX_WORK:
            raise RailprintError(
                f"the SVG {name} is too complex to draw: its elements (counting each <use> copy), path "
                f"segments, transforms and CSS add up to more than {MAX_WORK:,} work units "
                f"(reached after {elements:,} elements)", hint="simplify it (fewer points, merge paths) "
                "or export it as PNG")
        target = ids.get(node.href) if node.href is not None else None
        if target is not None:
            if id(target) in active:
                raise RailprintError(f"the SVG {name} has a <use> cycle: '#{node.href}' contains a <use> "
                                     "that leads back to it")
            active.add(id(target))
            stack.append((None, id(target), 0))
            stack.append((target, inherited, depth + 1))
        stack.extend((child, inherited, depth + 1) for child in reversed(node.children))
    return total


def _events(data: bytes):
    """defusedxml's iterparse, fed 64 KiB at a time, twice as much after a piece that finished no
    element: expat re-reads an unfinished token at every feed, so iterparse's fixed 16 KiB pieces
    made a 4 MiB path attribute cost seconds (and one big piece would build every element of a
    file of a million before the first could be counted)."""
    from xml.etree.ElementTree import TreeBuilder, XMLPullParser

    from defusedxml.ElementTree import DefusedXMLParser

    parser = XMLPullParser(events=("start", "end"), _parser=DefusedXMLParser(
        target=TreeBuilder(), forbid_dtd=True, forbid_entities=True, forbid_external=True))
    start, size = 0, 1 << 16
    while start < len(data):
        parser.feed(data[start:start + size])
        start += size
        events = list(parser.read_events())
        size = size * 2 if not events else 1 << 16
        yield from events
    parser.close()
    yield from parser.read_events()


def _scan(data: bytes, name: str) -> tuple[str, ...]:
    """Stream-check the XML (pass 1), then count the work svgelements would do (pass 1b);
    the element names railprint does not draw."""
    from defusedxml import DefusedXmlException

    seen: dict[str, None] = {}
    count = 0
    path: list[_Node] = []
    root: _Node | None = None
    ids: dict[str, _Node] = {}
    css: list[str] = []
    try:
        for event, element in _events(data):
            if event == "end":
                if path[-1].tag == "style":
                    css.append(element.text or "")
                path.pop()
                element.clear()
                continue
            count += 1
            if count > MAX_ELEMENTS:
                raise RailprintError(f"the SVG {name} has more than {MAX_ELEMENTS:,} elements",
                                     hint="simplify it (merge paths) or export it as PNG")
            if len(path) >= MAX_DEPTH:
                raise RailprintError(f"the SVG {name} nests elements deeper than {MAX_DEPTH} levels")
            tag = _local(element.tag)
            if count == 1 and tag != "svg":
                raise RailprintError(f"{name} is not an SVG picture (its root element is <{tag}>)")
            if tag not in DRAWN:
                seen[tag] = None
            node = _Node(tag, element.attrib)
            if node.key is not None:
                ids[node.key] = node    # the last of one id wins, as in svgelements
            if path:
                path[-1].children.append(node)
            else:
                root = node
            path.append(node)
    except DefusedXmlException as exc:
        raise RailprintError(f"the SVG {name} declares a DOCTYPE or entities, which are refused "
                             f"({type(exc).__name__})", hint="save it without a DOCTYPE (plain SVG)") from None
    except SyntaxError as exc:  # expat's ParseError: truncated or not XML
        raise RailprintError(f"the SVG {name} is not well-formed XML: {exc}") from None
    except RailprintError:
        raise
    except (LookupError, ValueError) as exc:  # an encoding Python does not know, a bad declaration
        raise RailprintError(f"the SVG {name} cannot be read as XML: {str(exc)[:120]}",
                             hint="save it as UTF-8") from None
    if root is None:
        raise RailprintError(f"the SVG {name} is empty")
    _work(root, ids, _styles(css, name), name)
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
        if not (_finite(width, height) and width >= MIN_SIZE and height >= MIN_SIZE):
            raise RailprintError(f"the SVG {name} has no usable size ({width:g} x {height:g}); "
                                 f"give it a viewBox or width and height from {MIN_SIZE:g} up to a million pixels")
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
