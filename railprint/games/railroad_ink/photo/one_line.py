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

from dataclasses import dataclass
from typing import Callable

import numpy as np

LONG_DEPTH = (1.2, 8.4)   # mm inside the edge: clear of the printed grid line, short of a station's square
NEAR_MM = 1.2             # a row's run within this of the line's last centre is the line's
TICK_MM = 1.0             # a row of the line this much wider than the line's own width crosses a tick
TICK_MIN_MM = 1.7         # ... and at least this wide (``read.side_features``' wide row)
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
    ticks: list[float]
    beside: float = 0.0   # the share of its rows with another line 0.9-3.2 mm beside it (a ladder's other rail)


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
    for i, row in enumerate(strip):
        idx = np.flatnonzero(row)
        if idx.size == 0:
            continue
        breaks = np.flatnonzero(np.diff(idx) > 2)
        starts = np.concatenate([[idx[0]], idx[breaks + 1]])
        ends = np.concatenate([idx[breaks], [idx[-1]]])
        # the run holding the centre, or the nearest one within NEAR_MM
        dist = np.where((starts <= centre) & (ends >= centre), 0.0,
                        np.minimum(np.abs(starts - centre), np.abs(ends - centre)))
        k = int(np.argmin(dist))
        if dist[k] > NEAR_MM * p:
            continue
        widths[i] = (ends[k] - starts[k] + 1) / p
        if widths[i] < TICK_MIN_MM:
            centre = (starts[k] + ends[k]) / 2
            apart = np.abs((starts + ends) / 2 - centre) / p
            pairs += bool(((apart >= 0.9) & (apart <= 3.2)).any())
    found = ~np.isnan(widths)
    if found.sum() < 3:
        return None
    width = float(np.median(widths[found]))
    wide = found & (widths >= max(TICK_MIN_MM, width + TICK_MM))
    ticks: list[float] = []
    i = 0
    while i < rows:
        if wide[i]:
            j = i
            while j + 1 < rows and (wide[j + 1] or j + 2 < rows and wide[j + 2]):
                j += 1
            ticks.append((i + j) / 2 / p)
            i = j + 1
        else:
            i += 1
    return Line(float(found.sum()) / p, width, ticks, pairs / found.sum())


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

    flagged = {u.square for u in uncertain}
    # the sheet's habit, from its spaces read with certainty: its highways are not two lines, and
    # its railways' arms show ticks along the long strip (nearly) every one
    rails: list[Line | None] = []
    double = 0
    for r in range(size):
        for c in range(size):
            cell = rows[r][c]
            if square_of(r, c) in flagged or cell.marker or cell.empty:
                continue
            kinds = set(cell.edges) - {"."}
            if kinds == {"h"}:
                double += sum(k == "h" for k in cell.edges)
            elif kinds == {"r"}:
                rails += [line(r, c, s) for s, k in enumerate(cell.edges) if k == "r"]
    rails = [x for x in rails if x is None or x.length >= ARM_MIN_MM]
    clean = sum(x is None or not x.ticks for x in rails)
    sure = double <= MAX_DOUBLE and len(rails) >= SHEET_RAIL_ARMS and clean <= SHEET_CLEAN_RAIL * len(rails)
    if double > MAX_DOUBLE:
        return rows, uncertain
    if not sure:
        # no certainty, but a better guess where the sheet's arms show ticks in plenty (a photo
        # whose every space is flagged for the grid or the light)
        every = [line(r, c, s) for r in range(size) for c in range(size) for s in range(4)
                 if rows[r][c].edges[s] != "."]
        if sum(x is not None and len(x.ticks) >= 2 for x in every) < SHEET_RAIL_ARMS:
            return rows, uncertain
        rails = [x for x in every if x is not None and len(x.ticks) >= 2]
    # a ladder's rails at a coarse scale run together into one broad line, its rungs no wider:
    # on a sheet whose railways are ladders, only a thin line is a highway's
    ladders = bool(rails) and float(np.median([x.beside for x in rails if x is not None] or [0.0])) >= LADDER
    out_rows = [list(row) for row in rows]
    kept = []
    for u in uncertain:
        r, c = "ABCDEFG".index(u.square[0]), int(u.square[1:]) - 1
        sides = sides_at(r, c)
        if sum(side.kind != "." for side in sides) < 2:
            kept.append(u)
            continue
        # flagged only for how its sides read, or for more (the photo, the grid there): a guess
        alone = sure and space_at(r, c, sides)[2] == u.reason
        new = list(sides)
        for s, side in enumerate(sides):
            if side.kind == "." or side.certain and side.kind == "h":
                continue
            got = line(r, c, s)
            if got is None:
                continue
            if not side.certain and side.why in doubts and not got.ticks and got.length >= ARM_MIN_MM \
                    and got.beside < LADDER and (got.width <= THIN_MM or not ladders):
                new[s] = side_read("h", True, "")
            elif len(got.ticks) >= 2 or got.ticks and side.certain:
                new[s] = side_read("r", True, "")
        if not any(side.kind == "h" and side.certain and old.why in doubts for side, old in zip(new, sides)):
            kept.append(u)
            continue
        cell, certain, why = space_at(r, c, new)
        out_rows[r][c] = cell
        if not (certain and alone):
            kept.append(uncertain_of(u.square, cell.token, why if alone and why else u.reason))
    return [tuple(row) for row in out_rows], kept


LADDER = 0.3              # a line with another beside it in this share of its rows is a ladder's rail
SHEET_RAIL_ARMS = 10      # the sheet's railways read with certainty have this many arms or more ...
SHEET_CLEAN_RAIL = 0.05   # ... and this share of them at most shows no tick along the long strip
