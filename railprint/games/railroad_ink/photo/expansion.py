"""The expansions' own marks in a photo of a Railroad Ink sheet: lava drawn by the player (lava
sheet) and meteor craters (meteor sheet). The sheet's marks say which expansion it was printed
for (``layout.decode_id``); ``read.read_photo`` builds a :class:`Marks` for those sheets and
``read.read_rel`` hands it each space as the base game's reading left it (routes, stations,
overpasses), to revise.

**Lava** is drawn as a lake: the die face's shape (a band from each lava side to the centre, a
corner, a half-round lake beside a straight route), outlined or not, filled with hatching,
cross-hatching, a scribble or solid shading. A lava side is told from a route's side by what
lies just inside it (``lava_side``): a filled lake is dark across the whole side, not only along
one or two lines; hatching runs as many lines across the side (a route has one to three), and
its ink covers nearly all of the side's small squares. A solid shading wider than the reader's
8 mm light flattening vanishes from the ordinary darkness (``read._darkness`` takes it for the
paper's own shade), so it is measured against the paper's light over 16 mm (``_wide_dark``).
**A crater** is a circle (filled, scribbled, ringed or crossed) or a cross in the middle of a
space, with no route reaching the space's sides (a meteor destroys the route it strikes).

The reader's guarantee holds here too: a space is read with certainty only when each side is
clearly lava or clearly not, and the whole is a face the lava dice draw; anything between is an
uncertain space with its best guess.

Nothing here imports ``read`` (it imports this): what it needs of the base reading is handed in.
"""

from __future__ import annotations

from typing import Callable

import cv2
import numpy as np

from railprint.games.railroad_ink.board import Cell
from railprint.games.railroad_ink.photo import layout
from railprint.games.railroad_ink.photo.rectified import MARGIN_MM, PX_PER_MM


LAVA_DEPTH = (1.2, 5.0)  # mm inside the edge where a lava side is looked for ...
LAVA_ACROSS = 4.0        # ... and mm either side of the side's middle
LAVA_HI = 1.3            # a side whose lava score (``lava_side``) reaches this is lava
LAVA_LO = 0.75           # ... under this is not; between, the space is uncertain
WIDE_DARK_MM = 16.0      # the light flattening that keeps a solid shading (``_wide_dark``)

CRATER_EDGE = (1.9, 4.0)  # mm inside the edge: a route's lines cross here, a crater stays inside
CRATER_EDGE_MAX = 0.35    # a side with ink in this share of those rows or more has a route
CRATER_R_MM = 6.5         # the crater is looked for within this of the space's middle
CRATER_AREA_LO = 1.5      # mm^2 of ink there: under this the space has no crater ...
CRATER_AREA_HI = 4.0      # ... from this on it has one (both measured on dev photos)
CRATER_SPAN_MM = 3.0      # ... and its ink spans this far across, both ways (not a dot, a tick)

LAVA_WHY = "lava or a route? (the side is neither clearly lava nor clearly not)"
LAVA_FACE_WHY = "no lava die face draws this space"
LAVA_ROUTE_WHY = "the route beside the lava is not read with certainty"
CRATER_WHY = "a crater? (marks in the middle of the space, not clearly a crater)"
CRATER_ROUTE_WHY = "a crater with a route reaching the space's side?"


def _lava_faces() -> frozenset[Cell]:
    """Every space the lava dice draw, turned: a lava corner, straight, three sides, one lava side
    with a straight railway or highway across the other two."""
    out = set()
    for token in ("ll..", "l.l.", "lll.", "lr.r", "lh.h"):
        for k in range(4):
            out.add(Cell("".join(token[(i - k) % 4] for i in range(4))))
    return frozenset(out)


LAVA_FACES = _lava_faces()


