"""Round fourteen (issue 35, CPU): the reader's hot loops done for a whole strip or grid at once
must give exactly what the one-row, one-block definitions they replace gave (the readings stay
byte-identical). Each reference below is the definition as it stood before (main e96e240)."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from railprint.games.railroad_ink.board import SIZE
from railprint.games.railroad_ink.photo import layout, read

P = read.PX_PER_MM


def _runs_reference(row: np.ndarray) -> list[tuple[int, int]]:
    idx = np.flatnonzero(row)
    if idx.size == 0:
        return []
    breaks = np.flatnonzero(np.diff(idx) > 2)
    starts = np.concatenate([[idx[0]], idx[breaks + 1]])
    ends = np.concatenate([idx[breaks], [idx[-1]]])
    return list(zip(starts.tolist(), ends.tolist()))


def _two_lines_reference(strip: np.ndarray, floor: float) -> float:
    near, far = int(math.ceil(2.6 * P)), int(8.5 * P)
    middle = strip.shape[1] / 2 - 0.5
    hits = 0
    for row in strip:
        top = float(row.max())
        if top < floor:
            continue
        mid = row[1:-1]
        idx = np.flatnonzero((mid >= row[:-2]) & (mid > row[2:]) & (mid >= max(floor, 0.5 * top))) + 1
        left = idx[idx <= middle - 0.3 * P].tolist()
        right = idx[idx >= middle + 0.3 * P].tolist()
        hits += any(near <= b - a <= far and row[a:b + 1].min() <= 0.65 * min(row[a], row[b])
                    for a in left for b in right)
    return hits / max(1, strip.shape[0])


def _grid_lines_reference(dark: np.ndarray, near=None, other: bool = False) -> list:
    w = int(round(read.GRID_SEARCH_MM * P))
    steps = np.arange(-w, w + 1)
    out = []
    for i in range(SIZE + 1):
        for j in range(SIZE + 1):
            if near is not None and max(abs(i - near[0]), abs(j - near[1])) > near[2]:
                continue
            x = (read.MARGIN_MM + j * layout.SQUARE_MM) * P
            y = (read.MARGIN_MM + i * layout.SQUARE_MM) * P
            ys = (y + np.arange(1.5 * P, 9 * P)) if i < SIZE else (y - np.arange(6 * P, 14 * P))
            xs = (x + np.arange(1.5 * P, 9 * P)) if j < SIZE else (x - np.arange(6 * P, 14 * P))
            pairs = ((ys, x, True), (xs, y, False))
            if other:
                pairs = (((y - np.arange(6 * P, 9.5 * P)), x, True) if 0 < i < SIZE else None,
                         ((x - np.arange(6 * P, 9.5 * P)), y, False) if 0 < j < SIZE else None)
            for along, centre, vertical in (pair for pair in pairs if pair is not None):
                pos = np.round(centre + steps).astype(int)
                seg = np.round(along).astype(int)
                if pos.min() < 0 or seg.min() < 0 or max(pos.max(), seg.max()) >= dark.shape[0]:
                    continue
                block = dark[np.ix_(seg, pos)] if vertical else dark[np.ix_(pos, seg)].T
                profile = np.median(block, axis=0)
                k = int(np.argmax(profile))
                base = float(np.median(profile))
                if profile[k] < base + 0.15 or k in (0, len(profile) - 1):
                    continue
                a, b, c = profile[k - 1], profile[k], profile[k + 1]
                den = a - 2 * b + c
                off = (steps[k] + (0.5 * (a - c) / den if den < 0 else 0.0)) / P
                out.append((i, j, vertical, float(off), float(np.mean(along) - (y if vertical else x)) / P))
    return out


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rows=st.integers(0, 40), cols=st.integers(1, 60),
       density=st.floats(0.0, 1.0), dtype=st.sampled_from(["uint8", "bool", "float32"]))
def test_strip_runs_are_each_rows_runs(seed, rows, cols, density, dtype):
    strip = (np.random.default_rng(seed).random((rows, cols)) < density).astype(dtype)
    want = [(i, _runs_reference(row)) for i, row in enumerate(strip) if _runs_reference(row)]
    assert read._strip_runs(strip) == want
    assert read._strip_runs(strip.T[::-1]) == [(i, _runs_reference(row)) for i, row in enumerate(strip.T[::-1])
                                              if _runs_reference(row)]


def _line_strip(rng: np.random.Generator, rows: int, cols: int) -> np.ndarray:
    """A side's darkness: noise, and one or two lines (a highway's, a railway's) wandering a little."""
    strip = rng.random((rows, cols)) * rng.uniform(0.0, 0.4)
    x = np.arange(cols)
    for _ in range(rng.integers(0, 3)):
        centre = rng.uniform(0, cols) + np.cumsum(rng.normal(0, 0.3, rows))
        strip += rng.uniform(0.2, 1.0) * np.exp(-0.5 * ((x[None, :] - centre[:, None]) / rng.uniform(0.5, 3)) ** 2)
    return strip


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rows=st.integers(1, 40), level=st.integers(0, 40),
       nudge=st.sampled_from([0.0, 1e-9, -1e-9]), dtype=st.sampled_from(["float32", "float64", "uint8"]))
