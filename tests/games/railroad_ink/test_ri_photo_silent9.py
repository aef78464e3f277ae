"""Round twenty-seven (h-silent9): the last silent spaces, round eight.

- ``photo/stain_colour.py``: a line in a colour few of the sheet's routes have (a coffee ring's rim)
  flags the space read with certainty it runs through: indep2 210,566 E3 (``.rrr`` read ``rrrr``
  with certainty on main, a grey sheet, spent held out) and 209,060 C2 (``....`` read ``r..r``, a
  sheet in two colours, spent).
- ``photo/broken_join.py``: a flag lifted after ``joins`` ran, on a space whose route meets the other
  kind across an edge, comes back: night indep2 210,663 B1 (an empty space read ``..rr`` with
  certainty on main, its south railway facing C1's highway; spent held out).
"""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from railprint.games.railroad_ink.photo import broken_join, stain_colour  # noqa: E402
from railprint.games.railroad_ink.photo.colour import Chroma  # noqa: E402
from railprint.games.railroad_ink.photo.joins import MEETS_OTHER  # noqa: E402
from tests.games.railroad_ink.indep2_seed import read_seed  # noqa: E402
from tests.games.railroad_ink.photo_boards import Flag, board_of  # noqa: E402

# a sheet played by the rules: a highway from the north exit at A2 down to C2, a railway from A4's
# exit to B4, turning east to B5 (C2 and B5 end there)
RULES = {"A2": "h.h.", "B2": "h.h.", "C2": "h.h.", "A4": "r.r.", "B4": "rr..", "B5": "...r"}


def test_a_lifted_space_meeting_a_certain_route_of_the_other_kind_is_flagged_with_its_neighbour():
    rows = board_of({**RULES, "D2": "r..."})   # D2's railway meets C2's highway across the edge
    got = {u.square: u.reason for u in broken_join.revise(rows, [], uncertain_of=Flag)}
    assert got == {"C2": f"S: {MEETS_OTHER}", "D2": f"N: {MEETS_OTHER}"}


def test_a_space_meeting_a_neighbour_joins_blamed_for_it_is_flagged():
    rows = board_of({**RULES, "D2": "r..."})
    blamed = [Flag("C2", "h.h.", f"S: {MEETS_OTHER}")]
    got = broken_join.revise(rows, blamed, uncertain_of=Flag)
    assert [(u.square, u.reason) for u in got[1:]] == [("D2", f"N: {MEETS_OTHER}")]
    # a neighbour flagged for another doubt is not blamed for the join: nothing more is flagged
    doubted = [Flag("C2", "h.h.", "S: a faint line?")]
    assert broken_join.revise(rows, doubted, uncertain_of=Flag) == doubted


def test_a_board_drawn_freely_is_not_checked():
    rows = board_of({"A2": "h.h.", "B2": "r.r.", "C2": "h.h.", "D2": "r..."})   # kinds face at random
    assert broken_join.revise(rows, [], uncertain_of=Flag) == []


def _planes(coloured: set, hue: float = -120.0) -> tuple[Chroma, callable]:
    """A Chroma whose strips are 10 x 6 pixels, coloured (amount 0.3, ``hue`` degrees: a coffee
    stain's brown by default) through every row of each side in ``coloured`` ((r, c, s)), grey
    elsewhere; and its strip function."""
    amount = np.zeros((7, 7, 4, 10, 6), np.float32)
    for r, c, s in coloured:
        amount[r, c, s, :, 2:4] = 0.3
    a, b = np.cos(np.radians(hue)) * amount, np.sin(np.radians(hue)) * amount
    return Chroma(amount, a, b, 0.06), lambda plane, r, c, s: plane[r, c, s]


def test_a_side_in_a_colour_no_other_route_has_flags_its_space():
    rows = board_of({**RULES, "C2": "h.r."})   # C2's south side: a coffee rim read as a route
    chroma, strip = _planes({(2, 1, 2)})
    got = stain_colour.revise(rows, [], chroma, strip=strip, uncertain_of=Flag)
    assert [(u.square, u.guess, u.reason) for u in got] == [("C2", "h.r.", f"S: {stain_colour.STAIN_WHY}")]
    # a flagged space is left as it is
    flagged = [Flag("C2", "h.r.", "S: a faint line?")]
    assert stain_colour.revise(rows, flagged, chroma, strip=strip, uncertain_of=Flag) == flagged
    # a lone side of another hue (a black pen's colour fringe under a lamp) is no stain
    chroma, strip = _planes({(2, 1, 2)}, hue=130.0)
    assert stain_colour.revise(rows, [], chroma, strip=strip, uncertain_of=Flag) == []


def test_a_colour_many_routes_have_or_a_noisy_photo_is_not_asked():
    rows = board_of(RULES)
    highways = {(0, 1, 0), (0, 1, 2), (1, 1, 0), (1, 1, 2), (2, 1, 0)}   # a highlighter's highways
    chroma, strip = _planes(highways)
    assert stain_colour.revise(rows, [], chroma, strip=strip, uncertain_of=Flag) == []
    chroma, strip = _planes({(2, 1, 0)})
    noisy = Chroma(chroma.amount, chroma.a, chroma.b, 0.3)
    assert stain_colour.revise(rows, [], noisy, strip=strip, uncertain_of=Flag) == []


@pytest.fixture(scope="module")
def reading_210566():
    return read_seed(210566)


@pytest.fixture(scope="module")
def reading_209060():
    return read_seed(209060)


@pytest.fixture(scope="module")
def reading_210663():
    return read_seed(210663)


def test_a_coffee_rim_across_a_grey_sheets_t_is_flagged(reading_210566):
    assert reading_210566.board.rows[4][2].token == ".rrr"
    u = reading_210566.flagged.get("E3")
    assert u is not None and u.guess == "rrrr"
    assert f"N: {stain_colour.STAIN_WHY}" in u.reason
    assert reading_210566.wrong <= set(reading_210566.flagged), sorted(reading_210566.wrong - set(reading_210566.flagged))


def test_a_coffee_rim_across_an_empty_space_of_a_two_colour_sheet_is_flagged(reading_209060):
    assert reading_209060.board.rows[2][1].token == "...."
    u = reading_209060.flagged.get("C2")
    assert u is not None and u.guess == "r..r"
    assert u.reason == f"N: {stain_colour.STAIN_WHY}; W: {stain_colour.STAIN_WHY}"
    assert reading_209060.wrong <= set(reading_209060.flagged), sorted(reading_209060.wrong - set(reading_209060.flagged))


def test_a_band_lifted_into_a_broken_join_is_flagged_again(reading_210663):
    assert "night" in reading_210663.plan.effects and reading_210663.board.rows[1][0].token == "...."
    u = reading_210663.flagged.get("B1")
    assert u is not None and u.guess == "..rr" and u.reason == f"S: {MEETS_OTHER}"
    assert reading_210663.wrong <= set(reading_210663.flagged), sorted(reading_210663.wrong - set(reading_210663.flagged))
