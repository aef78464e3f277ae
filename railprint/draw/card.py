"""Resolved card faces -> scene groups. A face is drawn in its own frame: origin at the trim
box's top-left corner, the bleed extending ``bleed`` points outside it on every side."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path as FilePath

from railprint.draw.icons import icon
from railprint.draw.tracks import draw_tracks
from railprint.text.faces import fit_width, pieces
from railprint.text.measure import text_width
from railprint.model.deck import (CircleLayer, GridLayer, IconLayer, ImagePlacement, LineLayer, MinimapGeometry,
                                  PolygonLayer, RectLayer, ResolvedDeck, ResolvedFace, TextLayer, TrackLayer,
                                  VectorPlacement)
from railprint.model import svgart
from railprint.model.richtext import font_of, layout
from railprint.scene import (Circle, Group, Image, Item, Line, Path, Rect, Style, Text, compose, rotate, scale,
                            translate)

_ANCHORS = {"left": "start", "centre": "middle", "right": "end"}


def _style(layer) -> Style:
    return _paint(layer.fill, layer.stroke, layer.line_width, tuple(layer.dash) if layer.dash else None, layer.opacity)


@lru_cache(maxsize=1024)
def _paint(fill: str | None, stroke: str | None, width: float, dash: tuple | None, opacity: float) -> Style:
    """One style object for each look (a deck paints thousands of shapes and texts in a few)."""
    return Style(fill=fill, stroke=stroke, width=width, dash=dash, opacity=opacity)


def _ink(colour: str) -> Style:
    """Text's style: its colour."""
    return _paint(colour, None, 0.5, None, 1.0)


def _minimap(m: MinimapGeometry) -> list[Item]:
    items = list(_minimap_ground(m.x, m.y, m.w, m.h, m.land, m.segments, m.dots))
    ring = Style(fill=m.colour, stroke="#ffffff", width=0.6)
    if len(m.marks) == 2:
        (x1, y1), (x2, y2) = m.marks
        items.append(Line(x1, y1, x2, y2, Style(stroke=m.colour, width=0.9, dash=(2, 1.2))))
    items += [Circle(x, y, 2.2, ring) for x, y in m.marks]
    return items


@lru_cache(maxsize=64)
def _minimap_ground(x: float, y: float, w: float, h: float, land: str, segments: tuple, dots: tuple) -> tuple[Item, ...]:
    """A minimap's land, routes and cities: the same items on every ticket of a map (drawn once;
    they are no groups, so sharing them changes nothing in a document)."""
    items: list[Item] = [Rect(x, y, w, h, Style(fill=land), r=min(w, h) * 0.04)]
    road = Style(stroke="#8a8272", width=0.35)
    items += [Line(x1, y1, x2, y2, road) for x1, y1, x2, y2 in segments]
    dot = Style(fill="#6b6456")
    items += [Rect(px - 0.6, py - 0.6, 1.2, 1.2, dot) for px, py in dots]  # 0.4 mm: a dot at print size
    return tuple(items)


def _text_box(layer: TextLayer, user: dict) -> Item:
    """A text box: the pieces richtext placed, at one size, in the box's own frame."""
    box = layout(layer.text, layer.w, layer.h, layer.size, layer.min_size, layer.font, layer.align,
                 layer.line_spacing, layer.valign, layer.family, layer.lang)
    items: list[Item] = []
    for piece in box.pieces:
        colour = piece.colour or layer.colour
        if piece.icon:
            items.append(icon(piece.icon, piece.x, piece.y, box.size * piece.scale, colour, user=user))
        else:
            items.append(Text(piece.x, piece.y, piece.text, box.size * piece.scale, _ink(colour), font_of(piece)))
    transform = translate(layer.x, layer.y)
    if layer.rotate:
        transform = compose(rotate(layer.rotate, layer.x, layer.y), transform)
    return Group(tuple(items), transform=transform)


def _image(layer: ImagePlacement) -> Item:
    x, y, w, h = layer.placed
    picture = Image(x, y, w, h, layer.path, layer.key)
    bx, by, bw, bh = layer.box
    inside = x >= bx - 1e-6 and y >= by - 1e-6 and x + w <= bx + bw + 1e-6 and y + h <= by + bh + 1e-6
    return picture if inside else Group((picture,), clip=Rect(bx, by, bw, bh))


def _vector(layer: VectorPlacement) -> Item:
    """An SVG's shapes (in its own pixels) scaled into where its viewport lands, clipped to the box."""
    art = svgart.load(FilePath(layer.path))
    x, y, w, h = layer.placed
    vw, vh = layer.viewport
    shapes = tuple(Path(shape.cmds, Style(fill=shape.fill, stroke=shape.stroke, width=shape.width,
                                          opacity=shape.opacity, cap="round", join="round"))
                   for shape in art.shapes)
    inner = Group(shapes, transform=compose(translate(x, y), scale(w / vw, h / vh)))
    bx, by, bw, bh = layer.box
    return Group((inner,), clip=Rect(bx, by, bw, bh))


