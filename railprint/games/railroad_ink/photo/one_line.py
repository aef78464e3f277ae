"""Highways drawn as one line (issue 35, round fourteen).

A player may draw a highway as one plain line, where the sheet's railways are lines crossed by
ticks (sleepers). Row by row, a side's strip (``read._strip``: 4.3 mm of the route) cannot tell
such a highway from a railway whose sparse ticks fall outside it, and the reader flags it
("neither clearly a highway nor a railway", guessed a railway). The evidence is on the sheet: one
player draws the whole sheet in one habit, so when the sheet's railways show their ticks at a
spacing the photo resolves, a space whose every route is one line running the length of its
arms with no tick on any of them, over more than that spacing, is no railway of this sheet: it
is a highway.

The reader calls :func:`revise` with what it read; this module measures the ink itself (the
rectified ink mask, ``strip(mask, r, c, side, depth)`` as ``read._strip``) and never imports the
reader (imports point down).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

LONG_DEPTH = (1.2, 8.4)   # mm inside the edge: clear of the printed grid line, short of a station's square
NEAR_MM = 1.2             # a row's run within this of the line's last centre is the line's
TICK_MM = 1.0             # a row of the line this much wider than the line's own width crosses a tick
TICK_MIN_MM = 1.7         # ... and at least this wide (``read.side_features``' wide row)
AFTER_MM = 1.0            # ... and runs on past it, narrow, through half of this
THIN_MM = 1.2             # a line no wider than this (its rows' median): one pen stroke
RUN_ON = 0.8              # the line is found in this share of the long strip's rows
SHEET_TICKED = 6          # the sheet shows ticks on this many route sides or more ...
SHEET_GAPS = 3            # ... and this many spacings between two ticks in one strip
SPACINGS = 1.3            # a clean arm runs this many of the sheet's largest tick spacings (or more)
ARM_MIN_MM = 4.5          # ... and this long at least
MAX_DOUBLE = 1            # a sheet with more sides read as two-line highways draws its highways so


@dataclass
class Line:
    """One side's line along the long strip: how much of the strip it runs through (mm), its own
    width (the median of its rows, mm), the ticks crossing it (their places along the strip, mm)."""
    length: float
    width: float
    marks: list[float]    # where it runs wide (a tick, or anything else across it)
    beside: float = 0.0   # the share of its rows with another line 0.9-3.2 mm beside it (a ladder's other rail)
    ticks: list[float] = field(default_factory=list)   # the marks the line runs on past, narrow: ticks


def follow(strip: np.ndarray, p: float) -> Line | None:
    """The line running inwards through a side's long strip (``strip``: an ink mask, rows
    inwards, columns across the route; ``p`` px per mm): row by row the ink run nearest the
    line's centre so far (starting from the darkest column), its width; rows where it runs
    TICK_MM wider than the line's own width (and TICK_MIN_MM) cross a tick."""
    rows, cols = strip.shape
    if rows == 0 or not strip.any():
        return None
    centre = float(np.argmax(strip.sum(axis=0)))
    widths = np.full(rows, np.nan)
    pairs = 0
    # every row's ink runs at once (gaps of one pixel bridged), then row by row in plain Python
    ink = strip.astype(bool)
    ink[:, 1:-1] |= ink[:, :-2] & ink[:, 2:]
    step = np.diff(np.pad(ink, ((0, 0), (1, 1))).astype(np.int8), axis=1)
    r0, s0 = np.nonzero(step == 1)
    _, e0 = np.nonzero(step == -1)
    cut = np.searchsorted(r0, np.arange(rows + 1)).tolist()
    s0, e0 = s0.tolist(), (e0 - 1).tolist()
    for i in range(rows):
        runs = list(zip(s0[cut[i]:cut[i + 1]], e0[cut[i]:cut[i + 1]]))
        if not runs:
            continue
        # the run holding the centre, or the nearest one within NEAR_MM
        a, b = min(runs, key=lambda x: 0.0 if x[0] <= centre <= x[1] else min(abs(x[0] - centre), abs(x[1] - centre)))
        if not a <= centre <= b and min(abs(a - centre), abs(b - centre)) > NEAR_MM * p:
            continue
        widths[i] = (b - a + 1) / p
        if widths[i] < TICK_MIN_MM:
            centre = (a + b) / 2
            pairs += any(0.9 * p <= abs((x + y) / 2 - centre) <= 3.2 * p for x, y in runs)
    found = ~np.isnan(widths)
    if found.sum() < 3:
        return None
    width = float(np.median(widths[found]))
    wide = found & (widths >= max(TICK_MIN_MM, width + TICK_MM))
    narrow = found & ~wide
    after = int(round(AFTER_MM * p))
    marks: list[float] = []
    ticks: list[float] = []
    i = 0
    while i < rows:
        if wide[i]:
            j = i
            while j + 1 < rows and (wide[j + 1] or j + 2 < rows and wide[j + 2]):
                j += 1
            marks.append((i + j) / 2 / p)
            # a tick crosses the line, which runs on past it, narrow (a station square's edge or a
            # junction is followed by more ink, or by none where the line stops)
            if j + after < rows and narrow[j + 1:j + 1 + after].mean() >= 0.5:
                ticks.append((i + j) / 2 / p)
            i = j + 1
        else:
            i += 1
    return Line(float(found.sum()) / p, width, marks, pairs / found.sum(), ticks)


