"""Round thirteen: the best guesses of the spaces a pen or a finger lies over (``photo/covered.py``,
``read._covered_guesses``). Only flagged spaces' guesses change: every space read wrong is still
flagged."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from railprint.games.railroad_ink.board import SIZE  # noqa: E402
from railprint.games.railroad_ink.photo import covered, field, layout, read  # noqa: E402
from railprint.games.railroad_ink.photo.read import read_photo  # noqa: E402


def test_a_pens_covered_spaces_are_guessed_from_what_is_seen_of_them():
    # dev photo 980,059 (1.4 MP, a pen across the grid): main's reader (39b9b87) guessed A7 (empty)
    # a four-way railway, B5 (a railway curve) a straight and C4 (a straight station) an
    # overpass: the pen's body read as ink. The band over the hidden printed lines is left out
    # (what is seen beside it is read), and the photo's own share of empty spaces weighs the faces
    photo = field.field_photo(980_059, "pen")
    reading = read_photo(photo.jpeg)
    flagged = {u.square for u in reading.uncertain}
    wrong = {f"{'ABCDEFG'[r]}{c + 1}" for r in range(SIZE) for c in range(SIZE)
             if photo.board.rows[r][c] != reading.board.rows[r][c]}
    assert wrong <= flagged, sorted(wrong - flagged)
    assert {"A7", "B5", "C4"} <= flagged and not {"A7", "B5", "C4"} & wrong, sorted(wrong)
    guesses = {u.square: u.guess for u in reading.uncertain}
    assert (guesses["A7"], guesses["B5"], guesses["C4"]) == ("....", "..rr", "rhrhs")


def test_the_band_over_hidden_pieces_covers_them_and_little_else():
    # a pen 10 mm wide lying diagonally over the grid: the printed lines' pieces under it are
    # hidden; the band fitted to them covers the pen, and no space far from it
    n = SIZE * int(round(layout.SQUARE_MM / read.LINE_SEGMENT_MM))
    centres = covered.piece_centres((2, SIZE + 1, n), layout.SQUARE_MM)
    d = np.abs((centres[..., 0] - centres[..., 1]) / np.sqrt(2))   # distance from the line y = x
    hidden = d <= 5.0
    mask = covered.cover(hidden, (990, 990), layout.SQUARE_MM, read.PX_PER_MM, read.MARGIN_MM)
    p = read.PX_PER_MM
    at = lambda x, y: mask[int((read.MARGIN_MM + y) * p), int((read.MARGIN_MM + x) * p)]  # noqa: E731
    assert at(70, 70) and at(74, 68) and at(20, 24)
    assert not at(90, 60) and not at(20, 120) and not at(130, 10)
    # a drawn line over a printed one hides a piece or two: no band
    few = np.zeros_like(hidden)
    few[0, 3, 10:12] = True
    assert covered.cover(few, (990, 990), layout.SQUARE_MM, read.PX_PER_MM, read.MARGIN_MM) is None