_LEAVES = (RectLayer, CircleLayer, LineLayer, PolygonLayer, GridLayer)


def draw_face(face: ResolvedFace, deck: ResolvedDeck, *, clip_to_bleed: bool = True,
              drawn: dict | None = None) -> Group:
    """All layers of one face, with the deck background filling trim box and bleed. ``drawn``:
    one deck's memory of the shapes and one-line texts drawn for its layers (by identity: many
    faces share a resolved layer), reused for every face holding the same layer; no group is
    shared, so no document changes."""
    b = deck.bleed
    first = face.layers[0] if face.layers else None
    covered = isinstance(first, RectLayer) and first.bleed and first.fill and first.opacity == 1
    items: list[Item] = [] if covered else [Rect(-b, -b, deck.width + 2 * b, deck.height + 2 * b,
                                                 Style(fill=deck.background))]
    for layer in face.layers:
        kind = type(layer)
        if kind in _LEAVES or kind is TextLayer and not layer.box:
            if drawn is None or kind is TextLayer and layer.rotate:   # (a turned text is a group)
                items.append(_leaf(layer, deck))
                continue
            known = drawn.get(id(layer))
            if known is None or known[0] is not layer:
                known = drawn[id(layer)] = (layer, _leaf(layer, deck))
            items.append(known[1])
        elif kind is TextLayer:
            items.append(_text_box(layer, deck.icons))
        elif kind is IconLayer:
            items.append(icon(layer.name, layer.x, layer.y, layer.size, layer.colour, layer.background,
                              deck.icons))
        elif kind is ImagePlacement:
            items.append(_image(layer))
        elif kind is VectorPlacement:
            items.append(_vector(layer))
        elif kind is MinimapGeometry:
            items.extend(_minimap(layer))
        elif kind is TrackLayer:
            items.extend(draw_tracks(layer, deck.width, deck.height))
    clip = Rect(-b, -b, deck.width + 2 * b, deck.height + 2 * b) if clip_to_bleed else None
    return Group(tuple(items), clip=clip)


def _splits(start: float, length: float, count: int, first: float | None) -> list[float]:
    """Where ``count`` cells of ``length`` from ``start`` meet (inner lines), the first one
    ``first`` long when given, the others sharing the rest."""
    if first is None or count == 1:
        return [start + length * k / count for k in range(1, count)]
    rest = (length - first) / (count - 1)
    return [start + first + rest * k for k in range(count - 1)]


def _grid(layer) -> Group:
    """A grid layer: its outline (filled, if it has a fill) and the lines between its cells."""
    style = _style(layer)
    items: list[Item] = [Rect(layer.x, layer.y, layer.w, layer.h, style)]
    line = Style(stroke=style.stroke, width=style.width, dash=style.dash, opacity=style.opacity)
    bottom, right = layer.y + layer.h, layer.x + layer.w
    items += [Line(x, layer.y, x, bottom, line) for x in _splits(layer.x, layer.w, layer.cols, layer.first_col)]
    items += [Line(layer.x, y, right, y, line) for y in _splits(layer.y, layer.h, layer.rows, layer.first_row)]
    return Group(tuple(items))


def _leaf(layer, deck: ResolvedDeck) -> Item:
    """What a shape layer or a one-line text draws: one item (a turned text: a group of one)."""
    kind = type(layer)
    if kind is RectLayer:
        if layer.bleed:
            b = deck.bleed
            return Rect(-b, -b, deck.width + 2 * b, deck.height + 2 * b, _style(layer))
        return Rect(layer.x, layer.y, layer.w, layer.h, _style(layer), r=layer.radius)
    if kind is CircleLayer:
        return Circle(layer.cx, layer.cy, layer.r, _style(layer))
    if kind is LineLayer:
        return Line(layer.x1, layer.y1, layer.x2, layer.y2, _style(layer))
    if kind is GridLayer:
        return _grid(layer)
    if kind is PolygonLayer:
        cmds = (("M", *layer.points[0]),) + tuple(("L", *p) for p in layer.points[1:])
        if layer.closed:
            cmds += (("Z",),)
        return Path(cmds, _style(layer))
    size = layer.size
    if layer.max_width is not None:
        size = fit_width(layer.text, layer.max_width, size, layer.family, layer.font)
    parts = pieces(layer.text, layer.family, layer.font)
    if len(parts) == 1:
        text = Text(layer.x, layer.y, layer.text, size, _ink(layer.colour), parts[0][1], _ANCHORS[layer.align])
    else:   # a fallback list: one text a font, side by side, aligned as one
        widths = [text_width(part, size, key) for part, key in parts]
        x = layer.x - {"left": 0.0, "centre": sum(widths) / 2, "right": sum(widths)}[layer.align]
        texts = []
        for (part, key), w in zip(parts, widths):
            texts.append(Text(x, layer.y, part, size, _ink(layer.colour), key, "start"))
            x += w
        text = Group(tuple(texts))
    return Group((text,), transform=rotate(layer.rotate, layer.x, layer.y)) if layer.rotate else text
