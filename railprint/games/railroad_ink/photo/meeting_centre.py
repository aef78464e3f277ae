"""A meeting's station against the centres of the sheet's own routes (issue 35, round twenty-three).

"Highway and railway meet without a station" (``station_mark.MEET_WHY``) flags a space whose sides
as read hold both kinds and whose centre no station: most often one side's kind is misread, and the
best guess (``read._nearest_face``) gives it the other side's kind, a route of one kind. Where the
player drew the station with a mark the reader's centre measures do not know (an X, a letter S, a
small dot, a circled dot: ``indep2_photos.py``'s habits; a hollow square in pencil), the station is
lost in the guess: on indep2 208,000-119 (spent held out, main 613e5a0) 150 wrong spaces were
flagged for the meeting, 45 of them a station guessed without it, nearly all on a space of two
route sides (a curve or a straight). "A station needs a highway and a railway"
(``joined_kinds.STATION_NEEDS``: a filled centre, sides read of one kind) is guessed without the
station too (``read._one_kind_fill``).

The sheet itself says what its routes' centres look like: its spaces of two route sides of one
kind read with certainty, curves and straights apart (``MIN_ROUTES`` of a shape at least). A flagged
space of two route sides guessed one kind without a station, for the meeting or the station's
need, is guessed the station its sides make where its centre shows a mark none of those routes
shows:

- ``arcs``: the sheet's curves are arcs cutting the corner, their centre box (3.2 mm,
  ``read._centre_fill`` of the ink) inked ``PAPER`` or less each; a curve inked ``INKED`` or more
  holds something drawn in the middle;
- ``hollow``: paper closed in near the middle (``centre.measure``), ``station_mark.HOLLOW_MM2`` or
  more above the most the sheet's routes of the shape close in (a hollow square, a ring, a
  circled dot);
- ``filled``: the largest piece left by ``centre.measure``'s opening, ``centre.MIN_MARK``'s
  filled (7 mm²) or more above the most the sheet's routes of the shape leave (a filled square or
  dot between sides read of one kind: "a station needs ..."), where no side of the space is doubted
  for its ink running wide (``centre.WIDE_INK``: a band's or a broad line's ink is left by the
  opening too: indep2 208,062 C5, indep 104,656 E6, highway bands read right);
- ``diagonal``, straights only: edges turned off the axes (``crossing_mark.diagonal_share``)
  ``SHARE_ABOVE`` or more above the most the sheet's straights show, with edges enough
  (``station_mark.ENERGY``): an X, an S (a curve's own arc turns off the axes: not asked there).

The station's sides are the two route sides as read (``sides_at``), a highway and a railway; where
they were read of one kind, the one route side whose kind the reason doubts is turned, or where no
side's kind is doubted, the one route side that meets the other kind across its edge (a neighbour's
facing side or a printed exit, ``joined_kinds.kind_at``); else the guess stays.

Conversely, on a sheet of ``arcs``, a curve flagged for the meeting and guessed a station whose
centre box is paper (``PAPER`` or less, as the sheet's curves) is guessed the curve of the one kind
its sides join (neighbours' facing sides and printed exits, ``joined_kinds.kind_at``).

Measured on the spent held out of round twenty-two (main 613e5a0's readings: indep2 208,000-119,
indep 104,620-739, indep3 301,460-519): every such space's centre and the sheet's routes' logged,
the marks held for stations lost only (arcs 25, hollow 27, diagonal 9 beyond the hollow ones,
filled 13 beyond the others), none on a space guessed right; the nearest right ones were a railway
curve closing in 4.1 mm² (indep 104,683 E7) and a highway straight 0.20 above its sheet's share with
faint edges (indep2 208,035 E6). The paper curves guessed stations were 11, all wrong (a highway curve whose one side
was read with certainty as a railway), none right. Spaces that stay wrong: a T whose third side was
lost (its line crosses the centre), read as a curve.

It changes only the guess of a space flagged already, at the end of the reading; it never lifts or
adds a flag. Nothing here imports the reader.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.photo.centre import MIN_MARK, WIDE_INK, measure
from railprint.games.railroad_ink.photo.crossing_mark import diagonal_share
from railprint.games.railroad_ink.photo.joined_kinds import STATION_NEEDS, kind_at, met_kinds
from railprint.games.railroad_ink.photo.station_mark import ENERGY, HOLLOW_MM2, MEET_WHY
from railprint.games.railroad_ink.photo.sure_kinds import kind_doubts

MIN_ROUTES = 3      # the sheet's routes of a shape read with certainty, at least, to know their centres
PAPER = 0.05        # a curve's centre box inked at most this share: an arc clear of the middle
INKED = 0.3         # a flagged curve's centre box inked this share or more, on a sheet of arcs: a mark
SHARE_ABOVE = 0.25  # a straight's centre this much more diagonal than any of the sheet's straights: a mark
FILLED_MM2 = MIN_MARK["filled"]   # a filled piece this much larger than any of the sheet's routes of the shape: a mark


def shape(edges: str) -> str | None:
    """"curve" (two route sides at right angles) or "straight" (two opposite), whatever their
    kinds; None for any other space."""
    routes = [s for s, k in enumerate(edges) if k != "."]
    if len(routes) != 2:
        return None
    return "curve" if (routes[1] - routes[0]) % 2 else "straight"


def plain(cell, form: str | None = None) -> bool:
    """Whether ``cell`` is a curve or a straight (:func:`shape`; ``form`` only, where given) of one
    kind with no centre mark."""
    got = shape(cell.edges)
    return got is not None and form in (None, got) and not cell.marker and len(set(cell.edges) - {"."}) == 1


def station_sides(edges: str, read: list[str], reason: str,
                  met: Callable[[int], str | None] | None = None) -> str | None:
    """The station's sides for a space guessed ``edges`` (two route sides of one kind): its two
    route sides as read (``read``, the reader's kinds) where they are a highway and a railway; where
    they were read of one kind (``STATION_NEEDS``), with the one route side whose kind ``reason``
    doubts turned to the other kind, or where none is doubted, the one route side that meets the
    other kind (``met(s)``: the kind across side s's edge, a neighbour's or a printed exit's); else None."""
    routes = [s for s, k in enumerate(edges) if k != "."]
    kinds = [read[s] for s in routes]
    if sorted(kinds) == ["h", "r"]:
        return "".join(read[s] if s in routes else "." for s in range(4))
    if kinds[0] != kinds[1] or kinds[0] not in ("h", "r"):
        return None
    other = {"h": "r", "r": "h"}[kinds[0]]
    doubted = set(kind_doubts(reason, edges)[0]) & set(routes)
    if len(doubted) != 1:   # no one side's kind doubted: the one route side that meets the other kind
        doubted = {s for s in routes if met is not None and met(s) == other}
    if len(doubted) != 1:
        return None
    return "".join("." if s not in routes else other if s in doubted else kinds[0] for s in range(4))


def joined_curve(rows: list[tuple], r: int, c: int, cell):
    """Space (r, c)'s ``cell`` (a curve guessed a station) as the plain curve of the one kind its
    route sides join (neighbours' facing sides and printed exits, ``joined_kinds.kind_at``); None
    where they join both kinds or none."""
    joined = {met[0] for s, k in enumerate(cell.edges)
              if k != "." and (met := kind_at(rows, r, c, s)) is not None and met[0] in ("h", "r")}
    kind = joined.pop() if len(joined) == 1 else None
    return None if kind is None else type(cell)("".join(kind if k != "." else "." for k in cell.edges))


def apply(rows: list[tuple], uncertain: list, ink: np.ndarray, rel: np.ndarray,
          centre_px: Callable[[int, int], tuple[float, float]], ppm: float, square: Callable[[int, int], str],
          uncertain_of: Callable, *, inked: Callable[[int, int], float], sides_at: Callable,
          faces: Callable) -> tuple[list[tuple], list]:
    """``rows`` and ``uncertain`` (``read.Uncertain``: square, guess, why) with the meetings' guesses
    the centre settles (see the module's text). ``ink``: the ink mask, ``rel``: the darkness;
    ``inked(r, c)``: the share of the space's centre box inked; ``sides_at(r, c)``: the reader's four
    sides (``.kind``); ``faces()``: every drawable space; ``uncertain_of(square, token, why)``."""
    flagged = {u.square: u for u in uncertain}
    candidates = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
                  if shape(cell.edges) and (u := flagged.get(square(r, c))) is not None
                  and (plain(cell) and (MEET_WHY in u.reason or STATION_NEEDS in u.reason)
                       or cell.marker == "s" and MEET_WHY in u.reason)]
    if not candidates:
        return rows, uncertain
    routes: dict[str, list[tuple[int, int]]] = {"curve": [], "straight": []}
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if plain(cell) and square(r, c) not in flagged:
                routes[shape(cell.edges)].append((r, c))
    known: dict[tuple[int, int], tuple[float, float, float]] = {}

    def mark(place: tuple[int, int]) -> tuple[float, float, float, float]:   # hollow, filled (mm²), share, energy
        if place not in known:
            cx, cy = centre_px(*place)
            got = measure(ink, cx, cy, ppm)
            known[place] = (got.hollow, got.filled, *diagonal_share(rel, cx, cy, ppm))
        return known[place]

    arcs = len(routes["curve"]) >= MIN_ROUTES and max(inked(*p) for p in routes["curve"]) <= PAPER

    def marked(place: tuple[int, int], kind: str, why: str) -> bool:
        if kind == "curve" and arcs and inked(*place) >= INKED:
            return True
        if len(routes[kind]) < MIN_ROUTES:
            return False
        hollow, filled, share, energy = mark(place)
        if hollow >= HOLLOW_MM2 + max(mark(p)[0] for p in routes[kind]):
            return True
        if not any(wide in why for wide in WIDE_INK) and filled >= FILLED_MM2 + max(mark(p)[1] for p in routes[kind]):
            return True
        return kind == "straight" and energy >= ENERGY and share >= SHARE_ABOVE + max(mark(p)[2] for p in routes[kind])

    drawable = {face.token for face in faces()}
    grid = [list(row) for row in rows]
    for r, c in candidates:
        cell, u = rows[r][c], flagged[square(r, c)]
        new = None
        if not cell.marker and marked((r, c), shape(cell.edges), u.reason):
            edges = station_sides(cell.edges, [side.kind for side in sides_at(r, c)], u.reason,
                                  met_kinds(rows, r, c))
            new = None if edges is None else type(cell)(edges, "s")
        elif cell.marker == "s" and shape(cell.edges) == "curve" and arcs and inked(r, c) <= PAPER:
            new = joined_curve(rows, r, c, cell)
        if new is None or new.token not in drawable:
            continue
        grid[r][c] = new
        flagged[square(r, c)] = uncertain_of(u.square, new.token, u.reason)
    return [tuple(row) for row in grid], list(flagged.values())
