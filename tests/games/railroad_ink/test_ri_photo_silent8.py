"""Round twenty-six (h-silent8): the last silent spaces, round seven.

- ``photo/one_line.py``: on a sheet whose railways show too few ticks to count how often an arm shows
  none (guesses only), a side guessed a highway keeps its doubt in the flag's reason, so the step that
  lifts a meeting's flag alone (``station_mark``) does not read the guess with certainty: indep2
  210,039 C2 (``.h.rs`` read ``.r.hs`` with certainty on main, spent held out).
- ``photo/crossed.py``: a hand's X whose stroke bends off one of the three diagonals near its corner:
  indep2 210,174 D1 (``..rhs`` read ``rhrhs`` with certainty on main, a night photo, spent held out).
"""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from railprint.games.railroad_ink.photo import crossed  # noqa: E402
from railprint.games.railroad_ink.photo.station_mark import MEET_WHY  # noqa: E402
from tests.games.railroad_ink.indep2_seed import read_seed  # noqa: E402


@pytest.fixture(scope="module")
def reading_210039():
    return read_seed(210039)


@pytest.fixture(scope="module")
def reading_210174():
    return read_seed(210174)


def test_a_side_one_line_only_guessed_keeps_its_doubt_past_the_station_mark(reading_210039):
    u = reading_210039.flagged.get("C2")
    assert u is not None and u.guess == ".r.hs"
    assert u.reason == "W: one broad line with no sleeper standing out: a highway drawn as one line?; " + MEET_WHY
    assert reading_210039.wrong <= set(reading_210039.flagged), sorted(reading_210039.wrong - set(reading_210039.flagged))


def test_a_night_photos_bent_x_flags_the_space(reading_210174):
    assert "night" in reading_210174.plan.effects and "crossed-out" in reading_210174.plan.habits
    u = reading_210174.flagged.get("D1")
    assert u is not None and u.guess == "rhrhs" and u.reason == crossed.CROSSED_WHY
    assert reading_210174.wrong == {"D1", "G7"} and reading_210174.wrong <= set(reading_210174.flagged)


def test_an_x_whose_stroke_bends_off_a_diagonal_near_its_corner():
    p, size = 6.0, 21.0 * 6.0
    x0 = y0 = 20.0
    a, b = int(x0 + 0.12 * size), int(x0 + 0.88 * size)
    for start, seen in ((0.22, True), (0.25, False)):
        ink = np.zeros((200, 200), np.uint8)
        cv2.line(ink, (b, a), (a, b), 1, 3)   # the north-east to south-west stroke, whole
        s = int(x0 + start * size)            # the other starts this far along its diagonal
        cv2.line(ink, (s, s), (b, b), 1, 3)
        assert crossed.crossed_out(ink, x0, y0, size, p) is seen, start
