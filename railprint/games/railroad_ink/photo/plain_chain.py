"""A kind doubt settled by the route's chains through centres inked unlike the sheet's stations
(issue 35, round twenty-three).

"Neither clearly a highway nor a railway" is the largest flag on spaces read right (round twenty-two's
held out: 15.0 a photo on the third independent check, 5.1-5.4 on the others). On the third check's
sheets (dotted, dashed or double-dashed highways beside ``#``, one-sided-tick, twin-rail or
sleeper-only railways) a side's strip says little, so whole routes are flagged end to end. Round
twenty-one's ``chain_kinds`` lifts such a flag where the route's chain reaches a printed exit of its
kind, but each of its guards (a dead end short of the sheet's boundary, a neighbour flagged for more
than its kinds, a side placed against) stands for one risk: a **station lost** on the route, where
a highway and a railway meet and the chain's "one kind end to end" breaks. The rules and the sides
cannot see a lost station; its centre can. A player draws every station of a sheet the same way, and
the third check's triangles, stars, diamonds and houses, and the first check's filled circles, ink
the middle of the space (``read._centre_fill``, the 3.2 mm box) nearly full.

**The sheet's station ink** (:func:`station_ink`): the least inked centre over the spaces read as
stations of two or three route sides (flagged or not), the second least of four or more (one of them
misread), where MIN_STATIONS or more are read and it is INKED or more; hollow squares, rings and
outlines fall under it, and nothing is done there. Not four-sided stations: a crossing inks its
centre by itself (indep dev 103,572, hollow-square stations: three overpasses read as stations
inked 0.92-0.99, the six true stations, lost, 0.08-0.20). On main's logs of 285 dev photos (indep3
9,000-059, 17,000-039, 26,000-039; indep 103,500-579; indep2 205,400-479), on the 162 sheets where
it is measured, the 47 stations read without their mark lay at 1.16 or more of the cut below
(hatched squares, indep 103,515, the nearest), plain routes' centres mostly far under it. Where the
marks are outlines (the first check's hollow squares, the third's drawn houses and diamonds, the
second's circled stations) the same is done with the paper the mark closes in (``centre.measure``'s
``hollow``, HOLLOW_MM2 or more at the stations): on the logs 24 stations lost on such sheets lay at
1.21 or more of its cut.

- :func:`lift` drops the flag of a space flagged for kind doubts only (``sure_kinds.kind_doubts``),
  with no station, each of its routes of one kind (a space with no centre mark: one route; an
  overpass, or a flagged space of four routes: two straight ones, of two kinds for an overpass),
  every empty side read with certainty as empty, where for each route the chains leaving it
  (``chain_kinds.chain``, through flagged spaces as guessed, stopping at stations and at a space
  flagged "highway and railway meet without a station") reach printed exits of its kind only, or no
  exit but a space read with certainty, and meet no side of the other kind; and the space's own
  centre and every centre the chains run through with no centre mark, or a flagged overpass's (a
  station read as one), are inked under CLEAR of the station ink (no station lost on the way). Not on
  a sheet whose plain route spaces read with certainty mostly ink their centres that much too
  (PLAIN_SHARE), nor where no boundary of the sheet's kinds was drawn (``every`` empty, as
  ``chain_kinds``: a coffee ring read as a route), a board drawn freely, or one whose printed exits
  of a kind mostly read as the other (``exit_kinds.misread_kinds``). No guess changes; only flags
  are dropped. Unlike ``chain_kinds`` a neighbour may be flagged for more than its kinds (its guard
  for the lost station the centre now sees: on the indep3 logs above, at a first cut, it kept back
  89 of 233 right lifts, none wrong without it). A doubted side running into nothing (an empty side,
  the grid's edge with no exit) needs its own place DEAD_END_Z or more on its kind's side
  (``chain_kinds``' bound): it may be a mark read as a side, which no chain can check (the second
  independent check's held out 132,173 B7 ``rr.r`` read ``rrrr``, its doubted south side facing C7's
  empty north, placed 0.79 on the railways' side; 132,124 A7 ``..rr`` read ``.rrr``, its east side at
  the grid's edge with no exit: both lifted silent on the held-out measure, those numbers spent).
  The paper an outline closes in is not asked of a space of four routes: the crossing's lines split
  it, and a circled crossing station measures under the cut (indep2 dev 1,025 F7 ``hrhrs`` read
  ``hrhro``, flagged for a band: lifted silent at the merge, ``test_ri_photo_night``).
- :func:`marked` names the flagged spaces of two or three route sides and no centre mark whose
  centre is inked LIKE or more of the station ink; ``route_kinds`` stops a route there (as at a
  space flagged "a station?") and guesses a station where the routes' anchors then give it both
  kinds (indep3 dev 17,013 F6 ``rh..s`` read ``hh..``). A four-way crossing inks its centre by
  itself (indep 103,548 G6 ``hhhh`` was split and guessed ``hrhhs``): not named. About half the
  spaces so named are plain routes, so nothing is guessed a station on the centre alone.

Replayed on main's logs of the dev photos above: 127 flags lifted (0.65-0.84 a photo on indep3, 0.15-0.19
on the others), none on a space read wrong; 9 guesses made right by ``marked``, none wrong. Measured:
docs/railroad-ink-photo-rounds.md, round twenty-three (h-neither).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.board import SIZE, square, square_at
from railprint.games.railroad_ink.photo.chain_kinds import chain
from railprint.games.railroad_ink.photo.exit_kinds import misread_kinds
from railprint.games.railroad_ink.photo.joined_kinds import DEAD_END_Z
from railprint.games.railroad_ink.photo.sheet_kinds import drawn_freely
from railprint.games.railroad_ink.photo.station_mark import MEET_WHY
from railprint.games.railroad_ink.photo.sure_kinds import kind_doubts

MIN_STATIONS = 3     # spaces read as stations (flagged or not), at least, to know how the sheet's marks ink the centre
INKED = 0.75         # ... the least (but one) inking this share of the centre at least: a mark filling it
HOLLOW_MM2 = 3.0     # ... or closing in this much paper (mm²: hollow squares, outlines), for ``hollow``
LIKE = 0.85          # a flagged space's centre inked this share of that least or more: a station lost?
CLEAR = 0.6          # a centre measuring under this share of that least shows no station ...
PLAIN_SHARE = 0.5    # ... where the sheet's plain route spaces read with certainty mostly do


def station_ink(rows: list, inked: Callable, floor: float = INKED) -> float | None:
    """How the sheet's station mark inks the centre: the least inked share over the spaces read as
    stations of two or three route sides (flagged or not; a crossing inks its centre by itself, and an
    overpass is read as a station), the second least of four or more (one of them misread), where
    MIN_STATIONS or more are and that is ``floor`` (INKED) or more; else None. ``inked(r, c)``: the
    centre's measure (its inked share, or the paper its mark closes in, HOLLOW_MM2)."""
    stations = sorted(inked(r, c) for r in range(SIZE) for c in range(SIZE)
                      if rows[r][c].marker == "s" and rows[r][c].edges.count(".") in (1, 2))
    if len(stations) < MIN_STATIONS:
        return None
    low = stations[1] if len(stations) >= 4 else stations[0]
    return float(low) if low >= floor else None


