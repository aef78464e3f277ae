"""The corner marks of a document-scan app's binarised page (issue 35, round eighteen).

A scan app (its "black and white" or "document" mode) crops the photo to the paper and turns
every pixel black or white with a *local* threshold: a pixel is black where it is darker than
the light round it. Inside a solid black area wider than the threshold's window the light round
a pixel is as dark as the pixel itself, so the area comes out **hollow**: a black ring along its
edges with white (or speckle) inside. A corner mark's solid cells are such areas: the border
ring keeps its outer edge, but a black cell beside the border or beside other black cells is
left white inside, and ArUco, which samples each cell's middle, reads another id or none
(round seventeen: indep3's scan pages of a crumpled sheet in dim light refused, "no
registration marks found", and the others read after nine looks, 1.3-1.7 s).

What the threshold leaves is still the marks' *edges*, each on its black side: a white cell
holds no black (its black neighbours' rings lie inside them), and a black cell beside a white
one (or beside the white paper round the mark) holds its ring. A black cell with no white
neighbour may be hollow: it says nothing. So a candidate quad (the detector finds the marks'
outlines; it rejects them for their bits) is read here cell by cell against each code of the
dictionary in each of its four turns: every white cell nearly empty (under WHITE_MAX black in its
middle), every black cell beside white (the 20 border cells among them: the paper is white round
the mark) at least BLACK_MIN black. A candidate is taken only when one code and turn of the
50 x 4 fits and every other misfits by APART more (a hollow cell is a wildcard: two codes that
differ only there are both refused), and the reader keeps it only when it fits the other marks
(``read._fits``). Dev (indep3's scan pages among 7,000-7,199 and 1,000-1,019, 29 pages): main
refused 7 and read 22 on one or two marks; with this, 28 read (17 on four marks), 0 silent spaces.

``binarised`` says whether a photo is such a page: almost no pixel between black and white.
This module never imports the reader.
"""

from __future__ import annotations

import cv2
import numpy as np

MID_LOW, MID_HIGH = 48, 208   # a binarised page has almost no pixel between these greys ...
MID_MAX = 0.05                # ... under this share of its pixels (a photo: 0.1-0.9) ...
DARK_MIN = 0.01               # ... and some black (this share under MID_LOW): printing
PAGE_DARK_MAX = 0.3           # a scan app's page (cropped to the paper) is under this share black: 5-9 %
CELLS = 6                     # a mark: 4 x 4 bits in a one-cell black border
CELL_PX = 10                  # each cell sampled at this many px square ...
EDGE_PX = 2                   # ... a white cell's middle: this many px of each side left out
BLACK_BELOW = 128             # a sampled pixel darker than this is black (the page is two-valued)
WHITE_MAX = 0.15              # a white cell holds under this share of black (the blur of its neighbours' edges)
BLACK_MIN = 0.1               # a black cell beside a white one holds at least this (its ring)
APART = 0.1                   # ... and every other code and turn misfits by this much more (a hollow cell fits any)
SIDE_MIN_PX = 16              # candidates shorter than this (px of the detection copy) are not read


def _shares(gray: np.ndarray) -> tuple[float, float]:
    """The shares of ``gray``'s px between black and white and black (every 4th px of every 4th
    row counted: a copy scaled down would average the edges into grey)."""
    some = gray[::4, ::4]
    hist = np.bincount(some.ravel(), minlength=256)
    total = max(1, some.size)
    return float(hist[MID_LOW:MID_HIGH].sum() / total), float(hist[:MID_LOW].sum() / total)


def binarised(gray: np.ndarray) -> bool:
    """Whether the grey photo ``gray`` is a binarised page: almost no pixel between black and white."""
    mid, dark = _shares(gray)
    return mid < MID_MAX and dark >= DARK_MIN


def white_page(gray: np.ndarray) -> bool:
    """Whether ``gray`` is a scan app's page whose paper is white by the app's choice (round
    nineteen): binarised, and mostly paper (under PAGE_DARK_MAX black: the app crops to the sheet).
    Its white is no overexposure: the threshold has drawn every line darker than the paper round it
    black, and the reader does not flag its spaces "the paper is overexposed here". A photo through
    a harsh contrast curve (``field.py``'s ``contrast``) can be as two-valued, but its dark table
    round the sheet is black (dev 940,012 and 940,024: 79-84 % black; indep3's scan pages: 5-9 %):
    its clipped paper may indeed have lost a light line, and it keeps those flags."""
    mid, dark = _shares(gray)
    return mid < MID_MAX and DARK_MIN <= dark < PAGE_DARK_MAX


