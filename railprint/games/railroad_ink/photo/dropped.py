"""A route side read with certainty that the reading leaves out (issue 35, round twenty-four).

``read.read_space`` reads a space from its four sides; where the sides as read make no space of
the game (a highway and a railway meeting without a station, a station of one kind) the space is
flagged and its guess is the nearest die face (``read._nearest_face``), which may leave out a side
read with certainty: indep 104,945 D2 (``.hhh``, a bold highway's T whose two arms were read as
solid bands, its west arm a certain railway) was guessed ``.hh.``; indep3 300,853 B2 (``h.hh``, its
north arm a certain railway, the other two "neither clearly") was guessed ``..hh``. The flag named
only the other sides' kinds, and a later step that settles kinds (``sure_kinds.revise`` on both)
lifted it: the space was read with certainty without a side whose line is there.

A kind step settles what kind a side is, never whether a line is there. So a space read with
certainty at the end whose reading is empty on a side read with certainty as a route (the sides
as the reader reads them, ``sides_at``) is flagged "a route read here with certainty, left out of
the reading", its reading the guess. Nothing else changes.

Measured on the cached spent photos (see docs/railroad-ink-photo-rounds.md, round twenty-four,
h-silent6).
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import SIZE, square

DROPPED_WHY = "a route read here with certainty, left out of the reading"


def revise(rows: list, uncertain: list, *, sides_at: Callable, uncertain_of: Callable) -> list:
    """``uncertain`` with each space read with certainty whose reading is empty on a side
    ``sides_at(r, c)`` (the reader's four ``SideRead``) reads with certainty as a route flagged."""
    flagged = {u.square for u in uncertain}
    out = list(uncertain)
    for r in range(SIZE):
        for c in range(SIZE):
            cell, sq = rows[r][c], square(r, c)
            if sq in flagged or cell.marker in ("v", "x") or "l" in cell.edges:
                continue
            read = sides_at(r, c)
            lost = [s for s, kind in enumerate(cell.edges) if kind == "." and read[s].certain and read[s].kind in "hr"]
            if lost:
                out.append(uncertain_of(sq, cell.token, "; ".join(f"{'NESW'[s]}: {DROPPED_WHY}" for s in lost)))
    return out
