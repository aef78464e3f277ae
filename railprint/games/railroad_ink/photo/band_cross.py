"""A straight crossing of a band read as a station: guessed an overpass (issue 35, round twenty-two).

A highlighter's or a felt-tip's highway (or a railway whose sleepers ran together) is a band of ink
(``read.SOLID_BAND``, ``read.BROAD``). Where such a band runs straight through a space and a route
of the other kind crosses it, the band fills the space's centre, and the centre's steps read the
fill as a station's mark: a straight crossing (``hrhr``/``rhrh``) guessed a station. On band sheets
that guess is mostly wrong. On the spent held-out readings of the second independent check (indep2
206,400-206,519, main 2e08d00) the straight crossings read as stations, flagged, with both sides of
one route doubted as bands and the other route's sides not both so, were 21 overpasses and one
station (206,445 D3, whose kinds were read swapped, wrong either way); where all four sides are
bands (a zig-zag railway crossing a highlighter's highway) they were two overpasses and one
station, and those are left alone.

:func:`revise` guesses such a space an overpass. It stays flagged with its reason as it was (the
reason asks whether a station is there): only the guess changes, so it never adds a silent space.
The reader calls it after :mod:`band_chain` and :mod:`band_kinds`, before ``route_kinds``. Measured: see
docs/railroad-ink-photo-rounds.md, round twenty-two (h-band3).
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import Cell, square_at
from railprint.games.railroad_ink.photo.band_chain import band_sides
from railprint.games.railroad_ink.photo.outlined_centre import WHY as OUTLINED_WHY

CROSSINGS = ("hrhr", "rhrh")
AXES = ((0, 2), (1, 3))   # a straight crossing's two routes: N-S and E-W
WIDE_BAND_MM = 3.0        # a band this wide fills the centre's filled-mark test (the ink opened by 2.6 mm) by itself
FILLED = 0.95             # a centre filled less than this is no filled station's mark


def banded_route(reason: str, edges: str) -> tuple[int, int] | None:
    """The two sides of a straight crossing's route that ``reason`` doubts as a band or a broad line
    on both sides, where exactly one route is so doubted (the other route's two sides not both);
    else None."""
    sides = band_sides(reason, edges)[0]
    routes = [axis for axis in AXES if set(axis) <= sides]
    return routes[0] if len(routes) == 1 else None


def revise(rows: list, uncertain: list, *, uncertain_of: Callable, features: Callable[[int, int, int], dict],
           fill_at: Callable[[int, int], float]) -> tuple[list, list]:
    """``rows`` and ``uncertain`` with every flagged straight crossing guessed a station, whose one
    route is doubted as a band on both its sides, guessed an overpass instead where the band is as
    wide as the centre's filled-mark test or the centre is not filled (see the module's text).
    ``uncertain_of(square, guess, reason)`` builds a flag; ``features(r, c, side)``: the side's
    ``read.side_features`` ("sleeper": how far its ink runs across the route in its widest rows, mm);
    ``fill_at(r, c)``: the share of the centre filled with solid ink (``read._centre_fill``)."""
    out = []
    changed = False
    for u in uncertain:
        r, c = square_at(u.square)
        cell = rows[r][c]
        # a crossing whose middle closes in paper unlike the sheet's other crossings (outlined_centre.WHY) was
        # measured a station's outline: its band does not make it a bridge (test_ri_photo_outlined_centre)
        if cell.marker == "s" and cell.edges in CROSSINGS and OUTLINED_WHY not in u.reason \
                and (band := banded_route(u.reason, cell.edges)):
            if min(features(r, c, s)["sleeper"] for s in band) >= WIDE_BAND_MM or fill_at(r, c) < FILLED:
                if not changed:
                    rows, changed = [list(row) for row in rows], True
                rows[r][c] = Cell(cell.edges, "o")
                u = uncertain_of(u.square, rows[r][c].token, u.reason)
        out.append(u)
    if not changed:
        return rows, uncertain
    return [tuple(row) for row in rows], out
