"""A coloured line on a sheet whose routes are grey: a stain (issue 35, round twenty-seven).

A coffee ring's rim is a thin brown line, as dark as a pencil's and as long as a route: where it
crosses a space of a sheet drawn in grey it reads as a route side like any other, and where it
runs on through a route's space (a T's empty side, a straight's) the space is read with
certainty with one side more: indep2 210,566 E3 (``.rrr`` read a certain ``rrrr``, the rim across
its empty north side). Its colour tells it: the rim is coloured (a hue of about -120 degrees in
``colour.Chroma``'s darkness, the blue channel darkened most), the sheet's routes are not. A player
draws a sheet's routes in one or two pens; a sheet with colour (a highlighter's highways, a
coloured pen's railways) is :mod:`colour`'s, whose groups of hues say the kinds.

So on a sheet whose route sides (as read, every space) are grey (``colour.GREY``: coloured pixels
through under that share of the strip's rows) at :data:`GREY_SHEET` or more, each space read with
certainty with a route side whose colour runs through its strip (``colour.RUN``) is flagged,
"coloured, where this sheet's routes are grey: a stain?", its reading the guess. A rim that lies
along a route drawn there flags a space read right (its cost); one that crosses an empty side
makes the side a route, and the space is read wrong. Only a day photo's colours are read
(``Chroma.level`` under ``noisy_colour.NOISY_LEVEL``: a night photo's colour is noise). Nothing
here makes a space certain or changes a reading.

Measured on the cached spent photos (docs/railroad-ink-photo-rounds.md, round twenty-seven,
h-silent9).
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import SIZE, square
from railprint.games.railroad_ink.photo.colour import GREY, RUN, Chroma, side_colour
from railprint.games.railroad_ink.photo.noisy_colour import NOISY_LEVEL

GREY_SHEET = 0.8   # a sheet whose route sides are grey at this share or more is drawn in grey
STAIN_WHY = "coloured, where this sheet's routes are grey: a stain?"


def revise(rows: list, uncertain: list, colour: Chroma, *, strip: Callable, uncertain_of: Callable) -> list:
    """``uncertain`` with each space read with certainty that has a coloured route side, on a sheet
    whose route sides are grey, flagged (its reading the guess). ``colour``: the rectified photo's
    ``Chroma``; ``strip(plane, r, c, side)``: a side's strip of a plane."""
    if colour.level >= NOISY_LEVEL:
        return uncertain
    runs = {}
    for r in range(SIZE):
        for c in range(SIZE):
            for s, kind in enumerate(rows[r][c].edges):
                if kind in "hr":
                    runs[(r, c, s)] = side_colour(strip(colour.amount, r, c, s), strip(colour.a, r, c, s),
                                                  strip(colour.b, r, c, s), colour.level).run
    if not runs or sum(run < GREY for run in runs.values()) < GREY_SHEET * len(runs):
        return uncertain
    flagged = {u.square for u in uncertain}
    out = list(uncertain)
    for r in range(SIZE):
        for c in range(SIZE):
            cell = rows[r][c]
            if square(r, c) in flagged or cell.marker in ("v", "x") or "l" in cell.edges:
                continue
            stained = [s for s in range(4) if runs.get((r, c, s), 0.0) >= RUN]
            if stained:
                out.append(uncertain_of(square(r, c), cell.token, "; ".join(f"{'NESW'[s]}: {STAIN_WHY}" for s in stained)))
    return out
