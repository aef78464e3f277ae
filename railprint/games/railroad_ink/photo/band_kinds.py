"""A sheet's bands guessed the kind their anchors say they are not (issue 35, round twenty-two).

"a solid band: a highway's two lines run together?" (``read.SOLID_BAND``) and "one broad line with
no sleeper standing out" (``read.BROAD``) doubt a side whose ink runs wide, and its kind is guessed
from the sheet's other lines (``broad_line``, ``one_line``, ``sheet_kinds``). One player draws every
route of a kind alike, and on some sheets the bands are guessed the wrong kind wholesale or in part:
a bold one-stroke highway beside ladder railways guessed a railway, a zig-zag railway beside a
highlighter's highways guessed a highway, a railway's x-ticks run together guessed a highway. The
printed exits say which: a route drawn to an exit is of the exit's kind (the independent
generators' boards never break it, round nineteen), so a band side at a printed exit is an *anchor*
of the exit's kind, whatever its guess. (A route read with certainty across the band's edge was an
anchor too, and made 10 more spaces right on indep 104,120-239, but `synth`'s boards join routes of
both kinds across an edge: on its photo 382 four certain highways faced railway bands, and five
railway spaces were turned highways.)

:func:`revise`: where a kind K has MIN_ANCHORS (2) anchors or more, a flagged space whose band sides
guessed the other kind are all drawn as K's anchors (their widest rows' reach within LIKE_MM of the
anchors' median, ``read.side_features``' "sleeper", and their ink's mass within LIKE_MASS of
theirs) and none drawn as the other kind's anchors (where it has any: a highlighter's highway
bands beside zig-zag railway bands, each kind anchored somewhere, are told apart by their width)
has those sides guessed K. A plain space keeps one kind (a highway meets a railway only at a station
or an overpass): its other sides guessed the other kind turn K too where drawn as K's bands (no
wider, of their mass: a band's plain stretch); a side left of the other kind, drawn unlike them, is
the other kind, and the two meet at a station, so the space is guessed one. A station's or an
overpass's space keeps both kinds: its band sides turn (an overpass's whole route: its straight
route is one kind end to end), and where they were all of its routes of the other kind, the
space's kinds are swapped, if its other sides are drawn unlike K's bands (else it is left: a
marker's station, `.r.hs` whose railway band measured as the highway bands, its highway two lines
of their mass, field photo 940,016 F3). The space stays flagged with its reason as it was:
only the guess changes, so no silent space is added.

Measured on the spent held-out readings of main 2e08d00 (indep2 206,400-206,519, indep
104,120-104,239, indep3 301,060-301,119) and the dev sets: see docs/railroad-ink-photo-rounds.md,
round twenty-two (h-band3).
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import EXIT_AT, Cell, square, square_at
from railprint.games.railroad_ink.photo import small_stats
from railprint.games.railroad_ink.photo.band_chain import OTHER, band_sides
from railprint.games.railroad_ink.photo.exit_kinds import SWAP

MIN_ANCHORS = 2   # band sides at printed exits of a kind, to tell how its bands are drawn
LIKE_MM = 0.5     # a band reaching within this of the anchors' median reach ...
LIKE_MASS = 1.35  # ... and its ink's mass within this ratio of theirs is drawn as they are


def turned(cell: Cell, sides: list[int], kind: str, alike: set[int] = frozenset(), swap: bool = True) -> Cell | None:
    """``cell`` with its band ``sides`` read as ``kind`` guessed the other kind (see the module's text);
    ``alike``: a plain space's other sides read as ``kind`` but drawn as the bands, turned too;
    ``swap``: whether a station's or an overpass's other sides are drawn unlike the bands, so may be
    swapped where its band sides were all its routes of ``kind`` (else None: the space is left)."""
    other = OTHER[kind]
    if cell.marker == "":
        edges = "".join(other if (s in sides or s in alike) and e == kind else e for s, e in enumerate(cell.edges))
        # a side left of the kind, drawn unlike the bands: the two kinds meet, at a station
        return Cell(edges, "s" if kind in edges else "")
    if cell.marker == "o":   # an overpass's route is one kind end to end: both its sides turn
        sides = [s for s in range(4) if s in sides or (s + 2) % 4 in sides]
    edges = "".join(other if s in sides and e == kind else e for s, e in enumerate(cell.edges))
    if kind not in edges:   # a station or an overpass needs both kinds: the space's kinds swapped
        if not swap:
            return None
        edges = cell.edges.translate(SWAP)
    return Cell(edges, cell.marker)


def revise(rows: list, uncertain: list, *, uncertain_of: Callable,
           features: Callable[[int, int, int], dict]) -> tuple[list, list]:
    """``rows`` and ``uncertain`` with the band sides drawn as this sheet's anchored bands of one kind,
    unlike those of the other, and guessed the other, guessed the anchors' kind (see the module's
    text). ``uncertain_of(square, guess, reason)`` builds a flag; ``features(r, c, side)``: the side's
    ``read.side_features`` ("sleeper": how far its ink reaches across the route, mm; "mass")."""
    bands = {}
    anchors: dict[str, list[tuple[int, int, int]]] = {"h": [], "r": []}
    for u in uncertain:
        r, c = square_at(u.square)
        sides = band_sides(u.reason, rows[r][c].edges)[0]
        bands[u.square] = sides
        for s in sides:
            if (exit_ := EXIT_AT.get((r, c, s))) is not None:
                anchors[exit_.kind].append((r, c, s))
    if not any(len(anchors[k]) >= MIN_ANCHORS and any(rows[r][c].edges[s] == OTHER[k] for r, c in map(square_at, bands)
                                                      for s in bands[square(r, c)]) for k in "hr"):
        return rows, uncertain
    measured: dict[tuple[int, int, int], dict] = {}

    def measure(r: int, c: int, s: int) -> dict:
        if (r, c, s) not in measured:
            measured[(r, c, s)] = features(r, c, s)
        return measured[(r, c, s)]

    drawn = {}   # each kind's anchored bands: their median reach and mass
    for k in "hr":
        if anchors[k]:
            seen = [measure(*a) for a in anchors[k]]
            drawn[k] = (small_stats.median([f["sleeper"] for f in seen]), small_stats.median([f["mass"] for f in seen]))

    def like(r: int, c: int, s: int, k: str, band: bool = True) -> bool:
        """Drawn as kind ``k``'s anchored bands: a band reaching as far, or a line no further (a band's
        plain stretch); of their mass."""
        reach, mass = drawn[k]
        f = measure(r, c, s)
        near = abs(f["sleeper"] - reach) <= LIKE_MM if band else f["sleeper"] <= reach + LIKE_MM
        return near and mass / LIKE_MASS <= f["mass"] <= mass * LIKE_MASS

    rows = [list(row) for row in rows]
    out = []
    changed = False
    for u in uncertain:
        r, c = square_at(u.square)
        cell = rows[r][c]
        for k in "hr":
            wrong = OTHER[k]
            sides = [s for s in bands[u.square] if cell.edges[s] == wrong]
            if (sides and len(anchors[k]) >= MIN_ANCHORS and all(like(r, c, s, k) for s in sides)
                    and not (wrong in drawn and any(like(r, c, s, wrong) for s in sides))):
                alike = {t for t, e in enumerate(cell.edges)
                         if e == wrong and t not in sides and like(r, c, t, k, band=False)}
                # a station's other sides of the anchors' kind drawn as the bands are of that kind: no swap
                swap = not any(like(r, c, t, k, band=False) for t, e in enumerate(cell.edges)
                               if e == k and t not in bands[u.square])
                if (new := turned(cell, sides, wrong, alike, swap)) is not None:
                    rows[r][c] = new
                    u = uncertain_of(u.square, new.token, u.reason)
                    changed = True
                break
        out.append(u)
    if not changed:
        return [tuple(row) for row in rows], uncertain
    return [tuple(row) for row in rows], out
