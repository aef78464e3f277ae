"""A station whose routes read clearly and whose centre shows the sheet's station mark (issue 35,
round eighteen).

By the rules a highway and a railway meet only at a station. ``read.read_space`` reads a space
whose four sides are certain and join the two kinds (a T, a curve, a straight of a highway and a
railway) as a station; it is read with certainty only when its centre is filled (the printed
station's square). A player who draws stations another way (a hollow square, a ring, a circled
dot, an X, the letter S) leaves the centre unfilled, and every such station is flagged, "highway
and railway meet without a station" (``MEET_WHY``): on the dev photos of round eighteen, 74 such
flags on 70 photos of the first two independent checks, 70 of them on spaces read right, the
player's cost of a tap each.

A player draws every station of a sheet the same way, so the sheet's own stations say what its
mark looks like. Two measures of a space's centre, each for a kind of mark:

- ``hollow``: paper closed in by ink near the middle (``centre.measure``): a hollow square, a
  ring, a circled dot (``HOLLOW_MM2`` or more);
- ``diagonal``: edges turned off the grid's axes where the routes meet
  (``crossing_mark.diagonal_share``: an X, an S, a ring; ``DIAGONAL`` or more, with edges
  enough, ``ENERGY``), with ink at the very centre (``INKED``: a blank centre's noise has no
  direction either).

A measure is the sheet's **mark** when at least ``MIN_SHOWN`` of the spaces read as a joined
station, and half of them or more, show it, while the sheet's route spaces of one kind read with
certainty (T's, curves, straights: no station there) show it at most ``OTHERS_SHARE`` of the time
(a ladder's rungs close in paper on every railway, X-shaped sleepers turn off the axes: on such a
sheet the measure tells nothing). Then a space flagged for ``MEET_WHY`` alone (its four sides
certain, only the centre in doubt) whose centre shows the mark is read with certainty: the
routes and the centre agree, as they do for a filled station, which ``read_space`` already reads
so. A joined space whose centre shows nothing stays flagged (on the dev photos, the two spaces
read wrongly this way, a highway read as a railway beside an empty centre, showed neither
measure).

On those photos (indep 80,000-80,039 and ten ballpoint sheets of hollow squares, indep2 30 photos
of 80,000-80,046 with a station or hump habit) it took 28 of the 70 flags on right stations and no
flag on a wrong space. It takes nothing else: any other doubt (a side, the grid, the light) keeps
the space flagged, and the steps after it (``legal``, ``sheet_kinds.rules``, ``joins``) flag as
before. Nothing here imports the reader: it takes the ink mask, the darkness and the spaces'
centres.

Round twenty-two (h-silent5): **a mark inked as the sheet's marks are.** A dotted highway's dots
where it turns or runs through a centre turn edges off the axes as a star does, and where a side is
misread as the other kind the space reads as a joined station doubted for its centre alone. indep3
301,098 (star stations, dotted highways): C7 ``h..h`` read ``r..hs`` and F6 ``h.h.`` read ``r.h.s``
took the sheet's "diagonal" mark and were read with certainty, wrong; the sheet's plain route
spaces read with certainty were all railways, so nothing said the highways show it too. A player
draws every station the same way, so a mark inks its centre box about as much on each: the sheet's
stars ink 0.93-1.00 of it, C7's dots 0.36, F6's 0.20. On a sheet whose mark is "diagonal" (the
measure that asks for ink at the centre) a flag is lifted only where the centre's inked share is at
least ``INKED_SHARE`` of the median over the sheet's stations showing the mark, its own among them
(``like_the_marks``); a hollow mark's centre is paper (indep dev 90,029 and 90,032: rings inked
0.00-0.18), and there the share says nothing. Replayed on every lift of indep3 300,360-579 and indep2
205,200-319 (94 lifts on 30 sheets, 3 wrong): 300,567 C6 (``.h.h`` read ``.r.hs``, 0.34 against
a median of 0.85: 0.40, silent on main) keeps its flag; 205,248 B1 and F3 (an overpass and a
station with their kinds misread, inked as the sheet's marks) are still lifted here and flagged by
a later step; every right lift is lifted as before (the lowest, 205,240 A1, 0.32 against 0.65: 0.49).

Round twenty-seven (h-over): **a mark the sheet's overpasses show too.** A four-way space of three
sides of one kind and one of the other is an overpass with one side misread as often as a station
(``one_side_from_overpass``). indep2 210,573 E3 (``rhrho``, a highway humped over a zigzag railway,
its west side read as a railway: ``rhrrs``) took the sheet's "diagonal" mark, shown by its own
hump and one other station, and was read with certainty, wrong; the sheet's two overpasses read
right (B1, F6) show the mark as well (diagonal shares 0.55 and 0.64: a hump's arcs turn off the
axes as an S does). Where half or more of the sheet's spaces read as overpasses show the mark,
such a space keeps its flag (``overpasses_show``): the mark does not tell a station from an
overpass there.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.photo.centre import joined, measure
from railprint.games.railroad_ink.photo.crossing_mark import diagonal_share

MEET_WHY = "highway and railway meet without a station"   # read.read_space's reason
HOLLOW_MM2 = 6.0     # paper closed in near the middle, this much: an outline's
DIAGONAL = 0.42      # a diagonal share this large (crossing_mark.DIAGONAL) ...
ENERGY = 0.002       # ... with edges this strong (mean gradient energy, darkness units) ...
INKED = 0.2          # ... and this share of the centre's box inked: a drawn mark
MIN_SHOWN = 2        # joined stations showing a measure, at least (and half of them)
OTHERS_SHARE = 0.1   # the sheet's certain one-kind route spaces showing it, at most this share
INKED_SHARE = 0.45   # a lifted centre inked at least this share of the sheet's marked stations' median


def _marked(kind: str, value: tuple[float, float, float, float]) -> bool:
    hollow, share, energy, inked = value
    if kind == "hollow":
        return hollow >= HOLLOW_MM2
    return share >= DIAGONAL and energy >= ENERGY and inked >= INKED


def sheet_mark(stations: list[tuple], others: list[tuple]) -> str | None:
    """The sheet's station mark, "hollow" or "diagonal", or None: ``stations`` the measures
    (hollow mm², diagonal share, energy, inked share) of the spaces read as joined stations,
    ``others`` those of the route spaces of one kind read with certainty."""
    for kind in ("hollow", "diagonal"):
        shown = sum(_marked(kind, v) for v in stations)
        if shown < MIN_SHOWN or 2 * shown < len(stations):
            continue
        if sum(_marked(kind, v) for v in others) > OTHERS_SHARE * len(others):
            continue
        return kind
    return None


def like_the_marks(inked: float, marks: list[float]) -> bool:
    """Whether a centre whose box is ``inked`` (a share) is inked as the sheet's marks are:
    ``marks``, the inked shares of its stations showing the mark (the space's own among them)."""
    return bool(marks) and inked >= INKED_SHARE * float(np.median(marks))


def one_side_from_overpass(edges: str) -> bool:
    """Whether a space's four sides are three of one kind and one of the other: one side misread
    away from an overpass (``rhrr``, the west side of ``rhrh``)."""
    return "." not in edges and sorted(edges.count(k) for k in "hr") == [1, 3]


def overpasses_show(kind: str, overpasses: list[tuple]) -> bool:
    """Whether half or more of the sheet's overpasses (their measures, as :func:`sheet_mark`
    takes them; one at least) show the mark ``kind``."""
    return bool(overpasses) and 2 * sum(_marked(kind, v) for v in overpasses) >= len(overpasses)


def apply(rows: list[tuple], uncertain: list, ink: np.ndarray, rel: np.ndarray,
          centre_px: Callable[[int, int], tuple[float, float]], ppm: float, square: Callable[[int, int], str],
          inked: Callable[[int, int], float]) -> list:
    """``uncertain`` (``read.Uncertain``: square, guess, why) without the flags of joined stations
    doubted for their centre alone (``MEET_WHY``) whose centre shows the sheet's mark
    (:func:`sheet_mark`). ``inked(r, c)``: the share of the space's centre box inked
    (``read._centre_fill`` of the ink)."""
    flagged = {u.square: u for u in uncertain}
    if not any(u.reason == MEET_WHY for u in uncertain):
        return uncertain

    def value(r: int, c: int) -> tuple[float, float, float, float]:
        cx, cy = centre_px(r, c)
        share, energy = diagonal_share(rel, cx, cy, ppm)
        return measure(ink, cx, cy, ppm).hollow, share, energy, inked(r, c)

    stations, others, overpasses = {}, [], []
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            kinds = set(cell.edges) - {"."}
            if cell.marker == "s" and joined(cell.edges):
                stations[(r, c)] = value(r, c)
            elif cell.marker == "o" and cell.edges in ("hrhr", "rhrh"):
                overpasses.append(value(r, c))
            elif len(kinds) == 1 and not cell.marker and square(r, c) not in flagged:
                others.append(value(r, c))
    kind = sheet_mark(list(stations.values()), others)
    if kind is None:
        return uncertain
    marks = [v[3] for v in stations.values() if _marked(kind, v)]
    unsure = overpasses_show(kind, overpasses)
    sure = {square(r, c) for (r, c), v in stations.items()
            if _marked(kind, v) and (kind != "diagonal" or like_the_marks(v[3], marks))
            and not (unsure and one_side_from_overpass(rows[r][c].edges))
            and (u := flagged.get(square(r, c))) is not None and u.reason == MEET_WHY}
    return [u for u in uncertain if u.square not in sure]
