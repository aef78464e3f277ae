"""Round twenty-four (h-night3): a night sheet's lost pen read where its hue tints the sides read empty
(``night_pens.tinted``, ``night_pens.tinted_guess``). The photo tests read indep2 209,431 (yellow
colour-pencil highways at night, main: B6 ``h..h`` read ``....`` with certainty) and 209,458 (G4
``rhrho`` read ``r.r.`` with certainty)."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import SIZE
from railprint.games.railroad_ink.photo import night_pens
from railprint.games.railroad_ink.photo.read import _faces
from tests.games.railroad_ink.indep2_seed import read_seed
from tests.games.railroad_ink.photo_boards import Flag, board_of

YELLOW = -100.0


def _colours(tinted: dict) -> dict:
    """Every side (run, hue): paper (0, None) unless named in ``tinted``."""
    return {(r, c, s): tinted.get((r, c, s), (0.0, None)) for r in range(SIZE) for c in range(SIZE) for s in range(4)}


# railways read (grey); one highway read, tinted; sixteen empty sides (rows E-G) tinted yellow, none coloured
_READ = {"A4": "r.r.", "B4": "r.r.", "C4": "rrrr", "B1": ".r.r", "B2": ".r.r", "A2": "h.h."}
_TINT = {(r, c, s): (0.0, YELLOW + (s * 3 - 4)) for r in (4, 5) for c in (0, 2, 4, 6) for s in (0, 2)}
_TINT[(0, 1, 0)] = (0.0, YELLOW)          # A2's highway shows the hue: the pen draws highways


def test_a_pen_tinting_the_empty_sides_flags_each_certain_space_whose_empty_side_shows_its_hue():
    rows = board_of(_READ)
    flags = [Flag("E1", "....", "N: a faint line?")]
    out = night_pens.tinted(rows, flags, _colours(_TINT), uncertain_of=Flag)
    assert out[0] == flags[0]
    assert [(u.square, u.guess, u.reason) for u in out[1:]] == [
        (sq, "....", f"N: {night_pens.SHOWS_WHY}; S: {night_pens.SHOWS_WHY}")
        for sq in ("E3", "E5", "E7", "F1", "F3", "F5", "F7")]
    # fourteen tinted sides: too few to say a pen
    few = dict(list(_TINT.items())[:night_pens.TINTED - 1])
    assert night_pens.tinted(rows, [], _colours(few), uncertain_of=Flag) == []
    # the hues of noise, spread round the circle: no pen
    spread = {k: (0.0, YELLOW + 25 * i) for i, k in enumerate(_TINT)}
    assert night_pens.tinted(rows, [], _colours(spread), uncertain_of=Flag) == []


def test_a_flagged_space_s_tinted_empty_sides_are_guessed_the_pen_s_kind_where_the_dice_draw_it():
    rows = board_of({**_READ, "F2": "r.r."})
    col = _colours({**_TINT, (5, 1, 1): (0.0, YELLOW), (5, 1, 3): (0.0, YELLOW + 5)})
    flags = [Flag("E1", "....", "N: a faint line?"), Flag("F2", "r.r.", "E: a faint line?"),
             Flag("G1", "....", "N: a faint line?"), Flag("E3", "....", "S: a few marks")]
    rows2, out = night_pens.tinted_guess(rows, flags, col, faces=_faces, uncertain_of=Flag)
    assert [(u.square, u.guess, u.reason) for u in out] == [
        ("E1", "h.h.", "N: a faint line?"), ("F2", "rhrho", "E: a faint line?"),   # a straight crossing: an overpass
        ("G1", "....", "N: a faint line?"), ("E3", "h.h.", "S: a few marks")]      # G1: no tinted side
    assert rows2[4][0].token == "h.h." and rows2[5][1].token == "rhrho" and rows2[0][3].token == "r.r."
    # a railway guessed from a faint or erased line where the side shows the hue: the pen's highway
    rail = board_of({**_READ, "D6": "r.r."})
    col = _colours({**_TINT, (3, 5, 0): (0.0, YELLOW + 4), (3, 5, 2): (1 / 3, YELLOW)})
    for why, want in (("N: a faint line?", "h.r.s"), ("N: a line far lighter than this sheet's railways: an erased line?",
                                                        "h.r.s"), ("N: neither clearly a highway nor a railway", "r.r.")):
        assert night_pens.tinted_guess(rail, [Flag("D6", "r.r.", why)], col, faces=_faces,
                                       uncertain_of=Flag)[1][0].guess == want
    # a highway guessed from a faint line whose strip shows no hue at all, on a space the pen's tint reaches: empty
    hw = board_of({**_READ, "E1": "...h"})
    assert night_pens.tinted_guess(hw, [Flag("E1", "...h", "W: a faint line?")], _colours(_TINT), faces=_faces,
                                   uncertain_of=Flag)[1][0].guess == "h.h."
    assert night_pens.tinted_guess(hw, [Flag("E1", "...h", "W: neither clearly a highway nor a railway")],
                                   _colours(_TINT), faces=_faces, uncertain_of=Flag)[1][0].guess == "h.hh"
    # the railways show the hue as much as the highway: the pen's kind is not told, nothing changes
    grey = {**_TINT, **{(r, c, s): (0.0, YELLOW) for r, c, s in [(0, 3, 0), (0, 3, 2), (1, 3, 0), (1, 3, 2)]}}
    assert night_pens.tinted_guess(rows, flags, _colours(grey), faces=_faces, uncertain_of=Flag)[1] == flags
    # a guess no die face draws (a lone highway side) is not made
    lone = {k: v for k, v in _TINT.items() if k != (4, 0, 2)}
    assert night_pens.tinted_guess(rows, flags[:1], _colours(lone), faces=_faces, uncertain_of=Flag)[1] == flags[:1]


def _read(seed: int):   # (the squares read wrong, and each flagged square's Uncertain)
    got = read_seed(seed)
    return got.wrong, got.flagged


@pytest.fixture(scope="module")
def photo_209431():
    return _read(209_431)


def test_indep2_209431_a_yellow_pencil_s_lost_highways_guessed_from_their_tint(photo_209431):
    # main: 25 spaces wrong, B6 ``h..h`` read ``....`` with certainty (its sides show the pencil's hue, no coloured part)
    wrong, flagged = photo_209431
    assert len(wrong) == 17 and wrong <= set(flagged)
    assert flagged["B6"].reason == f"N: {night_pens.SHOWS_WHY}; W: {night_pens.SHOWS_WHY}"
    assert flagged["B6"].guess == "h..h" and flagged["C5"].guess == "h.h." and flagged["D1"].guess == ".hhh"


@pytest.fixture(scope="module")
def photo_209458():
    return _read(209_458)


def test_indep2_209458_an_overpass_s_lost_highway_is_flagged_and_guessed(photo_209458):
    # main: 16 spaces wrong, G4 ``rhrho`` read ``r.r.`` with certainty (both kinds seen on this sheet)
    wrong, flagged = photo_209458
    assert len(wrong) == 11 and wrong <= set(flagged)
    assert flagged["G4"].reason == f"E: {night_pens.SHOWS_WHY}; W: {night_pens.SHOWS_WHY}"
    assert flagged["G4"].guess == "rhrho"
