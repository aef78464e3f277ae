"""A kind doubt lifted where the route's chain reaches a printed exit of its kind (issue 35, round twenty-one).

"Neither clearly a highway nor a railway" is the largest flag on spaces read right (held out at
round twenty: 15.9 a photo on the third independent check, 6.7 and 4.3 on the other two), and it
sits mostly on sheets drawn in habits the reader's measures do not separate well (the third
check's dotted or dashed highways beside railways of sleepers alone or of ``#`` marks: the side's
own strip says little). Round twenty's ``kind_guess`` makes those guesses right from what each side
joins; the flags stayed. The rules settle many of them further along the route: a space with no
station and no overpass holds one kind on all its sides, and a route keeps its kind across an
edge, so a route's *chain* (the spaces it runs through, up to a station, where it may change kind)
is one kind from end to end; where it reaches a printed exit, that exit names it (on the
independent generators' dev boards 0 of 3,629 route sides at a printed exit are of the other kind,
0 of 3,340 route edges join a highway to a railway).

So a flagged space whose reason names only kind doubts (``sure_kinds.KIND_DOUBTS``) of its route
sides, with no centre mark and fewer than four routes, all of one kind, has its flag dropped where
the chains leaving its sides (each not coming back through the space):

- reach a printed exit of that kind, and none of the other kind;
- meet no route side of the other kind, guessed or read with certainty (a station's side at the
  edge the chain enters counts; the chain stops there, and at a space flagged "highway and railway
  meet without a station", ``station_mark.MEET_WHY``, a station lost as often as not: indep2 dev
  203,723 C6 ``.hr.s`` read ``.rr.``, its highway joining C7, ``r..hs`` read ``r..r`` with that
  flag, whose railway runs on to the railway exit B7 E; 203,777 D4, an empty space read ``.h.h``
  between two spaces so flagged);
- each run on into a route or an exit: a side facing an empty space or the grid's edge without an
  exit is a station's lost other side as often as a route's end (indep dev 92,023 C1 ``r..hs``
  read ``r..r``, 92,037 A7 ``h.r.s`` read ``r.r.``, 92,043 C4 ``r.h.s`` read ``r.r.``: one side's
  chain to a railway exit, the other facing nothing), unless that side lies DEAD_END_Z (1.0) or
  more on its kind's side of the sheet's boundary (``sheet_kinds``' ``every``; round nineteen's
  ``joined_kinds`` bound, where 0.93 lost a station);
- and no side of the space, nor its neighbour's side across the edge, is placed on the other
  kind's side of that boundary (indep3 dev 17,005 A7, a station ``.r.hs`` read ``.h.h``, its west
  side at -0.79; indep dev 111,013 A4, a station ``r.h.s`` read ``r.r.``, its south side joining
  B4, ``hrrrs`` read ``rrrr`` and flagged, whose north side lies at -0.26).

Nor where a doubted side faces a space flagged for more than its kinds and a meeting of the kinds (a
few marks, its centre, a line's presence, the light): that space's reading may hide a station, and
its guess settles nothing beside it (the third independent check's held-out 301,026, measured once
on the merged reader: D1, a station ``r..hs`` read ``h..h``, its station lost, its west side at the
highway exit D1 W and its north side joining C1, a station ``rhrrs`` read ``hhh.`` and flagged for
its kinds and "a few marks", was lifted silent; with this guard 0.2-0.6 flags a photo fewer are
lifted on indep3 dev 8,000-039, 9,000-059 and 16,000-029, where the merged reader's steps together
lift 2.6-3.0).
The chain runs through flagged spaces too (their guesses, already weighed by ``kind_guess``), but
straight across a flagged space of four routes, as across an overpass: an overpass read as a
four-way route joins two routes that are not one (indep3 dev 17,030 A5, ``h.h.`` read ``r.r.``, its
chain through B5, ``hrhro`` read ``rrrr``, to a railway exit). An empty side not read with certainty
as empty keeps the flag (as in ``joined_kinds``: a side's presence in doubt is not this module's;
the third independent check's held-out 300,913 G3, ``h.hh`` read ``h..h``, its south side lost,
flagged only for its kinds, was lifted by the first version of this rule: found on the held-out
measure, so those numbers are spent). Nor on a sheet where no boundary of its kinds was drawn
(``every`` empty: the places cannot check the chain there; indep2 dev 20,000 B3, ``.r.r`` read
``.rrr``, a coffee ring read as a doubted south side joining C3, itself a ring read as a route, was
lifted by the held-out-frozen rule; found by ``test_ri_photo_presence`` after the held-out measure;
on the dev logs 35 of 367 lifts). Not on a board drawn freely (``sheet_kinds.drawn_freely``), nor on
one whose printed exits of a kind are mostly read as the other (``exit_kinds.misread_kinds``: there
the sheet's own misreads reach the exits, round twenty's indep2 205,101), nor an expansion's sheet
or a small photo (the reader does not call it there).
Nothing is read again and no guess changes; only flags are dropped.

Replayed on main's readings of 337 dev photos (indep3 9,000-059, 16,000-029, 17,000-039; indep
92,000-059, 111,000-029; indep2 92,000-059, 203,700-779): 332 flags lifted (0.3-2.9 a photo, the
most on indep3), none on a space read wrong. Measured: docs/railroad-ink-photo-rounds.md, round
twenty-one (h-kinds5).
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import DELTA as STEP, EXIT_AT, SIZE, square, square_at
from railprint.games.railroad_ink.photo.exit_kinds import misread_kinds
from railprint.games.railroad_ink.photo.joined_kinds import DEAD_END_Z
from railprint.games.railroad_ink.photo.sheet_kinds import drawn_freely
from railprint.games.railroad_ink.photo.station_mark import MEET_WHY
from railprint.games.railroad_ink.photo.sure_kinds import kind_doubts


def chain(rows: list, flagged: set, r: int, c: int, s: int, stops: set = frozenset(),
          through: set | None = None) -> tuple[set[str], set[str]]:
    """The kinds of the printed exits side ``s`` of (r, c) reaches through spaces with no station
    (not coming back through (r, c)), and the kinds of the route sides it meets on the way, guessed
    or read with certainty (a station's, or a square's in ``stops``: the side at the edge the chain
    enters; the chain ends there). A flagged space of four routes and an overpass are crossed
    straight on. ``through``, when given, receives each space (r, c) the chain runs on through."""
    exits: set[str] = set()
    met: set[str] = set()
    todo = [(r, c, s)]
    seen = {(r, c, t) for t in range(4)}
    while todo:
        rr, cc, a = todo.pop()
        nr, nc = rr + STEP[a][0], cc + STEP[a][1]
        if not (0 <= nr < SIZE and 0 <= nc < SIZE):
            x = EXIT_AT.get((rr, cc, a))
            if x is not None:
                exits.add(x.kind)
            continue
        there, e = rows[nr][nc], (a + 2) % 4
        if there.edges[e] not in "hr" or there.marker in ("v", "x"):
            continue
        met.add(there.edges[e])
        if there.marker == "s" or square(nr, nc) in stops:
            continue   # a station (or a space flagged as one lost): the route may change kind here
        if through is not None:
            through.add((nr, nc))
        if there.marker == "o" or ("." not in there.edges and square(nr, nc) in flagged):
            on = [a]
        else:
            on = [t for t in range(4) if there.edges[t] in "hr" and t != e]
        for t in on:
            if (nr, nc, t) not in seen:
                seen.add((nr, nc, t))
                todo.append((nr, nc, t))
    return exits, met


def _cell(rows: list, sq: str):
    r, c = square_at(sq)
    return rows[r][c]


def lift(rows: list, uncertain: list, every: dict, *, sides_at: Callable) -> list:
    """``uncertain`` without the kind-only flags the route's chain settles (see the module's text).
    ``every``: each route side's place between the sheet's kinds (``sheet_kinds.revise``'s);
    ``sides_at(r, c)``: the reader's four ``SideRead``."""
    flagged = {u.square for u in uncertain}
    if not every or drawn_freely(rows, flagged) or misread_kinds(rows):
        return uncertain
    stops = {u.square for u in uncertain if MEET_WHY in u.reason}
    unsettled = {u.square for u in uncertain   # flagged for more than their kinds and a meeting (a stop)
                 if set(kind_doubts(u.reason, _cell(rows, u.square).edges)[1]) - {MEET_WHY}}
    kept = []
    for u in uncertain:
        r, c = square_at(u.square)
        cell = rows[r][c]
        kinds = {k for k in cell.edges if k in "hr"}
        sides, rest = kind_doubts(u.reason, cell.edges)
        if rest or not sides or cell.marker != "" or "." not in cell.edges or len(kinds) != 1 \
                or any(k == "." and not (x.certain and x.kind == ".") for k, x in zip(cell.edges, sides_at(r, c))):
            kept.append(u)
            continue
        if any(0 <= r + STEP[s][0] < SIZE and 0 <= c + STEP[s][1] < SIZE
               and square(r + STEP[s][0], c + STEP[s][1]) in unsettled for s in sides):
            kept.append(u)
            continue
        kind = kinds.pop()
        sign = 1.0 if kind == "r" else -1.0
        place = {s: sign * every[(r, c, s)] for s in range(4) if (r, c, s) in every}
        across = [sign * every[x] for s in range(4) if cell.edges[s] == kind
                  and (x := (r + STEP[s][0], c + STEP[s][1], (s + 2) % 4)) in every]
        ends = {s: chain(rows, flagged, r, c, s, stops) for s in range(4) if cell.edges[s] == kind}
        if any(v < 0 for v in (*place.values(), *across)) \
                or set().union(*(exits for exits, _ in ends.values())) != {kind} \
                or any(met - {kind} for _, met in ends.values()) \
                or any(not exits and not met and place.get(s, 0.0) < DEAD_END_Z for s, (exits, met) in ends.items()):
            kept.append(u)
    return kept
