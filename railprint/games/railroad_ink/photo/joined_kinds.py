"""A route side's kind settled by what it joins (issue 35, round nineteen).

The largest flag on spaces read right is a route side "neither clearly a highway nor a railway"
(held out at round eighteen: 6.5-11.7 a photo), with the other kind doubts (:data:`sure_kinds.KIND_DOUBTS`).
:mod:`sure_kinds` drops such a flag where every route side and its neighbour's lie far (0.75) on
their kind's side of the sheet's boundary and each route runs on into a placed side; most are left:
a side whose neighbour across the edge is read with certainty (not placed, or close to the
boundary), a route side at a printed exit, a station's side. The rules settle those (the
independent generators' boards break none of them: 0 of 3,340 route edges join a highway to a
railway, 0 of 3,629 route sides at a printed exit are of the other kind):

- a route joins a route of its own kind across an edge: a doubted side whose neighbour across the
  edge is read with certainty, with a route of the kind guessed there, is of that kind (not a
  flagged neighbour's side read with certainty: indep2 dev 3,532 B6 joins A6, flagged "no die face
  draws this space", its side a certain railway, and C6 joins B6: two highways of a highlighter
  sheet read as railways, both lifted so);
- a route drawn to a printed exit is of the exit's kind;
- a side whose place and its neighbour's (:func:`sheet_kinds.places`) both lie SURE_Z or more on
  the kind's side, and that runs on into a route of its kind; a route side facing no route (a dead
  end) by its own place, DEAD_END_Z or more (at SURE_Z one space was lifted wrong: indep2 dev
  92,025 C4, a station lost and its highway read as a certain railway, the dead end at 0.93);
- a station joins a highway and a railway: its doubted side is the one die face the station's
  other sides leave (``faces``), where its centre is read with certainty.

A flagged space whose every part of its reason is one of those doubts of a side read as a route
(or "a station needs a highway and a railway" where the guess has a station, or "highway and railway
meet without a station" where it has none: round twenty-one, below), whose doubted sides
are all settled (a station: its face left unique), is read with certainty where the reader's rules
read it so from those sides made certain (``space_at``: its centre, a die face). Guards, each seen
to keep a wrong space flagged on dev photos: the sheet's boundary trusted (``at`` not empty: a
sheet whose two kinds the reader confuses, indep dev 92,005, reads its neighbours wrong too); no
route side of the space on the other kind's side of it (indep 92,037 F1, a station read where
there is none, its railway at 1.06 on the highway side), nor meeting a route or an exit of the
other kind (indep 92,052 D6, a station's highway read as a railway with certainty, its neighbour
guessed a highway); at a station every route side placed SURE_Z or more on its kind's side
(indep 92,032 G4, a station's highway read as a certain railway at 0.56). Not an overpass: a
station read as an overpass carries a kind doubt too (indep 92,003 D6); nor a space of four
routes (the special routes, drawn once a game: indep2 dev 92,059 G2, an overpass read as a station
of four; C6, a coffee stain read as a fourth route and a station; 90,033 F1, a stain read as two
railways across `.r.r`); nor a space with two route sides joining nothing (no route across the
edge, no exit: a line read where none was drawn joins nothing, 90,033 F1 again).

Measured (flags on spaces read right, dev indep 92,000-059, indep2 92,000-059, indep3 9,000-059):
see docs/railroad-ink-photo-rounds.md, round nineteen (h-kinds3).

Round twenty-one (h-meet): "highway and railway meet without a station" (``MEET_WHY``) beside kind doubts,
where the guess has no station. ``read.read_space`` raises it where the sides as read hold both
kinds and the centre no station; the best guess (``read._nearest_face``) then gives the doubted
side(s) the other sides' kind, a route of one kind. Of the two sides that met, the doubted one is
the misread, and it is the one this module settles: the flag goes only where that guess joins its
own kind across every doubted edge (or far on its kind's side, as above) and every guard above
holds. Where the doubted side was right and the certain sides wrong (a station missed, a highway
read as a railway with certainty beside it) the guess meets the other kind across the edge, or
the boundary places the side with the other kind, and the flag stays. A guess with a station keeps
the meeting flag: there the centre is the question, which the joins do not answer. On the shared
dev cache (indep 90,000-059, indep2 90,000-059, indep3 8,000-039) and the dev photos of
docs/railroad-ink-photo-rounds.md, round twenty-one (h-meet): flags lifted on spaces read right
only.

Round twenty-one (h-silent4): a dead end is not settled by its place where the boundary is the only
witness and the side's own shape said the other kind: its doubt names the other kind ("one broad line
...: a highway drawn as one line?", :func:`named_kind`) and ``sheet_kinds.revise`` re-guessed it to
the kind it now has (``before``). The boundary that re-guessed it cannot also settle it. The
second independent check's spent held-out 205,293 F3 (a station ``.h.rs``, its cross not seen, its
highway a dead end drawn as one broad line beside zig-zag railways, read ``.h.h``, re-guessed
``.r.r``, placed 1.20 on the railways' side and lifted here): silent before, flagged now. On
round twenty's readings of dev photos (see the rounds document) one other lift was of this kind
(205,293 F1, on the same sheet, read right).

Round twenty-two (h-silent5): a dead end read as a solid band (``SOLID_BAND``) is not settled by its
place alone either. A band is ink whose shape says no kind, and not always a line: a coffee stain's
arc, an erased ghost. indep2 206,244 C2 (spent held out; an empty space, a stain's arc across its
west side beside a certain railway north) was read ``r..r`` with certainty: its west side a band
facing C1's empty side, placed on the railways' side. A band that runs on into a certain route of
its kind or reaches a printed exit is still settled. On indep2 204,700-779 the band flags this
module lifts went from 21 to 12 (all right; 4 of the 9 are lifted by ``chain_kinds`` after it).

Round twenty-four (h-silent6): a dead end whose doubt named a kind it was read as, and which the
meeting's nearest face guessed the other (``read._nearest_face``: a highway and a railway met
without a station, and the guess made the space one kind's route), is not settled by its place
either: the boundary then says the guess's kind against the side's own shape. indep 104,931 A7
(spent held out; a hatched station ``h.r.s``, its north arm a dead end at the grid's top edge read
"two lines with a dashed middle ...: a highway?", guessed ``r.r.``) was read ``r.r.`` with certainty;
now it keeps its flag (and ``meeting_centre`` guesses the station). Not where the doubt is "one
broad line with no sleeper standing out" (``BROAD``): a railway whose sleepers run into its line
looks so, and the doubt names a highway by default; on indep2 206,000-099 three such dead ends,
railways read right (206,025 G3, 206,070 F4 and G7), kept their flags without that exception.
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, square
from railprint.games.railroad_ink.photo.band_chain import BROAD, SOLID_BAND
from railprint.games.railroad_ink.photo.sheet_kinds import STEP
from railprint.games.railroad_ink.photo.station_mark import MEET_WHY
from railprint.games.railroad_ink.photo.sure_kinds import SURE_Z, both_kinds, kind_doubts

STATION_NEEDS = "a station needs a highway and a railway"   # read_space's reason, a station of one kind read
DEAD_END_Z = 1.0     # a doubted side facing no route settled by its place alone this far on its kind's side


def named_kind(why: str) -> str | None:
    """The kind a side's doubt names as the likelier one ("...: a highway?" or "a railway drawn as a
    ladder?"), or None ("neither clearly a highway nor a railway")."""
    last = why.rsplit(": ", 1)[-1]
    kinds = [k for k, word in (("h", "a highway"), ("r", "a railway")) if word in last]
    return kinds[0] if len(kinds) == 1 else None


