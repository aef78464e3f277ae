"""Straight edges round the sheet that do not lie in the sheet's plane (used by ``screen.py``).

A photo of the printed sheet shown on a screen (a photo sent to a phone, opened on a laptop) is a
picture of two planes: the sheet's, as the first camera saw it, and the display's, as the second
one sees it. Everything the display draws square -- its own edge, the bezel, the shown photo's
edge, a letterbox beside it -- is a rectangle in the *display's* plane. The marks' homography
``H`` maps the sheet's plane (grid mm) to the photo; taken back through it, the display's
rectangle is a rectangle only if the first camera looked straight down at the sheet: tilted by
``t`` degrees, the display's opposite sides converge and its corners depart from 90 degrees, by
more the more it is tilted (the generator draws 0-35 degrees, as players hold a phone).

Paper has no second plane round the sheet. What encloses a sheet lying on a table -- the table's
edge, a mat, a tray, a book, a clipboard -- lies in the sheet's plane or one parallel to it (a
tray's rim): its rectangle comes back through ``H`` as a rectangle (parallel planes share their
horizon, so their parallel edges stay parallel). On the dev trays and walled trays the corners of
every such edge came back within 2 degrees of a rectangle (docs: railroad-ink-photo-rounds.md,
"Round fourteen: a photo of a screen").

So: each quadrilateral that encloses the grid -- fitted to a dark region (``screen._dark_quads``:
a bezel, a dark letterbox, the shown photo's dark table) or to a region grown from beside the page
(:func:`surround_masks`: a table, a tray's floor, the shown photo's own table, stopped by any edge;
and all of them together with the page, :func:`surround_whole`: that table split by its shadows)
-- has each of its sides checked for being a real edge (:func:`edge_line`: a straight step in the
light along its middle 80 %, found within a few px of the side and fitted by a line; a side of a
convex hull drawn across a shadow is none); sides along the photo's border, or along its own frame
(black corners a lens correction left), are none. With MIN_EDGES real edges, each corner and each
facing pair is taken to the sheet's plane and its angle measured: off a rectangle by SKEW_DEG or
more, the edges are not in the sheet's plane -- a screen (``screen.check`` refuses the photo);
by SKEW_DOUBT or more, likely one (every space flagged).

A region grown from beside the page counts only where it fills its quadrilateral (:func:`fills`):
a gingham tablecloth's mid-tone stripes make one lattice round its light and dark squares, and the
lattice's hull has the cloth's own square edges for sides. Where the sheet does not lie flat on the
cloth (held at a slant, on a book), those edges are in another plane than the sheet's, and a paper
photo was refused as a screen (round twenty-six, lead: indep3 301,764 and 301,805, 14 and 10 degrees).
"""

from __future__ import annotations

import numpy as np
import cv2

SAMPLES = 48             # an edge is looked at in this many places along its middle 80 % ...
REACH = 10               # ... each within this many px (at the 640 px look) either side of the side
STEP = 0.15              # ... for a step of this much log light (the same way in every place)
BOX = 3                  # ... the mean light over this many px on each side of the step
FIT = 1.5                # ... the steps on one line within this many px
SHARE = 0.8              # ... in this share of the places (those in the photo; at least half of them)
MIN_PX = 40              # an edge at least this long (px at the 640 px look)
MIN_EDGES = 3            # a quadrilateral with this many of its sides real edges (two corners, a facing pair)
SKEW_DEG = 8.0           # two edges this far from square or parallel in the sheet's plane: not in it
SKEW_DOUBT = 4.0         # ... this far: likely not (every space flagged); paper's edges stayed under 1.5
FRAME_AXIS_DEG = 3.0     # an edge this near the photo's axes ...
FRAME_NEAR = 0.04        # ... and this share of the photo's size from its border is the photo's own frame
                         # (a lens's distortion corrected with black corners; dev field 750,053: barrel)


