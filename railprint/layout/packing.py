"""Packing rectangles on a sheet: pure geometry, no drawing.

- :func:`butt_pack`: the most identical ``w`` × ``h`` trim boxes that fit in a region when
  neighbours share their cut lines (no gutter), upright or turned a quarter, as a guillotine
  layout of blocks (every cut runs straight across the part being cut). The free rectangles
  left over are returned too (the page furniture may go there).
- :func:`shelf_pack`: blocks of different sizes (one per component set) in rows, as many to a
  page as fit, in the order given.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

_EPS = 1e-6


@dataclass(frozen=True)
class Block:
    """``cols`` × ``rows`` trim boxes of ``cw`` × ``ch`` (on the page) with their top-left
    corner at (x, y); ``turned``: the components are turned a quarter (cw, ch = h, w)."""

    x: float
    y: float
    cols: int
    rows: int
    cw: float
    ch: float
    turned: bool

    @property
    def count(self) -> int:
        return self.cols * self.rows

    def cells(self):
        """(x, y) of every trim box, row by row."""
        for r in range(self.rows):
            for c in range(self.cols):
                yield self.x + c * self.cw, self.y + r * self.ch


@dataclass(frozen=True)
class Packing:
    """Blocks of boxes packed into a region, and the rectangles left free."""

    count: int
    blocks: tuple[Block, ...]
    free: tuple[tuple[float, float, float, float], ...]   # x, y, w, h of the unused rectangles

    @property
    def extent(self) -> tuple[float, float]:
        """Width and height of the union of the blocks (from the region's origin)."""
        if not self.blocks:
            return 0.0, 0.0
        return (max(b.x + b.cols * b.cw for b in self.blocks), max(b.y + b.rows * b.ch for b in self.blocks))


def _moved(p: Packing, dx: float, dy: float) -> Packing:
    return Packing(p.count, tuple(Block(b.x + dx, b.y + dy, b.cols, b.rows, b.cw, b.ch, b.turned) for b in p.blocks),
                   tuple((x + dx, y + dy, w, h) for x, y, w, h in p.free))


def _join(head: Block, *rest: Packing) -> Packing:
    return Packing(head.count + sum(p.count for p in rest), (head,) + tuple(b for p in rest for b in p.blocks),
                   tuple(f for p in rest for f in p.free))


def _key(p: Packing) -> tuple:
    """Most components; then fewest blocks (fewer, longer cuts); then fewest turned."""
    return (p.count, -len(p.blocks), -sum(b.count for b in p.blocks if b.turned))


def butt_pack(width: float, height: float, w: float, h: float, turn: bool = True) -> Packing:
    """The best guillotine packing of ``w`` × ``h`` boxes (turned ones ``h`` × ``w`` when
    ``turn``) into ``width`` × ``height``, origin (0, 0)."""

    simple = [_grid(width, height, cw, ch, turned) for cw, ch, turned in ((w, h, False), (h, w, True))
              if turned is False or (turn and abs(w - h) > _EPS)]
    simple = [p for p in simple if p.count]
    if simple and max(p.count for p in simple) > MIXED_LIMIT:
        # many small pieces: one plain grid (turning a few more in would save little, and the
        # search grows with the square of the pieces per row and column)
        return max(simple, key=_key)
    W, H = _r(width), _r(height)
    if not simple or max(W, H) > _SUMS_LIMIT * min(w, h):   # nothing fits / too many sums to list
        return _best(W, H, w, h, turn)[0]
    turns = turn and abs(w - h) > _EPS
    if _near_sum(W, w, h if turns else None) or _near_sum(H, h, w if turns else None):
        return _best(W, H, w, h, turn)[0]   # a side within a hair of what some boxes measure
    return _replayed(W, H, w, h, turn)


# The search on canonical sides. Whether boxes fit a side depends only on which sums of box sides
# (i * w + j * h) it holds, so every region whose sides hold the same sums has the same best
# choice at every step: the choices are searched once for the largest such sums (shared by all
# the regions of every sheet candidate, orientation and paper), then replayed on the region's own
# sides, which give the same blocks and the free rectangles it really leaves.
_SUMS_LIMIT = 1024   # sides longer than this many boxes' short side take the direct search
_NEAR = 1e-4   # a side closer than this to a sum of box sides (rounding could tip a comparison) takes
               # the direct search


def _near_sum(side: float, a: float, b: float | None) -> bool:
    """Does some sum ``i * a + j * b`` (``b`` None: multiples of ``a``) lie within ``_NEAR`` of
    where the search's comparisons with ``side`` tip (``side`` + ``_EPS``)?"""
    edge = side + _EPS
    for i in range(int(edge // a) + 2):
        rest = edge - i * a
        for j in ((int(rest // b), int(rest // b) + 1) if b is not None and rest >= 0 else (0,)):
            if abs(i * a + (j * b if b is not None else 0.0) - edge) < _NEAR:
                return True
    return False


@lru_cache(maxsize=65536)
def _choice(W: float, H: float, w: float, h: float, turn: bool) -> tuple[tuple | None, tuple]:
    """:func:`_best`'s choice for a region with canonical sides: (turned, by rows, k) of its first
    best option (None: nothing fits), and the packing's key."""
    best, best_key = None, (0, 0, 0)
    for turned, cw, ch, cols, rows in _grids(W, H, w, h, turn):
        for by_rows, k, (c, r), (aw, ah, _, _), (bw, bh, _, _) in _options(W, H, cw, ch, cols, rows):
            ka = _choice(*_canonical_sides(aw, ah, w, h, turn), w, h, turn)[1]
            kb = _choice(*_canonical_sides(bw, bh, w, h, turn), w, h, turn)[1]
            key = _joined_key(c * r, turned, ka, kb)
            if key > best_key:
                best, best_key = (turned, by_rows, k), key
    return best, best_key


def _canonical_sides(W: float, H: float, w: float, h: float, turn: bool) -> tuple[float, float]:
    """The canonical sides of a region found inside a canonical one (they have no near sums)."""
    turns = turn and abs(w - h) > _EPS
    return (_canonical_sum(W, w, h if turns else None), _canonical_sum(H, h, w if turns else None))


@lru_cache(maxsize=65536)
def _canonical_sum(side: float, a: float, b: float | None) -> float:
    """The largest sum ``i * a + j * b`` that fits ``side`` (a side of a canonical region's part,
    itself such a sum up to rounding)."""
    edge = side + _EPS
    best = 0.0
    for i in range(int(edge // a) + 1):
        total = i * a + (int((edge - i * a) // b) * b if b is not None else 0.0)
        best = max(best, total)
    return _r(best)


def _grids(W: float, H: float, w: float, h: float, turn: bool):
    """(turned, cell w, cell h, cols, rows) of each orientation of the box with at least one
    whole row and column in a ``W`` × ``H`` region: upright first, then turned when allowed."""
    for turned in ((False, True) if turn and abs(w - h) > _EPS else (False,)):
        cw, ch = (h, w) if turned else (w, h)
        cols, rows = int((W + _EPS) // cw), int((H + _EPS) // ch)
        if cols and rows:
            yield turned, cw, ch, cols, rows


def _joined_key(block: int, turned: bool, ka: tuple, kb: tuple) -> tuple:
    """The :func:`_key` of a block of ``block`` boxes joined with two parts of keys ``ka``, ``kb``."""
    return block + ka[0] + kb[0], ka[1] + kb[1] - 1, ka[2] + kb[2] - (block if turned else 0)


def _options(W: float, H: float, cw: float, ch: float, cols: int, rows: int):
    """The options of a ``W`` × ``H`` region, in the search's order: k full-height columns, what
    is below them, the rest to the right; then k full-width rows, what is right of them, the
    rest below. Each as (by rows, k, the block's (cols, rows), part a's and part b's
    (w, h, x, y))."""
    for k in range(cols, 0, -1):
        yield False, k, (k, rows), (_r(k * cw), _r(H - rows * ch), 0.0, rows * ch), (_r(W - k * cw), H, k * cw, 0.0)
    for k in range(rows, 0, -1):
        yield True, k, (cols, k), (_r(W - cols * cw), _r(k * ch), cols * cw, 0.0), (W, _r(H - k * ch), 0.0, k * ch)


def _replayed(W: float, H: float, w: float, h: float, turn: bool) -> Packing:
    """The packing :func:`_best` finds for ``W`` × ``H``, from the choices of its canonical sides."""
    choice, _ = _choice(*_canonical_sides(W, H, w, h, turn), w, h, turn)
    if choice is None:
        return Packing(0, (), ((0.0, 0.0, W, H),) if W > _EPS and H > _EPS else ())
    turned, by_rows, k = choice
    cw, ch = (h, w) if turned else (w, h)
    cols, rows = int((W + _EPS) // cw), int((H + _EPS) // ch)
    (c, r), (aw, ah, ax, ay), (bw, bh, bx, by) = next(option[2:] for option in _options(W, H, cw, ch, cols, rows)
                                                      if option[:2] == (by_rows, k))
    a, b = _replayed(aw, ah, w, h, turn), _replayed(bw, bh, w, h, turn)
    return _join(Block(0.0, 0.0, c, r, cw, ch, turned), _moved(a, ax, ay), _moved(b, bx, by))


@lru_cache(maxsize=65536)
def _best(W: float, H: float, w: float, h: float, turn: bool) -> tuple[Packing, tuple]:
    """:func:`butt_pack`'s search for a ``W`` × ``H`` region; shared by every call with the same
    box (the regions of a sheet's candidates, both orientations and papers, share their
    sub-regions). Packings are immutable, so sharing them is safe. Returns the packing and its
    :func:`_key`."""
    found = Packing(0, (), ((0.0, 0.0, W, H),) if W > _EPS and H > _EPS else ())
    best_key = _key(found)
    for turned, cw, ch, cols, rows in _grids(W, H, w, h, turn):
        # an option is built only when its key (from its parts' keys) beats the best so far:
        # the same first best as building each
        for _, _, (c, r), (aw, ah, ax, ay), (bw, bh, bx, by) in _options(W, H, cw, ch, cols, rows):
            (a, ka), (b, kb) = _best(aw, ah, w, h, turn), _best(bw, bh, w, h, turn)
            key = _joined_key(c * r, turned, ka, kb)
            if key > best_key:
                found = _join(Block(0.0, 0.0, c, r, cw, ch, turned), _moved(a, ax, ay), _moved(b, bx, by))
                best_key = key
    return found, best_key


MIXED_LIMIT = 64   # pieces per sheet above which only plain grids are tried


def _grid(W: float, H: float, cw: float, ch: float, turned: bool) -> Packing:
    cols, rows = int((W + _EPS) // cw), int((H + _EPS) // ch)
    if not cols or not rows:
        return Packing(0, (), ((0.0, 0.0, W, H),))
    free = tuple(f for f in ((cols * cw, 0.0, W - cols * cw, H), (0.0, rows * ch, cols * cw, H - rows * ch))
                 if f[2] > _EPS and f[3] > _EPS)
    return Packing(cols * rows, (Block(0.0, 0.0, cols, rows, cw, ch, turned),), free)


def _r(value: float) -> float:
    return round(max(0.0, value), 6)


@dataclass(frozen=True)
class Shelf:
    """Where one block lands: page index and its top-left corner."""

    page: int
    x: float
    y: float


def shelf_pack(sizes: list[tuple[float, float]], width: float, height: float, spacing: float) -> list[Shelf]:
    """Blocks of ``sizes`` (w, h) in rows (shelves) ``spacing`` apart, first fit
    (:func:`shelf_pack_shapes` with one shape a block)."""
    return [shelf for shelf, _ in shelf_pack_shapes([[size] for size in sizes], width, height, spacing)]


def shelf_pack_shapes(blocks: list[list[tuple[float, float]]], width: float, height: float,
                      spacing: float, tops: list[float] = ()) -> list[tuple[Shelf, int]]:
    """Blocks in rows (shelves) ``spacing`` apart, each block in one of its shapes (w, h) —
    the same pieces in more or fewer columns — first fit: a block goes into the first row, on
    any page, where one of its shapes (in the order given) fits the width left and the row's
    height; else it opens a row, in its lowest shape that fits, on the first page with room
    below its rows; else a new page (in its first shape). Give the blocks tallest first. Every
    cut still runs straight across (rows, then blocks in a row). Origin (0, 0). A block wider or
    taller than the region gets a page (and a row) to itself. ``tops``: where the first rows of
    the first pages may start (room taken above them). Returns each block's place and the index
    of its shape."""
    out: list[tuple[Shelf, int]] = []
    rows: list[list[float]] = []       # [page, y, row height, x used]
    bottoms: list[float] = list(tops)  # per page: the y where the next row would start
    for shapes in blocks:
        spot, choice = None, 0
        for row in rows:
            fits = [k for k, (w, h) in enumerate(shapes) if row[3] + w <= width + _EPS and h <= row[2] + _EPS]
            if fits:
                spot, choice = row, fits[0]
                break
        if spot is None:
            by_height = sorted(range(len(shapes)), key=lambda k: (shapes[k][1], k))
            for page, bottom in enumerate(bottoms):
                fits = [k for k in by_height if bottom + shapes[k][1] <= height + _EPS and shapes[k][0] <= width + _EPS]
                if fits:
                    choice = fits[0]
                    spot = [page, bottom, shapes[choice][1], 0.0]
                    break
            else:
                bottoms.append(0.0)
                spot = [len(bottoms) - 1, 0.0, shapes[0][1], 0.0]
            rows.append(spot)
            bottoms[spot[0]] = spot[1] + spot[2] + spacing
        out.append((Shelf(spot[0], spot[3], spot[1]), choice))
        spot[3] += shapes[choice][0] + spacing
    return out
