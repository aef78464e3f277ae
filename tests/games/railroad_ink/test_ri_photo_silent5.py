"""Round twenty-two (h-silent5): the last silent spaces, round four.

photo/station_mark.py lifts a joined station's flag only where its centre is inked as the sheet's
marks are (``station_mark.like_the_marks``). On main, a dotted highway's dots turned off the axes
in the centre of a space misread as a joined station (a side read as the other kind) took the
sheet's star mark, and the space was read with certainty, wrong: indep3 301,098 (spent held out)
C7 ``h..h`` read ``r..hs`` and F6 ``h.h.`` read ``r.h.s``, indep3 300,567 C6 ``.h.h`` read
``.r.hs``.

photo/joined_kinds.py settles no dead end read as a solid band by its place alone: on main, indep2
206,244 C2 (an empty space; a coffee stain's arc across its west side, read as a band beside a
certain railway north) was read ``r..r`` with certainty, its band dead end at C1's empty side
lifted by the sheet's boundary.

photo/station_sides.py settles no station whose route meets the other kind (a printed exit, or a
neighbour read with certainty): on main, indep 104,058 A2 (a station ``h.r.s``, its kinds swapped,
read ``r.h.s``: its railway north at A2's highway exit, its highway south against B2's certain
railway) was read with certainty (the cached photo; indep_photos.make_photo(104058) made here reads
A2 right, so the test is on the rule)."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.photo import joined_kinds, read, station_mark, station_sides
from tests.games.railroad_ink.photo_boards import rows_of


def test_a_centre_inked_far_less_than_the_sheets_marks_is_not_the_mark():
    stars = [1.0, 0.93, 0.98, 0.36, 0.20]   # 301,098's marked stations: three stars, C7's and F6's dots
    assert [station_mark.like_the_marks(v, stars) for v in stars] == [True, True, True, False, False]
    rings = [0.13, 0.15, 0.35, 0.29, 0.18]  # indep2 205,251: rings, lightly inked, every one a station
    assert all(station_mark.like_the_marks(v, rings) for v in rings)
    assert not station_mark.like_the_marks(0.5, [])


def _read(seed: int):
    from benchmarks import indep3_photos
    data, board, facts = indep3_photos.make_photo(seed)
    return board, read.read_photo(data, f"indep3-{seed}.jpg")


@pytest.fixture(scope="module")
def photo_301098():
    return _read(301098)


@pytest.fixture(scope="module")
def photo_300567():
    return _read(300567)


# (round twenty-six: C7 is guessed right, ``h..h``, and stays flagged)
@pytest.mark.parametrize("sq, truth, token", [("C7", "h..h", "h..h"), ("F6", "h.h.", "r.h.s")])
def test_indep3_301098_dotted_highways_read_as_stations_stay_flagged(photo_301098, sq, truth, token):
    board, reading = photo_301098
    r, c = "ABCDEFG".index(sq[0]), int(sq[1:]) - 1
    assert board.rows[r][c].token == truth
    assert reading.board.rows[r][c].token == token
    assert {u.square: u.reason for u in reading.uncertain}[sq] == station_mark.MEET_WHY


def test_indep3_300567_c6_stays_flagged(photo_300567):
    board, reading = photo_300567
    assert board.rows[2][5].token == ".h.h"
    assert reading.board.rows[2][5].token == ".r.hs"
    assert {u.square: u.reason for u in reading.uncertain}["C6"] == station_mark.MEET_WHY


def _settled_west(why: str) -> bool:
    """C2 ``r..r`` beside an empty C1, its north side joining a certain B2 ``..r.``: is its west
    side (a dead end placed 1.5 on the railways' side) settled?"""
    rows = rows_of({(1, 1): "..r.", (2, 1): "r..r"})
    banded = {3} if why == joined_kinds.SOLID_BAND else set()

    def sides_at(r, c):
        return [read.SideRead(k, (r, c, s) != (2, 1, 3), "") for s, k in enumerate(rows[r][c].edges)]
    return joined_kinds._settled(rows, {"C2"}, {(2, 1, 3): 1.5, (2, 1, 0): 1.5}, 2, 1, {3}, sides_at,
                                 faces=lambda: (), banded=banded)


def test_a_band_dead_end_is_not_settled_by_its_place():
    assert _settled_west(read.NEITHER)
    assert not _settled_west(joined_kinds.SOLID_BAND)


def test_indep2_206244_c2_stays_flagged():
    pytest.importorskip("pypdfium2")
    from tests.games.railroad_ink.indep2_seed import read_seed
    got = read_seed(206244)
    assert got.board.rows[2][1].token == "...."
    assert got.reading.board.rows[2][1].token == "r..r"
    assert got.flagged["C2"].reason == "W: " + joined_kinds.SOLID_BAND


def test_a_station_meeting_the_other_kind_is_not_settled():
    from railprint.games.railroad_ink.board import square
    rows = rows_of({(0, 1): "r.h.s", (1, 1): "r..r", (2, 3): "h.r.s"})
    # A2's north (the printed highway exit A2 N) and south (B2's certain railway) meet the other kind
    assert station_sides.meets_the_other_kind(rows, 0, 1, set(), square)
    assert station_sides.meets_the_other_kind(rows, 0, 1, {"B2"}, square)   # the exit still
    assert not station_sides.meets_the_other_kind(rows, 2, 3, set(), square)   # C4 meets nothing

