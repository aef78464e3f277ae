"""A flagged curve's centre box against the sheet's own curves, whatever the flag's reason (issue 35,
round twenty-five).

A curve's route is an arc cutting the space's corner: on most sheets its centre box (3.2 mm,
``read._centre_fill`` of the ink) is paper, and a curve whose box is inked holds a mark drawn in the
middle: the station's square, dot, X, S or circled dot, whichever the player draws
(``indep2_photos.py``'s habits, the night photos' too). ``meeting_centre`` asks this only of the
curves flagged for the meeting or the station's need ("highway and railway meet ...", "a station
needs ..."), and only where three curves or more are read with certainty, every one paper. The
stations still guessed a plain curve (``hr+s -> r`` / ``-> h``) are mostly flagged for a kind doubt
alone ("neither clearly ...", "a faint line?", a band), on sheets whose curves are read with
certainty too rarely (one or two) for that test, with X's, S's and dots no other measure sees
(``lost_station.sheet`` finds no mark on those sheets).

Here the sheet's curves are every space read as a curve of one kind without a centre mark, flagged
or not: where ``MIN_CURVES`` or more of them, three quarters of them paper (``PAPER`` or less, as
``meeting_centre``), and every one read with certainty paper, the sheet draws its curves as arcs;
where its spaces guessed stations of a highway and a railway (flagged or not, ``MIN_STATIONS`` or
more) show a centre box inked ``INKED`` or more (their median), the sheet marks its stations in the
box (a hollow square or a ring leaves the box paper: indep's hollow squares, whose curve stations
are paper there). On a sheet of both, then

- a flagged curve of one kind, no centre mark read, whose centre box is inked ``INKED`` or more, no
  side doubted for ink running wide (``centre.WIDE_INK``: a broad line or a band crosses the box
  itself), is guessed the station its sides make (``meeting_centre.station_sides``: the sides as read
  where they are a highway and a railway, else the one side whose kind the reason doubts turned,
  else the one that meets the other kind across its edge; else the guess stays);
- a flagged curve guessed a station whose centre box is paper is guessed the curve of the one kind
  its sides join (``meeting_centre.joined_curve``; a station's mark is drawn in the middle).

Every space it touches is flagged already and keeps its flag and reason: no flag is added or lifted.

Measured before it was written (main 77fd1fc4's readings, every route space's centre box dumped at
``marked_route``'s turn, the rule replayed): see docs/railroad-ink-photo-rounds.md, round
twenty-five (h-lostst2).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.photo.centre import WIDE_INK, joined
from railprint.games.railroad_ink.photo.joined_kinds import met_kinds
from railprint.games.railroad_ink.photo.meeting_centre import INKED, PAPER, joined_curve, plain, shape, station_sides

MIN_CURVES = 4      # the sheet's curves of one kind (flagged or not), at least, to know how it draws them
PAPER_SHARE = 0.75  # ... this share of them paper, at least (and every one read with certainty)
MIN_STATIONS = 2    # the sheet's guessed stations, at least, to know whether it marks them in the centre box


def marked_sheet(rows: list[tuple], flagged: set, square: Callable[[int, int], str],
                 inked: Callable[[int, int], float]) -> bool:
    """Whether the sheet draws its curves as arcs clear of the centre box and marks its stations in
    it (the module's text)."""
    curves = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row) if plain(cell, "curve")]
    stations = [inked(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
                if cell.marker == "s" and joined(cell.edges)]
    if len(curves) < MIN_CURVES or len(stations) < MIN_STATIONS or float(np.median(stations)) < INKED:
        return False
    boxes = np.array([inked(*p) for p in curves])
    sure = [b for p, b in zip(curves, boxes) if square(*p) not in flagged]
    return float(np.mean(boxes <= PAPER)) >= PAPER_SHARE and all(b <= PAPER for b in sure)


def apply(rows: list[tuple], uncertain: list, square: Callable[[int, int], str], uncertain_of: Callable, *,
          inked: Callable[[int, int], float], sides_at: Callable, faces: Callable) -> tuple[list[tuple], list]:
    """``rows`` and ``uncertain`` (``read.Uncertain``: square, guess, why) with each flagged curve's
    station guessed by its centre box, on a sheet of arcs whose stations mark it (the module's text). ``inked(r, c)``: the
    share of the space's centre box inked; ``sides_at(r, c)``: the reader's four sides (``.kind``);
    ``faces()``: every drawable space."""
    flagged = {u.square: u for u in uncertain}
    candidates = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
                  if square(r, c) in flagged and shape(cell.edges) == "curve"
                  and (plain(cell, "curve") or cell.marker == "s")]
    if not candidates or not marked_sheet(rows, set(flagged), square, inked):
        return rows, uncertain
    drawable = {face.token for face in faces()}
    grid = [list(row) for row in rows]
    for r, c in candidates:
        cell, u = rows[r][c], flagged[square(r, c)]
        new = None
        if not cell.marker and inked(r, c) >= INKED and not any(wide in u.reason for wide in WIDE_INK):
            edges = station_sides(cell.edges, [side.kind for side in sides_at(r, c)], u.reason,
                                  met_kinds(rows, r, c))
            new = None if edges is None else type(cell)(edges, "s")
        elif cell.marker == "s" and inked(r, c) <= PAPER:
            new = joined_curve(rows, r, c, cell)
        if new is None or new.token not in drawable:
            continue
        grid[r][c] = new
        flagged[square(r, c)] = uncertain_of(u.square, new.token, u.reason)
    return [tuple(row) for row in grid], list(flagged.values())
