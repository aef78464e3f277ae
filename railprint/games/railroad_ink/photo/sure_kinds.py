"""A flagged space made certain where the sheet's own two kinds leave no doubt (issue 35, round
eighteen).

Round seventeen's :mod:`sheet_kinds` learns, from the route sides drawn to the printed exits, where
this player's highways and railways lie (each route side's place: -1 at the highway exits'
middle, +1 at the railway exits'), and re-guesses flagged sides by it; it never made a space
certain. A space flagged only because one of its route sides is "neither clearly a highway nor a
railway" (or another of the kind doubts in :data:`KIND_DOUBTS`), whose every route side lies far
(SURE_Z or more) on the side of that boundary the reading says, and so does the side across each
edge (the neighbour's side of the same route, which must be there: or a printed exit of its kind), is a tap the player should not need: the flag is
dropped there, and only there, when the reader's own rules read the space with certainty from
those sides made certain (an empty centre, a die face). Not a station or an overpass: a kind
doubt beside a centre mark hides a station read as an overpass or a station that is not there
(on 111 dev photos of the three independent generators, indep and indep2 70,000-029, indep3
4,000-015 and flat 4,100-134, 6 of 368 such flags dropped at 0.5 were wrong: two at a centre mark,
four empty spaces read as routes, two of them at 0.81 and 0.96; of the 99 flags of plain routes
running on into their neighbours at 0.75 or more none was wrong).

Nothing else is made certain: a space with any other doubt (a faint line, its centre, the grid,
the light, a die face, an exit or a neighbour of the other kind) keeps its flag, and the steps
after this one (the rules at the exits and across edges, erased lines) still flag what they find.
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, square
from railprint.games.railroad_ink.photo import bare_rail, colour, kind_shape, twolines
from railprint.games.railroad_ink.photo.sheet_kinds import STEP
from railprint.games.railroad_ink.photo.station_mark import MEET_WHY

SURE_Z = 0.75        # each route side (and its neighbour's) this far on its kind's side of the boundary
# a side's doubts that are only about its kind (highway or railway), never whether a line is there
KIND_DOUBTS = frozenset({
    "neither clearly a highway nor a railway",
    "one broad line with no sleeper standing out: a highway drawn as one line?",
    "a solid band: a highway's two lines run together?",
    "two lines, like a highway's?", "one line, like a railway's?",
    bare_rail.BARE_WHY, kind_shape.TWO_WHY, kind_shape.FULL_WHY, kind_shape.BAND_WHY, kind_shape.RUNG_WHY,
    kind_shape.FLANK_WHY, twolines.DASHES, twolines.LADDER, *colour.KIND_WHY.values(),
})


def kind_doubts(reason: str, edges: str, whys: frozenset = KIND_DOUBTS) -> tuple[list[int], list[str]]:
    """``reason`` (an uncertain space's) split into the sides whose kind it doubts (for one of
    ``whys``), each read as a route (``edges``; a side once for each such doubt, in order), and its
    other parts (the centre's, the grid's, the light's doubts, or a kind doubt of a side not read as
    a route)."""
    sides: list[int] = []
    rest: list[str] = []
    for side, why, part in side_parts(reason):
        if side is not None and why in whys and edges[side] in "hr":
            sides.append(side)
        else:
            rest.append(part)
    return sides, rest


def side_parts(reason: str) -> list[tuple[int | None, str, str]]:
    """Each part of ``reason`` (an uncertain space's, split at "; ") as (the side it names, 0-3 for
    N E S W, or None; its doubt without the side's letter; the part)."""
    out = []
    for part in reason.split("; "):
        side, _, why = part.partition(": ")
        named = len(side) == 1 and side in "NESW"
        out.append(("NESW".index(side) if named else None, why if named else part, part))
    return out


def named_sides(reason: str, whys: frozenset) -> list[int]:
    """The sides ``reason`` doubts for one of ``whys``, in order, whatever each is read as."""
    return [side for side, why, _ in side_parts(reason) if side is not None and why in whys]


def kind_only(reason: str, edges: str) -> bool:
    """Whether ``reason`` (an uncertain space's) names only route sides' kind doubts, each of a
    side read as a route (``edges``)."""
    return not kind_doubts(reason, edges)[1]


def margin(at: dict, r: int, c: int, edges: str, rows: list | None = None,
           dead_end: float | None = None, inner_end: float | None = None,
           marked: float | None = None) -> float | None:
    """The least distance of the space's route sides and their neighbours' across each edge on
    the side of the boundary their kind says; None where a route side is not placed, or runs on
    into no placed side of the neighbour (nor, at the board's edge, into a printed exit of its
    kind): a route drawn runs on, a line read where none was drawn mostly does not (indep2 dev
    70,028: empty spaces beside a highlighter's highways read as highways, 0.81 and 0.96 on the
    highway side, their neighbours empty). With ``rows`` (a reading), a neighbour's side not placed
    but read there as the same kind also lets the route run on (its own place alone counts then:
    round twenty-four, ``clean_kinds``); with ``dead_end``, a side at the grid's edge where no exit is
    printed, placed that far on its kind's side, counts by its own place; with ``inner_end`` (and
    ``rows``), a side facing a neighbour's empty side inside the grid, placed that far on its kind's
    side, counts by its own place too, where it is the space's only route side running into nothing
    (round twenty-seven, ``clean_kinds``); with ``marked`` (and ``rows``), a side running on into a
    station or an overpass that reads the same kind there counts by its own place, that far on its
    kind's side, whatever the neighbour's side's place (the mark's ink skews it; round twenty-seven)."""
    least = None
    ends, inner = 0, False
    for s in range(4):
        kind = edges[s]
        if kind not in "hr":
            continue
        if (r, c, s) not in at:
            return None
        sign = 1.0 if kind == "r" else -1.0
        dr, dc = STEP[s]
        if not (0 <= r + dr < SIZE and 0 <= c + dc < SIZE):
            x = EXIT_AT.get((r, c, s))
            if (x is None and (dead_end is None or sign * at[(r, c, s)] < dead_end)) \
                    or (x is not None and x.kind != kind):
                return None
            ends += x is None
            other = None
        elif (other := at.get((r + dr, c + dc, (s + 2) % 4))) is None \
                and (rows is None or rows[r + dr][c + dc].edges[(s + 2) % 4] != kind):
            if inner_end is None or rows is None or rows[r + dr][c + dc].edges[(s + 2) % 4] in "hr" \
                    or sign * at[(r, c, s)] < inner_end:
                return None
            ends, inner = ends + 1, True
        elif other is not None and marked is not None and rows is not None \
                and rows[r + dr][c + dc].marker in ("s", "o") and rows[r + dr][c + dc].edges[(s + 2) % 4] == kind:
            if sign * at[(r, c, s)] < marked:
                return None
            other = None   # a centre mark's own ink skews its side's place: the side's own place counts
        for v in (at[(r, c, s)], other):
            if v is not None:
                least = sign * v if least is None else min(least, sign * v)
    return None if inner and ends > 1 else least


def both_kinds(rows: list, before: list, reasons: dict, r: int, c: int, edges: str) -> bool:
    """Whether a route side of the space (``edges``) runs on into a flagged neighbour that read its
    own route as both kinds (``reasons``: each flagged square's reason, naming MEET_WHY) and whose
    reading before the sheet's kinds re-guessed it (``before``) put the other kind on this edge.

    Round twenty: the second independent check's night photo 203,723 E5 (a station ``r.h.s``, its
    cross not seen, read ``r.r.``; its south side "neither clearly", a highway placed 1.16 on the
    railways' side) was lifted here, its south neighbour F5 (``h.h.`` read with a railway's north
    side and a highway's south, guessed ``h.h.``, then ``r.r.`` by the boundary) placed 1.02 on the
    railways' side too: the boundary was wrong on both, and F5's own guess was the one that said so.
    On round nineteen's readings of 477 dev photos (indep2 92,000-059, 94,000-039, 202,820-939,
    the night photos of 203,700-849; indep3 9,000-059, 14,000-039, 300,360-419; indep 92,000-059)
    this kept 26 of 480 lifts here: that one, 10 spaces read right that a later step flags anyway,
    15 read right (0.03 a photo). ``joined_kinds`` settles E5 the same way (its place and F5's) and
    keeps its flag by this test too."""
    for s in range(4):
        dr, dc = STEP[s]
        nr, nc = r + dr, c + dc
        if edges[s] not in "hr" or not (0 <= nr < SIZE and 0 <= nc < SIZE) \
                or MEET_WHY not in reasons.get(square(nr, nc), ""):
            continue
        if before[nr][nc].edges[(s + 2) % 4] in "hr" and before[nr][nc].edges[(s + 2) % 4] != edges[s]:
            return True
    return False


def revise(rows: list, uncertain: list, at: dict, *, sides_at: Callable, space_at: Callable, side_read: Callable,
           before: list | None = None, rows_on: bool = False, reasons: dict | None = None,
           dead_end: float | None = None, inner_end: float | None = None, marked: float | None = None) -> list:
    """``uncertain`` without the flags the sheet's boundary (``at``: each route side's place,
    :func:`sheet_kinds.places`; empty where it is not trusted) leaves no doubt of (see the module's
    text). ``rows``: the reading so far; ``sides_at(r, c)``: the reader's four ``SideRead``;
    ``space_at(r, c, sides)``: the reader's (cell, certain, why) from four sides; ``side_read(kind,
    certain, why)``; ``before``: the reading before ``sheet_kinds.revise`` re-guessed it (a flag is
    kept where :func:`both_kinds`); ``rows_on``: a neighbour's side read as the
    same kind lets the route run on (:func:`margin`'s ``rows``); ``reasons``: every flagged square's
    reason, where ``uncertain`` holds only some of them (``clean_kinds``); ``dead_end``, ``inner_end``,
    ``marked``: :func:`margin`'s."""
    if not at:
        return uncertain
    reasons = {u.square: u.reason for u in uncertain} if reasons is None else reasons
    kept = []
    for u in uncertain:
        r, c = "ABCDEFG".index(u.square[0]), int(u.square[1:]) - 1
        cell = rows[r][c]
        if u.square != square(r, c) or not 0 <= r < SIZE or cell.marker or not kind_only(u.reason, cell.edges) \
                or (m := margin(at, r, c, cell.edges, rows if rows_on else None, dead_end, inner_end, marked)) is None \
                or m < SURE_Z \
                or (before is not None and both_kinds(rows, before, reasons, r, c, cell.edges)):
            kept.append(u)
            continue
        sides = [side_read(kind, True, "") for kind in cell.edges]
        again, certain, _ = space_at(r, c, sides)
        if not certain or again != cell:
            kept.append(u)
    return kept