def edge_line(light: np.ndarray, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The real edge near the side a-b of a quadrilateral (``light``: log light, px): two points
    of the line fitted through a straight step found along the side, or None when there is none
    (fewer than SHARE of the places with a step on one line, the same way)."""
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    d = b - a
    length = float(np.hypot(*d))
    if length < MIN_PX:
        return None
    n = np.array([-d[1], d[0]]) / length
    t = np.linspace(0.1, 0.9, SAMPLES)
    offsets = np.arange(-REACH - BOX, REACH + BOX + 1)
    pts = a[None, None, :] + (t[:, None, None] * d[None, None, :]) + offsets[None, :, None] * n[None, None, :]
    pts = pts.astype(np.float32)
    prof = cv2.remap(light, pts[..., 0], pts[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                     borderValue=-100.0)
    seen = (prof > -50).all(axis=1)
    if seen.mean() < 0.5:
        return None
    total = np.concatenate([np.zeros((len(t), 1)), np.cumsum(prof, axis=1)], axis=1)
    at = np.arange(BOX, len(offsets) - BOX)                 # the step between at-1 and at
    before = (total[:, at] - total[:, at - BOX]) / BOX
    after = (total[:, at + BOX] - total[:, at]) / BOX
    jump = after - before
    best = None
    for sign in (1.0, -1.0):
        s = sign * jump
        where = np.argmax(s, axis=1)
        strong = seen & (s[np.arange(len(t)), where] >= STEP)
        if strong.sum() < SHARE * seen.sum():
            continue
        o = offsets[at[where]] - 0.5
        tt, oo = t[strong], o[strong]
        for _ in range(2):                                   # a line through them, once refitted on its inliers
            coef = np.polyfit(tt, oo, 1)
            keep = np.abs(np.polyval(coef, t) - o) <= FIT
            tt, oo = t[keep & strong], o[keep & strong]
            if len(tt) < 2:
                break
        inliers = strong & (np.abs(np.polyval(coef, t) - o) <= FIT)
        if inliers.sum() >= SHARE * seen.sum() and (best is None or inliers.sum() > best[0]):
            best = (inliers.sum(), coef)
    if best is None:
        return None
    coef = best[1]
    return a + n * np.polyval(coef, 0.0), b + n * np.polyval(coef, 1.0)


def skew(light: np.ndarray, quad: np.ndarray, back: np.ndarray, scale: float) -> float | None:
    """How far (degrees) the real edges of ``quad`` (px at ``light``'s look, corners in order)
    are from a rectangle once taken to the sheet's plane (``back``: photo px to grid mm; the look
    is ``scale`` times the photo): the largest of each corner's departure from 90 degrees (both its
    sides real edges) and each facing pair's angle (both real). None when fewer than MIN_EDGES
    sides are real edges, or one of them is behind the sheet's horizon."""
    lines = edge_angles(light, quad, back, scale)
    if lines is None or sum(line is not None for line in lines) < MIN_EDGES:
        return None

    def between(x, y):
        z = abs(x - y) % 180.0
        return min(z, 180.0 - z)

    worst = None
    for i in range(4):
        for j, want in (((i + 1) % 4, 90.0), ((i + 2) % 4, 0.0)):
            if j < i and want == 0.0:
                continue
            if lines[i] is None or lines[j] is None:
                continue
            off = abs(between(lines[i], lines[j]) - want)
            worst = off if worst is None else max(worst, off)
    return worst


def edge_angles(light: np.ndarray, quad: np.ndarray, back: np.ndarray, scale: float) -> list[float | None] | None:
    """Each side of ``quad``'s real edge's direction in the sheet's plane (degrees), or None for a
    side that is no real edge (:func:`edge_line`; along the photo's border, or its own frame); None
    when a real edge is behind the sheet's horizon (another plane, but no angle to measure)."""
    h, w = light.shape
    lines = []
    for i in range(4):
        a, b = quad[i], quad[(i + 1) % 4]
        on_border = [p[0] <= 3 or p[1] <= 3 or p[0] >= w - 4 or p[1] >= h - 4 for p in (a, b, (a + b) / 2)]
        if (on_border[0] and on_border[1]) or on_border[2]:
            lines.append(None)
            continue
        found = edge_line(light, a, b)
        if found is None or _photo_frame(found, w, h):
            lines.append(None)
            continue
        pts = np.c_[np.array(found) / scale, np.ones(2)] @ back.T
        if not np.all(pts[:, 2] > 0):
            return None
        mm = pts[:, :2] / pts[:, 2:]
        lines.append(float(np.degrees(np.arctan2(*(mm[1] - mm[0])[::-1]))))
    return lines


