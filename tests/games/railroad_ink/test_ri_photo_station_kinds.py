"""Round twenty-four (photo/station_kinds.py): a flagged station's sides are guessed by what lies
across each side's edge (a printed exit, a neighbour read with certainty, the neighbour's side's
place between the sheet's kinds), not by the side's own place beside the station's mark; the same
squares stay flagged, for the same reasons."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import square
from railprint.games.railroad_ink.photo import read, station_kinds
from tests.games.railroad_ink.photo_boards import rows_of

NEEDS = f"E: {read.NEITHER}; a station needs a highway and a railway"


def _guessed(cells, flags, every):
    """Each flagged square's guess after the revision, the flagged squares' reasons unchanged."""
    rows = rows_of(cells)
    uncertain = [read.Uncertain(square(r, c), cells[(r, c)], why) for (r, c), why in flags.items()]
    out, after = station_kinds.revise(rows, uncertain, every, faces=read._faces, uncertain_of=read.Uncertain)
    assert {u.square: u.reason for u in after} == {u.square: u.reason for u in uncertain}
    for u in after:
        r, c = "ABCDEFG".index(u.square[0]), int(u.square[1:]) - 1
        assert out[r][c].token == u.guess
    return {u.square: u.guess for u in after}


# D4 a station of four guessed `hrrrs`; its south side's own place says railway (+0.45, beside the
# mark), but E4's north side across the edge lies far on the highways' side (-1.02)
CROSS = {(3, 3): "hrrrs", (2, 3): "..h.", (4, 3): "h...", (3, 2): ".r..", (3, 4): "...r"}
PLACES = {(3, 3, 0): -0.9, (3, 3, 2): 0.45, (2, 3, 2): -1.0, (4, 3, 0): -1.02, (3, 2, 1): 1.0, (3, 4, 3): 1.0}


def test_a_station_side_follows_the_neighbours_place_across_its_edge():
    # C4 certain (its highway meets D4's north side); E4 flagged: its place alone says highway
    assert _guessed(CROSS, {(3, 3): NEEDS, (4, 3): NEEDS}, PLACES) == {"D4": "hrhrs", "E4": "h..."}


def test_a_neighbour_place_near_the_boundary_or_a_station_neighbour_says_nothing():
    near = {**PLACES, (4, 3, 0): -0.5}
    assert _guessed(CROSS, {(3, 3): NEEDS, (4, 3): NEEDS}, near) == {"D4": "hrrrs", "E4": "h..."}
    # E4 guessed a railway there, against its place: a sheet whose boundary is not its kinds (a
    # highlighter's highways placed with the railways, indep2 dev 90,057)
    assert _guessed({**CROSS, (4, 3): "r..."}, {(3, 3): NEEDS, (4, 3): NEEDS}, PLACES)["D4"] == "hrrrs"
    # E4 guessed a station itself: its side sits beside a mark too
    assert _guessed({**CROSS, (4, 3): "hr..s"}, {(3, 3): NEEDS, (4, 3): NEEDS}, PLACES)["D4"] == "hrrrs"


def test_a_certain_neighbour_and_a_printed_exit_say_their_kinds():
    # B2 `h.r.s` guessed the wrong way round; A2 certain, a highway meeting it; C2 certain, a railway
    cells = {(1, 1): "r.h.s", (0, 1): "..h.", (2, 1): "r..."}
    places = {(0, 1, 2): -1.0, (2, 1, 0): 1.0}
    assert _guessed(cells, {(1, 1): NEEDS}, places) == {"B2": "h.r.s"}
    # no boundary drawn: nothing is done
    assert _guessed(cells, {(1, 1): NEEDS}, {}) == {"B2": "r.h.s"}


def test_a_space_not_flagged_or_not_a_station_is_left_alone():
    cells = {(1, 1): "r.h.s", (0, 1): "..h.", (2, 1): "r..."}
    places = {(0, 1, 2): -1.0, (2, 1, 0): 1.0}
    assert _guessed(cells, {}, places) == {}
    out, _ = station_kinds.revise(rows_of(cells), [], places, faces=read._faces, uncertain_of=read.Uncertain)
    assert out[1][1].token == "r.h.s"
    # a flagged plain route is kind_guess's and route_kinds' (not this step's)
    assert _guessed({**cells, (1, 1): "r.r."}, {(1, 1): NEEDS}, places) == {"B2": "r.r."}


@pytest.fixture(scope="module")
def photo_104937():
    from benchmarks import indep_photos
    data, board, facts = indep_photos.make_photo(104937)
    return board, read.read_photo(data, "indep-104937.jpg")


def test_indep_104937_stations_guessed_by_their_neighbours(photo_104937):
    # main: C4 `rhrhs` read `rrrhs`, F1 `hhhrs` read `hrrrs` (their highways read as certain
    # railways beside the stations' marks; the neighbours' sides across the edges at -1.02, -0.91)
    board, reading = photo_104937
    flags = {u.square: u.reason for u in reading.uncertain}
    for sq, token in {"C4": "rhrhs", "F1": "hhhrs"}.items():
        r, c = "ABCDEFG".index(sq[0]), int(sq[1:]) - 1
        assert board.rows[r][c].token == token
        assert reading.board.rows[r][c].token == token, sq
        assert "a station needs a highway and a railway" in flags[sq]
    # every space read wrong is flagged
    assert all(square(r, c) in flags for r in range(7) for c in range(7)
               if reading.board.rows[r][c].token != board.rows[r][c].token)


def _lifted(cells, flags, every):
    rows = rows_of(cells)
    uncertain = [read.Uncertain(square(r, c), cells[(r, c)], why) for (r, c), why in flags.items()]
    after = station_kinds.lift(rows, uncertain, every)
    return sorted({u.square for u in uncertain} - {u.square for u in after})


# B2 `h.r.s` flagged for its north side's kind; A2 certain (a highway meets it), C2 certain (a railway)
SETTLED = {(1, 1): "h.r.s", (0, 1): "..h.", (2, 1): "r..."}
SETTLED_AT = {(0, 1, 2): -1.0, (2, 1, 0): 1.0}
NORTH = f"N: {read.NEITHER}"


def test_a_station_whose_every_side_meets_its_kind_across_the_edge_is_lifted():
    assert _lifted(SETTLED, {(1, 1): NORTH}, SETTLED_AT) == ["B2"]
    assert _lifted(SETTLED, {(1, 1): NORTH + "; a station needs a highway and a railway"}, SETTLED_AT) == ["B2"]


def test_a_station_the_sheet_does_not_settle_keeps_its_flag():
    # a neighbour flagged; a side meeting nothing; another doubt; no boundary drawn
    assert _lifted(SETTLED, {(1, 1): NORTH, (2, 1): NORTH}, SETTLED_AT) == []
    assert _lifted({**SETTLED, (2, 1): "...."}, {(1, 1): NORTH}, SETTLED_AT) == []
    assert _lifted(SETTLED, {(1, 1): NORTH + "; centre: a station?"}, SETTLED_AT) == []
    assert _lifted(SETTLED, {(1, 1): NORTH}, {}) == []
    # the guess meets the other kind: its sides are not settled
    assert _lifted({**SETTLED, (1, 1): "r.h.s"}, {(1, 1): NORTH}, SETTLED_AT) == []
    # a straight crossing of two kinds: an overpass joins the same sides
    crossing = {(1, 1): "hrhrs", (0, 1): "..h.", (2, 1): "h...", (1, 0): ".r..", (1, 2): "...r"}
    assert _lifted(crossing, {(1, 1): NORTH}, SETTLED_AT) == []


@pytest.fixture(scope="module")
def photo_104947():
    from benchmarks import indep_photos
    data, board, facts = indep_photos.make_photo(104947)
    return board, read.read_photo(data, "indep-104947.jpg")


def test_indep_104947_stations_settled_by_their_neighbours_are_lifted(photo_104947):
    # main: A6 `h.r.s` and F1 `..hrs` read right, flagged for their sides' kinds alone, every side
    # meeting its kind in a neighbour read with certainty or at a printed exit
    board, reading = photo_104947
    flags = {u.square for u in reading.uncertain}
    for sq, token in {"A6": "h.r.s", "F1": "..hrs"}.items():
        r, c = "ABCDEFG".index(sq[0]), int(sq[1:]) - 1
        assert board.rows[r][c].token == token
        assert reading.board.rows[r][c].token == token, sq
        assert sq not in flags, sq
    assert all(square(r, c) in flags for r in range(7) for c in range(7)
               if reading.board.rows[r][c].token != board.rows[r][c].token)
