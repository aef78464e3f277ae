"""A night sheet's "solid band" sides guessed empty, guessed a route (issue 35, round twenty-four).

A side whose ink runs wide in nearly every row with no line through it is read "a solid band: a
highway's two lines run together?" (``read.classify_side``, a railway guess). Later steps may leave
such a side guessed empty in its flagged space (a space under a covered grid guessed ``....``, a
station's or a dead end's side dropped when the space is settled by its other sides). At night the
band is ink, not noise: round twenty-three (h-night2) found every such side of 546 dev night photos
(the 42 of them) a route in truth. Here such a side is guessed a route of the kind its neighbour's
facing side is read as, else the printed exit's kind at the board's edge, else a railway (the band's
own guess). Only flagged spaces' guesses change; the flag and its reason stay.

Measured (round twenty-four, h-night3) on 243 dev night photos of indep2 (209,120-499 and cached
night photos of 202,706-208,110): 10 flagged guesses changed, 4 spaces made right, none made wrong (17
of the 20 sides it guessed right; the other 6 spaces hold other wrong sides); h-night2's count on 546
other night photos: 11 made right, 0 wrong. See ``docs/railroad-ink-photo-rounds.md``, "Round
twenty-four: a lost pen read from the tint of the sides it is lost on (h-night3)".

The reader calls :func:`guess` with the rows and flags it read; this module never imports the reader.
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import EXIT_AT, Cell, neighbour, opposite, square_at
from railprint.games.railroad_ink.photo.band_chain import SOLID_BAND
from railprint.games.railroad_ink.photo.sure_kinds import named_sides


def band_sides(reason: str, edges: str) -> list[int]:
    """The sides ``reason`` (a flagged space's) doubts as a solid band that ``edges`` guesses empty."""
    return [s for s in named_sides(reason, frozenset({SOLID_BAND})) if edges[s] == "."]


def facing_kind(rows: list, r: int, c: int, s: int) -> str:
    """The kind a route on side ``s`` of space (r, c) is guessed: the neighbour's facing side's, read
    as a route; at the board's edge the printed exit's; else a railway (the band's own guess)."""
    nb = neighbour(r, c, s)
    if nb is not None:
        kind = rows[nb[0]][nb[1]].edges[opposite(s)]
        if kind in "hr":
            return kind
    elif (exit_ := EXIT_AT.get((r, c, s))) is not None:
        return exit_.kind
    return "r"


def guess(rows: list, uncertain: list, *, uncertain_of: Callable) -> tuple[list, list]:
    """``rows`` and ``uncertain`` with each flagged space's solid-band sides guessed empty guessed a route
    (:func:`facing_kind`). ``uncertain_of(square, guess, reason)`` builds a flag."""
    out = []
    rows = [list(row) for row in rows]
    for u in uncertain:
        r, c = square_at(u.square)
        cell = rows[r][c]
        sides = band_sides(u.reason, cell.edges)
        if sides and cell.marker not in ("x", "v"):
            edges = list(cell.edges)
            for s in sides:
                edges[s] = facing_kind(rows, r, c, s)
            cell = Cell("".join(edges), cell.marker)
            rows[r][c] = cell
            u = uncertain_of(u.square, cell.token, u.reason)
        out.append(u)
    return [tuple(row) for row in rows], out
