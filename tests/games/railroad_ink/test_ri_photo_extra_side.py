"""Round twenty-seven (h-extra): a crossed-out space's guess is the drawing its neighbours join
(photo/extra_side.py).

On main a space crossed out with an X and drawn again turned is flagged "crossed out?" and guessed
as both drawings at once: the second independent check's 210,593 E5 (``.h.h`` crossed out over
``h.h.``) was guessed ``hhhh``, G3 (``r..r`` over a turned station curve) ``rrhrs``.
"""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.photo import extra_side
from railprint.games.railroad_ink.photo.crossed import CROSSED_WHY
from railprint.games.railroad_ink.photo.read import Uncertain, _faces
from tests.games.railroad_ink.photo_boards import flagged_board


def _sheet(cells: dict, flags: dict):
    return flagged_board(cells, flags, Uncertain)


def test_a_crossed_out_crossing_is_guessed_the_straight_its_neighbours_join():
    # C3 read hhhh: C2 and C4 hold highways facing it, B3 and D3 are empty
    rows, uncertain = _sheet({"C3": "hhhh", "C2": ".h.h", "C4": ".h.h"}, {"C3": CROSSED_WHY})
    got_rows, got = extra_side.revise(rows, uncertain, faces=_faces, uncertain_of=Uncertain)
    assert [(u.square, u.guess, u.reason) for u in got] == [("C3", ".h.h", CROSSED_WHY)]
    assert got_rows[2][2].token == ".h.h" and got_rows[2][1].token == ".h.h"


def test_a_crossed_out_station_keeps_the_sides_that_meet_routes():
    # E4 read hhrrs (a station straight h.r.s crossed out, .h.rs drawn again): its east highway and
    # west railway meet their kinds, north and south meet empty sides
    rows, uncertain = _sheet({"E4": "hhrrs", "E5": "...h", "E3": ".r.."}, {"E4": "E: a few marks; " + CROSSED_WHY})
    assert extra_side.revise(rows, uncertain, faces=_faces, uncertain_of=Uncertain)[1][0].guess == ".h.rs"


@pytest.mark.parametrize("cells, why", [
    ({"C3": "hhhh", "C2": ".h.h", "C4": ".h.h"}, "N: a few marks"),    # no X: left
    ({"C3": "hhhh"}, CROSSED_WHY),                                     # nothing beside it: no best, left
    ({"C3": "hhhh", "C2": ".h.h", "C4": ".h.h", "B3": "..h.", "D3": "h..."}, CROSSED_WHY),   # all four join: left
    ({"C3": ".h.h", "C2": ".h.h"}, CROSSED_WHY),                       # two sides: left
])
def test_other_spaces_are_left(cells, why):
    rows, uncertain = _sheet(cells, {"C3": why})
    got_rows, got = extra_side.revise(rows, uncertain, faces=_faces, uncertain_of=Uncertain)
    assert got == uncertain and got_rows == rows


@pytest.fixture(scope="module")
def reading_210593():
    from tests.games.railroad_ink.indep2_seed import read_seed
    return read_seed(210593)


@pytest.mark.parametrize("sq, guess", [("E5", ".h.h"), ("G3", "r..r")])
def test_a_crossed_out_sheets_spaces_guessed_as_drawn_again(reading_210593, sq, guess):
    assert "crossed-out" in reading_210593.plan.habits
    assert sq in reading_210593.flagged and CROSSED_WHY in reading_210593.flagged[sq].reason
    assert reading_210593.flagged[sq].guess == guess and sq not in reading_210593.wrong
