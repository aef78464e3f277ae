"""A route far lighter than the sheet's own routes of its kind: an erased line (issue 35, round
seventeen).

A player who drew a route wrong in pencil rubs it out; what the eraser leaves is a ghost of the
line, lighter and greyer than the player's lines, and sometimes a grey smudge round it. In a light
pencil drawing the ink threshold sits low (it follows the drawing's own strong ink), and the ghost
crosses it: the second independent check's dev seed 20,000 read an erased highway in an empty
space (C6) as a certain ``.hhh``, and its held-out 202,091 D3 was the same (round sixteen's one
silent space there).

One player draws a whole sheet with one pen and one hand, so the sheet's routes read with
certainty say how dark this player's lines are. Each route side is measured two ways along its
strip (2.3-6.6 mm inside the edge, rows running inwards): its line's darkness (the 90th percentile
over the rows of each row's darkest pixel: a ballpoint's skips leave rows without the line, an
eraser lightens all of them) and its ink across the route (the median over the rows of
the darkness summed across the strip, above :data:`PAPER`). A side whose line is under
:data:`LIGHT_PEAK` of the median of the sheet's certain sides of its kind (highways against
highways, railways against railways: a highlighter's or a yellow pencil's highways are lighter
than the railways beside them), *and* whose ink across it is under :data:`LIGHT_MASS` of theirs,
is an erased line, or a stain: the space is flagged, and the guess drops such a side (the
nearest face to the rest). The two measures together: a blurred line (portrait blur, a fold's
shade) loses its peak but keeps its ink across (it is spread, not removed); a thinner line keeps
its peak. On 40 dev photos of the second check (20,000-20,056, those with coffee, erased ghosts,
a highlighter, colour pencils, a corner out or a phone's shadow) 26 route sides so light were
empty in truth (3 of them in a space read with certainty), 8 were routes of the other kind (read
wrong either way) and none was a route read right; on 24 dev photos of the first check
(20,000-20,023) none was (with the upper quartile over the rows, 4 routes were: a ballpoint's
skips; with the median, 9). Overexposed spaces (``read._clipped_spaces``) are not judged: on
``synth.py``'s dev photos 880,000-029 two right highways there were so light. Nor is a light side
whose kind's sides in the spaces around it (read or guessed) are as light, half of them or more:
a shadow, a strong contrast curve or a fold's shade lightens a region, an eraser one route
(``synth.py``'s field photo 880,100, a pencil sheet under a contrast curve and a shadow, lost 11
right guesses without it). A side the reader itself guessed a light route from a few marks or a
faint line stays in the guess (flagged): that cost the contrast photo 3 more, and 4 erased ghosts
on the second check stay wrong (flagged) for it.

**A whole space's ghost** (round twenty-two). An eraser rubs out a whole space's drawing; a
light pen's route (a highlighter, a colour pencil) is drawn to join the routes beside it, and is
seldom as light as a ghost against its own kind. So where *every* route side of a space is so
light, each of them lighter still (its line's darkness times its ink across, each against the
sheet's, under :data:`GHOST`), and one or more of them meets neither a route of the space beside
it (as read so far, either kind) nor a printed exit, the guess drops them all, those the reader
guessed from a few marks or a faint line too: the space's guess is empty (still flagged). Measured
on 721 dev photos of the second check in the shared cache (indep2 90,000-127,108; 169 of them with
erased ghosts): 47 flagged spaces' guesses made right (empty spaces read as routes: ghosts, and
coffee rings or a fold's shade on the sheets without), none made wrong, no flag added or lifted.
Without :data:`GHOST` two light routes lost their right guesses (98,070 A7, a portrait blur's
``.r.r``, 0.47-0.49 of the peak and 0.59-0.67 of the ink across; 123,016 B6, a colour pencil's
``h.hh``, 0.56-0.61 and 0.64-0.70); the ghosts' products were 0.28 or under. Without the joins,
112,010 D1 (a colour pencil's highway ``h.hh`` read as a railway at this stage, and so lighter
than the sheet's railways, its three sides meeting C1's and E1's highways and a printed exit) lost
its right guess.

**At night** (round twenty-three). A side guessed a railway from light ink (a few marks, a faint
line) and so far lighter than the sheet's railways is dropped from the guess too, where its space
holds a highway or it is as far lighter than the sheet's highways (:data:`NIGHT_DROPPED`). On 150
night dev photos of indep2 (202,706-207,213, main's reader) such sides were a railway in truth
once in 65 (40 empty, 24 a colour pencil's highway, wrong either way); sides so guessed a highway
were right 9 times in 28 and stay. Dropped wherever so light, 27 flagged spaces' guesses were made
right on 300 night photos but 3 wrong (204,616 C2, D2; 205,222 D4: a colour pencil's highways,
read as railways at this stage and turned highways by the kind steps after it, lost a side); a
light railway beside a highway in its own space is a highlighter's halo or the night's noise read
as a station's spur (202,931 A2 ``hhh.`` read ``hhhrs``, 205,400 G1 ``.hhh`` read ``rhhhs``), and
the guard keeps 22 of the 27 and none of the 3.

Nothing here makes a space certain: a space is only flagged, and only a flagged space's guess
changes.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, neighbour, opposite, square

LIGHT_PEAK = 0.62   # a side's line under this share of the sheet's certain sides' of its kind ...
LIGHT_MASS = 0.75   # ... and its ink across the route under this share of theirs: erased?
MIN_SIDES = 6       # certain sides of the kind needed to say how dark the player's lines are
NEAR_SHARE = 0.5    # ... unless this share of its kind's sides in the spaces around it are as light (a region)
GHOST = 0.3         # round twenty-two: a whole space's sides each under this share of the sheet's peak x ink across
PAPER = 0.03        # darkness (of the print's black) counted as paper in the ink across the route
GUESSED_LIGHT = ("a few marks", "a faint line?")   # a side the reader itself guessed a light route: kept ...
NIGHT_DROPPED = "r"   # ... but at night, a railway beside a highway or lighter than the highways too (round 23)
WHY = {"h": "a line far lighter than this sheet's highways: an erased line?",
       "r": "a line far lighter than this sheet's railways: an erased line?"}


def measures(strip: np.ndarray, px_per_mm: float) -> tuple[float, float]:
    """A side's (line darkness, ink across the route in mm of black) from its darkness strip
    (rows running inwards, columns across the route)."""
    if strip.size == 0:
        return 0.0, 0.0
    peak = float(np.percentile(strip.max(axis=1), 90))
    across = float(np.median(np.clip(strip - PAPER, 0, None).sum(axis=1))) / px_per_mm
    return peak, across


def _joined(rows: list, r: int, c: int, s: int) -> bool:
    """Whether side ``s`` of space (r, c) meets a route of the space beside it (as read so far,
    either kind) or a printed exit at the board's edge."""
    there = neighbour(r, c, s)
    if there is None:
        return (r, c, s) in EXIT_AT
    return rows[there[0]][there[1]].edges[opposite(s)] in WHY


