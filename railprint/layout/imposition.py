"""Imposition: place component faces on printer sheets.

Modes
- ``duplex``: front pages with crop marks; after each, a back page whose slot i lies exactly
  behind front slot i when the sheet is turned over its long edge (``flip="long"``) or its
  short edge (``flip="short"``, backs also turned 180°). ``back_offset`` shifts back pages to
  correct a printer's measured misregistration; it is given in the paper's feed frame and turned
  into each page's axes (:func:`railprint.layout.calibration.page_shift`, ``railprint calibrate``).
- ``simplex``: fronts only (components without backs, whatever mode was asked for).
- ``gutterfold``: fronts above a horizontal fold line, their backs below it, upside down, so
  folding the sheet puts each back behind its front; crop marks only on the front half. A piece
  too big for half a sheet (Allers' scoring boards) is printed duplex instead, and the document's
  ``meta`` says so (``unfolded``) for the print guide.
- ``1up``: one face per page, the page being the bleed box (print shops); front then back.

The grid is centred on the sheet (the furniture strip's height is kept free at the top as well
as at the bottom), so its mirror image under either flip is the grid itself and the gutterfold
fold line is the sheet's centre line: a deck with one common back survives either flip.

Every sheet page carries the furniture strip (scale bar, title, revision, page i/n). Crop marks
(0.3 pt, 4.5 mm long, starting 0.5 mm outside the bleed, as content/sheets/sheets.yaml sets
them) are never drawn on backs.

Rounded corners (a deck's ``corner_radius``): crop marks stay on the straight trim lines. Cut
lines follow each component's own outline where it has one — with gutters every component's
trim is drawn as a rounded rectangle; butt-cut neighbours share straight cut lines (a shared
line cannot be rounded), so each corner gets a quarter-circle guide for a corner punch; a 1-up
page's cut line is its rounded trim (and the page remembers the radius for image exports).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import accumulate
from typing import Any, NamedTuple

from railprint.errors import RailprintError
from railprint.layout.calibration import page_shift
from railprint.layout.packing import butt_pack
from railprint.layout.paper import (FURNITURE_HEIGHT, MARGIN, POCKET_MIN, Paper, furniture, furniture_box,
                                    paper as make_paper, usable_area)
from railprint.model.sheets import sheet_settings
from railprint.scene import Document, Group, Item, Line, Page, Path, Rect, Style, compose, rotate, translate
from railprint.units import mm

MODES = ("duplex", "simplex", "gutterfold", "1up")
LAYOUTS = ("auto", "gutter", "butt")
FLIPS = ("long", "short")
ORIENTATIONS = ("auto", "portrait", "landscape")
# From the sheet templates (content/sheets/sheets.yaml).
_SETTINGS = sheet_settings().imposition
MARK_WIDTH = _SETTINGS.crop_marks.width
MARK_LENGTH = _SETTINGS.crop_marks.length
MARK_OFFSET = _SETTINGS.crop_marks.offset   # gap between the bleed edge and the start of a mark
MARK_ZONE = MARK_OFFSET + MARK_LENGTH
FOLD_CLEARANCE = _SETTINGS.fold_clearance   # fold line to the nearest bleed edge
DEFAULT_GAP = _SETTINGS.gap
CUT_STYLE = Style(stroke=_SETTINGS.cut_lines.colour, width=_SETTINGS.cut_lines.width)
BUTT_MIN_BLEED = _SETTINGS.butt_min_bleed


@dataclass(frozen=True)
class Face:
    """One component: front and optional back, each drawn with the trim box at (0, 0)."""

    front: Group
    back: Group | None = None
    name: str = ""


class Slot(NamedTuple):
    """Where one face of a component lies on a page (a named tuple: ~2,000 are made a render)."""

    page: int        # 0-based page index in the document
    index: int       # component index
    side: str        # front | back
    x: float         # trim box top-left on the page, points
    y: float
    w: float
    h: float
    turned: bool = False  # drawn rotated 180°
    rotation: int = 0     # degrees clockwise the face is drawn turned (0, 90, 180, 270); w, h stay the trim's


@dataclass(frozen=True)
class Imposed:
    """A deck imposed on sheets: the document, where each face went, and the sheet."""

    document: Document
    slots: tuple[Slot, ...]
    per_page: int
    sheet: Paper
    layout: str = "gutter"   # gutter | butt
    bleed: float = 0.0       # the bleed printed outside the block (butt: may be less than the deck's)


@dataclass(frozen=True)
class _Grid:
    """A regular grid of trim boxes on a sheet."""

    cols: int
    rows: int
    x0: float  # top-left of the first trim box
    y0: float
    pitch_x: float
    pitch_y: float

    @property
    def count(self) -> int:
        return self.cols * self.rows

    def trim(self, i: int) -> tuple[float, float]:
        return (self.x0 + (i % self.cols) * self.pitch_x, self.y0 + (i // self.cols) * self.pitch_y)


def _grid(area: Rect, w: float, h: float, bleed: float, gap: float) -> _Grid:
    """The largest grid of bleed boxes (with room for crop marks) centred in ``area``."""
    bw, bh = w + 2 * bleed, h + 2 * bleed
    avail_w = area.w - 2 * MARK_ZONE
    avail_h = area.h - 2 * MARK_ZONE
    cols = int((avail_w + gap) // (bw + gap)) if avail_w >= bw else 0
    rows = int((avail_h + gap) // (bh + gap)) if avail_h >= bh else 0
    grid_w = cols * bw + max(0, cols - 1) * gap
    grid_h = rows * bh + max(0, rows - 1) * gap
    x0 = area.x + (area.w - grid_w) / 2 + bleed
    y0 = area.y + (area.h - grid_h) / 2 + bleed
    return _Grid(cols, rows, x0, y0, bw + gap, bh + gap)


def _crop_marks(grid: _Grid, used: int, w: float, h: float, bleed: float) -> list[Item]:
    """Marks at the grid's outer edges for every trim line of the used slots."""
    style = Style(stroke="#000000", width=MARK_WIDTH)
    cols_used = min(grid.cols, used)
    rows_used = (used + grid.cols - 1) // grid.cols
    top = grid.y0 - bleed - MARK_OFFSET
    bottom = grid.y0 + (rows_used - 1) * grid.pitch_y + h + bleed + MARK_OFFSET
    left = grid.x0 - bleed - MARK_OFFSET
    right = grid.x0 + (cols_used - 1) * grid.pitch_x + w + bleed + MARK_OFFSET
    items: list[Item] = []
    for c in range(cols_used):
        for x in (grid.x0 + c * grid.pitch_x, grid.x0 + c * grid.pitch_x + w):
            items.append(Line(x, top - MARK_LENGTH, x, top, style))
            items.append(Line(x, bottom, x, bottom + MARK_LENGTH, style))
    for r in range(rows_used):
        for y in (grid.y0 + r * grid.pitch_y, grid.y0 + r * grid.pitch_y + h):
            items.append(Line(left - MARK_LENGTH, y, left, y, style))
            items.append(Line(right, y, right + MARK_LENGTH, y, style))
    return items


