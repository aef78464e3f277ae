"""A four-way crossing whose two routes are drawn unlike: an overpass (issue 35, round sixteen).

A space read as the four-way railway ``rrrr`` or the four-way highway ``hhhh`` (special routes)
holds one route type crossing itself: one player's hand, one way of drawing, on all four arms.
The junction die's overpass (``hrhro``: a highway over a railway, not joined) is drawn where the
same lines cross, and when one route's kind is misread (a one-line, bold or dashed highway read as
a railway; a ladder railway read as a highway) it reads as ``rrrr`` or ``hhhh``, every side
certain: the silent misreads of round fifteen's held-out photos (indep2 200,041 ``rhrho`` and
indep 100,597 ``hrhro`` read ``rrrr``, whatever the overpass was drawn as: a hump, a break, a
bridge, a plain crossing).

What tells them apart is that an overpass's two routes are drawn **unlike**: a railway's sleepers
(ticks, X's, zig-zags, rungs' ends, a pencil's wobbling strokes) turn the darkness's edges off the
route's axis, a highway's lines (two, one, bold, dashed) run along it. So each arm's **diagonal
share** (``crossing_mark.diagonal_share``: the share of the gradient's energy more than 22.5° off
both axes, over a disc of 2.6 mm) is measured ``ARM_MM`` out from the centre, clear of the crossing
itself, and averaged over each pair of opposite arms. On the dev photos (indep 101 photos of
9,120-9,269, indep2 50 of 6,301-6,437; ``docs/railroad-ink-photo-rounds.md``, round sixteen), of
104 true four-way routes one (an ``hhhh``, flagged already) had one pair under
``RATIO`` of the other, none of the 39 read with certainty; a true ``rrrr``'s pairs stayed within
0.45 of each other (most 0.8-1.0). Of 59 overpasses read as a four-way route, 38 showed it.

- A four-way route (``rrrr``, ``hhhh``) whose lower pair's share is at most ``RATIO`` of the other's,
  the other at least ``MIN_SHARE`` (edges off the axis enough to tell), is **flagged** (``WHY``),
  and so guessed: the overpass, its highway on the lower pair. A four-way route flagged already
  takes the same guess.

Nothing here makes a space certain: it only flags spaces and changes flagged spaces' guesses.
Nothing here imports the reader: it takes the rectified darkness and the spaces' centres.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.photo.crossing_mark import diagonal_share

ARM_MM = 6.5      # each arm measured this far out from the centre (its disc: 3.9-9.1 mm out)
RATIO = 0.35      # the lower pair's share at most this share of the other's: drawn unlike
MIN_SHARE = 0.15  # ... the other pair's at least this (a railway's sleepers): enough to tell
FOUR_WAY = ("rrrr", "hhhh")
WHY = "a four-way crossing whose two routes are drawn unlike (sleepers one way, lines the other): an overpass?"


def pairs(rel: np.ndarray, cx: float, cy: float, ppm: float) -> tuple[float, float]:
    """(north-south, east-west) arms' mean diagonal share around the centre (cx, cy) px."""
    step = ARM_MM * ppm
    north, east, south, west = (diagonal_share(rel, cx + dx * step, cy + dy * step, ppm)[0]
                                for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)))
    return (north + south) / 2, (east + west) / 2


def unlike(ns: float, ew: float) -> str | None:
    """The overpass the two pairs' shares say (its highway on the lower pair), or None when they
    are alike."""
    low, high = min(ns, ew), max(ns, ew)
    if high < MIN_SHARE or low > RATIO * high:
        return None
    return "hrhr" if ns < ew else "rhrh"


def apply(rows: list[tuple], uncertain: list, rel: np.ndarray, centre_px: Callable[[int, int], tuple[float, float]],
          ppm: float, square: Callable[[int, int], str], uncertain_of: Callable) -> tuple[list[tuple], list]:
    """``rows`` and ``uncertain`` (``read.Uncertain``: square, guess, why) with each four-way route
    whose pairs are drawn unlike flagged (or, flagged already, kept so) and guessed the overpass."""
    flagged = {u.square: u for u in uncertain}
    grid = [list(row) for row in rows]
    changed = False
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if cell.edges not in FOUR_WAY or cell.marker:
                continue
            edges = unlike(*pairs(rel, *centre_px(r, c), ppm))
            if edges is None:
                continue
            guess = type(cell)(edges, "o")
            grid[r][c] = guess
            u = flagged.get(square(r, c))
            flagged[square(r, c)] = uncertain_of(square(r, c), guess.token, WHY if u is None else u.reason)
            changed = True
    if not changed:
        return rows, uncertain
    return [tuple(row) for row in grid], list(flagged.values())
