"""A flagged space's kinds guessed from its whole route's anchors (issue 35, round twenty-two).

A flagged space is pre-filled with the reader's guess; a wrong guess costs the player a second
tap. "Neither clearly a highway nor a railway" is the largest reason on spaces read WRONG (held
out at round twenty-one: 227 on the third independent check, 158, 110 and 67 on the others), and
on the third check's sheets (dotted or dashed highways beside railways of sleepers alone, ``#``
marks or ticks) whole routes are flagged end to end: round twenty's ``kind_guess`` weighs a side
by its own neighbour across the edge (an exit, or a space read with certainty) and by its place on
the sheet's boundary, so a space two or more flagged spaces away from anything certain keeps the
kind its strip suggested, often the other kind on such sheets (indep3 dev 14,007: every highway
read as a railway, the sheet's boundary not drawn; 14,032 C5-E5, a highway of five flagged spaces
read `r.rr` ... `r..r`, its one anchor the highway exit at the far end).

The rules settle it along the route: a route keeps its kind across an edge and through a space
with no centre mark, so each *route* (the sides joined so, through flagged spaces too) is one
kind from end to end; an overpass, and a flagged space of four routes (an overpass read as a
crossing), join their opposite sides only; a station, and a space flagged as one (its centre "a
station?", or "a station needs a highway and a railway", ``joined_kinds.STATION_NEEDS``), join none.
Each route's *anchors* are the printed exits its sides are drawn to and its sides in spaces read
with certainty. Last of all (after ``band_chain``), each flagged space with no station, whose flag
doubts the kind of one of its route sides (``sure_kinds.KIND_DOUBTS``, ``exit_kinds.WHY``: indep2
dev 205,220 G3 `hh..`, flagged for the grid's lines alone, was made wrong beside a lost station),
has each route side guessed as its route's anchors, where they agree on one kind, or, where the
route has no anchor, as its sides' mean place on the sheet's boundary, MEAN_Z or more on one side;
the space's guess becomes that face where it is a die face (a crossing of two kinds straight on:
an overpass). Not where a
side whose kind changes, or its neighbour's across the edge, lies AGAINST_Z (0.5) or more on its
kind as read of the sheet's boundary (``sheet_kinds``' ``every``: a station lost on the route
joins two kinds, indep3 dev 14,005 C5-C6-D6, D6 `rh..s` read `hh..`; 14,019 C1), nor on a board
drawn freely (``sheet_kinds.drawn_freely``) or one whose printed exits of a kind are mostly read
as the other (``exit_kinds.misread_kinds``), nor an expansion's sheet or a small photo (the reader
does not call it there). A station's own guess is left alone (on the dev logs 2 made right, 1
wrong, 8 wrong either way: a misread beyond it reaches the other kind's anchors). Nothing is
lifted or added: the same squares are flagged, for the same reasons; only guesses change.

Round twenty-three (``plain_chain``): a route stops too at a flagged space of two or three route
sides and no centre mark whose centre is inked as the sheet's stations (``marked``, from
``plain_chain.marked``), and such a space whose routes' anchors then give it both kinds is guessed a
station (indep3 dev 17,013 F6 ``rh..s`` read ``hh..``; on main's logs of 285 dev photos 9 guesses
made right, none wrong).

Replayed on main's readings of 225 dev photos (indep3 14,000-039, 17,000-039, 18,000-029; indep
103,500-559; indep2 205,200-259): 81 guesses made right, 1 made wrong. Measured on the brief's dev
photos (main and this, the same photos): indep3 26,000-039 89.85 -> 91.58 % right, indep
124,500-519 96.43 -> 97.24 %, indep2 124,500-519 90.71 -> 90.92 %, the same flags; see
docs/railroad-ink-photo-rounds.md, round twenty-two (h-kinds6).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Callable

from railprint.graphs import UnionFind
from railprint.games.railroad_ink.board import DELTA as STEP, EXIT_AT, SIZE, square, square_at
from railprint.games.railroad_ink.photo.colour import KIND_WHY as COLOUR_WHY
from railprint.games.railroad_ink.photo.exit_kinds import WHY as MISREAD_WHY, misread_kinds
from railprint.games.railroad_ink.photo.joined_kinds import STATION_NEEDS
from railprint.games.railroad_ink.photo.sheet_kinds import GUESS_Z, drawn_freely
from railprint.games.railroad_ink.photo.sure_kinds import KIND_DOUBTS, kind_doubts

AGAINST_Z = 0.5   # a side (or its neighbour's across the edge) this far on its kind as read keeps that kind
MEAN_Z = GUESS_Z  # a route with no anchor: its sides' mean place this far on one side of the boundary
# a space flagged for its centre as a station (lost, or of one kind): a route may change kind there
STOPS = ("a station?", STATION_NEEDS)
DOUBTS = KIND_DOUBTS | frozenset(MISREAD_WHY.values())


def routes(rows: list, flagged: set, stops: set = frozenset()) -> Callable:
    """The route each route side (r, c, s) lies on, as a function giving one side of it (the
    route's name): a route keeps its kind across an edge and through a space with no centre mark;
    an overpass, and a flagged space of four routes (an overpass read as a crossing), join their
    opposite sides only; a station joins none."""
    routes_of = UnionFind()
    for r in range(SIZE):
        for c in range(SIZE):
            cell = rows[r][c]
            sides = [s for s, k in enumerate(cell.edges) if k in "hr"]
            if cell.marker in ("s", "v", "x") or square(r, c) in stops:
                pass
            elif cell.marker == "o" or (len(sides) == 4 and square(r, c) in flagged):
                routes_of.union((r, c, 0), (r, c, 2))
                routes_of.union((r, c, 1), (r, c, 3))
            else:
                for s in sides[1:]:
                    routes_of.union((r, c, sides[0]), (r, c, s))
            for s in sides:
                nr, nc = r + STEP[s][0], c + STEP[s][1]
                if 0 <= nr < SIZE and 0 <= nc < SIZE and rows[nr][nc].marker not in ("v", "x") \
                        and rows[nr][nc].edges[(s + 2) % 4] in "hr":
                    routes_of.union((r, c, s), (nr, nc, (s + 2) % 4))
    return routes_of.find


def anchors(rows: list, flagged: set, route: Callable) -> dict:
    """Each route's anchors: the kinds of the printed exits its sides are drawn to ('h', 'r'), and
    of its sides in spaces read with certainty."""
    out: dict = defaultdict(Counter)
    for r in range(SIZE):
        for c in range(SIZE):
            cell = rows[r][c]
            if cell.marker in ("v", "x"):
                continue
            for s, k in enumerate(cell.edges):
                if k not in "hr":
                    continue
                x = EXIT_AT.get((r, c, s))
                if x is not None:
                    out[route((r, c, s))][x.kind] += 1
                if square(r, c) not in flagged:
                    out[route((r, c, s))][k] += 1
    return out


def against(every: dict, r: int, c: int, was: str, now: list) -> bool:
    """Whether a side whose kind the anchors change, or its neighbour's across the edge, lies
    AGAINST_Z or more on its kind as read of the sheet's boundary (``every``)."""
    for s in range(4):
        if now[s] != was[s]:
            sign = 1.0 if now[s] == "r" else -1.0
            for x in ((r, c, s), (r + STEP[s][0], c + STEP[s][1], (s + 2) % 4)):
                if x in every and sign * every[x] <= -AGAINST_Z:
                    return True
    return False


def doubted(reason: str, edges: str) -> bool:
    """Whether ``reason`` (a flagged space's) doubts the kind of one of its route sides."""
    return bool(kind_doubts(reason, edges, DOUBTS)[0])


def revise(rows: list, uncertain: list, every: dict, *, faces: Callable,
           uncertain_of: Callable, marked: set = frozenset()) -> tuple[list, list]:
    """``rows`` and ``uncertain`` with each flagged space's route sides guessed as their routes'
    anchors agree (see the module's text); the same squares flagged, for the same reasons.
    ``marked``: flagged squares whose centre is inked as the sheet's stations (a route stops there)."""
    flagged = {u.square: u for u in uncertain}
    if drawn_freely(rows, set(flagged)) or misread_kinds(rows):
        return rows, uncertain
    stops = {u.square for u in uncertain if any(w in u.reason for w in STOPS)} | set(marked)
    route = routes(rows, set(flagged), stops)
    held = anchors(rows, set(flagged), route)
    drawable = {f.token for f in faces()}
    # a route with a side drawn in one kind's colour (colour.KIND_WHY) keeps its sides' guesses: the
    # colour is this side's own measure of its kind, which the boundary's place does not overrule
    # (indep2 dev 102: a highlighter's highways, D6 h.h. and E6 hh.. guessed railways by their place)
    coloured = {route((r, c, s)) for u in uncertain if any(w in u.reason for w in COLOUR_WHY.values())
                for r, c in [square_at(u.square)] for s in range(4) if rows[r][c].edges[s] in "hr"}
    placed: dict = defaultdict(list)   # each route's sides' places on the sheet's boundary
    for (r, c, s), v in every.items():
        if rows[r][c].edges[s] in "hr":
            placed[route((r, c, s))].append(v)
    out = [list(row) for row in rows]
    for r in range(SIZE):
        for c in range(SIZE):
            u = flagged.get(square(r, c))
            cell = rows[r][c]
            if u is None or cell.marker not in ("", "o") or not doubted(u.reason, cell.edges):
                continue
            edges = list(cell.edges)
            for s, k in enumerate(cell.edges):
                if k not in "hr" or route((r, c, s)) in coloured:
                    continue
                kinds = set(held.get(route((r, c, s)), ()))
                if len(kinds) == 1:
                    edges[s] = kinds.pop()
                elif not kinds and placed.get(route((r, c, s))):
                    v = sum(placed[route((r, c, s))]) / len(placed[route((r, c, s))])
                    if abs(v) >= MEAN_Z:
                        edges[s] = "r" if v > 0 else "h"
            if against(every, r, c, cell.edges, edges):
                continue
            marker = cell.marker
            if marker == "" and u.square in marked and len({k for k in edges if k in "hr"}) == 2:
                marker = "s"   # two kinds at a centre inked as the sheet's stations: a station lost
            elif marker == "" and "." not in edges and "".join(edges) not in drawable:
                marker = "o"   # a crossing of two kinds, straight on: an overpass read as a four-way route
            token = "".join(edges) + marker
            if token != cell.token and token in drawable:
                out[r][c] = type(cell)("".join(edges), marker)
                flagged[u.square] = uncertain_of(u.square, token, u.reason)
    return [tuple(row) for row in out], list(flagged.values())
