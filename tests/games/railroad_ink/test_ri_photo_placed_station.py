"""Round twenty-seven (photo/placed_station.py): a flagged route of one kind whose doubted side the sheet's
clean boundary places with the other kind, and its other side with its own, is guessed the station; the
square stays flagged, for the same reason."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import Cell
from railprint.games.railroad_ink.photo import placed_station, read
from tests.games.railroad_ink.photo_boards import right_and_flagged, rows_of

WHY = f"N: {read.NEITHER}"
# C3 `r.r.` (a station `h.r.s` whose mark was not seen): its north side placed with the highways
PLACES = {(2, 2, 0): -1.02, (2, 2, 2): 1.04, (5, 5, 0): -1.0, (5, 5, 2): -0.97, (4, 4, 1): 1.0, (4, 4, 3): 0.98}


def _guessed(cells=None, why=WHY, every=PLACES):
    cells = {(2, 2): "r.r."} if cells is None else cells
    rows = rows_of(cells)
    uncertain = [read.Uncertain("C3", cells[(2, 2)], why)]
    out, flags = placed_station.revise(rows, uncertain, every, faces=read._faces, cell_of=Cell,
                                       uncertain_of=read.Uncertain)
    assert [u.square for u in flags] == ["C3"] and flags[0].reason == why   # still flagged, for the same reason
    assert flags[0].guess == out[2][2].token
    return out[2][2].token


def test_a_doubted_side_placed_with_the_other_kind_makes_the_station():
    assert _guessed() == "h.r.s"
    # a highway curve whose east side lies with the railways
    every = {(2, 2, 0): -0.95, (2, 2, 1): 0.9, (5, 5, 0): -1.0, (5, 5, 2): -0.97, (4, 4, 1): 1.0, (4, 4, 3): 0.98}
    assert _guessed({(2, 2): "hh.."}, f"E: {read.NEITHER}", every) == "hr..s"


def test_not_where_the_place_is_near_the_boundary_or_the_side_is_not_doubted():
    assert _guessed(every={**PLACES, (2, 2, 0): -0.6}) == "r.r."
    assert _guessed(every={**PLACES, (2, 2, 2): 0.6}) == "r.r."     # the other side not firmly its own kind
    assert _guessed(why=f"S: {read.NEITHER}") == "r.r."              # the side placed with the highways is not doubted
    # a sheet whose sides lie in the middle (not clean): nothing
    assert _guessed(every={**PLACES, **{(6, c, 0): 0.1 for c in range(7)}}) == "r.r."


def test_not_where_the_route_across_the_doubted_side_runs_on_as_the_old_kind():
    # indep3 301,608 D1 `.rr.` read right, its south side placed -0.89, its neighbour's a certain railway
    assert _guessed({(2, 2): "r.r.", (1, 2): "..r."}) == "r.r."
    assert _guessed({(2, 2): "r.r.", (1, 2): "..h."}) == "h.r.s"


# indep3 spent dev 301,644 (double-dashed highways, # railways, triangle stations): three stations whose
# mark was not seen, read by main as plain railways (flagged), each doubted side placed -0.75 to -0.93
STATIONS_301644 = {"C4": "rh..s", "C7": "h..rs", "F2": "..hrs"}


@pytest.fixture(scope="module")
def photo_301644():
    from benchmarks import indep3_photos
    data, board, facts = indep3_photos.make_photo(301644)
    return board, read.read_photo(data, "indep3-301644.jpg")


def test_indep3_301644_stations_guessed_by_their_sides_places(photo_301644):
    board, reading = photo_301644
    right_and_flagged(board, reading, STATIONS_301644)
