"""A join broken by a flag lifted after the joins were checked (issue 35, round twenty-seven).

:mod:`joins` flags each space read with certainty whose route meets a route of the other kind
across an edge: the rules never join a highway to a railway. It checks the spaces certain when it
runs; the steps after it lift flags (a band's run settled by where it ends, a kind settled by the
route's chain, a faint side settled by the sheet), each by its own evidence, and none asks again
what the lifted space's routes meet. Night indep2 210,663 B1 (an empty space under a coffee
ring's rim, read ``..rr``: its west side "a solid band", its south side a certain railway) was
flagged when :mod:`joins` ran; ``band_chain.lift`` settled its band (the run ends at a printed
railway exit) and read it with certainty, its south railway facing C1's certain highway.

So at the end, on a sheet played by the rules as read (``joins.by_the_rules``: a board drawn
freely, ``synth.py``'s, faces kinds at random), each space read with certainty whose route side
meets a route of the other kind across an edge, in a space read with certainty or in one
:mod:`joins` flagged for meeting it (``joins.MEETS_OTHER`` on the facing side: 210,663 C1, read
right), is flagged with ``joins.MEETS_OTHER``, its reading the guess. Which of the two is misread
the ink does not say; :mod:`joins` blamed the neighbour while this space was in doubt, and a lift
by other evidence settles nothing of the join. Nothing here makes a space certain or changes a
reading.

Measured on the cached spent photos (docs/railroad-ink-photo-rounds.md, round twenty-seven,
h-silent9).
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import SIZE, neighbour, opposite, square
from railprint.games.railroad_ink.photo.joins import MEETS_OTHER, by_the_rules


def revise(rows: list, uncertain: list, *, uncertain_of: Callable) -> list:
    """``uncertain`` with each space read with certainty whose route meets a route of the other
    kind of a space read with certainty across an edge flagged (its reading the guess), on a sheet
    played by the rules as read."""
    if not by_the_rules(rows):
        return uncertain
    reasons = {u.square: u.reason for u in uncertain}

    def plain(r: int, c: int) -> bool:   # read with certainty, and no expansion's own mark
        cell = rows[r][c]
        return square(r, c) not in reasons and cell.marker not in ("v", "x") and "l" not in cell.edges

    def blamed(r: int, c: int, s: int) -> bool:   # flagged by ``joins`` for its side s meeting the other kind
        return f"{'NESW'[s]}: {MEETS_OTHER}" in reasons.get(square(r, c), "")

    broken: dict[tuple[int, int], set[int]] = {}
    for r in range(SIZE):
        for c in range(SIZE):
            if not plain(r, c):
                continue
            for s in range(4):
                there = neighbour(r, c, s)
                if there is None or not (plain(*there) or blamed(*there, opposite(s))):
                    continue
                a, b = rows[r][c].edges[s], rows[there[0]][there[1]].edges[opposite(s)]
                if a in "hr" and b in "hr" and a != b:
                    broken.setdefault((r, c), set()).add(s)
    out = list(uncertain)
    for (r, c), sides in sorted(broken.items()):
        out.append(uncertain_of(square(r, c), rows[r][c].token,
                                "; ".join(f"{'NESW'[s]}: {MEETS_OTHER}" for s in sorted(sides))))
    return out
