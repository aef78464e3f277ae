"""A kind doubt lifted on a sheet whose two kinds part cleanly (issue 35, round twenty-four).

"Neither clearly a highway nor a railway" is the largest flag on spaces read right, most of all on
the third independent check (13.4 a photo on round twenty-three's fresh held out, 4.6-5.2 on the
others): dotted, dashed or double-dashed highways beside twin-rail, sleeper-only, ``#`` or one-sided
tick railways, whose own strips say little, so whole routes are flagged end to end. Yet the sheet's
boundary of its two kinds (``sheet_kinds``, drawn from the route sides at the printed exits) puts
those sides at -1.0 or +1.0, a few hundredths either way: the exits and the routes are drawn with one
hand, and each side sits at its kind's exits' middle. Round eighteen's ``sure_kinds`` lifts such a
flag only on a *trusted* boundary, one the sheet's sides read with certainty back (AGREE_MIN of them);
on these sheets nearly nothing is read with certainty, so the boundary is drawn from the exits alone
(``sheet_kinds.places``' ``alone``: EXITS_ALONE exit sides of each kind, none on the wrong side) and
only guesses.

:func:`lift`, last of the kind steps (after ``plain_chain.lift``; the steps after it, ``lost_station``,
``meeting_centre``, ``stray``, still flag what they find on spaces read with certainty), drops the flag
of a space by ``sure_kinds.revise``'s own test (flagged for kind doubts only, no centre mark, each route
side and its neighbour's across the edge CLEAN_Z or more on its kind's side, the reader's rules reading
the space with certainty from those sides, no neighbour that read the edge as the other kind before the
boundary re-guessed it) on that exits-alone boundary too, where:

- the sheet's sides part cleanly: at most MIDDLE_SHARE of every placed side lies within MIDDLE_Z of
  the boundary (a boundary that is not the kinds', straight against curved or a station's square,
  leaves many sides in the middle);
- every empty side of the space is read with certainty as empty: a side lost in the reading (a
  dotted line's dots too few) keeps the flag, which is the player's only chance to see it (main's logs:
  indep 103,577 E2 ``hhh.`` read ``.hh.``, indep3 9,013 A2 ``hh.h`` read ``.h.h``, each side placed
  0.97-0.98 on its kind's side, their lost side read as empty without certainty);
- a neighbour's side that is not placed (its line too broken to measure) still lets the route run on
  where the neighbour reads it as the same kind (``sure_kinds.margin``'s ``rows``), and a side at the
  grid's edge where no exit is printed counts by its own place at ``joined_kinds.DEAD_END_Z`` or more
  (the bound round twenty-three's ``plain_chain`` set for a doubted side running into nothing);
- not on a board drawn freely, nor one whose printed exits of a kind mostly read as the other
  (``exit_kinds.misread_kinds``: the kinds themselves are in doubt there).

No guess changes; only flags are dropped.

Round twenty-seven (h-kinds7): most such flags left on the third independent check were of routes
that end (a player leaves many dead ends) or run on into a flagged overpass or station, where
``sure_kinds.margin`` asks the neighbour's side placed far on its kind's side too. Now, on this path
only, a route side facing a neighbour's empty side counts by its own place, INNER_END_Z (0.85) or more
on its kind's side, where it is the space's only route side running into nothing (two such: a line
read where none was drawn?); and a side running on into a station or an overpass that reads the same
kind there counts by its own place too (the mark's ink skews its sides' places: on main's readings of
indep3 301,600-699 the overpasses' sides facing such spaces lay at -0.3 to 0.7). The right spaces'
dead ends lay at 0.84-1.14 on that set; no space read wrong was lifted on the dev photos of
docs/railroad-ink-photo-rounds.md, round twenty-seven (h-kinds7).

Replayed on main's readings (round twenty-three's logs of indep3 9,000-059, 17,000-039, 26,000-039,
indep 103,500-579, indep2 205,400-479, and this round's of indep3 300,000-016, 300,800-959 and indep2 205,480-599:
599 photos): 175 lifts, none wrong; see
docs/railroad-ink-photo-rounds.md, round twenty-four (h-hw).
"""

