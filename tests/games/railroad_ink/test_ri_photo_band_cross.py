"""A straight crossing of a band read as a station (issue 35, round twenty-two: ``photo/band_cross.py``):
flagged, with both sides of one route doubted as a band, it is guessed an overpass where the band
is as wide as the centre's filled-mark test or the centre is not filled; the flag and its reason stay."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.board import SIZE, cell_from_token, square, square_at
from railprint.games.railroad_ink.photo import band_cross

BAND = "a solid band: a highway's two lines run together?"
BROAD = "one broad line with no sleeper standing out: a highway drawn as one line?"


class Flag:   # read.Uncertain's three fields
    def __init__(self, square: str, guess: str, reason: str):
        self.square, self.guess, self.reason = square, guess, reason


def _revised(token: str, reason: str, reach: float, fill: float) -> tuple[str, str, str]:
    """D4 read ``token`` and flagged for ``reason``, every side reaching ``reach`` mm, its centre
    ``fill`` filled: D4's token, its flag's guess and reason after :func:`band_cross.revise`."""
    rows = [tuple(cell_from_token(token if (r, c) == (3, 3) else "....") for c in range(SIZE)) for r in range(SIZE)]
    rows, flags = band_cross.revise(rows, [Flag("D4", token, reason)], uncertain_of=Flag,
                                    features=lambda r, c, s: {"sleeper": reach}, fill_at=lambda r, c: fill)
    (u,) = flags
    assert square_at(u.square) == (3, 3) and square(3, 3) == "D4"
    return rows[3][3].token, u.guess, u.reason


def test_a_crossing_of_a_wide_band_read_as_a_station_is_guessed_an_overpass_and_stays_flagged():
    # a highlighter's highway N-S through a railway: the band (4.5 mm) fills the centre by itself
    why = f"N: {BAND}; S: {BAND}; a station needs a highway and a railway"
    assert _revised("hrhrs", why, 4.5, 1.0) == ("hrhro", "hrhro", why)
    why = f"E: {BROAD}; W: {BAND}; centre: a station?"
    assert _revised("rhrhs", why, 3.0, 1.0) == ("rhrho", "rhrho", why)


def test_a_narrow_band_through_a_filled_centre_keeps_the_station():
    # a bold pen's highway (2.3 mm) through a filled square: a station's mark
    why = f"N: {BAND}; S: {BAND}"
    assert _revised("hrhrs", why, 2.3, 1.0) == ("hrhrs", "hrhrs", why)
    # ... through a centre not filled: the band's own ink, an overpass
    assert _revised("hrhrs", why, 2.3, 0.7) == ("hrhro", "hrhro", why)


def test_only_a_crossing_with_one_route_banded_on_both_sides_changes():
    # one band side only, both routes banded (a zig-zag railway across a highlighter), a turn, an overpass
    for token, why in (("hrhrs", f"N: {BAND}"), ("hrhrs", f"N: {BAND}; S: {BAND}; E: {BAND}; W: {BROAD}"),
                       ("hrhrs", f"N: {BAND}; E: {BAND}"), ("hhrrs", f"N: {BAND}; S: {BAND}"),
                       ("hrhro", f"N: {BAND}; S: {BAND}"), ("hrhrs", "N: neither clearly a highway nor a railway; "
                                                                     "S: neither clearly a highway nor a railway")):
        assert _revised(token, why, 4.5, 0.5) == (token, token, why)
    # three band sides, one route whole: that route settles it
    why = f"N: {BAND}; S: {BAND}; E: {BAND}"
    assert _revised("hrhrs", why, 4.5, 1.0) == ("hrhro", "hrhro", why)


@pytest.fixture(scope="module")
def seed_206446():
    from tests.games.railroad_ink.indep2_seed import read_seed

    return read_seed(206446)


def test_a_highlighter_s_crossings_are_guessed_overpasses(seed_206446):
    # indep2 206,446 (spent held out of round twenty-one, a dev photo since): a highlighter's highways
    # (4.3-4.7 mm bands) crossing x-tick railways; main read the four overpasses as stations
    got = seed_206446
    assert "highlighter" in got.plan.habits
    assert got.wrong <= set(got.flagged), sorted(got.wrong - set(got.flagged))
    for place, token in (("B6", "hrhro"), ("C7", "rhrho"), ("E3", "hrhro"), ("F4", "rhrho")):
        assert place not in got.wrong
        assert got.flagged[place].guess == token
        assert BAND in got.flagged[place].reason