def test_two_lines_is_the_row_by_row_definition(seed, rows, level, nudge, dtype):
    # darkness in steps of 1/32 (flat tops, ties between neighbours) and a floor on a step or a
    # hair off it (compared in the strip's own float type, a float32 strip's floor is rounded)
    rng = np.random.default_rng(seed)
    strip = np.round(_line_strip(rng, rows, int(round(2 * read.ACROSS * P))) * 32) / 32
    floor = level / 32 + nudge
    if dtype == "uint8":
        strip, floor = np.clip(strip * 200, 0, 255).astype(np.uint8), floor * 200
    else:
        strip = strip.astype(dtype)
    assert read.two_lines(strip, floor) == _two_lines_reference(strip, floor)
    assert read.two_lines(strip[::-1, ::-1], floor) == _two_lines_reference(strip[::-1, ::-1], floor)


def test_two_lines_compares_a_float32_strip_with_its_floor_in_float32():
    """A row compared with a Python float compares in the row's own type: two lines at
    float32(0.7) stand the floor 0.7 (float32(0.7) < 0.7, but it is the floor rounded so)."""
    row = np.zeros(int(round(2 * read.ACROSS * P)), np.float32)
    row[[15, 39]] = 0.7
    row[27] = 1.0     # a dash in the middle: the row's darkest, over the floor
    strip = np.tile(row, (4, 1))
    assert _two_lines_reference(strip, 0.7) == 1.0
    assert read.two_lines(strip, 0.7) == 1.0
    assert read.two_lines(strip.astype(np.float64), 0.7) == _two_lines_reference(strip.astype(np.float64), 0.7) == 0.0


def test_two_lines_reference_sees_highways():
    """The property above is not empty: the drawn strips hold rows it counts as two lines."""
    rng = np.random.default_rng(5)
    hits = [_two_lines_reference(_line_strip(rng, 30, 55).astype(np.float32), 0.3) for _ in range(200)]
    assert sum(h > 0 for h in hits) >= 10


def _grid_dark(rng: np.random.Generator) -> np.ndarray:
    """A rectified darkness (``_darkness``'s size) holding the printed grid's lines, each crossing
    moved a little, with noise, some lines faint or missing and a drawn stroke or two."""
    size = int(round((layout.GRID_MM + 2 * read.MARGIN_MM) * P))
    dark = (rng.random((size, size)) * rng.uniform(0.02, 0.3)).astype(np.float32)
    for k in range(SIZE + 1):
        at = int(round((read.MARGIN_MM + k * layout.SQUARE_MM) * P + rng.normal(0, 4)))
        width = int(rng.integers(1, 4))
        for vertical in (True, False):
            if rng.random() < 0.1:
                continue
            value = np.float32(rng.uniform(0.1, 1.0))
            if vertical:
                dark[:, max(0, at):at + width] += value
            else:
                dark[max(0, at):at + width, :] += value
    for _ in range(rng.integers(0, 3)):
        r0, c0 = rng.integers(0, size - 60, 2)
        dark[r0:r0 + 60, c0:c0 + 3] += np.float32(0.8)
    return np.clip(dark, 0, 1)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), near=st.none() | st.tuples(st.integers(0, SIZE), st.integers(0, SIZE),
                                                                   st.integers(1, SIZE)))
def test_grid_lines_are_the_block_by_block_definition(seed, near):
    dark = _grid_dark(np.random.default_rng(seed))
    for other in (False, True):
        want = _grid_lines_reference(dark, near, other)
        assert read._grid_lines(dark, near, other) == want
    assert len(_grid_lines_reference(dark)) >= 20   # lines were found: the comparison is not empty


# --------------------------------------------------------------------------- round fifteen

