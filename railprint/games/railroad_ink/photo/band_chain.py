"""A run of broad or banded sides settled by where it ends (issue 35, round twenty-one).

"a solid band: a highway's two lines run together?" (``read.SOLID_BAND``) and "one broad line with
no sleeper standing out" (``read.BROAD``) flag a side whose ink runs wide: a felt-tip's or a
highlighter's highway, a bold one-stroke highway, a railway's sleepers blurred or zig-zagged into a
band. One player draws a route alike from end to end, so such sides come in runs: a highlighter's
highway is a band in every space it crosses, each space flagged, each one's neighbours flagged too,
and :mod:`joined_kinds` (a doubted side settled by a neighbour read with certainty) settles only
the spaces at the run's ends. The rules settle the run as a whole: a route joins a route of its own
kind across an edge, and a route drawn to a printed exit is of the exit's kind (the independent
generators' boards break neither: round nineteen, h-kinds3). So the run's kind is its ends' kind.

:func:`lift` joins every band side of the flagged spaces into runs: two band sides of one space read
as the same kind (a space's routes all join at its centre, not at an overpass), and two band sides
facing each other across an edge, read as the same kind. A run is *anchored* where one of its sides
meets a printed exit of its kind or a side of its kind of a space read with certainty (not flagged);
it is *broken* where any of its sides meets the other kind: a printed exit, or a side of a neighbour
(read with certainty or flagged) read as the other kind. A side facing a flagged neighbour's side of
its own kind that is no band side (doubted for another reason, or its guess changed by a step
before) neither anchors nor breaks the run, and nor does a side facing an empty side or the grid's
edge where no exit is printed (a route may end there: the generators' boards have many such ends):
if the run's anchor is read right, the rules make the whole run its kind. A flagged space whose
reason names only band sides, each in an anchored run that is not broken, is read with certainty:
its flag is dropped, nothing else changes (no guess, no other flag). Not where its reason says "a
station needs a highway and a railway" too, though a band's ink fills the centre where it turns: a
crossed-out space's X fills it and its strokes read as routes (indep2 dev 90,054 B7 `.r.r` read
`rrrr`, the one space lifted wrong in the simulation before this guard). Not where a centre mark is
read (a station's or an overpass's sides do not all join, and a band sheet's centres are read badly:
on the dev readings 20 crossings of bands read as stations were overpasses). Not where two of its
route sides join nothing (as :mod:`joined_kinds`: a stain read as a route joins nothing), nor where
one band side joins nothing and its run is anchored only by a space read with certainty, not by a
printed exit: such a dead end is where a stain or a ghost ends, and one neighbour read wrong with
certainty would settle it (held out 206,090 of the second independent check, measured once on the
merged reader: E6, empty, read `.r.r`, its west side facing an empty space, its east side E7, `.rr.`
read `.rrr` with certainty, lifted silent). Not on a sheet where the run's other kind is read with
certainty nowhere: there every route of that kind may be drawn as a band and read as this one
(merged reader, round twenty-one: ``synth``'s field photo 741,003, railways drawn in pen and
blurred, every one read a highway band, and two such runs anchored at a highway exit and a certain
"highway", lifted silent).

Measured on dev photos read by main 49e6fae: see docs/railroad-ink-photo-rounds.md, round
twenty-one (h-band2).
"""

from __future__ import annotations

from railprint.games.railroad_ink.board import DELTA, EXIT_AT, SIZE, opposite, square
from railprint.games.railroad_ink.photo.sure_kinds import kind_doubts

BROAD = "one broad line with no sleeper standing out: a highway drawn as one line?"   # read.BROAD
SOLID_BAND = "a solid band: a highway's two lines run together?"                        # read.SOLID_BAND
BAND_WHYS = frozenset({BROAD, SOLID_BAND})
OTHER = {"h": "r", "r": "h"}


