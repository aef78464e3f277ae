"""Round twenty-six (photo/station_kinds.py, h-sides3): a flagged station's side is weighed also by the
neighbour's side across the edge where that side's place between the sheet's kinds and its own shape
agree, whatever the neighbour is guessed (a station, or the other kind), and by its route's chain to
printed exits of one kind; only the guess changes, the same squares stay flagged for the same reasons."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.photo import read, station_kinds
from tests.games.railroad_ink.photo_boards import right_and_flagged, rows_of
from tests.games.railroad_ink.test_ri_photo_station_shapes import DRAWN, NEEDS, STATION, _features
from tests.games.railroad_ink.test_ri_photo_station_shapes import _guessed as shapes_guessed


def _guessed(cells, flags, every, shapes=None):
    """``test_ri_photo_station_shapes._guessed``, the sides drawn as ``shapes`` says (None: no shapes)."""
    return shapes_guessed(cells, flags, every, None if shapes is None else _features(shapes, cells))


# D6 (3, 5) a station of four guessed `hrrrs`; E6 (4, 5) below it flagged, its north side placed far
# on the highways' side of the sheet's boundary
FAR = {**DRAWN, (4, 5, 0): -0.9}
FLAGS = {(3, 5): NEEDS, (4, 5): NEEDS}


def test_the_far_side_guessed_the_other_kind_speaks_where_its_shape_agrees_with_its_place():
    # E6 guessed a railway there (against its place), its strip shaped as the sheet's highways
    cells = {**STATION, (4, 5): "r..."}
    assert _guessed(cells, FLAGS, FAR, {(4, 5, 0): "h"})["D6"] == "hrhrs"
    # its shape a railway's: the place alone does not speak against the guess (main's rule)
    assert _guessed(cells, FLAGS, FAR, {})["D6"] == "hrrrs"
    # without the shapes (main's step): nothing
    assert _guessed(cells, FLAGS, FAR)["D6"] == "hrrrs"


def test_the_far_side_of_a_neighbour_guessed_a_station_speaks_where_its_shape_agrees():
    cells = {**STATION, (4, 5): "hr..s"}
    assert _guessed(cells, FLAGS, FAR, {(4, 5, 0): "h"})["D6"] == "hrhrs"
    # its place near the boundary: nothing
    assert _guessed(cells, FLAGS, {**FAR, (4, 5, 0): -0.5}, {(4, 5, 0): "h"})["D6"] == "hrrrs"
    # an overpass guessed a railway there: nothing (its mark crosses the side: indep 135,137 A3's west neighbour)
    assert _guessed({**STATION, (4, 5): "rhrho"}, FLAGS, FAR, {(4, 5, 0): "h"})["D6"] == "hrrrs"


def test_a_side_whose_chain_reaches_exits_of_one_kind_takes_that_kind():
    # D6's south route runs on through E6, F6 and G6 (flagged, guessed highways) to G6's printed
    # highway exit
    chain = {**STATION, (4, 5): "h.h.", (5, 5): "h.h.", (6, 5): "h.h."}
    flags = {(3, 5): NEEDS, (4, 5): NEEDS, (5, 5): NEEDS, (6, 5): NEEDS}
    assert _guessed(chain, flags, DRAWN)["D6"] == "hrhrs"
    # a railway met on the way (a route changing kind with no station: misread): nothing
    assert _guessed({**chain, (5, 5): "r.r."}, flags, DRAWN)["D6"] == "hrrrs"
    # the chain ends at a space with no exit beyond it: nothing
    del chain[(6, 5)]
    del flags[(6, 5)]
    assert _guessed(chain, flags, DRAWN)["D6"] == "hrrrs"


@pytest.fixture(scope="module")
def photo_135134():
    from benchmarks import indep_photos
    data, board, facts = indep_photos.make_photo(135134)
    return board, read.read_photo(data, "indep-135134.jpg")


def test_indep_135134_stations_guessed_by_the_far_sides(photo_135134):
    # main: F2 `rhhhs` read `rrhhs` (its east neighbour F3 `..rhs`, a flagged station whose west side
    # is placed and shaped as a highway: -0.77, -1.0), G3 `rrrhs` read `hrrhs` (its north side's own
    # shape a highway's, -0.94; F3's south side across the edge placed and shaped as a railway: +0.86, +0.95)
    right_and_flagged(*photo_135134, {"F2": "rhhhs", "G3": "rrrhs"})


@pytest.fixture(scope="module")
def photo_210026():
    from tests.games.railroad_ink.indep2_seed import read_seed
    return read_seed(210026)


def test_indep2_210026_a_station_side_guessed_by_its_chain(photo_210026):
    # main: D5 `hhhrs` read `hrhrs`: its east side's route runs on through the flagged overpass D6
    # (crossed straight on) to a printed highway exit; nothing across its edge says a kind (D6's
    # west side placed at -0.08)
    got = photo_210026
    assert got.board.rows[3][4].token == "hhhrs"
    assert got.reading.board.rows[3][4].token == "hhhrs"
    assert "D5" in got.flagged


def test_a_side_facing_a_space_is_measured_away_from_the_mark_one_at_the_grids_edge_as_before():
    measures = station_kinds.measured(lambda r, c, s: "near", lambda r, c, s: "outer")
    assert [measures(3, 5, s) for s in range(4)] == ["outer"] * 4
    # A1's north and west sides lie at the grid's edge: the usual strip (OUTER reaches the border)
    assert [measures(0, 0, s) for s in range(4)] == ["near", "outer", "outer", "near"]
    assert station_kinds.measured(len, None) is len


def test_a_station_side_shaped_as_the_sheets_highways_away_from_the_mark_is_guessed_a_highway():
    # D6's east side beside the mark reads as a railway's (the mark's edge as sleepers), its outer strip
    # as the sheet's highways; the certain routes' sides are measured there too
    rows = rows_of(STATION)
    uncertain = [read.Uncertain("D6", "hrrrs", NEEDS)]
    near = _features({}, STATION)
    outer = _features({(3, 5, 1): "h"}, STATION)
    out, _ = station_kinds.revise(rows, uncertain, DRAWN, faces=read._faces, uncertain_of=read.Uncertain,
                                  features=near, outer=outer)
    assert out[3][5].token == "hhrrs"
    out, _ = station_kinds.revise(rows, uncertain, DRAWN, faces=read._faces, uncertain_of=read.Uncertain,
                                  features=near)
    assert out[3][5].token == "hrrrs"
