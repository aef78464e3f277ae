"""A run of band sides settled by where it ends (issue 35, round twenty-one: ``photo/band_chain.py``):
a flagged space whose only doubts are "a solid band" or "one broad line" sides, each in a run of
such sides of one kind that meets a printed exit or a space read with certainty of its kind at an
end and nothing of the other kind anywhere, is read with certainty."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import SIZE, cell_from_token, square, square_at
from railprint.games.railroad_ink.photo import band_chain

BAND = "a solid band: a highway's two lines run together?"
BROAD = "one broad line with no sleeper standing out: a highway drawn as one line?"


class Flag:   # read.Uncertain's three fields (band_chain reads only these)
    def __init__(self, square: str, guess: str, reason: str):
        self.square, self.guess, self.reason = square, guess, reason


def _lifted(tokens: dict, reasons: dict, far: dict | None = None) -> set:
    """The squares of ``reasons`` lifted on a board of ``tokens``, with both kinds read with
    certainty far from the runs (``far``: A7 a railway, G7 a highway, unless given)."""
    tokens = {**({"A7": "r.r.", "G7": "h.h."} if far is None else far), **tokens}
    rows = [[cell_from_token(tokens.get(square(r, c), "....")) for c in range(SIZE)] for r in range(SIZE)]
    flags = [Flag(sq, tokens[sq], why) for sq, why in reasons.items()]
    left = {u.square for u in band_chain.lift(rows, flags)}
    return set(reasons) - left


def test_a_run_of_bands_from_a_highway_exit_to_a_certain_highway_is_lifted():
    # D1's west side is a printed highway exit; D3 is read with certainty, a highway to its west
    tokens = {"D1": ".h.h", "D2": ".h.h", "D3": ".hhh", "E3": "h..."}
    reasons = {"D1": f"E: {BAND}; W: {BAND}", "D2": f"E: {BROAD}; W: {BAND}"}
    assert _lifted(tokens, reasons) == {"D1", "D2"}
    tokens = {"D1": ".h.h", "D2": "..hh", "E2": "h..."}
    assert _lifted(tokens, {"D1": f"E: {BAND}; W: {BAND}", "D2": f"S: {BAND}; W: {BAND}"}) == {"D1", "D2"}
    # a centre filled as a station's where the sides are of one kind (an X over a crossed-out space) keeps it
    assert _lifted(tokens, {"D1": f"E: {BAND}; W: {BAND}", "D2": f"S: {BAND}; W: {BAND}; "
                            "a station needs a highway and a railway"}) == {"D1"}


def test_a_run_on_a_sheet_whose_other_kind_is_read_with_certainty_nowhere_keeps_every_flag():
    # the merged reader's silent spaces on synth field 741,003: every railway drawn in pen and blurred
    # into a band, read a highway; nothing on the sheet read with certainty a railway
    tokens = {"D1": ".h.h", "D2": ".h.h", "D3": ".hhh", "E3": "h..."}
    reasons = {"D1": f"E: {BAND}; W: {BAND}", "D2": f"E: {BROAD}; W: {BAND}"}
    assert _lifted(tokens, reasons, far={"G7": "h.h."}) == set()
    assert _lifted(tokens, reasons, far={"A7": "r.r."}) == {"D1", "D2"}
    # a railway read with certainty only in a flagged space is not seen
    assert _lifted(dict(tokens, A7="r.r."), dict(reasons, A7="a faint line?"), far={}) == set()


def test_a_run_meeting_the_other_kind_anywhere_keeps_every_flag():
    # the same run read as railways: the highway exit breaks it, the certain railway east does not save it
    tokens = {"D1": ".r.r", "D2": ".r.r", "D3": ".rrr", "E3": "r..."}
    reasons = {"D1": f"E: {BAND}; W: {BAND}", "D2": f"E: {BAND}; W: {BAND}"}
    assert _lifted(tokens, reasons) == set()
    # highways anchored at the exit, but D3 read with certainty a railway to the west
    tokens = {"D1": ".h.h", "D2": ".h.h", "D3": ".r.r"}
    assert _lifted(tokens, reasons) == set()
    # a flagged neighbour's side of the other kind breaks it, doubted for anything or nothing ...
    tokens = {"D1": ".h.h", "D2": ".h.h", "D3": ".r.r"}
    assert _lifted(tokens, dict(reasons, D3="W: neither clearly a highway nor a railway")) == set()
    assert _lifted(tokens, dict(reasons, D3="E: a faint line?")) == set()
    # ... one of its kind doubted for something else says nothing: the exit settles the run
    tokens = {"D1": ".h.h", "D2": ".h.h", "D3": ".h.h"}
    assert _lifted(tokens, dict(reasons, D3="W: neither clearly a highway nor a railway")) == {"D1", "D2"}


def test_a_side_facing_nothing_is_no_end_of_the_run_and_two_keep_the_flag():
    # D1's north band faces C1's empty south side: a route's end, no evidence; the exit and D2 settle it
    tokens = {"D1": "hh.h", "D2": ".h.h"}
    assert _lifted(tokens, {"D1": f"N: {BAND}; E: {BAND}; W: {BAND}", "D2": f"W: {BAND}"}) == {"D1", "D2"}
    # D3 has two route sides joining nothing (north: C3 empty; east: D4 empty): kept, a stain may be
    # one; D2, between D1 read with certainty and D3's band, is settled
    tokens = {"D1": ".h.h", "D2": ".h.h", "D3": "hh.h"}
    assert _lifted(tokens, {"D2": f"E: {BAND}; W: {BAND}", "D3": f"N: {BAND}; E: {BAND}; W: {BAND}"}) == {"D2"}
    tokens = {"D1": ".h.h", "D2": ".h.h", "D3": "...h"}
    assert _lifted(tokens, {"D2": f"E: {BAND}; W: {BAND}", "D3": f"W: {BAND}"}) == {"D2", "D3"}


def test_a_dead_end_band_anchored_only_by_a_certain_neighbour_keeps_the_flag():
    # held out 206,090 (indep2), measured once on the merged reader: E6, an empty space read `.r.r`,
    # its west side facing nothing, its run anchored only by E7 read (wrong) with certainty
    tokens = {"E6": ".r.r", "E7": "...r"}
    assert _lifted(tokens, {"E6": f"E: {BAND}; W: {BAND}"}) == set()
    # the same dead end on a run from a printed railway exit (B7's east) is settled
    tokens = {"B6": ".r.r", "B7": ".r.r"}
    assert _lifted(tokens, {"B6": f"E: {BAND}; W: {BAND}", "B7": f"E: {BAND}; W: {BAND}"}) == {"B6", "B7"}


def test_no_anchor_another_doubt_or_a_centre_mark_keeps_the_flag():
    # C3's band runs between two spaces with nothing toward it: no end says its kind
    assert _lifted({"C3": ".h.h"}, {"C3": f"E: {BAND}; W: {BAND}"}) == set()
    # the run is anchored, but D2 has a faint line too, D2' a station, D2'' an overpass
    tokens = {"D1": ".h.h", "D2": ".h.h", "D3": ".h.h"}
    assert _lifted(tokens, {"D2": f"E: {BAND}; W: {BAND}; N: a faint line?"}) == set()
    tokens = {"D1": ".h.h", "D2": ".h.rs", "D3": ".r.h"}
    assert _lifted(tokens, {"D2": f"E: {BAND}; W: {BAND}"}) == set()
    tokens = {"C2": "..h.", "D1": ".h.h", "D2": "hrhro", "D3": ".h.r", "E2": "h..."}
    assert _lifted(tokens, {"D2": f"E: {BAND}; W: {BAND}"}) == set()


# dev seed 117,030 of the second independent generator: zig-zag railways (and a highlighter's
# highways), the zig-zags read as broad lines. Main reads every space right and flags A4 `rr.r`
# and A5 `..rr` (its west side joining A4 read with certainty; its south side faces an empty space)
# and F1 `.r.r` (from F1's west, a railway exit, on into F2's broad line) for their broad lines alone.
@pytest.fixture(scope="module")
def seed_117030():
    from tests.games.railroad_ink.indep2_seed import read_seed

    return read_seed(117030)


def test_a_zig_zag_railway_s_run_from_an_exit_is_read_with_certainty(seed_117030):
    got = seed_117030
    assert "zigzag" in got.plan.habits
    assert got.wrong <= set(got.flagged), sorted(got.wrong - set(got.flagged))
    for sq, token in (("A4", "rr.r"), ("F1", ".r.r")):
        r, c = square_at(sq)
        assert got.reading.board.rows[r][c].token == token and sq not in got.wrong
        assert sq not in got.flagged, got.flagged[sq].reason
    # A5's south side faces an empty space and its run is anchored only by A4, read with certainty:
    # a dead end settled by no printed exit keeps its flag (held out 206,090 E6, the merged reader)
    assert got.reading.board.rows[0][4].token == "..rr" and "A5" not in got.wrong
    assert got.flagged["A5"].reason == f"S: {BROAD}; W: {BROAD}"