def _placed(face: Group, x: float, y: float, w: float, h: float, turned: bool) -> Group:
    transform = translate(x, y)
    if turned:
        transform = compose(transform, rotate(180, w / 2, h / 2))
    return Group((face,), transform=transform)


def _centred_area(sheet: Paper) -> Rect:
    """The usable area with the furniture strip's height kept free at the top too: centred on
    the sheet, so a grid centred in it is centred on the sheet."""
    area = usable_area(sheet)
    top = sheet.height - (area.y + area.h)
    return Rect(area.x, top, area.w, sheet.height - 2 * top)


def _choose_sheet(paper_name: str, orientation: str, w: float, h: float, bleed: float, gap: float,
                  halves: bool) -> tuple[Paper, _Grid]:
    options = ("portrait", "landscape") if orientation == "auto" else (orientation,)
    best = None
    for option in options:
        sheet = make_paper(paper_name, option)
        area = _centred_area(sheet)
        if halves:
            half = Rect(area.x, area.y, area.w, area.h / 2 - FOLD_CLEARANCE)
            grid = _grid(half, w, h, bleed, gap)
        else:
            grid = _grid(area, w, h, bleed, gap)
        if best is None or grid.count > best[1].count:
            best = (sheet, grid)
    sheet, grid = best
    if grid.count == 0:
        raise RailprintError(
            f"a {w / mm(1):.1f} × {h / mm(1):.1f} mm component with {bleed / mm(1):.1f} mm bleed "
            f"does not fit on {paper_name} paper" + (" in gutterfold mode" if halves else ""),
            hint="use --mode 1up, a larger paper, or a smaller bleed")
    return sheet, grid


def fits_sheet(paper_name: str, orientation: str, w: float, h: float, bleed: float) -> bool:
    """Does one ``w`` × ``h`` piece with ``bleed`` fit a sheet of ``paper_name`` (gutter layout)?"""
    try:
        _choose_sheet(paper_name, orientation, w, h, bleed, DEFAULT_GAP, False)
    except RailprintError:
        return False
    return True


def _fits_half(paper_name: str, orientation: str, w: float, h: float, bleed: float, gap: float) -> bool:
    """Does one piece fit half a sheet (gutterfold)?"""
    try:
        _choose_sheet(paper_name, orientation, w, h, bleed, gap, True)
    except RailprintError:
        return False
    return True


