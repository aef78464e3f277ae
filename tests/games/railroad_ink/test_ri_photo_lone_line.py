"""Round twenty-six (h-lost3): a flagged space guessed a route from light lines that meet nothing is
guessed empty (photo/lone_line.py).

On main the second independent check's messaging-app copy 210,112 (a highlighter sheet with erased
ghosts; spent held out of round twenty-five) read two empty spaces as railways from faint lines, C2
``rrr.`` and G2 ``rr..``, flagged "a faint line?": none of their sides meets a route.
"""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import EMPTY
from railprint.games.railroad_ink.photo import lone_line
from railprint.games.railroad_ink.photo.read import Uncertain
from tests.games.railroad_ink.photo_boards import flagged_board


def _sheet(cells: dict, flags: dict):
    return flagged_board(cells, flags, Uncertain)


def test_light_routes_that_meet_nothing_are_guessed_empty_and_stay_flagged():
    faint = "N: a faint line?; E: a faint line?"
    rows, uncertain = _sheet(
        {"C3": "rr..",             # meets nothing: guessed empty
         "E3": ".r.r", "E2": ".r.r",   # E3's west side meets E2's railway: kept
         "A2": "h.h.",             # its north side meets a printed exit: kept
         "G5": "rr..",             # beside F5, a flagged space guessed empty (a lost chain): kept
         "C6": "..rr",             # a doubt of the whole space: kept
         "A7": "..hh"},            # its west side doubted for its kind, not as a light line: kept
        {"C3": faint, "E3": "E: a faint line?; W: a few marks", "A2": "N: a few marks; S: a few marks",
         "G5": faint, "F5": "S: a faint line?",
         "C6": "a faint line? (darker in the middle than this photo's empty spaces)",
         "A7": "S: a faint line?; W: neither clearly a highway nor a railway"})
    got_rows, got = lone_line.revise(rows, uncertain, uncertain_of=Uncertain)
    guesses = {u.square: u.guess for u in got}
    assert guesses == {"C3": "....", "E3": ".r.r", "A2": "h.h.", "G5": "rr..", "F5": "....", "C6": "..rr",
                       "A7": "..hh"}
    assert got_rows[2][2] == EMPTY and got_rows[4][2].token == ".r.r"
    assert [u.reason for u in got] == [u.reason for u in uncertain]   # every flag and reason kept


def test_a_light_route_whose_neighbour_doubts_a_line_across_the_edge_is_kept():
    rows, uncertain = _sheet({"C3": "rr..", "B3": "h.h."}, {"C3": "N: a faint line?; E: a faint line?",
                                                           "B3": "S: a faint line?"})
    # B3's south side is a route: C3's north side meets it
    assert lone_line.revise(rows, uncertain, uncertain_of=Uncertain)[0][2][2].token == "rr.."
    rows, uncertain = _sheet({"C3": "rr..", "B3": "hh.."}, {"C3": "N: a faint line?; E: a faint line?",
                                                           "B3": "S: a faint line?"})
    # B3's south side read empty but doubted as a faint line: C3's line may run on into it
    assert lone_line.revise(rows, uncertain, uncertain_of=Uncertain)[0][2][2].token == "rr.."


@pytest.fixture(scope="module")
def reading_210112():
    from tests.games.railroad_ink.indep2_seed import read_seed
    return read_seed(210112)


@pytest.mark.parametrize("sq", ["C2", "G2"])
def test_a_messaging_apps_faint_lines_on_empty_spaces_guessed_empty(reading_210112, sq):
    assert sq in reading_210112.flagged and reading_210112.flagged[sq].guess == "...."
    assert sq not in reading_210112.wrong
    assert "a faint line?" in reading_210112.flagged[sq].reason
