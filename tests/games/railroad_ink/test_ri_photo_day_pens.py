"""Round twenty-seven (h-pencil): a day photo's pen lost in the grey, guessed by the colour along its doubted
sides (``day_pens``). The photo tests read indep2 209,033 (orange colour-pencil highways by day; main: 18 spaces
wrong, B6 ``hrhro`` read ``.r.r`` with certainty, chains of highways guessed empty under "a faint line?") and
210,088 (the same pen, every space flagged: the kind from the printed exits)."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import SIZE
from railprint.games.railroad_ink.photo import day_pens
from railprint.games.railroad_ink.photo.read import _faces
from tests.games.railroad_ink.indep2_seed import read_seed
from tests.games.railroad_ink.photo_boards import Flag, board_of

ORANGE = -92.0


def _colours(coloured: dict) -> dict:
    """Every side (run, hue): paper (0, None) unless named in ``coloured``."""
    return {(r, c, s): coloured.get((r, c, s), (0.0, None)) for r in range(SIZE) for c in range(SIZE) for s in range(4)}


# railways read with certainty (grey, ten sides); four flagged straights' sides coloured orange in every part
_READ = {"A4": "r.r.", "B4": "r.r.", "C4": "r.r.", "D4": "r.r.", "E4": "r.r."}
_FLAGS = [Flag(sq, "....", "N: a faint line?; S: a faint line?") for sq in ("C2", "D2", "E2", "F2")]
_LOST = {(r, 1, s): (1.0, ORANGE + s) for r in (2, 3, 4, 5) for s in (0, 2)}


def test_a_pen_coloured_along_flagged_empty_sides_is_guessed_the_kind_the_certain_routes_do_not_show():
    rows = board_of(_READ)
    rows2, out = day_pens.guess(rows, _FLAGS, _colours(_LOST), faces=_faces, uncertain_of=Flag)
    assert [(u.square, u.guess, u.reason) for u in out] == [(u.square, "h.h.", u.reason) for u in _FLAGS]
    assert [rows2[r][1].token for r in (2, 3, 4, 5)] == ["h.h."] * 4 and rows2[0][3].token == "r.r."
    # seven such sides: too few to say a pen
    few = dict(list(_LOST.items())[:day_pens.SHOWN - 1])
    assert day_pens.guess(rows, _FLAGS, _colours(few), faces=_faces, uncertain_of=Flag)[1] == _FLAGS
    # coloured in two parts of three (a neighbour's bleed): no pen
    bleed = {k: (2 / 3, h) for k, (_, h) in _LOST.items()}
    assert day_pens.guess(rows, _FLAGS, _colours(bleed), faces=_faces, uncertain_of=Flag)[1] == _FLAGS
    # the railways read show the hue too: the pen is the sheet's own, nothing changes
    grey = {**_LOST, **{(r, 3, s): (1.0, ORANGE) for r in range(5) for s in (0, 2)}}
    assert day_pens.guess(rows, _FLAGS, _colours(grey), faces=_faces, uncertain_of=Flag)[1] == _FLAGS


def test_a_certain_space_whose_empty_side_shows_the_lost_pen_is_flagged_and_guessed():
    rows = board_of({**_READ, "G4": "r.r."})
    shown = {**_LOST, (6, 3, 1): (1.0, ORANGE), (6, 3, 3): (1.0, ORANGE + 4), (0, 3, 1): (1 / 3, ORANGE)}
    rows2, out = day_pens.guess(rows, _FLAGS, _colours(shown), faces=_faces, uncertain_of=Flag)
    assert [(u.square, u.guess, u.reason) for u in out[len(_FLAGS):]] == [
        ("G4", "rhrho", f"E: {day_pens.SHOWS_WHY}; W: {day_pens.SHOWS_WHY}")]   # A4's one coloured part: not
    assert rows2[6][3].token == "rhrho"


@pytest.fixture(scope="module")
def photo_209033():
    got = read_seed(209_033)
    return got.wrong, got.flagged


def test_indep2_209033_an_orange_pencil_s_lost_highways_guessed_from_their_colour(photo_209033):
    # main: 18 spaces wrong, 10 of them highways guessed empty, B6 ``hrhro`` read ``.r.r`` with certainty
    wrong, flagged = photo_209033
    assert len(wrong) == 7 and wrong <= set(flagged)
    assert flagged["B6"].reason == f"N: {day_pens.SHOWS_WHY}; S: {day_pens.SHOWS_WHY}"
    assert flagged["B6"].guess == "hrhro"
    assert [flagged[sq].guess for sq in ("C1", "D1", "D2", "G2", "G6")] == ["h.h.", "hh.h", "h..h", "..hh", "hhh."]


@pytest.fixture(scope="module")
def photo_210088():
    got = read_seed(210_088)
    return got.wrong, got.flagged


def test_indep2_210088_every_space_flagged_the_pen_s_kind_from_the_printed_exits(photo_210088):
    # main: 13 spaces wrong, 11 of them highways guessed empty; no side read with certainty on this sheet
    wrong, flagged = photo_210088
    assert wrong == {"B1", "F7"} and wrong <= set(flagged)
    assert [flagged[sq].guess for sq in ("A2", "D2", "E7", "G3", "G5")] == ["hhh.", "h.hh", "hhh.", ".hhh", "..hh"]
