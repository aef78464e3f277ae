"""A centre filled lighter than the drawing's lines: a station, never a certain overpass.

Round fourteen (issue 35: every space read wrong is flagged). The reader (:mod:`read`) finds a
station by its filled square in the ink opened by a 2.6 mm square (``read._centre_fill``): the
square stays, lines and sleepers go. A pencil's fill is lighter than its lines; in a photo whose ink
threshold sits near the paper's noise (sharpened, dark, noisy) the fill lies just under that
threshold and breaks up into specks, the opening keeps nothing, and a 2+2 station (a highway and a
railway each running straight through) is read as a certain overpass. Dev field photo 980,088
(sharpen, pencil, 3.1 MP): F4 ``hrhrs`` read ``hrhro``, not flagged; its centre's darkness sat at
0.96 of the ink threshold almost everywhere.

An overpass's centre is mostly paper: its routes' lines cross it, the paper between them is seen.
A filled square's is dark throughout. So the lower quartile of the darkness over the centre's
3.2 mm square (``read._centre_fill``'s) against the photo's ink threshold tells them apart: on ~750
captured dev photos (the field set's effects, a pen over the grid, low light, hot spot; 1,305
overpasses read with certainty, every one right) an overpass's reached 0.68 of the threshold at
most; a station's is at 1.06 or more in 95 of 100. An overpass read with certainty whose centre
reaches FILLED_SHARE is flagged, and guessed the station its routes make (a 2+2 station, the
only drawable space besides the overpass with a highway and a railway each running straight
through).

Nothing here imports the reader: it takes the rectified darkness, the centre's box in its pixels
and the ink threshold.
"""

from __future__ import annotations

import numpy as np

FILLED_SHARE = 0.8     # a centre's lower quartile of darkness this share of the ink threshold: filled
FILLED_WHY = "centre: filled, lighter than the lines: a station?"


def filled(rel: np.ndarray, box: tuple[slice, slice], level: float) -> bool:
    """Whether the centre ``box`` (rows, columns of ``rel``, the darkness against the print's
    black) is filled: three quarters of it at FILLED_SHARE of the ink threshold ``level`` or
    darker."""
    part = rel[box]
    if part.size == 0 or level <= 0:
        return False
    return float(np.percentile(part, 25)) >= FILLED_SHARE * level
