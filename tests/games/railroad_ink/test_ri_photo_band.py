"""A solid band on a sheet whose railways are read with certainty (issue 35, round twenty:
``photo/broad_line.bands``): a band reaching well past the sheet's railways' sleepers is a
highway's road drawn as one stroke, guessed a highway. It changes guesses only: a space flagged
stays flagged."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from railprint.games.railroad_ink.photo import broad_line  # noqa: E402
from railprint.games.railroad_ink.photo.read import SOLID_BAND, SideRead  # noqa: E402

EMPTY = SideRead(".", True)
RAIL = SideRead("r", True)
BAND = SideRead("r", False, SOLID_BAND)


def _sheet(special: dict):
    def at(r, c):
        return list(special.get((r, c), [EMPTY] * 4))
    return at


def _rails(n_spaces: int) -> dict:
    """``n_spaces`` spaces of column B with a certain railway north and south."""
    return {(r, 1): [RAIL, EMPTY, RAIL, EMPTY] for r in range(n_spaces)}


def test_a_band_reaching_past_the_sheet_s_railways_is_guessed_a_highway():
    special = _rails(5)   # 10 certain railway sides, their sleepers reaching 2.8 mm
    special[(6, 6)] = [BAND, EMPTY, BAND, EMPTY]
    special[(6, 3)] = [BAND, EMPTY, BAND, EMPTY]
    # G7: both bands the road's width; G4: north the road's width, south a railway's band
    reach = {(6, 6, 0): 4.6, (6, 6, 2): 3.9, (6, 3, 0): 4.6, (6, 3, 2): 3.4}
    got = broad_line.bands(_sheet(special), lambda r, c, s: reach.get((r, c, s), 2.8), band=SOLID_BAND,
                           side_read=SideRead)
    turned = SideRead("h", False, SOLID_BAND)   # 1.8 and 1.1 mm past: highways, still uncertain
    assert got(6, 6) == [turned, EMPTY, turned, EMPTY]
    # 0.6 mm past: kept a railway, and its space's other band with it (no highway meets a railway inside)
    assert got(6, 3) == [BAND, EMPTY, BAND, EMPTY]
    assert got(0, 1) == [RAIL, EMPTY, RAIL, EMPTY]     # certain sides are never touched


def test_no_band_is_revised_without_the_sheet_s_railways_or_beside_two_line_highways():
    reach = {(6, 6, 0): 4.6}
    special = _rails(4)   # 8 certain railway sides: too few to measure the sheet's railways
    special[(6, 6)] = [BAND, EMPTY, BAND, EMPTY]
    got = broad_line.bands(_sheet(special), lambda r, c, s: reach.get((r, c, s), 2.8), band=SOLID_BAND,
                           side_read=SideRead)
    assert got(6, 6)[0] == BAND
    special = _rails(5)
    special[(6, 6)] = [BAND, EMPTY, BAND, EMPTY]
    two = SideRead("h", True)
    special.update({(r, 4): [two, EMPTY, two, EMPTY] for r in range(5)})   # 10 certain two-line highways
    got = broad_line.bands(_sheet(special), lambda r, c, s: reach.get((r, c, s), 2.8), band=SOLID_BAND,
                           side_read=SideRead)
    assert got(6, 6)[0] == BAND


# dev seed 117,000 of the second independent generator (a highlighter's highways, x-tick railways,
# coffee, a night photo): its highways are bands 4.5-5 mm wide, its 27 certain railway sides reach
# 3.2 mm (90th percentile). Main read 20 spaces wrong, 17 of them highways read as railways
# (G5 `.h.h` read `.r.r`, all flagged "a solid band").
@pytest.fixture(scope="module")
def seed_117000():
    from tests.games.railroad_ink.indep2_seed import read_seed

    return read_seed(117000)


def test_a_highlighter_s_highways_are_guessed_highways(seed_117000):
    got = seed_117000
    assert "highlighter" in got.plan.habits
    assert got.wrong <= set(got.flagged), sorted(got.wrong - set(got.flagged))
    assert len(got.wrong) <= 4, sorted(got.wrong)
    for square, token in (("G5", ".h.h"), ("F4", "hhh."), ("D1", "h..h"), ("A6", "h.h.")):
        assert square not in got.wrong
        assert got.flagged[square].guess == token
        assert SOLID_BAND in got.flagged[square].reason
