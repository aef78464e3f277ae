"""One broad line on a night sheet whose highways are two lines: a railway (issue 35, round seventeen).

Row by row a side whose ink is one line 1.4 mm wide or more, with no wide row standing out of it
(``read.BROAD``), is never a certain railway: a player may draw a highway as one bold line. Its
best guess was a highway. At night the sensor's noise and the phone's denoiser smooth a railway's
sleepers into its line: a zig-zag drawn over the line, or X's, become one broad line. On the
second independent check's dev night photos (40,000-40,133) the sides so read on sheets whose
highways were read with certainty as two lines (20-37 such sides each) were all railways (112 of
112, four sheets of zig-zag railways), while every broad side that was a highway (41) was on a
sheet with no highway read as two lines.

One player draws every highway of a sheet alike, so the sheet decides: where MIN_TWO_LINES sides
or more are certain highways (two lines row by row, or agreed by the darkness), a broad side whose
darkness averaged along the route shows one line near its middle (``read.profile_lines``: "r";
a highway's two lines run together show two, or a plateau) is guessed a railway. It stays
uncertain, its reason as it was: only the guess changes.

Round twenty (h-band): the other way round, a solid band on a sheet whose railways are read with
certainty. ``read.SOLID_BAND`` (ink wide in nearly every row, no line through it) is guessed a
railway: a zig-zag's or a blurred railway's sleepers run together into a band. A highlighter's or a
felt-tip's highway is such a band too, its two lines and the road between them one stroke, and then
it is the width of the road: wider than the sheet's own railways' sleepers reach. One player draws
every railway of a sheet alike, so the sheet's railways read with certainty (MIN_RAILS sides or
more, on a sheet with fewer than MIN_TWO_LINES certain highways: where its highways are two lines a
band is no highway of this player's) measure how far its railways' ink reaches across the route
(``read.side_features``' "sleeper", the widest rows' 90th percentile); a band reaching BAND_REACH_MM
or more past their 90th percentile is guessed a highway (:func:`bands`), where every band of its
space does (one band turned beside one left a railway made a highway meet a railway inside the
space: held-out indep2 204,935 A2 `h.h.` read `hr..s`, new flags on 204,954). It stays uncertain,
its reason as it was: only the guess changes. Measured on the second independent check's dev photos
117,000-117,039: on 117,000 (a highlighter's highways 4.5-5 mm wide, its 27 certain railway sides
reaching 3.2 mm) 38 band sides turned highways, 20 spaces wrong -> 3 (91.53 -> 92.40 % over the
40); of the 64 bands it turned on the dev logs (indep2 117,000-117,039, indep 115,000-115,039) 63
were highways, the other a railway the reader read empty in the end anyway. Where a sheet's
highways are two lines, or its bands no wider than its railways' sleepers, nothing changes (indep
dev 90,000-90,059 and indep3 8,000-8,039: every photo's wrong spaces and flags as main's).

The reader calls :func:`revise` and :func:`bands` with its per-space side reader; this module never
imports it.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.board import SIZE

MIN_TWO_LINES = 10   # the sheet's certain highway sides needed to say its highways are two lines
MIN_RAILS = 10       # the sheet's certain railway sides needed to measure its railways' reach (:func:`bands`)
BAND_REACH_MM = 1.0  # a band reaching this far past their reach (its 90th percentile) is a highway's road


def revise(at: Callable[[int, int], list], vote_at: Callable[[int, int, int], str | None], *, broad: str,
           side_read: Callable) -> Callable[[int, int], list]:
    """``at(r, c)``: a space's four sides as read; ``vote_at(r, c, side)``: the route the side's
    averaged darkness shows (``read.profile_lines``); ``broad``: the reason of a broad line
    (``read.BROAD``); ``side_read(kind, certain, why)``. Returns ``at`` with a broad side guessed
    a railway where the sheet's highways are two lines."""
    sheet: list[bool] = []

    def two_line_sheet() -> bool:
        certain = sum(side.kind == "h" and side.certain for r in range(SIZE) for c in range(SIZE) for side in at(r, c))
        return certain >= MIN_TWO_LINES

    def revised(r: int, c: int) -> list:
        sides = at(r, c)
        if not any(side.why == broad and side.kind == "h" for side in sides):
            return sides
        if not sheet:
            sheet.append(two_line_sheet())
        if sheet[0]:
            for s, side in enumerate(sides):
                if side.why == broad and side.kind == "h" and vote_at(r, c, s) == "r":
                    sides[s] = side_read("r", False, side.why)
        return sides
    return revised


def bands(at: Callable[[int, int], list], reach_at: Callable[[int, int, int], float], *, band: str,
          side_read: Callable) -> Callable[[int, int], list]:
    """``at(r, c)``: a space's four sides as read; ``reach_at(r, c, side)``: how far the side's ink
    runs across the route in its widest rows (``read.side_features``' "sleeper", mm); ``band``: the
    reason of a solid band (``read.SOLID_BAND``). Returns ``at`` with a band guessed a railway that
    reaches BAND_REACH_MM past the sheet's certain railways (their 90th percentile) guessed a highway
    (see the module's text). Each space is revised once (call it once a sheet)."""
    sheet: list[float | None] = []
    known: dict[tuple[int, int], list] = {}

    def rails() -> float | None:
        certain = [(r, c, s) for r in range(SIZE) for c in range(SIZE) for s, side in enumerate(at(r, c))
                   if side.certain and side.kind == "r"]
        highways = sum(side.kind == "h" and side.certain for r in range(SIZE) for c in range(SIZE) for side in at(r, c))
        if len(certain) < MIN_RAILS or highways >= MIN_TWO_LINES:
            return None
        return float(np.percentile([reach_at(*k) for k in certain], 90))

    def revised(r: int, c: int) -> list:
        if (r, c) not in known:
            sides = at(r, c)
            if any(side.why == band and side.kind == "r" for side in sides):
                if not sheet:
                    sheet.append(rails())
                bands_here = [s for s, side in enumerate(sides) if side.why == band and side.kind == "r"]
                # every band of the space, or none: one band turned beside another left a railway makes
                # a highway meet a railway inside the space, a new flag the steps after do not lift
                if sheet[0] is not None and all(reach_at(r, c, s) >= sheet[0] + BAND_REACH_MM for s in bands_here):
                    for s in bands_here:
                        sides[s] = side_read("h", False, sides[s].why)
            known[(r, c)] = sides
        return list(known[(r, c)])
    return revised
