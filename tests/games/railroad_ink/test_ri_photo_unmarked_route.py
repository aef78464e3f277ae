"""Round twenty-six (photo/unmarked_route.py): a flagged straight (or curve) guessed a station of a highway and a
railway whose centre shows none of the sheet's station mark is guessed the plain straight of the kind its
sides join. Main guessed the station (``.h.rs``): a plain straight one of whose sides was misread as the
other kind, a station invented on a space the player must tap twice."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.photo import unmarked_route

MEET = "highway and railway meet without a station"
FILLED = dict(inked=0.97, hollow=0.1, filled=18.0, thick=2.3, share=0.1)   # a filled square's centre
LINE = dict(inked=0.6, hollow=0.9, filled=0.0, thick=1.0, share=0.05)      # a straight line's


def test_a_centre_unlike_the_sheets_filled_stations_shows_none_of_their_mark():
    assert unmarked_route.unlike(LINE, FILLED)
    # a filled piece half the stations' or more, ink as thick as theirs, a box inked as much: their mark
    assert not unmarked_route.unlike({**LINE, "filled": 10.0, "thick": 1.0}, FILLED)
    assert not unmarked_route.unlike({**LINE, "thick": 1.8}, FILLED)
    assert not unmarked_route.unlike({**LINE, "inked": 0.85}, FILLED)


def test_a_plain_routes_centre():
    # a straight's edges turned off the axes: an X, an S, a ring (a mark the measures do not size)
    assert unmarked_route.plain_like("straight", LINE, [])
    assert not unmarked_route.plain_like("straight", {**LINE, "share": 0.5}, [])
    # a curve's as the sheet's curves read with certainty show, three of them at least
    arcs = [dict(inked=x, hollow=0.0, filled=0.0) for x in (0.02, 0.19, 0.21)]
    curve = dict(inked=0.16, hollow=0.0, filled=0.0, share=0.9)
    assert unmarked_route.plain_like("curve", curve, arcs)
    assert not unmarked_route.plain_like("curve", curve, arcs[:2])
    assert not unmarked_route.plain_like("curve", {**curve, "inked": 0.3}, arcs)
    assert not unmarked_route.plain_like("curve", {**curve, "hollow": 2.0}, arcs)


def test_a_centre_unlike_the_sheets_hollow_stations():
    hollow = dict(inked=0.4, hollow=16.0, filled=0.0, thick=0.8, share=0.3)
    assert unmarked_route.unlike({**LINE, "inked": 0.2, "hollow": 0.0}, hollow)
    assert not unmarked_route.unlike({**LINE, "inked": 0.2, "hollow": 6.0}, hollow)


def test_the_sheets_mark_needs_two_certain_stations_showing_one():
    from railprint.games.railroad_ink.board import Cell, square
    rows = [[Cell() for _ in range(7)] for _ in range(7)]
    rows[0][0], rows[0][2], rows[1][1] = Cell(".h.r", "s"), Cell("hr..", "s"), Cell(".h.r", "s")
    rows = [tuple(row) for row in rows]
    mark = unmarked_route.stations_mark(rows, {"B2"}, square, lambda r, c: FILLED)
    assert mark == {k: FILLED[k] for k in ("inked", "hollow", "filled", "thick")}
    assert unmarked_route.stations_mark(rows, {"B2", "A3"}, square, lambda r, c: FILLED) is None   # one left
    assert unmarked_route.stations_mark(rows, set(), square, lambda r, c: LINE) is None   # no mark


@pytest.fixture(scope="module")
def seed_210051():
    from tests.games.railroad_ink.indep2_seed import read_seed
    return read_seed(210051)


def test_indep2_210051_highway_straights_are_not_guessed_stations(seed_210051):
    """indep2 210,051 D1 and D7 (round twenty-five's held out, spent): highway straights on a sheet of
    filled stations, one side read as a railway; main guessed ``.r.hs`` and ``.h.rs``."""
    s = seed_210051
    assert s.board.rows[3][0].token == s.board.rows[3][6].token == ".h.h"
    assert s.flagged["D1"].guess == ".h.h" and s.flagged["D1"].reason == f"centre: a station?; {MEET}"
    assert s.flagged["D7"].guess == ".h.h" and s.flagged["D7"].reason == MEET
    assert s.wrong == {"A2", "A4", "A5"}
    assert all(sq in s.flagged for sq in s.wrong)


@pytest.fixture(scope="module")
def seed_209615():
    from tests.games.railroad_ink.indep2_seed import read_seed
    return read_seed(209615)


def test_indep2_209615_overpasses_unlike_the_sheets_stations_are_guessed_overpasses(seed_209615):
    """indep2 209,615 B1 and D3 (spent held out): overpasses drawn with a hump on a sheet of filled
    stations, flagged for a mark across the crossing; main guessed ``hrhrs`` and ``rhrhs``."""
    s = seed_209615
    why = "centre: a mark across the crossing (an X, a letter, a ring): a station?"
    assert s.board.rows[1][0].token == "hrhro" and s.board.rows[3][2].token == "rhrho"
    assert (s.flagged["B1"].guess, s.flagged["B1"].reason) == ("hrhro", why)
    assert (s.flagged["D3"].guess, s.flagged["D3"].reason) == ("rhrho", why)
    assert s.wrong == {"A6", "B4"} and all(sq in s.flagged for sq in s.wrong)