def _codes() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each id of the 4x4 dictionary in each turn (rows, id-major): (the ids and turns, 2 columns;
    the white cells that must be empty; the black cells that must show a ring: 6 x 6 = 36 columns)."""
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50)
    which, whites, rings = [], [], []
    for marker in range(dictionary.bytesList.shape[0]):
        black = cv2.aruco.generateImageMarker(dictionary, marker, CELLS) < 128
        for turn in range(4):
            b = np.rot90(black, turn)
            white = np.pad(~b, 1, constant_values=True)   # the paper round the mark is white
            beside = white[:-2, 1:-1] | white[2:, 1:-1] | white[1:-1, :-2] | white[1:-1, 2:]
            which.append((marker, turn))
            whites.append((~b).ravel())
            rings.append((b & beside).ravel())
    return np.array(which), np.array(whites), np.array(rings)


_WHICH, _WHITE, _RING = _codes()


def cell_shares(gray: np.ndarray, quad: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The share of black pixels in each of a candidate's 6 x 6 cells (``quad``: its 4 corners
    in ``gray``'s px, in the detector's order): over the whole cell, and over its middle (EDGE_PX
    of each side left out: a white cell's edges take its black neighbours' blur, and the outline's
    corners are found to a px or two)."""
    side = CELLS * CELL_PX
    M = cv2.getPerspectiveTransform(quad.astype(np.float32),
                                    np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32))
    warped = cv2.warpPerspective(gray, M, (side, side), flags=cv2.INTER_LINEAR)
    black = (warped < BLACK_BELOW).reshape(CELLS, CELL_PX, CELLS, CELL_PX)
    return black.mean(axis=(1, 3)), black[:, EDGE_PX:-EDGE_PX, :, EDGE_PX:-EDGE_PX].mean(axis=(1, 3))


def decode(shares: tuple[np.ndarray, np.ndarray]) -> tuple[int, int] | None:
    """(id, turn) of the one code whose cells (``cell_shares``) fit as a hollowed mark, or None
    (none fits, or more than one)."""
    whole, middle = shares
    # how far each code and turn misfits: its white cells' most black, its ring cells' least
    misfit = np.maximum(np.where(_WHITE, middle.ravel(), 0.0).max(axis=1) - WHITE_MAX,
                        BLACK_MIN - np.where(_RING, whole.ravel(), 1.0).min(axis=1))
    order = np.argsort(misfit, kind="stable")
    best, second = float(misfit[order[0]]), float(misfit[order[1]])
    if best < 0 and second - best >= APART:
        marker, turn = _WHICH[order[0]]
        return int(marker), int(turn)
    return None


def marks(gray: np.ndarray, small: np.ndarray, k: float, ours) -> list[tuple[int, np.ndarray]]:
    """The marks found on a binarised page: (id, 4 corners in ``gray``'s px, in ArUco's order),
    for ids ``ours(id)`` accepts. ``small``: ``gray`` scaled by ``k`` (the detection copy), where
    the candidates' outlines are looked for."""
    params = cv2.aruco.DetectorParameters()
    params.minMarkerPerimeterRate = 0.012
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), params)
    _corners, _ids, rejected = detector.detectMarkers(small)
    out: list[tuple[int, np.ndarray]] = []
    for quad in rejected:
        quad = quad.reshape(4, 2).astype(np.float64)
        if min(np.linalg.norm(quad[i] - quad[(i + 1) % 4]) for i in range(4)) < SIDE_MIN_PX:
            continue
        pts = quad / k
        found = decode(cell_shares(gray, pts))
        if found is None or not ours(found[0]):
            continue
        marker, turn = found
        pts = np.roll(pts, turn, axis=0).astype(np.float32)   # corner 0: the mark's own top left
        if k < 1:
            win = max(2, int(min(np.linalg.norm(pts[0] - pts[1]), np.linalg.norm(pts[1] - pts[2])) / 14))
            crit = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.05)
            pts = cv2.cornerSubPix(gray, pts.reshape(-1, 1, 2), (win, win), (-1, -1), crit).reshape(4, 2)
        out.append((marker, pts))
    return out
