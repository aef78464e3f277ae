"""Boards bigger than a page: a drawing of W x H points tiled over A4 or Letter sheets.

Every tile page shows a *window* of the drawing at real size. Neighbouring windows overlap by
``overlap`` (default 10 mm), so the page step is ``window size - overlap``. Registration
crosshairs, numbered ``#1``, ``#2``, …, sit in the middle of each overlap strip: the same
crosshair is printed on both neighbouring pages (four pages at a corner), and the user lays one
page over the other so they coincide.

Pages of :func:`tile_document`: an assembly-map page first (the whole drawing in miniature with
the page grid, page numbers and "row r / col c" of every page, and assembly steps), then one
page per tile, row by row. Every page carries the furniture of
:func:`railprint.layout.paper.furniture`. :func:`overview_document` is the one-page
fit-to-page version.

The grid is centred on the drawing: when R x C windows cover more than the drawing, the spare
paper is split evenly between the outer edges.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable


from railprint.errors import RailprintError
from railprint.text.measure import text_width, wrap_text
from railprint.layout.paper import FURNITURE_HEIGHT, MARGIN, Paper, furniture, paper as get_paper
from railprint.scene import (Circle, Document, Group, IDENTITY, Item, Line, Page, Path, Rect, Style,
                             Text, Transform, apply, compose, scale, translate)
from railprint.units import mm, to_mm

MIN_OVERLAP = mm(10)
LABEL_HEIGHT = mm(6)        # strip above the window: "row r / col c of R×C" and neighbours
TICK = mm(2)                # overlap ticks outside the window; the window keeps them inside the margin
WINDOW_LINE = Style(stroke="#8a8a8a", width=0.3)   # the cut frame around each tile's window
REGISTRATION = "#000000"
HALO = Style(stroke="#ffffff", width=1.6, cap="round")
GREY = "#555555"

TEXT = {
    "en": {
        "tile": "row {r} / col {c} of {R}×{C}",
        "above": "above: row {r} / col {c}",
        "left": "left: row {r} / col {c}",
        "page": "p. {n}",
        "cell": "row {r} / col {c}",
        "assembly": "Assembly map",
        "size": "Board {w} × {h} mm on {n} pages ({R}×{C}, {paper} {orient}), overlap {o} mm",
        "steps": (
            "1. Print at 100 % (actual size): the scale bar at the bottom of each page must measure 50 mm.",
            "2. Cut every page along the grey frame on its left and top sides (keep the first column's left and the first row's top).",
            "3. Lay each page over its left and upper neighbours so the numbered crosshairs (#1, #2, …) coincide; "
            "the strip under the crosshairs is the {o} mm overlap.",
            "4. Glue or tape row by row, then join the rows; finally trim the outer frame.",
        ),
        "overview": "Overview at 1:{s} — for play, print the tiled version at real size",
        "portrait": "portrait",
        "landscape": "landscape",
    },
    "pl": {
        "tile": "wiersz {r} / kolumna {c} z {R}×{C}",
        "above": "powyżej: wiersz {r} / kolumna {c}",
        "left": "z lewej: wiersz {r} / kolumna {c}",
        "page": "s. {n}",
        "cell": "wiersz {r} / kolumna {c}",
        "assembly": "Plan składania",
        "size": "Plansza {w} × {h} mm na {n} stronach ({R}×{C}, {paper} {orient}), zakładka {o} mm",
        "steps": (
            "1. Drukuj w skali 100 % (rozmiar rzeczywisty): podziałka na dole każdej strony musi mieć 50 mm.",
            "2. Przytnij każdą stronę wzdłuż szarej ramki z lewej i z góry (poza lewym brzegiem pierwszej kolumny i górnym pierwszego wiersza).",
            "3. Połóż każdą stronę na sąsiadach z lewej i z góry tak, by ponumerowane krzyżyki (#1, #2, …) się pokryły; "
            "pas pod krzyżykami to zakładka {o} mm.",
            "4. Sklej lub połącz taśmą najpierw wiersze, potem wiersze ze sobą; na koniec przytnij zewnętrzną ramkę.",
        ),
        "overview": "Podgląd w skali 1:{s} — do gry wydrukuj wersję w częściach w rozmiarze rzeczywistym",
        "portrait": "pionowo",
        "landscape": "poziomo",
    },
}


def _t(lang: str) -> dict:
    return TEXT.get(lang, TEXT["en"])


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class TilePlan:
    """How a ``width`` x ``height`` drawing is cut into ``rows`` x ``cols`` page windows."""

    sheet: Paper
    width: float
    height: float
    overlap: float
    window: Rect        # where the drawing window sits on every tile page (page coordinates)
    rows: int
    cols: int
    offset_x: float     # drawing x at the left edge of column 1's window (<= 0: grid is centred)
    offset_y: float

    @property
    def step_x(self) -> float:
        return self.window.w - self.overlap

    @property
    def step_y(self) -> float:
        return self.window.h - self.overlap

    @property
    def pages(self) -> int:
        return self.rows * self.cols

    def source(self, row: int, col: int) -> Rect:
        """The part of the drawing shown on tile (row, col), both 1-based, in drawing coordinates."""
        return Rect(self.offset_x + (col - 1) * self.step_x, self.offset_y + (row - 1) * self.step_y,
                    self.window.w, self.window.h)

    def tiles(self) -> list[tuple[int, int]]:
        return [(r, c) for r in range(1, self.rows + 1) for c in range(1, self.cols + 1)]

    def registration_points(self, free: "Callable[[float, float], bool] | None" = None
                            ) -> list[tuple[float, float, int]]:
        """Crosshair centres ``(x, y, number)`` in drawing coordinates, in every overlap strip:
        two per vertical seam and row, two per horizontal seam and column, one per corner.

        ``free(x, y)``: whether a crosshair may sit there (a board keeps them off its map).
        A seam crosshair then slides along its strip to the nearest free spot (2 mm steps, the
        two of a strip at least a sixth of it apart); one with no free spot, and a corner one
        that is not free (it cannot move), is left out."""
        points: list[tuple[float, float]] = []
        half = self.overlap / 2
        inner_w = self.step_x - self.overlap  # the part of a window no neighbour covers
        inner_h = self.step_y - self.overlap

        def along(fixed: float, start: float, span: float, vertical: bool) -> None:
            chosen: list[float] = []
            spots = [start + mm(2) * i for i in range(1, int(span / mm(2)))]
            for k in (1, 2):
                home = start + k * span / 3
                for at in [home, *sorted(spots, key=lambda v: (abs(v - home), v))]:
                    x, y = (fixed, at) if vertical else (at, fixed)
                    if all(abs(at - other) >= span / 6 for other in chosen) and (free is None or free(x, y)):
                        chosen.append(at)
                        points.append((x, y))
                        break

        for c in range(1, self.cols):  # vertical seams
            x = self.offset_x + c * self.step_x + half
            for r in range(1, self.rows + 1):
                y0 = self.offset_y + (r - 1) * self.step_y + (self.overlap if r > 1 else 0)
                span = inner_h + (self.overlap if r == 1 else 0) + (self.overlap if r == self.rows else 0)
                along(x, y0, span, True)
        for r in range(1, self.rows):  # horizontal seams
            y = self.offset_y + r * self.step_y + half
            for c in range(1, self.cols + 1):
                x0 = self.offset_x + (c - 1) * self.step_x + (self.overlap if c > 1 else 0)
                span = inner_w + (self.overlap if c == 1 else 0) + (self.overlap if c == self.cols else 0)
                along(y, x0, span, False)
        for r in range(1, self.rows):  # corners where four pages meet
            for c in range(1, self.cols):
                x, y = self.offset_x + c * self.step_x + half, self.offset_y + r * self.step_y + half
                if free is None or free(x, y):
                    points.append((x, y))
        return [(x, y, i) for i, (x, y) in enumerate(points, 1)]


def _window(sheet: Paper) -> Rect:
    """Inside the margins, below the label strip, above the furniture, with room at the left and
    right for the overlap ticks (they must not reach into the unprintable margin)."""
    return Rect(MARGIN + TICK, MARGIN + LABEL_HEIGHT, sheet.width - 2 * (MARGIN + TICK),
                sheet.height - 2 * MARGIN - FURNITURE_HEIGHT - LABEL_HEIGHT)


def _count(length: float, window: float, overlap: float) -> int:
    if length <= window:
        return 1
    return math.ceil((length - overlap) / (window - overlap) - 1e-9)


def plan_tiles(width: float, height: float, *, paper: str | Paper = "a4", orientation: str = "auto",
               overlap: float = MIN_OVERLAP) -> TilePlan:
    """Plan the tiling of a ``width`` x ``height`` drawing (points). ``orientation`` "auto"
    picks the one needing fewer pages (portrait on a tie)."""
    if width <= 0 or height <= 0:
        raise RailprintError(f"cannot tile a drawing of {to_mm(width):.1f} × {to_mm(height):.1f} mm")
    if overlap < MIN_OVERLAP - 1e-6:
        raise RailprintError(f"overlap {to_mm(overlap):.1f} mm is too small",
                             hint="boards need at least 10 mm of overlap to glue and register pages")
    if isinstance(paper, Paper):
        sheets = [paper]
    else:
        options = ("portrait", "landscape") if orientation == "auto" else (orientation,)
        sheets = [get_paper(paper, o) for o in options]
    best: TilePlan | None = None
    for sheet in sheets:
        window = _window(sheet)
        if overlap > min(window.w, window.h) / 2:
            raise RailprintError(f"overlap {to_mm(overlap):.1f} mm is too large for {sheet.name}",
                                 hint=f"use at most {to_mm(min(window.w, window.h) / 2):.0f} mm")
        cols = _count(width, window.w, overlap)
        rows = _count(height, window.h, overlap)
        span_w = cols * (window.w - overlap) + overlap if cols > 1 else window.w
        span_h = rows * (window.h - overlap) + overlap if rows > 1 else window.h
        plan = TilePlan(sheet, width, height, overlap, window, rows, cols,
                        -(span_w - width) / 2, -(span_h - height) / 2)
        if best is None or plan.pages < best.pages:
            best = plan
    assert best is not None
    return best


# --- culling: keep only what a window can show --------------------------------------------

def _leaf_box(item: Item) -> tuple[float, float, float, float]:
    if isinstance(item, Rect):
        pad = item.style.width / 2 if item.style.stroke else 0
        return (item.x - pad, item.y - pad, item.x + item.w + pad, item.y + item.h + pad)
    if isinstance(item, Line):
        pad = item.style.width
        return (min(item.x1, item.x2) - pad, min(item.y1, item.y2) - pad,
                max(item.x1, item.x2) + pad, max(item.y1, item.y2) + pad)
    if isinstance(item, Circle):
        r = item.r + (item.style.width / 2 if item.style.stroke else 0)
        return (item.cx - r, item.cy - r, item.cx + r, item.cy + r)
    if isinstance(item, Path):
        xs = [v for cmd in item.cmds for v in cmd[1::2]]
        ys = [v for cmd in item.cmds for v in cmd[2::2]]
        pad = item.style.width if item.style.stroke else 0
        return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad) if xs else (0, 0, 0, 0)
    if isinstance(item, Text):
        w = text_width(item.text, item.size, item.font)
        x0 = item.x - {"start": 0, "middle": w / 2, "end": w}[item.anchor]
        return (x0, item.y - item.size, x0 + w, item.y + item.size * 0.3)
    raise TypeError(item)


def _transform_box(t: Transform, box) -> tuple[float, float, float, float]:
    if t == IDENTITY:
        return box
    x0, y0, x1, y1 = box
    a, b, c, d, e, f = t
    xs = (a * x0 + c * y0 + e, a * x1 + c * y0 + e, a * x0 + c * y1 + e, a * x1 + c * y1 + e)
    ys = (b * x0 + d * y0 + f, b * x1 + d * y0 + f, b * x0 + d * y1 + f, b * x1 + d * y1 + f)
    return (min(xs), min(ys), max(xs), max(ys))


def bounding_box(item: Item, transform: Transform = IDENTITY, memo: dict | None = None):
    """Conservative bounding box ``(x0, y0, x1, y1)`` of an item, or None for a group that draws
    nothing (empty, or its content wholly outside its clip).
    ``memo`` keeps group boxes between calls (tiling asks the same groups for every page)."""
    if type(item) is Group:
        key = (id(item), transform)
        if memo is not None and key in memo:
            return memo[key]
        t = compose(transform, item.transform)
        box = None
        for child in item.items:  # one pass, no intermediate lists: boards have thousands of items
            b = bounding_box(child, t, memo)
            if b is None:
                continue
            if box is None:
                x0, y0, x1, y1 = box = b
                continue
            if b[0] < x0:
                x0 = b[0]
            if b[1] < y0:
                y0 = b[1]
            if b[2] > x1:
                x1 = b[2]
            if b[3] > y1:
                y1 = b[3]
            box = True
        if box is not None:
            box = (x0, y0, x1, y1)
            if item.clip is not None:
                c = item.clip
                cb = _transform_box(t, (c.x, c.y, c.x + c.w, c.y + c.h))
                box = (max(box[0], cb[0]), max(box[1], cb[1]), min(box[2], cb[2]), min(box[3], cb[3]))
                if box[0] > box[2] or box[1] > box[3]:   # its content lies wholly outside its clip
                    box = None
        if memo is not None:
            memo[key] = box
        return box
    return _transform_box(transform, _leaf_box(item))


def _cull(items: tuple[Item, ...], view, transform: Transform = IDENTITY, memo: dict | None = None) -> tuple[Item, ...]:
    vx0, vy0, vx1, vy1 = view
    kept = []
    for item, box in _boxed(items, view, transform, memo):
        if box is None or box[2] < vx0 or box[0] > vx1 or box[3] < vy0 or box[1] > vy1:
            continue
        if isinstance(item, Group) and not (box[0] >= vx0 and box[2] <= vx1 and box[1] >= vy0 and box[3] <= vy1):
            inner = _cull(item.items, view, compose(transform, item.transform), memo)
            if inner:
                kept.append(Group(inner, item.transform, item.clip, item.id))
            continue
        kept.append(item)   # wholly inside (a group: kept as it is), or a leaf meeting the view
    return tuple(kept)


INDEXED = 64
"""A group's items are put in a grid (``_Grid``) once they are this many: a board's groups of
spaces and labels are culled for every page."""


def _boxed(items: tuple[Item, ...], view, transform: Transform, memo: dict | None):
    """``(item, box)`` for the items of ``items`` that may meet ``view``, in their order: every
    item, or (``memo``, a long list) those a grid of their boxes finds near the view."""
    if memo is None or len(items) < INDEXED:
        return ((item, _box(item, transform, memo)) for item in items)
    key = ("grid", id(items), transform)
    grid = memo.get(key)
    if grid is None:
        grid = memo[key] = _Grid([_box(item, transform, memo) for item in items], view)
    return ((items[k], grid.boxes[k]) for k in grid.near(view))


def _box(item: Item, transform: Transform, memo: dict | None):
    """The item's bounding box under ``transform`` (see :func:`bounding_box`); ``memo``: every
    page of a board asks for the same boxes."""
    if isinstance(item, Group):
        return bounding_box(item, transform, memo)
    if memo is None:
        return _transform_box(transform, _leaf_box(item))
    key = (id(item), transform)
    box = memo.get(key)
    if box is None:
        box = memo[key] = _transform_box(transform, _leaf_box(item))
    return box


class _Grid:
    """The boxes of a list of items in a grid of cells the size of the first view asked for: a
    view finds the items whose boxes share a cell with it (a superset of those meeting it). A
    box over more than ``WIDE`` cells is not put in cells but offered to every view."""

    WIDE = 64

    def __init__(self, boxes: list, view):
        self.boxes = boxes
        w, h = view[2] - view[0], view[3] - view[1]
        self.w = w if math.isfinite(w) and w > 1.0 else 1.0
        self.h = h if math.isfinite(h) and h > 1.0 else 1.0
        self.cells: dict[tuple[int, int], list[int]] = {}
        self.wide: list[int] = []
        for k, box in enumerate(boxes):
            if box is None:
                continue
            i0, i1, j0, j1 = self._span(box)
            if (i1 - i0 + 1) * (j1 - j0 + 1) > self.WIDE:   # (or not finite: see _span)
                self.wide.append(k)
                continue
            for i in range(i0, i1 + 1):
                for j in range(j0, j1 + 1):
                    self.cells.setdefault((i, j), []).append(k)

    def _span(self, box) -> tuple[int, int, int, int]:
        """The cells a box covers; a box not wholly finite counts as covering every cell."""
        if not all(map(math.isfinite, box)):
            return 0, self.WIDE, 0, self.WIDE
        w, h = self.w, self.h
        return math.floor(box[0] / w), math.floor(box[2] / w), math.floor(box[1] / h), math.floor(box[3] / h)

    def near(self, view) -> list[int]:
        """The indices of the items whose boxes share a cell with ``view`` or are wide, in order."""
        found: set[int] = set(self.wide)
        i0, i1, j0, j1 = self._span(view)
        if (i1 - i0 + 1) * (j1 - j0 + 1) > self.WIDE:   # a view over many cells: every item
            return [k for k, box in enumerate(self.boxes) if box is not None]
        for i in range(i0, i1 + 1):
            for j in range(j0, j1 + 1):
                found.update(self.cells.get((i, j), ()))
        return sorted(found)


# --- marks ------------------------------------------------------------------------------------

def crosshair(x: float, y: float, number: int, size: float) -> Group:
    """A registration crosshair of radius ``size`` at (x, y) with its number below it."""
    r = size
    ink = Style(stroke=REGISTRATION, width=0.35, cap="round")
    arms = [Line(x - 1.6 * r, y, x + 1.6 * r, y), Line(x, y - 1.6 * r, x, y + 1.6 * r)]
    items: list[Item] = [Circle(x, y, r, HALO), *[Line(a.x1, a.y1, a.x2, a.y2, HALO) for a in arms],
                         Circle(x, y, r, ink), *[Line(a.x1, a.y1, a.x2, a.y2, ink) for a in arms]]
    label = f"#{number}"
    size_pt = 7
    items.append(Text(x + r * 0.55, y - r * 0.55, label, size_pt, Style(fill=REGISTRATION), font="bold"))
    return Group(tuple(items), id=f"reg-{number}")


def _crosshair_size(overlap: float) -> float:
    return min(overlap * 0.28, mm(4))


# --- pages ------------------------------------------------------------------------------------

def _drawing_group(drawing: Item | tuple[Item, ...]) -> Group:
    if isinstance(drawing, Group):
        return drawing
    if isinstance(drawing, tuple):
        return Group(drawing)
    return Group((drawing,))


def tile_page(plan: TilePlan, drawing: Group, row: int, col: int, *, marks: tuple[Item, ...] = (),
              lang: str = "en", memo: dict | None = None) -> list[Item]:
    """The items of tile (row, col) except the furniture: window content, marks, labels."""
    t = _t(lang)
    src = plan.source(row, col)
    win = plan.window
    view = (src.x, src.y, src.x + src.w, src.y + src.h)
    content = _cull(drawing.items, view, drawing.transform, memo)
    inner = Group(content, drawing.transform) if drawing.transform != IDENTITY else Group(content)
    local_marks = _cull(marks, view)
    window = Group((inner, *local_marks), translate(win.x - src.x, win.y - src.y),
                   clip=src, id=f"tile-{row}-{col}")
    items: list[Item] = [window, Rect(win.x, win.y, win.w, win.h, WINDOW_LINE)]
    # overlap boundaries: short ticks outside the window where a neighbour's edge will lie
    tick = Style(stroke=GREY, width=0.4)
    if col < plan.cols:
        x = win.x + win.w - plan.overlap
        items += [Line(x, win.y - TICK, x, win.y, tick), Line(x, win.y + win.h, x, win.y + win.h + TICK, tick)]
    if col > 1:
        x = win.x + plan.overlap
        items += [Line(x, win.y - TICK, x, win.y, tick), Line(x, win.y + win.h, x, win.y + win.h + TICK, tick)]
    if row < plan.rows:
        y = win.y + win.h - plan.overlap
        items += [Line(win.x - TICK, y, win.x, y, tick), Line(win.x + win.w, y, win.x + win.w + TICK, y, tick)]
    if row > 1:
        y = win.y + plan.overlap
        items += [Line(win.x - TICK, y, win.x, y, tick), Line(win.x + win.w, y, win.x + win.w + TICK, y, tick)]
    base = win.y - mm(1.6)
    items.append(Text(win.x, base, t["tile"].format(r=row, c=col, R=plan.rows, C=plan.cols), 9,
                      Style(fill="#000000"), font="bold"))
    hints = []
    if row > 1:
        hints.append(t["above"].format(r=row - 1, c=col))
    if col > 1:
        hints.append(t["left"].format(r=row, c=col - 1))
    if hints:
        items.append(Text(win.x + win.w, base, " · ".join(hints), 7, Style(fill=GREY), anchor="end"))
    return items


def registration_marks(plan: TilePlan, keep_clear: "Callable[[float, float, float], bool] | None" = None
                       ) -> tuple[Item, ...]:
    """The numbered crosshairs; ``keep_clear(x, y, r)`` says whether a mark of reach ``r``
    around (x, y) stays off what the drawing must keep visible."""
    size = _crosshair_size(plan.overlap)
    reach = crosshair_reach(size)
    free = None if keep_clear is None else (lambda x, y: keep_clear(x, y, reach))
    return tuple(crosshair(x, y, n, size) for x, y, n in plan.registration_points(free))


def crosshair_reach(size: float) -> float:
    """How far a crosshair of ``size`` (its arms and its number) reaches from its centre."""
    return 1.6 * size + mm(1.5)


def _fit(width: float, height: float, box: Rect) -> tuple[float, float, float]:
    """Scale and offset placing a width x height drawing centred in ``box``."""
    s = min(box.w / width, box.h / height)
    return s, box.x + (box.w - width * s) / 2, box.y + (box.h - height * s) / 2


CELL_FILLS = ("#1f77b4", "#ff7f0e")


def assembly_items(plan: TilePlan, drawing: Group, sheet: Paper, *, lang: str = "en",
                   title: str = "", overview: bool = False) -> list[Item]:
    """The assembly-map page (without furniture): heading, size line, steps, miniature + grid.

    ``overview``: the page is also the drawing's overview — the drawing itself fitted to the
    page (group ``overview``, as :func:`overview_page` draws it) with every page outlined on it
    and numbered in a corner, so no separate overview page is needed."""
    t = _t(lang)
    area = Rect(MARGIN, MARGIN, sheet.width - 2 * MARGIN, sheet.height - 2 * MARGIN - FURNITURE_HEIGHT)
    items: list[Item] = []
    y = area.y + mm(6)
    items.append(Text(area.x, y, f"{t['assembly']}" + (f" — {title}" if title else ""), 14,
                      Style(fill="#000000"), font="bold"))
    y += mm(6)
    orient = t["landscape"] if plan.sheet.landscape else t["portrait"]
    items.append(Text(area.x, y, t["size"].format(
        w=_num(to_mm(plan.width)), h=_num(to_mm(plan.height)), n=plan.pages, R=plan.rows, C=plan.cols,
        paper=plan.sheet.name.upper() if plan.sheet.name == "a4" else plan.sheet.name.capitalize(),
        orient=orient, o=_num(to_mm(plan.overlap))), 9, Style(fill="#222222")))
    y += mm(2)
    for step in t["steps"]:
        for line in wrap_text(step.format(o=_num(to_mm(plan.overlap))), area.w, 8):
            y += mm(3.6)
            items.append(Text(area.x, y, line, 8, Style(fill="#222222")))
    y += mm(4)
    box = Rect(area.x, y, area.w, area.y + area.h - y)
    if overview:
        return items + _overview_grid(plan, drawing, box, lang)
    # the miniature covers the whole grid (which may be larger than the drawing when centred)
    gx0, gy0 = plan.offset_x, plan.offset_y
    gw = plan.cols * plan.step_x + plan.overlap if plan.cols > 1 else plan.window.w
    gh = plan.rows * plan.step_y + plan.overlap if plan.rows > 1 else plan.window.h
    s, ox, oy = _fit(gw, gh, box)
    to_page = compose(translate(ox, oy), scale(s), translate(-gx0, -gy0))
    mini = Group((Group(drawing.items, drawing.transform),), to_page,
                 clip=Rect(gx0, gy0, gw, gh), id="assembly-miniature")
    items.append(mini)
    for r, c in plan.tiles():
        src = plan.source(r, c)
        x0, y0 = apply(to_page, src.x, src.y)
        w, h = src.w * s, src.h * s
        colour = CELL_FILLS[(r + c) % 2]
        items.append(Rect(x0, y0, w, h, Style(fill=colour, opacity=0.10)))
        items.append(Rect(x0, y0, w, h, Style(stroke=colour, width=1.2)))
    # labels on top, centred in the part of each cell no neighbour covers
    page_no = 2
    for r, c in plan.tiles():
        src = plan.source(r, c)
        x0, y0 = apply(to_page, src.x, src.y)
        w, h = src.w * s, src.h * s
        cx, cy = x0 + w / 2, y0 + h / 2
        big = min(28.0, h * 0.28, w * 0.25)
        small = min(9.0, max(5.0, w * 0.07))
        label_p = t["page"].format(n=page_no)
        label_rc = t["cell"].format(r=r, c=c)
        plate_w = max(text_width(label_p, big, "bold"), text_width(label_rc, small, "bold")) + mm(3)
        plate_h = big + small + mm(2.5)
        items.append(Rect(cx - plate_w / 2, cy - plate_h / 2, plate_w, plate_h,
                          Style(fill="#ffffff", stroke=CELL_FILLS[(r + c) % 2], width=0.8, opacity=0.92), r=mm(1.5)))
        items.append(Text(cx, cy - plate_h / 2 + big * 0.95, label_p, big, Style(fill="#000000"),
                          font="bold", anchor="middle"))
        items.append(Text(cx, cy + plate_h / 2 - mm(1.5), label_rc, small, Style(fill="#222222"),
                          font="bold", anchor="middle"))
        page_no += 1
    return items


def _overview_grid(plan: TilePlan, drawing: Group, box: Rect, lang: str) -> list[Item]:
    """The drawing fitted into ``box`` with its scale noted above, every page's window outlined
    on it (cut to the drawing) and the page's number in the window's top-left corner."""
    t = _t(lang)
    note = t["overview"].format(s=_num(1 / min(box.w / plan.width, (box.h - mm(5)) / plan.height))
                                .replace(".", "," if lang == "pl" else "."))
    items: list[Item] = [Text(box.x, box.y + mm(1), note, 8, Style(fill=GREY))]
    s, ox, oy = _fit(plan.width, plan.height, Rect(box.x, box.y + mm(5), box.w, box.h - mm(5)))
    to_page = compose(translate(ox, oy), scale(s))
    items.append(Group((Group(drawing.items, drawing.transform),), to_page,
                       clip=Rect(0, 0, plan.width, plan.height), id="overview"))
    for n, (r, c) in enumerate(plan.tiles(), 2):
        src = plan.source(r, c)
        x0, y0 = max(src.x, 0.0), max(src.y, 0.0)
        x1, y1 = min(src.x + src.w, plan.width), min(src.y + src.h, plan.height)
        (px0, py0), (px1, py1) = apply(to_page, x0, y0), apply(to_page, x1, y1)
        colour = CELL_FILLS[(r + c) % 2]
        items.append(Rect(px0, py0, px1 - px0, py1 - py0, Style(stroke=colour, width=1.0)))
        # the number in the part of the window no earlier neighbour covers
        tx = px0 + (plan.overlap * s if c > 1 else 0) + mm(1)
        ty = py0 + (plan.overlap * s if r > 1 else 0) + mm(1)
        label = t["page"].format(n=n)
        w = text_width(label, 9, "bold") + mm(2)
        items.append(Rect(tx, ty, w, mm(4.6), Style(fill="#ffffff", stroke=colour, width=0.8, opacity=0.9), r=mm(1)))
        items.append(Text(tx + w / 2, ty + mm(3.4), label, 9, Style(fill="#000000"), font="bold", anchor="middle"))
    return items


def tile_document(drawing: Item | tuple[Item, ...], width: float, height: float, *,
                  paper: str | Paper = "a4", orientation: str = "auto", overlap: float = MIN_OVERLAP,
                  title: str = "", detail: str = "", lang: str = "en", assembly: bool = True,
                  doc_title: str = "", extra_pages: int = 0,
                  keep_clear: "Callable[[float, float, float], bool] | None" = None,
                  overview: bool = False) -> Document:
    """Tile ``drawing`` (W x H points, origin top-left) over pages at real size.

    Page 1 is the assembly map (unless ``assembly=False``; with ``overview`` it is also the
    whole drawing's overview: one sheet fewer than a separate overview page), then tiles row by row.
    ``extra_pages``: pages the caller will append (counted in every "page i/n").
    ``keep_clear``: see :func:`registration_marks`."""
    plan = plan_tiles(width, height, paper=paper, orientation=orientation, overlap=overlap)
    group = _drawing_group(drawing)
    marks = registration_marks(plan, keep_clear)
    total = plan.pages + (1 if assembly else 0) + extra_pages
    pages: list[Page] = []
    sheet = plan.sheet
    n = 1
    if assembly:
        # the assembly map uses whichever orientation shows the grid larger
        a_sheet = _best_sheet(plan.cols * plan.step_x + plan.overlap,
                              plan.rows * plan.step_y + plan.overlap, sheet)
        if overview:   # the page the drawing fills most
            a_sheet = _best_sheet(width, height, sheet)
        items = assembly_items(plan, group, a_sheet, lang=lang, title=title, overview=overview)
        items.append(furniture(a_sheet, title=title, detail=detail, page=n, pages=total, lang=lang))
        pages.append(Page(a_sheet.width, a_sheet.height, tuple(items), label="assembly"))
        n += 1
    memo: dict = {}   # group bounding boxes, the same for every page
    for r, c in plan.tiles():
        items = tile_page(plan, group, r, c, marks=marks, lang=lang, memo=memo)
        items.append(furniture(sheet, title=title, detail=detail, page=n, pages=total, lang=lang))
        pages.append(Page(sheet.width, sheet.height, tuple(items), label=f"row-{r}-col-{c}"))
        n += 1
    return Document(tuple(pages), title=doc_title or title)


def _best_sheet(width: float, height: float, sheet: Paper) -> Paper:
    """``sheet`` turned to the orientation matching the drawing's shape."""
    portrait = Paper(sheet.name, min(sheet.width, sheet.height), max(sheet.width, sheet.height))
    landscape = Paper(sheet.name, portrait.height, portrait.width)
    return landscape if width > height else portrait


def overview_page(drawing: Item | tuple[Item, ...], width: float, height: float, *,
                  paper: str | Paper = "a4", orientation: str = "auto", title: str = "",
                  detail: str = "", lang: str = "en", page: int = 1, pages: int = 1) -> Page:
    """The whole drawing scaled to fit one page, with a scale note."""
    group = _drawing_group(drawing)
    if isinstance(paper, Paper):
        sheet = paper
    elif orientation == "auto":
        sheet = _best_sheet(width, height, get_paper(paper))
    else:
        sheet = get_paper(paper, orientation)
    area = Rect(MARGIN, MARGIN + LABEL_HEIGHT, sheet.width - 2 * MARGIN,
                sheet.height - 2 * MARGIN - FURNITURE_HEIGHT - LABEL_HEIGHT)
    s, ox, oy = _fit(width, height, area)
    note = _t(lang)["overview"].format(s=_num(1 / s).replace(".", "," if lang == "pl" else "."))
    items: list[Item] = [
        Text(area.x, area.y - mm(1.6), note, 8, Style(fill=GREY)),
        Group((group,), compose(translate(ox, oy), scale(s)), clip=Rect(0, 0, width, height), id="overview"),
        furniture(sheet, title=title, detail=detail, page=page, pages=pages, lang=lang),
    ]
    return Page(sheet.width, sheet.height, tuple(items), label="overview")


def whole_drawing(doc: Document) -> Page | None:
    """The full-size drawing of a tiled document (from its overview page), as one page of the
    drawing's own size; None if the document has no overview. For image exports of a board."""
    for page in doc.pages:
        for item in page.items:
            if isinstance(item, Group) and item.id == "overview" and item.clip is not None:
                return Page(item.clip.w, item.clip.h, item.items, label="whole")
    return None


def shop_document(doc: Document) -> Document:
    """``doc`` as a print shop gets it (``render --shop``): a page that is one component keeps its
    TrimBox; a tiled board becomes one page of the board's own size, trimmed at the board's edge
    (the art stops there: no bleed); every other page (a sheet of small pieces, a score pad, a
    roll-and-write sheet, a dice net, a guide) is trimmed at the paper's edge, so the PDF writer
    gives every page a TrimBox and a BleedBox."""
    from dataclasses import replace

    if all(page.trim is not None for page in doc.pages):
        return doc
    whole = whole_drawing(doc)
    if whole is not None:
        return replace(doc, pages=(replace(whole, trim=(0.0, 0.0, whole.width, whole.height)),))
    return replace(doc, pages=tuple(page if page.trim is not None else replace(page, trim=(0.0, 0.0, page.width, page.height))
                                    for page in doc.pages))


def overview_document(drawing: Item | tuple[Item, ...], width: float, height: float, *,
                      paper: str | Paper = "a4", orientation: str = "auto", title: str = "",
                      detail: str = "", lang: str = "en", doc_title: str = "") -> Document:
    page = overview_page(drawing, width, height, paper=paper, orientation=orientation, title=title,
                         detail=detail, lang=lang)
    return Document((page,), title=doc_title or title)
