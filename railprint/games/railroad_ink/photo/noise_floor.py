"""A faint line in a night photo, measured against the sheet's own noise (issue 35, round seventeen).

In a photo whose ink threshold is its paper's noise (``read._threshold``: ``level <= floor``, a
dark room's high-ISO sensor noise, not the drawing, sets it), an empty side is never read with
certainty when its darkness, averaged along the route (``read.profile_lines``), shows a line
running on, and its best guess is that line's route (round thirteen: on the reader's own 1.5 MP
low-light photos most such sides were light routes). At night the phone's denoiser leaves
blotches about 1.5 mm across, so a side's averaged darkness holds only two or three independent
pieces of noise: on the second independent check's dev night photos (40,000-40,072) the empty
sides' averaged lines stood 7-20 of the noise deviations the reader counts from the rows, and
57 of the 154 empty sides guessed a route were that noise.

The sheet measures its own noise: most of its sides are empty, and one player draws every route
with one pen. A side's **rise** is its averaged darkness's highest point above its lower fifth
(``profile_lines``' own measure, the round box's frame left out). The sheet's noise is the median
rise of its sides read empty or with a few marks (``EMPTY_KINDS``: what an empty side reads); on
the dev night photos an empty side's rise was under 1.5 times that in 98 % of them, while the
sheet's routes read with certainty stood 4-9 times it (their lower quartile). A side read empty
row by row whose guess is a route is guessed empty again (it stays uncertain, its reason as it
was) when its rise is under FLOOR times the sheet's noise, or under ROUTE_SHARE of its routes'
lower quartile where MIN_ROUTES route sides or more were read with certainty (a light route on a
sheet of pen lines is a stain, an erased line or the noise; a light-pencil sheet's lost routes,
whose certain routes are light too, keep their guess). Only guesses change: nothing is made
certain, no side is flagged that was not.

The reader calls :func:`revise` with its per-space side reader; this module never imports it.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.board import SIZE
from railprint.games.railroad_ink.photo.noisy_colour import NOISY_LEVEL

FLOOR = 1.5          # a faint line under this many times the sheet's median empty side's rise: noise
ROUTE_SHARE = 0.25   # ... or under this share of the lower quartile of the sheet's certain routes' rises
MIN_ROUTES = 8       # the certain route sides needed to measure the sheet's routes
EMPTY_KINDS = ("a faint line?", "a few marks")   # the reasons of a side read empty row by row


def night(colour) -> bool:
    """Whether the photo's colour noise is a night photo's (``colour.Chroma.level`` of
    ``noisy_colour.NOISY_LEVEL`` or more: day photos 0.06-0.08, the dev night photos 0.23-0.53),
    where the sheet's floor is looked at even when the ink threshold stands above the paper's noise."""
    return colour is not None and colour.level >= NOISY_LEVEL


def rise(profile: np.ndarray) -> float:
    """A side's darkness averaged along the route (``profile``, across the side): its highest
    point above its lower fifth (the paper)."""
    return float(profile.max() - np.percentile(profile, 20))


def _emptyish(side) -> bool:
    return side.kind == "." or (not side.certain and side.why in EMPTY_KINDS)


def revise(at: Callable[[int, int], list], rise_at: Callable[[int, int, int], float], *, side_read: Callable
           ) -> Callable[[int, int], list]:
    """``at(r, c)``: a space's four sides as read (``once.per_space`` of ``read.read_sides``);
    ``rise_at(r, c, side)``: that side's :func:`rise`; ``side_read(kind, certain, why)``. Returns
    ``at`` with each empty-looking side guessed a route under the sheet's floor guessed empty
    again; the sheet is measured on the first call."""
    limit: list[float] = []
    rises: dict[tuple[int, int, int], float] = {}

    def rise_of(r: int, c: int, s: int) -> float:
        if (r, c, s) not in rises:
            rises[(r, c, s)] = rise_at(r, c, s)
        return rises[(r, c, s)]

    def measure() -> float:
        noise, routes = [], []
        for r in range(SIZE):
            for c in range(SIZE):
                for s, side in enumerate(at(r, c)):
                    if _emptyish(side):
                        noise.append(rise_of(r, c, s))
                    elif side.certain:
                        routes.append(rise_of(r, c, s))
        if not noise:
            return 0.0
        floor = FLOOR * float(np.median(noise))
        if len(routes) >= MIN_ROUTES:
            floor = max(floor, ROUTE_SHARE * float(np.percentile(routes, 25)))
        return floor

    def revised(r: int, c: int) -> list:
        sides = at(r, c)
        if not limit:
            limit.append(measure())
        for s, side in enumerate(sides):
            if side.kind != "." and not side.certain and side.why in EMPTY_KINDS and rise_of(r, c, s) < limit[0]:
                sides[s] = side_read(".", False, side.why)
        return sides
    return revised
