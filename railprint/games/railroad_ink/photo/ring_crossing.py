"""A ring drawn round a straight crossing: an overpass, not a station (issue 35, round twenty-two).

Some players mark an overpass (a highway crossing a railway straight through, ``hrhro`` /
``rhrho``) by drawing both routes through the space and a ring round the crossing. The ring closes
paper in the middle, and where it cuts a highway's line near the centre the strip clear of the
centre shows the ring's arc as a "sleeper": ``centre.revise`` then finds a certain railway with no
sleeper beside a mark in the centre (``BARE_RAILWAY``) and guesses a station (``hrrrs``, ``hrhrs``).
The space stays flagged; only its guess is wrong.

A station's mark is drawn inside the space's routes' meeting, within about 3.5 mm of the middle
(the rules' stations; indep's squares and circles, indep3's triangles, stars, diamonds and
houses); a ring round a crossing runs wider, past 3.8 mm. Here the ink is looked at along the
space's four diagonals (``RAYS_MM`` from the middle, where no route drawn along the axes reaches):
a ring crosses every diagonal there, a station's outline none. ``ringed`` asks it of three of the
four (``MIN_RAYS``: one may miss where the pen skipped). A large square's corners reach there too
(indep's stations): where any other station of the sheet crosses two diagonals (``STATION_RAYS``),
or the centre is filled, the step stands aside.

It only changes the guess of a space flagged already, at the end of the reading; it never lifts or
adds a flag. Measured (docs/railroad-ink-photo-rounds.md, round twenty-two): indep3 shared dev
8,000-039 90.97 -> 92.70 % right, 27,000-029 90.75 -> 91.77 %; indep and indep2 90,000-059 unchanged.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.photo import centre

RAYS_MM = (3.9, 5.6)   # along each diagonal, this far from the middle: a ring's arc, past a station's outline
MIN_RAYS = 3           # diagonals (of four) that must cross ink there (one may miss where the pen skipped)
STATION_RAYS = 2       # ... a station of the sheet's crossing this many: its stations reach as far (a square's corners)
MIN_STATIONS = 2       # the sheet's stations read (a highway and a railway joined), none ringed, needed to know
FILLED_MM2 = centre.MIN_MARK["filled"]   # a centre filled this much (``centre.measure``) is a station's, not a ring's
OVERPASSES = ("hrhr", "rhrh")


def ringed(ink: np.ndarray, cx: float, cy: float, ppm: float, rays: int = MIN_RAYS) -> bool:
    """Whether ink crosses ``rays`` of the space's four diagonals between ``RAYS_MM`` of its middle
    (pixel (cx, cy) of the rectified ``ink``, 0/1)."""
    hit = 0
    steps = np.arange(RAYS_MM[0], RAYS_MM[1] + 1e-6, 0.5 / ppm) * ppm / np.sqrt(2.0)
    h, w = ink.shape[:2]
    for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
        xs = np.round(cx + dx * steps).astype(int)
        ys = np.round(cy + dy * steps).astype(int)
        if xs.min() < 0 or ys.min() < 0 or xs.max() >= w or ys.max() >= h:
            return False
        hit += bool(ink[ys, xs].any())
    return hit >= rays


def overpass_guess(edges: str, certain: tuple[bool, bool, bool, bool]) -> str | None:
    """The straight crossing nearest the sides read (``edges``; ``certain``: each side read with
    certainty): the overpass whose sides disagree with the fewest of them, a side read with
    certainty counting twice. None on a tie, or where a side read empty is certain."""
    if any(k == "." and sure for k, sure in zip(edges, certain)):
        return None
    cost = {o: sum((1 + sure) * (k != want) for k, want, sure in zip(edges, o, certain)) for o in OVERPASSES}
    a, b = sorted(cost, key=cost.get)
    return None if cost[a] == cost[b] else a


def _joined(edges: str) -> bool:
    """A highway and a railway joined: a space the rules give a station (not the straight crossing)."""
    return set(edges) - {"."} == {"h", "r"} and edges not in OVERPASSES


def apply(rows: list[tuple], uncertain: list, ink: np.ndarray, centre_px: Callable[[int, int], tuple[float, float]],
          ppm: float, square: Callable[[int, int], str], uncertain_of: Callable) -> tuple[list[tuple], list]:
    """Each flagged space guessed with four routes of both kinds (not an overpass) whose centre is
    ``ringed`` and not filled (``FILLED_MM2``), on a sheet with ``MIN_STATIONS`` other spaces guessed
    a station where a highway and a railway join, none crossing ``STATION_RAYS`` diagonals (this
    player's stations are drawn inside the meeting: the ring is not one), is guessed the overpass
    nearest its sides (``overpass_guess``; its sides' certainty from the reading's reasons). It
    stays flagged with its reason; nothing else changes."""
    flagged = {u.square: u for u in uncertain}
    todo = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
            if square(r, c) in flagged and "." not in cell.edges and set(cell.edges) == {"h", "r"}
            and cell.token not in ("hrhro", "rhrho")]
    stations = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
                if cell.marker == "s" and _joined(cell.edges) and (r, c) not in todo]
    if len(stations) < MIN_STATIONS or not todo:
        return rows, uncertain
    if any(ringed(ink, *centre_px(r, c), ppm, STATION_RAYS) for r, c in stations):
        return rows, uncertain
    grid = [list(row) for row in rows]
    for r, c in todo:
        if not ringed(ink, *centre_px(r, c), ppm) or centre.measure(ink, *centre_px(r, c), ppm).filled >= FILLED_MM2:
            continue   # (a ring's middle is its routes' lines and paper, no filled square's)
        u = flagged[square(r, c)]
        # (check_order.sides says the same, but check_order names read.Uncertain: imports point down)
        doubted = {"NESW".index(part[0]) for part in u.reason.split("; ") if part[1:3] == ": " and part[0] in "NESW"}
        edges = overpass_guess(rows[r][c].edges, tuple(s not in doubted for s in range(4)))
        if edges is None:
            continue
        grid[r][c] = type(rows[r][c])(edges, "o")
        flagged[square(r, c)] = uncertain_of(u.square, grid[r][c].token, u.reason)
    return [tuple(row) for row in grid], list(flagged.values())