from __future__ import annotations

from collections import Counter
from typing import Callable

from railprint.games.railroad_ink.board import square_at
from railprint.games.railroad_ink.photo import sure_kinds
from railprint.games.railroad_ink.photo.exit_kinds import misread_kinds
from railprint.games.railroad_ink.photo.joined_kinds import DEAD_END_Z, named_kind
from railprint.games.railroad_ink.photo.sheet_kinds import drawn_freely

CLEAN_Z = sure_kinds.SURE_Z   # each route side (and its neighbour's) this far on its kind's side
MIDDLE_Z = 0.5        # a placed side this near the boundary lies in its middle ...
MIDDLE_SHARE = 0.2    # ... and at most this share of the sheet's placed sides may
INNER_END_Z = 0.85    # round twenty-seven: a route side facing an empty side, or running on into a station
                      # or an overpass, counts by its own place this far


def clean(every: dict) -> bool:
    """Whether the sheet's placed sides (``every``: each route side's place) part cleanly into its
    two kinds (at most MIDDLE_SHARE of them within MIDDLE_Z of the boundary)."""
    return bool(every) and sum(abs(v) < MIDDLE_Z for v in every.values()) <= MIDDLE_SHARE * len(every)


def lift(rows: list, uncertain: list, every: dict, *, sides_at: Callable, space_at: Callable,
         side_read: Callable, before: list | None = None) -> list:
    """``uncertain`` without the kind doubts the sheet's clean boundary settles (see the module's
    text). ``rows``: the reading so far; ``every``: each route side's place (``sheet_kinds.revise``'s,
    a trusted or an exits-alone boundary); ``sides_at(r, c)``: the reader's four ``SideRead``;
    ``space_at(r, c, sides)``: the reader's (cell, certain, why) from four sides; ``side_read(kind,
    certain, why)``; ``before``: the reading before ``sheet_kinds.revise`` re-guessed it."""
    if not clean(every) or drawn_freely(rows, {u.square for u in uncertain}) or misread_kinds(rows):
        return uncertain

    def empty_sure(u) -> bool:   # every empty side of the space read with certainty as empty
        r, c = square_at(u.square)
        read = sides_at(r, c)
        return all(read[s].kind == "." and read[s].certain for s in range(4) if rows[r][c].edges[s] == ".")

    def named_other(u) -> bool:   # a side's doubt names the kind it is not read as
        r, c = square_at(u.square)
        edges = rows[r][c].edges
        return any(len(side) == 1 and side in "NESW" and named_kind(why) not in (None, edges["NESW".index(side)])
                   for side, _, why in (part.partition(": ") for part in u.reason.split("; ")))

    once = Counter(u.square for u in uncertain)   # a square flagged twice keeps both (one may doubt more)
    asked = [u for u in uncertain if once[u.square] == 1 and empty_sure(u)]
    reasons = {u.square: u.reason for u in uncertain}
    still = []
    # (round twenty-seven's own places, INNER_END_Z, only where no side's doubt names the other kind: a
    # station's highway drawn as one broad line, read a railway, is a dead end placed on the railways' side;
    # indep2 205,293 F3, test_ri_photo_silent4)
    for group, ends in (([u for u in asked if not named_other(u)], INNER_END_Z),
                        ([u for u in asked if named_other(u)], None)):
        still += sure_kinds.revise(rows, group, every, sides_at=sides_at, space_at=space_at, side_read=side_read,
                                   before=before, rows_on=True, reasons=reasons, dead_end=DEAD_END_Z,
                                   inner_end=ends, marked=ends)
    dropped = {u.square for u in asked} - {u.square for u in still}
    return [u for u in uncertain if u.square not in dropped]
