"""Round twenty-five (h-night4): on a night sheet whose highways are not seen, a flagged station whose one
doubted side is a solid band ("a solid band: a highway's two lines run together?") guessed a highway is not
settled by the rules (``photo/station_sides.py``):
a ruler's highways at night read as solid bands and as certain railways, so the station's other route,
read with certainty as the other kind, may be a highway too (indep2 209,869 G6 ``.hh.`` read ``.rh.s``
with certainty on main). And a small night photo's colours, read at full size, flag a pen lost in its grey
(``night_pens.tinted``: indep2 209,642, a messaging app's copy of a yellow highlighter's sheet at night)."""

from __future__ import annotations

import pytest

from railprint.games.railroad_ink.photo import station_sides
from railprint.games.railroad_ink.photo.band_chain import SOLID_BAND
from tests.games.railroad_ink.indep2_seed import read_seed

NEEDS = station_sides.NEEDS_WHY


def test_a_solid_band_guessed_a_highway_is_not_settled_on_a_night_sheet_whose_highways_are_not_seen():
    assert not station_sides.settled(".rh.", f"S: {SOLID_BAND}; {NEEDS}", banded=True)
    assert not station_sides.settled("r.h.", f"S: {SOLID_BAND}", banded=True)
    # by day (or highways seen) as before (the shared indep dev 90,006: such stations read right)
    assert station_sides.settled(".rh.", f"S: {SOLID_BAND}; {NEEDS}")
    # a band guessed a railway (its own reading's guess) beside a certain highway settles as before (209,361 B2)
    assert station_sides.settled("r..h", f"N: {SOLID_BAND}", banded=True)
    # the other kind doubts still settle as before
    assert station_sides.settled(".rh.", f"S: neither clearly a highway nor a railway; {NEEDS}")


def _read(seed: int):   # (the squares read wrong, and each flagged square's Uncertain)
    got = read_seed(seed)
    return got.wrong, got.flagged


@pytest.fixture(scope="module")
def photo_209869():
    return _read(209_869)


def test_indep2_209869_a_ruler_s_band_beside_a_certain_railway_keeps_its_station_flag(photo_209869):
    # main: G6 ``.hh.`` read ``.rh.s`` with certainty (its east side, a ruler's highway, read a certain railway)
    wrong, flagged = photo_209869
    assert len(wrong) == 12 and wrong <= set(flagged)
    assert flagged["G6"].guess == ".rh.s" and flagged["G6"].reason == f"S: {SOLID_BAND}; {NEEDS}"
    assert flagged["A4"].reason == f"S: {SOLID_BAND}; {NEEDS}"   # read right (``r.h.s``), flagged now too
