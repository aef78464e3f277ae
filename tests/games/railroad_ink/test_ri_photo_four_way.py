"""Round sixteen: the whole sheet against the rules (photo/specials.py) and a four-way route whose
two routes are drawn unlike (photo/four_way.py): an overpass whose highway is read as a railway
reads as the four-way railway ``rrrr``, every side certain (held-out indep2 200,041, indep
100,597: silent). Drawn fixtures: the rectified darkness at the reader's 6 px/mm."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from railprint.games.railroad_ink.board import Cell, square  # noqa: E402
from railprint.games.railroad_ink.photo import four_way, specials  # noqa: E402
from railprint.games.railroad_ink.photo.read import PX_PER_MM, Uncertain, _centre_px, _faces  # noqa: E402

P = PX_PER_MM


def _px(x_mm: float) -> int:
    return int(round(x_mm * P))


def _railway(rel: np.ndarray, cx: float, cy: float, vertical: bool, rng: np.random.Generator) -> None:
    """A railway through the space: one line, a sleeper every 2.5 mm drawn slanting a little (a hand)."""
    half = 10.5 * P
    if vertical:
        cv2.line(rel, (int(cx), int(cy - half)), (int(cx), int(cy + half)), 1.0, 3, cv2.LINE_AA)
    else:
        cv2.line(rel, (int(cx - half), int(cy)), (int(cx + half), int(cy)), 1.0, 3, cv2.LINE_AA)
    for t in np.arange(-9.5, 9.6, 2.5):
        tilt = rng.uniform(-0.6, 0.6)
        if vertical:
            a, b = (cx - 1.5 * P, cy + (t - tilt) * P), (cx + 1.5 * P, cy + (t + tilt) * P)
        else:
            a, b = (cx + (t - tilt) * P, cy - 1.5 * P), (cx + (t + tilt) * P, cy + 1.5 * P)
        cv2.line(rel, tuple(int(round(v)) for v in a), tuple(int(round(v)) for v in b), 1.0, 2, cv2.LINE_AA)


def _highway_one_line(rel: np.ndarray, cx: float, cy: float, vertical: bool) -> None:
    half = 10.5 * P
    if vertical:
        cv2.line(rel, (int(cx), int(cy - half)), (int(cx), int(cy + half)), 1.0, 4, cv2.LINE_AA)
    else:
        cv2.line(rel, (int(cx - half), int(cy)), (int(cx + half), int(cy)), 1.0, 4, cv2.LINE_AA)


def _sheet(draw) -> np.ndarray:
    rel = np.zeros((_px(9 * 2 + 7 * 21), _px(9 * 2 + 7 * 21)), np.float32)
    draw(rel, *_centre_px(3, 3))
    return cv2.GaussianBlur(rel, (0, 0), 0.7)


def _empty_rows(cell: Cell) -> list[tuple]:
    rows = [[Cell() for _ in range(7)] for _ in range(7)]
    rows[3][3] = cell
    return [tuple(row) for row in rows]


def test_an_overpass_read_as_the_four_way_railway_is_flagged_and_guessed_an_overpass():
    rng = np.random.default_rng(16)

    def overpass(rel, cx, cy):   # a railway north-south under a highway drawn as one line east-west
        _railway(rel, cx, cy, True, rng)
        _highway_one_line(rel, cx, cy, False)

    rel = _sheet(overpass)
    ns, ew = four_way.pairs(rel, *_centre_px(3, 3), P)
    assert ew <= four_way.RATIO * ns and ns >= four_way.MIN_SHARE, (ns, ew)
    rows, uncertain = four_way.apply(_empty_rows(Cell("rrrr")), [], rel, _centre_px, P, square, Uncertain)
    assert [(u.square, u.guess, u.reason) for u in uncertain] == [("D4", "rhrho", four_way.WHY)]
    assert rows[3][3] == Cell("rhrh", "o")


def test_a_four_way_railway_drawn_one_way_is_left_as_read():
    rng = np.random.default_rng(17)

    def crossing(rel, cx, cy):
        _railway(rel, cx, cy, True, rng)
        _railway(rel, cx, cy, False, rng)

    rel = _sheet(crossing)
    rows = _empty_rows(Cell("rrrr"))
    assert four_way.apply(rows, [], rel, _centre_px, P, square, Uncertain) == (rows, [])
    # flagged for another reason: the guess is kept too
    kept = [Uncertain("D4", "rrrr", "N: a faint line?")]
    assert four_way.apply(rows, kept, rel, _centre_px, P, square, Uncertain) == (rows, kept)


def test_a_special_route_read_twice_or_a_fourth_one_is_flagged():
    rows = [[Cell() for _ in range(7)] for _ in range(7)]
    rows[0][0], rows[2][2] = Cell("rrrr"), Cell("rrrr")
    rows[4][4] = Cell("hhhh")
    out = specials.revise([tuple(r) for r in rows], [], square=square, uncertain_of=Uncertain, faces=_faces)
    assert sorted((u.square, u.guess, u.reason) for u in out) == [
        ("A1", "rrrr", specials.TWICE), ("C3", "rrrr", specials.TWICE)]
    rows[2][2] = Cell("rhhh", "s")   # hhhrs turned: three specials, each once: the rules allow it
    assert specials.revise([tuple(r) for r in rows], [], square=square, uncertain_of=Uncertain, faces=_faces) == []
    rows[6][6] = Cell("rrhh", "s")   # a fourth special route (hhrrs turned): one of them is misread
    flagged = [Uncertain("E5", "hhhh", "N: a faint line?")]   # (one flagged already keeps its reason)
    out = specials.revise([tuple(r) for r in rows], flagged, square=square, uncertain_of=Uncertain, faces=_faces)
    assert sorted((u.square, u.reason) for u in out) == [
        ("A1", specials.TOO_MANY), ("C3", specials.TOO_MANY), ("E5", "N: a faint line?"), ("G7", specials.TOO_MANY)]


def test_a_certain_reading_no_die_draws_is_flagged_however_it_came_about():
    rows = [[Cell() for _ in range(7)] for _ in range(7)]
    rows[1][1] = Cell("hr..")       # a highway and a railway joined without a station
    rows[1][2] = Cell("h.r.", "s")  # a station: drawable
    out = specials.revise([tuple(r) for r in rows], [], square=square, uncertain_of=Uncertain, faces=_faces)
    assert [(u.square, u.guess, u.reason) for u in out] == [("B2", "hr..", specials.NOT_A_FACE)]
