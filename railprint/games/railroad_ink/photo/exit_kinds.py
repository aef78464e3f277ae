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

So on such a sheet every space that holds a route side of the kind the exits' misreads read (a
railway, where highway exits read as railways) is flagged, its reading the guess, unless its route
of that kind reaches a printed exit of that kind through spaces read with certainty (the rules back
it there) and fewer than ALL_OFF exits are misread; a space flagged already gets the doubt added to
its reason, so a later step that settles the space's other kind doubts (``joined_kinds``) keeps it
flagged. Nothing is read again and nothing is made certain. Not on a sheet drawn freely
(``sheet_kinds.drawn_freely``: its exits say nothing of its routes).

Replayed on round nineteen's readings of 477 dev photos (indep2 92,000-059, 94,000-039, the spent
held-out 202,820-939 and the 40 night photos of 203,700-849; indep3 9,000-059, 14,000-039, the spent
300,360-419; indep 92,000-059): 47 sheets had a kind's exits mostly read as the other kind (44 of
them highways read as railways), and the rule flagged 56 spaces read with certainty there: 5 of them
wrong, which were 5 of the 12 spaces read wrong and not flagged on those photos (indep 92,005 C7,
indep3 9,010 B6, 9,048 D3 and F3, 300,417 E1), and 51 read right (0.11 a photo). The reader's own
numbers: docs/railroad-ink-photo-rounds.md, round twenty (h-silent3).

The lead's change at the merge: h-silent3's rule spared a space whose route of that kind reached a
printed exit of that kind through spaces read with certainty, and added nothing to a space flagged
already. Indep2 205,101 (a spent held-out night photo of round twenty: highways drawn as a fineliner
line under a highlighter, read as railways at five of its six highway exits) kept three spaces
read wrong and not flagged that way: A3 and A4, whose highway between two stations drawn as
crosses was read as a railway joining the railways on either side, so the misread chain "reached"
a railway exit; and F2, flagged when this step ran and lifted later by ``joined_kinds``. Without the
exemption and with the doubt added, 205,101 has no silent space, at 11 more flags on 340 dev photos
(indep2 202,820-939 and the 40 night photos of 203,700-849, indep3 300,360-419, indep 102,820-939:
0.03 a photo, all on spaces read right) and no reading changed. Without it at every count, a
synthetic sheet of railways only, two of them drawn to highway exits (a board the rules never
allow), had all its 21 railway spaces flagged; the exemption is dropped only where ALL_OFF exits or
more are misread (205,101: five of six highway exits; 300,417: four of five), where the misread is
the sheet's own and a misread route joins true ones on its way to their exit.
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, square, square_at
from railprint.games.railroad_ink.photo.sheet_kinds import EXITS_ALONE, STEP, drawn_freely

MIN_OFF = 2   # a kind's exits read as the other kind, at least (and more than those read as their own)
ALL_OFF = 4   # ... and at this many, a route reaching an exit of the kind read is no backing (the lead's change)
WHY = {"h": "read as a railway, as most routes at this sheet's highway exits are: a highway?",
       "r": "read as a highway, as most routes at this sheet's railway exits are: a railway?"}


def exit_reads(rows: list) -> tuple[dict[str, int], dict[str, int]]:
    """How many of each kind's printed exits this reading (every space, guesses too) meets with a
    route side of their own kind, and how many with the other kind."""
    own = {"h": 0, "r": 0}
    other = {"h": 0, "r": 0}
    for (r, c, s), x in EXIT_AT.items():
        kind = rows[r][c].edges[s]
        if kind in "hr":
            (own if kind == x.kind else other)[x.kind] += 1
    return own, other


def misread_kinds(rows: list) -> set[str]:
    """The kinds whose printed exits this reading mostly meets with the other kind: MIN_OFF or more
    route sides of the other kind, more than of its own."""
    own, other = exit_reads(rows)
    return {k for k in "hr" if other[k] >= MIN_OFF and other[k] > own[k]}


def alone(rows: list) -> int:
    """How many exit sides of each kind, all on their own side, draw the sheet's exits-alone boundary
    (``sheet_kinds.places``): MIN_OFF where this reading's exits of a kind are mostly read as the other
    kind (the sheet's certain sides then disagree with any boundary, being misread), else EXITS_ALONE."""
    return MIN_OFF if misread_kinds(rows) else EXITS_ALONE


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
    """``uncertain`` with every space flagged where a route side is of the kind this sheet's exits
    of the other kind are mostly read as (but a route backed by an exit of its kind, under ALL_OFF
    exits misread); a space flagged already gets the doubt added to its reason (the module's text)."""
    flagged = {u.square for u in uncertain}
    if drawn_freely(rows, flagged):
        return uncertain
    why: dict[str, list[str]] = {}
    off = exit_reads(rows)[1]
    for lost in sorted(misread_kinds(rows)):
        read_as = "r" if lost == "h" else "h"
        ok = backed(rows, flagged, read_as) if off[lost] < ALL_OFF else set()
        for r in range(SIZE):
            for c in range(SIZE):
                cell = rows[r][c]
                if (r, c) in ok or cell.marker in ("v", "x"):
                    continue
                why.setdefault(square(r, c), []).extend(
                    f"{'NESW'[s]}: {WHY[lost]}" for s in range(4) if cell.edges[s] == read_as)
    more = {sq: "; ".join(w) for sq, w in why.items() if w}
    kept = [uncertain_of(u.square, u.guess, f"{u.reason}; {more.pop(u.square)}") if u.square in more else u
            for u in uncertain]
    return kept + [uncertain_of(sq, rows[r][c].token, more[sq])
                   for r in range(SIZE) for c in range(SIZE) if (sq := square(r, c)) in more]


SWAP = str.maketrans("hr", "rh")


def swap(rows: list, uncertain: list, *, uncertain_of: Callable) -> tuple[list, list]:
    """The reading with every space :func:`doubt` doubted read the other way round (each highway side
    a railway, each railway side a highway; centre marks kept), where this reading's exits of BOTH
    kinds are mostly read as the other kind: the player's two kinds read swapped wholesale. The
    spaces stay flagged (their reasons as :func:`doubt` left them); nothing is made certain."""
    if misread_kinds(rows) != {"h", "r"} or drawn_freely(rows, {u.square for u in uncertain}):
        return rows, uncertain
    out = [list(row) for row in rows]
    kept = []
    for u in uncertain:
        if WHY["h"] in u.reason or WHY["r"] in u.reason:
            r, c = square_at(u.square)
            cell = rows[r][c]
            out[r][c] = type(cell)(cell.edges.translate(SWAP), cell.marker)
            u = uncertain_of(u.square, out[r][c].token, u.reason)
        kept.append(u)
    return [tuple(row) for row in out], kept
