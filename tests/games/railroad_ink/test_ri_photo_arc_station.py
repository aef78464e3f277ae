"""Round twenty-seven (photo/arc_station.py): a flagged curve whose centre box is inked, on a sheet whose
curves of its kind are paper arcs, guessed the station. Main guessed these stations a plain curve of one
kind where the sheet's misread stations kept its curves' paper share under three quarters, where it had
one guessed station only, or where the flag was a solid band or a broad line (``inked_curve`` asks none
of those)."""

from __future__ import annotations

import pytest

pytest.importorskip("cv2")

from railprint.games.railroad_ink.board import square  # noqa: E402
from railprint.games.railroad_ink.photo import arc_station  # noqa: E402
from railprint.games.railroad_ink.photo.read import Uncertain, _faces  # noqa: E402
from tests.games.railroad_ink.photo_boards import flagged, sides_read  # noqa: E402

NEITHER = "neither clearly a highway nor a railway"
BAND = "a solid band: a highway's two lines run together?"
# a sheet of curves: A1 (railway) and C1 (highway) read with certainty, B3, E5, F2 flagged, all paper; three
# flagged curves inked (misread stations: the paper share is 5 of 8, under inked_curve's three quarters), and
# one guessed station
CURVES = {(0, 0): ".rr.", (2, 0): "hh..", (1, 2): "..hh", (4, 4): "r..r", (5, 1): ".hh.", (6, 6): "h.r.s",
          (3, 3): "..rr", (3, 5): "hh..", (5, 5): "h..h"}
INKED = {(3, 3): 0.55, (3, 5): 0.9, (5, 5): 0.7, (6, 6): 0.8}
FLAGGED = {(1, 2): f"S: {NEITHER}", (4, 4): f"N: {NEITHER}", (5, 1): "a faint line?"}


def _apply(tokens: dict, reasons: dict, boxes: dict, read: dict | None = None):
    rows, uncertain = flagged(tokens, reasons, Uncertain)
    sides_at = sides_read(rows, read)

    boxes = {**INKED, **boxes}
    rows, uncertain = arc_station.apply(rows, uncertain, square, Uncertain, inked=lambda r, c: boxes.get((r, c), 0.0),
                                        sides_at=sides_at, faces=_faces)
    return rows, {u.square: (u.guess, u.reason) for u in uncertain}


def test_an_inked_curve_on_a_sheet_of_paper_arcs_of_its_kind_is_guessed_its_station():
    """indep2 210,597 B7, G5 (three of nine curves inked, one guessed station), 210,548 D2 (a band),
    210,600 C3 (a broad line)."""
    reasons = {**FLAGGED, (3, 3): f"S: {NEITHER}", (3, 5): f"E: {BAND}", (5, 5): "a faint line?"}
    rows, flags = _apply(CURVES, reasons, {})
    assert rows[3][3].token == "..hrs"   # the doubted side (S) turned
    assert rows[3][5].token == "hr..s"   # a band flagged on E: E turned, as the reason doubts it
    assert flags["D4"] == ("..hrs", f"S: {NEITHER}") and flags["D6"] == ("hr..s", f"E: {BAND}")
    assert rows[5][5].token == "h..h" and flags["F6"] == ("h..h", "a faint line?")   # no side named: the guess stays
    assert {k: v for k, v in flags.items() if k not in ("D4", "D6", "F6")} == \
        {square(*p): (CURVES[p], w) for p, w in FLAGGED.items()}
    # the sides as the reader read them, a highway and a railway
    rows, flags = _apply(CURVES, {**reasons, (5, 5): "a faint line?"}, {}, read={(5, 5): "r..h"})
    assert rows[5][5].token == "r..hs" and flags["F6"] == ("r..hs", "a faint line?")
    # one side's kind not read (indep2 210,545 B7, 210,546 A3; night 210,642 G5): that side is the other kind
    rows, flags = _apply(CURVES, reasons, {}, read={(5, 5): "h..."})
    assert rows[5][5].token == "h..rs" and flags["F6"] == ("h..rs", "a faint line?")
    rows, _ = _apply(CURVES, reasons, {}, read={(5, 5): "...."})   # neither read: the guess stays
    assert rows[5][5].token == "h..h"


def test_the_guess_stays_where_the_sheet_or_the_space_says_nothing():
    why = f"S: {NEITHER}"
    reasons = {**FLAGGED, (3, 3): why}
    # the box barely inked
    rows, _ = _apply(CURVES, reasons, {(3, 3): 0.2})
    assert rows[3][3].token == "..rr"
    # a curve read with certainty is inked: the sheet's curves are no arcs
    rows, _ = _apply(CURVES, reasons, {(0, 0): 0.3})
    assert rows[3][3].token == "..rr"
    # one paper railway curve only (a broad railway whose own arcs ink the box: indep2 210,513 B6, E3)
    rows, _ = _apply(CURVES, reasons, {(4, 4): 0.4})
    assert rows[3][3].token == "..rr"
    # too few paper curves to know the sheet's
    rows, _ = _apply(CURVES, reasons, {(2, 0): 0.4, (1, 2): 0.4, (5, 1): 0.4})
    assert rows[3][3].token == "..rr"
    # "a few marks" on a side the curve leaves empty: a T's lost third side, its line inking the box
    # (indep3 301,779 C1, 301,813 F7); a side it holds flagged so is asked (indep 135,326 A5)
    rows, _ = _apply(CURVES, {**FLAGGED, (3, 3): f"N: a few marks; {why}"}, {})
    assert rows[3][3].token == "..rr"
    assert arc_station.lost_side("..rr", f"N: a few marks; {why}")
    assert not arc_station.lost_side("..rr", f"W: a few marks; {why}") and not arc_station.lost_side("..rr", why)
    # read with certainty: never touched
    rows, flags = _apply(CURVES, FLAGGED, {})
    assert rows[3][3].token == "..rr" and "D4" not in flags


@pytest.fixture(scope="module")
def indep2_210597():
    from tests.games.railroad_ink.indep2_seed import read_seed

    return read_seed(210597)


def test_indep2_210597_curve_stations_on_a_sheet_of_arcs(indep2_210597):
    """indep2 210,597 (round twenty-six's held out, spent): B7 ``.rh.s`` and G5 ``.hr.s`` were guessed
    ``.rr.`` on main (three of the sheet's nine curves inked, one guessed station: ``inked_curve`` does
    not ask); both stay flagged, their reasons main's."""
    got = indep2_210597
    assert got.board.rows[1][6].token == ".rh.s" and got.board.rows[6][4].token == ".hr.s"
    assert got.reading.board.rows[1][6].token == ".rh.s" and got.reading.board.rows[6][4].token == ".hr.s"
    assert got.flagged["B7"].guess == ".rh.s" and got.flagged["G5"].guess == ".hr.s"
    assert got.flagged["B7"].reason.startswith("N: a faint line?")
    assert got.flagged["G5"].reason.startswith("E: a faint line?; highway and railway meet")
    assert not {"B7", "G5"} & got.wrong and got.wrong <= set(got.flagged)
