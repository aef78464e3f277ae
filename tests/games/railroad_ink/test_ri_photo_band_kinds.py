"""A sheet whose bands at its printed exits are all read as the other kind (issue 35, round twenty-two:
``photo/band_kinds.py``): two or more band sides guessed one kind at printed exits of the other kind,
none at an exit of its own, turn every flagged space's band sides of that kind; the flags stay."""

from __future__ import annotations

from railprint.games.railroad_ink.board import EXIT_AT, SIZE, cell_from_token, square
from railprint.games.railroad_ink.photo import band_kinds

BAND = "a solid band: a highway's two lines run together?"
BROAD = "one broad line with no sleeper standing out: a highway drawn as one line?"


class Flag:   # read.Uncertain's three fields
    def __init__(self, square: str, guess: str, reason: str):
        self.square, self.guess, self.reason = square, guess, reason


def _exit(square_: str) -> str:
    """The kind of the printed exit on ``square_``'s board-edge side (the test boards use A2, A4, A6, B1)."""
    r, c = "ABCDEFG".index(square_[0]), int(square_[1:]) - 1
    (kind,) = {e.kind for (er, ec, _), e in EXIT_AT.items() if (er, ec) == (r, c)}
    return kind


def _read(tokens: dict, reasons: dict) -> dict:
    """The guesses of the flagged squares (``reasons``) on a board of ``tokens`` after :func:`band_kinds.revise`,
    each checked against its flag's guess, its reason unchanged."""
    rows = [tuple(cell_from_token(tokens.get(square(r, c), "....")) for c in range(SIZE)) for r in range(SIZE)]
    flags = [Flag(sq, tokens[sq], why) for sq, why in reasons.items()]
    rows, flags = band_kinds.revise(rows, flags, uncertain_of=Flag)
    out = {}
    for u in flags:
        r, c = "ABCDEFG".index(u.square[0]), int(u.square[1:]) - 1
        assert u.guess == rows[r][c].token and u.reason == reasons[u.square]
        out[u.square] = u.guess
    return out


def test_the_board_exits_used_here():
    # A2 and A6: highway exits north; A4: a railway exit north; B1: a railway exit west (board.EXITS)
    assert (_exit("A2"), _exit("A4"), _exit("A6"), _exit("B1")) == ("h", "r", "h", "r")


def test_bands_read_as_railways_at_two_highway_exits_turn_highways_everywhere():
    # a bold one-stroke highway guessed a railway: A2 and A6 run north into highway exits
    tokens = {"A2": "r.r.", "A6": "r..r", "A5": ".r.r", "D4": "rr.r", "E4": "rrrhs", "F2": "r.rhs", "G7": "rhrho"}
    reasons = {"A2": f"N: {BAND}; S: {BAND}", "A6": f"N: {BROAD}", "A5": f"E: {BAND}",
               "D4": f"N: {BAND}",                      # a plain space: one kind, all its routes turn
               "E4": f"N: {BAND}; S: {BAND}",            # a station: its band sides turn, its other sides stay
               "F2": f"N: {BAND}; S: {BAND}",            # a station whose railways were all bands: swapped
               "G7": f"N: {BAND}; S: {BAND}"}            # an overpass whose one route was all its railways: swapped
    assert _read(tokens, reasons) == {"A2": "h.h.", "A6": "h..h", "A5": ".h.h", "D4": "hh.h", "E4": "hrhhs",
                                      "F2": "h.hrs", "G7": "hrhro"}


def test_a_band_of_the_kind_at_an_exit_of_its_own_or_one_exit_only_leaves_the_sheet_alone():
    tokens = {"A2": "r.r.", "A6": "r..r", "A4": "r.r.", "D4": "rr.r"}
    reasons = {"A2": f"N: {BAND}", "A6": f"N: {BAND}", "A4": f"N: {BAND}", "D4": f"N: {BAND}"}
    # A4's band meets a railway exit: this sheet's railway bands are railways somewhere
    assert _read(tokens, reasons) == tokens
    # one band against an exit is not enough
    del tokens["A6"], reasons["A6"]
    del tokens["A4"], reasons["A4"]
    assert _read(tokens, reasons) == tokens
    # a side against an exit doubted for something else is no band
    tokens = {"A2": "r.r.", "A6": "r..r", "D4": "rr.r"}
    reasons = {"A2": f"N: {BAND}", "A6": "N: neither clearly a highway nor a railway", "D4": f"N: {BAND}"}
    assert _read(tokens, reasons) == tokens


def test_highway_bands_at_railway_exits_turn_railways():
    tokens = {"A4": "h.h.", "B1": "...h", "C3": "hhhhs"}
    reasons = {"A4": f"N: {BAND}", "B1": f"W: {BROAD}", "C3": f"E: {BAND}"}
    assert _read(tokens, reasons) == {"A4": "r.r.", "B1": "...r", "C3": "hrhhs"}
