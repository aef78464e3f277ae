"""A station drawn as an X or a letter across a straight crossing is never a certain overpass
(``photo/crossing_mark.py``, issue 35, round fifteen)."""

from __future__ import annotations

import pytest

from tests.games.railroad_ink.indep2_seed import read_seed

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")

from railprint.games.railroad_ink.board import SIZE, Cell, square  # noqa: E402
from railprint.games.railroad_ink.photo import crossing_mark  # noqa: E402

PPM = 6.0
H = 60   # a drawn space's middle in its little picture (px)


def _space(mark: str) -> np.ndarray:
    """The darkness (0 paper .. 1 ink) of a straight crossing at 6 px/mm: a railway north-south, a
    highway's two lines east-west, and in the middle ``mark``: nothing (an overpass's lines run
    through), an X or an S (a station; the routes' lines end 1.7 mm short of the middle)."""
    img = np.zeros((2 * H + 1, 2 * H + 1), np.float32)
    w = 3   # a 0.5 mm pen
    short = 0 if mark == "none" else int(1.7 * PPM)
    for end in (-1, 1):
        a, b = H + end * short, H + end * H
        cv2.line(img, (H, min(a, b)), (H, max(a, b)), 1.0, w)                          # the railway
        for dy in (-9, 9):                                                           # the highway's lines
            cv2.line(img, (min(a, b), H + dy), (max(a, b), H + dy), 1.0, w)
    s = int(2.2 * PPM)
    if mark == "x":
        cv2.line(img, (H - s, H - s), (H + s, H + s), 1.0, w)
        cv2.line(img, (H + s, H - s), (H - s, H + s), 1.0, w)
    elif mark == "s":
        t = np.linspace(-0.3, -1.5 * np.pi, 14)
        top = np.stack([H + np.cos(t) * s * 0.55, H - s / 2 + np.sin(t) * s / 2], 1)
        bot = np.stack([H - np.cos(t) * s * 0.55, H + s / 2 - np.sin(t) * s / 2], 1)
        cv2.polylines(img, [np.vstack([top, bot]).astype(np.int32)], False, 1.0, w)
    return cv2.GaussianBlur(img, (5, 5), 1.0)   # a camera's blur


@pytest.mark.parametrize("mark", ("x", "s"))
def test_an_x_or_an_s_turns_the_centre_off_the_axes_and_lines_crossing_do_not(mark):
    crossing, _ = crossing_mark.diagonal_share(_space("none"), H, H, PPM)
    station, energy = crossing_mark.diagonal_share(_space(mark), H, H, PPM)
    assert crossing < crossing_mark.DIAGONAL <= station, (crossing, station)
    assert energy >= crossing_mark.MIN_ENERGY


def _sheet(marks: dict[tuple[int, int], str]):
    """A sheet of straight crossings read as certain overpasses, each drawn with its mark."""
    rel = np.zeros((SIZE * 130, SIZE * 130), np.float32)
    rows = []
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            if (r, c) in marks:
                rel[r * 130 + 65 - H:r * 130 + 65 + H + 1, c * 130 + 65 - H:c * 130 + 65 + H + 1] = _space(marks[(r, c)])
                row.append(Cell("rhrh", "o"))
            else:
                row.append(Cell("....", ""))
        rows.append(tuple(row))
    return rows, rel


def _apply(marks):
    from railprint.games.railroad_ink.photo.read import Uncertain

    rows, rel = _sheet(marks)
    return crossing_mark.apply(rows, [], rel, lambda r, c: (c * 130 + 65, r * 130 + 65), PPM, square, Uncertain)


def test_a_certain_overpass_with_an_x_across_it_is_flagged_and_guessed_a_station():
    rows, uncertain = _apply({(0, 0): "none", (2, 3): "x", (4, 4): "none"})
    assert [(u.square, u.guess, u.reason) for u in uncertain] == [("C4", "rhrhs", crossing_mark.WHY)]
    assert rows[2][3] == Cell("rhrh", "s") and rows[0][0] == Cell("rhrh", "o")


def test_where_most_crossings_show_it_the_player_draws_overpasses_so_the_guess_stays_an_overpass():
    rows, uncertain = _apply({(0, 0): "x", (2, 3): "x", (4, 4): "x", (5, 5): "none"})
    assert sorted(u.square for u in uncertain) == ["A1", "C4", "E5"]     # flagged all the same
    assert all(u.guess == "rhrho" for u in uncertain)


# a dev seed of the second independent generator (benchmarks/indep2_photos.py): stations drawn as an
# S; D4 is a straight crossing with a station, read as a certain overpass before round fifteen
def _read_indep2(seed: int):
    pytest.importorskip("pypdfium2")
    return read_seed(seed)


def test_an_s_drawn_across_a_crossing_on_an_indep2_photo_is_flagged():
    board, plan, reading, flagged, wrong = _read_indep2(3269)
    assert "station-s" in plan.habits and board.rows[3][3].token == "hrhrs"
    assert "D4" in flagged and crossing_mark.WHY in flagged["D4"].reason
    assert reading.board.rows[3][3].token == "hrhrs"
    assert wrong <= set(flagged), sorted(wrong - set(flagged))


# a dev seed of the second independent generator: stations drawn as a ringed dot, highways with
# dashes; F1 (``..hrs``) read as a certain railway curve (``..rr``), its dashes sleepers even clear
# of the centre: a space of railways only showing the sheet's station mark is flagged however
# clearly its sides read (``photo/centre.py``, round fifteen)
def test_a_ringed_station_beside_a_dashed_highway_read_as_railways_is_flagged():
    from railprint.games.railroad_ink.photo import centre

    board, plan, reading, flagged, wrong = _read_indep2(3246)
    assert "station-circled" in plan.habits and board.rows[5][0].token == "..hrs"
    assert "F1" in flagged and centre.STATION_MARK in flagged["F1"].reason
    assert reading.board.rows[5][0].marker == "s"
    assert wrong <= set(flagged), sorted(wrong - set(flagged))
