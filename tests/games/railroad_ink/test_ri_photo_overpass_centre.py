"""Round twenty: an overpass doubted for its centre alone on a sheet of filled stations
(photo/overpass_centre.py). Main's reader flagged every straight crossing whose centre box was part
filled by the lines crossing ("centre: a station?") and guessed the overpass, read right; where the
sheet's stations are filled and this centre holds no filled mark nor an outline, no station is
drawn there. Drawn fixtures at the reader's 6 px/mm, and one photo of the first independent
generator."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from railprint.games.railroad_ink.board import Cell, square  # noqa: E402
from railprint.games.railroad_ink.photo import overpass_centre  # noqa: E402
from railprint.games.railroad_ink.photo.read import PX_PER_MM, Uncertain, _centre_px  # noqa: E402

P = PX_PER_MM
WHY = overpass_centre.CENTRE_WHY
STATIONS = ((1, 1), (1, 3), (3, 1), (5, 5))   # stations of a highway and a railway (curves)
CROSSING = (3, 3)                            # an overpass: two lines crossing, nothing at the middle
RINGED = (5, 1)                              # an overpass with a ring drawn around its middle


def _sheet(filled: bool) -> np.ndarray:
    ink = np.zeros((int(round((9 * 2 + 7 * 21) * P)),) * 2, np.uint8)
    for place in STATIONS:
        cx, cy = _centre_px(*place)
        h = 2.5 * P
        cv2.rectangle(ink, (int(cx - h), int(cy - h)), (int(cx + h), int(cy + h)), 1, -1 if filled else 2)
    for place in (CROSSING, RINGED):
        cx, cy = _centre_px(*place)
        w = int(0.6 * P)
        cv2.line(ink, (int(cx - 10 * P), int(cy)), (int(cx + 10 * P), int(cy)), 1, w)
        cv2.line(ink, (int(cx), int(cy - 10 * P)), (int(cx), int(cy + 10 * P)), 1, w)
    cx, cy = _centre_px(*RINGED)
    cv2.circle(ink, (int(cx), int(cy)), int(4.0 * P), 1, 2)
    return ink


def _apply(filled: bool, reasons: dict) -> set[str]:
    tokens = {place: "hr..s" for place in STATIONS}
    tokens.update({CROSSING: "hrhro", RINGED: "rhrho"})
    rows = [[Cell() for _ in range(7)] for _ in range(7)]
    for (r, c), token in tokens.items():
        rows[r][c] = Cell(token[:4], token[4:])
    rows = [tuple(row) for row in rows]
    uncertain = [Uncertain(square(r, c), tokens[(r, c)], why) for (r, c), why in reasons.items()]
    kept = overpass_centre.apply(rows, uncertain, _sheet(filled), _centre_px, P, square)
    return {u.square for u in kept}


def test_a_bare_crossing_on_a_sheet_of_filled_stations_is_read_with_certainty():
    # D4's flag dropped; F2 (a ring closes in paper around its middle: a hollow station?) kept
    assert _apply(True, {CROSSING: WHY, RINGED: WHY}) == {square(*RINGED)}


def test_another_doubt_keeps_the_flag():
    assert _apply(True, {CROSSING: f"N: neither clearly a highway nor a railway; {WHY}"}) == {square(*CROSSING)}


def test_a_sheet_of_hollow_stations_tells_nothing():
    assert _apply(False, {CROSSING: WHY}) == {square(*CROSSING)}


@pytest.fixture(scope="module")
def indep_reading():
    from benchmarks import indep_photos as gen
    from railprint.games.railroad_ink.photo.read import read_photo

    data, board, _ = gen.make_photo(114003)
    return read_photo(data, "indep-114003.jpg"), board


def test_indep_overpasses_beside_filled_stations_read_with_certainty(indep_reading):
    """indep dev 114,003 (a gel pen, densely hatched squares that read filled): the overpasses D6 and
    E6 ``rhrho`` were flagged "centre: a station?" on main, read right; C6, an overpass read as a
    station (its centre 0.6 filled or more), keeps its flag."""
    reading, board = indep_reading
    flags = {u.square: u.reason for u in reading.uncertain}
    for sq in ("D6", "E6"):
        r, c = "ABCDEFG".index(sq[0]), int(sq[1]) - 1
        assert reading.board.rows[r][c].token == "rhrho" == board.rows[r][c].token
        assert sq not in flags
    assert reading.board.rows[2][5].token == "rhrhs" and flags.get("C6") == WHY
