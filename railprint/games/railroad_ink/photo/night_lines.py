"""What a night sheet's own lines say about its empty sides (issue 35, round eighteen).

In a night photo (``noise_floor.night``: the colour noise of a warm lamp and a high ISO, or an ink
threshold that is the paper's noise) a side read empty is judged against the sheet itself: one
player draws every highway with one pen and every railway with one pen, so the sheet's routes
read with certainty show how far a line of each kind stands out of this photo's noise.

A side's **rise** is ``noise_floor.rise`` (its darkness averaged along the route, the highest
point above its lower fifth); the sheet's **noise** is the median rise of its sides that read
empty (``noise_floor``'s measure). Two rules, both from that measure:

- :func:`settle`: a kind is **seen** on the sheet when SEEN or more of its sides are read with
  certainty and their lower quartile rises CLEAR times the noise or more. Where both kinds are
  seen, a side flagged for a faint line ("a faint line?", "a few marks", "...within the noise
  measured along it") whose guess is empty and whose rise is under FLOOR times the noise (what
  98 % of the empty sides show, ``noise_floor.FLOOR``) and under SHARE of the lighter kind's
  lower quartile is read empty with certainty: a line of either of the sheet's pens would stand
  at least three times as far out there. On the dev night photos of the second independent check
  (indep2 75,000-75,155, the 40 with ``night``), 450 such sides on the 15 sheets where both kinds
  were seen, none of them a route; the lost routes of the rest (light colour pencils and
  highlighters, 0.6-1.5 times the noise) were all on sheets where the highways were not seen (0-6
  certain highway sides).
- :func:`lost`: a space read with certainty may still hide a light route the ink threshold lost
  (indep2 75,021: orange colour-pencil highways under a warm lamp, ``h.h.`` and ``.hh.`` read
  empty and certain). A side read empty there is flagged when the space beside it guessed a
  route from a faint line running up to that side (the line runs on, lighter than the
  threshold), or when it meets a printed exit of a kind this sheet does not show with certainty
  (fewer than SEEN of its sides: the sheet's highways are not seen, so an empty side at a
  highway exit says nothing). Only flags: every guess stays as read.

The reader calls these with its per-space side reader; this module never imports it.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, neighbour, opposite, square
from railprint.games.railroad_ink.photo.noise_floor import EMPTY_KINDS, FLOOR

SEEN = 12        # a kind read with certainty on this many sides or more is seen on the sheet ...
CLEAR = 4.0      # ... when their lower quartile rises this many times the sheet's noise
SHARE = 0.3      # a faint side under this share of the lighter seen kind's lower quartile (and FLOOR): empty
FAINT = EMPTY_KINDS + ("a faint line? (within the noise measured along it)",)
SIDES = "NESW"
BESIDE_WHY = "a route lost in the dark? (a light line runs up to this side from the space beside it)"
EXIT_WHY = {"h": "a route lost in the dark? (this sheet's highways are not seen with certainty, and this "
                 "side meets a printed highway exit)",
            "r": "a route lost in the dark? (this sheet's railways are not seen with certainty, and this "
                 "side meets a printed railway exit)"}


def memo(rise_at: Callable[[int, int, int], float]) -> Callable[[int, int, int], float]:
    """``rise_at`` measured once a side (``noise_floor`` and this module ask for the same sides)."""
    known: dict[tuple[int, int, int], float] = {}

    def at(r: int, c: int, s: int) -> float:
        if (r, c, s) not in known:
            known[(r, c, s)] = rise_at(r, c, s)
        return known[(r, c, s)]
    return at


class Sheet:
    """The sheet's noise and its two kinds' certain sides, measured once on ``at`` (the sides as
    ``noise_floor`` revised them)."""

    def __init__(self, at: Callable[[int, int], list], rise_at: Callable[[int, int, int], float]):
        empty, kinds = [], {"h": [], "r": []}
        for r in range(SIZE):
            for c in range(SIZE):
                for s, side in enumerate(at(r, c)):
                    if side.kind == "." or (not side.certain and side.why in EMPTY_KINDS):
                        empty.append(rise_at(r, c, s))
                    elif side.certain and side.kind in kinds:
                        kinds[side.kind].append(rise_at(r, c, s))
        self.noise = float(np.median(empty)) if empty else 0.0
        self.count = {k: len(v) for k, v in kinds.items()}
        self.quartile = {k: float(np.percentile(v, 25)) if v else 0.0 for k, v in kinds.items()}

    def seen(self, kind: str) -> bool:
        return self.count[kind] >= SEEN and self.quartile[kind] >= CLEAR * self.noise

    def quiet(self, rise: float) -> bool:
        """Whether a side of this rise holds no line of either of the sheet's pens."""
        if self.noise <= 0 or not (self.seen("h") and self.seen("r")):
            return False
        return rise < FLOOR * self.noise and rise < SHARE * min(self.quartile.values())


def settle(at: Callable[[int, int], list], rise_at: Callable[[int, int, int], float], *, side_read: Callable
           ) -> Callable[[int, int], list]:
    """``at`` with each faint side guessed empty that :meth:`Sheet.quiet` clears read empty with
    certainty; the sheet is measured on the first call."""
    sheet: list[Sheet] = []

    def settled(r: int, c: int) -> list:
        sides = at(r, c)
        if not sheet:
            sheet.append(Sheet(at, rise_at))
        for s, side in enumerate(sides):
            if side.kind == "." and not side.certain and side.why in FAINT and sheet[0].quiet(rise_at(r, c, s)):
                sides[s] = side_read(".", True, "")
        return sides
    return settled


def lost(rows, uncertain: list, at: Callable[[int, int], list], rise_at: Callable[[int, int, int], float], *,
         uncertain_of: Callable) -> list:
    """``uncertain`` with each space read with certainty flagged where a side read empty may hide a
    light route lost in the dark (see the module's doc); ``at``: the sides as read (after
    :func:`settle`)."""
    sheet = None
    out = list(uncertain)
    for r, c, cell in sure_with_empty(rows, uncertain):
        why = []
        for s, kind in enumerate(cell.edges):
            if kind != ".":
                continue
            there = neighbour(r, c, s)
            if there is not None:
                side = at(*there)[opposite(s)]
                if not side.certain and side.kind in "hr" and side.why in EMPTY_KINDS:
                    sheet = sheet or Sheet(at, rise_at)
                    if not sheet.seen(side.kind) or rise_at(r, c, s) >= FLOOR * sheet.noise:
                        why.append(f"{SIDES[s]}: {BESIDE_WHY}")
            elif (r, c, s) in EXIT_AT:
                sheet = sheet or Sheet(at, rise_at)
                k = EXIT_AT[(r, c, s)].kind
                if sheet.count[k] < SEEN:
                    why.append(f"{SIDES[s]}: {EXIT_WHY[k]}")
        if why:
            out.append(uncertain_of(square(r, c), cell.token, "; ".join(why)))
    return out


def sure_with_empty(rows, uncertain: list) -> list[tuple]:
    """(r, c, cell) of each space read with certainty (not in ``uncertain``), no crater, with an empty
    side: where a route lost in the dark may hide."""
    listed = {u.square for u in uncertain}
    return [(r, c, rows[r][c]) for r in range(SIZE) for c in range(SIZE)
            if square(r, c) not in listed and rows[r][c].marker != "v" and "." in rows[r][c].edges]
