"""imposition._sides finds a cell's neighbours by bisection along each edge: the same sides
(shared, partly shared, free) as testing every cell of the edge's row, checked here on grids,
staggered rows, turned cells and random boxes."""

from __future__ import annotations

import random

import pytest

from railprint.layout.imposition import _FREE, _PARTIAL, _SHARED, _Cell, _sides


def _sides_by_every_pair(cells):
    """The sides as first written: every other cell tested against each side."""
    eps = 1e-3
    boxes = [(c.x, c.y, c.x + c.box[0], c.y + c.box[1]) for c in cells]
    out = []
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        result = []
        for side in range(4):
            spans = []
            edge = (y0, x1, y1, x0)[side]
            for j, (a0, b0, a1, b1) in enumerate(boxes):
                if j == i:
                    continue
                if side in (0, 2):
                    if abs(edge - (b1 if side == 0 else b0)) < eps:
                        spans.append((max(x0, a0), min(x1, a1)))
                elif abs(edge - (a0 if side == 1 else a1)) < eps:
                    spans.append((max(y0, b0), min(y1, b1)))
            lo, hi = (x0, x1) if side in (0, 2) else (y0, y1)
            covered, at = 0.0, lo
            for a, b in sorted(s for s in spans if s[1] - s[0] > eps):
                if b > at:
                    covered += b - max(a, at)
                    at = b
            result.append(_SHARED if covered >= hi - lo - eps else _PARTIAL if covered > eps else _FREE)
        out.append(tuple(result))
    return out


def _layout(seed):
    rng = random.Random(seed)
    w, h = rng.choice([(20.0, 30.0), (124.7, 192.8), (16.0, 16.0), (45.35, 45.35)])
    cells = []
    kind = seed % 4
    cols, rows = rng.randint(1, 30), rng.randint(1, 8)
    for r in range(rows):
        shift = (rng.random() * w if kind == 1 else 0.0)                  # staggered rows
        for c in range(cols):
            if kind == 2 and rng.random() < 0.2:
                continue                                                # gaps
            turned = kind == 3 and rng.random() < 0.3
            cw, ch = (h, w) if turned else (w, h)
            x = 10 + shift + c * w + (rng.choice([0.0, 0.0004, -0.0004, 0.01]) if kind == 3 else 0.0)
            cells.append(_Cell(len(cells), None, x, 10 + r * h, cw if not turned else w, ch if not turned else h,
                               90 if turned else 0, 0.0))
    return cells


@pytest.mark.parametrize("seed", range(40))
def test_sides_equal_testing_every_pair(seed):
    cells = _layout(seed)
    assert _sides(cells, True) == _sides_by_every_pair(cells)


def _edge_marks_by_every_obstacle(segments, obstacles, limit):
    """The crop marks as first written: every obstacle tested against every mark."""
    from railprint.layout.imposition import MARK_LENGTH, MARK_OFFSET
    from railprint.units import mm

    out = []
    for x1, y1, x2, y2 in segments:
        horizontal = y1 == y2
        for sign, (ex, ey) in ((-1, (x1, y1)), (1, (x2, y2))):
            start = (ex if horizontal else ey) + sign * MARK_OFFSET
            edge = (limit.x + limit.w if sign > 0 else limit.x) if horizontal else \
                   (limit.y + limit.h if sign > 0 else limit.y)
            room = (edge - start) * sign
            across = ey if horizontal else ex
            for ox, oy, ow, oh in obstacles:
                lo, hi = (oy, oy + oh) if horizontal else (ox, ox + ow)
                if not lo < across < hi:
                    continue
                near, far = (ox, ox + ow) if horizontal else (oy, oy + oh)
                gap_to = (near - start) if sign > 0 else (start - far)
                if gap_to >= -1e-6:
                    room = min(room, gap_to)
                elif (start - near) * (far - start) > 0:
                    room = 0.0
            length = min(MARK_LENGTH, room)
            if length >= mm(1):
                end = start + sign * length
                out.append((start, ey, end, ey) if horizontal else (ex, start, ex, end))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_edge_marks_equal_testing_every_obstacle(seed):
    from railprint.layout.imposition import _cut_segments, _edge_marks
    from railprint.scene import Rect

    cells = _layout(seed)
    rng = random.Random(seed)
    bleed = rng.choice([0.0, 3.0, 8.5])
    boxes = [(c.x, c.y, *c.box, bleed) for c in cells]
    obstacles = [(x - b, y - b, w + 2 * b, h + 2 * b) for x, y, w, h, b in boxes]
    obstacles += [(rng.uniform(0, 500), rng.uniform(0, 800), rng.uniform(5, 80), rng.uniform(5, 40)) for _ in range(3)]
    limit = Rect(5, 5, rng.uniform(300, 4000), rng.uniform(300, 2000))
    got = [(i.x1, i.y1, i.x2, i.y2) for i in _edge_marks(_cut_segments(boxes), obstacles, limit)]
    assert got == _edge_marks_by_every_obstacle(_cut_segments(boxes), obstacles, limit)
