"""An overexposed empty side that shows a pen's colour (issue 35, round twenty-four).

Round nine flags a space with an empty side in overexposed paper ("the paper is overexposed here
(white clipped): a light line may be lost", ``clipped_light.OVER_WHY``); round twenty lifts that flag
where the space's empty sides show nothing in the grey and the sheet's light line, scaled by how
much the printed grid washes out there, would still show (``clipped_light.ruled``, ``routed``). A
highlighter's line is lighter in the grey than that model's light line wherever the light washes
the paper: indep2 208,526 (spent held out; highlighter highways, a fold's bright quarter) read G6
``.hh.`` as empty, the flag was lifted, and the space went silent. Its two sides show the
highlighter's colour (two of three parts of each strip coloured, hue -59 degrees, where the sheet's
highways read show -48 to -58 and its railways 76); the other clipped empty sides of the sheet show
no hue.

So, where the photo has a colour copy, a space read empty that the grey ruled on keeps its flag
where a side of it is coloured in two of three parts (``night_pens.SHOWN_PARTS``) at a hue within
``night_pens.REACH`` degrees of the hue of one kind's routes as read (at least ``MIN_ROUTES`` route
sides so coloured, their ``colour.hue_centre``). Not a space read with routes (``clipped_light.routed``):
its own route's colour reaches its empty sides' strips (indep 104,040 C1 ``h.h.``, read right, kept
flagged so on a first try). A grey pen (graphite, black ink) shows no hue and
nothing changes there. Only flags are kept; no guess changes.
"""

from __future__ import annotations

from typing import Callable

from railprint.games.railroad_ink.board import SIZE
from railprint.games.railroad_ink.photo.colour import apart, hue_centre
from railprint.games.railroad_ink.photo.night_pens import REACH, SHOWN_PARTS
from railprint.games.railroad_ink.photo.noisy_colour import side_colours

MIN_ROUTES = 3   # a kind's route sides coloured alike, at least, for its pen's hue


def pen_sides(edges: list, ruled: set, colour, strip: Callable) -> set[tuple[int, int]]:
    """The places of ``ruled`` (spaces whose overexposed flag the grey would lift) read empty, with a
    side coloured as one kind's routes are (see the module's text). ``edges``: each space's four
    exits as read; ``colour``: the photo's ``colour.Chroma`` (``a``, ``b``); ``strip(plane, r, c,
    side)``: a side's strip."""
    if not ruled or colour is None:
        return set()
    sides = side_colours(colour.a, colour.b, strip, [(r, c, s) for r in range(SIZE) for c in range(SIZE)
                                                     for s in range(4)])
    pens = []
    for kind in "hr":
        hues = [hue for (r, c, s), (run, hue) in sides.items()
                if edges[r][c][s] == kind and run >= SHOWN_PARTS and hue is not None]
        if len(hues) >= MIN_ROUTES:
            pens.append(hue_centre(hues)[0])
    return {(r, c) for r, c in ruled if edges[r][c] == "...." and any(
        edges[r][c][s] == "." and run >= SHOWN_PARTS and hue is not None and any(apart(hue, p) <= REACH for p in pens)
        for s, (run, hue) in ((s, sides[(r, c, s)]) for s in range(4)))}
