"""Round twenty-five (photo/station_kinds.py, h-sides2): a flagged station's sides are weighed by
their own shapes against the sheet's route sides read with certainty (``station_kinds.shapes``: a
highway drawn as one line with no sleeper beside railways with sleepers), also where the sheet's
boundary of its kinds is not drawn or not trusted; only the guess changes, the same squares stay
flagged for the same reasons."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import square
from railprint.games.railroad_ink.photo import read, station_kinds
from tests.games.railroad_ink.photo_boards import right_and_flagged, rows_of

NEEDS = f"E: {read.NEITHER}; a station needs a highway and a railway"

HIGHWAY = dict(wide=0.0, sleeper=0.0, core=1.0, pair=0.0, tracks=1.0, line=1.0, ink=1.0)
RAILWAY = dict(wide=0.2, sleeper=4.0, core=0.8, pair=0.0, tracks=1.0, line=0.9, ink=1.0)
# certain routes far apart (no two facing each other): four highway sides, four railway sides
REFERENCE = {(0, 0): "hh..", (2, 2): "hh..", (6, 0): "rr..", (4, 2): "rr.."}
# D6 (3, 5) a station of four guessed `hrrrs`: its east side drawn as the sheet's highways are
STATION = {**REFERENCE, (3, 5): "hrrrs"}


def _features(shapes, cells=STATION):
    """``features(r, c, s)``: a side's measures, by the kind its shape is drawn as (``shapes``:
    (r, c, s) -> "h" | "r" | a dict), the rest by the kind read in ``cells``."""
    def features(r, c, s):
        got = shapes.get((r, c, s), cells.get((r, c), "....")[s])
        return got if isinstance(got, dict) else HIGHWAY if got == "h" else RAILWAY
    return features


def _guessed(cells, flags, every, features):
    rows = rows_of(cells)
    uncertain = [read.Uncertain(square(r, c), cells[(r, c)], why) for (r, c), why in flags.items()]
    out, after = station_kinds.revise(rows, uncertain, every, faces=read._faces, uncertain_of=read.Uncertain,
                                      features=features)
    assert {u.square: u.reason for u in after} == {u.square: u.reason for u in uncertain}
    for u in after:
        r, c = "ABCDEFG".index(u.square[0]), int(u.square[1:]) - 1
        assert out[r][c].token == u.guess
    return {u.square: u.guess for u in after}


def test_the_sheets_certain_routes_place_a_side_by_its_shape():
    rows = rows_of(STATION)
    place = station_kinds.shapes(rows, {"D6"}, _features({(3, 5, 1): "h"}))
    assert place(3, 5, 1) == pytest.approx(-1.0)
    assert place(3, 5, 2) == pytest.approx(1.0)
    # fewer than MIN_REF certain sides of a kind: no boundary
    assert station_kinds.shapes(rows, {"D6", "A1"}, _features({})) is None


def test_a_route_drawn_to_a_printed_exit_counts_with_the_exits_kind_flagged_or_not():
    # D1's west side runs to a printed highway exit: flagged, and read as a railway, it still
    # counts as a highway's shape (a route keeps its exit's kind)
    cells = {**STATION, (0, 0): "h...", (3, 0): "...r"}
    features = _features({(3, 0, 3): "h", (3, 5, 1): "h"})
    place = station_kinds.shapes(rows_of(cells), {"D6", "D1"}, features)
    assert place is not None and place(3, 5, 1) == pytest.approx(-1.0)
    # without it, three highway sides: no boundary
    del cells[(3, 0)]
    assert station_kinds.shapes(rows_of(cells), {"D6"}, features) is None


# the sheet's boundary drawn (each of D6's sides near it, on the railways' side)
DRAWN = {(3, 5, s): 0.6 for s in range(4)}


def test_a_station_side_shaped_as_the_sheets_highways_is_guessed_a_highway():
    features = _features({(3, 5, 1): "h", (3, 0, 3): "h"})
    assert _guessed(STATION, {(3, 5): NEEDS}, DRAWN, features) == {"D6": "hhrrs"}
    # the boundary puts D1's route to a printed highway exit with the railways (kind_guess.agrees):
    # its places are not this sheet's kinds, the shapes still speak
    cells = {**STATION, (3, 0): "...h"}
    assert _guessed(cells, {(3, 5): NEEDS}, {**DRAWN, (3, 0, 3): 1.0}, features) == {"D6": "hhrrs"}
    # no boundary drawn at all: nothing is done
    assert _guessed(STATION, {(3, 5): NEEDS}, {}, features) == {"D6": "hrrrs"}
    # not without the shapes (main's step)
    rows = rows_of(STATION)
    uncertain = [read.Uncertain("D6", "hrrrs", NEEDS)]
    out, _ = station_kinds.revise(rows, uncertain, DRAWN, faces=read._faces, uncertain_of=read.Uncertain)
    assert out[3][5].token == "hrrrs"


def test_a_thin_side_a_certain_neighbour_or_the_readers_named_doubt_overrules_the_shape():
    # the east side's strip inked in a quarter of its rows: its shape says nothing
    thin = {**HIGHWAY, "ink": 0.25}
    assert _guessed(STATION, {(3, 5): NEEDS}, DRAWN, _features({(3, 5, 1): thin})) == {"D6": "hrrrs"}
    # D7 read with certainty, a railway meeting the east side: the rules say railway
    cells = {**STATION, (3, 6): "...r"}
    assert _guessed(cells, {(3, 5): NEEDS}, DRAWN, _features({(3, 5, 1): "h"})) == {"D6": "hrrrs"}
    # the reader's doubt of the east side names a railway ("...: a railway?"): its shape does not
    # speak against it
    named = f"E: {read.NEITHER}; E: one line, like a railway's?"
    assert _guessed(STATION, {(3, 5): named}, DRAWN, _features({(3, 5, 1): "h"})) == {"D6": "hrrrs"}


def test_a_space_not_flagged_is_left_alone():
    rows = rows_of(STATION)
    out, after = station_kinds.revise(rows, [], DRAWN, faces=read._faces, uncertain_of=read.Uncertain,
                                      features=_features({(3, 5, 1): "h"}))
    assert out[3][5].token == "hrrrs" and after == []


@pytest.fixture(scope="module")
def photo_135016():
    from benchmarks import indep_photos
    data, board, facts = indep_photos.make_photo(135016)
    return board, read.read_photo(data, "indep-135016.jpg")


def test_indep_135016_stations_guessed_by_their_sides_shapes(photo_135016):
    # main: F1 `hhhrs` read `rhrrs`, F2 `hrrhs` read `rrrhs`: highways drawn as one line with no
    # sleeper, the railways with sleepers; the sheet's exits put a highway route with the railways
    # (kind_guess.agrees), so round twenty-four's step was not asked
    right_and_flagged(*photo_135016, {"F1": "hhhrs", "F2": "hrrhs"})
    flags = {u.square: u.reason for u in photo_135016[1].uncertain}
    assert all("a station needs a highway and a railway" in flags[sq] for sq in ("F1", "F2"))


@pytest.fixture(scope="module")
def photo_135035():
    from benchmarks import indep_photos
    data, board, facts = indep_photos.make_photo(135035)
    return board, read.read_photo(data, "indep-135035.jpg")


def test_indep_135035_stations_guessed_by_their_sides_shapes(photo_135035):
    # main: E7 `hrhhs` read `hrhrs`, G3 `hrrhs` read `hrrrs` (the west sides, one line with no
    # sleeper, read as railways beside the marks)
    right_and_flagged(*photo_135035, {"E7": "hrhhs", "G3": "hrrhs"})