def revise(rows: list, uncertain: list, rel: np.ndarray, px_per_mm: float, *, strip: Callable,
           sides_at: Callable, space_at: Callable, side_read: Callable, uncertain_of: Callable,
           skip: frozenset | set = frozenset(), night: bool = False) -> tuple[list, list]:
    """``rows``/``uncertain`` with every space holding a route side far lighter than the sheet's
    certain sides of its kind flagged (its guess: the space read without those sides).
    ``strip(rel, r, c, side)``: a side's darkness strip; ``sides_at(r, c)``: the reader's four
    ``SideRead`` (a side it guessed a light route from a few marks or a faint line stays in the
    guess, flagged); ``space_at(r, c, sides)``: the reader's (cell, certain, why) from four sides;
    ``side_read(kind, certain, why)``; ``uncertain_of(square, token, why)``; ``skip``: spaces not
    judged (the overexposed ones: their lines fade in the light, not under an eraser); ``night``: a
    night photo, where a railway guessed from light ink so far lighter is dropped too (round
    twenty-three, :data:`NIGHT_DROPPED`)."""
    flagged = {u.square: u for u in uncertain}
    seen: dict[tuple[int, int, int], tuple[float, float]] = {}
    for r in range(SIZE):
        for c in range(SIZE):
            for s, kind in enumerate(rows[r][c].edges):
                if kind in WHY:
                    seen[(r, c, s)] = measures(strip(rel, r, c, s), px_per_mm)
    sure = {key: m for key, m in seen.items() if square(key[0], key[1]) not in flagged}
    typical = {}
    for kind in WHY:
        mine = [m for (r, c, s), m in sure.items() if rows[r][c].edges[s] == kind]
        if len(mine) >= MIN_SIDES:
            typical[kind] = (float(np.median([m[0] for m in mine])), float(np.median([m[1] for m in mine])))
    if not typical:
        return rows, uncertain

    def light_against(m: tuple[float, float], ref: list) -> bool:
        return m[0] < LIGHT_PEAK * float(np.median([x[0] for x in ref])) \
            and m[1] < LIGHT_MASS * float(np.median([x[1] for x in ref]))

    def light_here(r: int, c: int, s: int, kind: str) -> bool:
        # light against the sheet, and alone so: a shadow, a strong contrast curve or a fold's
        # shade lightens every line of a region (read or guessed), an eraser one route
        if not light_against(seen[(r, c, s)], [typical[kind]]):
            return False
        near = [light_against(m, [typical[kind]]) for (rr, cc, ss), m in seen.items()
                if rows[rr][cc].edges[ss] == kind and (rr, cc) != (r, c) and max(abs(rr - r), abs(cc - c)) <= 1]
        return not near or sum(near) < NEAR_SHARE * len(near)

    def light_as_highways(m: tuple[float, float]) -> bool:
        # round twenty-three: far lighter than the sheet's highways too, where they are measured
        return "h" in typical and light_against(m, [typical["h"]])

    def ghost(m: tuple[float, float], ref: tuple[float, float]) -> bool:
        # lighter still: its line's darkness times its ink across under GHOST of the sheet's
        return ref[0] > 0 and ref[1] > 0 and (m[0] / ref[0]) * (m[1] / ref[1]) < GHOST

    out = [list(row) for row in rows]
    for r in range(SIZE):
        for c in range(SIZE):
            cell = rows[r][c]
            if (r, c) in skip:
                continue
            light = [s for s, kind in enumerate(cell.edges) if kind in typical and light_here(r, c, s, kind)]
            if not light:
                continue
            # the space as read so far (its revisions kept), without the light sides the reader
            # did not itself guess from light ink
            first = sides_at(r, c)
            drop = [s for s in light if first[s].certain or first[s].why not in GUESSED_LIGHT
                    or night and cell.edges[s] in NIGHT_DROPPED
                    and ("h" in cell.edges or light_as_highways(seen[(r, c, s)]))]
            whole = len(light) == sum(kind in WHY for kind in cell.edges)
            if whole and not all(_joined(rows, r, c, s) for s in light) \
                    and all(ghost(seen[(r, c, s)], typical[cell.edges[s]]) for s in light):
                drop = light   # round twenty-two: the whole space's drawing is a ghost (see the module's doc)
            sides = [side_read("." if s in drop else kind, True, "") for s, kind in enumerate(cell.edges)]
            guess, _, _ = space_at(r, c, sides)
            why = "; ".join(f"{'NESW'[s]}: {WHY[cell.edges[s]]}" for s in light)
            old = flagged.get(square(r, c))
            out[r][c] = guess
            flagged[square(r, c)] = uncertain_of(square(r, c), guess.token, f"{old.reason}; {why}" if old else why)
    return [tuple(row) for row in out], list(flagged.values())
