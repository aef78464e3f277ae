"""An erased route's ghost read as a route (issue 35, round fifteen).

A route drawn in pencil and erased leaves a faint ghost of its line (and a smudge), which the
reader may read with certainty as a route (the second independent check, dev seed 6,019: an
empty space read ``.h.h``, its highway line as the sheet's one-line highways). The evidence is
on the sheet: one player draws every route of a kind with one pen and one hand, so how dark the
sheet's routes of that kind are is known from its spaces read with certainty. Each route side's
darkness is its line's (each row's 95th percentile across the route, ``rel`` = darkness against
the print's black, the median over the strip's rows); a space read with certainty with a side
under LIGHT_SHARE of the sheet's median for that kind (over SHEET_SIDES sides or more) is flagged.
Its guess is the empty space when every route side is so light, else its reading. Nothing is
made certain here.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.board import SIZE, square

LIGHT_SHARE = 0.7         # a line this much lighter than its kind's on the sheet is not drawn as they are
SHEET_SIDES = 8           # the sheet's sides of a kind read with certainty needed to know its darkness
GHOST_WHY = "a line much lighter than this sheet's others of its kind: an erased route's ghost?"


def darkness(strip: np.ndarray) -> float:
    """A side's line darkness: each row's 95th percentile across the route, the median of those."""
    return float(np.median(np.percentile(strip, 95, axis=1))) if strip.size else 0.0


def revise(rows: list, uncertain: list, rel: np.ndarray, *, strip: Callable, empty: Callable,
           uncertain_of: Callable) -> tuple[list, list]:
    """Flag each space read with certainty with a route side far lighter than the sheet's routes
    of its kind (``strip(rel, r, c, side)``: a side's strip; ``empty``: the empty cell;
    ``uncertain_of(square, token, why)``)."""
    flagged = {u.square for u in uncertain}
    sides = {(r, c, s): darkness(strip(rel, r, c, s)) for r in range(SIZE) for c in range(SIZE)
             if square(r, c) not in flagged for s in range(4) if rows[r][c].edges[s] != "."}
    ref = {}
    for kind in "hr":
        got = [v for (r, c, s), v in sides.items() if rows[r][c].edges[s] == kind]
        if len(got) >= SHEET_SIDES:
            ref[kind] = float(np.median(got))
    out_rows = [list(row) for row in rows]
    added = []
    for r in range(SIZE):
        for c in range(SIZE):
            light = [s for s in range(4) if (r, c, s) in sides and rows[r][c].edges[s] in ref
                     and sides[(r, c, s)] < LIGHT_SHARE * ref[rows[r][c].edges[s]]]
            if not light:
                continue
            if len(light) == sum(k != "." for k in rows[r][c].edges):
                out_rows[r][c] = empty()
            added.append(uncertain_of(square(r, c), out_rows[r][c].token, GHOST_WHY))
    return [tuple(row) for row in out_rows], uncertain + added
