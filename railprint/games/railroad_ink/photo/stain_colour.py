"""A line in a colour few of the sheet's routes have: a stain (issue 35, round twenty-seven).

A coffee ring's rim is a thin brown line, as dark as a pencil's and as long as a route: where it
crosses a space it reads as a route side like any other, and where it runs through a route's space
(a T's empty side, a straight's) or an empty one, the space may be read with certainty with a side
more: indep2 210,566 E3 (``.rrr`` read a certain ``rrrr``, the rim across its empty north side, a
sheet drawn in grey), 209,060 C2 (``....`` read ``r..r``), 206,090 E7 (``.rr.`` read ``.rrr``) and
141,057 D6 (``....`` read ``.hh.``), the last three on sheets drawn in two colours. Its colour
tells it: the rim's darkness has a hue of about -120 degrees (``colour.Chroma``: the blue channel
darkened most), and a player draws a sheet's routes in one or two pens (or a pen and a
highlighter), each on many sides, the rim only where it crosses a route.

So on a day photo (``Chroma.level`` under ``noisy_colour.NOISY_LEVEL``: a night photo's colour is
noise), each space read with certainty with a route side whose colour runs through its strip
(``colour.RUN``) in a brown hue (within :data:`BROWN_REACH` of :data:`BROWN`) that fewer than
:data:`ODD` of the sheet's route sides (as read, every space, grey ones counted too) share within
:data:`NEAR` degrees (coloured through theirs too) is flagged, "in a colour few of this sheet's
routes have: a stain?", its reading the guess. A rim that lies along a route drawn there flags a
space read right (its cost); a route of a sheet's pen is never asked (its colour is the sheet's).
A sheet whose pens share the rim's hue (an orange pen's highways, 210,119) is not helped. Nothing
here makes a space certain or changes a reading.

Not any odd hue: a black pen's sides under a lamp, in a sharpened or coarse JPEG, show colour
fringes of scattered hues, one or two sides each (the first independent check's dev 90,018,
90,038 and 90,047: 9 sides at 77, 129-162 and -14 degrees, on spaces read right; its shared dev
cache read 15.5 -> 15.6 flags a photo so; indep2 90,019 and 90,048 one each). A coffee rim is brown.

Measured on main's readings of the cached spent photos (docs/railroad-ink-photo-rounds.md, round
twenty-seven, h-silent9).
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import SIZE, square
from railprint.games.railroad_ink.photo.colour import RUN, Chroma, apart, side_colour
from railprint.games.railroad_ink.photo.noisy_colour import NOISY_LEVEL

NEAR = 12.0   # degrees: two coloured sides' hues this close are of one colour
ODD = 0.1     # a colour on fewer than this share of the sheet's route sides is no pen of the sheet's
BROWN = -120.0      # degrees: a coffee stain's hue (``colour.Chroma``: blue darkened most, then green) ...
BROWN_REACH = 15.0  # ... and how far from it a stain's side lies (the rims seen: -107 to -124)
STAIN_WHY = "in a colour few of this sheet's routes have: a stain?"


def revise(rows: list, uncertain: list, colour: Chroma, *, strip: Callable, uncertain_of: Callable) -> list:
    """``uncertain`` with each space read with certainty that has a route side in a colour few of
    the sheet's route sides have flagged (its reading the guess). ``colour``: the rectified
    photo's ``Chroma``; ``strip(plane, r, c, side)``: a side's strip of a plane."""
    if colour.level >= NOISY_LEVEL:
        return uncertain
    hues = {}   # each route side's hue, where its colour runs through the strip (else None)
    for r in range(SIZE):
        for c in range(SIZE):
            for s, kind in enumerate(rows[r][c].edges):
                if kind in "hr":
                    got = side_colour(strip(colour.amount, r, c, s), strip(colour.a, r, c, s),
                                      strip(colour.b, r, c, s), colour.level)
                    hues[(r, c, s)] = got.hue if got.run >= RUN else None
    coloured = [h for h in hues.values() if h is not None]
    flagged = {u.square for u in uncertain}
    out = list(uncertain)
    for r in range(SIZE):
        for c in range(SIZE):
            cell = rows[r][c]
            if square(r, c) in flagged or cell.marker in ("v", "x") or "l" in cell.edges:
                continue
            odd = [s for s in range(4) if hues.get((r, c, s)) is not None
                   and apart(hues[(r, c, s)], BROWN) <= BROWN_REACH
                   and sum(apart(hues[(r, c, s)], h) <= NEAR for h in coloured) < ODD * len(hues)]
            if odd:
                out.append(uncertain_of(square(r, c), cell.token, "; ".join(f"{'NESW'[s]}: {STAIN_WHY}" for s in odd)))
    return out
