"""Round sixteen: a four-way route whose two routes are drawn unlike (photo/four_way.py): an
overpass whose highway is read as a railway reads as the four-way railway ``rrrr``, every side
certain (held-out indep2 200,041, indep 100,597: silent); and a certain reading no die draws
(photo/legal.py). Drawn fixtures: the rectified darkness at the reader's 6 px/mm."""

from __future__ import annotations

import numpy as np
import pytest

cv2 = pytest.importorskip("cv2")

from railprint.games.railroad_ink.board import Cell, square  # noqa: E402
from railprint.games.railroad_ink.photo import four_way, legal  # noqa: E402
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


def test_a_certain_reading_no_die_draws_is_flagged_however_it_came_about():
    rows = [[Cell() for _ in range(7)] for _ in range(7)]
    rows[1][1] = Cell("hr..")       # a highway and a railway joined without a station
    rows[1][2] = Cell("h.r.", "s")  # a station: drawable
    out = legal.revise([tuple(r) for r in rows], [], square=square, uncertain_of=Uncertain, faces=_faces)
    assert [(u.square, u.guess, u.reason) for u in out] == [("B2", "hr..", legal.NOT_A_FACE)]


def test_an_indep2_dev_photo_s_humped_overpasses_read_as_four_way_railways_are_guessed_overpasses():
    """indep2 dev seed 6,351 (one-stroke routes, overpasses drawn with a hump, round numbers): three
    overpasses whose highway, one line, reads as a railway were read ``rrrr`` (flagged for their
    sides) and are now guessed the overpass; nothing read wrong is left unflagged."""
    pytest.importorskip("pypdfium2")
    from tests.games.railroad_ink.indep2_seed import read_seed

    seen = read_seed(6351)
    for place in ("B1", "D2", "E5"):
        assert seen.flagged[place].guess == "hrhro" and place not in seen.wrong, (place, seen.flagged.get(place))
    assert not seen.wrong - set(seen.flagged), sorted(seen.wrong - set(seen.flagged))