def _rectify_reference(gray: np.ndarray, H: np.ndarray, field: np.ndarray) -> np.ndarray:
    """``read._rectify``'s warped branch as it stood before round fifteen (main ce27345): the
    field spread by ``W @ field @ W.T`` (OpenBLAS)."""
    import cv2

    _, src_ppm = read._rectify(gray, H)
    scale, src = 1.0, gray
    while src_ppm * scale > 2.4 * P and min(src.shape) > 64:
        src = cv2.pyrDown(src)
        scale *= 0.5
    size = int(round((layout.GRID_MM + 2 * read.MARGIN_MM) * P))
    mm = np.arange(size) / P - read.MARGIN_MM
    u = np.clip(mm / layout.SQUARE_MM, 0, SIZE)
    k0 = np.minimum(np.floor(u).astype(int), SIZE - 1)
    W = np.zeros((size, SIZE + 1))
    W[np.arange(size), k0] = 1 - (u - k0)
    W[np.arange(size), k0 + 1] = u - k0
    X = mm[None, :] + W @ field[..., 0] @ W.T
    Y = mm[:, None] + W @ field[..., 1] @ W.T
    M = np.diag([scale, scale, 1.0]) @ H
    w = M[2, 0] * X + M[2, 1] * Y + M[2, 2]
    mx = ((M[0, 0] * X + M[0, 1] * Y + M[0, 2]) / w).astype(np.float32)
    my = ((M[1, 0] * X + M[1, 1] * Y + M[1, 2]) / w).astype(np.float32)
    return cv2.remap(src, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), reach=st.sampled_from([0.05, 0.5, 3.0, 12.0]))
def test_grid_warp_spreads_the_field_as_the_matrix_product(seed, reach):
    from railprint.games.railroad_ink.photo import grid_warp

    rng = np.random.default_rng(seed)
    size = int(rng.integers(2, 1200))
    mm = np.arange(size) / P - rng.uniform(0, 20)
    field = rng.normal(0, reach, (SIZE + 1, SIZE + 1))
    u = np.clip(mm / layout.SQUARE_MM, 0, SIZE)
    k0 = np.minimum(np.floor(u).astype(int), SIZE - 1)
    W = np.zeros((size, SIZE + 1))
    W[np.arange(size), k0] = 1 - (u - k0)
    W[np.arange(size), k0 + 1] = u - k0
    k, t = grid_warp.weights(mm, layout.SQUARE_MM, SIZE)
    assert np.array_equal(k, k0) and np.array_equal(t, u - k0)
    # the same sums; only the rounding may differ (as the BLAS's own does between thread counts)
    assert np.abs(grid_warp.spread(field, k, t) - W @ field @ W.T).max() <= 1e-13 * max(1.0, np.abs(field).max())


@settings(max_examples=6, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1))
def test_warped_rectification_is_the_old_one(seed):
    """A photo rectified through a field: the same pixels as before round fifteen."""
    rng = np.random.default_rng(seed)
    h, w = int(rng.integers(900, 2200)), int(rng.integers(900, 2200))
    gray = np.clip(rng.normal(200, 40, (h, w)), 0, 255).astype(np.uint8)
    ppm = rng.uniform(4.0, min(h, w) / (layout.GRID_MM + 25))
    H = np.array([[ppm, rng.normal(0, 0.3), rng.uniform(5, 15) * ppm],
                  [rng.normal(0, 0.3), ppm, rng.uniform(5, 15) * ppm], [rng.normal(0, 2e-5), rng.normal(0, 2e-5), 1.0]])
    field = rng.normal(0, rng.uniform(0.2, 2.0), (SIZE + 1, SIZE + 1, 2))
    got, _ = read._rectify(gray, H, field)
    assert np.array_equal(got, _rectify_reference(gray, H, field))


def test_two_or_three_marks_darken_each_rectified_grid_once():
    """Round fifteen: with two or three marks found, the grid fitted to its printed lines measured
    the darkness of the last rectification, and ``read_photo`` measured it again (about 25 ms at
    any photo size); each rectified grid is now darkened once."""
    import hashlib

    from railprint.games.railroad_ink.photo.synth import make_photo

    photo = make_photo(970_007, megapixels=1.5, cover=(0,))
    seen: list[str] = []
    darkness = read._darkness

    def counted(rect):
        seen.append(hashlib.sha1(np.ascontiguousarray(rect).tobytes()).hexdigest())
        return darkness(rect)

    read._darkness = counted
    try:
        reading = read.read_photo(photo.jpeg)
    finally:
        read._darkness = darkness
    assert reading.markers == 3 and len(seen) >= 2
    assert len(set(seen)) == len(seen)
