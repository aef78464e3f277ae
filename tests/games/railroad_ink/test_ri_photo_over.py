"""Round twenty-seven (h-over): overpass or station, the silent ones.

- ``photo/station_mark.py``: a four-way space of three sides of one kind and one of the other (an
  overpass with a side misread) keeps its "meet without a station" flag where the sheet's overpasses
  show the station mark too: indep2 210,573 E3 (``rhrho``, a hump, read ``rhrrs`` with certainty on
  main, spent held out).
- ``photo/cross_station.py``: a straight crossing read with certainty as the station, its centre
  thinner than the sheet's filled stations, is flagged: indep 135,338 E7 (``rhrho``, a ladder drawn
  over a double-centre highway, read ``rhrhs`` with certainty on main, spent held out); a four-way route
  of one kind read with certainty whose centre has strokes along two diagonals, as the sheet's
  overpasses do, is flagged: indep3 301,765 F1 (``hrhro`` with wings read ``rrrr`` with certainty on
  main, spent held out).
Drawn fixtures at the reader's 6 px/mm, and the three photos.
"""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from railprint.games.railroad_ink.photo import cross_station, station_mark  # noqa: E402
from railprint.games.railroad_ink.photo.read import PX_PER_MM, _centre_px  # noqa: E402
from tests.games.railroad_ink.test_ri_photo_cross_station import _apply, _blank, _line  # noqa: E402

P = PX_PER_MM


def _strokes(ink: np.ndarray, place: tuple[int, int], diagonals: int, start: float = 2.8, end: float = 5.0) -> None:
    """Strokes lying along ``diagonals`` of the space's four diagonals, ``start``-``end`` mm out."""
    cx, cy = _centre_px(*place)
    for dx, dy in ((1, 1), (-1, -1), (1, -1), (-1, 1))[:diagonals]:
        a, b = start * P / np.sqrt(2), end * P / np.sqrt(2)
        cv2.line(ink, (int(cx + dx * a), int(cy + dy * a)), (int(cx + dx * b), int(cy + dy * b)), 1, 3)


def _double(ink: np.ndarray, place: tuple[int, int], gap: float) -> None:
    """Two lines each way through the space, ``gap`` mm either side of its middle (two highways crossing)."""
    cx, cy = _centre_px(*place)
    s, g = int(10.5 * P), int(round(gap * P))
    for d in (-g, g):
        cv2.line(ink, (int(cx) - s, int(cy) + d), (int(cx) + s, int(cy) + d), 1, 3)
        cv2.line(ink, (int(cx) + d, int(cy) - s), (int(cx) + d, int(cy) + s), 1, 3)


def test_struck_counts_strokes_along_the_diagonals_not_routes_crossing():
    ink = _blank()
    _double(ink, (1, 1), 1.8)            # a double highway's lines crossing: corners 2.5 mm out
    _line(ink, (3, 3), "NESW")
    _strokes(ink, (3, 3), 2)
    _line(ink, (5, 5), "NESW")
    _strokes(ink, (5, 5), 1)
    assert cross_station.struck(ink, *_centre_px(1, 1), P) == 0
    assert cross_station.struck(ink, *_centre_px(3, 3), P) == 2
    assert cross_station.struck(ink, *_centre_px(5, 5), P) == 1
    # strokes ending 3.4 mm out do not ink the diagonals all along 3.0-4.5 mm
    ink = _blank()
    _line(ink, (3, 3), "NESW")
    _strokes(ink, (3, 3), 4, end=3.4)
    assert cross_station.struck(ink, *_centre_px(3, 3), P) == 0


TEES = {(2, 0): "rrr.", (5, 5): "h.hh"}


def _stroked_sheet(overpass_strokes: int, tee_strokes: int = 0) -> np.ndarray:
    ink = _blank()
    for place in ((0, 0), (0, 4)):       # the sheet's overpasses
        _line(ink, place, "NESW")
        _strokes(ink, place, overpass_strokes)
    for place, token in TEES.items():    # its T's of one kind
        _line(ink, place, "".join(s for s, k in zip("NESW", token) if k != "."))
        _strokes(ink, place, tee_strokes)
    _line(ink, (3, 3), "NESW")
    _strokes(ink, (3, 3), 2)
    return ink


