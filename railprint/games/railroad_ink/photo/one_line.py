"""Highways drawn as one line (issue 35, round fourteen).

A player may draw a highway as one plain or bold line, where the sheet's railways are lines
crossed by ticks (sleepers, a ladder's rungs). Row by row, a side's strip (``read._strip``: 4.3
mm of the route) cannot tell such a highway from a railway whose ticks fall outside it, and the
reader flags it ("neither clearly a highway nor a railway", "one broad line ...", "a solid band
..."), guessed a railway. The evidence is on the sheet: one player draws the whole sheet in one
habit. Each arm's line is followed through a longer strip (LONG_DEPTH, 7.2 mm); where the sheet
has no highway read as two lines with certainty and its railways show ticks, an arm whose line
runs clean of any mark is a highway's, an arm crossed by ticks a railway's. How often an arm of
this sheet's railways shows no tick is measured on the sheet itself (the arms across an edge
from an arm crossed by two ticks: a route keeps its kind across an edge); a space is read with
certainty only when every route side is so backed and its clean strips (its own arms', and the
arms they run on into across the edges) would all be clean on a railway under RISK.

The reader calls :func:`revise` with what it read; this module measures the ink itself and
never imports the reader (imports point down).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from railprint.games.railroad_ink.board import DELTA, EXIT_AT, SIZE, square, square_at
from railprint.games.railroad_ink.photo import small_stats
from railprint.games.railroad_ink.photo.station_mark import MEET_WHY

LONG_DEPTH = (1.2, 8.4)   # mm inside the edge: clear of the printed grid line, short of a station's square
NEAR_MM = 1.2             # a row's run within this of the line's last centre is the line's
TICK_MM = 1.0             # a row of the line this much wider than the line's own width crosses a tick
TICK_MIN_MM = 1.7         # ... and at least this wide (``read.side_features``' wide row)
AFTER_MM = 1.0            # ... and runs on past it, narrow, through half of this
THIN_MM = 1.2             # a line no wider than this (its rows' median): one pen stroke
RUN_ON = 0.8              # the line is found in this share of the long strip's rows
ARM_MIN_MM = 4.5          # a line found through this much of the long strip counts (clean or not)
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
    reach: float = 0.0    # how deep into the long strip it is followed, mm (round twenty-three: photo/stray.py)


def row_runs(strip: np.ndarray) -> Callable[[int], list[tuple[int, int]]]:
    """Every row's ink runs of an ink mask at once (gaps of one pixel bridged): a function of a
    row giving its runs as (first, last) columns, left to right."""
    ink = strip.astype(bool)
    ink[:, 1:-1] |= ink[:, :-2] & ink[:, 2:]
    step = np.diff(np.pad(ink, ((0, 0), (1, 1))).astype(np.int8), axis=1)
    r0, s0 = np.nonzero(step == 1)
    _, e0 = np.nonzero(step == -1)
    cut = np.searchsorted(r0, np.arange(strip.shape[0] + 1)).tolist()
    first, last = s0.tolist(), (e0 - 1).tolist()
    return lambda i: list(zip(first[cut[i]:cut[i + 1]], last[cut[i]:cut[i + 1]]))


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
    runs_of = row_runs(strip)
    for i in range(rows):
        runs = runs_of(i)
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
    width = float(small_stats.median(widths[found]))
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
    reach = (int(np.flatnonzero(found)[-1]) + 1) / p
    return Line(float(found.sum()) / p, width, marks, pairs / found.sum(), ticks, reach)


def long_line(lines: dict, ink: np.ndarray, p: float, strip: Callable) -> Callable[[int, int, int], Line | None]:
    """Side (r, c, s)'s line through its long strip (:func:`follow`), each followed once and kept in
    ``lines`` ((r, c, s) -> Line), shared by the steps that follow them; ``strip(mask, r, c, side,
    depth)``: a side's strip of the ink mask ``ink`` (``p`` px per mm)."""
    def line(r: int, c: int, s: int) -> Line | None:
        if (r, c, s) not in lines:
            lines[(r, c, s)] = follow(strip(ink, r, c, s, LONG_DEPTH), p)
        return lines[(r, c, s)]
    return line