def _zone(img: np.ndarray, r: int, c: int, side: int, d0: float, d1: float, a0: float, a1: float) -> np.ndarray:
    """The part of ``img`` inside ``side`` of space (r, c), ``d0``-``d1`` mm in from the edge and
    ``a0``-``a1`` mm along it from its middle: rows go inwards, columns along the side."""
    p = PX_PER_MM
    x0 = int(round((MARGIN_MM + c * layout.SQUARE_MM) * p))
    y0 = int(round((MARGIN_MM + r * layout.SQUARE_MM) * p))
    s, mid = int(round(layout.SQUARE_MM * p)), int(round(layout.SQUARE_MM * p / 2))
    D0, D1 = int(round(d0 * p)), int(round(d1 * p))
    A0, A1 = int(round(a0 * p)), int(round(a1 * p))
    if side == 0:
        return img[y0 + D0:y0 + D1, x0 + mid + A0:x0 + mid + A1]
    if side == 2:
        return img[y0 + s - D1:y0 + s - D0, x0 + mid - A1:x0 + mid - A0][::-1, ::-1]
    if side == 3:
        return img[y0 + mid - A1:y0 + mid - A0, x0 + D0:x0 + D1].T[:, ::-1]
    return img[y0 + mid + A0:y0 + mid + A1, x0 + s - D1:x0 + s - D0].T[::-1]


def _starts(mask: np.ndarray) -> np.ndarray:
    """How many runs of ink each row of ``mask`` holds."""
    m = mask.astype(bool)
    return m[:, 0].astype(int) + np.count_nonzero(m[:, 1:] & ~m[:, :-1], axis=1)


def _wide_dark(rect: np.ndarray, black: float) -> np.ndarray:
    """The rectified grid's darkness against the paper's light over WIDE_DARK_MM (on a quarter
    size copy: bounded time), relative to the print's black: a solid shading up to twice as wide
    as the reader's own flattening keeps still stands out."""
    g = cv2.GaussianBlur(rect.astype(np.float32), (0, 0), 0.9)
    small = cv2.resize(g, None, fx=0.25, fy=0.25, interpolation=cv2.INTER_AREA)
    k = int(PX_PER_MM * WIDE_DARK_MM / 4) | 1
    paper = cv2.morphologyEx(small, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_RECT, (k, k)))
    paper = cv2.resize(cv2.GaussianBlur(paper, (0, 0), 1.0), (g.shape[1], g.shape[0]), interpolation=cv2.INTER_LINEAR)
    return np.clip(1.0 - g / np.maximum(paper, 1.0), 0.0, 1.0) / max(black, 1e-3)


