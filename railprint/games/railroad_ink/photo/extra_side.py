"""A crossed-out space's guess: the drawing its neighbours join (issue 35, round twenty-seven).

A player who draws a die's route the wrong way round crosses it out with an X and draws it again,
turned, over it (``crossed``: "crossed out? ... which route was drawn again cannot be told"). The
reader then sees both drawings at once: a straight crossed out and drawn again turned reads as a
crossing (``.h.h`` and ``h.h.`` read ``hhhh``), a curve as a T or a crossing, a station straight as a
station with three or four sides. The space stays flagged, but its guess, the union of the two, is
neither drawing, and the player's tap on it is a second tap, to correct it.

Which of the two was drawn again the ink does not say (the same pen, the same X over both); the
board does. The rules place every route so that it joins an exit or a route already drawn, so the
sides of the drawing that counts run into the routes beside it; the crossed-out one was turned away
from them. :func:`revise` looks at each flagged space whose reason holds the X and whose guess has
three or four route sides, and weighs each drawable space (``faces``) that keeps two or more of the
guess's route sides with the guess's kinds and whose other sides a turn or mirror image of it covers
(the crossed-out drawing, the same die face turned): each of its sides that meets a route of its own
kind across the edge (as read, guesses too) or a printed exit of its kind counts +1, one that meets
nothing (an empty side across the edge, or the board's edge without an exit) -1; each guessed side
it leaves out counts the other way round. The guess becomes the best of them when it is the only
best and weighs more than the guess itself (when the guess is drawable). The flag and its reason
stay: only a flagged guess changes, so no silent space can come of it, and no flag is added.

Measured on the spent indep2 photos (210,500-619, its night photos in 210,620-999, the 90 crossed-out
sheets of 209,000-999): 60 flagged guesses made right, 6 made wrong (four-way truths crossed out and
drawn the same, an overpass over the other overpass); held out 148,000-059: 5 made right, none wrong.
See docs/railroad-ink-photo-rounds.md, round twenty-seven (h-extra).
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import EXIT_AT, neighbour, opposite, square_at
from railprint.games.railroad_ink.photo.crossed import CROSSED_WHY

EDGE = 1.0   # what a side meeting the board's edge without an exit weighs against one meeting an empty side


def _routes(edges: str) -> set[int]:
    """The route sides of four exits N E S W (``Cell.route_sides`` of an edge string)."""
    return {s for s, k in enumerate(edges) if k in "hr"}


def _turns(edges: str) -> set[str]:
    """Every turn and mirror image of four exits N E S W."""
    out = set()
    for k in range(4):
        e = edges[k:] + edges[:k]
        out |= {e, e[0] + e[3] + e[2] + e[1]}
    return out


def _meets(rows, r: int, c: int, s: int, kind: str) -> float:
    """+1 where side ``s`` of (r, c), as a route of ``kind``, meets its own kind across the edge or at
    a printed exit; -1 where it meets nothing (an empty side, the board's edge without an exit); 0
    where it meets the other kind."""
    there = neighbour(r, c, s)
    if there is None:
        exit_ = EXIT_AT.get((r, c, s))
        return -EDGE if exit_ is None else int(exit_.kind == kind)
    met = rows[there[0]][there[1]].edges[opposite(s)]
    return -1 if met == "." else int(met == kind)


def revise(rows, uncertain: list, *, faces: Callable, uncertain_of: Callable) -> tuple[list, list]:
    """``rows`` and ``uncertain`` with each flagged crossed-out space guessed as the drawing its
    neighbours join (see the module's doc); ``faces()``: every drawable space (cells)."""
    drawable = faces()
    out_rows = [list(row) for row in rows]
    out = []
    for u in uncertain:
        r, c = square_at(u.square)
        cell = rows[r][c]
        union = _routes(cell.edges)
        if CROSSED_WHY not in u.reason or len(union) < 3 or cell.marker in ("v", "x"):
            out.append(u)
            continue

        def weight(face) -> float:
            kept = _routes(face.edges)
            return (sum(_meets(rows, r, c, s, face.edges[s]) for s in kept)
                    - sum(_meets(rows, r, c, s, cell.edges[s]) for s in union - kept))

        weighed = []
        for face in drawable:
            kept = _routes(face.edges)
            if len(kept) < 2 or not kept <= union or any(face.edges[s] != cell.edges[s] for s in kept):
                continue
            if kept != union and not any(_routes(e) | kept == union
                                         for e in _turns(face.edges) if e != face.edges):
                continue
            weighed.append((weight(face), face))
        weighed.sort(key=lambda x: -x[0])
        mine = weight(cell) if any(face.token == cell.token for face in drawable) else None
        if not weighed or (mine is not None and weighed[0][0] <= mine) \
                or (len(weighed) > 1 and weighed[1][0] == weighed[0][0]) or weighed[0][1].token == cell.token:
            out.append(u)
            continue
        out_rows[r][c] = weighed[0][1]
        out.append(uncertain_of(u.square, weighed[0][1].token, u.reason))
    return [tuple(row) for row in out_rows], out