def impose(faces: list[Face], *, width: float, height: float, bleed: float, paper: str = "a4",
           mode: str = "duplex", flip: str = "long", back_offset: tuple[float, float] = (0.0, 0.0),
           orientation: str = "auto", gap: float | None = None, title: str = "", detail: str = "",
           lang: str = "en", layout: str = "gutter", cut_lines: bool = False,
           corner_radius: float = 0.0) -> Imposed:
    """Lay ``faces`` (all ``width`` × ``height`` trim, ``bleed`` around) out on pages.

    ``layout="butt"`` (duplex and simplex only): neighbours share their cut lines, see
    :func:`plan_butt`; the faces must have been drawn with the plan's bleed. ``cut_lines``:
    thin lines along every trim edge of the fronts, for cutting with scissors (rounded by
    ``corner_radius``: :func:`_cut_items`)."""
    if mode not in MODES:
        raise RailprintError(f"unknown mode {mode!r}", hint="expected one of: " + ", ".join(MODES))
    if flip not in FLIPS:
        raise RailprintError(f"unknown flip {flip!r}", hint="expected long or short")
    if orientation not in ORIENTATIONS:
        raise RailprintError(f"unknown orientation {orientation!r}", hint="expected auto, portrait or landscape")
    if not faces:
        raise RailprintError("nothing to lay out: no components")
    gap = DEFAULT_GAP if gap is None else gap
    has_backs = any(face.back is not None for face in faces)
    if mode in ("duplex", "gutterfold") and not has_backs:
        mode = "simplex"  # nothing to put behind the fronts: print them single-sided
    if mode == "1up":
        return _one_up(faces, width, height, bleed, title, cut_lines, corner_radius)
    if layout not in LAYOUTS:
        raise RailprintError(f"unknown layout {layout!r}", hint="expected one of: " + ", ".join(LAYOUTS))
    if layout == "butt" and mode in ("duplex", "simplex"):
        plan = plan_butt(paper, orientation, width, height, bleed)
        if plan is None:
            raise RailprintError(f"a {width / mm(1):.1f} × {height / mm(1):.1f} mm component does not fit on "
                                 f"{paper} paper", hint="use --mode 1up or a larger paper")
        cells = [[_Cell(base + i, face, x, y, width, height, 90 if turned else 0, plan.bleed, corner_radius)
                  for i, (face, (x, y, turned)) in enumerate(zip(faces[base:base + len(plan.cells)], plan.cells))]
                 for base in range(0, len(faces), len(plan.cells))]
        document, slots = sheet_pages(cells, plan.sheet, mode=mode, flip=flip, back_offset=back_offset,
                                      title=title, detail=detail, lang=lang, cut_lines=cut_lines,
                                      box=plan.box, shared_edges=True)
        document = replace(document, meta=(("layout", "butt"),))
        return Imposed(document, slots, len(plan.cells), plan.sheet, "butt", plan.bleed)

    folded = mode == "gutterfold"
    if folded and not _fits_half(paper, orientation, width, height, bleed, gap):
        mode = "duplex"   # too big for half a sheet: printed two-sided, and the print guide says so
    sheet, grid = _choose_sheet(paper, orientation, width, height, bleed, gap, mode == "gutterfold")
    per_page = grid.count
    chunks = [faces[i:i + per_page] for i in range(0, len(faces), per_page)]
    sheets_per_chunk = 2 if mode == "duplex" else 1
    total_pages = len(chunks) * sheets_per_chunk
    pages: list[Page] = []
    slots: list[Slot] = []
    W, H = sheet.width, sheet.height
    dx, dy = page_shift(sheet, back_offset)
    side_label = {"en": "backs", "pl": "rewersy"}.get(lang, "backs")

    for number, chunk in enumerate(chunks):
        base = number * per_page
        front_items: list[Item] = []
        back_items: list[Item] = []
        for i, face in enumerate(chunk):
            x, y = grid.trim(i)
            front_items.append(_placed(face.front, x, y, width, height, False))
            slots.append(Slot(len(pages), base + i, "front", x, y, width, height))
            if face.back is None or mode == "simplex":
                continue
            if mode == "gutterfold":
                fold = H / 2
                bx, by, turned = x, 2 * fold - y - height, True
                page_index = len(pages)
            elif (flip == "long") != sheet.landscape:   # turned over a vertical edge
                bx, by, turned = W - x - width + dx, y + dy, False
                page_index = len(pages) + 1
            else:                                        # turned over a horizontal edge
                bx, by, turned = x + dx, H - y - height + dy, True
                page_index = len(pages) + 1
            target = front_items if mode == "gutterfold" else back_items
            target.append(_placed(face.back, bx, by, width, height, turned))
            slots.append(Slot(page_index, base + i, "back", bx, by, width, height, turned))
        marks = _crop_marks(grid, len(chunk), width, height, bleed)
        if cut_lines:
            marks += _cut_items([(*grid.trim(i), width, height, bleed) for i in range(len(chunk))],
                                corner_radius, shared=False)
        if mode == "gutterfold":
            area = usable_area(sheet)
            fold = H / 2
            front_items.append(Line(area.x, fold, area.x + area.w, fold,
                                    Style(stroke="#777777", width=0.4, dash=(3, 2))))
        page_no = len(pages) + 1
        front_items += marks
        front_items.append(furniture(sheet, title=title, detail=detail, page=page_no,
                                     pages=total_pages, lang=lang))
        pages.append(Page(W, H, tuple(front_items), f"{title} {page_no}"))
        if mode == "duplex":
            page_no += 1
            back_items.append(furniture(sheet, title=f"{title} — {side_label}", detail=detail,
                                        page=page_no, pages=total_pages, lang=lang))
            pages.append(Page(W, H, tuple(back_items), f"{title} {page_no} {side_label}"))
    meta = (("layout", "gutter"),) + ((("unfolded", "duplex"),) if folded and mode == "duplex" else ())
    return Imposed(Document(tuple(pages), title=title, subject=detail, meta=meta), tuple(slots),
                   per_page, sheet, "gutter", bleed)


def _one_up(faces: list[Face], width: float, height: float, bleed: float, title: str,
            cut_lines: bool = False, corner_radius: float = 0.0) -> Imposed:
    bw, bh = width + 2 * bleed, height + 2 * bleed
    outline = (Group(tuple(_cut_items([(bleed, bleed, width, height, bleed)], corner_radius, shared=False)),
                     id="cut-line"),) if cut_lines else ()
    radius = min(corner_radius, width / 2, height / 2)
    pages: list[Page] = []
    slots: list[Slot] = []
    for i, face in enumerate(faces):
        for side, group in (("front", face.front), ("back", face.back)):
            if group is None:
                continue
            slots.append(Slot(len(pages), i, side, bleed, bleed, width, height))
            pages.append(Page(bw, bh, (_placed(group, bleed, bleed, width, height, False),) + outline,
                              f"{i + 1:03d}-{side}", trim=(bleed, bleed, width, height), name=face.name,
                              corner_radius=radius))
    return Imposed(Document(tuple(pages), title=title), tuple(slots), 1, Paper("1up", bw, bh))


# ---- butt-cut and cell layouts ---------------------------------------------------------------

@dataclass(frozen=True)
class ButtPlan:
    """Where the components of one butt-cut sheet go: ``cells`` are the page boxes' top-left
    corners (a turned component's box is ``h`` × ``w``), ``bleed`` the bleed printed outside the
    block, ``box`` where the page furniture goes on the fronts."""

    sheet: Paper
    bleed: float
    cells: tuple[tuple[float, float, bool], ...]
    box: Rect


def _inset(r: Rect, d: float) -> Rect:
    return Rect(r.x + d, r.y + d, r.w - 2 * d, r.h - 2 * d)