def doubted_sides(reason: str, token_edges: str, marker: str) -> set[int] | None:
    """The sides ``reason`` doubts the kind of, or None where it names anything else (a faint line,
    the centre, the grid, the light, a die face) or a side not read as a route. A station's
    STATION_NEEDS and (round twenty-one) MEET_WHY where the guess (``marker``) has no station are
    the kind doubts' own consequence, not another doubt."""
    sides, rest = kind_doubts(reason, token_edges)
    if any(not (part == STATION_NEEDS and marker == "s" or part == MEET_WHY and marker == "") for part in rest):
        return None
    return set(sides) or None


def kind_at(rows: list, r: int, c: int, s: int) -> tuple[str, bool] | None:
    """What side ``s`` of (r, c) meets: (the neighbour's side across the edge, False) or (a printed
    exit's kind, True); None at the grid's edge without an exit."""
    nr, nc = r + STEP[s][0], c + STEP[s][1]
    if 0 <= nr < SIZE and 0 <= nc < SIZE:
        return rows[nr][nc].edges[(s + 2) % 4], False
    x = EXIT_AT.get((r, c, s))
    return None if x is None else (x.kind, True)


def met_kinds(rows: list, r: int, c: int) -> Callable[[int], str | None]:
    """What each side s of (r, c) meets, as a kind (``kind_at``'s first part: the neighbour's facing
    side or a printed exit's kind), None at the grid's edge without an exit: ``meeting_centre.station_sides``'
    ``met``."""
    return lambda s: None if (met := kind_at(rows, r, c, s)) is None else met[0]


