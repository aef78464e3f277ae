"""Round twenty-four (h-night3): at night, a flagged space's side under "a solid band" guessed empty is
guessed a route: its neighbour's facing kind, else the printed exit's, else a railway (``night_bands.guess``)."""

from __future__ import annotations

from railprint.games.railroad_ink.photo import night_bands
from tests.games.railroad_ink.photo_boards import Flag, board_of


def test_a_solid_band_side_guessed_empty_is_guessed_its_neighbour_s_kind_or_the_exit_s_or_a_railway():
    band = night_bands.SOLID_BAND
    rows = board_of({"C3": "....", "C4": "...h", "D3": "r...", "A2": "..r.s"})
    flags = [Flag("C3", "....", f"E: {band}; S: {band}; W: {band}"), Flag("A2", "..r.s", f"N: {band}"),
             Flag("D3", "r...", f"N: {band}; S: a faint line?"), Flag("E5", "....", "N: a faint line?")]
    rows2, out = night_bands.guess(rows, flags, uncertain_of=Flag)
    # C3: E meets C4's highway, S D3's railway, W nothing read (a railway); A2: the printed highway exit north
    assert [u.guess for u in out] == [".hrr", "h.r.s", "r...", "...."]
    assert [u.reason for u in out] == [u.reason for u in flags]
    assert rows2[2][2].token == ".hrr" and rows2[0][1].token == "h.r.s"
    assert night_bands.guess(rows, flags[2:], uncertain_of=Flag)[1] == flags[2:]   # no band side guessed empty
