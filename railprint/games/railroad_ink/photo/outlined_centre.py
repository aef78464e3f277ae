"""A crossing whose centre closes in paper unlike the sheet's other crossings: a station's outline
(issue 35, round seventeen).

A station drawn as an outline (a hollow square, a ring) on a straight crossing (the crossing
station ``hrhrs``, a special route) leaves paper closed in at the space's middle, the routes'
arms stopping at the outline. Read side by side it is two routes crossing: ``read_space`` reads
the overpass (flagging it, ``read.HOLLOW_WHY``, but guessing the overpass all the same), and where
one route's kind is misread (a one-line or bold highway read as a railway) the four-way railway,
every side certain (the held-out silent indep 102,086 G6, ``hrhrs`` read ``rrrr``, round
sixteen). Where lines cross without a station they close in little paper: two highways' lines or
a ladder's rails crossing leave a small square between them, a bridge's brackets or a hump
open to the side. On the dev photos of the first independent check (indep 30,000-30,029 and 17
ladder sheets with a crossing station among 30,033-30,288) and the second (indep2 30 photos of
30,000-30,037), the paper closed in within 3.2 mm of the middle (``centre.measure``'s
``hollow``) was at most 7.5 mm² on 173 overpasses and four-way routes, and 9.7-35.8 mm² on the
crossing stations drawn as a hollow square or a ring.

So a space read as a straight crossing without a station (``hrhro``, ``rhrho``) or as a four-way
route (``rrrr``, ``hhhh``) whose centre closes in ``HOLLOW_MM2`` or more, and at least ``OVER``
times what the sheet's other such spaces close in (their 75th percentile: the player's own lines
crossing), is:

- an overpass read (flagged or not): flagged, and guessed the crossing station (its routes as
  read);
- a four-way route read with certainty: flagged (``WHY``), its guess kept (which pair is the
  highway the centre cannot tell);
- a four-way route flagged already: left as it is.

Round eighteen: the outline's paper is also measured in the **light ink** (``light_ink``: the
darkness at ``LIGHT`` of the ink threshold, specks under ``SPECK_MM2`` dropped): a crossing
outlined in the ink, or in the larger of the two, is flagged. A ballpoint skips (its ball runs
dry for a few millimetres) and a pencil's stroke lightens with the hand's pressure: one side of the hollow square falls under the ink threshold, the
paper inside runs out through the gap and the crossing station read as a **certain** overpass (the
held-out silent indep 102,381 D5; dev 80,460 D7, a ballpoint's hollow square). On the dev photos
of round eighteen (indep 80,000-80,039 and ten ballpoint sheets with hollow squares, indep2 30 photos
of 80,000-80,046) the light ink closed in 12.8-31.9 mm² at nine stations the ink closed in under
4 mm² (of 61 spaces read as a crossing or a four-way route holding a station), and at most
7.8 mm² at the 226 read so without one.

The same outline on a space read with certainty as routes of one kind (``route_outlines``): a
station whose highway is read as a railway (a two-line highway over a ladder sheet's rungs, a
bold one) reads as railways only, every side certain, and its hollow square is left in the
centre (dev indep 60,003 F6, ``h.r.s`` read a certain ``r.r.``: 22.2 mm² closed in, the sheet's
other one-kind route spaces 0-5.5 mm² but for four stations misread alike, all flagged). Such a
space whose centre closes in ``HOLLOW_MM2`` or more and ``OVER`` times the sheet's other one-kind
route spaces (their 75th percentile, in the ink) is flagged (``ROUTE_WHY``), its guess kept
(which arm is the highway the centre does not say). On the dev photos above it flagged no space
read right that was certain.

Nothing here makes a space certain: it only flags spaces and changes flagged spaces' guesses.
Nothing here imports the reader: it takes the ink mask and the spaces' centres.
"""

from __future__ import annotations

from typing import Callable

import cv2
import numpy as np

from railprint.games.railroad_ink.photo.centre import measure

HOLLOW_MM2 = 9.0   # paper closed in at a crossing's middle, this much or more: an outline drawn there ...
OVER = 2.0         # ... and this many times the sheet's other crossings' (75th percentile)
CROSSINGS = ("hrhr", "rhrh")
FOUR_WAY = ("rrrr", "hhhh")
LIGHT = 0.6        # the light ink: the darkness at this share of the ink threshold or more ...
SPECK_MM2 = 0.5    # ... its pieces smaller than this dropped (the paper's noise)
WHY = "centre: paper closed in where the routes cross, unlike this sheet's other crossings: a station?"
ROUTE_WHY = "centre: paper closed in, unlike this sheet's other routes: a station, a highway read as a railway?"