def lava_side(wide: np.ndarray, faint: np.ndarray, r: int, c: int, side: int) -> float:
    """How much side ``side`` of space (r, c) looks like lava (LAVA_HI and more: lava; under
    LAVA_LO: not): the largest of -- the wide darkness's 20th percentile over the side's zone
    (a solid shading: dark throughout; a route leaves paper between its lines), the runs of ink
    across and along it (hatching crosses the side as four lines or more, or runs along it as
    three or more; a route's lines are one to three across and one or two along; only where the
    ink reaches most of the zone's 1 mm squares), and, weighed less, the wide darkness's mean and
    the share of those squares the faint ink reaches, weighed by its density. On 45 dev photos
    (532 lava sides, 8108 others) no other side reached LAVA_HI, 489 lava sides did; 38 others
    and 37 lava sides fell between."""
    args = (r, c, side, LAVA_DEPTH[0], LAVA_DEPTH[1], -LAVA_ACROSS, LAVA_ACROSS)
    w = _zone(wide, *args)
    f = _zone(faint, *args).astype(bool)
    if w.size == 0 or f.size == 0:
        return 0.0
    h, n = f.shape
    k = int(PX_PER_MM)
    cells = f[:h // k * k, :n // k * k].reshape(h // k, k, n // k, k).mean(axis=(1, 3))
    cover = float((cells >= 0.08).mean())
    density = float(f.mean())
    across = float(np.median(_starts(f)))
    along = float(np.median(_starts(f.T)))
    spread = min(1.0, cover / 0.8)
    return max(float(np.percentile(w, 20)) / 0.1,
               _runs_score(across, 4) * spread, _runs_score(along, 3) * spread,
               # (these two alone never reached LAVA_HI on a dev photo's lava; they keep a
               # light or sparse lake's side from reading as certainly not lava)
               0.8 * float(w.mean()) / 0.3, 0.8 * (cover - 0.5) * 2 * min(1.0, density / 0.45))


def _runs_score(runs: float, lava: int) -> float:
    """A side's lava score from its median runs of ink: LAVA_HI from ``lava`` runs on, a little
    over LAVA_LO half a run short of it (a median between), else nothing."""
    return LAVA_HI if runs >= lava else 0.9 if runs >= lava - 0.5 else 0.0


EDGE_INKED = 0.15         # a side whose faint ink covers this share of its edge: not clearly empty ...
EDGE_DARK = 0.1           # ... nor one whose wide darkness's median there reaches this (a solid shading)
EDGE_DEPTH = (1.0, 2.6)   # mm inside the edge (a lake's band beside it stays further in)


def crater_marks(ink: np.ndarray, faint: np.ndarray, r: int, c: int) -> tuple[float, float, list[float]]:
    """(the ink's area within CRATER_R_MM of space (r, c)'s middle in mm^2, how far it spans
    across both ways in mm (the smaller), and each side's share of rows with faint ink
    CRATER_EDGE in from the edge across the route's width: a route's light line counts too)."""
    p = PX_PER_MM
    cx = (MARGIN_MM + (c + 0.5) * layout.SQUARE_MM) * p
    cy = (MARGIN_MM + (r + 0.5) * layout.SQUARE_MM) * p
    R = CRATER_R_MM * p
    y0, x0 = int(cy - R), int(cx - R)
    box = ink[y0:int(cy + R) + 1, x0:int(cx + R) + 1].astype(bool)
    yy, xx = np.mgrid[0:box.shape[0], 0:box.shape[1]]
    inside = (yy + y0 - cy) ** 2 + (xx + x0 - cx) ** 2 <= R * R
    marks = box & inside
    area = float(marks.sum()) / (p * p)
    span = 0.0
    if marks.any():
        ys, xs = np.nonzero(marks)
        lo_y, hi_y = np.percentile(ys, [3, 97])
        lo_x, hi_x = np.percentile(xs, [3, 97])
        span = float(min(hi_y - lo_y, hi_x - lo_x)) / p
    edges = []
    for s in range(4):
        band = _zone(faint, r, c, s, CRATER_EDGE[0], CRATER_EDGE[1], -4.6, 4.6)
        edges.append(float(band.any(axis=1).mean()) if band.size else 0.0)
    return area, span, edges


class Marks:
    """One photo's expansion marks: built once (the wide darkness), then asked space by space."""

    def __init__(self, expansion: str, rect: np.ndarray, black: float):
        self.expansion = expansion
        self.wide = _wide_dark(rect, black) if expansion == "lava" else None

    def revise(self, r: int, c: int, cell: Cell, certain: bool, why: str, ink: np.ndarray,
               faint: np.ndarray, sides: Callable[[], list]) -> tuple[Cell, bool, str]:
        """Space (r, c) as the base game read it (``cell``, ``certain``, ``why``), revised for the
        sheet's expansion. ``sides``: the base reading's four sides (``read.read_sides``: kind,
        certain, why), asked only for a space with lava."""
        if self.expansion == "lava":
            return self._lava(r, c, cell, certain, why, faint, sides)
        if self.expansion == "meteor":
            return self._crater(r, c, cell, certain, why, ink, faint)
        return cell, certain, why

    def _lava(self, r, c, cell, certain, why, faint, sides):
        scores = [lava_side(self.wide, faint, r, c, s) for s in range(4)]
        if max(scores) < LAVA_LO:
            return cell, certain, why
        base = sides()
        reasons = []
        edges = []
        for s, score in enumerate(scores):
            if score >= LAVA_HI:
                edges.append("l")
            elif score >= LAVA_LO:
                reasons.append(f"{'NESW'[s]}: {LAVA_WHY}")
                edges.append("l" if score >= (LAVA_LO + LAVA_HI) / 2 else base[s].kind)
            else:
                edges.append(base[s].kind)
        sure = [s for s in range(4) if scores[s] >= LAVA_HI]
        if len(sure) >= 2:
            # a lake's band or corner: the lava dice draw nothing else beside it (the base reading
            # of the other sides sees the band's hatching reach into them): they are empty when
            # clearly not lava, with nothing reaching their edge
            for s in range(4):
                if s in sure:
                    continue
                if scores[s] >= LAVA_LO:      # (flagged above)
                    edges[s] = "l" if edges[s] == "l" else "."
                    continue
                edges[s] = "."
                if self._edge_inked(faint, r, c, s):
                    reasons.append(f"{'NESW'[s]}: {LAVA_WHY}")
        read = Cell("".join(edges))
        if "l" not in read.edges:   # no side reads as lava: the base reading stands, flagged
            return cell, False, "; ".join(([why] if why else []) + reasons)
        routes = [s for s in range(4) if read.edges[s] in "hr"]
        if any(not base[s].certain for s in routes):
            reasons.append(LAVA_ROUTE_WHY)
        lava = [s for s in range(4) if read.edges[s] == "l"]
        if len(lava) == 1 and read.edges[(lava[0] + 2) % 4] == "." and self._edge_inked(faint, r, c, (lava[0] + 2) % 4):
            reasons.append(f"{'NESW'[(lava[0] + 2) % 4]}: {LAVA_WHY}")
        if read not in LAVA_FACES:
            reasons.append(LAVA_FACE_WHY)
        if not reasons:
            return read, True, ""
        return _nearest_lava(read, scores, base), False, "; ".join(dict.fromkeys(reasons))

    def _edge_inked(self, faint: np.ndarray, r: int, c: int, side: int) -> bool:
        """Whether ink reaches side ``side`` of space (r, c) right at its edge (EDGE_DEPTH, across
        the side's middle 8 mm): lava or a route running out there (a neighbour's overshooting
        line covers little of it)."""
        args = (r, c, side, EDGE_DEPTH[0], EDGE_DEPTH[1], -LAVA_ACROSS, LAVA_ACROSS)
        z, w = _zone(faint, *args), _zone(self.wide, *args)
        return z.size > 0 and (float(z.astype(bool).mean()) >= EDGE_INKED or float(np.median(w)) >= EDGE_DARK)

    def _crater(self, r, c, cell, certain, why, ink, faint):
        area, span, edges = crater_marks(ink, faint, r, c)
        if area < CRATER_AREA_LO:
            return cell, certain, why
        routes = sum(e >= CRATER_EDGE_MAX for e in edges)
        if routes >= 2:
            return cell, certain, why          # a route face: its junction is what lies in the middle
        crater = Cell("....", "x")
        clear = area >= CRATER_AREA_HI and span >= CRATER_SPAN_MM
        if routes == 1:                          # no face has one route side; nor a crater
            guess = crater if clear and cell.edges == "...." else cell
            return guess, False, "; ".join(([why] if why else []) + [CRATER_ROUTE_WHY])
        if clear:
            # nothing reaches the sides: the base reading's doubts are the crater's own marks
            # (a circle reaching into a side's strip, a filled one taken for a station)
            return crater, True, ""
        guess = crater if area >= (CRATER_AREA_LO + CRATER_AREA_HI) / 2 else cell
        return guess, False, "; ".join(([why] if why else []) + [CRATER_WHY])


def _nearest_lava(read: Cell, scores: list[float], base: list) -> Cell:
    """The best guess for an uncertain lava space: the lava die face closest to what was read --
    a side's lava score decides how much making it lava or not costs, a route side's kind as the
    base reading saw it (less when it was uncertain)."""
    best, best_cost = read, None
    for face in sorted(LAVA_FACES, key=lambda f: f.token):
        cost = 0.0
        for s, kind in enumerate(face.edges):
            lava_cost = max(0.0, LAVA_HI - scores[s]) if kind == "l" else max(0.0, scores[s] - LAVA_LO)
            cost += 2 * lava_cost
            if kind in "hr." and kind != "l" and read.edges[s] != "l" and kind != read.edges[s]:
                cost += 0.6 if not base[s].certain else 2.0
        if best_cost is None or cost < best_cost - 1e-9:
            best, best_cost = face, cost
    return best

