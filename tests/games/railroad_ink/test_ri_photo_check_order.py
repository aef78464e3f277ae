"""Which uncertain space the phone page shows first (photo/check_order.py, round sixteen): the
reason's phrases and sides, the measured share of wrong readings each phrase names, and the order
(likeliest wrong first). It only orders: it never makes a space certain."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.photo.check_order import (LIKELY, UNKNOWN, WRONG_SHARE, in_order, likely_wrong,
                                                            phrases, sides)
from railprint.games.railroad_ink.photo.words import PHRASES

pytest.importorskip("cv2")   # (photo/read.py's Uncertain: the photo extra)

from railprint.games.railroad_ink.photo.read import Uncertain  # noqa: E402

BAND = "a solid band: a highway's two lines run together?"
CLIPPED = "the paper is overexposed here (white clipped): a light line may be lost"


def test_a_reason_is_split_into_its_phrases_and_the_sides_it_doubts():
    reason = f"N: {BAND}; S: {BAND}; centre: a station?"
    assert phrases(reason) == [BAND, "centre: a station?"]
    assert sides(reason) == "NS"
    assert sides("W: a faint line?; E: a faint line?") == "EW"
    assert sides(CLIPPED) == ""
    assert phrases("the printed grid's corner here is 3.2 mm off where it is read") == \
        ["the printed grid's corner here is {n} mm off where it is read"]
    # a phrase that holds "; " itself is one phrase, measured as one
    small = "a small photo (the grid is 333 px wide; 382 or more reads with certainty)"
    assert phrases(f"{small}; N: a faint line?") == \
        ["a small photo (the grid is {n} px wide; {n} or more reads with certainty)", "a faint line?"]
    assert likely_wrong(small) < LIKELY


def test_every_phrase_measured_is_one_the_reader_writes():
    english = {e for e, _ in PHRASES}
    assert WRONG_SHARE and set(WRONG_SHARE) <= english, set(WRONG_SHARE) - english
    assert all(0 < share < 1 for share in WRONG_SHARE.values())


def test_a_space_is_as_likely_wrong_as_its_likeliest_phrase():
    assert WRONG_SHARE[CLIPPED] < LIKELY <= WRONG_SHARE[BAND]   # measured: right 9 times in 10 / wrong more than not
    assert likely_wrong(CLIPPED) == WRONG_SHARE[CLIPPED]
    assert likely_wrong(f"{CLIPPED}; E: {BAND}") == WRONG_SHARE[BAND]
    assert likely_wrong("a reason nobody measured yet") == UNKNOWN >= LIKELY   # unknown: shown as likely wrong


def test_the_likeliest_wrong_come_first_ties_in_the_boards_order():
    uncertain = [Uncertain("A1", "....", CLIPPED), Uncertain("B2", "h.h.", f"N: {BAND}"),
                 Uncertain("C3", "....", CLIPPED), Uncertain("D4", "rr..", "something new")]
    order = [u.square for u, _ in in_order(uncertain)]
    assert UNKNOWN > WRONG_SHARE[BAND] > WRONG_SHARE[CLIPPED]
    assert order == ["D4", "B2", "A1", "C3"]
    assert [u.square for u in uncertain] == ["A1", "B2", "C3", "D4"]   # the reader's list is not changed
