"""A route side whose line stops short: a stray mark, not a route (issue 35, round twenty-three).

Every route a player draws runs from the middle of a space's edge towards its centre (a straight
arm, a station's) or round to another edge's middle (a curve), so its line runs on through the
side's long strip (``one_line.LONG_DEPTH``, 1.2-8.4 mm inside the edge) as far as the strip goes
or near it. Ink that crosses a side's short strip (``read.DEPTH``) along the edge or at a slant, or
stops within it, is no route's arm: a coffee ring's arc, a neighbour's line run over the edge, a
slip of the pen. The reader reads such a side as a route where its short strip shows a line, most
often in doubt ("neither clearly a highway nor a railway", "a solid band ..."), and a later step
then reads the space with certainty: the doubt it settles is the side's kind, by what the side joins
(``joined_kinds``) or by the sheet's kinds, and that presumes the side is a route. On main, spent
held out: indep2 206,927 B5 (``.h.h`` read ``.hhh``: a ring's arc along the south edge, facing C5's
highway, its line followed 3.5 mm deep), 206,938 B7 (``.r.r`` read ``.rrr``: a ring's arc across the
south side at a slant, 2.3 mm), indep3 301,499 A6 (``hh..`` read ``hh.h``: a mark at the west edge,
3.3 mm).

:func:`revise` runs last and only adds flags: a space flagged by the first reading (``once``) and
read with certainty now, holding a route side whose line (``one_line.follow`` in the ink mask) is
followed less than ARM_MIN_MM (``one_line.ARM_MIN_MM``, the arm ``one_line`` asks for) into the long
strip (``Line.reach``), or not found there, is flagged (``STRAY_WHY``), its reading the guess. How
deep the line is followed, not how many of the strip's rows hold it (``Line.length``): a dashed or
dotted highway's gaps drop rows, not depth (on indep3 dev 8,000-039 ``length`` under 4.5 mm would
have flagged 93 spaces read right, ``reach`` 2). Spaces never flagged are left alone: a curve of
ticked railway loses the followed line within 2 mm (indep2 dev 90,034 F1, ``..rr`` read right).

Measured (flags added on spaces read right, spaces caught): see docs/railroad-ink-photo-rounds.md,
round twenty-three (h-stray).
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import SIZE, square
from railprint.games.railroad_ink.photo.one_line import ARM_MIN_MM

STRAY_WHY = "a line that stops short of the space's middle: a stray mark, not a route?"


def revise(rows: list, uncertain: list, *, line: Callable, once: set, uncertain_of: Callable) -> list:
    """``uncertain`` with each space flagged by the first reading (``once``: squares) and read with
    certainty now whose route side's line stops short flagged (see the module's text). ``line(r, c,
    s)``: ``one_line.follow`` of the side's long strip in the ink mask (a ``Line`` or None)."""
    flagged = {u.square for u in uncertain}
    out = list(uncertain)
    for r in range(SIZE):
        for c in range(SIZE):
            cell, sq = rows[r][c], square(r, c)
            if sq in flagged or sq not in once or cell.marker in ("v", "x") or "l" in cell.edges:
                continue
            short = [s for s, kind in enumerate(cell.edges) if kind in "hr"
                     and ((x := line(r, c, s)) is None or x.reach < ARM_MIN_MM)]
            if short:
                out.append(uncertain_of(sq, cell.token, "; ".join(f"{'NESW'[s]}: {STRAY_WHY}" for s in short)))
    return out
