"""A motion-blurred photo's flagged spaces keep a route whose light line the unblurred copy loses
(``photo/blurred_line.py``, issue 35, round fifteen): the line still rises in the side's middle,
and the blurred photo still holds its ink. Only guesses change: every space read wrong stays
flagged."""

from __future__ import annotations

import math

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from railprint.games.railroad_ink.board import SIZE  # noqa: E402
from railprint.games.railroad_ink.photo import blurred_line, field  # noqa: E402
from railprint.games.railroad_ink.photo.read import read_photo  # noqa: E402


def test_a_side_read_empty_is_guessed_a_route_where_its_middle_rises_and_the_blur_kept_its_ink():
    assert blurred_line.route(".", 0.08, 0.07, None) == "r"
    assert blurred_line.route(".", 0.08, math.nan, "h") == "h"     # the blur ran across: not measured
    assert blurred_line.route(".", 0.08, None, None) is None       # no blurred photo to look at
    assert blurred_line.route(".", 0.08, 0.01, None) is None       # the blurred photo shows no line there
    assert blurred_line.route(".", 0.03, 0.07, None) is None       # nothing rises in the middle
    assert blurred_line.route("r", 0.08, 0.07, None) is None       # read as a route already


def test_a_motion_blurred_photo_s_t_junctions_keep_their_lost_railway():
    # dev seed 941,003 of the motion stress set (1.35 MP, pencil, blurred 9 px at 36 degrees):
    # B1 and G5 (r.rr) lose one railway in the unblurred copy (read empty, B1's "a few marks",
    # G5's) and were guessed r..r and ..rr; each lost side rises 0.16 / 0.06 of the black in its
    # middle where the blurred photo holds 0.07 / 0.05 of ink
    share = 0.0015 + 0.0075 * ((941_003 * 7919) % 1000) / 1000   # bench_photo.py --motion's rule
    photo = field.field_photo(941_003, "motion", None, motion=share)
    reading = read_photo(photo.jpeg)
    flagged = {u.square: u for u in reading.uncertain}
    wrong = {f"{'ABCDEFG'[r]}{c + 1}" for r in range(SIZE) for c in range(SIZE)
             if photo.board.rows[r][c] != reading.board.rows[r][c]}
    assert wrong <= set(flagged)
    for name, (r, c) in (("B1", (1, 0)), ("G5", (6, 4))):
        assert photo.board.rows[r][c].token == "r.rr"
        assert reading.board.rows[r][c].token == "r.rr" and flagged[name].guess == "r.rr"
