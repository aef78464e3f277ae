"""A flagged route of one kind whose centre shows the sheet's station mark is guessed the station
(issue 35, round twenty-four).

The largest group of wrong guesses on flagged spaces (main 9098e1c4, the spent held out of round
twenty-three: indep 95, indep2 100, indep3 20, night 78 spaces): a station drawn on a curve or a
straight, one of its sides misread as the other kind (a highway's two lines read as a railway's
one, a railway's line read as a highway's band), guessed a plain route of ONE kind (``.r.r``,
``h.h.``). By the rules no station joins one kind, so the reader's guess (``read._nearest_face``,
``kind_guess``, ``sheet_kinds``) drops the centre: the player taps the space and corrects it.
``lost_station`` flags such a space where it was read with certainty (its reading the guess);
``meeting_centre`` turns the guess only for the meeting or the station's need, against the centres
of the sheet's own routes of the shape (three read with certainty, which many sheets lack). Here
the space's centre is compared with the sheet's station mark itself.

The mark is ``lost_station.sheet``'s: the measure (a filled piece, paper closed in on the ink or on
the faint mask) the sheet's guessed stations show, which its T's, crossings and plain routes read
with certainty do not. A flagged space of two route sides of one kind, no centre mark read, whose
centre shows ``LIKE`` of the mark's size or more (``lost_station.LIKE``, 0.9 on the faint mask; the
filled piece not where a side is doubted for its ink running wide, ``centre.WIDE_INK``: a band's ink
is left by the opening too, unless the reader's own sides of the space are a highway and a railway,
``split``: round twenty-five) is guessed the station its sides make (``meeting_centre.station_sides``:
the sides as read where they are a highway and a railway; else the one route side whose kind the
reason doubts turned, or the one that meets the other kind across its edge; else the guess stays). A
T or a crossing of one kind (``rrrr``: a station of three or four sides, ``hrrhs``) whose centre
shows the mark as paper closed in (not a filled piece: its lines meeting leave one) is guessed with
the route sides whose kind the reason doubts turned (``meeting_sides``), where that leaves a station
a die face draws. Every space it touches is flagged already and keeps its flag and reason: no flag
is added or lifted.

Measured before it was written, on main's readings of the spent held out (main 9098e1c4; every
flagged route's centre and the sheet's mark dumped at the end of the reading, the rule replayed):
see docs/railroad-ink-photo-rounds.md, round twenty-four (h-lostst).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.photo import lost_station
from railprint.games.railroad_ink.photo.centre import WIDE_INK
from railprint.games.railroad_ink.photo.joined_kinds import met_kinds
from railprint.games.railroad_ink.photo.meeting_centre import shape, station_sides
from railprint.games.railroad_ink.photo.sure_kinds import kind_doubts

# a centre showing this share of the sheet's station mark, or more, is marked as its stations; on the faint
# mask more (a ladder railway's rungs closed 0.8 of a ballpoint sheet's squares' paper: indep 104,922 G4)
LIKE = {"filled": lost_station.LIKE, "hollow": lost_station.LIKE, "faint": 0.9}


def meeting_sides(edges: str, reason: str) -> str | None:
    """A T's or a crossing's station sides (``edges``: three or four route sides of one kind): the
    route sides whose kind ``reason`` doubts turned to the other kind; None where none is doubted or
    every one is."""
    doubted = set(kind_doubts(reason, edges)[0])
    routes = {s for s, k in enumerate(edges) if k != "."}
    if not doubted or doubted >= routes:
        return None
    other = {"h": "r", "r": "h"}[edges.replace(".", "")[0]]
    return "".join(other if s in doubted else k for s, k in enumerate(edges))


def split(edges: str, read: list[str]) -> bool:
    """Whether a curve's or a straight's two route sides (``edges``) were read (``read``, the reader's
    kinds) as a highway and a railway: a band's filled piece is then the station's (round twenty-five)."""
    return shape(edges) is not None and sorted(read[s] for s, k in enumerate(edges) if k != ".") == ["h", "r"]


def apply(rows: list[tuple], uncertain: list, ink: np.ndarray, centre_px: Callable[[int, int], tuple[float, float]],
          ppm: float, square: Callable[[int, int], str], uncertain_of: Callable, *, sides_at: Callable,
          faces: Callable, faint: np.ndarray | None = None, known: dict | None = None) -> tuple[list[tuple], list]:
    """``rows`` and ``uncertain`` (``read.Uncertain``: square, guess, why) with each flagged route of
    one kind whose centre shows the sheet's station mark guessed the station (the module's text).
    ``sides_at(r, c)``: the reader's four sides (``.kind``); ``faces()``: every drawable space;
    ``known``: the centres ``lost_station.apply`` measured (``lost_station.sheet``)."""
    flagged = {u.square: u for u in uncertain}
    candidates = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
                  if square(r, c) in flagged and len(cell.edges.replace(".", "")) >= 2 and not cell.marker
                  and len(set(cell.edges) - {"."}) == 1]
    if not candidates:
        return rows, uncertain
    found = lost_station.sheet(rows, set(flagged), ink, centre_px, ppm, square, faint, known)
    if found is None:
        return rows, uncertain
    kind, size, marks = found
    like = max(LIKE[kind] * size, lost_station.MIN_MARK[kind])
    drawable = {face.token for face in faces()}
    grid = [list(row) for row in rows]
    for r, c in candidates:
        cell, u = rows[r][c], flagged[square(r, c)]
        read = [side.kind for side in sides_at(r, c)]
        if marks[(r, c)].get(kind) < like or kind == "filled" and any(wide in u.reason for wide in WIDE_INK) \
                and not split(cell.edges, read):
            continue
        if shape(cell.edges):
            edges = station_sides(cell.edges, read, u.reason,
                                  met_kinds(rows, r, c))
        else:   # (lines meeting leave a filled piece of their own: indep2 209,433 G6, a highway crossing)
            edges = None if kind == "filled" else meeting_sides(cell.edges, u.reason)
        if edges is None or edges + "s" not in drawable:
            continue
        grid[r][c] = type(cell)(edges, "s")
        flagged[square(r, c)] = uncertain_of(u.square, grid[r][c].token, u.reason)
    return [tuple(row) for row in grid], list(flagged.values())
