"""Round sixteen (photo/kind_shape.py): a railway read with certainty whose ink is not shaped like
the sheet's certain railways is flagged, on dev seeds of the second independent generator."""

from __future__ import annotations

import pytest

pytest.importorskip("cv2")
pytest.importorskip("pypdfium2")

from tests.games.railroad_ink.indep2_seed import read_seed  # noqa: E402


# 3,603 (9.3 MP, one stroke, zig-zag railways): a felt pen's highway of two lines with a dashed
# middle ran together row by row, A2 `h.h.` read as a certain `r.r.` (main at 188b3e8: 1 silent).
# 3,532 (8.6 MP, a highlighter's highway with a thin line in it, X sleepers): the highlighter's
# round ends laid over each other across the edges read as sleepers, C3 `hrhr`+o and C5 `.h.h`
# certain railways (main: 2 silent); the band shows in the faint ink beside the line in every row.
@pytest.mark.parametrize("seed, habit, square, why", ((3603, "zigzag", "A2", "TWO_WHY"),
                                                     (3532, "highlighter", "C5", "FULL_WHY")))
def test_a_highway_not_shaped_like_the_sheets_railways_is_flagged(seed, habit, square, why):
    from railprint.games.railroad_ink.photo import kind_shape

    why = getattr(kind_shape, why)
    got = read_seed(seed)
    assert habit in got.plan.habits
    assert got.wrong <= set(got.flagged), sorted(got.wrong - set(got.flagged))
    assert why in got.flagged[square].reason


P = 6.0


def _sheet():
    """A rectified darkness: every space of rows A-C a north-south railway (a line with a sleeper
    every 3 mm), and E4 a north-south highway drawn as two lines with a dashed middle in a marker:
    one band 4 mm wide, its holes where the dashes stop (as indep 100,597 held out at 188b3e8)."""
    import numpy as np

    from railprint.games.railroad_ink.photo import layout, read

    size = int(round((layout.GRID_MM + 2 * read.MARGIN_MM) * P))
    rel = np.full((size, size), 0.05, np.float32)
    for r in range(3):
        for c in range(7):
            x = int(round((read.MARGIN_MM + (c + 0.5) * layout.SQUARE_MM) * P))
            y0 = int((read.MARGIN_MM + r * layout.SQUARE_MM) * P)
            rel[y0:y0 + int(layout.SQUARE_MM * P), x - 2:x + 3] = 0.9
            for y in range(y0 + int(1.5 * P), y0 + int(layout.SQUARE_MM * P), int(3 * P)):   # its sleepers
                rel[y:y + 4, x - int(1.8 * P):x + int(1.8 * P) + 1] = 0.95
    x = int(round((read.MARGIN_MM + 3.5 * layout.SQUARE_MM) * P))
    y0 = int((read.MARGIN_MM + 4 * layout.SQUARE_MM) * P)
    rel[y0:y0 + int(layout.SQUARE_MM * P), x - 12:x + 12] = 0.9
    for y in range(y0 + 3, y0 + int(layout.SQUARE_MM * P), int(3 * P)):   # the holes between the dashes
        rel[y:y + 8, x - 3:x + 3] = 0.05
    return rel


def test_a_marker_highway_with_a_dashed_middle_is_no_certain_railway():
    from railprint.games.railroad_ink.photo import read

    rows, doubts = read.read_rel(_sheet(), "none", P)
    # (A2 and A6 are drawn to printed highway exits, flagged so, and their guess weighs the exit since
    # round twenty, photo/kind_guess.py)
    assert [cell.token for c, cell in enumerate(rows[0]) if c not in (1, 5)] == ["r.r."] * 5
    why = {u.square: u.reason for u in doubts}
    assert why["A2"].startswith("N: drawn to a printed highway exit") and why["A6"].startswith("N: drawn to a printed highway exit")
    # two lines (the band's holes split it) and a band, where the sheet's railways are one line
    assert "where this sheet's railways are one: a highway?" in why.get("E4", ""), why.get("E4")
    assert rows[4][3].token == "h.h."   # the guess