@lru_cache(maxsize=64)
def plan_butt(paper_name: str, orientation: str, w: float, h: float, bleed: float) -> ButtPlan | None:
    """The butt-cut sheet holding the most ``w`` × ``h`` components, the trim boxes inside the
    margins: components side by side with no gutter, some turned a quarter where that fits one
    more (a guillotine layout: every cut runs across what is being cut). The bleed outside the
    block is the component's own, or less (down to ``butt_min_bleed`` of the sheet templates)
    where that fits more components; the furniture goes below the block, beside it (turned), or
    into a free corner. None when nothing fits."""
    best, best_key = None, None
    options = ("portrait", "landscape") if orientation == "auto" else (orientation,)
    for option in options:
        sheet = make_paper(paper_name, option)
        full = Rect(MARGIN, MARGIN, sheet.width - 2 * MARGIN, sheet.height - 2 * MARGIN)
        side = Rect(full.x + full.w - FURNITURE_HEIGHT, full.y, FURNITURE_HEIGHT, full.h)
        candidates = (
            (Rect(full.x, full.y, full.w, full.h - FURNITURE_HEIGHT), furniture_box(sheet)),
            (Rect(full.x, full.y, full.w - FURNITURE_HEIGHT, full.h), side),
            (full, None),
        )
        for rank, (region, box) in enumerate(candidates):
            for eb in dict.fromkeys((bleed, min(bleed, BUTT_MIN_BLEED))):
                inner = _inset(region, eb)
                if inner.w <= 0 or inner.h <= 0:
                    continue
                packing = butt_pack(inner.w, inner.h, w, h)
                if not packing.count:
                    continue
                ew, eh = packing.extent
                grown = min(bleed, (region.w - ew) / 2, (region.h - eh) / 2)
                x0, y0 = region.x + (region.w - ew) / 2, region.y + (region.h - eh) / 2
                place = box
                if place is None:   # a free corner inside the block's rectangle
                    for fx, fy, fw, fh in sorted(packing.free, key=lambda f: -f[2] * f[3]):
                        pocket = _inset(Rect(x0 + fx, y0 + fy, fw, fh), grown)
                        if pocket.w >= POCKET_MIN[0] and pocket.h >= POCKET_MIN[1]:
                            place = pocket
                            break
                    if place is None:
                        continue
                turned = sum(b.count for b in packing.blocks if b.turned)
                key = (packing.count, round(grown, 3), -rank, -turned)
                if best_key is None or key > best_key:
                    cells = tuple((x0 + cx, y0 + cy, b.turned) for b in packing.blocks for cx, cy in b.cells())
                    best, best_key = ButtPlan(sheet, grown, cells, place), key
    return best


