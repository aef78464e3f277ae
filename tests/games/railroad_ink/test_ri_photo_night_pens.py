"""Round twenty-three (h-night2): what a night sheet's pens' colours say where its grey reading is
certain (``photo/night_pens.py``). A pen whose colour shows on sides read empty and on no route read
is lost in the grey anywhere on the sheet (``lost``: indep2 208,438, yellow colour-pencil highways
at night, 8 spaces wrong and certain on main); a side read with certainty as the kind whose printed
exits show no colour, coloured itself, is another pen's (``grey_kind``: indep2 205,403, highlighter
highways read as railways)."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import SIZE, square
from railprint.games.railroad_ink.photo import night_pens
from tests.games.railroad_ink.photo_boards import Flag, board_of

YELLOW = -97.0   # a yellow colour pencil's hue in noisy_colour's measure (208,438's lost highways: -80 to -110)
GREEN = 80.0


def _colours(rows, coloured: dict) -> dict:
    """Every side (run, hue): paper (0, None) unless named in ``coloured`` ((r, c, side) -> (run, hue))."""
    return {(r, c, s): coloured.get((r, c, s), (0.0, None)) for r in range(SIZE) for c in range(SIZE) for s in range(4)}


# railways read at B1 (west exit) and A4 (north exit); the highways lost: empty spaces everywhere else
_RAILS = {"A4": "r.r.", "B4": "r.r.", "B1": ".r.r", "B2": ".r.r", "C4": "rrrr"}
# eight empty sides (C1-C3, D1-D5) with a yellow part: a pen lost in the grey
_LOST = {(2, 0, 1): (1 / 3, YELLOW), (2, 1, 3): (1 / 3, YELLOW - 8), (2, 1, 1): (2 / 3, YELLOW + 6),
         (2, 2, 3): (1 / 3, YELLOW + 10), (3, 0, 1): (1 / 3, YELLOW - 4), (3, 1, 3): (1 / 3, YELLOW + 2),
         (3, 3, 1): (1 / 3, YELLOW - 12), (3, 4, 3): (1 / 3, YELLOW + 9)}


def test_a_pen_seen_only_on_sides_read_empty_flags_every_certain_space_with_an_empty_side():
    rows = board_of(_RAILS)
    flags = [Flag("A1", "....", "E: a faint line?")]
    out = night_pens.lost(rows, flags, _colours(rows, _LOST), seen=False, uncertain_of=Flag)
    assert out[0] == flags[0]                                  # a space flagged already keeps its reason
    new = {u.square: u for u in out[1:]}
    assert all(u.reason == night_pens.LOST_WHY and u.guess == rows["ABCDEFG".index(sq[0])][int(sq[1:]) - 1].token
               for sq, u in new.items())                      # only flags: the guess is the reading
    assert "C4" not in new and "A1" not in new                 # no empty side; flagged already
    assert {"G7", "A2", "B2", "A4"} <= set(new) and len(new) == SIZE * SIZE - 2
    # a sheet whose two kinds are both seen with certainty has lost no pen (a coffee ring's brown)
    assert night_pens.lost(rows, flags, _colours(rows, _LOST), seen=True, uncertain_of=Flag) == flags


def test_a_pen_read_on_routes_too_flags_only_the_spaces_whose_empty_side_shows_its_colour():
    rows = board_of(_RAILS)
    # the same colour on three route sides read (coloured in two parts of three): a pen read, some lines lost
    read = {**_LOST, (0, 3, 0): (1.0, YELLOW), (1, 3, 0): (2 / 3, YELLOW + 5), (1, 0, 1): (1.0, YELLOW - 5),
            (5, 5, 2): (1 / 3, GREEN)}   # (F6 S: a part of another colour)
    out = night_pens.lost(rows, [Flag("D4", "....", "W: a faint line?")], _colours(rows, read), seen=False,
                          uncertain_of=Flag)
    assert [(u.square, u.reason) for u in out[1:]] == [
        ("C1", f"E: {night_pens.SHOWS_WHY}"), ("C2", f"E: {night_pens.SHOWS_WHY}; W: {night_pens.SHOWS_WHY}"),
        ("C3", f"W: {night_pens.SHOWS_WHY}"), ("D1", f"E: {night_pens.SHOWS_WHY}"),
        ("D2", f"W: {night_pens.SHOWS_WHY}"), ("D5", f"W: {night_pens.SHOWS_WHY}")]


def test_no_lost_pen_where_its_colour_shows_on_too_few_sides():
    rows = board_of(_RAILS)
    # two such route sides are not enough to say the pen is read
    two = {**_LOST, (0, 3, 0): (1.0, YELLOW), (1, 3, 0): (2 / 3, YELLOW + 5)}
    assert len(night_pens.lost(rows, [], _colours(rows, two), seen=False, uncertain_of=Flag)) == SIZE * SIZE - 1
    # six coloured empty sides: too few to say a pen
    six = dict(list(_LOST.items())[:night_pens.SHOWN - 1])
    assert night_pens.lost(rows, [], _colours(rows, six), seen=False, uncertain_of=Flag) == []
    # the colours of noise, all round the circle: no one pen's hue
    spread = {k: (run, YELLOW + 45 * i) for i, (k, (run, _)) in enumerate(_LOST.items())}
    assert night_pens.lost(rows, [], _colours(rows, spread), seen=False, uncertain_of=Flag) == []


# railways at the west exits B1, F1 and the north exit A4 (grey); a highway at the north exit A2 (coloured)
_KINDS = {"A4": "r.r.", "B1": ".r.r", "F1": ".r.r", "A2": "h.h.", "E1": "rrr.", "E3": ".r.r"}


def test_a_certain_side_of_the_grey_kind_drawn_in_colour_is_flagged():
    rows = board_of(_KINDS)
    col = {(0, 1, 0): (1 / 3, 170.0), (4, 0, 0): (1.0, 174.0), (4, 0, 1): (2 / 3, 166.0), (4, 2, 1): (1 / 3, 170.0)}
    out = night_pens.grey_kind(rows, [Flag("A2", "h.h.", "N: a faint line?")], _colours(rows, col), uncertain_of=Flag)
    assert [(u.square, u.guess, u.reason) for u in out[1:]] == [
        ("E1", "rrr.", f"N: {night_pens.GREY_WHY['r']}; E: {night_pens.GREY_WHY['r']}")]   # E3: one part coloured
    # the highways' exits show no colour either: the sheet's colours say nothing
    col[(0, 1, 0)] = (0.0, None)
    assert night_pens.grey_kind(rows, [], _colours(rows, col), uncertain_of=Flag) == []
    # a railway exit coloured: the railways' pen is not grey
    col.update({(0, 1, 0): (1 / 3, 170.0), (1, 0, 3): (1 / 3, 60.0)})
    assert night_pens.grey_kind(rows, [], _colours(rows, col), uncertain_of=Flag) == []


def _read(seed: int):
    pytest.importorskip("cv2")
    pytest.importorskip("pypdfium2")
    from benchmarks import indep2_photos
    from railprint.games.railroad_ink.photo.read import read_photo

    data, board, *_ = indep2_photos.make_photo(seed)
    reading = read_photo(data, f"indep2-{seed}.jpg")
    wrong = {square(r, c) for r in range(SIZE) for c in range(SIZE) if reading.board.rows[r][c] != board.rows[r][c]}
    return wrong, {u.square: u.reason for u in reading.uncertain}


@pytest.fixture(scope="module")
def photo_208438():
    return _read(208_438)


def test_indep2_208438_yellow_pencil_highways_lost_at_night_are_flagged(photo_208438):
    # main 613e5a0: 23 spaces wrong, 8 of them certain (the highways lost, empty spaces read with certainty);
    # round twenty-four: 4, the lost highways guessed where their sides show the pencil's hue (``tinted_guess``)
    wrong, flagged = photo_208438
    assert len(wrong) == 4 and wrong <= set(flagged)
    for sq in ("A3", "B3", "B7", "C2", "C3", "D2", "F3", "G5"):
        assert flagged[sq] == night_pens.LOST_WHY


@pytest.fixture(scope="module")
def photo_205403():
    return _read(205_403)


def test_indep2_205403_highlighter_highways_read_as_railways_are_flagged(photo_205403):
    # main: E1 ``hhh.`` read ``rrr.`` and B2 ``hrhro`` read ``rr.r``, certain
    wrong, flagged = photo_205403
    assert {"E1", "B2"} <= wrong <= set(flagged)
    assert flagged["B2"] == f"S: {night_pens.SHOWS_WHY}"   # its lost south highway shows the highlighter's colour
    assert flagged["E1"].split("; ") == [f"{s}: {night_pens.GREY_WHY['r']}" for s in "NES"]
