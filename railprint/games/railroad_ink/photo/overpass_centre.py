"""A straight crossing read as an overpass, doubted for its centre alone, on a sheet whose
stations are filled (issue 35, round twenty).

``read.read_space`` reads a straight crossing of a highway and a railway (``hrhr``, ``rhrh``) whose
centre is not filled as an overpass; where the centre's box is between 0.3 and 0.6 solid ink
(``read._centre_fill`` of the ink opened by a 2.6 mm square) it is flagged "centre: a station?"
(``CENTRE_WHY``) and guessed the overpass. Bold lines crossing (a pencil's, a marker's, a highway's
two lines and a railway's sleepers over one another) fill that much of the box without any mark:
on the round's dev photos (indep 114,000-114,029, indep2 116,000-116,029) 19 overpasses read right
were flagged for this alone, none wrong; the two crossings read wrongly with it were guessed
stations (fill 0.6 or more), which this step leaves.

A player draws every station of a sheet the same way. Where the sheet's stations are **filled**
(a filled square, a filled circle, a dense hatching, a large dot): ``MIN_SHOWN`` or more of the spaces
read as stations of a highway and a railway (a die face's, ``centre.joined``), and ``SHOWN`` of them,
hold a piece of ink that an opening with a 2.8 mm disc leaves (``centre.measure``'s ``filled``,
``MIN_FILLED`` mm² or more), a station drawn at this crossing would leave one too. A crossing whose
centre leaves none (``filled`` under ``MIN_FILLED``) and closes in no paper either (``hollow`` under
``HOLLOW_MM2``: no outline drawn around it) is read with certainty as the overpass it was guessed.
On the dev photos 12 of the 19 were on such sheets (filled 0 at each but one, 7.7 mm², which keeps
its flag: the sheets' stations 13-55 mm²); sheets of rings, circled dots, X's and hollow squares
tell nothing by this measure and keep every flag.

Nothing else: a crossing with any other doubt (a side's kind, the light, the grid) keeps its flag,
a crossing guessed a station is left alone, and the steps after this one (``legal``,
``sheet_kinds.rules``, ``joins``, ``erased``) still flag what they find. Nothing here imports the
reader: it takes the ink mask and the spaces' centres.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from railprint.games.railroad_ink.photo.centre import MIN_MARK, joined, measure
from railprint.games.railroad_ink.photo.station_mark import HOLLOW_MM2
from railprint.games.railroad_ink.photo.station_sides import CENTRE_WHY

MIN_FILLED = MIN_MARK["filled"]   # mm²: a filled mark this large or more (centre.MIN_MARK)
MIN_SHOWN = 3                     # the sheet's stations showing a filled mark, at least ...
SHOWN = 2 / 3                     # ... and this share of the spaces read as stations of two kinds


def apply(rows: list[tuple], uncertain: list, ink: np.ndarray,
          centre_px: Callable[[int, int], tuple[float, float]], ppm: float, square: Callable[[int, int], str]) -> list:
    """``uncertain`` (``read.Uncertain``: square, guess, why) without the flags of overpasses doubted
    for their centre's partial fill alone (``CENTRE_WHY``) whose centre shows neither a filled mark
    nor an outline, on a sheet whose stations are filled (``ink`` the ink mask)."""
    flagged = {u.square: u for u in uncertain}
    candidates = [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row) if cell.marker == "o"
                  and (u := flagged.get(square(r, c))) is not None and u.reason == CENTRE_WHY]
    if not candidates:
        return uncertain
    stations = [measure(ink, *centre_px(r, c), ppm).filled for r, row in enumerate(rows)
                for c, cell in enumerate(row) if cell.marker == "s" and joined(cell.edges)]
    shown = sum(v >= MIN_FILLED for v in stations)
    if shown < MIN_SHOWN or shown < SHOWN * len(stations):
        return uncertain
    sure = set()
    for place in candidates:
        mark = measure(ink, *centre_px(*place), ppm)
        if mark.filled < MIN_FILLED and mark.hollow < HOLLOW_MM2:
            sure.add(square(*place))
    return [u for u in uncertain if u.square not in sure]
