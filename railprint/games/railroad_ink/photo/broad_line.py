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

The reader calls :func:`revise` with its per-space side reader; this module never imports it.
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import SIZE

MIN_TWO_LINES = 10   # the sheet's certain highway sides needed to say its highways are two lines


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
