"""Round seventeen (issue 35, CPU): ``photo/small_stats.py``'s medians and percentiles are numpy's,
bit for bit and type for type, on the small arrays a side's reading looks at."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from railprint.games.railroad_ink.photo import small_stats


def _same(got, want) -> None:
    assert type(got) is type(want)
    got, want = np.asarray(got), np.asarray(want)
    assert got.dtype == want.dtype and got.shape == want.shape
    assert got.tobytes() == want.tobytes()


def _array(seed: int, shape, dtype, kind: str) -> np.ndarray:
    rng = np.random.default_rng(seed)
    if kind == "levels":       # few distinct values: ties, as a thresholded strip has
        a = rng.integers(0, 4, shape) / 3
    elif kind == "wide":       # values far apart in size: the sums round
        a = rng.normal(0, 1, shape) * 10.0 ** rng.integers(-8, 9, shape)
    elif kind == "inf":
        a = rng.random(shape)
        a.flat[rng.integers(0, a.size, 1 + a.size // 7)] = rng.choice([np.inf, -np.inf], 1 + a.size // 7)
    else:
        a = rng.random(shape)
    return a.astype(dtype)


KINDS = st.sampled_from(["random", "levels", "wide", "inf"])
DTYPES = st.sampled_from([np.float32, np.float64])
QS = st.one_of(st.sampled_from([20, 25, 90, 50, 0, 100, 10, 75]), st.integers(0, 100), st.floats(0, 100))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 70), DTYPES, KINDS, QS)
def test_one_dimensional(seed, n, dtype, kind, q):
    a = _array(seed, (n,), dtype, kind)
    _same(small_stats.percentile(a, q), np.percentile(a, q))
    _same(small_stats.median(a), np.median(a))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 40), st.integers(1, 60), DTYPES, KINDS, QS)
def test_along_the_rows_and_over_all(seed, rows, cols, dtype, kind, q):
    a = _array(seed, (rows, cols), dtype, kind)
    _same(small_stats.percentile(a, q, axis=0), np.percentile(a, q, axis=0))
    _same(small_stats.median(a, axis=0), np.median(a, axis=0))
    _same(small_stats.percentile(a, q), np.percentile(a, q))
    _same(small_stats.median(a), np.median(a))
    view = a[::-1, 1:]   # a strided view, as ``read._strip`` gives
    if view.size:
        _same(small_stats.median(view, axis=0), np.median(view, axis=0))
        _same(small_stats.percentile(view.T, q), np.percentile(view.T, q))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.floats(0, 20, allow_nan=False), min_size=1, max_size=40), QS)
def test_python_lists(values, q):
    _same(small_stats.median(values), np.median(values))
    _same(small_stats.percentile(values, q), np.percentile(values, q))


def test_the_rest_is_numpys_own():
    a = np.array([1.0, np.nan, 3.0])
    _same(small_stats.median(a), np.median(a))
    _same(small_stats.percentile(a, 20), np.percentile(a, 20))
    ints = np.arange(7)
    _same(small_stats.median(ints), np.median(ints))
    _same(small_stats.percentile(ints, 25), np.percentile(ints, 25))
    cube = np.random.default_rng(1).random((3, 4, 5))
    _same(small_stats.median(cube, axis=0), np.median(cube, axis=0))
