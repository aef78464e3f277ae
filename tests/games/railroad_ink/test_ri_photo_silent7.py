"""Round twenty-five (h-silent7): the last silent spaces, round six.

photo/small_colour.py reads a small photo's colours at full size (the half-size colour copy of a grid
under ``read.LOW_GRID_PX_PER_MM`` is too small to rectify), for ``night_pens``' flags alone. On main a
messaging app's copy of a night photo lost its yellow colour-pencil highways in the grey with no
colour to show them: indep2 209,642 C5 (``hh..``) and E7 (``.hhh``) read empty with certainty
(spent held out).
"""

from __future__ import annotations

import pytest

pytest.importorskip("cv2")

from railprint.games.railroad_ink.photo import night_pens, small_colour  # noqa: E402
from tests.games.railroad_ink.indep2_seed import read_seed  # noqa: E402


@pytest.fixture(scope="module")
def reading_209642():
    return read_seed(209642)


def _at(got, sq: str):
    r, c = "ABCDEFG".index(sq[0]), int(sq[1:]) - 1
    return got.reading.board.rows[r][c].token, None if sq not in got.flagged else got.flagged[sq].reason


@pytest.mark.parametrize("sq", ["C5", "E7"])
def test_a_small_night_photos_lost_pen_flags_the_spaces_read_empty(reading_209642, sq):
    assert _at(reading_209642, sq) == ("....", night_pens.LOST_WHY)


def test_every_wrong_space_on_the_small_night_photo_is_flagged(reading_209642):
    # (round twenty-five's h-night4 flagged C5 and E7 by the same colours through night_pens.tinted alone; merged
    # here: night_pens.lost also flags this sheet's empty spaces, A7 and B2 among them)
    assert len(reading_209642.wrong) == 20 and reading_209642.wrong <= set(reading_209642.flagged)


def test_a_small_photos_colours_at_full_size():
    import cv2
    import numpy as np
    image = np.full((90, 120, 3), 200, np.uint8)
    image[40:50, :] = (40, 160, 220)   # a yellow-orange band on grey paper (BGR)
    ok, jpeg = cv2.imencode(".jpg", image)
    data = jpeg.tobytes()
    seen = []

    def rectify(bgr):
        seen.append(bgr.shape)
        return bgr
    got = small_colour.chroma(data, (90, 120), rectify)
    assert seen == [(90, 120, 3)] and got is not None and got.amount.shape[:2] == (90, 120)
    assert small_colour.chroma(data, (45, 60), rectify) is None            # not the grey photo's size
    assert small_colour.chroma(b"GIF89a" + data, (90, 120), rectify) is None   # not a JPEG, PNG or WebP
    assert len(seen) == 1
