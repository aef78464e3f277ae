"""Imposition: place component faces on printer sheets.

Modes
- ``duplex``: front pages with crop marks; after each, a back page whose slot i lies exactly
  behind front slot i when the sheet is turned over its long edge (``flip="long"``) or its
  short edge (``flip="short"``, backs also turned 180°). ``back_offset`` shifts back pages to
  correct a printer's measured misregistration; it is given in the paper's feed frame and turned
  into each page's axes (:func:`railprint.layout.calibration.page_shift`, ``railprint calibrate``).
- ``simplex``: fronts only (components without backs, whatever mode was asked for).
- ``gutterfold``: fronts above a horizontal fold line, their backs below it, upside down, so
  folding the sheet puts each back behind its front; crop marks only on the front half.
- ``1up``: one face per page, the page being the bleed box (print shops); front then back.

The grid is centred on the sheet (the furniture strip's height is kept free at the top as well
as at the bottom), so its mirror image under either flip is the grid itself and the gutterfold
fold line is the sheet's centre line: a deck with one common back survives either flip.

Every sheet page carries the furniture strip (scale bar, title, revision, page i/n). Crop marks
(0.3 pt, 4.5 mm long, starting 0.5 mm outside the bleed, as content/sheets/sheets.yaml sets
them) are never drawn on backs.
"""

from __future__ import annotations

from dataclasses import dataclass

from railprint.errors import RailprintError
from railprint.layout.calibration import page_shift
from railprint.layout.paper import Paper, furniture, paper as make_paper, usable_area
from railprint.model.sheets import sheet_settings
from railprint.scene import Document, Group, Item, Line, Page, Rect, Style, compose, rotate, translate
from railprint.units import mm

MODES = ("duplex", "simplex", "gutterfold", "1up")
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


@dataclass(frozen=True)
class Face:
    """One component: front and optional back, each drawn with the trim box at (0, 0)."""

    front: Group
    back: Group | None = None
    name: str = ""


@dataclass(frozen=True)
class Slot:
    page: int        # 0-based page index in the document
    index: int       # component index
    side: str        # front | back
    x: float         # trim box top-left on the page, points
    y: float
    w: float
    h: float
    turned: bool = False  # drawn rotated 180°


@dataclass(frozen=True)
class Imposed:
    document: Document
    slots: tuple[Slot, ...]
    per_page: int
    sheet: Paper


@dataclass(frozen=True)
class _Grid:
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


def impose(faces: list[Face], *, width: float, height: float, bleed: float, paper: str = "a4",
           mode: str = "duplex", flip: str = "long", back_offset: tuple[float, float] = (0.0, 0.0),
           orientation: str = "auto", gap: float | None = None, title: str = "", detail: str = "",
           lang: str = "en") -> Imposed:
    """Lay ``faces`` (all ``width`` × ``height`` trim, ``bleed`` around) out on pages."""
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
        return _one_up(faces, width, height, bleed, title)

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
    return Imposed(Document(tuple(pages), title=title, subject=detail), tuple(slots), per_page, sheet)


def _one_up(faces: list[Face], width: float, height: float, bleed: float, title: str) -> Imposed:
    bw, bh = width + 2 * bleed, height + 2 * bleed
    pages: list[Page] = []
    slots: list[Slot] = []
    for i, face in enumerate(faces):
        for side, group in (("front", face.front), ("back", face.back)):
            if group is None:
                continue
            slots.append(Slot(len(pages), i, side, bleed, bleed, width, height))
            pages.append(Page(bw, bh, (_placed(group, bleed, bleed, width, height, False),),
                              f"{i + 1:03d}-{side}", trim=(bleed, bleed, width, height), name=face.name))
    return Imposed(Document(tuple(pages), title=title), tuple(slots), 1, Paper("1up", bw, bh))
