"""Medians and percentiles of the small arrays a side's reading looks at, equal to numpy's
(issue 35, round seventeen: CPU).

``read_rel`` takes about 1,300 medians and percentiles a 12 MP photo (a side's strip of 36 x 55
pixels, a row of 55, a list of 30 run widths): numpy's ``np.median`` and ``np.percentile`` cost
40-100 us a call there, nearly all of it their generic machinery (axes, ``keepdims``, methods,
NaN checks), 0.06-0.1 s a photo. These give the same values, bit for bit, from the same two
order statistics: ``np.partition`` (or ``sorted``) picks them, and they are combined by the
same operations in the same types as numpy's own code (numpy 2's ``_median``: the mean of the
middle one or two, summed in the data's type and halved; ``_quantile``'s "linear" method: the
virtual index ``(n - 1) q``, and ``_lerp``'s ``a + (b - a) t``, or ``b - (b - a)(1 - t)``
from ``t = 0.5``, with a Python float ``t``). Anything else (NaN, an empty array, another dtype
than float32 or float64) goes to numpy itself. The tests compare both on random arrays
(``tests/games/railroad_ink/test_ri_photo_small_stats.py``): a numpy whose arithmetic here
changed fails them.
"""

from __future__ import annotations

import math

import numpy as np

_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))


def _lerp(a, b, t: float):
    diff = b - a
    return b - diff * (1 - t) if t >= 0.5 else a + diff * t


def _indices(n: int, q: float) -> tuple[int, int, float]:
    """numpy's "linear" virtual index of percentile ``q`` in ``n`` values, as ``_get_indexes`` and
    ``_get_gamma`` give it: (the lower index, the upper, the upper's weight), clipped at the ends
    as numpy clips them (both the last, or both the first)."""
    v = (n - 1) * (q / 100)
    lo = math.floor(v)
    hi = lo + 1
    if v >= n - 1:
        lo = hi = -1
    if v < 0:
        lo = hi = 0
    return lo, hi, v - lo


def _plain(arr: np.ndarray, axis: int | None) -> bool:
    """Whether ``arr`` is what these functions compute as numpy does: float32 or float64, not
    empty, no NaN, ``axis`` None or 0 of a 2-D array."""
    return arr.dtype in _FLOATS and arr.size > 0 and (axis is None or axis == 0 and arr.ndim == 2) \
        and not np.isnan(arr).any()


def percentile(a, q: float, axis: int | None = None):
    """``np.percentile(a, q, axis=axis)`` (a Python number ``q``, "linear")."""
    arr = np.asarray(a)
    if not _plain(arr, axis):
        return np.percentile(a, q, axis=axis)
    if axis is None:
        arr = arr.ravel()
    n = arr.shape[0]
    lo, hi, t = _indices(n, q)
    part = np.partition(arr, sorted({lo % n, hi % n}), axis=0)
    return _lerp(part[lo], part[hi], t)


def median(a, axis: int | None = None):
    """``np.median(a, axis=axis)``."""
    arr = np.asarray(a)
    if not _plain(arr, axis):
        return np.median(a, axis=axis)
    if axis is None:
        arr = arr.ravel()
    n = arr.shape[0]
    k = n // 2
    part = np.partition(arr, (k - 1, k) if n % 2 == 0 else k, axis=0)
    if n % 2:
        out = part[k]
        return out.copy() if axis == 0 else out
    two = part[k - 1] + part[k]
    if axis == 0:
        two /= np.intp(2)   # (numpy's mean: the sum in the data's type, divided by the count in place)
        return two
    return two.dtype.type(two / np.intp(2))