def marked(rows: list, uncertain: list, inked: Callable) -> set:
    """The flagged spaces read with no centre mark whose centre is inked LIKE or more of the sheet's
    stations' median (``station_ink``): a station lost as likely as not."""
    ink = station_ink(rows, inked)
    if ink is None:
        return set()
    out = set()
    for u in uncertain:
        r, c = square_at(u.square)
        if rows[r][c].marker == "" and rows[r][c].edges.count(".") in (1, 2) and inked(r, c) >= LIKE * ink:
            out.add(u.square)
    return out


def threshold(rows: list, flagged: set, inked: Callable, floor: float = INKED) -> float | None:
    """The centre's inked share under which a space shows no station mark on this sheet (CLEAR of
    ``station_ink``), or None where the sheet's stations do not ink their centres apart from its plain
    route spaces read with certainty."""
    ink = station_ink(rows, inked, floor)
    if ink is None:
        return None
    plain = [inked(r, c) for r in range(SIZE) for c in range(SIZE) if rows[r][c].marker == ""
             and rows[r][c].edges.count(".") in (1, 2) and square(r, c) not in flagged]
    if plain and float(np.mean([v < CLEAR * ink for v in plain])) < PLAIN_SHARE:
        return None
    return CLEAR * ink


def lift(rows: list, uncertain: list, every: dict, *, sides_at: Callable, inked: Callable,
         hollow: Callable | None = None) -> list:
    """``uncertain`` without the kind-only flags whose chains settle the kind, through centres that show
    no station (see the module's text): by each centre's inked share (``inked(r, c)``), then by the
    paper its mark closes in (``hollow(r, c)``, mm², ``centre.measure``), where the sheet's stations
    show it."""
    if not every or drawn_freely(rows, {u.square for u in uncertain}) or misread_kinds(rows):
        return uncertain
    for measure, floor in ((inked, INKED), (hollow, HOLLOW_MM2)):
        if measure is not None:
            uncertain = _lift_by(rows, uncertain, every, sides_at, measure, floor, crossings=measure is inked)
    return uncertain


