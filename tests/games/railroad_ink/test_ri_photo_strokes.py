"""How the lines are drawn (issue 35, round fifteen): a highway drawn as one line, read as a
certain railway in a small photo where the sheet's railways show their sleepers
(``photo/bare_rail.py``), and a space crossed out with an X and drawn again
(``photo/crossed.py``). Dev seeds of the second independent generator, each silent on main
ce27345."""

from __future__ import annotations

import pytest

cv2 = pytest.importorskip("cv2")
np = pytest.importorskip("numpy")
pytest.importorskip("pypdfium2")

from railprint.games.railroad_ink.board import square_at  # noqa: E402
from railprint.games.railroad_ink.photo import bare_rail, crossed  # noqa: E402
from tests.games.railroad_ink.indep2_seed import read_seed  # noqa: E402


def _read(seed: int):
    got = read_seed(seed)
    wrong = {sq: (got.board[square_at(sq)].token, got.reading.board[square_at(sq)].token) for sq in got.wrong}
    return got.board, got.reading, {sq: u.reason for sq, u in got.flagged.items()}, wrong


def test_a_highway_drawn_as_one_line_is_not_a_certain_railway_in_a_small_photo():
    """Seed 6,024: 1600 x 900 px (2.4 px/mm at the grid), pencil highways as one line drawn with a
    ruler, railways with ticks. Main read 14 highway spaces as certain railways (``h.h. -> r.r.``,
    two stations lost); the sheet's railways show their ticks, so a line with none is flagged, its
    guess a highway."""
    board, reading, why, wrong = _read(6024)
    silent = {sq: w for sq, w in wrong.items() if sq not in why}
    assert silent == {}, silent
    assert any(bare_rail.BARE_WHY in why[sq] for sq in why)
    # the guess is the highway: most of those spaces are now read right (flagged)
    main_silent = ("B2", "B7", "C3", "C6", "D5", "D6", "D7", "E7", "F7", "G2", "G4", "G5", "G6")
    assert sum(board[square_at(sq)] == reading.board[square_at(sq)] for sq in main_silent) >= 9


def test_a_sheet_of_zigzag_railways_flags_a_thin_bare_line():
    """Seed 6,048: railways as a zig-zag (a band 2-2.5 mm wide), highways as one thin ballpoint
    line, 1.3 MP: main read three highway spaces as certain railways."""
    board, reading, why, wrong = _read(6048)
    for sq in ("F4", "F5", "G1"):
        assert sq in why and bare_rail.BARE_WHY in why[sq], (sq, why.get(sq))
    assert set(wrong) <= set(why), sorted(set(wrong) - set(why))


def test_a_crossed_out_space_is_flagged():
    """Seed 6,053: C2 drawn wrong, crossed out with an X and drawn again (``.hhh``): main read the
    union of both routes, ``hhhh``, with certainty."""
    board, reading, why, wrong = _read(6053)
    assert board[square_at("C2")].token == ".hhh"
    assert "C2" in why and crossed.CROSSED_WHY in why["C2"], why.get("C2")
    assert set(wrong) <= set(why), sorted(set(wrong) - set(why))


def test_an_x_is_found_on_three_diagonals_and_a_route_never_reaches_them():
    p, size = 6.0, 21.0 * 6.0
    ink = np.zeros((200, 200), np.uint8)
    x0 = y0 = 20.0
    for kind in ("h", "r"):   # a route's lines, a highway's two lines 3.6 mm apart, curves round a corner
        ink[:] = 0
        mid = int(x0 + size / 2)
        for d in ((-11, 11) if kind == "h" else (0,)):
            cv2.line(ink, (mid + d, int(y0)), (mid + d, int(y0 + size)), 1, 4)
            cv2.line(ink, (int(x0), mid + d), (int(x0 + size), mid + d), 1, 4)
            for cx, cy in ((x0, y0), (x0 + size, y0), (x0, y0 + size)):
                cv2.circle(ink, (int(cx), int(cy)), int(size / 2) + d, 1, 4)
        cv2.rectangle(ink, (int(x0 + 0.75 * size), int(y0 + 0.75 * size)), (int(x0 + size), int(y0 + size)), 1, -1)
        assert not crossed.crossed_out(ink, x0, y0, size, p)
    a, b = int(x0 + 0.12 * size), int(x0 + 0.88 * size)
    cv2.line(ink, (a, a), (b, b), 1, 3)
    assert not crossed.crossed_out(ink, x0, y0, size, p)   # one stroke is no X
    cv2.line(ink, (b, a), (a, b), 1, 3)
    assert crossed.crossed_out(ink, x0, y0, size, p)