def outlined(values: dict[tuple[int, int], float]) -> set[tuple[int, int]]:
    """The spaces (of ``values``: each candidate space's paper closed in, mm²) whose centre closes
    in ``HOLLOW_MM2`` or more and ``OVER`` times the other spaces' 75th percentile."""
    out = set()
    for place, value in values.items():
        if value < HOLLOW_MM2:
            continue
        others = [v for p, v in values.items() if p != place]
        if others and value < OVER * float(np.percentile(others, 75)):
            continue
        out.add(place)
    return out


def light_ink(rel: np.ndarray, level: float, ppm: float) -> np.ndarray:
    """The light ink (0/1) of the rectified darkness ``rel``: ``LIGHT`` of the ink threshold
    ``level`` or darker, its pieces under ``SPECK_MM2`` dropped."""
    mask = (rel > LIGHT * level).astype(np.uint8)
    n, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    speck = stats[:, cv2.CC_STAT_AREA] < SPECK_MM2 * ppm * ppm
    speck[0] = False
    mask[speck[labels]] = 0
    return mask


def apply(rows: list[tuple], uncertain: list, ink: np.ndarray, centre_px: Callable[[int, int], tuple[float, float]],
          ppm: float, square: Callable[[int, int], str], uncertain_of: Callable,
          light: Callable[[], np.ndarray] | None = None) -> tuple[list[tuple], list]:
    """``rows`` and ``uncertain`` (``read.Uncertain``: square, guess, why) with each outlined
    crossing (:func:`outlined`) flagged: an overpass guessed the crossing station, a four-way
    route read with certainty flagged as read. ``light``: the light ink (``light_ink``), made
    only when there is a crossing to measure: a crossing is outlined in the ink, or in the larger
    of the ink's and the light ink's paper (each against the sheet's other crossings measured
    the same way: a sheet whose other crossing stations close in paper only in the light ink
    keeps what the ink alone found, indep dev 80,048 A4 and 80,533 B3)."""
    candidates = {(r, c): cell for r, row in enumerate(rows) for c, cell in enumerate(row)
                  if (cell.edges in CROSSINGS and cell.marker == "o") or (cell.edges in FOUR_WAY and not cell.marker)}
    if not candidates:
        return rows, uncertain
    values = {place: measure(ink, *centre_px(*place), ppm).hollow for place in candidates}
    found = outlined(values)
    if light is not None:   # round eighteen: an outline whose side is lighter than the ink threshold
        pale = light()
        found |= outlined({place: max(value, measure(pale, *centre_px(*place), ppm).hollow)
                           for place, value in values.items()})
    if not found:
        return rows, uncertain
    flagged = {u.square: u for u in uncertain}
    grid = [list(row) for row in rows]
    for r, c in sorted(found):
        cell, u = candidates[(r, c)], flagged.get(square(r, c))
        if cell.marker == "o":
            guess = type(cell)(cell.edges, "s")
        elif u is None:
            guess = cell
        else:
            continue   # a four-way route flagged already keeps its guess
        grid[r][c] = guess
        why = WHY if u is None else u.reason + "; " + WHY
        flagged[square(r, c)] = uncertain_of(square(r, c), guess.token, why)
    return [tuple(row) for row in grid], list(flagged.values())


def route_outlines(rows: list[tuple], uncertain: list, ink: np.ndarray,
                   centre_px: Callable[[int, int], tuple[float, float]], ppm: float,
                   square: Callable[[int, int], str], uncertain_of: Callable) -> list:
    """``uncertain`` with each space read with certainty as routes of one kind (no station, no
    overpass) whose centre is outlined (:func:`outlined`, against the sheet's other one-kind
    route spaces, flagged or not) flagged (``ROUTE_WHY``), its reading the guess."""
    flagged = {u.square for u in uncertain}
    routes = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row)
              if len(set(cell.edges) - {"."}) == 1 and not cell.marker]
    if not any(square(r, c) not in flagged for r, c in routes):
        return uncertain
    values = {place: measure(ink, *centre_px(*place), ppm).hollow for place in routes}
    found = [place for place in sorted(outlined(values)) if square(*place) not in flagged]
    return uncertain + [uncertain_of(square(r, c), rows[r][c].token, ROUTE_WHY) for r, c in found]
