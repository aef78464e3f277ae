"""A flagged straight of one kind whose line widens at the centre as the sheet's straights do not:
guessed the station (issue 35, round twenty-six).

Stations guessed as a plain route of one kind are the largest group of wrong guesses left on
flagged spaces (`hr+s -> r` 29 / 44 / 9 / 27, `hr+s -> h` 5 / 17 / 8 / 10 on round twenty-five's
held out, indep / indep2 / indep3 / night), mostly straights. ``marked_route`` and ``inked_curve``
guess them where the centre shows the sheet's own station mark (a filled piece, paper closed in, an
inked box on a sheet of arcs); on a straight the route's own line runs through the centre, so a
square, a bar or an X drawn over it closes no paper and leaves no piece the opening keeps, and on
many sheets no mark is found at all (X's, S's, small dots, night photos).

A station's mark drawn over a straight adds ink ACROSS the route at the centre, whatever its shape;
the route's own line (a railway's sleepers, a highway's two lines, a band) is as wide at the centre
as anywhere along it. So the route's width is measured along its axis (:func:`widening`: the ink
across the route, ``ACROSS_MM`` on each side of the axis, its lower third over the middle
``CENTRE_MM`` against its median over ``AWAY_MM`` from the centre, the lesser side's), and a flagged
straight of two route sides of one kind, no centre mark read, that widens ``WIDER_MM`` or more, and
``ABOVE_MM`` more than any straight of one kind the sheet reads with certainty, is guessed the station
its sides make
(``meeting_centre.station_sides``: the sides as read where they are a highway and a railway; else the
one route side whose kind the reason doubts turned, or the one that meets the other kind across its
edge; else the guess stays). Every space it touches is flagged already and keeps its flag and reason:
no flag is added or lifted.

Measured on round twenty-five's spent held out (main fc8b9064's readings, every flagged straight's
profile dumped at this step's turn): see docs/railroad-ink-photo-rounds.md, round twenty-six
(h-stline).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.photo.joined_kinds import met_kinds
from railprint.games.railroad_ink.photo.meeting_centre import plain, station_sides

ACROSS_MM = 5.0   # the ink across the route counted this far on each side of its axis
CENTRE_MM = 2.0   # the centre's width over this far along either side of the centre ...
CENTRE_SHARE = 1 / 3   # ... at this share of it (the lower third: the width of two thirds of the middle or more) ...
AWAY_MM = (4.0, 8.0)   # ... against the route's own: the median over this stretch of either half
WIDER_MM = 1.0    # a station's mark widens the route by this much or more (mm of ink across) ...
ABOVE_MM = 0.5    # ... and by this much more than any straight of one kind the sheet reads with certainty


def widening(ink: np.ndarray, cx: float, cy: float, ppm: float, vertical: bool) -> float:
    """How much wider (mm of ink across the route) a straight through pixel (cx, cy) of the rectified
    ``ink`` mask is at its centre than along its halves (``vertical``: the route runs north-south):
    on each side of the axis apart (``ACROSS_MM``), the ink across at the lower third (``CENTRE_SHARE``)
    of the middle ``CENTRE_MM`` less its median over ``AWAY_MM``; twice the lesser side's. A mark drawn
    over the centre widens every step of the middle, a railway's sleepers a few: a median leaves thin
    ones, the lower third too the broad hatched ones that cover half the line (indep3 301,718 B3, G4:
    1.0-1.3 mm by the median). The lesser side, as a station's mark spreads across both sides of the
    route, where a T's third side lost in the reading (its line meeting the centre) spreads across one
    (indep2 210,053 G3: 1.7 mm on one side, 0.2 on the other)."""
    along, across = int(round(AWAY_MM[1] * ppm)), int(round(ACROSS_MM * ppm))
    x, y = int(round(cx)), int(round(cy))
    if vertical:
        band = ink[max(0, y - along):y + along + 1, max(0, x - across):x + across]
        offset = y - max(0, y - along)
    else:
        band = ink[max(0, y - across):y + across, max(0, x - along):x + along + 1].T
        offset = x - max(0, x - along)
    split = min(across, band.shape[1])
    t = np.abs(np.arange(band.shape[0]) - offset) / ppm
    centre, away = t <= CENTRE_MM, (t >= AWAY_MM[0]) & (t <= AWAY_MM[1])
    if not centre.any() or not away.any() or split == 0 or split == band.shape[1]:
        return 0.0
    sides = []
    for half in (band[:, :split], band[:, split:]):
        width = half.sum(axis=1, dtype=np.float64) / ppm   # mm of ink across, each step along the axis
        sides.append(float(np.percentile(width[centre], 100 * CENTRE_SHARE) - np.median(width[away])))
    return 2 * min(sides)


def apply(rows: list[tuple], uncertain: list, ink: np.ndarray, centre_px: Callable[[int, int], tuple[float, float]],
          ppm: float, square: Callable[[int, int], str], uncertain_of: Callable, *, sides_at: Callable,
          faces: Callable) -> tuple[list[tuple], list]:
    """``rows`` and ``uncertain`` (``read.Uncertain``: square, guess, why) with each flagged straight
    of one kind that widens at its centre as the sheet's straights do not guessed the station (the
    module's text). ``sides_at(r, c)``: the reader's four sides (``.kind``); ``faces()``: every
    drawable space."""
    flagged = {u.square: u for u in uncertain}
    straights = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row) if plain(cell, "straight")]
    candidates = [p for p in straights if square(*p) in flagged]
    if not candidates:
        return rows, uncertain

    def wider(r: int, c: int) -> float:
        return widening(ink, *centre_px(r, c), ppm, rows[r][c].edges[0] != ".")

    sure = [wider(*p) for p in straights if square(*p) not in flagged]
    least = max(WIDER_MM, max(sure) + ABOVE_MM) if sure else WIDER_MM
    drawable = {face.token for face in faces()}
    grid = [list(row) for row in rows]
    for r, c in candidates:
        if wider(r, c) < least:
            continue
        cell, u = rows[r][c], flagged[square(r, c)]
        edges = station_sides(cell.edges, [side.kind for side in sides_at(r, c)], u.reason, met_kinds(rows, r, c))
        if edges is None or edges + "s" not in drawable:
            continue
        grid[r][c] = type(cell)(edges, "s")
        flagged[square(r, c)] = uncertain_of(u.square, grid[r][c].token, u.reason)
    return [tuple(row) for row in grid], list(flagged.values())