def band_sides(reason: str, edges: str) -> tuple[set[int], list[str]]:
    """``reason`` (an uncertain space's) split into the sides it doubts as a band or a broad line,
    each read as a route (``edges``), and its other parts."""
    sides, rest = kind_doubts(reason, edges, BAND_WHYS)
    return set(sides), rest


def lift(rows: list, uncertain: list) -> list:
    """``uncertain`` without the flags of spaces whose every doubt is a band side in a run of band
    sides anchored at its ends and broken nowhere (see the module's text). ``rows``: the reading."""
    flagged = {u.square: u for u in uncertain}
    bands: dict[tuple[int, int], tuple[set[int], list[str]]] = {}
    for r in range(SIZE):
        for c in range(SIZE):
            if (u := flagged.get(square(r, c))) is not None:
                bands[(r, c)] = band_sides(u.reason, rows[r][c].edges)
    parent = {(r, c, s): (r, c, s) for (r, c), (sides, _) in bands.items() for s in sides}
    if not parent:
        return uncertain
    # the kinds read with certainty somewhere on the sheet: a run whose other kind is never read so may
    # be that kind, its every route drawn as a band (synth field 741,003: railways drawn in pen, blurred
    # into bands, every one read a highway; an anchored run of them was lifted)
    seen = {k for r in range(SIZE) for c in range(SIZE) if square(r, c) not in flagged for k in rows[r][c].edges}

    def root(x: tuple[int, int, int]) -> tuple[int, int, int]:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def kind(r: int, c: int, s: int) -> str:
        return rows[r][c].edges[s]

    for (r, c, s) in list(parent):
        here = kind(r, c, s)
        if rows[r][c].marker == "":   # a plain space's routes all join at its centre
            for t in bands[(r, c)][0]:
                if kind(r, c, t) == here:
                    parent[root((r, c, t))] = root((r, c, s))
        nr, nc = r + DELTA[s][0], c + DELTA[s][1]
        across = (nr, nc, opposite(s))
        if across in parent and kind(*across) == here:
            parent[root(across)] = root((r, c, s))
    anchored: set = set()
    at_exit: set = set()   # the runs anchored at a printed exit of their kind
    broken: set = set()
    for (r, c, s) in parent:
        here, run = kind(r, c, s), root((r, c, s))
        nr, nc = r + DELTA[s][0], c + DELTA[s][1]
        if 0 <= nr < SIZE and 0 <= nc < SIZE:
            there = kind(nr, nc, opposite(s))
            if (nr, nc) in bands:   # a flagged neighbour: its side says nothing of the kind, unless it is the other
                if there in "hr" and there != here:
                    broken.add(run)
            elif there == here:
                anchored.add(run)
            elif there != ".":   # a route facing nothing says nothing of its kind
                broken.add(run)
        else:
            exit_ = EXIT_AT.get((r, c, s))
            if exit_ is not None and exit_.kind == here:
                anchored.add(run)
                at_exit.add(run)
            elif exit_ is not None:
                broken.add(run)

    def joins_nothing(r: int, c: int, s: int) -> bool:
        nr, nc = r + DELTA[s][0], c + DELTA[s][1]
        if 0 <= nr < SIZE and 0 <= nc < SIZE:
            return rows[nr][nc].edges[opposite(s)] == "."
        return (r, c, s) not in EXIT_AT

    settled = set()
    for (r, c), (sides, rest) in bands.items():
        routes = [s for s in range(4) if rows[r][c].edges[s] in "hr"]
        if (sides and not rest and rows[r][c].marker == ""
                and sum(joins_nothing(r, c, s) for s in routes) < 2
                and all(root((r, c, s)) in at_exit for s in sides if joins_nothing(r, c, s))
                and all(root((r, c, s)) in anchored and root((r, c, s)) not in broken
                        and OTHER[rows[r][c].edges[s]] in seen for s in sides)):
            settled.add(square(r, c))
    return [u for u in uncertain if u.square not in settled]
