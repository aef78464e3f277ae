"""Photos taken at night, round two (issue 35, round seventeen): a faint line measured against the
sheet's own noise (``photo/noise_floor.py``), and one broad line on a sheet whose highways are two
lines (``photo/broad_line.py``). Both change guesses only: a space flagged stays flagged."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from railprint.games.railroad_ink.photo import broad_line, noise_floor  # noqa: E402
from railprint.games.railroad_ink.photo.read import BROAD, SideRead  # noqa: E402


def _sheet(special: dict, default=SideRead(".", True)):
    """A side reader over a 7 x 7 sheet: ``special`` {(r, c): four sides}, every other side ``default``."""
    calls = []

    def at(r, c):
        calls.append((r, c))
        return list(special.get((r, c), [default] * 4))
    return at, calls


FAINT = SideRead("h", False, "a faint line?")   # read empty row by row, guessed a route by its averaged line


def test_a_faint_line_at_the_sheet_s_noise_is_guessed_empty():
    routes = {(r, 3): [SideRead("r", True), SideRead(".", True), SideRead("r", True), SideRead(".", True)]
              for r in range(7)}
    routes[(0, 0)] = [FAINT, SideRead(".", True), FAINT, SideRead(".", True)]
    at, _ = _sheet(routes)
    # empty sides rise 0.1 (the noise), the railways 0.6; A1's north faint line 0.13, its south 0.4
    rise = {(0, 0, 0): 0.13, (0, 0, 2): 0.4}
    got = noise_floor.revise(at, lambda r, c, s: rise.get((r, c, s), 0.6 if c == 3 and s in (0, 2) else 0.1),
                             side_read=SideRead)
    a1 = got(0, 0)
    assert a1[0] == SideRead(".", False, "a faint line?")   # under 1.5 x the noise: empty, still uncertain
    assert a1[2] == FAINT                                    # 4 x the noise, 2/3 of the routes: kept
    assert got(3, 3) == at(3, 3)                             # certain sides are never touched
    # a sheet of light routes (the same as the noise's 1.5 x): the floor is the noise's alone
    got = noise_floor.revise(at, lambda r, c, s: rise.get((r, c, s), 0.16 if c == 3 and s in (0, 2) else 0.1),
                             side_read=SideRead)
    assert got(0, 0)[2] == FAINT
    # strong routes (the lower quartile 2.0): a quarter of it, 0.5, is the floor
    got = noise_floor.revise(at, lambda r, c, s: rise.get((r, c, s), 2.0 if c == 3 and s in (0, 2) else 0.1),
                             side_read=SideRead)
    assert got(0, 0)[2] == SideRead(".", False, "a faint line?")


def test_a_broad_line_on_a_sheet_of_two_line_highways_is_guessed_a_railway():
    broad = SideRead("h", False, BROAD)
    two = SideRead("h", True)
    special = {(r, 1): [two, SideRead(".", True), two, SideRead(".", True)] for r in range(5)}   # 10 certain
    special[(6, 6)] = [broad, SideRead(".", True), broad, SideRead(".", True)]
    at, _ = _sheet(special)
    votes = {(6, 6, 0): "r", (6, 6, 2): None}   # north shows one line averaged along it, south cannot tell
    got = broad_line.revise(at, lambda r, c, s: votes.get((r, c, s)), broad=BROAD, side_read=SideRead)
    g7 = got(6, 6)
    assert g7[0] == SideRead("r", False, BROAD) and g7[2] == broad
    # nine certain highway sides: the sheet does not say its highways are two lines
    del special[(4, 1)]
    special[(4, 1)] = [two, SideRead(".", True), SideRead(".", True), SideRead(".", True)]
    at, _ = _sheet(special)
    got = broad_line.revise(at, lambda r, c, s: votes.get((r, c, s)), broad=BROAD, side_read=SideRead)
    assert got(6, 6)[0] == broad


# dev seed 40,023 of the second independent generator (7.3 MP, night, one side blurred, routes in
# one stroke): its ink threshold is the paper's noise, and eight empty spaces were guessed
# highways from the denoiser's blotches averaged along their sides (B6 h..h, C2 .h.h, ...).
def test_a_night_photo_s_empty_spaces_are_not_guessed_routes():
    pytest.importorskip("cv2")
    pytest.importorskip("pypdfium2")
    from tests.games.railroad_ink.indep2_seed import check_night_seed

    check_night_seed(40023, None, 1, "B6", "....")


# dev seed 40,016 (5.2 MP, night, a ruler, zig-zag railways, highways as two lines): the zig-zags
# ran into one broad line, guessed a highway on 31 sides (A3 rr.r read hhhh, B7 rr.r read hh.h, ...)
def test_a_night_photo_s_zigzag_railways_are_guessed_railways():
    pytest.importorskip("cv2")
    pytest.importorskip("pypdfium2")
    from tests.games.railroad_ink.indep2_seed import check_night_seed

    check_night_seed(40016, "zigzag", 9, "B7", "rr.r")


def test_a_night_photo_is_told_by_its_colour_noise():
    from types import SimpleNamespace

    assert noise_floor.night(SimpleNamespace(level=0.3))        # the dev night photos: 0.23-0.53
    assert not noise_floor.night(SimpleNamespace(level=0.07))   # by day 0.06-0.08
    assert not noise_floor.night(None)                          # no colour copy (a HEIC photo, a small one)
