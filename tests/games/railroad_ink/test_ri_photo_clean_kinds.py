"""Round twenty-four (photo/clean_kinds.py): a kind doubt lifted by sure_kinds' test on a boundary drawn
from the exits alone, where the sheet's sides part cleanly into its two kinds, every empty side of the
space is read with certainty, and a neighbour's side too broken to place but read as the same kind lets
the route run on."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import square
from railprint.games.railroad_ink.photo import clean_kinds, read, sure_kinds
from tests.games.railroad_ink.test_ri_photo_sure_kinds import _space_at
from tests.games.railroad_ink.photo_boards import rows_of

WHY = f"E: {read.NEITHER}; W: {read.NEITHER}"
# C3 a straight railway between C2 and C4; each side placed about +1 (the railway exits' middle)
CELLS = {(2, 1): ".r.r", (2, 2): ".r.r", (2, 3): ".r.r"}
PLACES = {(2, 1, 1): 1.02, (2, 2, 3): 0.97, (2, 2, 1): 1.05, (2, 3, 3): 0.99, (2, 1, 3): 1.0, (2, 3, 1): 1.0,
          (5, 5, 0): -1.01, (5, 5, 2): -0.98}


def _kept(cells=CELLS, flags=None, every=PLACES, empty_sure=True):
    rows = rows_of(cells)
    flags = {(2, 2): WHY} if flags is None else flags
    uncertain = [read.Uncertain(square(r, c), cells[(r, c)], why) for (r, c), why in flags.items()]

    def sides_at(r, c):
        return [read.SideRead(k, k != "." or empty_sure, "" if k != "." or empty_sure else "a few marks")
                for k in rows[r][c].edges]
    return sorted(u.square for u in clean_kinds.lift(rows, uncertain, every, sides_at=sides_at,
                                                      space_at=_space_at(rows), side_read=read.SideRead))


def test_a_clean_exits_alone_boundary_lifts_a_kind_doubt():
    assert _kept() == []
    # sure_kinds itself asks a trusted boundary: on this one it lifts nothing (the reader passes it none)
    assert clean_kinds.CLEAN_Z == sure_kinds.SURE_Z


def test_a_side_near_the_boundary_keeps_the_flag():
    assert _kept(every={**PLACES, (2, 2, 1): 0.6}) == ["C3"]
    assert _kept(every={**PLACES, (2, 3, 3): -0.9}) == ["C3"]


def test_a_sheet_whose_sides_lie_in_the_middle_is_not_clean():
    middle = {(6, c, 0): 0.1 for c in range(7)}   # 7 of 15 sides within MIDDLE_Z of the boundary
    assert not clean_kinds.clean({**PLACES, **middle})
    assert _kept(every={**PLACES, **middle}) == ["C3"]
    assert clean_kinds.clean(PLACES) and not clean_kinds.clean({})
    assert _kept(every={}) == ["C3"]


def test_an_empty_side_not_read_with_certainty_keeps_the_flag():
    # indep 103,577 E2 `hhh.` read `.hh.`: its lost north side read empty without certainty
    assert _kept(empty_sure=False) == ["C3"]


def test_a_neighbour_side_too_broken_to_place_runs_on_where_read_as_the_same_kind():
    unplaced = {k: v for k, v in PLACES.items() if k != (2, 3, 3)}
    assert _kept(every=unplaced) == []
    assert sure_kinds.margin(unplaced, 2, 2, ".r.r") is None   # sure_kinds' own test asks it placed
    # read as the other kind, or empty, there: kept
    assert _kept(cells={**CELLS, (2, 3): ".h.h"}, every=unplaced) == ["C3"]
    # empty there: a dead end, which counts by its own place only from INNER_END_Z (round twenty-seven)
    assert _kept(cells={**CELLS, (2, 3): "...."}, every={**unplaced, (2, 2, 1): 0.8}) == ["C3"]


def test_a_side_at_the_grids_edge_with_no_exit_counts_by_its_own_place():
    # A3 `r.r.`, its north side at the grid's edge where no exit is printed (A2 N and A4 N are)
    cells = {(0, 2): "r.r.", (1, 2): "r.r."}
    flags = {(0, 2): f"N: {read.NEITHER}; S: {read.NEITHER}"}
    at = {(0, 2, 2): 1.0, (1, 2, 0): 1.0, (1, 2, 2): 1.0, (2, 2, 0): 1.0, (5, 5, 0): -1.0}
    assert _kept(cells, flags, {**at, (0, 2, 0): 1.03}) == []
    # under joined_kinds.DEAD_END_Z there: a mark read as a side? kept
    assert _kept(cells, flags, {**at, (0, 2, 0): 0.95}) == ["A3"]
    assert sure_kinds.margin({**at, (0, 2, 0): 1.03}, 0, 2, "r.r.") is None


def test_a_route_side_facing_an_empty_side_counts_by_its_own_place():
    # round twenty-seven: C3 `.r.r`, its east side facing C4's empty west side (a route's dead end, as a
    # player leaves many): lifted where that side lies INNER_END_Z or more on the railways' side
    cells = {**CELLS, (2, 3): "...."}
    every = {k: v for k, v in PLACES.items() if k[:2] != (2, 3)}
    assert _kept(cells, every={**every, (2, 2, 1): 0.9}) == []
    assert sure_kinds.margin({**every, (2, 2, 1): 0.9}, 2, 2, ".r.r", rows_of(cells)) is None   # main's test
    assert sure_kinds.margin({**every, (2, 2, 1): 0.9}, 2, 2, ".r.r", rows_of(cells), inner_end=0.85) == 0.9
    # under INNER_END_Z, or on the highways' side: kept
    assert _kept(cells, every={**every, (2, 2, 1): 0.8}) == ["C3"]
    assert _kept(cells, every={**every, (2, 2, 1): -0.95}) == ["C3"]
    # both route sides running into nothing (a line read where none was drawn?): kept
    both = {(2, 2): ".r.r", (2, 1): "....", (2, 3): "...."}
    at = {(2, 2, 1): 1.0, (2, 2, 3): 1.0, (2, 1, 3): 1.0, (5, 5, 0): -1.01, (5, 5, 2): -0.98}
    assert _kept(both, every=at) == ["C3"]
    # one dead end inside the grid and one at its edge where no exit is printed: kept too
    cells = {(0, 2): "r.r.", (1, 2): "...."}
    flags = {(0, 2): f"N: {read.NEITHER}; S: {read.NEITHER}"}
    at = {(0, 2, 0): 1.05, (0, 2, 2): 1.0, (5, 5, 0): -1.0, (5, 5, 2): -1.0, (3, 3, 0): 1.0}
    assert _kept(cells, flags, at) == ["A3"]


def test_a_route_side_running_on_into_a_station_or_an_overpass_counts_by_its_own_place():
    # round twenty-seven: C4 an overpass `hrhro` (flagged or not), its west side a railway placed 0.3 (the
    # mark's ink skews it): C3's east side counts by its own place, INNER_END_Z or more
    cells = {**CELLS, (2, 3): "hrhro"}
    assert _kept(cells, every={**PLACES, (2, 3, 3): 0.3}) == []
    assert _kept(cells, every={**PLACES, (2, 3, 3): 0.3, (2, 2, 1): 0.8}) == ["C3"]
    assert _kept({**CELLS, (2, 3): "rrrrs"}, every={**PLACES, (2, 3, 3): -0.2}) == []
    # no mark there: the neighbour's place counts, as before
    assert _kept(every={**PLACES, (2, 3, 3): 0.3}) == ["C3"]
    # the mark's side read as the other kind: kept
    assert _kept({**CELLS, (2, 3): "rhrho"}, every={**PLACES, (2, 3, 3): 0.3}) == ["C3"]


def test_other_doubts_and_centre_marks_keep_the_flag():
    assert _kept(flags={(2, 2): f"{WHY}; N: a faint line?"}) == ["C3"]
    assert _kept(cells={**CELLS, (2, 2): ".r.rs"}) == ["C3"]


# indep3 spent dev 300,000 (dotted highways, twin rails, every route flagged end to end): flagged by main
# for their kinds alone, each read right, lifted here
LIFTED_300000 = {"B3": "r.rr", "C3": "rr..", "C4": ".r.r", "C5": ".rrr", "C6": ".r.r", "F6": "..hh", "G5": "hh.."}


@pytest.fixture(scope="module")
def photo_300000():
    from benchmarks import indep3_photos
    data, board, facts = indep3_photos.make_photo(300000)
    return board, read.read_photo(data, "indep3-300000.jpg")


def test_indep3_300000_kind_doubts_lifted_on_a_clean_sheet(photo_300000):
    board, reading = photo_300000
    flagged = {u.square for u in reading.uncertain}
    for sq, token in LIFTED_300000.items():
        r, c = "ABCDEFG".index(sq[0]), int(sq[1:]) - 1
        assert board.rows[r][c].token == token
        assert reading.board.rows[r][c].token == token, sq
        assert sq not in flagged, sq
    # every space read wrong is still flagged
    assert all(square(r, c) in flagged for r in range(7) for c in range(7)
               if reading.board.rows[r][c].token != board.rows[r][c].token)
