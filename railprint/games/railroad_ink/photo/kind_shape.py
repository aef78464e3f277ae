"""A side read with certainty whose ink is not shaped like this sheet's sides of its kind (issue 35,
round sixteen).

One player draws the whole sheet in one habit: the sheet's sides read with certainty show the
player's railway shape (the other spaces' certain railway sides) and highway shape. Four shapes
tell a highway from a railway where the row-by-row reading (``read.classify_side``) took a
highway's marks for sleepers:

* **two lines** (``twolines.measure``: two lines running on through the side, a road's width
  apart): a
  highway drawn as two lines with a dashed middle in a thick pen runs together row by row into a
  band with holes and reads as a railway with sleepers. Where at most TWO_SHARE of the sheet's
  railway sides show two lines (ticks, X's, a zig-zag over one line), a railway side that does
  is not one of them (second independent check, dev seed 3,603: a felt pen's dashed highway
  beside zig-zag railways, read as a certain railway);
* **a band** (``one_line.follow``: the line's own width, its rows' median): the same highway in a
  marker is one band with holes, BAND_RATIO times as wide as the sheet's railway lines (their
  median) or more, and BAND_MM wide (independent check, 100,597 held out at 188b3e8);
* **nothing beside the line** (``flank``: in the faint ink, the paper's noise floor, no row of the
  line runs wide or has ink FLANK_MM beside it) where the sheet's railways have such rows in
  SHEET_FLANK of theirs or more (their median): sleepers drawn light (a pencil zig-zag, mostly
  under the main threshold) still show in the faint ink, never beside a highway drawn as one
  smooth line (second independent check, dev seed 3,655: a broad one-line highway's curve, wide
  across the strip, read as a certain railway beside zig-zag railways);
* **something beside the line in every row** (``flank`` in FULL_FLANK of its rows or more) where
  the sheet's railways have it in at most FULL_SHEET (their median): sleepers cross a line at
  intervals, with bare rows between them; a band along the line runs beside it throughout (dev
  seed 3,532: a highlighter's highway with a thin line in it, the band's ends laid over each
  other across the edges read as sleepers, four sides certain railways beside X-sleeper ones).

And the other way round, a highway read with certainty shaped like the sheet's railways:

* **sleepers across it** (``one_line.follow``: TICKED ticks or more within the reader's depth,
  the line running on past each): a railway drawn as a ladder in pencil reads row by row as two
  lines a road's width apart. Where SHEET_ARMS of the sheet's certain railway arms or more
  (SHEET_SHARE of them) are so crossed and at most TWO_SHARE of its other highway sides (read
  so, certain or not), such a side is not one of its highways (independent check, 100,545 held
  out at 188b3e8: a ladder's `r..r` read as a certain `h..h`).

Every comparison needs TWO_MIN of the other spaces' sides or more. Such a side is no longer
certain; its space is flagged, guessed the other kind there. Nothing is made certain here. The
reader calls :func:`revise` with what it read; this module measures the ink itself and never
imports the reader (imports point down).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.board import SIZE, square
from railprint.games.railroad_ink.photo import one_line, twolines

TWO_SHARE = 0.2       # the sheet's railways are one line: at most this share of its other certain railway sides show two ...
TWO_MIN = 4           # every comparison: over this many sides of the other spaces or more
INNER_MM = 6.6 - one_line.LONG_DEPTH[0]   # ticks looked for up to as deep as the reader's strip (``bare_rail.NEAR_EDGE_MM``)
SHEET_ARMS = 4        # the sheet's railways show their sleepers across the line: this many certain railway arms or more ...
SHEET_SHARE = 0.5     # ... and this share of them
TICKED = 2            # a line crossed by this many ticks or more shows a railway's sleepers
BAND_RATIO = 1.8      # a railway side's line this many times as wide as the sheet's other certain railways' (median) ...
BAND_MM = (3.2, 5.0)  # ... and this wide: a road's two lines run together (dev synth 810,000-009: railway arms 2-3 mm wide
                      # at curves and junctions, 6.8-8 mm at a station's square, beside thin pencil railways of 1 mm)
FLANK_MM = (0.4, 2.0)  # ink this far beside the line's edge, in the faint ink: a sleeper's end (a zig-zag's, an X's, a tick's)
WIDE_MM = 0.6         # ... or a row of the line this much wider than the line's own width (its rows' median)
BARE_FLANK = 0.03     # a railway side with such rows in at most this share of its rows ...
SHEET_FLANK = 0.15    # ... where the sheet's other certain railway sides have them in this share (their median) or more
FULL_FLANK = 0.95     # a railway side with such rows in this share of its rows or more ...
FULL_SHEET = 0.8      # ... where the sheet's other certain railway sides have them in at most this share (their median)
NEAR_MM = 1.2         # a row's ink run within this of the line's last centre is the line's (``one_line.NEAR_MM``)
TWO_WHY = "two lines, where this sheet's railways are one: a highway?"
FULL_WHY = "something beside the line all along it, where this sheet's railways show sleepers apart: a highway?"
BAND_WHY = "a band much wider than this sheet's railway lines: a highway?"
RUNG_WHY = "sleepers across the line, where this sheet's highways show none: a railway?"
FLANK_WHY = "nothing beside the line, where this sheet's railways show their sleepers: a highway?"


def flank(ink: np.ndarray, faint: np.ndarray, p: float) -> float | None:
    """The share of the line's rows marked beside it (``ink``/``faint``: a side's long strip at the
    main and at the faint threshold, rows inwards): the line followed row by row (the ink run
    nearest its centre so far, from the column with the most ink), a row marked when it runs
    WIDE_MM wider than the line's own width or the faint ink lies FLANK_MM beside its edges. None
    when no line runs through most of the strip."""
    rows = ink.shape[0]
    if rows == 0 or not ink.any():
        return None
    centre = float(np.argmax(ink.sum(axis=0)))
    runs_of = one_line.row_runs(ink)   # every row's ink runs at once (as ``one_line.follow``), then row by row
    near = NEAR_MM * p
    wide = one_line.TICK_MIN_MM * p
    found = []
    for i in range(rows):
        best, gap = None, 0.0
        for a, b in runs_of(i):
            off = 0.0 if a <= centre <= b else min(abs(a - centre), abs(b - centre))
            if best is None or off < gap:
                best, gap = (a, b), off
        if best is None or gap > near:
            continue
        a, b = best
        found.append((i, a, b))
        if b - a + 1 < wide:
            centre = (a + b) / 2
    if len(found) < 0.6 * rows:
        return None
    i, a, b = (np.array(x) for x in zip(*found))
    width = b - a + 1
    g0, g1 = int(round(FLANK_MM[0] * p)), int(round(FLANK_MM[1] * p))
    cols = faint.shape[1]
    total = np.pad(np.cumsum(faint[i] > 0, axis=1), ((0, 0), (1, 0)))   # ink in [x0, x1): total[x1] - total[x0]
    k = np.arange(len(i))

    def inked(x0: np.ndarray, x1: np.ndarray) -> np.ndarray:
        x0, x1 = np.clip(x0, 0, cols), np.clip(x1, 0, cols)
        return total[k, np.maximum(x0, x1)] - total[k, x0] > 0

    marked = (width >= float(np.median(width)) + WIDE_MM * p) | inked(a - g1, a - g0) | inked(b + g0 + 1, b + g1 + 1)
    return float(marked.mean())


def crossed(x: one_line.Line) -> list[float]:
    """The ticks across a side's line within the reader's depth (``INNER_MM``)."""
    return [m for m in x.ticks if m < INNER_MM]


def revise(rows: list, uncertain: list, rel: np.ndarray, ink: np.ndarray, faint: np.ndarray | None, p: float, *, strip: Callable,
           sides_at: Callable, space_at: Callable, side_read: Callable, uncertain_of: Callable,
           lines: dict | None = None) -> tuple[list, list]:
    """Flag each space read with certainty holding a railway side not shaped like the sheet's
    certain railways (see the module's text). ``rows``/``uncertain``: the reading so far;
    ``rel``: the rectified darkness; ``ink``/``faint``: its ink mask at the main and the faint
    threshold, at ``p`` px per mm; ``strip(mask, r,
    c, side, depth)``: a side's strip (``read._strip``); ``sides_at(r, c)``: the reader's four
    ``SideRead``; ``space_at(r, c, sides)``: the reader's (cell, certain, why) from four sides;
    ``side_read(kind, certain, why)``; ``uncertain_of(square, token, why)``; ``lines``: each side's
    ``one_line.follow`` of its long ink strip, (r, c, side) -> Line, shared with ``one_line.revise``
    and ``bare_rail.revise`` (each followed once)."""
    followed = {} if lines is None else lines

    def follow(r: int, c: int, s: int) -> one_line.Line | None:
        if (r, c, s) not in followed:
            followed[(r, c, s)] = one_line.follow(strip(ink, r, c, s, one_line.LONG_DEPTH), p)
        return followed[(r, c, s)]

    flagged = {u.square for u in uncertain}
    sure = [(r, c, s) for r in range(SIZE) for c in range(SIZE) if square(r, c) not in flagged
            for s in range(4) if rows[r][c].edges[s] == "r"]
    if not sure:
        return rows, uncertain
    rails = {(r, c, s): follow(r, c, s) for r, c, s in sure}
    two = {k: twolines.measure(strip(rel, *k, twolines.DEPTH), p) is not None for k in sure}
    suspect: dict[tuple[int, int], dict[int, str]] = {}
    # two lines where the sheet's railways are one
    for r, c, s in sure:
        if two[(r, c, s)]:
            # the sheet's railways as the other spaces' certain railway sides show them
            others = [k for k in sure if k[:2] != (r, c)]
            if len(others) >= TWO_MIN and sum(two[k] for k in others) <= TWO_SHARE * len(others):
                suspect.setdefault((r, c), {})[s] = TWO_WHY
    arms = [x for x in rails.values() if x is not None and x.length >= one_line.ARM_MIN_MM]
    # a band where the sheet's railways are a line
    widths = {k: x.width for k, x in rails.items() if x is not None and x.length >= one_line.ARM_MIN_MM}
    for k, w in widths.items():
        others = [v for q, v in widths.items() if q[:2] != k[:2]]
        if len(others) >= TWO_MIN and BAND_MM[0] <= w <= BAND_MM[1] and w >= BAND_RATIO * float(np.median(others)):
            suspect.setdefault(k[:2], {}).setdefault(k[2], BAND_WHY)
    # nothing beside the line where the sheet's railways show their sleepers beside theirs
    beside = {k: flank(strip(ink, *k, one_line.LONG_DEPTH), strip(faint, *k, one_line.LONG_DEPTH), p)
              for k in sure} if faint is not None else {}
    for k, v in beside.items():
        if v is None or BARE_FLANK < v < FULL_FLANK:
            continue
        others = [x for q, x in beside.items() if q[:2] != k[:2] and x is not None]
        if len(others) < TWO_MIN:
            continue
        if v <= BARE_FLANK and float(np.median(others)) >= SHEET_FLANK:
            suspect.setdefault(k[:2], {}).setdefault(k[2], FLANK_WHY)
        elif v >= FULL_FLANK and float(np.median(others)) <= FULL_SHEET:
            suspect.setdefault(k[:2], {}).setdefault(k[2], FULL_WHY)
    # sleepers across a certain highway where the sheet's railways show theirs and its highways none
    rail_ticked = sum(len(crossed(x)) >= TICKED for x in arms)
    if rail_ticked >= SHEET_ARMS and rail_ticked >= SHEET_SHARE * len(arms):
        roads = {(r, c, s): follow(r, c, s)
                 for r in range(SIZE) for c in range(SIZE) for s in range(4) if rows[r][c].edges[s] == "h"}
        roads = {k: len(crossed(x)) >= TICKED for k, x in roads.items() if x is not None and x.length >= one_line.ARM_MIN_MM}
        for k, ticked in roads.items():
            if not ticked or square(*k[:2]) in flagged:
                continue
            others = [v for q, v in roads.items() if q[:2] != k[:2]]
            if len(others) >= TWO_MIN and sum(others) <= TWO_SHARE * len(others):
                suspect.setdefault(k[:2], {}).setdefault(k[2], RUNG_WHY)
    if not suspect:
        return rows, uncertain
    out = [list(row) for row in rows]
    added = []
    for (r, c), bad in sorted(suspect.items()):
        sides = list(sides_at(r, c))
        for s, why in bad.items():
            sides[s] = side_read("r" if why == RUNG_WHY else "h", False, why)
        cell, _, why = space_at(r, c, sides)
        out[r][c] = cell
        added.append(uncertain_of(square(r, c), cell.token, why))
    return [tuple(row) for row in out], uncertain + added