def _lift_by(rows: list, uncertain: list, every: dict, sides_at: Callable, inked: Callable, floor: float,
             crossings: bool = True) -> list:
    """``uncertain`` without the flags :func:`settled` by one centre measure (``inked``, its floor);
    ``crossings`` False: not a space of four routes, whose lines split the paper an outline closes in
    (a circled crossing station measures under the cut: indep2 dev 1,025 F7 ``hrhrs`` read ``hrhro``)."""
    flagged = {u.square for u in uncertain}
    cut = threshold(rows, flagged, inked, floor)
    if cut is None:
        return uncertain
    stops = {u.square for u in uncertain if MEET_WHY in u.reason}
    kept = []
    for u in uncertain:
        r, c = square_at(u.square)
        if not crossings and "." not in rows[r][c].edges \
                or not settled(rows, flagged, stops, u.reason, r, c, sides_at(r, c), inked, cut, every):
            kept.append(u)
    return kept


def groups(cell, flagged: bool) -> list[list[int]] | None:
    """The space's route sides as the routes through it: an overpass, and a flagged space of four routes
    (an overpass read as a crossing), carry two straight routes; any other space with no centre mark one
    route of one kind; None for a station, or a space of two kinds and no centre mark."""
    sides = [s for s in range(4) if cell.edges[s] in "hr"]
    if cell.marker == "o" or (cell.marker == "" and len(sides) == 4 and flagged):
        return [[0, 2], [1, 3]] if len(sides) == 4 else None
    if cell.marker != "" or len({cell.edges[s] for s in sides}) != 1:
        return None
    return [sides]


def settled(rows: list, flagged: set, stops: set, reason: str, r: int, c: int, sides: list, inked: Callable,
            cut: float, every: dict) -> bool:
    """Whether the flagged space (r, c), flagged for ``reason``, holds only kind doubts that its routes'
    chains settle, through centres showing no station (see the module's text)."""
    cell = rows[r][c]
    doubted, rest = kind_doubts(reason, cell.edges)
    parts = groups(cell, True)
    if rest or not doubted or parts is None \
            or any(k == "." and not (x.certain and x.kind == ".") for k, x in zip(cell.edges, sides)):
        return False
    if cell.marker == "o" and cell.edges[0] == cell.edges[1]:
        return False
    through = {(r, c)}
    for part in parts:
        kind = cell.edges[part[0]]
        if len({cell.edges[s] for s in part}) != 1:
            return False
        on: set = set()
        ends = [chain(rows, flagged, r, c, s, stops, on) for s in part]
        exits = set().union(*(x for x, _ in ends))
        met = set().union(*(m for _, m in ends))
        # a doubted side running into nothing (an empty side, the grid's edge with no exit) may be a
        # mark read as a side: it needs its own place DEAD_END_Z or more on its kind's side
        sign = 1.0 if kind == "r" else -1.0
        if any(s in doubted and not x and not m and ((r, c, s) not in every or sign * every[(r, c, s)] < DEAD_END_Z)
               for s, (x, m) in zip(part, ends)):
            return False
        # a printed exit of its kind, or none but a space read with certainty on the chain
        anchored = exits == {kind} or (not exits and any(square(rr, cc) not in flagged for rr, cc in on - {(r, c)}))
        if not anchored or met - {kind}:
            return False
        through |= on
    if inked(r, c) >= cut:
        return False
    # no station lost on the way: a centre with no mark, or a flagged overpass's (a station read as one?)
    return not any(inked(rr, cc) >= cut for rr, cc in through
                   if rows[rr][cc].marker == "" or (rows[rr][cc].marker == "o" and square(rr, cc) in flagged))
