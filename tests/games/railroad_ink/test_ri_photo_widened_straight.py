"""Round twenty-six (photo/widened_straight.py): a flagged straight of one kind whose line widens at its
centre, as the sheet's straights read with certainty do not, is guessed the station its sides make.
Main guessed a station drawn over a straight whose one side was misread as the other kind a plain
straight (``r.r.``) wherever the centre showed none of the sheet's station marks (a square or bar
drawn over the route's own line closes no paper)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("cv2")

from railprint.games.railroad_ink.board import square  # noqa: E402
from railprint.games.railroad_ink.photo import widened_straight  # noqa: E402
from railprint.games.railroad_ink.photo.read import Uncertain, _faces  # noqa: E402
from tests.games.railroad_ink.photo_boards import flagged, sides_read  # noqa: E402

NEITHER = "neither clearly a highway nor a railway"
PPM = 6.0
SPACE = 21.0 * PPM


def _centre(r: int, c: int) -> tuple[float, float]:
    return (c + 0.5) * SPACE, (r + 0.5) * SPACE


def _ink(tokens: dict, marks: dict) -> np.ndarray:
    """A 7 x 7 sheet's ink: each straight a 1.2 mm line through its space, each mark a square of that many mm."""
    ink = np.zeros((int(7 * SPACE), int(7 * SPACE)), np.uint8)
    h, w = int(0.6 * PPM), int(SPACE / 2)
    for (r, c), token in tokens.items():
        x, y = (int(v) for v in _centre(r, c))
        if token[0] != ".":
            ink[y - w:y + w, x - h:x + h] = 1
        else:
            ink[y - h:y + h, x - w:x + w] = 1
    for (r, c), mm in marks.items():
        x, y = (int(v) for v in _centre(r, c))
        m = int(mm / 2 * PPM)
        ink[y - m:y + m, x - m:x + m] = 1
    return ink


# the sheet's straights read with certainty (A1, B2, C3), and D4, flagged, a railway whose south is doubted
SURE = {(0, 0): "r.r.", (1, 1): ".h.h", (2, 2): "h.h."}


def _apply(tokens: dict, reasons: dict, marks: dict):
    rows, uncertain = flagged(tokens, reasons, Uncertain)
    sides_at = sides_read(rows)

    rows, uncertain = widened_straight.apply(rows, uncertain, _ink(tokens, marks), _centre, PPM, square, Uncertain,
                                             sides_at=sides_at, faces=_faces)
    return rows, {u.square: (u.guess, u.reason) for u in uncertain}


def test_the_widening_of_a_straight_by_a_square_drawn_over_it():
    tokens = {(3, 3): "r.r.", (3, 5): ".r.r"}
    ink = _ink(tokens, {(3, 3): 5.0, (3, 5): 5.0})
    assert widened_straight.widening(ink, *_centre(3, 3), PPM, True) == pytest.approx(5.0 - 1.0, abs=0.3)
    assert widened_straight.widening(ink, *_centre(3, 5), PPM, False) == pytest.approx(5.0 - 1.0, abs=0.3)
    assert widened_straight.widening(_ink(tokens, {}), *_centre(3, 3), PPM, True) == pytest.approx(0.0, abs=0.01)
    # a T's third side lost in the reading: its line meets the centre from one side only (indep2 210,053 G3)
    stub = _ink(tokens, {})
    x, y = (int(v) for v in _centre(3, 3))
    stub[y - int(0.6 * PPM):y + int(0.6 * PPM), x - int(SPACE / 2):x] = 1
    assert widened_straight.widening(stub, x, y, PPM, True) == pytest.approx(0.0, abs=0.01)
    # railway sleepers along the line, one across the centre: the medians leave them
    ties = _ink(tokens, {})
    for dy in range(-60, 61, 24):
        ties[y + dy - 3:y + dy + 3, x - int(2.5 * PPM):x + int(2.5 * PPM)] = 1
    assert widened_straight.widening(ties, x, y, PPM, True) == pytest.approx(0.0, abs=0.01)
    # broad hatched ties, 2.5 mm of every 4 (indep3 301,718): more than half the middle, less than two thirds
    hatched = _ink(tokens, {})
    for dy in range(-48, 49, 24):
        hatched[y + dy - 7:y + dy + 8, x - int(2.5 * PPM):x + int(2.5 * PPM)] = 1
    assert widened_straight.widening(hatched, x, y, PPM, True) < widened_straight.WIDER_MM


def test_a_widened_straight_flagged_for_a_kind_doubt_is_guessed_its_station():
    """indep 135,182 C6 and 135,131 C4 (spent held out of round twenty-five): ``r.h.s`` read ``r.r.``, the
    south doubted, the centre 1.8-3.0 mm wider than the route's halves; the sheet's straights 0.6 at most."""
    why = f"S: {NEITHER}"
    tokens = {**SURE, (3, 3): "r.r."}
    rows, flags = _apply(tokens, {(3, 3): why}, {(3, 3): 5.0})
    assert rows[3][3].token == "r.h.s" and flags == {"D4": ("r.h.s", why)}


def test_the_guess_stays_where_the_straight_or_the_sheet_says_nothing():
    why = f"S: {NEITHER}"
    tokens = {**SURE, (3, 3): "r.r."}
    # no mark: the line as wide at the centre as along it
    rows, flags = _apply(tokens, {(3, 3): why}, {})
    assert rows[3][3].token == "r.r." and flags == {"D4": ("r.r.", why)}
    # a mark too small to widen the route (a 1.5 mm dot: 0.3 mm)
    rows, _ = _apply(tokens, {(3, 3): why}, {(3, 3): 1.5})
    assert rows[3][3].token == "r.r."
    # a straight the sheet reads with certainty widens as much: the sheet's straights are drawn so
    rows, _ = _apply(tokens, {(3, 3): why}, {(3, 3): 5.0, (0, 0): 5.0})
    assert rows[3][3].token == "r.r."
    # no side doubted and none meets the other kind: the station's sides are not known
    rows, _ = _apply(tokens, {(3, 3): "a faint line?"}, {(3, 3): 5.0})
    assert rows[3][3].token == "r.r."
    # read with certainty: never touched
    rows, flags = _apply(tokens, {}, {(3, 3): 5.0})
    assert rows[3][3].token == "r.r." and flags == {}


@pytest.fixture(scope="module")
def indep2_210056():
    from tests.games.railroad_ink.indep2_seed import read_seed

    return read_seed(210056)


def test_indep2_210056_a_station_over_a_straight_flagged_for_a_faint_line(indep2_210056):
    """indep2 210,056 (spent held out of round twenty-five): F1 ``.h.rs``, its east side a faint line and
    its centre showing none of the sheet's marks, was guessed ``.r.r`` on main; its line is 3.0 mm wider
    at the centre than along it, the sheet's straights read with certainty none."""
    got = indep2_210056
    assert got.board.rows[5][0].token == ".h.rs"
    assert got.reading.board.rows[5][0].token == ".h.rs"
    assert got.flagged["F1"].guess == ".h.rs"
    assert got.flagged["F1"].reason == ("E: a faint line?; highway and railway meet without a station; the paper is "
                                        "overexposed here (white clipped): a light line may be lost")
    assert "F1" not in got.wrong
