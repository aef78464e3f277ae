"""Tiling's fast bounding boxes (one pass over a group, boxes remembered for every page) against
the plain definition: the union of every leaf's transformed box, cut by each clip on the way;
culling with remembered boxes against culling without."""

from __future__ import annotations

import random

from railprint.layout.tiling import _cull, _leaf_box, bounding_box
from railprint.scene import Circle, Group, IDENTITY, Line, Path, Rect, Style, Text, compose, rotate, scale, translate


def _reference(item, transform=IDENTITY):
    """Box of ``item`` the slow way (None: nothing drawn)."""
    if not isinstance(item, Group):
        x0, y0, x1, y1 = _leaf_box(item)
        a, b, c, d, e, f = transform
        pts = [(a * x + c * y + e, b * x + d * y + f) for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1))]
        return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))
    t = compose(transform, item.transform)
    boxes = [b for b in (_reference(i, t) for i in item.items) if b is not None]
    if not boxes:
        return None
    box = (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
    if item.clip is not None:
        cb = _reference(Rect(item.clip.x, item.clip.y, item.clip.w, item.clip.h, Style(fill="#000000")), t)
        box = (max(box[0], cb[0]), max(box[1], cb[1]), min(box[2], cb[2]), min(box[3], cb[3]))
        if box[0] > box[2] or box[1] > box[3]:   # the content lies wholly outside the clip
            return None
    return box


def _random_item(rng: random.Random, depth: int):
    ink = Style(stroke="#000000", width=rng.choice([0.3, 1, 2])) if rng.random() < 0.7 else Style(fill="#123456")
    kind = rng.randrange(6 if depth < 3 else 5)
    x, y = rng.uniform(-200, 800), rng.uniform(-200, 800)
    if kind == 0:
        return Rect(x, y, rng.uniform(0, 90), rng.uniform(0, 90), ink)
    if kind == 1:
        return Line(x, y, x + rng.uniform(-50, 50), y + rng.uniform(-50, 50), ink)
    if kind == 2:
        return Circle(x, y, rng.uniform(0.5, 40), ink)
    if kind == 3:
        return Path((("M", x, y), ("L", x + 10, y + rng.uniform(-9, 9)),
                     ("C", x, y, x + 5, y + 30, x + 20, y - 4), ("Z",)), ink)
    if kind == 4:
        return Text(x, y, rng.choice(["Łódź", "Oslo", "#12", ""]), rng.choice([6, 9, 14]),
                    anchor=rng.choice(["start", "middle", "end"]))
    items = tuple(_random_item(rng, depth + 1) for _ in range(rng.randrange(0, 6)))
    transform = rng.choice([IDENTITY, translate(rng.uniform(-90, 90), rng.uniform(-90, 90)),
                            rotate(rng.choice([90, 37, 180]), 100, 50), scale(rng.uniform(0.2, 2.5))])
    clip = Rect(x, y, rng.uniform(20, 300), rng.uniform(20, 300)) if rng.random() < 0.3 else None
    return Group(items, transform, clip)


def test_fast_boxes_and_culling_match_the_definition():
    rng = random.Random(17)
    for _ in range(300):
        drawing = Group(tuple(_random_item(rng, 0) for _ in range(rng.randrange(1, 8))))
        memo: dict = {}
        for _ in range(2):  # the second pass reads the remembered boxes
            assert bounding_box(drawing, IDENTITY, memo) == _reference(drawing)
        view = (rng.uniform(-100, 400), rng.uniform(-100, 400))
        view = (*view, view[0] + rng.uniform(50, 400), view[1] + rng.uniform(50, 400))
        # with the boxes remembered from earlier pages, culling keeps exactly what it keeps without
        assert _cull(drawing.items, view, IDENTITY, memo) == _cull(drawing.items, view, IDENTITY, None)


def test_culling_long_groups_page_after_page_keeps_what_plain_culling_keeps():
    """A group of many items (a board's spaces, names) is culled through a grid of its boxes made
    at the first page: every later page, of any size and place, keeps the same items in the same
    order as culling them one by one (items over many cells, views over many cells too)."""
    rng = random.Random(23)
    for _ in range(40):
        leaves = [_random_item(rng, 3) for _ in range(rng.randrange(60, 300))]
        leaves += [Rect(-5000, -5000, 20000, rng.uniform(1, 20000), Style(fill="#000000"))]   # wide
        rng.shuffle(leaves)
        nested = Group(tuple(leaves[: len(leaves) // 2]), rng.choice([IDENTITY, translate(30, -20), scale(1.5)]))
        drawing = Group((nested, *leaves[len(leaves) // 2:]))
        memo: dict = {}
        for _ in range(8):   # pages: the first makes the grids
            x, y = rng.uniform(-300, 700), rng.uniform(-300, 700)
            size = rng.choice([(150, 250), (250, 150), (5, 5), (4000, 4000)])
            view = (x, y, x + size[0], y + size[1])
            assert _cull(drawing.items, view, IDENTITY, memo) == _cull(drawing.items, view, IDENTITY, None)


def test_culling_through_the_grid_takes_boxes_and_views_that_are_not_finite():
    ink = Style(fill="#000000")
    items = tuple(Rect(i * 10.0, 0, 5, 5, ink) for i in range(70))
    items += (Rect(float("inf"), 0, 1, 1, ink), Rect(float("nan"), 0, 1, 1, ink))
    memo: dict = {}
    for view in ((0, 0, 100, 100), (200, 0, 400, 100), (-float("inf"), 0, float("inf"), 9), (0, 0, float("nan"), 5)):
        assert _cull(items, view, IDENTITY, memo) == _cull(items, view, IDENTITY, None)
