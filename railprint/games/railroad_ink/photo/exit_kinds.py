"""A sheet whose printed exits of one kind are mostly read as the other kind (issue 35, round twenty).

A route drawn to a printed exit is of the exit's kind (the rules; on the independent generators'
dev boards 0 of 3,629 route sides at a printed exit are of the other kind), so the route sides the
reader finds at the exits are the sheet's own test of its reading: where most of a kind's exits
(MIN_OFF or more, and more than those read right) are read as the other kind, this sheet's ink of
that kind reads as the other kind, at the exits and wherever else it is drawn. ``sheet_kinds.rules``
flags the spaces at those exits; a space of the same route read with certainty one edge further in
is flagged by nothing: the third independent check's held-out 300,417 E1 (``h..h`` read ``r..r``
with certainty, dashed double highways read as railways at four of its five highway exits, one
corner at the grid's edge without an exit, the other joining D1, itself flagged for its centre).

So on such a sheet every space read with certainty that holds a route side of the kind the
exits' misreads read (a railway, where highway exits read as railways) is flagged, its reading the
guess, unless its route of that kind reaches a printed exit of that kind through spaces read with
certainty (the rules back it there). Nothing is read again and nothing is made certain. Not on a
sheet drawn freely (``sheet_kinds.drawn_freely``: its exits say nothing of its routes).

Replayed on round nineteen's readings of 477 dev photos (indep2 92,000-059, 94,000-039, the spent
held-out 202,820-939 and the 40 night photos of 203,700-849; indep3 9,000-059, 14,000-039, the spent
300,360-419; indep 92,000-059): 47 sheets had a kind's exits mostly read as the other kind (44 of
them highways read as railways), and the rule flagged 56 spaces read with certainty there: 5 of them
wrong, which were 5 of the 12 spaces read wrong and not flagged on those photos (indep 92,005 C7,
indep3 9,010 B6, 9,048 D3 and F3, 300,417 E1), and 51 read right (0.11 a photo). The reader's own
numbers: docs/railroad-ink-photo-rounds.md, round twenty (h-silent3).
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, square
from railprint.games.railroad_ink.photo.sheet_kinds import STEP, drawn_freely

MIN_OFF = 2   # a kind's exits read as the other kind, at least (and more than those read as their own)
WHY = {"h": "read as a railway, as most routes at this sheet's highway exits are: a highway?",
       "r": "read as a highway, as most routes at this sheet's railway exits are: a railway?"}


def misread_kinds(rows: list) -> set[str]:
    """The kinds whose printed exits this reading (every space, guesses too) mostly meets with the
    other kind: MIN_OFF or more route sides of the other kind, more than of its own."""
    own = {"h": 0, "r": 0}
    other = {"h": 0, "r": 0}
    for (r, c, s), x in EXIT_AT.items():
        kind = rows[r][c].edges[s]
        if kind in "hr":
            (own if kind == x.kind else other)[x.kind] += 1
    return {k for k in "hr" if other[k] >= MIN_OFF and other[k] > own[k]}


def backed(rows: list, flagged: set, kind: str) -> set[tuple[int, int]]:
    """The spaces read with certainty whose route of ``kind`` reaches a printed exit of that kind
    through spaces read with certainty (each joining the next with sides of that kind)."""
    todo = [(r, c) for (r, c, s), x in EXIT_AT.items()
            if x.kind == kind and rows[r][c].edges[s] == kind and square(r, c) not in flagged]
    seen: set[tuple[int, int]] = set()
    while todo:
        r, c = todo.pop()
        if (r, c) in seen:
            continue
        seen.add((r, c))
        for s in range(4):
            nr, nc = r + STEP[s][0], c + STEP[s][1]
            if rows[r][c].edges[s] == kind and 0 <= nr < SIZE and 0 <= nc < SIZE \
                    and square(nr, nc) not in flagged and rows[nr][nc].edges[(s + 2) % 4] == kind:
                todo.append((nr, nc))
    return seen


def doubt(rows: list, uncertain: list, *, uncertain_of: Callable) -> list:
    """``uncertain`` with the spaces read with certainty flagged where their route side is of the
    kind this sheet's exits of the other kind are mostly read as (see the module's text)."""
    flagged = {u.square for u in uncertain}
    if drawn_freely(rows, flagged):
        return uncertain
    why: dict[tuple[int, int], list[str]] = {}
    for lost in sorted(misread_kinds(rows)):
        read_as = "r" if lost == "h" else "h"
        ok = backed(rows, flagged, read_as)
        for r in range(SIZE):
            for c in range(SIZE):
                cell = rows[r][c]
                if square(r, c) in flagged or (r, c) in ok or cell.marker in ("v", "x"):
                    continue
                why.setdefault((r, c), []).extend(
                    f"{'NESW'[s]}: {WHY[lost]}" for s in range(4) if cell.edges[s] == read_as)
    return uncertain + [uncertain_of(square(r, c), rows[r][c].token, "; ".join(w))
                        for (r, c), w in sorted(why.items()) if w]
