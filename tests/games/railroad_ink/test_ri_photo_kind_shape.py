"""Round sixteen (photo/kind_shape.py): a railway read with certainty whose ink is not shaped like
the sheet's certain railways is flagged, on dev seeds of the second independent generator."""

from __future__ import annotations

import pytest

pytest.importorskip("cv2")
pytest.importorskip("pypdfium2")

from railprint.games.railroad_ink.photo import kind_shape  # noqa: E402
from tests.games.railroad_ink.indep2_seed import read_seed  # noqa: E402


# 3,603 (9.3 MP, one stroke, zig-zag railways): a felt pen's highway of two lines with a dashed
# middle ran together row by row, A2 `h.h.` read as a certain `r.r.` (main at 188b3e8: 1 silent).
# 3,532 (8.6 MP, a highlighter's highway with a thin line in it, X sleepers): the highlighter's
# round ends laid over each other across the edges read as sleepers, C3 `hrhr`+o and C5 `.h.h`
# certain railways (main: 2 silent).
@pytest.mark.parametrize("seed, habit, square, why", ((3603, "zigzag", "A2", kind_shape.TWO_WHY),
                                                     (3532, "highlighter", "C5", kind_shape.EDGE_WHY)))
def test_a_highway_not_shaped_like_the_sheets_railways_is_flagged(seed, habit, square, why):
    got = read_seed(seed)
    assert habit in got.plan.habits
    assert got.wrong <= set(got.flagged), sorted(got.wrong - set(got.flagged))
    assert why in got.flagged[square].reason