def revise(rows: list, uncertain: list, ink: np.ndarray, p: float, *, strip: Callable, sides_at: Callable,
           space_at: Callable, side_read: Callable, uncertain_of: Callable, doubts: frozenset[str],
           lines: dict | None = None) -> tuple[list, list]:
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
    is flagged with; ``lines``: each side's ``follow`` kept, (r, c, side) -> Line, shared with
    ``bare_rail.revise`` (round sixteen: each long strip followed once)."""
    line = long_line({} if lines is None else lines, ink, p, strip)

    def clean(x: Line | None) -> bool:
        return x is not None and not x.marks and x.length >= ARM_MIN_MM and x.beside < LADDER

    # the sheet's habit: its highways are not two lines (none read so with certainty) ...
    flagged = {u.square for u in uncertain}
    reasons = {u.square: u.reason for u in uncertain}
    double = sum(k == "h" for r in range(SIZE) for c in range(SIZE) if square(r, c) not in flagged
                 and set(rows[r][c].edges) - {"."} == {"h"} for k in rows[r][c].edges)
    if double > MAX_DOUBLE:
        return rows, uncertain
    # ... and its railways show their ticks: an arm whose route runs on across the space's edge
    # into an arm crossed by a tick is a railway's (a route keeps its kind across an
    # edge), found so whatever its own ticks; how many of those are clean of ticks tells how often
    # an arm of this sheet's railways shows none (``miss``: one more such arm counted than seen,
    # in two more; the clean strips under a space read certain are taken as independent)
    rail = bare = 0
    for r in range(SIZE):
        for c in range(SIZE):
            for s, (rr, cc) in ((1, (r, c + 1)), (2, (r + 1, c))):
                if rr >= SIZE or cc >= SIZE or rows[r][c].edges[s] == "." and rows[rr][cc].edges[s - 2] == ".":
                    continue
                pair = (line(r, c, s), line(rr, cc, s - 2))
                if any(x is None or x.length < ARM_MIN_MM for x in pair):
                    continue
                for x, y in (pair, pair[::-1]):
                    if y.ticks:
                        rail += 1
                        bare += not x.marks
    rails = [line(r, c, s) for r in range(SIZE) for c in range(SIZE) for s in range(4)
             if rows[r][c].edges[s] != "." and line(r, c, s) is not None and len(line(r, c, s).marks) >= 2]
    if len(rails) < SHEET_RAIL_ARMS:
        return rows, uncertain     # the sheet's railways show too few ticks to go by
    # with too few railway arms beside them to tell how often one shows none: better guesses only
    miss = (bare + 1) / (rail + 2) if rail >= SHEET_RAIL_ARMS else 1.0
    # a ladder's rails at a coarse scale run together into one broad line, its rungs no wider:
    # on a sheet whose railways are ladders, only a thin line is a highway's
    ladders = float(np.median([x.beside for x in rails] or [0.0])) >= LADDER
    out_rows = [list(row) for row in rows]
    kept = []
    for u in uncertain:
        r, c = square_at(u.square)
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
                rr, cc = r + DELTA[s][0], c + DELTA[s][1]
                if 0 <= rr < SIZE and 0 <= cc < SIZE and rows[rr][cc].edges[(s + 2) % 4] != ".":
                    across = line(rr, cc, (s + 2) % 4)
                    if across is not None and across.marks:
                        alone = False    # the route across the edge shows a tick: no certainty
                    strips += clean(across)
                    if MEET_WHY in u.reason and _among_phantoms(rows, reasons, r, c) \
                            and not _anchored(rows, flagged, r, c):
                        # round twenty-three: nor one that runs on into a neighbour's route read as both
                        # kinds too, where every route of the space does so or runs into nothing (a coffee
                        # ring's arc read in each space it crosses: indep2 208,003 C2, ``....`` read
                        # ``.h.h`` between two such phantoms)
                        unbacked = True
                elif 0 <= rr < SIZE and 0 <= cc < SIZE and MEET_WHY in u.reason and not _anchored(rows, flagged, r, c):
                    # round twenty: a clean line that runs on into no route (the space beside read empty
                    # there), in a space first read as both kinds whose routes join no space read with
                    # certainty nor an exit, is no certain highway: a coffee ring's arc (indep2 202,934 C5)
                    unbacked = True
            elif len(got.marks) >= 2 or got.marks and side.certain:
                new[s] = side_read("r", True, "")
                # certain only when they are ticks (the line runs on past them), as many
                unbacked |= not (len(got.ticks) >= 2 or got.ticks and side.certain)
            else:
                unbacked = True
        if not any(side.kind == "h" and side.certain and old.why in doubts for side, old in zip(new, sides)):
            kept.append(u)
            continue
        cell, certain, why = space_at(r, c, new)
        out_rows[r][c] = cell
        # a station or an overpass rests on its centre, which the arms say nothing of: an overpass
        # drawn with a hump over the crossing reads as a station once its sides are settled
        # (indep2_photos.py dev seeds 16 and 24), so such a space keeps its flag with the new guess
        if not (certain and alone and not unbacked and miss ** strips <= RISK and not cell.marker):
            reason = why if alone and why else u.reason
            if miss >= 1.0 and reason == MEET_WHY != u.reason:
                # round twenty-six (h-silent8): a sheet whose railways' ticks are too few to count
                # (``miss`` unmeasured) gives guesses only; where the sides guessed highways leave a
                # meeting alone, their doubts stay in the reason, or ``station_mark`` (which lifts the
                # meeting alone where the centre shows the sheet's station) reads the guess with
                # certainty: indep2 210,039 C2 ``.h.rs`` read ``.r.hs``
                reason = "; ".join([f"{'NESW'[s]}: {old.why}" for s, (side, old) in enumerate(zip(new, sides))
                                    if side.certain and not old.certain and side.kind == "h"] + [reason])
            kept.append(uncertain_of(u.square, cell.token, reason))
    return [tuple(row) for row in out_rows], kept


def _among_phantoms(rows: list, reasons: dict, r: int, c: int) -> bool:
    """Whether every route side of space (r, c) faces, across its edge, no route or the route of a
    flagged space read as both kinds (``MEET_WHY`` in ``reasons``, square -> reason) (round
    twenty-three)."""
    for s, kind in enumerate(rows[r][c].edges):
        rr, cc = r + DELTA[s][0], c + DELTA[s][1]
        if kind != "." and 0 <= rr < SIZE and 0 <= cc < SIZE and rows[rr][cc].edges[(s + 2) % 4] != "." \
                and MEET_WHY not in reasons.get(square(rr, cc), ""):
            return False
    return True


def _anchored(rows: list, flagged: set, r: int, c: int) -> bool:
    """Whether a route side of space (r, c) joins a route of a space read with certainty (not in
    ``flagged``) across its edge, or reaches a printed exit (round twenty)."""
    for s, kind in enumerate(rows[r][c].edges):
        rr, cc = r + DELTA[s][0], c + DELTA[s][1]
        if kind == ".":
            continue
        if not (0 <= rr < SIZE and 0 <= cc < SIZE):
            if (r, c, s) in EXIT_AT:
                return True
        elif square(rr, cc) not in flagged and rows[rr][cc].edges[(s + 2) % 4] != ".":
            return True
    return False


RISK = 1e-3               # a space is certain when a railway of the sheet showing all its clean strips is this rare
LADDER = 0.3              # a line with another beside it in this share of its rows is a ladder's rail
SHEET_RAIL_ARMS = 10      # the sheet shows this many arms crossed by two ticks or more (else nothing is
                          # revised), and this many arms across an edge from one (else only guesses)
