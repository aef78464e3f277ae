"""The printed grid's offset field spread over every pixel of the rectified grid, for the warped
rectification (``read._rectify`` with a field: a sheet that is not flat).

The field is known at the 8 x 8 crossings; between them it is bilinear. Written as matrices that
is ``W @ F @ W.T``, where each row of ``W`` holds a pixel's two weights (its column of crossings
and the next). That product (990 x 8 by 8 x 990) went to OpenBLAS, which splits a product this
size over its threads: on the shared, loaded machine the threads' waiting cost 15-30 ms of CPU a
product (user + sys counts every thread), two products a warped rectification, against about
4 ms for the same sums done here as outer products, square by square, without BLAS. The sums are
the same; only their rounding may differ, by about 1e-16 mm (the BLAS's own rounding already
differs between one thread and several). Round fifteen (issue 35, CPU).
"""

from __future__ import annotations

import numpy as np


def weights(coords_mm: np.ndarray, square_mm: float, n: int) -> tuple[np.ndarray, np.ndarray]:
    """For each coordinate (mm from the grid's corner): the crossing before it (0 .. n - 1, the
    coordinate clipped to the grid) and its weight towards the next one (0 .. 1)."""
    u = np.clip(coords_mm / square_mm, 0, n)
    k0 = np.minimum(np.floor(u).astype(int), n - 1)
    return k0, u - k0


def spread(values: np.ndarray, k0: np.ndarray, t: np.ndarray) -> np.ndarray:
    """``values`` ((n + 1) x (n + 1), one per crossing, [row, column]) bilinear at every pixel
    of a square grid whose rows and columns both sit at (``k0``, ``t``) (``weights``, ``k0``
    ascending): ``W @ values @ W.T`` with ``W[a, k0[a]] = 1 - t[a]``, ``W[a, k0[a] + 1] = t[a]``.
    Each pixel row first (``W @ values``: a gather, size x (n + 1)), then each square's run of
    columns as two outer products with its two crossings' columns (no BLAS: one thread)."""
    s = 1 - t
    rows = values[k0] * s[:, None] + values[k0 + 1] * t[:, None]
    out = np.empty((len(k0), len(k0)))
    cuts = np.flatnonzero(np.diff(k0)) + 1
    for a, b in zip([0, *cuts.tolist()], [*cuts.tolist(), len(k0)]):
        j = int(k0[a])
        np.multiply.outer(rows[:, j], s[a:b], out=out[:, a:b])
        out[:, a:b] += np.multiply.outer(rows[:, j + 1], t[a:b])
    return out
