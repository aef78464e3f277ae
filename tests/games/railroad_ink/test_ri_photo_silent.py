"""Round fourteen: spaces read wrong and not flagged on the generator's own field photos (issue 35:
every space read wrong must be flagged), each found on a dev seed and kept here."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from railprint.games.railroad_ink.board import SIZE, Cell  # noqa: E402
from railprint.games.railroad_ink.photo import field, filled_centre, read, synth  # noqa: E402
from railprint.games.railroad_ink.photo.read import read_photo  # noqa: E402


def test_a_station_filled_lighter_than_its_lines_is_no_certain_overpass():
    # dev field photo 980,088 (sharpen, pencil, 3.1 MP): its ink threshold sits at the paper's
    # noise and the pencil's station fill just under it, so the opened ink keeps nothing of the
    # square: F4's 2+2 station (hrhrs) was read as an overpass with certainty
    base = synth.make_photo(980_088)
    photo = field.field_photo(980_088, "sharpen", base=base)
    reading = read_photo(photo.jpeg)
    flagged = {u.square: u.reason for u in reading.uncertain}
    assert flagged.get("F4") == filled_centre.FILLED_WHY
    assert reading.board.rows[5][3] == Cell("hrhr", "s") == photo.board.rows[5][3]
    wrong = {f"{'ABCDEFG'[r]}{c + 1}" for r in range(SIZE) for c in range(SIZE)
             if photo.board.rows[r][c] != reading.board.rows[r][c]}
    assert wrong <= set(flagged), (sorted(wrong - set(flagged)), photo.params)
    # the photo's true overpasses stay certain (their centres are mostly paper)
    overpasses = [f"{'ABCDEFG'[r]}{c + 1}" for r in range(SIZE) for c in range(SIZE)
                  if photo.board.rows[r][c].marker == "o" and reading.board.rows[r][c].marker == "o"]
    assert overpasses and not any(flagged.get(sq) == filled_centre.FILLED_WHY for sq in overpasses)


def test_a_filled_centre_is_told_from_an_overpass_s_crossing_lines():
    p = read.PX_PER_MM
    rel = np.full((400, 400), 0.02, np.float32)
    box = (slice(100, 100 + int(3.2 * p)), slice(100, 100 + int(3.2 * p)))
    level = 0.4
    # an overpass: a railway's line and two highway lines crossing the centre, paper between
    rel[100:120, 109:112] = 0.9
    rel[109:112, 100:120] = 0.9
    assert not filled_centre.filled(rel, box, level)
    # a pencil station's fill, lighter than the lines and just under the ink threshold
    rel[box] = 0.37
    assert filled_centre.filled(rel, box, level)
    assert not filled_centre.filled(rel, box, 0.0)
