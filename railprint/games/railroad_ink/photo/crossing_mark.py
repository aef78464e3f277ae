"""A mark drawn across a straight crossing: a station, not an overpass (issue 35, round fifteen).

A highway and a railway each running straight through a space are either an overpass (``hrhro``:
one route over the other, no join) or the crossing special route with a station (``hrhrs``).
The routes' sides read the same; only the centre tells them apart. The reader finds a station by
its filled square (``read._centre_fill``), a pencil's lighter fill (``filled_centre``), paper closed
in by an outline (``read._enclosed_centre``) and the sheet's own filled, hollow or hatched marks
(``centre``). Players draw stations in other ways too: an X, the letter S, a dot, a ringed dot. On a
crossing such a mark is thin ink among the routes' lines, none of those measures sees it, and the
space was read as a **certain overpass** (the second independent check's dev seed 3002 G3: an X;
the held-out round before: S's and X's on crossings).

What such a mark has that a crossing has not is **direction**. Near a crossing's centre its routes
run along the grid (north-south, east-west): their lines' edges face the axes. An X's strokes run
at 45°; a letter, a ring or a dot's outline turns through every direction. So the darkness's
gradient over the centre (``RADIUS_MM`` around the middle) is split by direction: the share of its
energy whose direction lies nearer a diagonal than an axis (more than 22.5° off both) is the
**diagonal share**. On the dev photos measured (``docs/railroad-ink-photo-rounds.md``, round
fifteen) an overpass's was at most ``OVERPASS_MAX`` and a station drawn as an X or an S on a
crossing at least ``X_MIN``.

- A space read as a **certain overpass** whose centre's diagonal share reaches ``DIAGONAL`` is
  flagged (``WHY``). Its best guess is the station when the sheet's own clear stations (spaces
  read with certainty where a highway and a railway join: a station by the rules, whatever their
  centre shows) mostly show a diagonal mark too (the player's stations look so); without two clear
  stations, when fewer than half of the sheet's other straight crossings show one (a player who
  draws each overpass with a little hump in the highway turns it through every direction too: on
  such a sheet most crossings show it, and the guess stays an overpass).

Nothing here makes a space certain: it only flags spaces and changes flagged spaces' guesses.
Nothing here imports the reader: it takes the rectified darkness and the spaces' centres.
"""

from __future__ import annotations

from typing import Callable

import cv2
import numpy as np

RADIUS_MM = 2.6       # the centre looked at: a station's mark (3.5-6 mm across) lies within it
DIAGONAL = 0.42       # a diagonal share this large on a certain overpass: flagged
MIN_ENERGY = 0.001    # ... and edges enough to tell (the gradient's mean energy over the disc, darkness units)
MIN_CLEAR = 2         # clear stations needed to know the sheet's habit
SHEET_SHARE = 2 / 3   # ... of which this share show a diagonal mark (DIAGONAL) for the habit to hold
WHY = "centre: a mark across the crossing (an X, a letter, a ring): a station?"


def diagonal_share(rel: np.ndarray, cx: float, cy: float, ppm: float) -> tuple[float, float]:
    """(diagonal share, mean energy) of the darkness's gradient within ``RADIUS_MM`` of pixel
    (cx, cy) of the rectified darkness ``rel``."""
    h = int(round((RADIUS_MM + 1.0) * ppm))
    x, y = int(round(cx)), int(round(cy))
    box = rel[y - h:y + h + 1, x - h:x + h + 1]
    if box.shape != (2 * h + 1, 2 * h + 1):
        return 0.0, 0.0
    box = box.astype(np.float32)
    gx = cv2.Sobel(box, cv2.CV_32F, 1, 0, ksize=3) / 8
    gy = cv2.Sobel(box, cv2.CV_32F, 0, 1, ksize=3) / 8
    yy, xx = np.ogrid[-h:h + 1, -h:h + 1]
    disc = (xx * xx + yy * yy) <= (RADIUS_MM * ppm) ** 2
    energy = (gx * gx + gy * gy)[disc]
    angle = np.arctan2(gy, gx)[disc]
    off_axis = np.abs(((angle + np.pi / 4) % (np.pi / 2)) - np.pi / 4)   # 0 (along an axis) .. pi/4
    total = float(energy.sum())
    if total <= 0:
        return 0.0, 0.0
    return float(energy[off_axis > np.pi / 8].sum()) / total, total / len(energy)


def _straight(edges: str) -> bool:
    return edges in ("hrhr", "rhrh")


def _joined(edges: str) -> bool:
    return set(edges) - {"."} == {"h", "r"} and not _straight(edges)


def revise(cells: dict[tuple[int, int], tuple], share: Callable[[int, int], tuple[float, float]]
           ) -> dict[tuple[int, int], tuple[object, bool, str]]:
    """The spaces this changes: {(r, c): (cell, certain, why)}. ``cells``: each space's
    (cell, certain, why) as read; ``share(r, c)``: the space's ``diagonal_share``."""
    clear = [share(r, c)[0] for (r, c), (cell, certain, _) in cells.items()
             if certain and cell.marker == "s" and _joined(cell.edges)]
    crossings = {place: share(*place)[0] for place, (cell, _, _) in cells.items()
                 if _straight(cell.edges) and cell.marker in ("o", "s")}
    out = {}
    for (r, c), (cell, certain, why) in cells.items():
        if not (certain and cell.marker == "o" and _straight(cell.edges)):
            continue
        value, energy = share(r, c)
        if value < DIAGONAL or energy < MIN_ENERGY:
            continue
        if len(clear) >= MIN_CLEAR:   # the player's own stations say whether theirs look so
            station = sum(v >= DIAGONAL for v in clear) >= SHEET_SHARE * len(clear)
        else:   # most of the sheet's crossings look so too: the player's overpasses (a hump)
            others = [v for place, v in crossings.items() if place != (r, c)]
            station = sum(v >= DIAGONAL for v in others) * 2 < len(others) or not others
        out[(r, c)] = (type(cell)(cell.edges, "s") if station else cell, False, WHY)
    return out


def apply(rows: list[tuple], uncertain: list, rel: np.ndarray, centre_px: Callable[[int, int], tuple[float, float]],
          ppm: float, square: Callable[[int, int], str], uncertain_of: Callable) -> tuple[list[tuple], list]:
    """``revise`` over a read sheet: ``rows`` (cells), ``uncertain`` (``read.Uncertain``: square,
    guess, why); returns both, the changed spaces flagged with their new guess."""
    flagged = {u.square: u for u in uncertain}
    cells = {(r, c): (cell, square(r, c) not in flagged, "") for r, row in enumerate(rows) for c, cell in enumerate(row)}
    known: dict[tuple[int, int], tuple[float, float]] = {}

    def share(r: int, c: int) -> tuple[float, float]:
        if (r, c) not in known:
            known[(r, c)] = diagonal_share(rel, *centre_px(r, c), ppm)
        return known[(r, c)]

    changed = revise(cells, share)
    if not changed:
        return rows, uncertain
    grid = [list(row) for row in rows]
    for (r, c), (cell, _, why) in changed.items():
        grid[r][c] = cell
        flagged[square(r, c)] = uncertain_of(square(r, c), cell.token, why)
    return [tuple(row) for row in grid], list(flagged.values())
