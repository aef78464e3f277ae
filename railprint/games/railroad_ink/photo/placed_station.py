"""A flagged route of one kind guessed a station where its doubted side lies with the other kind
(issue 35, round twenty-seven).

The largest group of wrong guesses with the shape read right is a station guessed as a plain route
(``hr+s -> r`` 21 / 26 / 8 / 32 and ``hr+s -> h`` 5 / 21 / 1 / 10 on round twenty-six's fresh held out,
indep / indep2 / indep3 / night). Where the station's mark is not seen, its two sides are read as a
highway and a railway meeting without a station, or one of them "neither clearly a highway nor a
railway", and the reader's nearest face (``read._nearest_face``) gives the doubted side the other
side's kind: a curve or a straight of one kind, flagged. Yet the sheet's boundary of its two kinds
(``sheet_kinds``' places: -1 at the highway exits' middle, +1 at the railway exits') may put that
doubted side firmly with the other kind, and the other side firmly with its own: the space holds both
kinds, and a space of two route sides holding both is a station (the only die face that does).

:func:`revise` re-guesses such a space as that station, and only the guess: the square stays
flagged, for the same reason (no space can go silent, no flag moves). Where:

- the sheet's placed sides part cleanly (``clean_kinds.clean``: the boundary is the kinds');
- the space, flagged once, has two route sides of one kind and no centre mark, and its reason doubts
  the kind of one of them ("neither clearly ...", ``sure_kinds.kind_doubts``);
- that side lies PLACED_Z or more on the other kind's side of the boundary, and the other route side
  PLACED_Z or more on its own kind's side;
- the route across the doubted side is not read as the guess's old kind (a neighbour's side, or a
  printed exit): there the route runs on as one kind, and the place is the side's own oddity
  (indep3 spent dev 301,608 D1 ``.rr.`` read right, its south side placed -0.89, its neighbour's a
  certain railway).

Measured on main's final readings of spent dev photos (indep3 301,600-699, indep2 205,000-099 and
the night photos of 133,000-400, 159 photos): 9 stations made right (301,617 B2, 301,630 B3, 301,638 F7,
301,644 C4, C7 and F2, 301,671 E1; night 133,010 F5, 133,312 B6), none made wrong. On the shared dev
cache, 4 made right and one made wrong, flagged (indep3 8,031 B7 ``.rr.`` guessed ``.rh.s``: its doubted
side placed -0.87, facing an empty side); on the held out, 4 made right; see
docs/railroad-ink-photo-rounds.md, round twenty-seven (h-kinds7).
"""

from __future__ import annotations

from collections import Counter
from typing import Callable

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, square_at
from railprint.games.railroad_ink.photo.clean_kinds import clean
from railprint.games.railroad_ink.photo.sheet_kinds import STEP
from railprint.games.railroad_ink.photo.sure_kinds import kind_doubts

PLACED_Z = 0.75   # each of the two sides this far on its kind's side of the boundary (sure_kinds.SURE_Z)


def _met(rows: list, r: int, c: int, s: int) -> str | None:
    """The kind side ``s`` of (r, c) meets: the neighbour's facing side, a printed exit's kind, or None."""
    nr, nc = r + STEP[s][0], c + STEP[s][1]
    if 0 <= nr < SIZE and 0 <= nc < SIZE:
        return rows[nr][nc].edges[(s + 2) % 4]
    x = EXIT_AT.get((r, c, s))
    return None if x is None else x.kind


def revise(rows: list, uncertain: list, every: dict, *, faces: Callable, cell_of: Callable,
           uncertain_of: Callable) -> tuple[list, list]:
    """``rows`` and ``uncertain`` with each flagged route of one kind whose doubted side lies with the
    other kind guessed the station (see the module's text); the same squares flagged, for the same
    reasons. ``every``: each route side's place (``sheet_kinds.revise``'s); ``faces()``: every drawable
    space; ``cell_of(edges, marker)``: a space; ``uncertain_of(square, token, why)``."""
    if not clean(every):
        return rows, uncertain
    once = Counter(u.square for u in uncertain)
    drawable = set(faces())
    out = [list(row) for row in rows]
    kept = []
    for u in uncertain:
        r, c = square_at(u.square)
        cell = rows[r][c]
        routes = [s for s in range(4) if cell.edges[s] in "hr"]
        doubted = set(kind_doubts(u.reason, cell.edges)[0])
        if once[u.square] != 1 or cell.marker or len(routes) != 2 or len({cell.edges[s] for s in routes}) != 1 \
                or not doubted or any((r, c, s) not in every for s in routes):
            kept.append(u)
            continue
        kind = cell.edges[routes[0]]
        sign = 1.0 if kind == "r" else -1.0
        against = [s for s in routes if s in doubted and sign * every[(r, c, s)] <= -PLACED_Z]
        own = [s for s in routes if sign * every[(r, c, s)] >= PLACED_Z]
        if len(against) != 1 or len(own) != 1 or _met(rows, r, c, against[0]) == kind:
            kept.append(u)
            continue
        edges = list(cell.edges)
        edges[against[0]] = "h" if kind == "r" else "r"
        new = cell_of("".join(edges), "s")
        if new not in drawable:
            kept.append(u)
            continue
        out[r][c] = new
        kept.append(uncertain_of(u.square, new.token, u.reason))
    return [tuple(row) for row in out], kept
