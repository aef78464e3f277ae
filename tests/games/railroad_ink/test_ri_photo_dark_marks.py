"""Round nineteen (issue 35): the corner marks in paper a harsh contrast curve crushed dark
(``photo/dark_marks.py``, ``read._dark_marks``)."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from railprint.games.railroad_ink.photo import dark_marks, read, synth


def _harsh(jpeg: bytes, gamma: float = 1.6, slope: float = 12.0) -> bytes:
    """``field.py``'s ``contrast`` curve at the dark end of its range (gamma 1.6, an S-curve of slope 12)."""
    f = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR).astype(np.float32) / 255
    f = 1 / (1 + np.exp(-slope * (f ** gamma - 0.5)))
    lo, hi = 1 / (1 + math.exp(slope / 2)), 1 / (1 + math.exp(-slope / 2))
    return cv2.imencode(".jpg", np.clip((f - lo) / (hi - lo) * 255 + 0.5, 0, 255).astype(np.uint8),
                        [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()


def test_the_dark_tones_are_spread_apart():
    grey = np.array([[0, 16, 32, 64, 128, 255]], np.uint8)
    assert dark_marks.lifted(grey).tolist() == [[0, 97, 123, 157, 200, 255]]


@pytest.fixture(scope="module")
def crushed():
    """Synth dev 940,008 (8.6 MP, its marks 29 px wide, a shadow over the sheet) through the
    harshest contrast curve: main's reader found one mark (followed the printed grid from it)."""
    photo = synth.make_photo(940_008)
    return photo, _harsh(photo.jpeg)


def test_marks_in_crushed_shadows_are_found(crushed):
    photo, data = crushed
    gray = read._decode(data)
    copy = read._detection_copy(gray)
    assert len(read._detect(gray, copy[1], small=copy[0])[0]) == 0   # the first look finds none
    assert sorted(read._find_all(gray)[0]) == [0, 1, 3]
    reading = read.read_photo(data, "crushed.jpg")
    assert reading.markers == 3
    wrong = {f"{'ABCDEFG'[r]}{c + 1}" for r in range(7) for c in range(7)
             if reading.board.rows[r][c] != photo.board.rows[r][c]}
    assert wrong == {"A7"}   # and D3 until round twenty's kind_guess guessed it right (flagged)
    assert wrong <= {u.square for u in reading.uncertain}
