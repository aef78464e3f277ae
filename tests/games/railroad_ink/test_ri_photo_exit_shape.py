"""Round twenty-four (photo/exit_shape.py): where no boundary of the sheet's kinds was drawn, a flagged
space's doubted sides are guessed by the row-by-row shapes of the routes at the printed exits (a dashed
highway's one track and no wide row against sleepers alone)."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import Cell, square
from railprint.games.railroad_ink.photo import exit_shape, read
from tests.games.railroad_ink.photo_boards import right_and_flagged, rows_of

DASHES = {"wide": 0.0, "sleeper": 0.0, "core": 0.83, "pair": 0.0, "tracks": 1.0, "line": 0.9}
SLEEPERS = {"wide": 0.3, "sleeper": 3.1, "core": 0.9, "pair": 0.0, "tracks": 0.0, "line": 0.0}
# the printed exits' spaces: highways at A2 N, D1 W, G2 S; railways at A4 N, B1 W, G4 S
EXITS = {(0, 1): "h.h.", (3, 0): ".h.h", (6, 1): "h.h.", (0, 3): "r.r.", (1, 0): ".r.r", (6, 3): "r.r."}
WHY = f"N: {read.NEITHER}; S: {read.NEITHER}"


def _features(shapes):
    def features(r, c, s):
        return shapes.get((r, c, s), DASHES if (r, c) in ((0, 1), (3, 0), (6, 1)) or (r, c, s) in DASHED else SLEEPERS)
    return features


DASHED = {(4, 4, 0), (4, 4, 2)}   # E5's north and south sides: a dashed highway, guessed a railway


def _revise(cells, flags, every=None, shapes=None):
    rows = rows_of(cells)
    uncertain = [read.Uncertain(square(r, c), cells[(r, c)], why) for (r, c), why in flags.items()]
    out, flagged = exit_shape.revise(rows, uncertain, every or {}, features=_features(shapes or {}),
                                     faces=read._faces, cell_of=Cell, uncertain_of=read.Uncertain)
    return {u.square: (u.guess, u.reason) for u in flagged}, out


def test_a_dashed_highway_guessed_a_railway_takes_the_exits_highway_shape():
    flags, out = _revise({**EXITS, (4, 4): "r.r."}, {(4, 4): WHY})
    assert flags == {"E5": ("h.h.", WHY)}   # still flagged, for the same reason
    assert out[4][4].token == "h.h."


def test_only_doubted_sides_and_die_faces_change():
    # E5's north side alone doubted: h.r. is no die face, the guess is kept
    flags, out = _revise({**EXITS, (4, 4): "r.r."}, {(4, 4): f"N: {read.NEITHER}"})
    assert out[4][4].token == "r.r."
    # a doubt that is not of the kind (a faint line) changes nothing
    flags, out = _revise({**EXITS, (4, 4): "r.r."}, {(4, 4): "N: a faint line?; S: a faint line?"})
    assert out[4][4].token == "r.r."


def test_no_change_where_sheet_kinds_drew_a_boundary_or_the_exits_do_not_part():
    cells = {**EXITS, (4, 4): "r.r."}
    assert _revise(cells, {(4, 4): WHY}, every={(0, 1, 0): -1.0})[1][4][4].token == "r.r."
    # a railway exit's route shaped as the highways: the exits draw no clean boundary
    shapes = {(1, 0, 3): DASHES}
    assert exit_shape.places(rows_of(cells), _features(shapes)) is None
    assert _revise(cells, {(4, 4): WHY}, shapes=shapes)[1][4][4].token == "r.r."
    # too few exits of a kind read as routes
    few = {k: v for k, v in cells.items() if k != (6, 3)}
    assert exit_shape.places(rows_of(few), _features({})) is None


# indep3 spent dev 26,018 (dashed highways, sleepers alone; no boundary drawn): highways guessed as
# railways by main, each still flagged, guessed right here
RIGHT_26018 = {"D1": "hhrhs", "D2": ".h.h", "D6": "h.hh", "E2": ".h.h", "E3": "h.hh", "F3": "..hh", "G3": "h..h"}


@pytest.fixture(scope="module")
def photo_26018():
    from benchmarks import indep3_photos
    data, board, facts = indep3_photos.make_photo(26018)
    return board, read.read_photo(data, "indep3-26018.jpg")


def test_indep3_26018_highways_guessed_by_the_exits_shapes(photo_26018):
    right_and_flagged(*photo_26018, RIGHT_26018)


# round twenty-five: all twelve exits drawn (highways at A2 N, A6 N, D1 W, D7 E, G2 S, G6 S; railways at A4 N,
# B1 W, B7 E, F1 W, F7 E, G4 S), a few of them shaped as the other kind
ALL_EXITS = {**EXITS, (0, 5): "h.h.", (3, 6): ".h.h", (6, 5): "h.h.", (1, 6): ".r.r", (5, 0): ".r.r", (5, 6): ".r.r"}


def _all_features(odd):
    def features(r, c, s):
        if (r, c, s) in odd:
            return odd[(r, c, s)]
        highway = (r, c) in ((0, 1), (3, 0), (6, 1), (0, 5), (3, 6), (6, 5)) or (r, c, s) in DASHED
        return DASHES if highway else SLEEPERS
    return features


def test_a_few_exits_shaped_as_the_other_kind_still_part_the_kinds():
    cells = {**ALL_EXITS, (4, 4): "r.r."}
    uncertain = [read.Uncertain("E5", "r.r.", WHY)]

    def guess(odd):
        out, _ = exit_shape.revise(rows_of(cells), uncertain, {}, features=_all_features(odd), faces=read._faces,
                                   cell_of=Cell, uncertain_of=read.Uncertain)
        return out[4][4].token

    # one highway exit drawn over by sleepers, a railway exit's sleepers read as one line: 2 of 12
    # (main drew no boundary: every exit had to lie on its own side)
    two = {(0, 5, 0): SLEEPERS, (1, 6, 1): DASHES}
    assert exit_shape.places(rows_of(cells), _all_features(two)) is not None
    assert guess(two) == "h.h."
    # four of twelve off (more than OFF_SHARE): no boundary, the guess is kept
    four = {**two, (5, 0, 3): DASHES, (6, 5, 2): SLEEPERS}
    assert exit_shape.places(rows_of(cells), _all_features(four)) is None
    assert guess(four) == "r.r."


def test_outliers_needs_min_exits_of_each_kind_on_their_own_side():
    # eight exits, two railways off: 2 of 8 is within OFF_SHARE, but only 2 railways are left on their side
    import numpy as np
    z = np.array([-1.0, -1.0, -1.0, -1.0, 1.0, 1.0, -0.2, 0.1])
    assert not exit_shape.outliers(z, [0, 1, 2, 3], [4, 5, 6, 7])
    z = np.array([-1.0, -1.0, -1.0, 0.2, 1.0, 1.0, 1.0, -0.4])
    assert exit_shape.outliers(z, [0, 1, 2, 3], [4, 5, 6, 7])


# indep3 spent dev 301,698 (dashed highways, sleepers alone; one highway exit's route at -0.78 on the
# railways' side, one railway exit at 0.27: main drew no boundary): highways guessed as railways by main,
# each still flagged, guessed right here
RIGHT_301698 = {"A7": "hrhhs", "B7": "h.h.", "C3": "hhh.", "C4": "rhrhs", "C5": "..hh", "F2": "..hh", "G5": "rhhrs"}


@pytest.fixture(scope="module")
def photo_301698():
    from benchmarks import indep3_photos
    data, board, facts = indep3_photos.make_photo(301698)
    return board, read.read_photo(data, "indep3-301698.jpg")


def test_indep3_301698_exits_with_two_outliers_still_guess_the_highways(photo_301698):
    right_and_flagged(*photo_301698, RIGHT_301698)


# round twenty-six: indep3 spent dev 301,700 (a screenshot of the sheet: a small photo, dotted highways beside
# hashed railways; main guessed every highway a railway, exit_shape not being run on small photos): each
# still flagged, guessed right here
RIGHT_301700 = {"B3": ".h.h", "B4": ".hhh", "B6": "hhhh", "C6": "..hh", "D1": "h..h", "E7": ".h.h", "G6": ".hhh",
                "D4": "hrhro", "E6": "rhrho"}   # (the last two read rrrr: a crossing guessed an overpass)


@pytest.fixture(scope="module")
def photo_301700():
    from benchmarks import indep3_photos
    data, board, facts = indep3_photos.make_photo(301700)
    return board, read.read_photo(data, "indep3-301700.jpg")


def test_indep3_301700_a_small_photo_guesses_its_highways_by_the_exits_shapes(photo_301700):
    right_and_flagged(*photo_301700, RIGHT_301700)


def test_outliers_two_exits_of_a_kind_deep_on_the_other_side_draw_no_boundary():
    # round twenty-six: a kind drawn two ways (indep2 dev 90,026: two highway exits at +1.11 and +1.49, its
    # highways guessed railways); one exit that deep (indep3 301,738: +1.01) still parts the kinds
    import numpy as np
    h, r = [0, 1, 2, 3, 4, 5], [6, 7, 8, 9, 10]
    one = np.array([-1.0, -1.0, -1.0, -0.9, -0.9, 1.01, 1.0, 1.0, 1.0, 1.1, 1.2])
    assert exit_shape.outliers(one, h, r)
    two = np.array([-1.17, -1.03, -1.03, -0.97, 1.11, 1.49, 1.0, 1.0, 1.02, 1.14, 1.3])
    assert not exit_shape.outliers(two, h, r)
    # two shallow ones (indep3 301,678: +0.27 and +0.50; only the second EXIT_Z or more over) still part them
    shallow = np.array([-1.01, -1.01, -1.0, -1.0, 0.27, 0.5, 0.8, 0.91, 0.97, 1.0, 1.14])
    assert exit_shape.outliers(shallow, h, r)
    # two railway exits at the highways' place, the highways all alike (indep2 90,032): the bound is the highways'
    rail = np.array([-1.01, -1.01, -1.01, -0.99, -0.99, -0.99, -0.99, -0.99, 0.98, 2.69, 3.27])
    assert exit_shape.outliers(rail, h, r)


def _guess(cells, square_, why, odd):
    uncertain = [read.Uncertain(square_, cells["ABCDEFG".index(square_[0]), int(square_[1:]) - 1], why)]
    out, flagged = exit_shape.revise(rows_of(cells), uncertain, {}, features=_all_features(odd), faces=read._faces,
                                     cell_of=Cell, uncertain_of=read.Uncertain)
    assert [u.square for u in flagged] == [square_]   # still flagged, for the same reason
    assert flagged[0].reason == why
    return out["ABCDEFG".index(square_[0])][int(square_[1:]) - 1].token


def test_a_crossing_of_the_two_kinds_read_with_no_mark_is_guessed_an_overpass():
    # round twenty-six: E5 read rrrr, its north and south sides dashed highways: hrhr is no die face, hrhro is
    dashed = {(4, 4, 0): DASHES, (4, 4, 2): DASHES}
    why = f"N: {read.NEITHER}; S: {read.NEITHER}"
    assert _guess({**ALL_EXITS, (4, 4): "rrrr"}, "E5", why, dashed) == "hrhro"
    # a station's mark is kept: its kinds turn, the face stays a station
    assert _guess({**ALL_EXITS, (4, 4): "rrrrs"}, "E5", why, dashed) == "hrhrs"


def test_sides_taken_by_their_own_places_where_with_the_neighbours_they_make_no_face():
    # round twenty-six: E5 read rr.r, each side a dashed highway; its north neighbour D5's south side carries
    # sleepers (a crossing's marks): taken with it, N stays a railway and rh.h is no face; alone, hh.h
    cells = {**ALL_EXITS, (4, 4): "rr.r", (3, 4): "r.r."}
    why = f"N: {read.NEITHER}; E: {read.NEITHER}; W: {read.NEITHER}"
    odd = {(4, 4, 0): DASHES, (4, 4, 1): DASHES, (4, 4, 3): DASHES, (3, 4, 2): SLEEPERS}
    assert _guess(cells, "E5", why, odd) == "hh.h"
    # where the neighbours' places make a face, they are kept: D5's south side dashed too, the same hh.h;
    # E5's east and west sides sleepers: only N is doubted on the highway's side, with D5 at 0: nothing turns
    assert _guess(cells, "E5", why, {**odd, (3, 4, 2): DASHES}) == "hh.h"
    keep = {(4, 4, 0): DASHES, (4, 4, 1): SLEEPERS, (4, 4, 3): SLEEPERS, (3, 4, 2): SLEEPERS}
    assert _guess(cells, "E5", why, keep) == "rr.r"
