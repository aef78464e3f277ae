"""butt_pack searches the choices once per canonical region (the largest sums of box sides its
sides hold) and replays them on the real sides: the same packing, blocks and free rectangles as
the direct search of every region (``packing._best``), which this checks on many regions."""

from __future__ import annotations

import random

import pytest

from railprint.layout import packing
from railprint.units import mm
from tests.helpers import quick_count


def _direct(W, H, w, h, turn=True):
    simple = [packing._grid(W, H, cw, ch, t) for cw, ch, t in ((w, h, False), (h, w, True))
              if t is False or (turn and abs(w - h) > packing._EPS)]
    simple = [p for p in simple if p.count]
    if simple and max(p.count for p in simple) > packing.MIXED_LIMIT:
        return max(simple, key=packing._key)
    return packing._best(packing._r(W), packing._r(H), w, h, turn)[0]


def _cases(seed, n):
    rng = random.Random(seed)
    for _ in range(n):
        w, h = mm(rng.choice([rng.uniform(8, 120), rng.choice([25, 44, 50, 63, 68, 88, 100])])), \
            mm(rng.choice([rng.uniform(8, 120), rng.choice([25, 44, 50, 63, 68, 88, 100])]))
        if rng.random() < 0.15:
            h = w                      # squares: never turned
        if rng.random() < 0.15:
            h = 2 * w                  # sums that coincide (2w = h)
        sums = [i * w + j * h for i in range(6) for j in range(6)]
        sides = []
        for _ in range(2):
            kind = rng.random()
            if kind < 0.3:             # exactly a sum of box sides, or a hair either side of one
                side = rng.choice(sums[1:]) + rng.choice([0.0, 1e-7, -1e-7, 5e-6, -5e-6, 2e-4, -2e-4])
            else:
                side = rng.uniform(mm(15), mm(290))
            sides.append(max(side, 1.0))
        yield (*sides, w, h, rng.random() < 0.9)


@pytest.mark.parametrize("seed", range(6))
def test_replayed_canonical_choices_equal_the_direct_search(seed):
    # 60 regions a seed in the long run (RAILPRINT_LONG_TESTS=1), the first 20 by default
    for W, H, w, h, turn in _cases(seed, quick_count(60)):
        assert packing.butt_pack(W, H, w, h, turn) == _direct(W, H, w, h, turn), (W, H, w, h, turn)


def test_the_shipped_sheet_regions():
    # A4 and Letter regions of the shipped card and tile sizes, both bleeds (imposition.plan_butt)
    for w, h in [(mm(44), mm(68)), (mm(63), mm(88)), (mm(50), mm(50)), (mm(140), mm(100)), (mm(16), mm(16))]:
        for W in (mm(197.3) - 2 * mm(3), mm(197.3) - 2 * mm(1), mm(284) - 2 * mm(3), mm(203.2), mm(266.7)):
            for H in (mm(270) - 2 * mm(3), mm(284) - 2 * mm(1), mm(190), mm(253.4)):
                assert packing.butt_pack(W, H, w, h) == _direct(W, H, w, h)
