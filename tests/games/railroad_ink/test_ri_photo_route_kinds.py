"""Round twenty-two (photo/route_kinds.py): a flagged space's route sides are guessed as the kind
their whole route's anchors (printed exits, spaces read with certainty) agree on, the route running
through flagged spaces with no station; the same squares stay flagged."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import square
from railprint.games.railroad_ink.photo import read, route_kinds
from railprint.games.railroad_ink.photo.joined_kinds import STATION_NEEDS
from tests.games.railroad_ink.photo_boards import rows_of

NEITHER_EW = f"E: {read.NEITHER}; W: {read.NEITHER}"


def _guessed(cells, flags, every=None):
    """Each flagged square's guess after the revision, and the flagged squares' reasons unchanged."""
    rows = rows_of(cells)
    uncertain = [read.Uncertain(square(r, c), cells[(r, c)], why) for (r, c), why in flags.items()]
    out, after = route_kinds.revise(rows, uncertain, every or {}, faces=read._faces, uncertain_of=read.Uncertain)
    assert {u.square: u.reason for u in after} == {u.square: u.reason for u in uncertain}
    for u in after:
        r, c = int("ABCDEFG".index(u.square[0])), int(u.square[1:]) - 1
        assert out[r][c].token == u.guess
    return {u.square: u.guess for u in after}


# D1's west side is the printed highway exit D1 W; D3 read with certainty
ROUTE = {(3, 0): ".r.r", (3, 1): ".r.r", (3, 2): ".h.h"}
BOTH = {(3, 0): NEITHER_EW, (3, 1): NEITHER_EW}


def test_a_route_whose_anchors_agree_guesses_its_flagged_spaces():
    assert _guessed(ROUTE, BOTH) == {"D1": ".h.h", "D2": ".h.h"}
    # the printed exit alone (D3 empty) is anchor enough
    assert _guessed({(3, 0): ".r.r", (3, 1): ".r.r"}, BOTH) == {"D1": ".h.h", "D2": ".h.h"}


def test_anchors_that_disagree_change_nothing():
    # D3 read with certainty as a railway, the exit D1 W a highway: a station lost somewhere
    assert _guessed({**ROUTE, (3, 2): ".r.r"}, BOTH) == {"D1": ".r.r", "D2": ".r.r"}


def test_a_station_ends_the_route_and_keeps_its_guess():
    # D2 a station: D1's route ends there (at the highway exit); D3's railway does not reach D1
    cells = {(3, 0): ".r.r", (3, 1): ".h.rs", (3, 2): ".r.r"}
    assert _guessed(cells, {(3, 0): NEITHER_EW, (3, 1): NEITHER_EW}) == {"D1": ".h.h", "D2": ".h.rs"}
    # a station's sides are not guessed here (a route misread beyond it reaches the other kind's anchors)
    assert _guessed({**cells, (3, 1): ".r.hs"}, {(3, 0): NEITHER_EW, (3, 1): NEITHER_EW}) == {
        "D1": ".h.h", "D2": ".r.hs"}


def test_a_space_flagged_as_a_station_ends_the_route():
    # D2 read `.r.r`, flagged "a station needs ..." or for its centre: a lost station? D1 is not anchored
    # through it by D3's highway
    cells = {(3, 0): ".r.r", (3, 1): ".r.r", (3, 2): ".h.h", (3, 3): ".h.h"}
    flags = {(3, 1): NEITHER_EW, (3, 2): NEITHER_EW}
    assert _guessed({**cells, (3, 0): "...."}, flags) == {"D2": ".h.h", "D3": ".h.h"}
    for why in (STATION_NEEDS, "centre: a station?"):
        assert _guessed({**cells, (3, 0): "...."}, {**flags, (3, 1): f"{NEITHER_EW}; {why}"}) == {
            "D2": ".r.r", "D3": ".h.h"}


def test_a_side_placed_on_its_own_kind_keeps_it():
    # D2's east side (or D3's west side across the edge) lies 0.5 or more on the railways' side: D2 keeps
    # its guess (a station lost there?), D1 does not
    assert _guessed(ROUTE, BOTH, every={(3, 1, 1): 0.8}) == {"D1": ".h.h", "D2": ".r.r"}
    assert _guessed(ROUTE, BOTH, every={(3, 2, 3): 0.6}) == {"D1": ".h.h", "D2": ".r.r"}
    assert _guessed(ROUTE, BOTH, every={(3, 1, 1): 0.4}) == {"D1": ".h.h", "D2": ".h.h"}


def test_a_flagged_crossing_joins_its_straight_routes_only():
    # D2 read as a four-way railway crossing: its north-south route (C2, E2 railways read with certainty) is
    # not D1's; two kinds crossing straight on: an overpass read as a crossing
    cells = {(3, 0): ".r.r", (3, 1): "rrrr", (2, 1): "..r.", (4, 1): "r...", (3, 2): ".h.h"}
    flags = {(3, 0): NEITHER_EW, (3, 1): NEITHER_EW}
    assert _guessed(cells, flags) == {"D1": ".h.h", "D2": "rhrho"}
    # an overpass read as one: each of its two routes as its anchors say
    assert _guessed({**cells, (3, 1): "rrrro"}, flags) == {"D1": ".h.h", "D2": "rhrho"}
    # both routes anchored as highways: a four-way highway
    assert _guessed({**cells, (2, 1): "..h.", (4, 1): "h..."}, flags) == {"D1": ".h.h", "D2": "hhhh"}


def test_a_route_with_no_anchor_by_its_sides_mean_place():
    # C3-C4, a route of two flagged spaces ending at empty spaces: no exit, nothing read with certainty
    cells = {(2, 2): ".r.r", (2, 3): ".r.r"}
    flags = {(2, 2): NEITHER_EW, (2, 3): NEITHER_EW}
    assert _guessed(cells, flags) == {"C3": ".r.r", "C4": ".r.r"}
    # its sides' mean place 0.3 or more on the highways' side of the sheet's boundary (one side alone on
    # the railways' side, under 0.5)
    every = {(2, 2, 1): -0.6, (2, 3, 3): -0.5, (2, 3, 1): 0.1}
    assert _guessed(cells, flags, every=every) == {"C3": ".h.h", "C4": ".h.h"}
    assert _guessed(cells, flags, every={**every, (2, 2, 3): 0.4}) == {"C3": ".r.r", "C4": ".r.r"}


def test_a_space_flagged_for_no_doubt_of_its_kinds_keeps_its_guess():
    # D2 flagged only for the grid's lines (indep2 dev 205,220 G3 `hh..`, read right, beside a lost station)
    grid = "the printed grid's lines are not seen here (something over the sheet, or out of the photo)"
    assert _guessed(ROUTE, {**BOTH, (3, 1): grid}) == {"D1": ".h.h", "D2": ".r.r"}


def test_nothing_on_a_board_drawn_freely():
    # A1 and A2, read with certainty, join a highway to a railway: the rules do not hold on this board
    free = {(0, 0): ".h..", (0, 1): "...r"}
    assert _guessed({**ROUTE, **free}, BOTH) == {"D1": ".r.r", "D2": ".r.r"}


# indep3 dev 26,029 (a sheet whose highways the reader took for railways, route after route): on main
# these seven spaces are flagged and guessed as railways (F6 `hrhro` as `rhrho`); their routes' printed
# exits and certain spaces are highways. Every space is read right now; those of the seven still flagged
# are guessed right (since the merge with h-swap's exits-alone boundary some are read with certainty).
FIXED_26029 = ("A3", "A5", "D2", "D6", "E5", "E6", "F6")


@pytest.fixture(scope="module")
def photo_26029():
    from benchmarks import indep3_photos
    data, board, facts = indep3_photos.make_photo(26029)
    return board, read.read_photo(data, "indep3-26029.jpg")


def test_indep3_26029_guessed_by_its_routes(photo_26029):
    board, reading = photo_26029
    flagged = {u.square: u.guess for u in reading.uncertain}
    for r in range(7):
        for c in range(7):
            assert reading.board.rows[r][c].token == board.rows[r][c].token, square(r, c)
    for sq in FIXED_26029:
        r, c = "ABCDEFG".index(sq[0]), int(sq[1:]) - 1
        assert flagged.get(sq, board.rows[r][c].token) == board.rows[r][c].token
    assert [board.rows[r][c].token for r, c in (("ABCDEFG".index(s[0]), int(s[1:]) - 1) for s in FIXED_26029)] == [
        ".h.h", "hh.h", ".hhh", "hh.h", ".h.h", ".hhh", "hrhro"]
