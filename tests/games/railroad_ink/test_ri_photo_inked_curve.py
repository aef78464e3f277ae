"""Round twenty-five (photo/inked_curve.py): a flagged curve's centre box against the sheet's own
curves, whatever the flag's reason. Main guessed a station drawn on a curve whose one side was
misread as the other kind a plain curve (``..rr``) where the flag was a kind doubt alone and fewer
than three curves were read with certainty; and kept a station guessed on a curve whose centre
box is paper on such a sheet."""

from __future__ import annotations

import pytest

pytest.importorskip("cv2")

from railprint.games.railroad_ink.board import square  # noqa: E402
from railprint.games.railroad_ink.photo import inked_curve  # noqa: E402
from railprint.games.railroad_ink.photo.read import Uncertain, _faces  # noqa: E402
from tests.games.railroad_ink.photo_boards import flagged, sides_read  # noqa: E402

NEITHER = "neither clearly a highway nor a railway"
BAND = "a solid band: a highway's two lines run together?"
# a sheet's curves: A1 and C1 read with certainty, B3, E5 and F2 flagged (their centre boxes paper), D4 the
# candidate; its stations G5 and G7, their boxes inked
CURVES = {(0, 0): ".rr.", (2, 0): "hh..", (1, 2): "..hh", (4, 4): "r..r", (5, 1): ".hh.", (6, 4): ".hr.s", (6, 6): "h.r.s"}
MARKS = {(6, 4): 0.6, (6, 6): 0.8}


def _apply(tokens: dict, reasons: dict, boxes: dict, read: dict | None = None):
    rows, uncertain = flagged(tokens, reasons, Uncertain)
    sides_at = sides_read(rows, read)

    boxes = {**MARKS, **boxes}
    rows, uncertain = inked_curve.apply(rows, uncertain, square, Uncertain, inked=lambda r, c: boxes.get((r, c), 0.0),
                                        sides_at=sides_at, faces=_faces)
    return rows, {u.square: (u.guess, u.reason) for u in uncertain}


FLAGGED = {(1, 2): f"S: {NEITHER}", (4, 4): f"N: {NEITHER}", (5, 1): "a faint line?"}


def test_an_inked_curve_flagged_for_a_kind_doubt_is_guessed_its_station():
    """indep2 209,555 B7, E6, F7 (dots) and 209,543 B4 (an X), night 209,774 A6, C4, D6: a kind doubt
    alone, two curves or fewer read with certainty; the centre box inked 0.5-0.9."""
    why = f"S: {NEITHER}"
    tokens = {**CURVES, (3, 3): "..rr"}
    rows, flags = _apply(tokens, {**FLAGGED, (3, 3): why}, {(3, 3): 0.55})
    assert rows[3][3].token == "..hrs"   # the doubted side (S) turned
    assert flags["D4"] == ("..hrs", why)
    assert {k: v for k, v in flags.items() if k != "D4"} == {square(*p): (CURVES[p], w) for p, w in FLAGGED.items()}
    # the sides as the reader read them, a highway and a railway
    rows, flags = _apply(tokens, {**FLAGGED, (3, 3): "a faint line?"}, {(3, 3): 0.55}, read={(3, 3): "..rh"})
    assert rows[3][3].token == "..rhs" and flags["D4"] == ("..rhs", "a faint line?")


def test_the_guess_stays_where_the_sheet_or_the_space_says_nothing():
    why = f"S: {NEITHER}"
    tokens = {**CURVES, (3, 3): "..rr"}
    # the box barely inked
    rows, _ = _apply(tokens, {**FLAGGED, (3, 3): why}, {(3, 3): 0.2})
    assert rows[3][3].token == "..rr"
    # a band or a broad line crosses the box itself
    rows, _ = _apply(tokens, {**FLAGGED, (3, 3): f"E: {BAND}"}, {(3, 3): 0.55})
    assert rows[3][3].token == "..rr"
    # a curve read with certainty is inked: the sheet's curves are no arcs
    rows, _ = _apply(tokens, {**FLAGGED, (3, 3): why}, {(3, 3): 0.55, (0, 0): 0.4})
    assert rows[3][3].token == "..rr"
    # the sheet's stations leave the box paper (hollow squares, rings): its mark is not the box's ink
    rows, _ = _apply(tokens, {**FLAGGED, (3, 3): why}, {(3, 3): 0.55, (6, 4): 0.0, (6, 6): 0.1})
    assert rows[3][3].token == "..rr"
    # too few curves to know the sheet's
    few = {(0, 0): ".rr.", (2, 0): "hh..", (3, 3): "..rr"}
    rows, _ = _apply(few, {(3, 3): why}, {(3, 3): 0.55})
    assert rows[3][3].token == "..rr"
    # read with certainty: never touched
    rows, flags = _apply(tokens, FLAGGED, {(3, 3): 0.55})
    assert rows[3][3].token == "..rr" and "D4" not in flags


def test_a_station_guessed_on_a_paper_curve_is_guessed_the_kind_it_joins():
    """night 209,648 G7 ``rr..`` and 209,778 C6 ``h..h`` were guessed stations on a sheet of arcs."""
    why = f"S: {NEITHER}"
    # D4's south and west join railways (E4 and D3); its centre box is paper
    tokens = {**CURVES, (3, 3): "..hrs", (4, 3): "r.r.", (3, 2): ".r.r"}
    rows, flags = _apply(tokens, {**FLAGGED, (3, 3): why}, {})
    assert rows[3][3].token == "..rr" and flags["D4"] == ("..rr", why)
    # its box inked: the station stays
    rows, flags = _apply(tokens, {**FLAGGED, (3, 3): why}, {(3, 3): 0.5})
    assert rows[3][3].token == "..hrs"
    # a sheet whose stations leave the box paper (indep's hollow squares): the station stays
    rows, flags = _apply(tokens, {**FLAGGED, (3, 3): why}, {(6, 4): 0.0, (6, 6): 0.0})
    assert rows[3][3].token == "..hrs"


@pytest.fixture(scope="module")
def indep2_209543():
    from benchmarks import indep2_photos
    from railprint.games.railroad_ink.photo.read import read_photo

    made = indep2_photos.make_photo(209543)
    return read_photo(made[0], "209543.jpg"), made[1]


def test_indep2_209543_an_x_on_a_curve_flagged_for_a_kind_doubt(indep2_209543):
    """indep2 209,543 (spent held out of round twenty-four; X stations, one curve read with
    certainty): B4 ``.hr.s``, its east highway doubted ("neither clearly ..."), was guessed ``.rr.``
    on main; its centre box is inked 0.48, the sheet's curves' paper."""
    reading, board = indep2_209543
    flags = {u.square: u for u in reading.uncertain}
    assert board.rows[1][3].token == ".hr.s"
    assert reading.board.rows[1][3].token == ".hr.s"
    assert flags["B4"].guess == ".hr.s" and flags["B4"].reason == f"E: {NEITHER}"
