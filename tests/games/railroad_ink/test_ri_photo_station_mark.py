"""Round eighteen: a station whose routes read clearly and whose centre shows the sheet's station
mark (photo/station_mark.py). Main's reader flagged every station not drawn filled, "highway and
railway meet without a station" (a tap each for the player: 70 of 74 such flags on right spaces
on the dev photos); where the sheet's own stations show one mark (a hollow square, an X) and its
plain routes do not, a station doubted for its centre alone that shows the mark is read with
certainty; one whose centre shows nothing stays flagged. Drawn fixtures at the reader's 6 px/mm."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from railprint.games.railroad_ink.board import Cell, square  # noqa: E402
from railprint.games.railroad_ink.photo import station_mark  # noqa: E402
from railprint.games.railroad_ink.photo.read import PX_PER_MM, Uncertain, _centre_fill, _centre_px  # noqa: E402

P = PX_PER_MM
MEET = station_mark.MEET_WHY
STATIONS = ((1, 1), (1, 3), (3, 1), (5, 5))   # hollow squares where a highway (west) meets a railway (south)
BARE = (3, 3)                                  # the same routes, no mark
RAILWAYS = ((5, 1), (5, 3), (3, 5), (1, 5))    # straight railways, north-south
HIGHWAYS = ((0, 0), (0, 2), (6, 6))            # straight highways, east-west


def _pt(x: float, y: float) -> tuple[int, int]:
    return int(round(x)), int(round(y))


def _line(ink, a, b, width_mm: float = 0.5) -> None:
    cv2.line(ink, _pt(*a), _pt(*b), 1, max(1, int(round(width_mm * P))))


def _railway(ink, cx, cy, start_mm: float, end_mm: float) -> None:
    """A railway north-south from ``start_mm`` to ``end_mm`` (from the middle, south positive)."""
    _line(ink, (cx, cy + start_mm * P), (cx, cy + end_mm * P))
    for t in np.arange(start_mm + 1.0, end_mm, 2.5):
        _line(ink, (cx - 1.5 * P, cy + t * P), (cx + 1.5 * P, cy + t * P))


def _highway(ink, cx, cy, start_mm: float, end_mm: float) -> None:
    """A highway east-west (two lines 3 mm apart) from ``start_mm`` to ``end_mm`` (east positive)."""
    for d in (-1.5, 1.5):
        _line(ink, (cx + start_mm * P, cy + d * P), (cx + end_mm * P, cy + d * P))


def _sheet(x_mark: bool = False) -> np.ndarray:
    ink = np.zeros((int(round((9 * 2 + 7 * 21) * P)),) * 2, np.uint8)
    for r, c in STATIONS + (BARE,):
        cx, cy = _centre_px(r, c)
        stop = 2.7 if (r, c) != BARE else 0.0
        _railway(ink, cx, cy, stop, 10.5)
        _highway(ink, cx, cy, -10.5, -stop)
        if (r, c) == BARE:
            continue
        h = 2.5 * P
        if x_mark:
            _line(ink, (cx - h, cy - h), (cx + h, cy + h))
            _line(ink, (cx - h, cy + h), (cx + h, cy - h))
        else:
            cv2.rectangle(ink, _pt(cx - h, cy - h), _pt(cx + h, cy + h), 1, max(1, int(round(0.5 * P))))
    for r, c in RAILWAYS:
        cx, cy = _centre_px(r, c)
        _railway(ink, cx, cy, -10.5, 10.5)
    for r, c in HIGHWAYS:
        cx, cy = _centre_px(r, c)
        _highway(ink, cx, cy, -10.5, 10.5)
    return ink


def _rows() -> list[tuple]:
    rows = [[Cell() for _ in range(7)] for _ in range(7)]
    for r, c in STATIONS + (BARE,):
        rows[r][c] = Cell("..rh", "s")
    for r, c in RAILWAYS:
        rows[r][c] = Cell("r.r.")
    for r, c in HIGHWAYS:
        rows[r][c] = Cell(".h.h")
    return [tuple(row) for row in rows]


def _flags() -> list:
    out = [Uncertain(square(r, c), "..rhs", MEET) for r, c in STATIONS + (BARE,)]
    out[1] = Uncertain(square(*STATIONS[1]), "..rhs", "S: neither clearly a highway nor a railway; " + MEET)
    return out


def _apply(ink: np.ndarray, rows=None, flags=None) -> list:
    rel = cv2.GaussianBlur(ink.astype(np.float32), (0, 0), 0.6) * 0.9
    return station_mark.apply(rows or _rows(), flags or _flags(), ink, rel, _centre_px, P, square,
                              inked=lambda r, c: _centre_fill(ink, r, c))


@pytest.mark.parametrize("x_mark", [False, True], ids=["hollow-square", "x"])
def test_stations_showing_the_sheets_mark_are_read_with_certainty(x_mark):
    left = _apply(_sheet(x_mark))
    # B2, F6: the mark, doubted for the centre alone -> certain; B4: a side in doubt too; D4: no mark
    assert sorted(u.square for u in left) == ["B4", "D4"]
    assert {u.square: u.reason for u in left}["D4"] == MEET


def test_no_mark_without_two_stations_showing_it_nor_where_plain_routes_show_it():
    ink = _sheet()
    flags = _flags()
    rows = [list(row) for row in _rows()]
    for r, c in STATIONS[1:]:   # one station left on the sheet: no habit
        rows[r][c] = Cell()
    one = [flags[0], flags[-1]]
    assert _apply(ink, [tuple(row) for row in rows], one) == one
    # a sheet whose plain railways close in paper as its stations do (a ladder's rungs): nothing
    assert station_mark.sheet_mark([(20.0, 0.1, 0.01, 0.0)] * 3, [(8.0, 0.1, 0.01, 0.0)] * 4 + [(0.0,) * 4] * 6) is None
    assert station_mark.sheet_mark([(20.0, 0.1, 0.01, 0.0)] * 3, [(0.0,) * 4] * 10) == "hollow"
    # X-shaped sleepers turn off the axes on the plain railways: the diagonal measure tells nothing
    assert station_mark.sheet_mark([(0.0, 0.6, 0.01, 0.5)] * 3, [(0.0, 0.6, 0.01, 0.5)] * 3 + [(0.0,) * 4] * 6) is None
    # a blank centre's noise (no ink there) is no mark
    assert station_mark.sheet_mark([(0.0, 0.9, 0.01, 0.0)] * 3, [(0.0,) * 4] * 10) is None


def test_read_rel_reads_the_drawn_hollow_stations_with_certainty():
    """Through the reader (``read.read_rel`` on the drawn sheet, softened as a camera's): main's
    reader flagged all five stations, "highway and railway meet without a station"."""
    from railprint.games.railroad_ink.photo.read import read_rel

    rel = cv2.GaussianBlur(_sheet().astype(np.float32), (0, 0), 0.6) * 0.9
    rel = np.pad(rel, ((0, 990 - rel.shape[0]), (0, 990 - rel.shape[1])))
    rows, uncertain = read_rel(rel, "none", P)
    flagged = {u.square: u.reason for u in uncertain}
    for r, c in STATIONS:
        assert rows[r][c] == Cell("..rh", "s")
        assert square(r, c) not in flagged, flagged
    assert rows[3][3] == Cell("..rh", "s") and MEET in flagged["D4"]
