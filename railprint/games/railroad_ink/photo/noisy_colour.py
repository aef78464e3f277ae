"""A side's colour in a night photo, measured over the side rather than pixel by pixel (issue 35,
round sixteen).

``colour.py`` calls a pixel coloured when its darkness stands CHROMA from grey, or NOISE_K
deviations above the photo's typical colour noise. At night (a warm lamp, high ISO, the phone's
denoiser leaving blotches of colour about 1.5 mm across) that level is 0.25-0.44 of the paper's
light: above a highlighter's or a colour pencil's own colour (0.1-0.25 averaged over its side),
so a night sheet showed no colour groups and its highlighter highways were read as railways (a
band with the pen's line in it) or as nothing (a yellow band, a light pencil), certain.

The blotches have no hue of their own and no direction; a drawn colour runs along its route with
one hue. So in a photo whose colour noise is that high, each side's colour is the darkness's
colour averaged over the middle of its strip (MIDDLE of its width, where a route runs in), in
thirds of its rows inwards, less the sheet's own cast (the median over every side: most are
paper). The noise of such a mean is measured on the sheet itself (the median amount of all its
sides' thirds, most of them paper); a third standing RATIO times that is coloured. A side's
``run`` is the share of its thirds coloured, its hue the whole middle's. ``colour.py`` groups and
reads them as before (a route drawn through the strip is coloured in all three thirds; paper in
none). Nothing here makes a space certain: ``colour.revise`` only flags.

This module imports nothing of the reader's.
"""

from __future__ import annotations

import math
from typing import Callable

import numpy as np

NOISY_LEVEL = 0.15   # ``Chroma.level`` at or above this: a noisy photo (day photos: 0.06-0.08; night: 0.25-0.44)
MIDDLE = 0.4         # the share of the strip's width, about its middle, where the colour is averaged
PARTS = 3            # the strip's rows inwards in this many parts
RATIO = 3.0          # a part whose colour stands this many times the sheet's typical part's: coloured
SPREAD_MIN_DEG = 20.0   # a side's hue this near its group's belongs to it (``colour._centre``'s least; by day 10):
                        # the mean of a few blotches' worth of pixels turns further than a pixel-by-pixel hue
STRAY = 1            # a colour group (or grey) may reach one printed exit of the other kind (``colour.sheet_kinds``),
                     # when it reaches three times as many of its own: the noise reads a stray line at an exit


def side_colours(a: np.ndarray, b: np.ndarray, strip: Callable, keys: list) -> dict:
    """{key: (run, hue)} for each side ``key`` = (r, c, side): ``strip(plane, r, c, side)`` gives
    a side's strip of the colour's two components (``Chroma.a``, ``Chroma.b``)."""
    parts = {}
    for key in keys:
        sa, sb = strip(a, *key), strip(b, *key)
        w = sa.shape[1]
        lo, hi = int(round(w * (1 - MIDDLE) / 2)), int(round(w * (1 + MIDDLE) / 2))
        cuts = np.linspace(0, sa.shape[0], PARTS + 1).round().astype(int)
        parts[key] = np.array([[float(sa[cuts[i]:cuts[i + 1], lo:hi].mean()), float(sb[cuts[i]:cuts[i + 1], lo:hi].mean())]
                               for i in range(PARTS)])
    if not parts:
        return {}
    cast = np.median(np.array([p.mean(axis=0) for p in parts.values()]), axis=0)
    amounts = {k: np.hypot(*(p - cast).T) for k, p in parts.items()}
    typical = float(np.median(np.concatenate(list(amounts.values()))))
    level = RATIO * max(typical, 1e-4)
    out = {}
    for key, p in parts.items():
        run = float((amounts[key] >= level).mean())
        mean = p.mean(axis=0) - cast
        hue = math.degrees(math.atan2(float(mean[1]), float(mean[0]))) if math.hypot(*mean) >= level / 2 else None
        out[key] = (run, hue)
    return out