def revise(rows: list, uncertain: list, at: dict, *, sides_at: Callable, side_read: Callable, space_at: Callable,
           faces: Callable, before: list | None = None) -> list:
    """``uncertain`` without the kind flags the sheet's joins settle (see the module's text).
    ``rows``: the reading; ``at``: each route side's place (:func:`sheet_kinds.places`, filled where
    its boundary is trusted); ``sides_at(r, c)``: the reader's four ``SideRead``; ``side_read(kind,
    certain, why)``; ``space_at(r, c, sides)``: the reader's (cell, certain, why); ``faces()``:
    every drawable space; ``before``: the reading before ``sheet_kinds.revise`` re-guessed it (round
    twenty: a flag is kept where ``sure_kinds.both_kinds``, as there)."""
    if not at:
        return uncertain
    flagged = {u.square for u in uncertain}
    reasons = {u.square: u.reason for u in uncertain}
    kept = []
    for u in uncertain:
        r, c = "ABCDEFG".index(u.square[0]), int(u.square[1:]) - 1
        cell = rows[r][c]
        # (not an overpass, nor a space of four routes: a centre misread or a stain hides behind their kind doubts)
        plain = cell.marker in ("", "s") and "." in cell.edges
        doubted = doubted_sides(u.reason, cell.edges, cell.marker) if plain else None
        # (round twenty-one: a dead end whose doubt named the other kind, re-guessed by the boundary;
        # round twenty-four: or read as that kind, not as one broad line, and guessed the other)
        against = {
            "NESW".index(side) for side, _, why in (part.partition(": ") for part in u.reason.split("; "))
            if len(side) == 1 and side in "NESW" and named_kind(why) not in (None, cell.edges["NESW".index(side)])
            and named_kind(why) in ("" if before is None else before[r][c].edges["NESW".index(side)],
                                    "" if why == BROAD else sides_at(r, c)["NESW".index(side)].kind)}
        # (round twenty-two: a solid band's dead end is not settled by its place alone)
        banded = set(kind_doubts(u.reason, cell.edges, frozenset({SOLID_BAND}))[0])
        if doubted is None or not _settled(rows, flagged, at, r, c, doubted, sides_at, faces, against, banded) \
                or (before is not None and both_kinds(rows, before, reasons, r, c, cell.edges)):
            kept.append(u)
            continue
        again, certain, _ = space_at(r, c, [side_read(kind, True, "") for kind in cell.edges])
        if not certain or again != cell:
            kept.append(u)
    return kept


def _settled(rows: list, flagged: set, at: dict, r: int, c: int, doubted: set[int], sides_at: Callable,
             faces: Callable, against: set[int] = frozenset(), banded: set[int] = frozenset()) -> bool:
    """Whether the doubted sides of (r, c) are settled by what they join (see the module's text).
    ``against``: doubted sides whose doubt named the other kind, re-guessed by the sheet's boundary:
    a dead end among them is not settled by its place (round twenty-one). ``banded``: doubted sides
    read as a solid band: a dead end among them is not settled by its place either (round twenty-two)."""
    cell = rows[r][c]
    read = sides_at(r, c)
    settled: dict[int, str] = {}
    dead_ends = 0
    for s, kind in enumerate(cell.edges):
        if kind not in "hr":
            if not (read[s].certain and read[s].kind == "."):
                return False   # an empty side in doubt is not this module's
            continue
        sign = 1.0 if kind == "r" else -1.0
        here = at.get((r, c, s))
        if here is not None and sign * here < 0 or cell.marker == "s" and (here is None or sign * here < SURE_Z):
            return False   # the sheet's boundary puts it with the other kind (or not far enough, at a station)
        met = kind_at(rows, r, c, s)
        if met is not None and met[0] in "hr" and met[0] != kind:
            return False   # it meets the other kind: something here is misread
        dead_ends += met is None or met[0] not in "hr"
        if dead_ends >= 2:
            return False   # two route sides joining nothing: a line read where none was drawn?
        if s not in doubted:
            if read[s].certain and read[s].kind == kind:
                settled[s] = kind
            continue
        if met is not None and met[1]:
            settled[s] = kind   # drawn to a printed exit of its kind
            continue
        joins, there = met is not None and met[0] == kind, None
        if joins:
            nr, nc = r + STEP[s][0], c + STEP[s][1]
            there = at.get((nr, nc, (s + 2) % 4))
            if square(nr, nc) not in flagged:
                settled[s] = kind   # it joins a route of its kind read with certainty
                continue
        if here is not None and sign * here >= (SURE_Z if joins else DEAD_END_Z) \
                and (not joins or there is None or sign * there >= SURE_Z) \
                and (joins or s not in against | banded):
            settled[s] = kind       # far on its kind's side of the boundary (and the route it joins too)
    if cell.marker != "s":
        return doubted <= set(settled)
    left = [f for f in faces() if f.marker == "s"
            and all(f.edges[s] == settled[s] if s in settled else (f.edges[s] in "hr") == (cell.edges[s] in "hr")
                    for s in range(4))]
    return left == [cell]
