"""Round twenty-one (photo/chain_kinds.py): a flag naming only kind doubts is dropped where the
route's chain (through spaces with no station) reaches printed exits of its kind only, meets no
route of the other kind, and no side of the space dead-ends short of the sheet's boundary."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import square
from railprint.games.railroad_ink.photo import chain_kinds, read
from tests.games.railroad_ink.photo_boards import rows_of

NEITHER_EW = f"E: {read.NEITHER}; W: {read.NEITHER}"
NEITHER_NS = f"N: {read.NEITHER}; S: {read.NEITHER}"


def _kept(cells, flags, every=None, unsure=()):
    """The squares still flagged. ``flags``: (r, c) -> reason; every side first read as guessed,
    with certainty but ``unsure``'s sides ((r, c, side))."""
    rows = rows_of(cells)
    uncertain = [read.Uncertain(square(r, c), cells[(r, c)], why) for (r, c), why in flags.items()]

    def sides_at(r, c):
        return [read.SideRead(k, (r, c, s) not in unsure, "") for s, k in enumerate(rows[r][c].edges)]
    every = {(0, 0, 1): -1.0} if every is None else every   # a boundary drawn (A1's east side placed)
    return sorted(u.square for u in chain_kinds.lift(rows, uncertain, every, sides_at=sides_at))


# D1's west side is the printed highway exit D1 W; B1's west side the railway exit B1 W
ROUTE = {(3, 0): ".h.h", (3, 1): ".h.h", (3, 2): "...h"}
BOTH = {(3, 0): NEITHER_EW, (3, 1): NEITHER_EW}


def test_a_chain_to_an_exit_of_its_kind_lifts_the_flag():
    assert _kept(ROUTE, BOTH) == []
    # the chain ends at a station, where the route may change kind
    assert _kept({**ROUTE, (3, 2): ".r.hs", (3, 3): ".r.r"}, BOTH) == []


def test_nothing_on_a_sheet_with_no_boundary_drawn():
    assert _kept(ROUTE, BOTH, every={}) == ["D1", "D2"]


def test_a_chain_meeting_the_other_kind_or_its_exit_keeps_the_flag():
    # D3 guessed a railway where D2's highway meets it: something is misread
    assert _kept({**ROUTE, (3, 2): ".r.r"}, {**BOTH, (3, 2): NEITHER_EW}) == ["D1", "D2", "D3"]
    # a railway drawn to the highway exit D1 W
    assert _kept({(3, 0): ".r.r", (3, 1): ".r.r", (3, 2): "...r"}, BOTH) == ["D1", "D2"]
    # another doubt beside the kind's: kept, and D1 beside it too (D2's guess settles nothing)
    assert _kept(ROUTE, {**BOTH, (3, 1): f"{NEITHER_EW}; S: a faint line?"}) == ["D1", "D2"]


def test_a_side_facing_a_space_flagged_for_more_than_its_kinds_keeps_the_flag():
    # held out 301,026 (indep3), the merged reader: D1 `r..hs` read `h..h`, its west side at the highway
    # exit D1 W, its north side joining C1 (a station `rhrrs` read `hhh.`, flagged "a few marks" too)
    cells = {(3, 0): "h..h", (2, 0): "hhh.", (1, 0): "h.h.", (0, 0): "h.h."}
    flags = {(3, 0): f"N: {read.NEITHER}; W: {read.NEITHER}"}
    c1 = f"N: {read.NEITHER}; E: {read.NEITHER}; S: {read.NEITHER}"
    assert "D1" in _kept(cells, {**flags, (2, 0): f"{c1}; W: a few marks"})
    assert "D1" not in _kept(cells, {**flags, (2, 0): c1})


def test_an_empty_side_in_doubt_keeps_the_flag():
    # D2's south side read empty without certainty: a route side lost? not settled by its kinds
    assert _kept(ROUTE, BOTH, unsure={(3, 1, 2)}) == ["D2"]


def test_the_chain_stops_at_a_space_flagged_as_a_lost_station():
    # D3's route runs west through D2 and D1 (read with certainty) to the highway exit D1 W
    cells = {(3, 0): ".h.h", (3, 1): ".h.h", (3, 2): ".h.h", (3, 3): "...h"}
    assert _kept(cells, {(3, 1): NEITHER_EW, (3, 2): NEITHER_EW}) == []
    # D2 flagged where a highway and a railway meet: a station lost? D3's chain ends there
    meet = {(3, 1): "highway and railway meet without a station", (3, 2): NEITHER_EW}
    assert _kept(cells, meet) == ["D2", "D3"]


def test_a_dead_end_and_the_sheets_boundary():
    # D2's east side faces an empty space: a lost station's other side? kept, unless the side lies
    # DEAD_END_Z or more on the highways' side of the sheet's boundary (D1 joins D2's highway: lifted)
    cells = {(3, 0): ".h.h", (3, 1): ".h.h"}
    assert _kept(cells, BOTH) == ["D2"]
    assert _kept(cells, BOTH, every={(3, 1, 1): -0.9}) == ["D2"]
    assert _kept(cells, BOTH, every={(3, 1, 1): -1.2}) == []
    # a side of the space on the other kind's side of the boundary keeps its flag
    assert _kept(ROUTE, BOTH, every={(3, 0, 3): 0.2}) == ["D1"]
    # ... and so does a neighbour's side across the edge (D3's west side, met by D2's east side)
    assert _kept(ROUTE, BOTH, every={(3, 2, 3): 0.3}) == ["D2"]


def test_a_flagged_four_way_space_is_crossed_straight_on():
    # C2 r.r. joins B2, a flagged rrrr (an overpass lost?) whose west route runs to the railway
    # exit B1 W through B1 read with certainty; straight on, C2's chain reaches no exit
    cells = {(2, 1): "r.r.", (1, 1): "rrrr", (1, 0): ".r.r", (3, 1): "r.r.", (4, 1): "r.r."}
    flags = {(2, 1): NEITHER_NS, (1, 1): "a faint line?"}
    assert _kept(cells, flags) == ["B2", "C2"]
    # B2 read with certainty: the four-way route joins them all
    assert _kept(cells, {(2, 1): NEITHER_NS}) == []


def test_nothing_on_a_sheet_whose_exits_of_a_kind_read_as_the_other():
    # A2 N and G2 S, highway exits, met by railways: the sheet's own misreads may reach the exits
    cells = {**ROUTE, (0, 1): "r.r.", (6, 1): "r.r."}
    assert _kept(cells, BOTH) == ["D1", "D2"]


# indep3 dev 19,502 (dotted highways): on main these spaces are read right and flagged "neither
# clearly" only; their chains reach printed exits of their kind
@pytest.fixture(scope="module")
def photo_19502():
    from benchmarks import indep3_photos
    data, board, facts = indep3_photos.make_photo(19502)
    return board, read.read_photo(data, "indep3-19502.jpg")


@pytest.mark.parametrize("sq, token", [("A2", "hhh."), ("B7", "rrr."), ("D1", "..hh"), ("F1", ".rrr"), ("G2", "h.h.")])
def test_indep3_19502_lifted(photo_19502, sq, token):
    board, reading = photo_19502
    r, c = "ABCDEFG".index(sq[0]), int(sq[1:]) - 1
    assert board.rows[r][c].token == token
    assert reading.board.rows[r][c].token == token
    assert sq not in {u.square for u in reading.uncertain}