def choose_layout(layout: str, count: int, *, width: float, height: float, bleed: float, paper: str,
                  mode: str, orientation: str = "auto", gap: float | None = None) -> str:
    """``gutter`` or ``butt`` for ``count`` components: ``auto`` takes the butt-cut layout when
    it needs fewer sheets. Gutterfold and 1-up pages are always laid out with gutters."""
    if layout not in LAYOUTS:
        raise RailprintError(f"unknown layout {layout!r}", hint="expected one of: " + ", ".join(LAYOUTS))
    if mode not in ("duplex", "simplex") or layout == "gutter":
        return "gutter"
    plan = plan_butt(paper, orientation, width, height, bleed)
    if layout == "butt":
        return "butt" if plan is not None else "gutter"
    if plan is None:
        return "gutter"
    try:
        per_page = _choose_sheet(paper, orientation, width, height, bleed,
                                 DEFAULT_GAP if gap is None else gap, False)[1].count
    except RailprintError:
        return "butt"
    return "butt" if -(-count // len(plan.cells)) < -(-count // per_page) else "gutter"


class _Cell(NamedTuple):
    """One component on a front page: its page box's top-left corner, the face's trim size and
    the quarter turns it is drawn with; ``bleed``: what it may print outside its trim. (A named
    tuple: ~1,400 are made a render, a frozen dataclass took 4x as long.)"""

    index: int
    face: Face
    x: float
    y: float
    w: float
    h: float
    rotation: int
    bleed: float
    radius: float = 0.0   # rounded corners (the deck's corner_radius)

    @property
    def box(self) -> tuple[float, float]:
        """Width and height on the page."""
        return (self.h, self.w) if self.rotation % 180 else (self.w, self.h)


_FREE, _PARTIAL, _SHARED = 0, 1, 2


class _Spans:
    """Items with a span (start, end) along one axis, sorted by start, with the furthest end so
    far (which only grows): the items that may meet a range lie between two bisections, not
    found by a look at every item (a sheet of train pieces has rows of 30)."""

    def __init__(self, items: Iterable, span: Callable[[Any], tuple[float, float]]):
        ordered = sorted(((span(item), item) for item in items), key=lambda pair: pair[0][0])
        self.items = [item for _, item in ordered]
        self.starts = [start for (start, _), _ in ordered]
        self.reach = list(accumulate((end for (_, end), _ in ordered), max))

    def meeting(self, lo: float, hi: float, *, touching: bool) -> list:
        """Every item whose span meets ``lo``…``hi`` (``touching``: an end on the range counts;
        else only a stretch inside it), and maybe a few that do not: the caller checks each —
        those starting by ``hi`` after the last whose furthest end so far falls short of ``lo``."""
        if touching:
            return self.items[bisect_left(self.reach, lo):bisect_right(self.starts, hi)]
        return self.items[bisect_right(self.reach, lo):bisect_left(self.starts, hi)]


def _sides(cells: list[_Cell], shared_edges: bool) -> list[tuple[int, int, int, int]]:
    """For every cell, its page sides top, right, bottom, left: shared with neighbours along
    their whole length, partly, or free."""
    if not shared_edges:
        return [(_FREE,) * 4 for _ in cells]
    eps = 1e-3
    boxes = [(c.x, c.y, c.x + c.box[0], c.y + c.box[1]) for c in cells]
    # the boxes by each edge's coordinate, in eps-wide buckets: a neighbour whose edge lies
    # within eps of this box's is in the same bucket or within two either side (float division)
    by_edge: list[dict[int, list[int]]] = [{}, {}, {}, {}]   # bottom, left, top, right edges
    for j, box in enumerate(boxes):
        for table, value in zip(by_edge, (box[3], box[0], box[1], box[2])):
            table.setdefault(int(value // eps), []).append(j)
    # (side, bucket) -> the boxes found there, by their span along the side: a box's neighbours
    # are then the few whose span can reach its own, not every box of the row
    near: list[dict[int, _Spans]] = [{}, {}, {}, {}]
    out = []
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        result = []
        for side in range(4):
            spans = []
            edge = (y0, x1, y1, x0)[side]
            lo, hi = (x0, x1) if side in (0, 2) else (y0, y1)
            key = int(edge // eps)
            found = near[side].get(key)
            if found is None:   # the cells of a row or column share their edges' buckets
                table = by_edge[side]   # top meets bottoms, right meets lefts, bottom tops, left rights
                along = (0, 2) if side in (0, 2) else (1, 3)   # a box's start and end along the side
                found = near[side][key] = _Spans({j for k in range(key - 2, key + 3) for j in table.get(k, ())},
                                                 lambda j: (boxes[j][along[0]], boxes[j][along[1]]))
            for j in found.meeting(lo, hi, touching=True):
                if j == i:
                    continue
                a0, b0, a1, b1 = boxes[j]
                if side in (0, 2):
                    other = b1 if side == 0 else b0
                    if abs(edge - other) < eps:
                        spans.append((max(x0, a0), min(x1, a1)))
                else:
                    other = a0 if side == 1 else a1
                    if abs(edge - other) < eps:
                        spans.append((max(y0, b0), min(y1, b1)))
            covered, at = 0.0, lo
            for a, b in sorted(s for s in spans if s[1] - s[0] > eps):
                if b > at:
                    covered += b - max(a, at)
                    at = b
            result.append(_SHARED if covered >= hi - lo - eps else _PARTIAL if covered > eps else _FREE)
        out.append(tuple(result))
    return out


def _transform(x: float, y: float, w: float, h: float, rotation: int):
    """Face trim (0, 0, w, h) onto the page box at (x, y), turned ``rotation``° clockwise."""
    offset = {0: (0.0, 0.0), 90: (h, 0.0), 180: (w, h), 270: (0.0, w)}[rotation]
    move = translate(x + offset[0], y + offset[1])
    return move if rotation == 0 else compose(move, rotate(rotation))


def _drawn(cell_face: Group, x: float, y: float, w: float, h: float, rotation: int,
           page_bleed: tuple[float, float, float, float] | None) -> Group:
    """A face on its page box; ``page_bleed`` (top, right, bottom, left on the page) clips it."""
    transform, clip = _frame(x, y, w, h, rotation, page_bleed)
    return Group((cell_face,), transform=transform, clip=clip)


@lru_cache(maxsize=4096)
def _frame(x: float, y: float, w: float, h: float, rotation: int,
           page_bleed: tuple[float, float, float, float] | None) -> tuple:
    """The transform and clip of a face placed at (x, y): the same for the same cell of every
    sheet of a deck (a transform is numbers, a clip a plain rectangle: sharing them changes
    no document)."""
    clip = None
    if page_bleed is not None:
        q = rotation // 90
        top, right, bottom, left = (page_bleed[(s + q) % 4] for s in range(4))
        clip = Rect(-left, -top, w + left + right, h + top + bottom)
    return _transform(x, y, w, h, rotation), clip


def _cut_segments(boxes) -> list[tuple[float, float, float, float]]:
    """Every trim edge of ``boxes`` (x, y, w, h, bleed), run on through the bleed, collinear
    pieces merged: the lines to cut along."""
    eps = 1e-3
    rows: dict[tuple[str, float], list[tuple[float, float]]] = {}
    for x, y, w, h, b in boxes:
        for yy in (y, y + h):
            rows.setdefault(("h", round(yy, 3)), []).append((x - b, x + w + b))
        for xx in (x, x + w):
            rows.setdefault(("v", round(xx, 3)), []).append((y - b, y + h + b))
    out = []
    for (axis, at), spans in sorted(rows.items()):
        spans.sort()
        start, end = spans[0]
        merged = []
        for a, b in spans[1:]:
            if a <= end + eps:
                end = max(end, b)
            else:
                merged.append((start, end))
                start, end = a, b
        merged.append((start, end))
        for a, b in merged:
            out.append((a, at, b, at) if axis == "h" else (at, a, at, b))
    return out


_KAPPA = 0.5522847498   # a quarter circle as one cubic Bézier


def _corner_arcs(x: float, y: float, w: float, h: float, r: float) -> Path:
    """Quarter circles of radius ``r`` inside the four corners of the box (x, y, w, h)."""
    k = r * (1 - _KAPPA)
    return Path((("M", x, y + r), ("C", x, y + k, x + k, y, x + r, y),
                 ("M", x + w - r, y), ("C", x + w - k, y, x + w, y + k, x + w, y + r),
                 ("M", x + w, y + h - r), ("C", x + w, y + h - k, x + w - k, y + h, x + w - r, y + h),
                 ("M", x + r, y + h), ("C", x + k, y + h, x, y + h - k, x, y + h - r)), CUT_STYLE)


def _cut_items(boxes, radius, *, shared: bool) -> list[Item]:
    """The cut lines of ``boxes`` (x, y, w, h, bleed on the page). ``radius``: the corner radius,
    one for all or one a box. Square components get :func:`_cut_segments`. A rounded component
    with room around it (gutters, 1-up) gets its trim as a rounded rectangle; butt-cut ones
    (``shared``) keep the straight shared lines and get a quarter-circle guide in each corner."""
    radii = list(radius) if isinstance(radius, (list, tuple)) else [radius] * len(boxes)
    radii = [min(r, w / 2, h / 2) for r, (x, y, w, h, b) in zip(radii, boxes)]
    straight = [box for box, r in zip(boxes, radii) if shared or r <= 0]
    items: list[Item] = [Line(*segment, CUT_STYLE) for segment in _cut_segments(straight)] if straight else []
    for (x, y, w, h, _), r in zip(boxes, radii):
        if r > 0:
            items.append(_corner_arcs(x, y, w, h, r) if shared else Rect(x, y, w, h, CUT_STYLE, r=r))
    return items


def _edge_marks(segments, obstacles, limit: Rect) -> list[Item]:
    """Crop marks continuing every cut line beyond its ends, as long as the room allows (up to
    the crop-mark length, at least 1 mm), never over a component or the furniture."""
    style = Style(stroke="#000000", width=MARK_WIDTH)
    items: list[Item] = []
    # the obstacles by their span across a mark (y for horizontal marks, x for vertical ones): a
    # mark meets only the few found there (the order they are met in does not change the room)
    across_of = {True: _Spans(obstacles, lambda o: (o[1], o[1] + o[3])),
                 False: _Spans(obstacles, lambda o: (o[0], o[0] + o[2]))}
    for x1, y1, x2, y2 in segments:
        horizontal = y1 == y2
        for sign, (ex, ey) in ((-1, (x1, y1)), (1, (x2, y2))):
            start = (ex if horizontal else ey) + sign * MARK_OFFSET
            edge = (limit.x + limit.w if sign > 0 else limit.x) if horizontal else \
                   (limit.y + limit.h if sign > 0 else limit.y)
            room = (edge - start) * sign
            across = ey if horizontal else ex
            for ox, oy, ow, oh in across_of[horizontal].meeting(across, across, touching=False):
                lo, hi = (oy, oy + oh) if horizontal else (ox, ox + ow)
                if not lo < across < hi:
                    continue
                near, far = (ox, ox + ow) if horizontal else (oy, oy + oh)
                gap_to = (near - start) if sign > 0 else (start - far)
                if gap_to >= -1e-6:
                    room = min(room, gap_to)
                elif (start - near) * (far - start) > 0:
                    room = 0.0
            length = min(MARK_LENGTH, room)
            if length < mm(1):
                continue
            end = start + sign * length
            items.append(Line(start, ey, end, ey, style) if horizontal else Line(ex, start, ex, end, style))
    return items


@lru_cache(maxsize=64)
def _page_geometry(cells: tuple[tuple[float, float, float, float, int, float, float], ...], shared_edges: bool,
                   cut_lines: bool, box: Rect, clear: tuple[tuple[float, float, float, float], ...], limit: Rect
                   ) -> tuple[tuple[tuple[int, int, int, int], ...], tuple[Item, ...]]:
    """The sides of a front page's cells (x, y, w, h, rotation, bleed, radius) and its cut lines
    and crop marks. Every full sheet of a deck has the same cells: worked out once for all of them
    (49 sheets of ``render all``, 15 distinct); the lines are shared, not groups, so no PDF changes."""
    placed = [_Cell(i, None, x, y, w, h, rotation, bleed, radius)
              for i, (x, y, w, h, rotation, bleed, radius) in enumerate(cells)]
    boxes = [(c.x, c.y, *c.box, c.bleed) for c in placed]
    lines: list[Item] = _cut_items(boxes, [c.radius for c in placed], shared=shared_edges) if cut_lines else []
    obstacles = [(x - b, y - b, w + 2 * b, h + 2 * b) for x, y, w, h, b in boxes] + [(box.x, box.y, box.w, box.h)]
    lines += _edge_marks(_cut_segments(boxes), obstacles + list(clear), limit)
    return tuple(_sides(placed, shared_edges)), tuple(lines)


def sheet_pages(cells: list[list[_Cell]], sheet: Paper, *, mode: str, flip: str,
                back_offset: tuple[float, float], title: str, detail: str, lang: str, cut_lines: bool,
                box: Rect, shared_edges: bool, extra: list[list[Item]] | None = None,
                clear: list[list[tuple[float, float, float, float]]] | None = None) -> tuple[Document, tuple[Slot, ...]]:
    """Pages of placed components (one list of cells a sheet): fronts with crop marks at the
    block's edges, cut lines when asked, furniture in ``box``; in duplex mode after each front
    its back page, every back on the mirror image of its front's box. ``shared_edges``: the
    components abut (butt-cut), so each prints its bleed only on its free sides (and, under the
    others, on sides its neighbours cover only in part). ``extra``: more items per front page
    (labels), ``clear``: their boxes (x, y, w, h), which crop marks keep clear of."""
    W, H = sheet.width, sheet.height
    dx, dy = page_shift(sheet, back_offset)
    over_vertical = (flip == "long") != sheet.landscape
    side_label = {"en": "backs", "pl": "rewersy"}.get(lang, "backs")
    duplex = mode == "duplex" and any(c.face.back is not None for page in cells for c in page)
    total_pages = len(cells) * (2 if duplex else 1)
    limit = Rect(MARGIN, MARGIN, W - 2 * MARGIN, H - 2 * MARGIN)
    pages: list[Page] = []
    slots: list[Slot] = []

    def layers(placed, sides, side_of):
        under, over = [], []
        for (group, x, y, w, h, rotation, bleed), kinds in zip(placed, sides):
            if group is None:
                continue
            if not shared_edges:
                over.append(_drawn(group, x, y, w, h, rotation, None))
                continue
            free = tuple(bleed if k == _FREE else 0.0 for k in kinds)
            if _PARTIAL in kinds:
                under.append(_drawn(group, x, y, w, h, rotation,
                                    tuple(bleed if k != _SHARED else 0.0 for k in kinds)))
            over.append(_drawn(group, x, y, w, h, rotation, free))
        return under + over

    for number, page_cells in enumerate(cells):
        sides, lines = _page_geometry(tuple((c.x, c.y, c.w, c.h, c.rotation, c.bleed, c.radius) for c in page_cells),
                                      shared_edges, cut_lines, box, tuple(clear[number]) if clear else (), limit)
        front_page = len(pages)
        placed = [(c.face.front, c.x, c.y, c.w, c.h, c.rotation, c.bleed) for c in page_cells]
        items: list[Item] = layers(placed, sides, None)
        items += lines
        if extra:
            items += extra[number]
        for c in page_cells:
            pw, ph = c.box
            slots.append(Slot(front_page, c.index, "front", c.x, c.y, pw, ph, c.rotation == 180, c.rotation))
        items.append(furniture(sheet, title=title, detail=detail, page=front_page + 1, pages=total_pages,
                               lang=lang, box=box))
        pages.append(Page(W, H, tuple(items), f"{title} {front_page + 1}"))
        if not duplex:
            continue
        back_placed, back_sides = [], []
        for c, kinds in zip(page_cells, sides):
            pw, ph = c.box
            top, right, bottom, left = kinds
            if over_vertical:
                bx, by, rotation, kinds = W - c.x - pw + dx, c.y + dy, (-c.rotation) % 360, (top, left, bottom, right)
            else:
                bx, by, rotation, kinds = c.x + dx, H - c.y - ph + dy, (180 - c.rotation) % 360, (bottom, right, top, left)
            back_placed.append((c.face.back, bx, by, c.w, c.h, rotation, c.bleed))
            back_sides.append(kinds)
            if c.face.back is not None:
                slots.append(Slot(front_page + 1, c.index, "back", bx, by, pw, ph, rotation == 180, rotation))
        items = layers(back_placed, back_sides, None)
        back_box = Rect(W - box.x - box.w, box.y, box.w, box.h) if over_vertical else \
            Rect(box.x, H - box.y - box.h, box.w, box.h)
        items.append(furniture(sheet, title=f"{title} — {side_label}", detail=detail, page=front_page + 2,
                               pages=total_pages, lang=lang, box=back_box))
        pages.append(Page(W, H, tuple(items), f"{title} {front_page + 2} {side_label}"))
    return Document(tuple(pages), title=title, subject=detail), tuple(slots)


# ---- several small sets on shared sheets ------------------------------------------------------

SET_SPACING = mm(6)        # between two sets' blocks: room for their crop marks
LABEL_HEIGHT = mm(4.5)     # a set's label above its block
LABEL_SIZE = 6.5


@dataclass(frozen=True)
class SetFaces:
    """One component set for :func:`impose_sets`: its faces, trim size and bleed, and the label
    printed above its block (the set's title and count)."""

    label: str
    faces: tuple[Face, ...]
    width: float
    height: float
    bleed: float
    butt: bool = False   # the pieces abut (shared cut lines, bleed only around the block)
    corner_radius: float = 0.0

    @property
    def pitch(self) -> tuple[float, float]:
        if self.butt:
            return self.width, self.height
        return self.width + 2 * self.bleed, self.height + 2 * self.bleed


def _set_block(s: SetFaces, area_w: float, stretch: float = 1.0) -> tuple[int, int, float, float]:
    """cols, rows, block width and height (label included) of one set: about square (``stretch``
    times as many columns: a wider, lower block), at most the area's width."""
    bw, bh = s.pitch
    extra = 2 * s.bleed if s.butt else 0.0
    n = len(s.faces)
    fit = max(1, int((area_w - extra) // bw))
    cols = min(n, fit, max(1, round((n * bh / bw) ** 0.5 * stretch)))
    rows = -(-n // cols)
    from railprint.text.measure import text_width

    label = min(text_width(s.label, LABEL_SIZE, "bold"), area_w)   # the label never runs into the next block
    return cols, rows, max(cols * bw + extra, label), rows * bh + extra + LABEL_HEIGHT


def _sets_area(sheet: Paper) -> Rect:
    """Where blocks of sets go on a sheet: the usable area with room for crop marks at the sides
    and below."""
    area = usable_area(sheet)
    return Rect(area.x + MARK_ZONE, area.y, area.w - 2 * MARK_ZONE, area.h - MARK_ZONE)


def _set_blocks(sets: list[SetFaces], area: Rect) -> list[list[tuple]] | None:
    """Each set's blocks, each block a list of its shapes ``(set, first, pieces, cols, w, h)``:
    about square first, then wider and lower ones; a set taller than the area is split into
    page-high parts (one shape each). None if a set does not fit the area at all."""
    blocks = []
    for s in sets:
        cols, rows, bw, bh = _set_block(s, area.w)
        extra = 2 * s.bleed if s.butt else 0.0
        if bw > area.w + 1e-6 or s.pitch[1] + extra + LABEL_HEIGHT > area.h + 1e-6:
            return None
        per_part = max(1, int((area.h - LABEL_HEIGHT - extra) // s.pitch[1])) * cols
        if per_part >= len(s.faces):
            shapes = {}
            for stretch in (1.0, 1.5, 2.0, 3.0):
                c, _, w, h = _set_block(s, area.w, stretch)
                if h <= area.h + 1e-6:
                    shapes.setdefault(c, (s, 0, len(s.faces), c, w, h))
            blocks.append(list(shapes.values()))
            continue
        for start in range(0, len(s.faces), per_part):
            part = len(s.faces[start:start + per_part])
            prow = -(-part // cols)
            blocks.append([(s, start, part, cols, bw, prow * s.pitch[1] + extra + LABEL_HEIGHT)])
    return blocks


def _fill_blocks(blocks, shelves, area: Rect, starts: dict, cells, labels, clear, first_page: int) -> None:
    """The cells and labels of ``blocks`` placed at ``shelves`` (page ``first_page`` + shelf page)."""
    from railprint.scene import Text
    from railprint.text.measure import text_width

    for (s, start, part, cols, bw, bh), shelf in zip(blocks, shelves):
        page = first_page + shelf.page
        x0, y0 = area.x + shelf.x, area.y + shelf.y
        labels[page].append(Text(x0, y0 + LABEL_HEIGHT - mm(1.6), s.label, LABEL_SIZE, Style(fill="#222222"),
                                 font="bold"))
        clear[page].append((x0, y0, text_width(s.label, LABEL_SIZE, "bold"), LABEL_HEIGHT - mm(1)))
        pitch_x, pitch_y = s.pitch
        for k in range(part):
            r, c = divmod(k, cols)
            cells[page].append(_Cell(starts[id(s)] + start + k, s.faces[start + k],
                                     x0 + c * pitch_x + s.bleed, y0 + LABEL_HEIGHT + r * pitch_y + s.bleed,
                                     s.width, s.height, 0, s.bleed, s.corner_radius))


def _lead_first(sets: list[SetFaces], paper: str, starts: dict):
    """The largest butt-cut set laid out as a deck alone would be (:func:`plan_butt`: its full
    sheets, and its last sheet filled row by row from the top), the other sets' blocks below its
    last rows and on further sheets: ``(pages, sheet, cells, labels, clear)``, or None when no
    butt-cut set fills more than a sheet. Its label goes above its first rows when the plan
    leaves room, else it is named only in the guide and the footer."""
    from railprint.layout.packing import shelf_pack_shapes
    from railprint.scene import Text
    from railprint.text.measure import text_width

    butt = [s for s in sets if s.butt]
    if not butt:
        return None
    lead = max(butt, key=lambda s: len(s.faces))
    plan = plan_butt(paper, "auto", lead.width, lead.height, lead.bleed)
    if plan is None or abs(plan.bleed - lead.bleed) > 1e-6 or len(lead.faces) <= len(plan.cells):
        return None
    box = furniture_box(plan.sheet)
    if max(abs(a - b) for a, b in zip((plan.box.x, plan.box.y, plan.box.w), (box.x, box.y, box.w))) > mm(0.5):
        return None   # the plan puts the page furniture beside or in the block: not shared here
    per = len(plan.cells)
    full, rest = divmod(len(lead.faces), per)
    lead_pages = full + (1 if rest else 0)
    sheet = plan.sheet
    area = _sets_area(sheet)
    others = [s for s in sets if s is not lead]
    blocks = _set_blocks(others, area) if others else []
    if blocks is None:
        return None
    last = sorted(plan.cells, key=lambda c: (c[1], c[0]))[:rest] if rest else []
    tops = []
    if rest:
        bottom = max(y + (lead.width if turned else lead.height) for _, y, turned in last)
        tops = [bottom + lead.bleed + MARK_ZONE - area.y]
    order = sorted(range(len(blocks)), key=lambda i: -blocks[i][0][5])
    placed = shelf_pack_shapes([[(v[4], v[5]) for v in blocks[i]] for i in order], area.w, area.h, SET_SPACING,
                               tops=tops) if blocks else []
    first_page = lead_pages - 1 if rest else lead_pages
    pages = max([lead_pages] + [first_page + shelf.page + 1 for shelf, _ in placed])
    cells: list[list[_Cell]] = [[] for _ in range(pages)]
    labels: list[list[Item]] = [[] for _ in range(pages)]
    clear: list[list[tuple[float, float, float, float]]] = [[] for _ in range(pages)]
    base = starts[id(lead)]
    for page in range(lead_pages):
        spots = plan.cells if page < full else last
        for k, (x, y, turned) in enumerate(spots):
            i = page * per + k
            cells[page].append(_Cell(base + i, lead.faces[i], x, y, lead.width, lead.height, 90 if turned else 0,
                                     lead.bleed, lead.corner_radius))
        top = min(c.y for c in cells[page]) - lead.bleed
        left = min(c.x for c in cells[page]) - lead.bleed
        if top - LABEL_HEIGHT >= usable_area(sheet).y - 1e-6:   # room for the label above the rows
            labels[page].append(Text(left, top - mm(1.6), lead.label, LABEL_SIZE, Style(fill="#222222"), font="bold"))
            clear[page].append((left, top - LABEL_HEIGHT, text_width(lead.label, LABEL_SIZE, "bold"),
                                LABEL_HEIGHT - mm(1)))
    _fill_blocks([blocks[i][k] for i, (_, k) in zip(order, placed)], [sh for sh, _ in placed], area, starts,
                 cells, labels, clear, first_page)
    return pages, sheet, cells, labels, clear


def impose_sets(sets: list[SetFaces], *, paper: str = "a4", mode: str = "duplex", flip: str = "long",
                back_offset: tuple[float, float] = (0.0, 0.0), title: str = "", detail: str = "",
                lang: str = "en", cut_lines: bool = True) -> Imposed:
    """Several small sets of different sizes on shared sheets (duplex or single-sided): each
    set a block of its components with bleed gutters and its label above, the blocks in rows;
    in duplex mode every back behind its front (a set without backs gets blank backs)."""
    from railprint.layout.packing import shelf_pack_shapes

    if mode not in ("duplex", "simplex"):
        raise RailprintError(f"sets share sheets only in duplex or simplex mode, not {mode!r}")
    if not sets or not any(s.faces for s in sets):
        raise RailprintError("nothing to lay out: no components")
    starts = {}
    index = 0
    for s in sets:
        starts[id(s)] = index
        index += len(s.faces)
    best = None
    for option in ("portrait", "landscape"):
        sheet = make_paper(paper, option)
        area = _sets_area(sheet)
        blocks = _set_blocks(sets, area)
        if blocks is not None:
            order = sorted(range(len(blocks)), key=lambda i: -blocks[i][0][5])
            placed = shelf_pack_shapes([[(v[4], v[5]) for v in blocks[i]] for i in order], area.w, area.h,
                                       SET_SPACING)
            pages = 1 + max(shelf.page for shelf, _ in placed)
            if best is None or pages < best[0]:
                cells: list[list[_Cell]] = [[] for _ in range(pages)]
                labels: list[list[Item]] = [[] for _ in range(pages)]
                clear: list[list[tuple[float, float, float, float]]] = [[] for _ in range(pages)]
                _fill_blocks([blocks[i][k] for i, (_, k) in zip(order, placed)], [sh for sh, _ in placed], area,
                             starts, cells, labels, clear, 0)
                best = (pages, sheet, cells, labels, clear)
    lead = _lead_first(sets, paper, starts)
    if lead is not None and (best is None or lead[0] <= best[0]):
        best = lead
    if best is None:
        raise RailprintError("a set is too large to share a sheet", hint="print it on its own (no 'share:')")
    pages, sheet, cells, labels, clear = best
    for page in cells:
        page.sort(key=lambda c: c.index)
    document, slots = sheet_pages(cells, sheet, mode=mode, flip=flip, back_offset=back_offset, title=title,
                                  detail=detail, lang=lang, cut_lines=cut_lines, box=furniture_box(sheet),
                                  shared_edges=any(s.butt for s in sets), extra=labels, clear=clear)
    document = replace(document, meta=(("layout", "shared"),) + tuple(("piece", s.label) for s in sets))
    return Imposed(document, slots, max(len(p) for p in cells), sheet, "shared", 0.0)
