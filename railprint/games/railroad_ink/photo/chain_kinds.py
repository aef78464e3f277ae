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
the chain of its guess:

- reaches a printed exit of that kind, and none of the other kind;
- meets no space read with certainty (nor a station read so, at the edge it enters) with a route of
  the other kind;
- and where no side of the space itself is placed on the other kind's side of the sheet's boundary
  (``sheet_kinds``' ``every``; indep3 dev 17,005 A7, a station ``.r.hs`` read ``.h.h``, its west
  side at -0.79 on the railways' side, its chain through a flagged neighbour to highway exits).

The chain runs through flagged spaces too (their guesses, already weighed by ``kind_guess``), but
straight across a flagged space of four routes, as across an overpass: an overpass read as a
four-way route joins two routes that are not one (indep3 dev 17,030 A5, ``h.h.`` read ``r.r.``,
its chain through B5, ``hrhro`` read ``rrrr``, to a railway exit). Not on a board drawn freely
(``sheet_kinds.drawn_freely``), nor on one whose printed exits of a kind are mostly read as the
other (``exit_kinds.misread_kinds``: there the sheet's own misreads reach the exits, round twenty's
indep2 205,101), nor an expansion's sheet or a small photo (the reader does not call it there).
Nothing is read again and no guess changes; only flags are dropped.

Measured on dev (main's reading replayed: indep3 16,000-029 and 17,000-039, indep 92,000-059,
indep2 92,000-059 and night photos of 203,700-779): see docs/railroad-ink-photo-rounds.md, round
twenty-one (h-kinds5).
"""

from __future__ import annotations

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, square
from railprint.games.railroad_ink.photo.exit_kinds import misread_kinds
from railprint.games.railroad_ink.photo.joined_kinds import DEAD_END_Z
from railprint.games.railroad_ink.photo.sheet_kinds import STEP, drawn_freely
from railprint.games.railroad_ink.photo.sure_kinds import kind_doubts


def chain(rows: list, flagged: set, r: int, c: int, s: int) -> tuple[set[str], set[str]]:
    """The kinds of the printed exits side ``s`` of (r, c) reaches through spaces with no station
    (not coming back through (r, c)), and the kinds of the route sides it meets on the way, guessed
    or read with certainty (a station's: the side at the edge the chain enters). A flagged space of
    four routes and an overpass are crossed straight on."""
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
        if there.marker == "s":
            continue   # a station: the route may change kind here
        if there.marker == "o" or ("." not in there.edges and square(nr, nc) in flagged):
            on = [a]
        else:
            on = [t for t in range(4) if there.edges[t] in "hr" and t != e]
        for t in on:
            if (nr, nc, t) not in seen:
                seen.add((nr, nc, t))
                todo.append((nr, nc, t))
    return exits, met


def lift(rows: list, uncertain: list, every: dict) -> list:
    """``uncertain`` without the kind-only flags the route's chain settles (see the module's text).
    ``every``: each route side's place between the sheet's kinds (``sheet_kinds.revise``'s)."""
    flagged = {u.square for u in uncertain}
    if drawn_freely(rows, flagged) or misread_kinds(rows):
        return uncertain
    kept = []
    for u in uncertain:
        r, c = "ABCDEFG".index(u.square[0]), int(u.square[1:]) - 1
        cell = rows[r][c]
        kinds = {k for k in cell.edges if k in "hr"}
        sides, rest = kind_doubts(u.reason, cell.edges)
        if rest or not sides or cell.marker != "" or "." not in cell.edges or len(kinds) != 1:
            kept.append(u)
            continue
        kind = kinds.pop()
        sign = 1.0 if kind == "r" else -1.0
        place = {s: sign * every[(r, c, s)] for s in range(4) if (r, c, s) in every}
        ends = {s: chain(rows, flagged, r, c, s) for s in range(4) if cell.edges[s] == kind}
        if any(v < 0 for v in place.values()) \
                or set().union(*(exits for exits, _ in ends.values())) != {kind} \
                or any(met - {kind} for _, met in ends.values()) \
                or any(not exits and not met and place.get(s, 0.0) < DEAD_END_Z for s, (exits, met) in ends.items()):
            kept.append(u)
    return kept
