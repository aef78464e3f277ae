"""Fewer flags on right spaces (issue 35, round fifteen): railways whose ticks fall outside the strip.

Every flagged space is a tap on the phone page. On a sheet whose highways are one line
(``one_line``: no highway read as two lines with certainty, and its railways crossed by ticks), a
railway whose ticks fall outside the 4.3 mm strip ``read.read_sides`` looks at is one plain line
there, like the sheet's highways: it is flagged "neither clearly a highway nor a railway" and
guessed a railway, which it nearly always is. ``one_line.revise`` settles such sheets' clean
arms as highways but leaves their railway spaces flagged.

The evidence here is the railway's own ticks, over the longer strip ``one_line`` follows the line
through (1.2-8.4 mm inside the edge), on both sides of the space's edge (a route keeps its kind
across an edge): a side guessed a railway is read so with certainty when its own arm is crossed
by TICKS ticks or more (marks the line runs on past, narrow: not a station square's edge, a
junction or the line's end) and the arm across the edge by one or more. A highway drawn as one
line runs clean of marks; two such ticks on both sides of an edge are a railway's sleepers. A
space is certain only when it was flagged for nothing but such sides (``why`` made only of
``doubts``), every doubted side is so backed, and the reader's own rules (``space_at``) then read
it with certainty and without a station or an overpass (those rest on the centre, which the arms
say nothing of).

This module measures the ink itself and never imports the reader (imports point down).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.board import SIZE, square, square_at
from railprint.games.railroad_ink.photo import one_line

TICKS = 1          # a doubted side's own arm is crossed by this many ticks or more ...
ACROSS_TICKS = 1   # ... and the arm across the edge by this many or more
STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))   # N E S W


def railways(rows: list, uncertain: list, ink, p: float, *, strip: Callable, sides_at: Callable,
             space_at: Callable, uncertain_of: Callable, doubts: frozenset[str]) -> tuple[list, list]:
    """The flagged spaces whose every doubted side (``doubts``: a side read as one line with no
    sleeper in its strip) is a railway crossed by ticks on both sides of the edge, read with
    certainty, on a sheet whose highways are one line. ``rows``/``uncertain``: the reading so far
    (cells, ``Uncertain``); ``ink``: the rectified ink mask at ``p`` px per mm; ``strip(mask, r,
    c, side, depth)``; ``sides_at(r, c)``: the reader's four ``SideRead``; ``space_at(r, c,
    sides)``: the reader's (cell, certain, why) from four sides; ``uncertain_of(square, token,
    why)`` (unused: a space is either made certain or left as it was)."""
    flagged = {u.square for u in uncertain}
    # the sheet's habit, as one_line counts it: no highway read as two lines with certainty ...
    double = sum(k == "h" for r in range(SIZE) for c in range(SIZE) if square(r, c) not in flagged
                 and set(rows[r][c].edges) - {"."} == {"h"} for k in rows[r][c].edges)
    if double > one_line.MAX_DOUBLE:
        return rows, uncertain
    lines: dict = {}

    def line(r: int, c: int, s: int):
        if (r, c, s) not in lines:
            lines[(r, c, s)] = one_line.follow(strip(ink, r, c, s, one_line.LONG_DEPTH), p)
        return lines[(r, c, s)]

    # ... and its railways show their ticks
    rails = sum(1 for r in range(SIZE) for c in range(SIZE) for s in range(4)
                if rows[r][c].edges[s] != "." and line(r, c, s) is not None and len(line(r, c, s).marks) >= 2)
    if rails < one_line.SHEET_RAIL_ARMS:
        return rows, uncertain
    out_rows = [list(row) for row in rows]
    kept = []
    for u in uncertain:
        r, c = square_at(u.square)
        if not _side_doubts_only(u.reason, doubts) or "h" in u.guess[:4]:
            kept.append(u)
            continue
        sides = sides_at(r, c)
        new, backed = list(sides), True
        for s, side in enumerate(sides):
            if side.certain:
                continue
            if side.kind != "r" or side.why not in doubts:
                backed = False
                break
            rr, cc = r + STEP[s][0], c + STEP[s][1]
            own = line(r, c, s)
            across = line(rr, cc, (s + 2) % 4) if 0 <= rr < SIZE and 0 <= cc < SIZE else None
            if own is None or len(own.ticks) < TICKS or across is None or len(across.ticks) < ACROSS_TICKS \
                    or rows[rr][cc].edges[(s + 2) % 4] == "h":
                backed = False
                break
            new[s] = type(side)("r", True, "")
        if not backed:
            kept.append(u)
            continue
        cell, certain, why = space_at(r, c, new)
        if certain and not cell.marker and "h" not in cell.edges:
            out_rows[r][c] = cell
        else:
            kept.append(u)
    return [tuple(row) for row in out_rows], kept


def _side_doubts_only(reason: str, doubts: frozenset[str]) -> bool:
    """Whether ``reason`` (``read.read_space``'s, "N: why; E: why") is made only of sides doubted
    for one of ``doubts``."""
    parts = reason.split("; ")
    return bool(parts) and all(len(x) > 3 and x[0] in "NESW" and x[1:3] == ": " and x[3:] in doubts for x in parts)


# --------------------------------------------------------------------------- the printed grid, faint

GRID_LOOKS = 40      # each axis: this many looks at the printed grid's lines found ...
GRID_ON_SHARE = 0.95  # ... and this share of them where the grid is read
GRID_FAINT_PX_PER_MM = 4.0   # only in a photo this sharp at the grid (``read._rectify``'s ``src_ppm``)


def grid_on(samples, off_mm: float) -> bool:
    """Whether the printed grid's lines that were found (``read._grid_samples``: (8, 8, 2 axes, 2
    looks) offsets in mm, NaN where none was found) all but confirm the grid where it is read,
    on each axis apart: GRID_LOOKS looks or more found, GRID_ON_SHARE of them within ``off_mm``.
    A light printer's grid in a modest photo shows only some of its lines (often only the bold
    frame), too few for ``read._grid_doubts``' share of confirmed crossings, and the reader
    flagged every space; the lines found are all on. A grid read 4.5-10 mm off (past the
    search) finds drawn lines and the round boxes' frames in place of the lines it moved off:
    on dev photos (``synth.py`` 1-3, the homography shifted or turned) at most 0.71 of one axis's
    looks were on; on 17 `indep_photos.py` dev photos whose grid was faint, 0.89-1.0 (15 of them
    0.98 or more). The spaces whose corners were not found stay flagged (``read._grid_doubts``).
    Only in a photo of GRID_FAINT_PX_PER_MM or more at the grid (``read`` passes it): under it,
    the same faint grids had hidden the reader's own misreads (one-line highways read as certain
    railways at 2.6 px/mm, a ladder read as a highway at 3.0: 14 spaces on 3 of those 17 photos),
    which every space flagged had covered."""
    for axis in (0, 1):
        v = samples[..., axis, :]
        v = v[~np.isnan(v)]
        if v.size < GRID_LOOKS or float((np.abs(v) <= off_mm).mean()) < GRID_ON_SHARE:
            return False
    return True
