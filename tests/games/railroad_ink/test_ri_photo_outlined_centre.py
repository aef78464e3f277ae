"""Round seventeen: a crossing whose centre closes in paper unlike the sheet's other crossings
(photo/outlined_centre.py). A crossing station drawn as a hollow square read as an overpass
(flagged, guessed the overpass: indep dev 30,017 F3, 30,080 A3) or as a certain four-way railway
(held-out indep 102,086 G6, silent) is flagged and guessed the station; lines crossing are left.
Drawn fixtures: the ink mask at the reader's 6 px/mm."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from railprint.games.railroad_ink.board import Cell, square  # noqa: E402
from railprint.games.railroad_ink.photo import outlined_centre  # noqa: E402
from railprint.games.railroad_ink.photo.centre import measure  # noqa: E402
from railprint.games.railroad_ink.photo.read import PX_PER_MM, Uncertain, _centre_px  # noqa: E402

P = PX_PER_MM
STATION, OVERPASSES = (3, 3), ((1, 1), (5, 5), (1, 5))


def _pt(x: float, y: float) -> tuple[int, int]:
    return int(round(x)), int(round(y))


def _line(ink, a, b, width_mm: float = 0.5) -> None:
    cv2.line(ink, _pt(*a), _pt(*b), 1, max(1, int(round(width_mm * P))))


def _railway(ink, cx, cy, vertical: bool, stop_mm: float = 0.0) -> None:
    """A railway through the space (one line, a sleeper every 2.5 mm), or its two arms stopping
    ``stop_mm`` short of the middle."""
    for sign in (-1, 1):
        near, far = sign * stop_mm * P, sign * 10.5 * P
        a, b = ((cx, cy + near), (cx, cy + far)) if vertical else ((cx + near, cy), (cx + far, cy))
        _line(ink, a, b)
        for t in np.arange(max(stop_mm, 1.0) + 0.5, 10.0, 2.5):
            m = sign * t * P
            s = ((cx - 1.5 * P, cy + m), (cx + 1.5 * P, cy + m)) if vertical else ((cx + m, cy - 1.5 * P), (cx + m, cy + 1.5 * P))
            _line(ink, *s)


def _highway(ink, cx, cy, vertical: bool, stop_mm: float = 0.0) -> None:
    """A highway drawn as one bold line through the space, or its arms stopping short."""
    for sign in (-1, 1):
        near, far = sign * stop_mm * P, sign * 10.5 * P
        a, b = ((cx, cy + near), (cx, cy + far)) if vertical else ((cx + near, cy), (cx + far, cy))
        _line(ink, a, b, 1.6)


def _hollow_station(ink, cx, cy, side_mm: float = 5.0) -> None:
    h = side_mm / 2 * P
    cv2.rectangle(ink, _pt(cx - h, cy - h), _pt(cx + h, cy + h), 1, max(1, int(round(0.5 * P))))


def _sheet(station: bool = True) -> np.ndarray:
    ink = np.zeros((int(round((9 * 2 + 7 * 21) * P)),) * 2, np.uint8)
    for r, c in OVERPASSES:   # a railway north-south crossed by a highway east-west
        cx, cy = _centre_px(r, c)
        _railway(ink, cx, cy, True)
        _highway(ink, cx, cy, False)
    cx, cy = _centre_px(*STATION)
    if station:   # the crossing station: the arms stop at a hollow square
        _railway(ink, cx, cy, True, stop_mm=2.7)
        _highway(ink, cx, cy, False, stop_mm=2.7)
        _hollow_station(ink, cx, cy)
    else:
        _railway(ink, cx, cy, True)
        _highway(ink, cx, cy, False)
    return ink


def _rows(centre: Cell) -> list[tuple]:
    rows = [[Cell() for _ in range(7)] for _ in range(7)]
    for r, c in OVERPASSES:
        rows[r][c] = Cell("rhrh", "o")
    rows[STATION[0]][STATION[1]] = centre
    return [tuple(row) for row in rows]


def test_the_fixture_measures_as_the_dev_photos_do():
    ink = _sheet()
    assert measure(ink, *_centre_px(*STATION), P).hollow >= outlined_centre.HOLLOW_MM2
    for place in OVERPASSES:
        assert measure(ink, *_centre_px(*place), P).hollow < outlined_centre.HOLLOW_MM2 / outlined_centre.OVER


def test_a_hollow_crossing_station_read_as_an_overpass_is_guessed_the_station():
    ink = _sheet()
    flagged = [Uncertain("D4", "rhrho", "centre: an outline around it, a hollow station?")]
    rows, uncertain = outlined_centre.apply(_rows(Cell("rhrh", "o")), flagged, ink, _centre_px, P, square, Uncertain)
    assert rows[3][3] == Cell("rhrh", "s")
    assert [(u.square, u.guess, u.reason) for u in uncertain] == [
        ("D4", "rhrhs", f"centre: an outline around it, a hollow station?; {outlined_centre.WHY}")]
    assert all(rows[r][c] == Cell("rhrh", "o") for r, c in OVERPASSES)
    # read with certainty as an overpass: flagged too
    rows, uncertain = outlined_centre.apply(_rows(Cell("rhrh", "o")), [], ink, _centre_px, P, square, Uncertain)
    assert [(u.square, u.guess, u.reason) for u in uncertain] == [("D4", "rhrhs", outlined_centre.WHY)]


def test_a_crossing_station_read_as_a_certain_four_way_railway_is_flagged():
    ink = _sheet()
    rows, uncertain = outlined_centre.apply(_rows(Cell("rrrr")), [], ink, _centre_px, P, square, Uncertain)
    assert [(u.square, u.guess, u.reason) for u in uncertain] == [("D4", "rrrr", outlined_centre.WHY)]
    assert rows[3][3] == Cell("rrrr")
    # flagged already: left as it is
    kept = [Uncertain("D4", "rhrho", "a four-way crossing drawn unlike")]
    assert outlined_centre.apply(_rows(Cell("rrrr")), kept, ink, _centre_px, P, square, Uncertain)[1] == kept


def test_lines_crossing_and_a_sheet_whose_crossings_all_close_in_paper_are_left():
    ink = _sheet(station=False)
    rows = _rows(Cell("rrrr"))
    assert outlined_centre.apply(rows, [], ink, _centre_px, P, square, Uncertain) == (rows, [])
    # every crossing of the sheet closes in as much (the player's own way of crossing: wide double
    # lines): none stands out; one that does, alone, is outlined
    assert outlined_centre.outlined({(1, 1): 12.0, (3, 3): 14.0, (5, 5): 11.0}) == set()
    assert outlined_centre.outlined({(1, 1): 2.0, (3, 3): 14.0, (5, 5): 1.0}) == {(3, 3)}
    assert outlined_centre.outlined({(3, 3): 8.5}) == set()


def test_read_rel_guesses_the_drawn_crossing_station_a_station():
    """Through the reader (``read.read_rel`` on the drawn sheet, its darkness softened as a
    camera's): main's reader guessed D4 the overpass (its centre flagged, the guess kept)."""
    from railprint.games.railroad_ink.photo.read import read_rel

    rel = cv2.GaussianBlur(_sheet().astype(np.float32), (0, 0), 0.6) * 0.9
    rel = np.pad(rel, ((0, 990 - rel.shape[0]), (0, 990 - rel.shape[1])))
    rows, uncertain = read_rel(rel, "none", P)
    assert rows[3][3] == Cell("rhrh", "s")
    assert outlined_centre.WHY in {u.square: u.reason for u in uncertain}["D4"]
    assert all(rows[r][c] == Cell("rhrh", "o") for r, c in OVERPASSES)


def _light_sided_sheet() -> np.ndarray:
    """The darkness of ``_sheet()`` softened as a camera's, the station's east side drawn at a
    third of the lines' darkness (a ballpoint's skip: indep dev 80,460 D7, the held-out silent
    102,381 D5)."""
    ink = _sheet().astype(np.float32)
    cx, cy = _centre_px(*STATION)
    h, w = 2.5 * P, max(1, int(round(0.5 * P)))
    x0 = int(round(cx + h)) - w
    ink[int(round(cy - h)) - w:int(round(cy + h)) + w + 1, x0:x0 + 2 * w + 1] *= 0.35
    return cv2.GaussianBlur(ink, (0, 0), 0.6) * 0.9


def test_an_outline_with_a_light_side_closes_in_paper_in_the_light_ink():
    """Round eighteen: the ink (its threshold at half the lines' darkness) loses the light side
    and the paper runs out; the light ink (``LIGHT`` of the threshold, specks dropped) keeps it."""
    rel = _light_sided_sheet()
    ink = (rel > 0.45).astype(np.uint8)
    at = _centre_px(*STATION)
    assert measure(ink, *at, P).hollow < 1.0
    light = outlined_centre.light_ink(rel, 0.45, P)
    assert measure(light, *at, P).hollow >= outlined_centre.HOLLOW_MM2
    rows, uncertain = outlined_centre.apply(_rows(Cell("rhrh", "o")), [], ink, _centre_px, P, square, Uncertain)
    assert (rows[3][3], uncertain) == (Cell("rhrh", "o"), [])   # the ink alone: a certain overpass
    rows, uncertain = outlined_centre.apply(_rows(Cell("rhrh", "o")), [], ink, _centre_px, P, square, Uncertain,
                                            light=lambda: light)
    assert rows[3][3] == Cell("rhrh", "s")
    assert [(u.square, u.guess, u.reason) for u in uncertain] == [("D4", "rhrhs", outlined_centre.WHY)]
    assert all(rows[r][c] == Cell("rhrh", "o") for r, c in OVERPASSES)


def test_the_light_ink_drops_specks_of_the_papers_noise():
    rel = np.zeros((60, 60), np.float32)
    rel[10, 10] = rel[30, 31] = 0.5           # specks
    rel[40:50, 5:55] = 0.5                    # a line
    light = outlined_centre.light_ink(rel, 0.45, P)
    assert light[10, 10] == 0 and light[30, 31] == 0 and light[45, 20] == 1


def test_read_rel_flags_the_crossing_station_whose_outline_has_a_light_side():
    """Through the reader: main's read D4 (the station's east side light) as a certain overpass."""
    from railprint.games.railroad_ink.photo.read import read_rel

    rel = _light_sided_sheet()
    rel = np.pad(rel, ((0, 990 - rel.shape[0]), (0, 990 - rel.shape[1])))
    rows, uncertain = read_rel(rel, "none", P)
    assert rows[3][3] == Cell("rhrh", "s")
    assert outlined_centre.WHY in {u.square: u.reason for u in uncertain}["D4"]
    assert all(rows[r][c] == Cell("rhrh", "o") for r, c in OVERPASSES)


RAILWAYS = ((0, 0), (0, 2), (2, 0), (2, 2), (4, 0), (6, 2))
MISREAD = (6, 6)   # a station on a straight (a highway north, a railway south), read as railways only


def _route_sheet(all_outlined: bool = False) -> np.ndarray:
    ink = np.zeros((int(round((9 * 2 + 7 * 21) * P)),) * 2, np.uint8)
    for r, c in RAILWAYS:
        cx, cy = _centre_px(r, c)
        _railway(ink, cx, cy, True, stop_mm=2.7 if all_outlined else 0.0)
        if all_outlined:   # a sheet whose railways all close in paper at their middle: nothing stands out
            _hollow_station(ink, cx, cy)
    cx, cy = _centre_px(*MISREAD)
    _railway(ink, cx, cy, True, stop_mm=2.7)
    _hollow_station(ink, cx, cy)
    return ink


def _route_rows() -> list[tuple]:
    rows = [[Cell() for _ in range(7)] for _ in range(7)]
    for r, c in RAILWAYS + (MISREAD,):
        rows[r][c] = Cell("r.r.")
    return [tuple(row) for row in rows]


def test_a_certain_railway_whose_centre_is_a_stations_outline_is_flagged():
    """Round eighteen (dev indep 60,003 F6: ``h.r.s`` read a certain ``r.r.``, its hollow square in
    the centre): flagged, the guess kept; a sheet whose railways all close in as much flags
    nothing; a space flagged already is left."""
    rows = _route_rows()
    got = outlined_centre.route_outlines(rows, [], _route_sheet(), _centre_px, P, square, Uncertain)
    assert [(u.square, u.guess, u.reason) for u in got] == [("G7", "r.r.", outlined_centre.ROUTE_WHY)]
    kept = [Uncertain("G7", "r.r.", "N: neither clearly a highway nor a railway")]
    assert outlined_centre.route_outlines(rows, kept, _route_sheet(), _centre_px, P, square, Uncertain) == kept
    assert outlined_centre.route_outlines(rows, [], _route_sheet(all_outlined=True), _centre_px, P, square,
                                          Uncertain) == []