def _photo_frame(line, w: int, h: int) -> bool:
    """Whether ``line`` (two points, px of a ``w`` x ``h`` look) runs along the photo's own border:
    within FRAME_AXIS_DEG of its axes, its middle within FRAME_NEAR of the size from the border
    parallel to it. No edge of the scene, in no plane."""
    (x0, y0), (x1, y1) = line
    angle = float(np.degrees(np.arctan2(abs(y1 - y0), abs(x1 - x0))))
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    if angle <= FRAME_AXIS_DEG:
        return min(my, h - my) <= FRAME_NEAR * h
    if angle >= 90.0 - FRAME_AXIS_DEG:
        return min(mx, w - mx) <= FRAME_NEAR * w
    return False


FLOOD = 0.04             # the table round the sheet: grown from beside the page over steps under this
                         # much log light from one px to the next (a shadow's or a vignette's slope is less)
STOP = 0.05              # ... nor across a slope of this much log light per px (an edge, a faint one too)
SEEDS_MM = (10.0, 25.0)  # ... from points this far beyond the page's sides
SOLID = 0.7              # a region's quadrilateral encloses the sheet only if the region fills this share of it
                         # outside the page (round twenty-six: a gingham's lattice 0.42-0.56 on indep3 301,764 and
                         # 301,805; the test suite's trays, tables and shown photos' tables 0.83-0.99 where their
                         # edges came back 5 degrees or more off the sheet's plane, and one at 0.61 that decides nothing)


def surround_masks(light: np.ndarray, seeds) -> list[np.ndarray]:
    """The regions round the sheet (uint8 masks of ``light``'s size): from each of ``seeds`` (px,
    in the photo and not yet in a region), what ``light`` holds without a step of FLOOD between
    neighbouring px (a table, a tray's floor, the shown photo's own table, a letterbox)."""
    h, w = light.shape
    img = np.ascontiguousarray(light, np.float32)
    gx = cv2.Sobel(img, cv2.CV_32F, 1, 0, ksize=3) / 8
    gy = cv2.Sobel(img, cv2.CV_32F, 0, 1, ksize=3) / 8
    wall = np.zeros((h + 2, w + 2), np.uint8)
    wall[1:-1, 1:-1] = np.hypot(gx, gy) > STOP          # an edge stops the growth, faint as it may be
    masks: list[np.ndarray] = []
    taken = np.zeros((h, w), bool)
    for x, y in seeds:
        xi, yi = int(round(x)), int(round(y))
        if not (2 <= xi < w - 2 and 2 <= yi < h - 2) or taken[yi, xi] or wall[yi + 1, xi + 1]:
            continue
        mask = wall.copy()
        cv2.floodFill(img, mask, (xi, yi), 0, FLOOD, FLOOD, 4 | cv2.FLOODFILL_MASK_ONLY | (2 << 8))
        region = (mask[1:-1, 1:-1] == 2).astype(np.uint8)
        taken |= region > 0
        masks.append(region)
    return masks


def fills(mask: np.ndarray, quad: np.ndarray, page: np.ndarray) -> bool:
    """Whether the region ``mask`` (uint8) fills its quadrilateral ``quad`` outside the page (``page``:
    its four corners; both px of the look) to SOLID: a table, a tray's floor, a letterbox, a shown
    photo's table do; a tablecloth's lattice (a gingham's mid-tone stripes, grown round its light and
    dark squares) does not, and its squares' edges are the cloth's, in no display's plane."""
    inside = np.zeros(mask.shape, np.uint8)
    cv2.fillConvexPoly(inside, np.round(np.asarray(quad, np.float64)).astype(np.int32).reshape(-1, 2), 1)
    cv2.fillConvexPoly(inside, np.round(np.asarray(page, np.float64)).astype(np.int32).reshape(-1, 2), 0)
    outside = inside > 0
    share = float((mask[outside] > 0).mean()) if outside.any() else 1.0
    return share >= SOLID


def surround_whole(masks: list[np.ndarray], page: np.ndarray, shape) -> np.ndarray:
    """The regions round the sheet (:func:`surround_masks`) taken together with the page (``page``:
    its four corners, px of the look), as one mask (uint8 of ``shape``). A shown photo's own table
    falls apart at its shadows' edges into pieces, none of which reaches round the page; together
    with the page they fill the shown photo up to its edge (round sixteen: dev screen 840,034)."""
    whole = np.zeros(shape, np.uint8)
    for mask in masks:
        whole |= mask
    cv2.fillConvexPoly(whole, np.round(np.asarray(page, np.float64)).astype(np.int32).reshape(-1, 2), 1)
    return whole