def revise(rows: list, uncertain: list, ink: np.ndarray, p: float, *, strip: Callable, sides_at: Callable,
           space_at: Callable, side_read: Callable, uncertain_of: Callable, doubts: frozenset[str],
           square_of: Callable, size: int) -> tuple[list, list]:
    """The flagged spaces whose routes are one line each, on a sheet whose railways show their
    ticks: each arm clean of ticks read as a highway, each arm crossed by ticks as a railway. A
    space flagged only for how its sides read (the reader's own doubts, nothing about the photo
    or the grid there) and whose every side is now read with certainty takes the reader's
    reading of those sides (station, overpass, die face) and is certain when that is; else it
    stays flagged with the guess from those sides. ``rows``/``uncertain``: the reading so far
    (cells, ``Uncertain``); ``ink``: the rectified ink mask at ``p`` px per mm; ``strip(mask, r,
    c, side, depth)``: a side's strip; ``sides_at(r, c)``: the reader's four ``SideRead``;
    ``space_at(r, c, sides)``: the reader's (cell, certain, why) from four sides; ``side_read(kind,
    certain, why)``; ``uncertain_of(square, token, why)``; ``doubts``: the reasons a one-line side
    is flagged with; ``square_of(r, c)``."""
    lines: dict[tuple[int, int, int], Line | None] = {}

    def line(r: int, c: int, s: int) -> Line | None:
        if (r, c, s) not in lines:
            lines[(r, c, s)] = follow(strip(ink, r, c, s, LONG_DEPTH), p)
        return lines[(r, c, s)]

    def clean(x: Line | None) -> bool:
        return x is not None and not x.marks and x.length >= ARM_MIN_MM and x.beside < LADDER

    # the sheet's habit: its highways are not two lines (none read so with certainty) ...
    flagged = {u.square for u in uncertain}
    double = sum(k == "h" for r in range(size) for c in range(size) if square_of(r, c) not in flagged
                 and set(rows[r][c].edges) - {"."} == {"h"} for k in rows[r][c].edges)
    if double > MAX_DOUBLE:
        return rows, uncertain
    # ... and its railways show their ticks: an arm of a space without a station or an overpass
    # whose other arm is crossed by two ticks or more is a railway's (the rules draw one kind of
    # route in such a space), found so whatever its own ticks; how many of those are clean of ticks
    # tells how often this sheet's railway arm shows none (``miss``, an upper bound)
    rail = bare = 0
    for r in range(size):
        for c in range(size):
            cell = rows[r][c]
            routes = [s for s in range(4) if cell.edges[s] != "."]
            if cell.marker or len(routes) < 2:
                continue
            got = {s: line(r, c, s) for s in routes}
            for s in routes:
                if got[s] is not None and got[s].length >= ARM_MIN_MM \
                        and any(t != s and got[t] is not None and len(got[t].ticks) >= 2 for t in routes):
                    rail += 1
                    bare += bool(not got[s].marks)
    if rail < SHEET_RAIL_ARMS:
        return rows, uncertain
    miss = (bare + 1) / (rail + 2)
    rails = [line(r, c, s) for r in range(size) for c in range(size) for s in range(4)
             if rows[r][c].edges[s] != "." and line(r, c, s) is not None and len(line(r, c, s).ticks) >= 2]
    # a ladder's rails at a coarse scale run together into one broad line, its rungs no wider:
    # on a sheet whose railways are ladders, only a thin line is a highway's
    ladders = float(np.median([x.beside for x in rails] or [0.0])) >= LADDER
    if os.environ.get("ONE_LINE_DEBUG"):
        print("SHEET", dict(double=double, rail=rail, bare=bare, miss=round(miss, 3), ladders=ladders))
    out_rows = [list(row) for row in rows]
    kept = []
    for u in uncertain:
        r, c = "ABCDEFG".index(u.square[0]), int(u.square[1:]) - 1
        if not any(clean(line(r, c, s)) for s in range(4) if rows[r][c].edges[s] != "."):
            kept.append(u)   # no arm of its guess runs clean (the sides are not read again)
            continue
        sides = sides_at(r, c)
        if sum(side.kind != "." for side in sides) < 2:
            kept.append(u)
            continue
        # flagged only for how its sides read, or for more (the photo, the grid there): a guess
        alone = space_at(r, c, sides)[2] == u.reason
        new = list(sides)
        strips = 0          # the clean strips a highway read here stands on: its own and across its edges
        unbacked = False    # a route side neither clean nor crossed by ticks here (read so or not)
        for s, side in enumerate(sides):
            if side.kind == "." or side.certain and side.kind == "h":
                continue
            got = line(r, c, s)
            if got is None:
                unbacked = True
                continue
            if not side.certain and side.why in doubts and clean(got) and (got.width <= THIN_MM or not ladders):
                new[s] = side_read("h", True, "")
                strips += 1
                rr, cc = r + (-1, 0, 1, 0)[s], c + (0, 1, 0, -1)[s]
                if 0 <= rr < size and 0 <= cc < size and rows[rr][cc].edges[(s + 2) % 4] != ".":
                    across = line(rr, cc, (s + 2) % 4)
                    if across is not None and across.marks:
                        alone = False    # the route across the edge shows a tick: no certainty
                    strips += clean(across)
            elif len(got.ticks) >= 2 or got.ticks and side.certain:
                new[s] = side_read("r", True, "")
            else:
                unbacked = True
        if not any(side.kind == "h" and side.certain and old.why in doubts for side, old in zip(new, sides)):
            kept.append(u)
            continue
        cell, certain, why = space_at(r, c, new)
        if os.environ.get("ONE_LINE_DEBUG"):
            print("SPACE", u.square, rows[r][c].token, "->", cell.token, certain, alone, strips, round(miss ** strips, 5))
        out_rows[r][c] = cell
        if not (certain and alone and not unbacked and miss ** strips <= RISK):
            kept.append(uncertain_of(u.square, cell.token, why if alone and why else u.reason))
    return [tuple(row) for row in out_rows], kept


RISK = 1e-3               # a space is read certain when its clean strips all clean on a railway of the sheet is this rare
LADDER = 0.3              # a line with another beside it in this share of its rows is a ladder's rail
SHEET_RAIL_ARMS = 10      # the sheet's railways read with certainty have this many arms or more ...
SHEET_CLEAN_RAIL = 0.05   # ... and this share of them at most shows no tick along the long strip