def test_a_certain_four_way_route_stroked_as_the_sheets_overpasses_is_flagged():
    tokens = {(0, 0): "hrhro", (0, 4): "rhrho", (3, 3): "rrrr", **TEES}
    rows, flags = _apply(_stroked_sheet(4), tokens, {})
    assert rows[3][3].token == "rrrr" and flags == {"D4": ("rrrr", cross_station.STROKES_WHY)}
    # a T of one kind struck too (a wide ladder's rails reach the diagonals): the routes themselves do it
    rows, flags = _apply(_stroked_sheet(4, tee_strokes=1), tokens, {})
    assert flags == {}
    # one T only: not known
    rows, flags = _apply(_stroked_sheet(4), {(0, 0): "hrhro", (0, 4): "rhrho", (3, 3): "rrrr", (2, 0): "rrr."}, {})
    assert flags == {}
    # the sheet's overpasses show no such strokes: nothing says this player draws them so
    rows, flags = _apply(_stroked_sheet(0), tokens, {})
    assert flags == {}
    # no overpass read on the sheet: the same
    rows, flags = _apply(_stroked_sheet(4), {(3, 3): "rrrr", **TEES}, {})
    assert flags == {}
    # flagged already: left alone
    rows, flags = _apply(_stroked_sheet(4), tokens, {(3, 3): "N: neither"})
    assert flags == {"D4": ("rrrr", "N: neither")}


def test_one_side_from_overpass_and_overpasses_show():
    assert station_mark.one_side_from_overpass("rhrr") and station_mark.one_side_from_overpass("hhrh")
    assert not station_mark.one_side_from_overpass("rhrh")      # the overpass itself
    assert not station_mark.one_side_from_overpass("hhrr")      # two sides from it
    assert not station_mark.one_side_from_overpass(".rhr")      # a T
    hollow = (9.0, 0.0, 0.0, 0.0)
    diagonal = (0.0, 0.6, 0.003, 0.7)
    assert station_mark.overpasses_show("diagonal", [diagonal, hollow])
    assert not station_mark.overpasses_show("diagonal", [hollow, hollow, diagonal])
    assert not station_mark.overpasses_show("hollow", [])


def _read(gen, seed: int):
    from railprint.games.railroad_ink.photo.read import read_photo
    made = gen.make_photo(seed)
    reading = read_photo(made[0], f"{seed}.jpg")
    return made[1], reading, {u.square: u for u in reading.uncertain}


@pytest.fixture(scope="module")
def photo_210573():
    from benchmarks import indep2_photos
    return _read(indep2_photos, 210573)


@pytest.fixture(scope="module")
def photo_135338():
    from benchmarks import indep_photos
    return _read(indep_photos, 135338)


@pytest.fixture(scope="module")
def photo_301765():
    from benchmarks import indep3_photos
    return _read(indep3_photos, 301765)


def test_indep2_210573_a_humped_overpass_read_as_a_station_keeps_its_flag(photo_210573):
    """A hump sheet of circled stations whose mark is "diagonal" (a hump's arcs turn off the axes as
    well): E3 ``rhrho`` read ``rhrrs`` with certainty on main."""
    board, reading, flagged = photo_210573
    assert board.rows[4][2].token == "rhrho" and reading.board.rows[4][2].token == "rhrrs"
    assert flagged["E3"].reason == station_mark.MEET_WHY
    # the sheet's overpasses, read right
    assert [reading.board.rows[r][c].token for r, c in ((1, 0), (5, 5))] == ["hrhro", "hrhro"]


def test_indep_135338_a_crossing_thinner_than_the_sheets_filled_stations_is_flagged(photo_135338):
    """A 2 MP photo, a ladder drawn straight over a double-centre highway on a sheet of filled
    circles: E7 ``rhrho`` read ``rhrhs`` with certainty on main."""
    board, reading, flagged = photo_135338
    assert board.rows[4][6].token == "rhrho" and reading.board.rows[4][6].token == "rhrhs"
    assert flagged["E7"].reason == cross_station.THIN_WHY
    # the sheet's filled stations stay read with certainty
    assert all(sq not in flagged for sq in ("A4", "B1", "B7", "C3", "E3"))


def test_indep3_301765_a_winged_overpass_read_as_one_kind_is_flagged(photo_301765):
    """A wings sheet, a dashed double highway and a hashed railway read alike: F1 ``hrhro`` read
    ``rrrr`` with certainty on main."""
    board, reading, flagged = photo_301765
    assert board.rows[5][0].token == "hrhro" and reading.board.rows[5][0].token == "rrrr"
    assert flagged["F1"].reason == cross_station.STROKES_WHY
