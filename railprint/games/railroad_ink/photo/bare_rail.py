"""A railway read with certainty though its line shows no sleeper (issue 35, round fifteen).

Row by row a side is a certain railway only with a sleeper seen in its strip, except where a
sleeper is not looked for: in a photo under 2.6 px/mm at the grid (``read.LOW_GRID_PX_PER_MM``)
or a motion-blurred photo's unblurred copy (``read.read_sides``), the darkness averaged along
the side showing one line is enough. A player who draws a highway as one line (a pencil line, a
ruler's, a thin ballpoint's) then has every highway read as a certain railway in such a photo
(second independent check, dev seeds 6,024 and 6,048, 2.4 and 2.3 px/mm: 14 and 3 such spaces,
none flagged). The evidence is on the sheet: when its railways show their sleepers in this very copy
(SHEET_RAIL_ARMS arms crossed by two marks or more, ``one_line.follow`` through the long strip,
or as many arms drawn as a broad band: a zig-zag over the line, against which a line 0.6 as wide
is a one-line highway),
a side read as a railway whose long strip shows one line and no mark (as deep as the reader's
strip: a station's X or square reaches the strip's inner end) is not a railway
with certainty. Such a space is flagged; its guess is a highway on those sides where the sheet's
railways show their ticks and the sheet draws no highway as two lines (none read so with
certainty: ``one_line.MAX_DOUBLE``), else it keeps the railway: against a sheet of zig-zag bands
a thin line was as often a railway as a highway (held out, indep2 200,300-359: 134 of 251 such
guesses wrong, most of them true railways guessed highways on zig-zag sheets). Nothing is made
certain here.

The reader calls :func:`revise` with what it read; this module measures the ink itself and
never imports the reader (imports point down).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.board import SIZE, square
from railprint.games.railroad_ink.photo import one_line

NEAR_EDGE_MM = 6.6 - one_line.LONG_DEPTH[0]   # marks looked for this far along the long strip: as deep as the
                                            # reader's own strip (``read.DEPTH``), short of a station's mark
BESIDE_MAX = 0.2          # a line with ink beside it in this share of its rows or more is not bare: an X's
                          # arms run beside the line, not across it (x-tick railways: 0.14-0.42; one-line
                          # highways, indep2 dev 6,024 and 6,048: 0-0.16)
BAND_MM = 1.6             # a railway arm this wide (its rows' median) is a band: sleepers drawn over the line
THIN_SHARE = 0.6          # a bare line at most this share of the sheet's bands' width is not one of them (round
                          # sixteen, from 0.5: a bold one-line highway 1.5-1.7 mm wide beside X-sleeper bands
                          # of 2.8-3.2 mm in a messaging app's photo, indep2 200,078 held out at 188b3e8)
BARE_WHY = "one line with no sleeper, where this sheet's railways show theirs: a highway drawn as one line?"


def revise(rows: list, uncertain: list, ink: np.ndarray, p: float, *, strip: Callable, sides_at: Callable,
           space_at: Callable, side_read: Callable, uncertain_of: Callable, lines: dict | None = None
           ) -> tuple[list, list]:
    """Flag each space read with certainty that holds a railway side whose long strip is one clean
    line (``one_line.follow``: no mark across it), on a sheet whose railways show their marks.
    ``rows``/``uncertain``: the reading so far; ``ink``: the rectified ink mask at ``p`` px per
    mm; ``strip(mask, r, c, side, depth)``; ``sides_at(r, c)``: the reader's four ``SideRead``;
    ``space_at(r, c, sides)``: the reader's (cell, certain, why) from four sides; ``side_read(kind,
    certain, why)``; ``uncertain_of(square, token, why)``; ``lines``: each side's
    ``one_line.follow`` kept, (r, c, side) -> Line, shared with ``one_line.revise``."""
    flagged = {u.square for u in uncertain}
    lines = {} if lines is None else lines

    def line(r: int, c: int, s: int) -> one_line.Line | None:
        if (r, c, s) not in lines:
            lines[(r, c, s)] = one_line.follow(strip(ink, r, c, s, one_line.LONG_DEPTH), p)
        return lines[(r, c, s)]

    def bare(x: one_line.Line | None) -> bool:
        return x is not None and not any(m < NEAR_EDGE_MM for m in x.marks) \
            and x.length >= one_line.ARM_MIN_MM and x.beside < BESIDE_MAX

    suspects = []
    for r in range(SIZE):
        for c in range(SIZE):
            if square(r, c) in flagged or "r" not in rows[r][c].edges:
                continue
            sides = [s for s in range(4) if rows[r][c].edges[s] == "r" and bare(line(r, c, s))]
            if sides:
                suspects.append((r, c, sides))
    if not suspects:
        return rows, uncertain
    arms = [x for r in range(SIZE) for c in range(SIZE) for s in range(4)
            if rows[r][c].edges[s] == "r" and (x := line(r, c, s)) is not None and x.length >= one_line.ARM_MIN_MM]
    # the sheet's railways show their sleepers: arms crossed by two marks or more (ticks, X's) ...
    ticked = sum(len(x.marks) >= 2 for x in arms) >= one_line.SHEET_RAIL_ARMS
    # ... or run as a broad band (a zig-zag over the line: its width is the sleepers' reach)
    broad = [x.width for x in arms if x.width >= BAND_MM]
    band = float(np.median(broad)) if len(broad) >= one_line.SHEET_RAIL_ARMS else None
    suspects = [(r, c, [s for s in sides if ticked or band is not None and line(r, c, s).width <= band * THIN_SHARE])
                for r, c, sides in suspects]
    suspects = [x for x in suspects if x[2]]
    if not suspects:
        return rows, uncertain     # the sheet's railways show too little of their sleepers here to go by
    double = sum(k == "h" for r in range(SIZE) for c in range(SIZE) if square(r, c) not in flagged
                 and set(rows[r][c].edges) - {"."} == {"h"} for k in rows[r][c].edges)
    out_rows = [list(row) for row in rows]
    added = []
    for r, c, bare_sides in suspects:
        sides = list(sides_at(r, c))
        for s in bare_sides:
            sides[s] = side_read("h" if ticked and double <= one_line.MAX_DOUBLE else "r", False, BARE_WHY)
        cell, _, why = space_at(r, c, sides)
        out_rows[r][c] = cell
        added.append(uncertain_of(square(r, c), cell.token, why))
    return [tuple(row) for row in out_rows], uncertain + added
