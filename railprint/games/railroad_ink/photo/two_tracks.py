"""A railway read with certainty whose ink runs in as two lines, on a sheet whose railways run in
as one (issue 35, round sixteen).

Row by row a side is a certain railway when one line runs through it with rows where the ink
runs wide (sleepers), and no two lines a road's width (2.6-8.5 mm) apart. A highway drawn as two
lines with a dashed line between them, in a coarse, noisy photo (a messaging app's 1600 px JPEG
of a night photo: 2.9 px/mm at the grid, the ink threshold raised by the noise to 0.3 of the
print's black), runs together into two lines closer than a road's width with its dashes and
wobble wide between them: read as a certain railway (second independent check, dev seed 1,294:
12 highway sides so, 3 spaces unflagged). Its railways, a line with X's across it, run in as one
line: the X's arms leave a second track in at most 0.38 of the rows, a highway's two lines each
run through 0.46 of them or more (``read.side_features``' ``dense``).

One player draws every railway of a sheet alike, so the sheet decides: where most of the sides
read as certain railways (MIN_SIDES or more) run in as at most one line, a space read with
certainty holding a railway side that runs in as two lines or more is flagged. Its guess stays
as read: on dev seed 1,001 (ticked railways in one stroke) two such sides were railways, and a
highway guessed there read 2 more spaces wrong. A sheet whose railways are ladders (two rails) shows two lines in most of them
and nothing is flagged. Nothing is made certain here.

The reader calls :func:`revise` with what it read; this module never imports the reader.
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import SIZE, square

DENSE = 0.45         # a line found in this share of a strip's rows runs in (a railway's second track from its
                     # X's arms: 0.19-0.38 of the rows; a highway's two lines: 0.46-0.77, dev seeds 1,001 and 1,294)
MIN_SIDES = 10       # the sheet's certain railway sides needed to say how its railways run in
ONE_SHARE = 0.5      # ... more than this share of them as one line (or none): the sheet's railways are one line
WHY = "two lines running in, where this sheet's railways run in as one: a highway?"


def revise(rows: list, uncertain: list, *, tracks: Callable, uncertain_of: Callable) -> tuple[list, list]:
    """``rows``/``uncertain``: the reading so far; ``tracks(r, c, side)``: the lines running in
    through a side's strip, each in DENSE of its rows (``read.side_features``' ``dense``);
    ``uncertain_of(square, token, why)``."""
    flagged = {u.square for u in uncertain}
    rails = {}
    for r in range(SIZE):
        for c in range(SIZE):
            if square(r, c) in flagged or "r" not in rows[r][c].edges:
                continue
            for s in range(4):
                if rows[r][c].edges[s] == "r":
                    rails[(r, c, s)] = tracks(r, c, s)
    if len(rails) < MIN_SIDES or sum(n <= 1 for n in rails.values()) <= ONE_SHARE * len(rails):
        return rows, uncertain
    extra = []
    for r, c in sorted({(r, c) for (r, c, s), n in rails.items() if n >= 2}):
        two = [s for s in range(4) if rails.get((r, c, s), 0) >= 2]
        extra.append(uncertain_of(square(r, c), rows[r][c].token, "; ".join(f"{'NESW'[s]}: {WHY}" for s in two)))
    return rows, uncertain + extra
