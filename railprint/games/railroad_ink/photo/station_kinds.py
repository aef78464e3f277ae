"""A flagged station's sides: which is the highway, from what each side's route runs into (issue 35,
round twenty-four).

A station joins a highway and a railway; the reader often reads the station but puts the kinds on
the wrong sides (main's held out of rounds twenty-two and twenty-three: ``hrhrs`` read ``hrrrs``,
``.rh.s`` read ``.hr.s``, ``hhhrs`` read ``hrrrs``; 62, 14, 41 and 16 spaces on the four sets). The
station's mark sits between its sides' strips, and a side's own shape there is measured poorly: on
main's readings of 212 spent held-out photos a station's route side lay on the wrong kind's side of
the sheet's boundary (``sheet_kinds``' place, ``every``) 1.3 % (two routes) and 2.3 % (four) of
the time; the side's reading "with certainty" was wrong there too (indep 104,937 F1 ``hhhrs`` read
``hrrrs``: its east and south sides certain railways, their neighbours' sides across the edges at
-1.02 and -0.91, highways). The route a side runs into across the edge, away from the mark, is
measured more cleanly: the neighbour's side's place was on the wrong side 0.7 % and 1.0 % of the
time. ``kind_guess`` takes a side's place as its mean with the neighbour's, so the
station's own wrong place cancels the neighbour's (+0.45 and -1.02), and the side's first reading
stays.

So, after the steps that guess a station (``meeting_centre`` last), each flagged space guessed a
station has each route side weighed by what lies across its edge only:

- a printed exit the side is drawn to: its kind (``kind_guess.EXIT_W``);
- a neighbour read with certainty whose route meets the side: its kind (``kind_guess.NEIGHBOUR_W``);
- the neighbour's side's place, ``NEAR_Z`` or more on one kind's side, where the neighbour is not
  guessed a station itself (its side then is a station's side, measured as poorly) and its own
  guess there is that kind: that kind (``PLACE_W``). A neighbour guessed the other kind than its
  place says has been read against the sheet's boundary by a later step, which on such a sheet is
  not its kinds' (the shared indep2 dev 90,057, a highlighter sheet: its highways placed at +0.8 to
  +1.1, on the railways' side; four stations read right were turned; 90,009 F6, its west neighbour
  an overpass guessed `rhrho`, its highway side placed at +0.77);
- where nothing lies across the edge that says a kind, the side's kind as guessed so far
  (``kind_guess.KEPT_W``).

Of the stations with the same route sides (a station has a highway and a railway, so every face
weighed has both), the one agreeing with the most weight is the guess, where it agrees with more
than the guess so far. The space stays flagged with its reason: only a flagged space's guess
changes, so no space goes silent. Not on a board drawn freely (``sheet_kinds.drawn_freely``), nor
where the sheet's boundary puts a route drawn to a printed exit with the other kind
(``kind_guess.agrees``: the places are not this sheet's kinds there), nor a small photo, an
unblurred copy or an expansion's sheet (the reader does not call it there: no boundary is drawn).

And a flagged station whose sides the sheet settles loses its flag (:func:`lift`): its reason names
only its route sides' kind doubts (and "a station needs a highway and a railway"), and every route
side meets a route of its kind in a neighbour read with certainty, or is drawn to a printed exit of
its kind (the rules: a route keeps its kind across an edge; a station has both kinds, and the
sides say it has). Not a straight crossing of the two kinds, which an overpass draws too; not where
``revise`` is not asked. ``joined_kinds`` lifts such stations of two routes where the sheet's
boundary places each side far on its kind's side; this asks the joins alone, of any station.

Both run last of all in ``read_rel`` (after ``stray``).

Replayed on main's readings (each photo read once, the final reading and ``every`` logged) of the
spent held out indep 104,860-979, indep3 301,520-545, indep2 209,000-038 and 35 night photos in
209,001-249 (10 stations made right, none made wrong, 11 lifted, all right), and measured on fresh
held out: see docs/railroad-ink-photo-rounds.md, round twenty-four (h-sides).

Round twenty-five (h-sides2): a station's side is also weighed by its own shape (:func:`shapes`):
``read.side_features``' measures (``exit_shape.SHAPE``) placed by ``sheet_kinds.boundary`` between
the sheet's route sides read with certainty on spaces with no centre mark, and the routes drawn to
its printed exits, flagged or not, with the exit's kind (on many sheets one kind is flagged
throughout: "neither clearly"), each kind's middle. Where the side's strip is inked in MIN_INK of
its rows and lies SHAPE_Z or more on one kind's side, it says that kind (``SHAPE_W``, under a
certain neighbour's, a printed exit's and the neighbour's place), but not against a kind the
reader's own doubt of that side names ("...: a railway?"). On indep sheets whose highways are drawn
as one line with no sleeper, the reader guesses such a side beside the mark a railway (a highway's
guess needs two lines) and its place in ``every`` lies near the boundary (+0.3 to +0.8); its shape
lies at -1, with the sheet's highways (indep 135,044 E3 ``hhrhs`` read ``hrrrs``: three sides with
no sleeper, the railway side 3.6 sleepers). With the shapes the step also runs where the boundary is
drawn but puts a route at a printed exit with the other kind (``agrees``): there the exits, the
certain neighbours and the shapes speak, no place. Not where no boundary is drawn at all (the shapes
there made indep dev 90,024 E1 and 90,043 B4 wrong). A side with no sleeper is a highway's shape on
most sheets, but a railway of sparse ticks or a highlighter's highway is misplaced by it (indep2 dev
90,057 C3, made wrong, flagged). Replayed on main's readings of the spent held out indep
135,000-119, indep3 301,640-699, indep2 209,500-559 and 20 night photos in 209,620-760: 24 stations
made right, none made wrong; the shared dev cache: 3 made right, 1 made wrong; see the rounds
document, round twenty-five (h-sides2).

Round twenty-six (h-sides3): main's readings of round twenty-five's spent held out were logged and each
station read with its kinds on the wrong sides printed with each side's evidence. Three changes:

- **The shapes away from the mark** (``OUTER``): the side's strip measured 1.5-5.5 mm inside the edge
  (``read``'s ``DEPTH`` is 2.3-6.6 mm) keeps clear of the centre's mark, whose edge a station's own side
  otherwise reads as sleepers or a second line (indep 135,212 B4's west highway side shaped +1.87, a
  railway, at ``DEPTH``, and -0.99 here); the sheet's certain routes are measured there too, and
  :func:`shapes` places them against each other as before. On indep 135,120-239's logged flagged
  stations (1,079 route sides) the shape said the wrong kind on 44 sides at ``DEPTH`` (800 right) and
  on 11 here (862 right). A strip from 0.8 mm read a night sheet's grid line (indep2 210,050 F1, 210,057
  E6: made wrong); a side at the grid's edge keeps the usual strip (:func:`measured`: there ``OUTER``
  reaches the printed border, indep dev 90,051 A1 and 90,007 A5 made wrong).
- **The far side whatever the neighbour is guessed**: the neighbour's side's place counts also where
  the neighbour is guessed a station or the other kind, where the side's own shape there says the same
  kind as its place (:func:`across`'s ``shape``): the neighbour's reading is what the sheet's later steps
  made of it, the far side's measures are the photo's. Not an overpass (indep 135,137 A3's west
  neighbour, an overpass ``hrhro`` whose east side is placed and shaped a highway across its mark).
- **The route's chain** (:func:`chained`): a side whose route runs on through spaces with no station to
  printed exits of one kind, meeting route sides of that kind only, weighs that kind (``CHAIN_W``, as a
  shape): indep2 210,026 D5 ``hhhrs`` read ``hrhrs``, its east route on through an overpass to a highway
  exit.

Still only a flagged station's guess changes. Measured in docs/railroad-ink-photo-rounds.md, round
twenty-six (h-sides3).
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, square, square_at
from railprint.games.railroad_ink.photo.chain_kinds import chain
from railprint.games.railroad_ink.photo.joined_kinds import STATION_NEEDS, kind_at, named_kind
from railprint.games.railroad_ink.photo.kind_guess import EXIT_W, KEPT_W, NEIGHBOUR_W, agrees
from railprint.games.railroad_ink.photo.exit_shape import FLOOR, SHAPE
from railprint.games.railroad_ink.photo.sheet_kinds import STEP, boundary, drawn_freely
from railprint.games.railroad_ink.photo.sure_kinds import KIND_DOUBTS, kind_doubts, side_parts

NEAR_Z = 0.7     # the neighbour's side this far on one kind's side of the sheet's boundary says that kind ...
PLACE_W = 1.5    # ... with this weight (under a certain neighbour's, over the kind guessed so far)
SHAPE_Z = 0.85   # a station's own side this far on one kind's side of the sheet's certain routes' shapes ...
SHAPE_W = 1.0    # ... says that kind with this weight
MIN_INK = 0.4    # the side's strip inked in this share of its rows, at least, for its shape to count
MIN_REF = 4      # route sides of each kind read with certainty, at least, to draw the shapes' boundary
OUTER = (1.5, 5.5)   # mm inside the edge: the strip whose shape is measured, away from the centre's mark (round 26)
CHAIN_W = 1.0    # a side whose route's chain reaches printed exits of one kind, meeting only that kind (round 26)


def shapes(rows: list, flagged: set, features: Callable) -> Callable | None:
    """The place of a side's shape between the kinds of the sheet's route sides read with certainty
    (spaces not in ``flagged``) and of its routes drawn to a printed exit (the exit's kind), on
    spaces with no centre mark: ``sheet_kinds.boundary`` over
    ``exit_shape.SHAPE``'s measures; a function (r, c, s) -> place (-1 at the highways' middle, +1
    at the railways'), or None where either kind has fewer than MIN_REF sides."""
    kinds = {(r, c, s): rows[r][c].edges[s] for r in range(SIZE) for c in range(SIZE) for s in range(4)
             if rows[r][c].marker == "" and rows[r][c].edges[s] in "hr"
             and (square(r, c) not in flagged or (r, c, s) in EXIT_AT)}
    kinds.update({k: EXIT_AT[k].kind for k in kinds if k in EXIT_AT})   # a route keeps its exit's kind
    ref = list(kinds)
    hs = [i for i, k in enumerate(ref) if kinds[k] == "h"]
    rs = [i for i, k in enumerate(ref) if kinds[k] == "r"]
    if len(hs) < MIN_REF or len(rs) < MIN_REF:
        return None

    def vector(k: tuple) -> np.ndarray:
        f = features(*k)
        return np.array([float(f[x]) for x in SHAPE])

    place = boundary(np.array([vector(k) for k in ref]), hs, rs, FLOOR)
    return None if place is None else lambda r, c, s: float(place(vector((r, c, s))))


def shaped(place: Callable, features: Callable, r: int, c: int, s: int) -> list[tuple[str, float]]:
    """What side ``s`` of (r, c)'s own shape says: the kind on whose side of ``place`` (:func:`shapes`)
    it lies SHAPE_Z or more, its strip inked in MIN_INK of its rows or more (``SHAPE_W``)."""
    z = place(r, c, s)
    if abs(z) >= SHAPE_Z and features(r, c, s)["ink"] >= MIN_INK:
        return [("r" if z > 0 else "h", SHAPE_W)]
    return []


def across(rows: list, flagged: set, every: dict, r: int, c: int, s: int,
           shape: Callable | None = None) -> list[tuple[str, float]]:
    """What lies across side ``s`` of (r, c) and the kind it says, with its weight (see the module's
    text): a printed exit; a neighbour not in ``flagged`` whose route meets the side; the neighbour's
    side's place in ``every``, where the neighbour is not guessed a station and its guess there agrees,
    or (round twenty-six) where ``shape`` (``(r, c, s)`` -> the kind the side's own shape says, or None)
    says the same kind of the neighbour's side, whatever the neighbour is guessed (not an overpass)."""
    nr, nc = r + STEP[s][0], c + STEP[s][1]
    if not (0 <= nr < SIZE and 0 <= nc < SIZE):
        x = EXIT_AT.get((r, c, s))
        return [] if x is None else [(x.kind, EXIT_W)]
    said = []
    there = rows[nr][nc]
    if there.marker in ("v", "x"):
        return said
    if square(nr, nc) not in flagged and there.edges[(s + 2) % 4] in "hr":
        said.append((there.edges[(s + 2) % 4], NEIGHBOUR_W))
    z = every.get((nr, nc, (s + 2) % 4))
    kind = "r" if z is not None and z > 0 else "h"
    if z is None or abs(z) < NEAR_Z:
        return said
    if there.marker != "s" and there.edges[(s + 2) % 4] == kind:
        said.append((kind, PLACE_W))
    elif shape is not None and there.marker != "o" and there.edges[(s + 2) % 4] in "hr" \
            and shape(nr, nc, (s + 2) % 4) == kind:
        said.append((kind, PLACE_W))
    return said


def chained(rows: list, flagged: set, r: int, c: int, s: int) -> list[tuple[str, float]]:
    """What side ``s`` of (r, c)'s route says further on (round twenty-six): where its chain
    (``chain_kinds.chain``, through spaces with no station) reaches printed exits of one kind and meets
    route sides of that kind only, guessed or read with certainty, that kind (``CHAIN_W``). A route
    keeps its kind across an edge and through a space with no station; not a side at the grid's edge
    (its exit is weighed in :func:`across`)."""
    nr, nc = r + STEP[s][0], c + STEP[s][1]
    if not (0 <= nr < SIZE and 0 <= nc < SIZE):
        return []
    exits, met = chain(rows, flagged, r, c, s)
    return [(min(exits), CHAIN_W)] if len(exits) == 1 and met <= exits else []


def measured(features: Callable, outer: Callable | None) -> Callable:
    """A side's measures as the shapes take them (round twenty-six): ``outer``'s (its strip ``OUTER``
    inside the edge, clear of the centre's mark) where the side faces a space, ``features``' at the
    grid's edge (there ``OUTER`` reaches the grid's printed border: indep dev 90,051 A1's west highway
    side shaped a railway, +0.99), or everywhere where ``outer`` is not given."""
    if outer is None:
        return features

    def measures(r: int, c: int, s: int) -> dict:
        inside = 0 <= r + STEP[s][0] < SIZE and 0 <= c + STEP[s][1] < SIZE
        return outer(r, c, s) if inside else features(r, c, s)
    return measures


def revise(rows: list, uncertain: list, every: dict, *, faces: Callable,
           uncertain_of: Callable, features: Callable | None = None,
           outer: Callable | None = None) -> tuple[list, list]:
    """``rows`` and ``uncertain`` with each flagged station's sides guessed again from what lies
    across their edges and, where ``features`` is given, from its sides' own shapes against the
    sheet's certain routes' (see the module's text); the same squares flagged, for the same reasons.
    ``every``: each route side's place (``sheet_kinds.revise``'s); ``faces()``: every drawable
    space; ``uncertain_of(square, token, why)``; ``features(r, c, s)``: a side's
    ``read.side_features``; ``outer(r, c, s)``: the same measured ``OUTER`` inside the edge (:func:`measured`)."""
    flagged = {u.square: u for u in uncertain}
    if features is not None:
        features = measured(features, outer)
    unsure = set(flagged)   # (the flagged squares: only their guesses change below)
    if not every or drawn_freely(rows, unsure):
        return rows, uncertain
    if not agrees(rows, every):
        if features is None:
            return rows, uncertain
        every = {}   # not this sheet's kinds at its exits: the exits, the certain neighbours and the shapes speak
    stations = [f for f in faces() if f.marker == "s"]
    out = [list(row) for row in rows]
    place = None

    def kind_of(r: int, c: int, s: int) -> str | None:   # the kind a side's own shape says (:func:`shaped`)
        return next((kind for kind, _ in shaped(place, features, r, c, s)), None)
    for r in range(SIZE):
        for c in range(SIZE):
            u, cell = flagged.get(square(r, c)), rows[r][c]
            if u is None or cell.marker != "s":
                continue
            if features is not None and place is None:
                place = shapes(rows, unsure, features) or (lambda r, c, s: 0.0)
            said = {s: across(rows, unsure, every, r, c, s, kind_of if features is not None else None)
                    + chained(rows, unsure, r, c, s) for s, k in enumerate(cell.edges) if k in "hr"}
            if features is not None:
                parts = side_parts(u.reason)
                for s in said:   # not against the kind the reader's own doubt of the side names ("...: a highway?")
                    named = {named_kind(why) for side, why, _ in parts if side == s and why in KIND_DOUBTS} - {None}
                    said[s] += [got for got in shaped(place, features, r, c, s) if not named or got[0] in named]

            def score(f) -> float:
                return sum(w for s, got in said.items() for kind, w in got if f.edges[s] == kind) \
                    + sum(KEPT_W for s, got in said.items() if not got and f.edges[s] == cell.edges[s])

            same = [f for f in stations if all((a in "hr") == (b in "hr") for a, b in zip(f.edges, cell.edges))]
            if not same:
                continue
            best = max(same, key=lambda f: (score(f), f == cell))
            if best != cell and score(best) > score(cell):
                out[r][c] = best
                flagged[u.square] = uncertain_of(u.square, best.token, u.reason)
    return [tuple(row) for row in out], list(flagged.values())


def settled(rows: list, flagged: set, r: int, c: int, reason: str) -> bool:
    """Whether the station guessed at (r, c), flagged for ``reason``, is settled by the sheet: the
    reason names only its route sides' kind doubts (and ``STATION_NEEDS``: the sides as first read
    were of one kind), and every route side meets a route of its kind across the edge in a
    neighbour read with certainty (not in ``flagged``), or is drawn to a printed exit of its kind.
    Not a straight crossing of two kinds (``hrhr``): an overpass joins the same sides, and only the
    centre tells them apart."""
    cell = rows[r][c]
    if cell.marker != "s" or any(part != STATION_NEEDS for part in kind_doubts(reason, cell.edges)[1]):
        return False
    if cell.edges[0] == cell.edges[2] != "." and cell.edges[1] == cell.edges[3] != ".":
        return False
    for s, kind in enumerate(cell.edges):
        if kind == ".":
            continue
        met = kind_at(rows, r, c, s)
        if met is None or met[0] != kind:
            return False
        if not met[1] and (square(r + STEP[s][0], c + STEP[s][1]) in flagged
                           or rows[r + STEP[s][0]][c + STEP[s][1]].marker in ("v", "x")):
            return False
    return True


def lift(rows: list, uncertain: list, every: dict) -> list:
    """``uncertain`` without the flags of the stations the sheet settles (:func:`settled`); only
    where the sheet's boundary is drawn (``every``) and agrees with its exits, on a board not drawn
    freely."""
    flagged = {u.square for u in uncertain}
    if not every or drawn_freely(rows, flagged) or not agrees(rows, every):
        return uncertain
    return [u for u in uncertain if not settled(rows, flagged, *square_at(u.square), u.reason)]

