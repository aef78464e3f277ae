"""A motion-blurred photo's flagged spaces: the line left in a side's middle (issue 35, round fifteen).

A photo shaken along its sides is read from an unblurred copy (``read._unblurred_source``: a
Wiener filter). Where the blur ran across a light pencil route, the copy brings the line back
too faint for the reader's thresholds, which follow the filter's raised noise: the side reads
empty (with certainty, or "a few marks", "a faint line?"), and the space's best guess drops a
route the photo still shows. Two measures of the side keep it. In the copy, the darkness averaged
along the route over the rows near the edge rises in the side's middle eighth, where a route is
drawn (``read._middle_rise``); in the blurred photo itself, where the blur runs along the route,
the side holds a line's ink (``read._blurred_mass``: a blur moves ink but keeps it; NaN where the
blur runs across the route and the ink leaves the strip).

On the dev motion photos 941,000-059 (57 read from an unblurred copy), of the empty-read sides
of flagged spaces whose middle rose RISE or more with the blurred photo's ink not under INKED (or
not measured, the blur running across), 58 of 68 were routes (38 railways, 20 highways); under
RISE 29 of 324 (most of them highways, whose two lines lie off the middle). Such a side is
guessed a railway, a highway where the averaged darkness shows a highway's two lines. Only the
best guess of a space already flagged changes: no space is read with more certainty, the flags and their reasons
stay as they are, so no space can become wrong and unflagged.

The reader calls :func:`revise` with what it read and how to read a side; this module never
imports the reader (imports point down).
"""

from __future__ import annotations

import math
from typing import Callable

from railprint.games.railroad_ink.board import SIZE, square

RISE = 0.05      # a side read empty whose middle rises this much (of the print's black) in the copy ...
INKED = 0.02     # ... and whose blurred photo holds this much ink there or more (``read.INKED_MASS``), or no measure


def route(kind: str, rise: float, mass: float | None, vote: str | None) -> str | None:
    """The route a side read empty (``kind`` ".") in an unblurred copy is guessed to be: its middle
    rises ``rise``, the blurred photo holds ``mass`` of ink along it (NaN: not measured, the blur
    runs across the route; None: no blurred photo to look at, as round twelve's rule has it: the
    Wiener filter's ringing alone makes such lines), and the averaged darkness reads ``vote``
    (``read.profile_lines``). None: no route guessed (the side was read other than empty, or shows
    no line)."""
    if kind != "." or not _line_left(rise, mass):
        return None
    return "h" if vote == "h" else "r"


def _line_left(rise: float, mass: float | None) -> bool:
    """Whether a side's middle rises RISE and the blurred photo does not show it blank."""
    return rise >= RISE and mass is not None and (math.isnan(mass) or mass >= INKED)


def revise(rows: list, uncertain: list, *, sides_at: Callable, measure: Callable, vote_at: Callable,
           space_at: Callable, side_read: Callable, skip) -> tuple[list, list]:
    """The flagged spaces' best guesses with a blurred line kept: ``rows`` (the board's cells),
    ``uncertain`` (each flagged space: square, guess, reason); ``sides_at(r, c)``: the space's four
    sides as read (``read.read_sides``); ``measure(r, c, s)``: (rise, mass) of side ``s``;
    ``vote_at(r, c, s)``: its averaged darkness's route (``read.profile_lines``); ``space_at(r, c,
    sides)``: the space read from those sides, (cell, certain, why); ``side_read``: the reader's
    SideRead; ``skip``: spaces left alone (overexposed, something over them). The sides are read
    again only where a side's line is left (the cheap measures first: CPU); a space is guessed
    anew only where a side changed; its reason is kept."""
    flagged = {u.square: i for i, u in enumerate(uncertain)}
    grid = [list(row) for row in rows]
    out = list(uncertain)
    for r in range(SIZE):
        for c in range(SIZE):
            i = flagged.get(square(r, c))
            if i is None or (r, c) in skip or grid[r][c].marker == "v":
                continue
            left = [s for s in range(4) if _line_left(*measure(r, c, s))]
            if not left:
                continue
            sides = list(sides_at(r, c))
            changed = False
            for s in left:
                if sides[s].kind == ".":
                    kind = "h" if vote_at(r, c, s) == "h" else "r"
                    sides[s] = side_read(kind, False, sides[s].why or "a faint line?")
                    changed = True
            if not changed:
                continue
            cell = space_at(r, c, sides)[0]
            if cell != grid[r][c]:
                grid[r][c] = cell
                out[i] = type(out[i])(out[i].square, cell.token, out[i].reason)
    return [tuple(row) for row in grid], out
