"""A space crossed out with an X and drawn again (issue 35, round fifteen).

A player who drew a route wrong crosses the space out with an X corner to corner and draws the
right route over it. Read row by row the space holds both routes (the second independent check,
dev seeds 6,053 and 6,071: ``.hhh`` and ``h.h.`` read with certainty as ``hhhh``); which arms
were crossed out the ink cannot tell, so such a space is flagged. The evidence is where no route
draws: a route runs along the space's middle lines (a curve is a quarter circle of half the
space's width around a corner, a highway's lines or a highlighter's band at most 2.5 mm either
side of it, 8 mm from the corner at the nearest), so the ink of an X is alone on the diagonals
2.7-5.0 mm in from a corner both ways (DIAGONAL of the way to the far corner: 3.9-7.1 mm along
the diagonal, with REACH_MM for the hand's wobble). Three corners are looked at (the fourth holds
the printed round box, where the round's number is written); a stroke along each of the three
diagonals there is an X.

Round twenty-three (h-stray): a space already flagged when the X is looked for (a kind doubt, a
solid band) was passed over, and a later step that settles kind doubts by what the sides join
(``joined_kinds``, ``chain_kinds``) then read it with certainty, its crossed-out arm among its sides:
indep2 208,036 A4 (``rr..`` read ``rrr.``) and 206,906 F4 (``.rr.`` read ``rrr.``), both spent held
out. Such a space's reason now names the X too, so no step lifts its flag (those steps lift a flag
only where every part of its reason is a kind doubt); its guess is unchanged.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.board import square

DIAGONAL = (0.13, 0.24)   # where an X's stroke is looked for: this share of the way from a corner to the far one
POINTS = 8                # points looked at along each corner's diagonal ...
REACH_MM = 0.7            # ... each with ink this near it (a hand's wobble off the true diagonal) ...
ALONG = 0.75              # ... in this share of them: the corner holds a stroke along its diagonal
WAVY = 0.5                # ... or in this share, where the three corners together hold ALONG of their points
CROSSED_WHY = "crossed out? (an X over the space: which route was drawn again cannot be told)"


def crossed_out(ink: np.ndarray, x0: float, y0: float, size: float, p: float) -> bool:
    """Whether the space whose top-left corner is (x0, y0) px, ``size`` px wide, in the ink mask
    ``ink`` (``p`` px per mm), shows an X's strokes on its north-west, north-east and south-west
    diagonals (the south-east corner holds the round box). Round twenty-six (h-silent8): or a
    hand's X whose stroke bends off one of those diagonals near its corner, where the three corners
    each hold ink at WAVY of their points and together at ALONG of them all (indep2 210,174 D1,
    ``..rhs`` read a certain ``rhrhs``: a night photo's X at 5, 8 and 8 of the 8 points)."""
    reach = max(1, int(round(REACH_MM * p)))
    h, w = ink.shape
    found = []
    for ux, uy in ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0)):
        hits = 0
        for t in np.linspace(*DIAGONAL, POINTS):
            # from the corner (ux, uy) toward the centre (0.5, 0.5), t of the way to the far corner
            x = x0 + size * (ux + (1 - 2 * ux) * t)
            y = y0 + size * (uy + (1 - 2 * uy) * t)
            xi, yi = int(round(x)), int(round(y))
            block = ink[max(0, yi - reach):min(h, yi + reach + 1), max(0, xi - reach):min(w, xi + reach + 1)]
            hits += bool(block.any())
        if hits < WAVY * POINTS:
            return False
        found.append(hits)
    return sum(found) >= ALONG * POINTS * len(found)


def revise(rows: list, uncertain: list, ink: np.ndarray, p: float, *, corner: Callable, size: float,
           uncertain_of: Callable) -> list:
    """``uncertain`` with each space holding a route and an X over it (:func:`crossed_out`) flagged,
    its reading the guess: a space read with certainty is flagged so; a flagged one has the X
    added to its reason (round twenty-three). ``corner(r, c)``: a space's top-left corner (x, y) px
    in ``ink``; ``size``: a space's width, px."""
    at = {u.square: i for i, u in enumerate(uncertain)}
    out = list(uncertain)
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if not cell.edges.strip(".") or not crossed_out(ink, *corner(r, c), size, p):
                continue
            i = at.get(square(r, c))
            if i is None:
                out.append(uncertain_of(square(r, c), cell.token, CROSSED_WHY))
            elif CROSSED_WHY not in out[i].reason:
                out[i] = uncertain_of(out[i].square, out[i].guess, out[i].reason + "; " + CROSSED_WHY)
    return out
