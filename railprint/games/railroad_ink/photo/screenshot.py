"""A phone's screenshot of a photo: where in it the photo is (used by ``screen.py``).

A player who got the photo in a chat, or who screenshots the camera's view, sends an image
that holds the photo fitted to the phone's width (or height) with plain bars beside it: the
viewer's black or white letterbox, and the status bar's strip with the clock in it. That is a
photo of the paper all the same, only smaller: it is read. But the bars are what
``screen.py`` takes for a screen's dark viewer round the page, and the shown photo's own edges,
straight and square to the image, for a display's rectangle in another plane than the sheet's:
before round twenty-one such screenshots were refused as photos of a screen
(``benchmarks/indep3_photos.py`` makes one photo in six a screenshot; 3 of its 100 last
measured were refused).

What only a screenshot has: the shown photo's edge is a row (or column) of the image's own
pixels, across the whole image. Outside it, the bars are flat: every row (or column) the same
grey from end to end, to JPEG's ringing (:data:`FLAT`). At the edge, nearly every pixel steps
from the bar's grey to the photo's (:data:`STEP` in :data:`STEPPED` of them): a camera's photo of
a phone's display has the bars' edges turned and tilted by a degree at least (a row of the
image crosses the edge), noise in its dark, and the device and the table beyond the display.
A scanned page's white margins are flat too, but past its first row of print (a title's
few letters, a printed line) the paper is white again: beyond a shown photo's edge every row
stays off the bar's grey.

:func:`shown_photo` finds the shown photo's box; ``screen.check`` judges the photo inside it
(its pixel grid, its frame, its dark viewer, its planes) as it judges any photo. The markers,
the grid and the reading use the whole image: the bars hold nothing to find. Measured on
``indep3_photos.py``'s screenshots (dev seeds) and 900 other cached photos of the three generators
(none taken for a screenshot).
"""

from __future__ import annotations

import numpy as np

FLAT = 1.0          # a bar's row: its grey's standard deviation along the whole row under this (levels:
                    # a screenshot's bars are one grey to the level; a camera's noise is 2 or more)
BAR_SHARE = 0.01    # a bar on each side of the shown photo at least this share of the image
BAR_GREY = 2.0      # ... and of one grey (its rows' means within this), but for the RING rows next to
RING = 4            # the shown photo's edge (JPEG's ringing, std up to 2.3; in rows looked at)
STEP = 8.0          # the shown photo's edge: a pixel this many grey levels off the bar's ...
STEPPED = 0.5       # ... in at least this share of the edge's row (or column)
LOOK = 2            # the bars are looked for on every LOOK-th row and column (a screenshot is sharp)


def shown_photo(gray: np.ndarray) -> tuple[int, int, int, int] | None:
    """The box (y0, y1, x0, x1) of the photo a screenshot shows, with flat bars beside two
    opposite sides of it across the whole image (the letterbox, the status bar); None when the
    image is no such screenshot."""
    h, w = gray.shape[:2]
    rows = _content(gray[::LOOK, ::LOOK])
    if rows is not None:
        return rows[0] * LOOK, min(h, rows[1] * LOOK), 0, w
    cols = _content(gray[::LOOK, ::LOOK].T)
    if cols is not None:
        return 0, h, cols[0] * LOOK, min(w, cols[1] * LOOK)
    return None


def _content(image: np.ndarray) -> tuple[int, int] | None:
    """(first, end) of the rows of ``image`` between two flat bars of one grey (within STEP / 2),
    each at least BAR_SHARE of its rows, with a step across the whole row at both of the bars'
    edges: the outermost such pair (a status bar above the letterbox is a bar of another grey; a
    photo's own dark, even rows inside it are passed over); else None."""
    n = image.shape[0]
    least = max(2 * RING, int(np.ceil(BAR_SHARE * n)))
    if all(float(end.astype(np.float32).std(axis=1).max()) >= FLAT for end in (image[:least], image[-least:])):
        return None   # (most photos stop here: neither end of the image is a bar)
    rows = image.astype(np.float32)
    flat = rows.std(axis=1) < FLAT
    grey = rows.mean(axis=1)
    stepped = np.r_[False, np.mean(np.abs(np.diff(rows, axis=0)) >= STEP, axis=1) >= STEPPED]   # row r off row r - 1

    def edge(bar_rows: slice, beyond: slice) -> float | None:
        """The bar's grey when its rows are flat and of one grey and every row beyond is off it."""
        if not flat[bar_rows].all() or np.ptp(grey[bar_rows]) > BAR_GREY:
            return None
        bar = float(np.median(grey[bar_rows]))
        return bar if np.all(np.mean(np.abs(rows[beyond] - bar) >= STEP, axis=1) >= STEPPED) else None

    # the bar's rows flat but for the RING rows next to the edge (JPEG's ringing)
    tops = [(r, bar) for r in np.flatnonzero(stepped) if r >= least
            and (bar := edge(slice(r - least, r - RING), slice(r, r + least))) is not None]
    ends = [(e, bar) for e in np.flatnonzero(stepped) if e + least <= n
            and (bar := edge(slice(e + RING, e + least), slice(max(0, e - least), e))) is not None]
    for first, above in tops:
        for end, below in reversed(ends):
            if end - first < least:
                break
            if abs(above - below) <= STEP / 2:
                return int(first), int(end)
    return None
