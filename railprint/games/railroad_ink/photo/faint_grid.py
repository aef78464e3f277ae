"""A faint printed grid (issue 35, round fifteen): fewer flags where the grid's lines found are all on.

Every flagged space is a tap on the phone page. ``read._grid_doubts`` flags every space of a photo
("the printed grid is not where the corner marks put it (its lines were not found there)") when
fewer than 16 of the grid's crossings are found or under 40 % of the inner crossings' lines are
confirmed by both looks: a grid read 4-10 mm off its printed lines finds drawn lines and the round
boxes' frames in their place. A light printer's thin grid lines in a modest photo show the same
way, only some of them found (often only the grid's bold frame), and on the first independent
generator's dev photos (``benchmarks/indep_photos.py`` 9,000-9,119) that flagged every space of a
third of them, where the lines that were found all lay where the grid is read.

:func:`grid_on` tells the two apart on each axis; ``read`` then flags only the spaces whose
corners were not found (``_grid_doubts``' own per-crossing rule), in a photo sharp enough at the
grid (GRID_FAINT_PX_PER_MM). This module never imports the reader (imports point down).

Round eighteen looked again for a grid the first look lost at a lower rise (FAINT_RISE), in photos
of GRID_FAINT_PX_PER_MM or more; round nineteen looks at every size (a light printer's grid in a
1-3 MP photo, 2.3-4 px/mm at the grid, was a quarter of ``indep_photos.py``'s dev photos 96,000-
96,299, every one flagged whole), and under GRID_FAINT_PX_PER_MM flags the railways read with
certainty instead (:func:`small_railways`: the small photos' kind misreads the whole flag had
covered).
"""

from __future__ import annotations

import numpy as np

GRID_LOOKS = 40        # each axis: this many looks at the printed grid's lines found ...
GRID_ON_SHARE = 0.95   # ... and this share of them where the grid is read
GRID_FAINT_PX_PER_MM = 4.0   # only in a photo this sharp at the grid (``read._rectify``'s ``src_ppm``)


def grid_on(samples: np.ndarray, off_mm: float) -> bool:
    """Whether the printed grid's lines that were found (``read._grid_samples``: (8, 8, 2 axes, 2
    looks) offsets in mm, NaN where none was found) confirm the grid where it is read, on each
    axis apart: GRID_LOOKS looks or more found, GRID_ON_SHARE of them within ``off_mm``. A grid
    read 4.5-10 mm off (past the search) or turned 4 degrees finds drawn lines and the round
    boxes' frames in place of the lines it moved off: on dev photos (``synth.py`` 1 and 2 at 4 and
    2 MP, the homography shifted by (4.5, 0), (6, 0), (0, 6), (5, 5), (8, -3), (10.5, 0) mm or
    turned 4 degrees) at most 0.71 of the off axis's looks were on (the other axis, not moved,
    0.94-1.0: hence each axis apart). On the 17 faint-grid dev photos above, 0.89-1.0 on both (15
    of them 0.98 or more). Only in a photo of GRID_FAINT_PX_PER_MM or more at the grid (``read``
    asks so): under it, the same rule un-flagged the reader's own misreads in 3 of those photos
    (one-line highways read as certain railways at 2.6 px/mm, a ladder read as a highway at 3.0,
    a station lost at 2.7: 14 spaces), which every space flagged had covered."""
    for axis in (0, 1):
        v = samples[..., axis, :]
        v = v[~np.isnan(v)]
        if v.size < GRID_LOOKS or float((np.abs(v) <= off_mm).mean()) < GRID_ON_SHARE:
            return False
    return True


GRID_RISE = 0.15       # a printed grid line: its darkness this far over the paper's beside it ...
FAINT_RISE = 0.07      # ... or, looked for again where the grid's lines were not found, this far


def lost(samples: np.ndarray, off_mm: float, min_found: int, min_confirmed: float) -> bool:
    """Whether ``samples`` (``read._grid_samples``) lose the printed grid where it is read: fewer
    than ``min_found`` crossings found on both axes, or under ``min_confirmed`` of the inner
    crossings' lines within ``off_mm`` on both looks (on either axis)."""
    found = ~np.isnan(samples).all(axis=3)
    inner = samples[1:-1, 1:-1]
    confirmed = ((np.abs(inner[..., 0]) <= off_mm) & (np.abs(inner[..., 1]) <= off_mm)).mean(axis=(0, 1))
    return int(found.all(axis=2).sum()) < min_found or float(confirmed.min()) < min_confirmed


SMALL_RAIL_WHY = "a small photo of a faint printed grid: a highway's broken lines may read as a railway at this size"


def small_railways(rows) -> list[tuple[int, int]]:
    """The spaces of ``rows`` (the board read: rows of cells) with a railway side: in a photo under
    GRID_FAINT_PX_PER_MM whose grid only the fainter look found (round nineteen), each of them not
    already flagged is flagged SMALL_RAIL_WHY. Before round nineteen such a photo had every space
    flagged (the fainter look ran only at GRID_FAINT_PX_PER_MM or more), and that flag was the
    reader's only cover for its kind misreads at this size: dotted and dashed highways read as
    certain railways (``benchmarks/indep3_photos.py`` screenshots of draft prints: 1,003 at 2.59
    px/mm E1, E7, G3; 300,137 at 3.07 px/mm C7, the round-eighteen held-out photo that failed the
    2.6 px/mm bound). Every space read wrong and not otherwise flagged on the dev photos of that
    lift was a highway read as a railway (4 spaces, all in those 2 photos); the 49 lifted
    ``indep_photos.py`` photos (96,000-96,299, 2.3-3.9 px/mm) had none, and flagging their
    railways costs about 7 spaces a photo, where the lift saves about 30."""
    return [(r, c) for r, row in enumerate(rows) for c, cell in enumerate(row) if "r" in cell.edges]
