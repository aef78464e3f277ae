"""Where something lies over the sheet (a pen, a finger): its outline on the rectified grid.

Round thirteen. The reader (:mod:`read`) finds the printed grid's lines in 3 mm pieces and calls a
piece *hidden* when its line is not seen (``read._line_pieces``). A pen or a finger lying over the
sheet hides the pieces it crosses; here those pieces are grouped (each group one thing over the
sheet) and each group is taken as a straight band — a pen's body, a finger from the sheet's edge —
whose outline covers every hidden piece of the group: its axis along the group's longest spread,
its width the hidden pieces' spread across it, its ends one piece's length past the last hidden
pieces. Inside the band the photo shows the thing, not the drawing; outside it the drawing is seen,
so a route under a pen still shows on either side of it.

Nothing here imports the reader: it takes the hidden pieces and the rectified frame's scale.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

LINK_MM = 30.0        # hidden pieces this close belong to one thing over the sheet (a band crossing the
#                       grid at any angle meets a printed line at least every 21 * sqrt(2) mm)
BAND_MIN_PIECES = 3   # a group of fewer hidden pieces is a drawn line over the printed one, not a cover
BAND_MARGIN_MM = 1.5  # the band reaches this far past the hidden pieces across it (its shadow, its edge)
BAND_END_MM = 3.0     # ... and this far past the last hidden pieces along it
BAND_MAX_WIDTH_MM = 30.0   # a group wider than this across its axis is no pen or finger: not outlined


def piece_centres(shape: tuple[int, int, int], square_mm: float) -> np.ndarray:
    """The centres (x, y in grid mm) of the printed lines' pieces, in ``read._line_pieces``' shape
    (vertical, horizontal) x line x piece."""
    _, lines, n = shape
    piece = square_mm * (lines - 1) / n
    along = (np.arange(n) + 0.5) * piece
    out = np.zeros(shape + (2,))
    for k in range(lines):
        out[0, k, :, 0], out[0, k, :, 1] = k * square_mm, along      # vertical line x = k
        out[1, k, :, 0], out[1, k, :, 1] = along, k * square_mm      # horizontal line y = k
    return out


def _groups(points: np.ndarray) -> list[np.ndarray]:
    """The points linked within LINK_MM of each other, each group its indices."""
    left = set(range(len(points)))
    out = []
    while left:
        todo = [left.pop()]
        group = []
        while todo:
            i = todo.pop()
            group.append(i)
            near = [j for j in left if float(np.hypot(*(points[i] - points[j]))) <= LINK_MM]
            for j in near:
                left.discard(j)
            todo.extend(near)
        out.append(np.array(sorted(group)))
    return out


def bands(hidden: np.ndarray, square_mm: float) -> list[np.ndarray]:
    """The outlines (4 corners each, grid mm) of the bands that cover the hidden pieces."""
    centres = piece_centres(hidden.shape, square_mm)[hidden]
    piece = square_mm * (hidden.shape[1] - 1) / hidden.shape[2]
    out = []
    for group in _groups(centres):
        if len(group) < BAND_MIN_PIECES:
            continue
        pts = centres[group]
        mean = pts.mean(axis=0)
        _, _, vt = np.linalg.svd(pts - mean, full_matrices=False)
        axis, across = vt[0], np.array((-vt[0][1], vt[0][0]))
        a = (pts - mean) @ axis
        b = (pts - mean) @ across
        half = piece / 2      # a piece reaches this far either side of its centre
        lo_b, hi_b = float(b.min()) - BAND_MARGIN_MM, float(b.max()) + BAND_MARGIN_MM
        if hi_b - lo_b > BAND_MAX_WIDTH_MM + 2 * BAND_MARGIN_MM:
            continue
        lo_a, hi_a = float(a.min()) - half - BAND_END_MM, float(a.max()) + half + BAND_END_MM
        out.append(np.array([mean + axis * u + across * v
                             for u, v in ((lo_a, lo_b), (hi_a, lo_b), (hi_a, hi_b), (lo_a, hi_b))]))
    return out


def mask(shape: tuple[int, int], outlines: list[np.ndarray], px_per_mm: float, margin_mm: float) -> np.ndarray:
    """The rectified frame's pixels (``shape``) inside the outlines: True where something lies."""
    out = np.zeros(shape, np.uint8)
    for quad in outlines:
        px = np.round((quad + margin_mm) * px_per_mm).astype(np.int32)
        cv2.fillConvexPoly(out, px, 1)
    return out.astype(bool)


def cover(hidden: np.ndarray, shape: tuple[int, int], square_mm: float, px_per_mm: float,
          margin_mm: float) -> np.ndarray | None:
    """Where something lies over the sheet, as a mask of the rectified frame; None when nothing."""
    outlines = bands(hidden, square_mm)
    if not outlines:
        return None
    return mask(shape, outlines, px_per_mm, margin_mm)


def angle_deg(quad: np.ndarray) -> float:
    """A band's axis, in degrees from the grid's x axis (for the debug and the tests)."""
    d = quad[1] - quad[0]
    return math.degrees(math.atan2(d[1], d[0])) % 180
