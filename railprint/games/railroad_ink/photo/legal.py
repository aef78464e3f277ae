"""Every space read with certainty is one the dice draw (issue 35, round sixteen).

A space holds a die face or a special route (turned or mirrored), or nothing: a highway and a
railway joined need a station, and the only join-free mix is the straight overpass. ``read_space``
checks this for what it reads from the ink; the steps after it (the sheet's station habit, its
colours, a route's kind revised by the sheet's evidence) change readings, and whatever they do,
a reading left certain at the end that no die draws is flagged here (``NOT_A_FACE``), its reading
the guess. Nothing here makes a space certain.

Tried and left out (round sixteen): the special routes are each drawn once a game and three in
all, so a sheet read with one special twice or with more than three holds a misread (an overpass
whose highway is read as a railway reads as ``rrrr``). Flagging every special on such a sheet
cost 2.8 flags a photo (181 -> 265 on 30) on ``synth.py``'s dev photos, whose boards are not grown
by the rules (each space drawn at random: specials repeat), and caught no wrong space on 171 dev
photos of the two independent checks (18 right specials flagged).
"""

from __future__ import annotations

from typing import Callable

NOT_A_FACE = "no die face draws this space"   # (also read_space's, as read.NOT_A_FACE)


def revise(rows: list, uncertain: list, *, square: Callable[[int, int], str], uncertain_of: Callable,
           faces: Callable[[], tuple]) -> list:
    """``uncertain`` with each space read with certainty that no die face or special route draws
    (``faces()``: every drawable space, the empty one included) flagged, its reading the guess.
    The expansions' own spaces (lava, a volcano, a crater) are not this check's."""
    flagged = {u.square for u in uncertain}
    drawable = set(faces())
    out = list(uncertain)
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if cell.marker in ("v", "x") or "l" in cell.edges:
                continue
            if square(r, c) not in flagged and cell not in drawable:
                out.append(uncertain_of(square(r, c), cell.token, NOT_A_FACE))
    return out
